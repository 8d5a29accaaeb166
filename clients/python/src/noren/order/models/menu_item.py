from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MenuItem")



@_attrs_define
class MenuItem:
    """ A menu item. Variations are menu items too: inside `variations`, each carries the
    `variationCategory*` fields of the category it belongs to (null on a top-level menu).

        Example:
            {'desc': 'Soy-sauce broth, chicken and dashi.', 'id': 12, 'imageArray':
                ['http://127.0.0.1:8080/api/order/shop/1/images/ramen.svg'], 'menuPrice': 980, 'name': 'Shoyu Ramen',
                'shortDesc': 'Soy-sauce broth, chicken and dashi.', 'status': 0, 'stockAvailable': None, 'taxRate': 10, 'type':
                0, 'variationCategoryDefaultChoiceName': None, 'variationCategoryExclusive': None, 'variationCategoryId': None,
                'variationCategoryName': None, 'variationCategoryRequired': None, 'variationCategoryShowGallery': None,
                'variationCategorySortOrder': None, 'variations': [{'desc': None, 'id': 20, 'imageArray': [], 'menuPrice': 150,
                'name': 'Large', 'shortDesc': None, 'status': 0, 'stockAvailable': None, 'taxRate': 10, 'type': 2,
                'variationCategoryDefaultChoiceName': 'Regular', 'variationCategoryExclusive': True, 'variationCategoryId': 3,
                'variationCategoryName': 'Size', 'variationCategoryRequired': True, 'variationCategoryShowGallery': False,
                'variationCategorySortOrder': 1, 'variations': []}]}

        Attributes:
            id (int):
            status (int): 1 on sale, 2 sold out (0, hidden, is never served).
            type_ (int): 0 menu, 1 option menu, 2 variation.
            name (str): In `lang`, else English, else Japanese.
            menu_price (int): Yen, consumption tax included.
            tax_rate (int): Consumption tax rate in percent: 10 (standard) or 8 (reduced).
            image_array (list[str]): Image URLs.
            variations (list[MenuItem]): The choices of the menu's variation categories, category by category in their
                order.
            short_desc (None | str | Unset):
            desc (None | str | Unset):
            variation_category_id (int | None | Unset):
            variation_category_required (bool | None | Unset): A choice in this category must be made.
            variation_category_exclusive (bool | None | Unset): At most one choice in this category.
            variation_category_show_gallery (bool | None | Unset):
            variation_category_sort_order (int | None | Unset):
            stock_available (int | None | Unset): Portions left; null: not counted.
            variation_category_name (None | str | Unset):
            variation_category_default_choice_name (None | str | Unset):
     """

    id: int
    status: int
    type_: int
    name: str
    menu_price: int
    tax_rate: int
    image_array: list[str]
    variations: list[MenuItem]
    short_desc: None | str | Unset = UNSET
    desc: None | str | Unset = UNSET
    variation_category_id: int | None | Unset = UNSET
    variation_category_required: bool | None | Unset = UNSET
    variation_category_exclusive: bool | None | Unset = UNSET
    variation_category_show_gallery: bool | None | Unset = UNSET
    variation_category_sort_order: int | None | Unset = UNSET
    stock_available: int | None | Unset = UNSET
    variation_category_name: None | str | Unset = UNSET
    variation_category_default_choice_name: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status

        type_ = self.type_

        name = self.name

        menu_price = self.menu_price

        tax_rate = self.tax_rate

        image_array = self.image_array



        variations = []
        for variations_item_data in self.variations:
            variations_item = variations_item_data.to_dict()
            variations.append(variations_item)



        short_desc: None | str | Unset
        if isinstance(self.short_desc, Unset):
            short_desc = UNSET
        else:
            short_desc = self.short_desc

        desc: None | str | Unset
        if isinstance(self.desc, Unset):
            desc = UNSET
        else:
            desc = self.desc

        variation_category_id: int | None | Unset
        if isinstance(self.variation_category_id, Unset):
            variation_category_id = UNSET
        else:
            variation_category_id = self.variation_category_id

        variation_category_required: bool | None | Unset
        if isinstance(self.variation_category_required, Unset):
            variation_category_required = UNSET
        else:
            variation_category_required = self.variation_category_required

        variation_category_exclusive: bool | None | Unset
        if isinstance(self.variation_category_exclusive, Unset):
            variation_category_exclusive = UNSET
        else:
            variation_category_exclusive = self.variation_category_exclusive

        variation_category_show_gallery: bool | None | Unset
        if isinstance(self.variation_category_show_gallery, Unset):
            variation_category_show_gallery = UNSET
        else:
            variation_category_show_gallery = self.variation_category_show_gallery

        variation_category_sort_order: int | None | Unset
        if isinstance(self.variation_category_sort_order, Unset):
            variation_category_sort_order = UNSET
        else:
            variation_category_sort_order = self.variation_category_sort_order

        stock_available: int | None | Unset
        if isinstance(self.stock_available, Unset):
            stock_available = UNSET
        else:
            stock_available = self.stock_available

        variation_category_name: None | str | Unset
        if isinstance(self.variation_category_name, Unset):
            variation_category_name = UNSET
        else:
            variation_category_name = self.variation_category_name

        variation_category_default_choice_name: None | str | Unset
        if isinstance(self.variation_category_default_choice_name, Unset):
            variation_category_default_choice_name = UNSET
        else:
            variation_category_default_choice_name = self.variation_category_default_choice_name


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
            "type": type_,
            "name": name,
            "menuPrice": menu_price,
            "taxRate": tax_rate,
            "imageArray": image_array,
            "variations": variations,
        })
        if short_desc is not UNSET:
            field_dict["shortDesc"] = short_desc
        if desc is not UNSET:
            field_dict["desc"] = desc
        if variation_category_id is not UNSET:
            field_dict["variationCategoryId"] = variation_category_id
        if variation_category_required is not UNSET:
            field_dict["variationCategoryRequired"] = variation_category_required
        if variation_category_exclusive is not UNSET:
            field_dict["variationCategoryExclusive"] = variation_category_exclusive
        if variation_category_show_gallery is not UNSET:
            field_dict["variationCategoryShowGallery"] = variation_category_show_gallery
        if variation_category_sort_order is not UNSET:
            field_dict["variationCategorySortOrder"] = variation_category_sort_order
        if stock_available is not UNSET:
            field_dict["stockAvailable"] = stock_available
        if variation_category_name is not UNSET:
            field_dict["variationCategoryName"] = variation_category_name
        if variation_category_default_choice_name is not UNSET:
            field_dict["variationCategoryDefaultChoiceName"] = variation_category_default_choice_name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        type_ = d.pop("type")

        name = d.pop("name")

        menu_price = d.pop("menuPrice")

        tax_rate = d.pop("taxRate")

        image_array = cast(list[str], d.pop("imageArray"))


        variations = []
        _variations = d.pop("variations")
        for variations_item_data in (_variations):
            variations_item = MenuItem.from_dict(variations_item_data)



            variations.append(variations_item)


        def _parse_short_desc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        short_desc = _parse_short_desc(d.pop("shortDesc", UNSET))


        def _parse_desc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        desc = _parse_desc(d.pop("desc", UNSET))


        def _parse_variation_category_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        variation_category_id = _parse_variation_category_id(d.pop("variationCategoryId", UNSET))


        def _parse_variation_category_required(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        variation_category_required = _parse_variation_category_required(d.pop("variationCategoryRequired", UNSET))


        def _parse_variation_category_exclusive(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        variation_category_exclusive = _parse_variation_category_exclusive(d.pop("variationCategoryExclusive", UNSET))


        def _parse_variation_category_show_gallery(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        variation_category_show_gallery = _parse_variation_category_show_gallery(d.pop("variationCategoryShowGallery", UNSET))


        def _parse_variation_category_sort_order(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        variation_category_sort_order = _parse_variation_category_sort_order(d.pop("variationCategorySortOrder", UNSET))


        def _parse_stock_available(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stock_available = _parse_stock_available(d.pop("stockAvailable", UNSET))


        def _parse_variation_category_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        variation_category_name = _parse_variation_category_name(d.pop("variationCategoryName", UNSET))


        def _parse_variation_category_default_choice_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        variation_category_default_choice_name = _parse_variation_category_default_choice_name(d.pop("variationCategoryDefaultChoiceName", UNSET))


        menu_item = cls(
            id=id,
            status=status,
            type_=type_,
            name=name,
            menu_price=menu_price,
            tax_rate=tax_rate,
            image_array=image_array,
            variations=variations,
            short_desc=short_desc,
            desc=desc,
            variation_category_id=variation_category_id,
            variation_category_required=variation_category_required,
            variation_category_exclusive=variation_category_exclusive,
            variation_category_show_gallery=variation_category_show_gallery,
            variation_category_sort_order=variation_category_sort_order,
            stock_available=stock_available,
            variation_category_name=variation_category_name,
            variation_category_default_choice_name=variation_category_default_choice_name,
        )


        menu_item.additional_properties = d
        return menu_item

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
