from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cart_item_metadata import CartItemMetadata
  from ..models.cart_menu import CartMenu





T = TypeVar("T", bound="CartItem")



@_attrs_define
class CartItem:
    """ An item of the cart, priced like an order line with the menu's current price.

        Example:
            {'deviceTag': 'phone-a', 'isTaxRelief': False, 'itemId': 7, 'menu': {'id': 12, 'name': 'Shoyu Ramen'},
                'metadata': {'note': 'no onions'}, 'price': 1028, 'priceTaxed': 1130, 'problem': None, 'quantity': 2,
                'singleAmount': 1130, 'tax': 205, 'taxRate': 10, 'totalAmount': 2260, 'variations': [{'categoryId': 3, 'id': 20,
                'name': 'Large', 'price': 150, 'quantity': 1}]}

        Attributes:
            item_id (int): The item's id (for `PATCH …/cart/{itemId}`).
            menu (CartMenu): The menu of a cart item.
            quantity (int):
            variations (list[Any]): The chosen variations: `id`, `categoryId`, `name`, `quantity` (per unit), `price`, and
                the `metadata` the client gave the variation, if any.
            metadata (CartItemMetadata): The client's values, as given.
            device_tag (str): The device that added the item.
            price (int): Tax-excluded unit price.
            price_taxed (int): Tax-included unit price, variations in.
            tax (int): Tax contained in `totalAmount`.
            tax_rate (int): Percent: 10 standard, 8 reduced.
            single_amount (int): One unit, tax included.
            total_amount (int): The item, tax included.
            is_tax_relief (bool): Reduced (8 %) rate.
            problem (None | str | Unset): Why the item cannot be ordered now (its menu was hidden or sold out since it was
                added, …); then its amounts are 0 and the sums leave it out. Null when it can.
     """

    item_id: int
    menu: CartMenu
    quantity: int
    variations: list[Any]
    metadata: CartItemMetadata
    device_tag: str
    price: int
    price_taxed: int
    tax: int
    tax_rate: int
    single_amount: int
    total_amount: int
    is_tax_relief: bool
    problem: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cart_item_metadata import CartItemMetadata # noqa: PLC0415
        from ..models.cart_menu import CartMenu # noqa: PLC0415
        item_id = self.item_id

        menu = self.menu.to_dict()

        quantity = self.quantity

        variations = self.variations



        metadata = self.metadata.to_dict()

        device_tag = self.device_tag

        price = self.price

        price_taxed = self.price_taxed

        tax = self.tax

        tax_rate = self.tax_rate

        single_amount = self.single_amount

        total_amount = self.total_amount

        is_tax_relief = self.is_tax_relief

        problem: None | str | Unset
        if isinstance(self.problem, Unset):
            problem = UNSET
        else:
            problem = self.problem


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "itemId": item_id,
            "menu": menu,
            "quantity": quantity,
            "variations": variations,
            "metadata": metadata,
            "deviceTag": device_tag,
            "price": price,
            "priceTaxed": price_taxed,
            "tax": tax,
            "taxRate": tax_rate,
            "singleAmount": single_amount,
            "totalAmount": total_amount,
            "isTaxRelief": is_tax_relief,
        })
        if problem is not UNSET:
            field_dict["problem"] = problem

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cart_item_metadata import CartItemMetadata # noqa: PLC0415
        from ..models.cart_menu import CartMenu # noqa: PLC0415
        d = dict(src_dict)
        item_id = d.pop("itemId")

        menu = CartMenu.from_dict(d.pop("menu"))




        quantity = d.pop("quantity")

        variations = cast(list[Any], d.pop("variations"))


        metadata = CartItemMetadata.from_dict(d.pop("metadata"))




        device_tag = d.pop("deviceTag")

        price = d.pop("price")

        price_taxed = d.pop("priceTaxed")

        tax = d.pop("tax")

        tax_rate = d.pop("taxRate")

        single_amount = d.pop("singleAmount")

        total_amount = d.pop("totalAmount")

        is_tax_relief = d.pop("isTaxRelief")

        def _parse_problem(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        problem = _parse_problem(d.pop("problem", UNSET))


        cart_item = cls(
            item_id=item_id,
            menu=menu,
            quantity=quantity,
            variations=variations,
            metadata=metadata,
            device_tag=device_tag,
            price=price,
            price_taxed=price_taxed,
            tax=tax,
            tax_rate=tax_rate,
            single_amount=single_amount,
            total_amount=total_amount,
            is_tax_relief=is_tax_relief,
            problem=problem,
        )


        cart_item.additional_properties = d
        return cart_item

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
