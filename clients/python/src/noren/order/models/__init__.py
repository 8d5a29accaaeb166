""" Contains all the data models used in inputs/outputs """

from .append_values import AppendValues
from .append_values_lang_type_0 import AppendValuesLangType0
from .append_values_menus_item import AppendValuesMenusItem
from .append_values_menus_item_metadata_type_0 import AppendValuesMenusItemMetadataType0
from .append_values_menus_item_variations_type_0_item import AppendValuesMenusItemVariationsType0Item
from .append_values_menus_item_variations_type_0_item_metadata_type_0 import AppendValuesMenusItemVariationsType0ItemMetadataType0
from .by_category_form import ByCategoryForm
from .by_category_form_lang import ByCategoryFormLang
from .by_category_values import ByCategoryValues
from .by_category_values_lang_type_0 import ByCategoryValuesLangType0
from .cafeteria_order import CafeteriaOrder
from .cart import Cart
from .cart_add_values import CartAddValues
from .cart_add_values_lang_type_0 import CartAddValuesLangType0
from .cart_add_values_menus_item import CartAddValuesMenusItem
from .cart_add_values_menus_item_metadata_type_0 import CartAddValuesMenusItemMetadataType0
from .cart_add_values_menus_item_variations_type_0_item import CartAddValuesMenusItemVariationsType0Item
from .cart_add_values_menus_item_variations_type_0_item_metadata_type_0 import CartAddValuesMenusItemVariationsType0ItemMetadataType0
from .cart_item import CartItem
from .cart_item_metadata import CartItemMetadata
from .cart_item_values import CartItemValues
from .cart_item_values_lang_type_0 import CartItemValuesLangType0
from .cart_item_values_metadata_type_0 import CartItemValuesMetadataType0
from .cart_item_values_variations_type_0_item import CartItemValuesVariationsType0Item
from .cart_item_values_variations_type_0_item_metadata_type_0 import CartItemValuesVariationsType0ItemMetadataType0
from .cart_menu import CartMenu
from .create_import_values import CreateImportValues
from .create_order_values import CreateOrderValues
from .create_order_values_menu_type_0_item import CreateOrderValuesMenuType0Item
from .create_order_values_menu_type_0_item_metadata_type_0 import CreateOrderValuesMenuType0ItemMetadataType0
from .create_order_values_menu_type_0_item_variations_type_0_item import CreateOrderValuesMenuType0ItemVariationsType0Item
from .create_order_values_menu_type_0_item_variations_type_0_item_metadata_type_0 import CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0
from .create_order_values_option_type_0_item import CreateOrderValuesOptionType0Item
from .create_order_values_option_type_0_item_metadata_type_0 import CreateOrderValuesOptionType0ItemMetadataType0
from .create_order_values_option_type_0_item_variations_type_0_item import CreateOrderValuesOptionType0ItemVariationsType0Item
from .create_order_values_option_type_0_item_variations_type_0_item_metadata_type_0 import CreateOrderValuesOptionType0ItemVariationsType0ItemMetadataType0
from .error_body import ErrorBody
from .error_code import ErrorCode
from .field_error import FieldError
from .from_cart_values import FromCartValues
from .from_cart_values_lang_type_0 import FromCartValuesLangType0
from .get_cafeteria_cart_lang import GetCafeteriaCartLang
from .get_cafeteria_order_lang import GetCafeteriaOrderLang
from .get_menu_lang import GetMenuLang
from .get_order_shop_lang import GetOrderShopLang
from .group_report import GroupReport
from .import_ref_values import ImportRefValues
from .import_state import ImportState
from .list_menu_categories_lang import ListMenuCategoriesLang
from .list_menus_by_category_lang import ListMenusByCategoryLang
from .list_uncategorised_menus_lang import ListUncategorisedMenusLang
from .lookup_form import LookupForm
from .lookup_form_lang import LookupFormLang
from .lookup_menus_lang import LookupMenusLang
from .lookup_menus_post_response_200 import LookupMenusPostResponse200
from .lookup_menus_response_200 import LookupMenusResponse200
from .lookup_values import LookupValues
from .lookup_values_lang_type_0 import LookupValuesLangType0
from .menu_category import MenuCategory
from .menu_item import MenuItem
from .no_category_form import NoCategoryForm
from .no_category_form_lang import NoCategoryFormLang
from .no_category_values import NoCategoryValues
from .no_category_values_lang_type_0 import NoCategoryValuesLangType0
from .order_line import OrderLine
from .order_settings import OrderSettings
from .perform_import_values import PerformImportValues
from .perform_import_values_delete_old_type_0_type_1 import PerformImportValuesDeleteOldType0Type1
from .preview_import_values import PreviewImportValues
from .report import Report
from .row_error import RowError
from .shop import Shop
from .shop_delivery_addresses_item import ShopDeliveryAddressesItem
from .shop_order_greetings_item import ShopOrderGreetingsItem
from .shop_order_schedules_item import ShopOrderSchedulesItem
from .start_import_values import StartImportValues
from .start_import_values_delete_old_type_0_type_1 import StartImportValuesDeleteOldType0Type1
from .status_values import StatusValues
from .status_values_status import StatusValuesStatus
from .token_values import TokenValues
from .upload_session import UploadSession
from .uploaded import Uploaded

__all__ = (
    "AppendValues",
    "AppendValuesLangType0",
    "AppendValuesMenusItem",
    "AppendValuesMenusItemMetadataType0",
    "AppendValuesMenusItemVariationsType0Item",
    "AppendValuesMenusItemVariationsType0ItemMetadataType0",
    "ByCategoryForm",
    "ByCategoryFormLang",
    "ByCategoryValues",
    "ByCategoryValuesLangType0",
    "CafeteriaOrder",
    "Cart",
    "CartAddValues",
    "CartAddValuesLangType0",
    "CartAddValuesMenusItem",
    "CartAddValuesMenusItemMetadataType0",
    "CartAddValuesMenusItemVariationsType0Item",
    "CartAddValuesMenusItemVariationsType0ItemMetadataType0",
    "CartItem",
    "CartItemMetadata",
    "CartItemValues",
    "CartItemValuesLangType0",
    "CartItemValuesMetadataType0",
    "CartItemValuesVariationsType0Item",
    "CartItemValuesVariationsType0ItemMetadataType0",
    "CartMenu",
    "CreateImportValues",
    "CreateOrderValues",
    "CreateOrderValuesMenuType0Item",
    "CreateOrderValuesMenuType0ItemMetadataType0",
    "CreateOrderValuesMenuType0ItemVariationsType0Item",
    "CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0",
    "CreateOrderValuesOptionType0Item",
    "CreateOrderValuesOptionType0ItemMetadataType0",
    "CreateOrderValuesOptionType0ItemVariationsType0Item",
    "CreateOrderValuesOptionType0ItemVariationsType0ItemMetadataType0",
    "ErrorBody",
    "ErrorCode",
    "FieldError",
    "FromCartValues",
    "FromCartValuesLangType0",
    "GetCafeteriaCartLang",
    "GetCafeteriaOrderLang",
    "GetMenuLang",
    "GetOrderShopLang",
    "GroupReport",
    "ImportRefValues",
    "ImportState",
    "ListMenuCategoriesLang",
    "ListMenusByCategoryLang",
    "ListUncategorisedMenusLang",
    "LookupForm",
    "LookupFormLang",
    "LookupMenusLang",
    "LookupMenusPostResponse200",
    "LookupMenusResponse200",
    "LookupValues",
    "LookupValuesLangType0",
    "MenuCategory",
    "MenuItem",
    "NoCategoryForm",
    "NoCategoryFormLang",
    "NoCategoryValues",
    "NoCategoryValuesLangType0",
    "OrderLine",
    "OrderSettings",
    "PerformImportValues",
    "PerformImportValuesDeleteOldType0Type1",
    "PreviewImportValues",
    "Report",
    "RowError",
    "Shop",
    "ShopDeliveryAddressesItem",
    "ShopOrderGreetingsItem",
    "ShopOrderSchedulesItem",
    "StartImportValues",
    "StartImportValuesDeleteOldType0Type1",
    "StatusValues",
    "StatusValuesStatus",
    "TokenValues",
    "Uploaded",
    "UploadSession",
)
