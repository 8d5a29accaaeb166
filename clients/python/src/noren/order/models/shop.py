from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.menu_category import MenuCategory
  from ..models.menu_item import MenuItem
  from ..models.order_settings import OrderSettings
  from ..models.shop_delivery_addresses_item import ShopDeliveryAddressesItem
  from ..models.shop_order_greetings_item import ShopOrderGreetingsItem
  from ..models.shop_order_schedules_item import ShopOrderSchedulesItem





T = TypeVar("T", bound="Shop")



@_attrs_define
class Shop:
    """ A shop as the ordering app shows it.

        Attributes:
            id (int): The shop's id (`shop_id` of `noren demo --json`), the `{id}` of this call.
            number (str): The shop's number (the payment API's shop number).
            name (str):
            image_array (list[str]):
            is_takeout_supported (bool):
            is_delivery_supported (bool):
            is_cafeteria_supported (bool):
            is_order_payment_option_supported (bool):
            order_settings (OrderSettings): When and how the shop takes orders. Times are `HH:MM` in JST; null when the shop
                has not
                set them.
            order_menus (list[MenuCategory]): Categories with their menus (of `menuProfile` when given).
            order_option_menus (list[MenuItem]): Option menus (type 1), offered besides the categories.
            delivery_addresses (list[ShopDeliveryAddressesItem]): Where the shop delivers, as the merchant set them.
            order_schedules (list[ShopOrderSchedulesItem]): Opening schedules, as the merchant set them.
            order_greetings (list[ShopOrderGreetingsItem]): Greetings shown to customers, as the merchant set them.
            desc (None | str | Unset):
            tel (None | str | Unset):
            address (None | str | Unset):
            google_place_id (None | str | Unset):
            sct_link (None | str | Unset): Link to the shop's notice under the Specified Commercial Transactions Act.
            invoice_reg_no (None | str | Unset): Qualified invoice issuer registration number (`T` + 13 digits).
     """

    id: int
    number: str
    name: str
    image_array: list[str]
    is_takeout_supported: bool
    is_delivery_supported: bool
    is_cafeteria_supported: bool
    is_order_payment_option_supported: bool
    order_settings: OrderSettings
    order_menus: list[MenuCategory]
    order_option_menus: list[MenuItem]
    delivery_addresses: list[ShopDeliveryAddressesItem]
    order_schedules: list[ShopOrderSchedulesItem]
    order_greetings: list[ShopOrderGreetingsItem]
    desc: None | str | Unset = UNSET
    tel: None | str | Unset = UNSET
    address: None | str | Unset = UNSET
    google_place_id: None | str | Unset = UNSET
    sct_link: None | str | Unset = UNSET
    invoice_reg_no: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.menu_category import MenuCategory # noqa: PLC0415
        from ..models.menu_item import MenuItem # noqa: PLC0415
        from ..models.order_settings import OrderSettings # noqa: PLC0415
        from ..models.shop_delivery_addresses_item import ShopDeliveryAddressesItem # noqa: PLC0415
        from ..models.shop_order_greetings_item import ShopOrderGreetingsItem # noqa: PLC0415
        from ..models.shop_order_schedules_item import ShopOrderSchedulesItem # noqa: PLC0415
        id = self.id

        number = self.number

        name = self.name

        image_array = self.image_array



        is_takeout_supported = self.is_takeout_supported

        is_delivery_supported = self.is_delivery_supported

        is_cafeteria_supported = self.is_cafeteria_supported

        is_order_payment_option_supported = self.is_order_payment_option_supported

        order_settings = self.order_settings.to_dict()

        order_menus = []
        for order_menus_item_data in self.order_menus:
            order_menus_item = order_menus_item_data.to_dict()
            order_menus.append(order_menus_item)



        order_option_menus = []
        for order_option_menus_item_data in self.order_option_menus:
            order_option_menus_item = order_option_menus_item_data.to_dict()
            order_option_menus.append(order_option_menus_item)



        delivery_addresses = []
        for delivery_addresses_item_data in self.delivery_addresses:
            delivery_addresses_item = delivery_addresses_item_data.to_dict()
            delivery_addresses.append(delivery_addresses_item)



        order_schedules = []
        for order_schedules_item_data in self.order_schedules:
            order_schedules_item = order_schedules_item_data.to_dict()
            order_schedules.append(order_schedules_item)



        order_greetings = []
        for order_greetings_item_data in self.order_greetings:
            order_greetings_item = order_greetings_item_data.to_dict()
            order_greetings.append(order_greetings_item)



        desc: None | str | Unset
        if isinstance(self.desc, Unset):
            desc = UNSET
        else:
            desc = self.desc

        tel: None | str | Unset
        if isinstance(self.tel, Unset):
            tel = UNSET
        else:
            tel = self.tel

        address: None | str | Unset
        if isinstance(self.address, Unset):
            address = UNSET
        else:
            address = self.address

        google_place_id: None | str | Unset
        if isinstance(self.google_place_id, Unset):
            google_place_id = UNSET
        else:
            google_place_id = self.google_place_id

        sct_link: None | str | Unset
        if isinstance(self.sct_link, Unset):
            sct_link = UNSET
        else:
            sct_link = self.sct_link

        invoice_reg_no: None | str | Unset
        if isinstance(self.invoice_reg_no, Unset):
            invoice_reg_no = UNSET
        else:
            invoice_reg_no = self.invoice_reg_no


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "number": number,
            "name": name,
            "imageArray": image_array,
            "isTakeoutSupported": is_takeout_supported,
            "isDeliverySupported": is_delivery_supported,
            "isCafeteriaSupported": is_cafeteria_supported,
            "isOrderPaymentOptionSupported": is_order_payment_option_supported,
            "orderSettings": order_settings,
            "orderMenus": order_menus,
            "orderOptionMenus": order_option_menus,
            "deliveryAddresses": delivery_addresses,
            "orderSchedules": order_schedules,
            "orderGreetings": order_greetings,
        })
        if desc is not UNSET:
            field_dict["desc"] = desc
        if tel is not UNSET:
            field_dict["tel"] = tel
        if address is not UNSET:
            field_dict["address"] = address
        if google_place_id is not UNSET:
            field_dict["googlePlaceId"] = google_place_id
        if sct_link is not UNSET:
            field_dict["sctLink"] = sct_link
        if invoice_reg_no is not UNSET:
            field_dict["invoiceRegNo"] = invoice_reg_no

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.menu_category import MenuCategory # noqa: PLC0415
        from ..models.menu_item import MenuItem # noqa: PLC0415
        from ..models.order_settings import OrderSettings # noqa: PLC0415
        from ..models.shop_delivery_addresses_item import ShopDeliveryAddressesItem # noqa: PLC0415
        from ..models.shop_order_greetings_item import ShopOrderGreetingsItem # noqa: PLC0415
        from ..models.shop_order_schedules_item import ShopOrderSchedulesItem # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        number = d.pop("number")

        name = d.pop("name")

        image_array = cast(list[str], d.pop("imageArray"))


        is_takeout_supported = d.pop("isTakeoutSupported")

        is_delivery_supported = d.pop("isDeliverySupported")

        is_cafeteria_supported = d.pop("isCafeteriaSupported")

        is_order_payment_option_supported = d.pop("isOrderPaymentOptionSupported")

        order_settings = OrderSettings.from_dict(d.pop("orderSettings"))




        order_menus = []
        _order_menus = d.pop("orderMenus")
        for order_menus_item_data in (_order_menus):
            order_menus_item = MenuCategory.from_dict(order_menus_item_data)



            order_menus.append(order_menus_item)


        order_option_menus = []
        _order_option_menus = d.pop("orderOptionMenus")
        for order_option_menus_item_data in (_order_option_menus):
            order_option_menus_item = MenuItem.from_dict(order_option_menus_item_data)



            order_option_menus.append(order_option_menus_item)


        delivery_addresses = []
        _delivery_addresses = d.pop("deliveryAddresses")
        for delivery_addresses_item_data in (_delivery_addresses):
            delivery_addresses_item = ShopDeliveryAddressesItem.from_dict(delivery_addresses_item_data)



            delivery_addresses.append(delivery_addresses_item)


        order_schedules = []
        _order_schedules = d.pop("orderSchedules")
        for order_schedules_item_data in (_order_schedules):
            order_schedules_item = ShopOrderSchedulesItem.from_dict(order_schedules_item_data)



            order_schedules.append(order_schedules_item)


        order_greetings = []
        _order_greetings = d.pop("orderGreetings")
        for order_greetings_item_data in (_order_greetings):
            order_greetings_item = ShopOrderGreetingsItem.from_dict(order_greetings_item_data)



            order_greetings.append(order_greetings_item)


        def _parse_desc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        desc = _parse_desc(d.pop("desc", UNSET))


        def _parse_tel(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tel = _parse_tel(d.pop("tel", UNSET))


        def _parse_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address = _parse_address(d.pop("address", UNSET))


        def _parse_google_place_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        google_place_id = _parse_google_place_id(d.pop("googlePlaceId", UNSET))


        def _parse_sct_link(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sct_link = _parse_sct_link(d.pop("sctLink", UNSET))


        def _parse_invoice_reg_no(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        invoice_reg_no = _parse_invoice_reg_no(d.pop("invoiceRegNo", UNSET))


        shop = cls(
            id=id,
            number=number,
            name=name,
            image_array=image_array,
            is_takeout_supported=is_takeout_supported,
            is_delivery_supported=is_delivery_supported,
            is_cafeteria_supported=is_cafeteria_supported,
            is_order_payment_option_supported=is_order_payment_option_supported,
            order_settings=order_settings,
            order_menus=order_menus,
            order_option_menus=order_option_menus,
            delivery_addresses=delivery_addresses,
            order_schedules=order_schedules,
            order_greetings=order_greetings,
            desc=desc,
            tel=tel,
            address=address,
            google_place_id=google_place_id,
            sct_link=sct_link,
            invoice_reg_no=invoice_reg_no,
        )


        shop.additional_properties = d
        return shop

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
