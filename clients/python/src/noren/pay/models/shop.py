from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Shop")



@_attrs_define
class Shop:
    """ The shop a key belongs to.

        Attributes:
            id (int):
            is_payable (bool): Whether the shop may take payments.
            name (str):  Example: Noren Demo Cafe.
            name_ja (str):  Example: のれんデモカフェ.
            number (str): The shop number, used in mini-program payment paths. Example: 10000001.
            review_enabled (bool):
     """

    id: int
    is_payable: bool
    name: str
    name_ja: str
    number: str
    review_enabled: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        is_payable = self.is_payable

        name = self.name

        name_ja = self.name_ja

        number = self.number

        review_enabled = self.review_enabled


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "is_payable": is_payable,
            "name": name,
            "name_ja": name_ja,
            "number": number,
            "review_enabled": review_enabled,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        is_payable = d.pop("is_payable")

        name = d.pop("name")

        name_ja = d.pop("name_ja")

        number = d.pop("number")

        review_enabled = d.pop("review_enabled")

        shop = cls(
            id=id,
            is_payable=is_payable,
            name=name,
            name_ja=name_ja,
            number=number,
            review_enabled=review_enabled,
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
