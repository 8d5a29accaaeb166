from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.cart_item import CartItem





T = TypeVar("T", bound="Cart")



@_attrs_define
class Cart:
    """ The order's shared cart.

        Example:
            {'itemsCount': 2, 'menu': [{'deviceTag': 'phone-a', 'isTaxRelief': False, 'itemId': 7, 'menu': {'id': 12,
                'name': 'Shoyu Ramen'}, 'metadata': {}, 'price': 1028, 'priceTaxed': 1130, 'problem': None, 'quantity': 2,
                'singleAmount': 1130, 'tax': 205, 'taxRate': 10, 'totalAmount': 2260, 'variations': [{'categoryId': 3, 'id': 20,
                'name': 'Large', 'price': 150, 'quantity': 1}]}], 'orderId': 'Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU', 'subtotal':
                2260}

        Attributes:
            order_id (str):
            menu (list[CartItem]): The items, oldest first.
            subtotal (int): The items' `totalAmount` summed (yen, tax included).
            items_count (int): The items' quantities summed.
     """

    order_id: str
    menu: list[CartItem]
    subtotal: int
    items_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cart_item import CartItem # noqa: PLC0415
        order_id = self.order_id

        menu = []
        for menu_item_data in self.menu:
            menu_item = menu_item_data.to_dict()
            menu.append(menu_item)



        subtotal = self.subtotal

        items_count = self.items_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "orderId": order_id,
            "menu": menu,
            "subtotal": subtotal,
            "itemsCount": items_count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cart_item import CartItem # noqa: PLC0415
        d = dict(src_dict)
        order_id = d.pop("orderId")

        menu = []
        _menu = d.pop("menu")
        for menu_item_data in (_menu):
            menu_item = CartItem.from_dict(menu_item_data)



            menu.append(menu_item)


        subtotal = d.pop("subtotal")

        items_count = d.pop("itemsCount")

        cart = cls(
            order_id=order_id,
            menu=menu,
            subtotal=subtotal,
            items_count=items_count,
        )


        cart.additional_properties = d
        return cart

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
