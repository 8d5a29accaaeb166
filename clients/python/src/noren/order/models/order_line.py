from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="OrderLine")



@_attrs_define
class OrderLine:
    """ A line of a cafeteria order: a snapshot of what was appended, priced tax included (`tax` is
    the tax in `totalAmount`).

        Example:
            {'deviceTag': 'phone-a', 'groupTag': None, 'id': 1, 'isOption': False, 'isTaxRelief': False, 'name': 'Shoyu
                Ramen', 'orderId': 'Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU', 'price': 1028, 'priceTaxed': 1130, 'quantity': 2,
                'shopMenuId': 12, 'singleAmount': 1130, 'tax': 205, 'taxRate': 10, 'totalAmount': 2260, 'variations':
                [{'categoryId': 3, 'id': 20, 'name': 'Large', 'price': 150, 'quantity': 1}]}

        Attributes:
            id (int):
            order_id (str):
            shop_menu_id (int): The menu item's id.
            name (str): The menu's name in the language of the append, as it was then.
            quantity (int):
            price (int): Tax-excluded unit price.
            price_taxed (int): Tax-included unit price, variations in.
            tax (int): Tax contained in `totalAmount`: `floor(totalAmount × rate / (100 + rate))`.
            tax_rate (int): Percent: 10 standard, 8 reduced.
            variations (list[Any]): The chosen variations: `id`, `categoryId`, `name`, `quantity` (per unit), `price`.
            total_amount (int): The line, tax included.
            single_amount (int): One unit, tax included.
            is_tax_relief (bool): Reduced (8 %) rate.
            is_option (bool): An option menu (`option` of the merchant's create call).
            group_tag (None | str | Unset):
            device_tag (None | str | Unset): The device that appended the line.
     """

    id: int
    order_id: str
    shop_menu_id: int
    name: str
    quantity: int
    price: int
    price_taxed: int
    tax: int
    tax_rate: int
    variations: list[Any]
    total_amount: int
    single_amount: int
    is_tax_relief: bool
    is_option: bool
    group_tag: None | str | Unset = UNSET
    device_tag: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        order_id = self.order_id

        shop_menu_id = self.shop_menu_id

        name = self.name

        quantity = self.quantity

        price = self.price

        price_taxed = self.price_taxed

        tax = self.tax

        tax_rate = self.tax_rate

        variations = self.variations



        total_amount = self.total_amount

        single_amount = self.single_amount

        is_tax_relief = self.is_tax_relief

        is_option = self.is_option

        group_tag: None | str | Unset
        if isinstance(self.group_tag, Unset):
            group_tag = UNSET
        else:
            group_tag = self.group_tag

        device_tag: None | str | Unset
        if isinstance(self.device_tag, Unset):
            device_tag = UNSET
        else:
            device_tag = self.device_tag


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "orderId": order_id,
            "shopMenuId": shop_menu_id,
            "name": name,
            "quantity": quantity,
            "price": price,
            "priceTaxed": price_taxed,
            "tax": tax,
            "taxRate": tax_rate,
            "variations": variations,
            "totalAmount": total_amount,
            "singleAmount": single_amount,
            "isTaxRelief": is_tax_relief,
            "isOption": is_option,
        })
        if group_tag is not UNSET:
            field_dict["groupTag"] = group_tag
        if device_tag is not UNSET:
            field_dict["deviceTag"] = device_tag

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        order_id = d.pop("orderId")

        shop_menu_id = d.pop("shopMenuId")

        name = d.pop("name")

        quantity = d.pop("quantity")

        price = d.pop("price")

        price_taxed = d.pop("priceTaxed")

        tax = d.pop("tax")

        tax_rate = d.pop("taxRate")

        variations = cast(list[Any], d.pop("variations"))


        total_amount = d.pop("totalAmount")

        single_amount = d.pop("singleAmount")

        is_tax_relief = d.pop("isTaxRelief")

        is_option = d.pop("isOption")

        def _parse_group_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        group_tag = _parse_group_tag(d.pop("groupTag", UNSET))


        def _parse_device_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        device_tag = _parse_device_tag(d.pop("deviceTag", UNSET))


        order_line = cls(
            id=id,
            order_id=order_id,
            shop_menu_id=shop_menu_id,
            name=name,
            quantity=quantity,
            price=price,
            price_taxed=price_taxed,
            tax=tax,
            tax_rate=tax_rate,
            variations=variations,
            total_amount=total_amount,
            single_amount=single_amount,
            is_tax_relief=is_tax_relief,
            is_option=is_option,
            group_tag=group_tag,
            device_tag=device_tag,
        )


        order_line.additional_properties = d
        return order_line

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
