from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CoursePrice")



@_attrs_define
class CoursePrice:
    """ A course's price.

        Attributes:
            settlement_price (int): The price the platform settles with the restaurant per order, in yen. Example: 10000.
            suggested_retail_price (int | None | Unset): The price the guest pays per order, in yen; null or 0: not
                applicable (then the
                settlement price is the retail price). Example: 12000.
     """

    settlement_price: int
    suggested_retail_price: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        settlement_price = self.settlement_price

        suggested_retail_price: int | None | Unset
        if isinstance(self.suggested_retail_price, Unset):
            suggested_retail_price = UNSET
        else:
            suggested_retail_price = self.suggested_retail_price


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "settlementPrice": settlement_price,
        })
        if suggested_retail_price is not UNSET:
            field_dict["suggestedRetailPrice"] = suggested_retail_price

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        settlement_price = d.pop("settlementPrice")

        def _parse_suggested_retail_price(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        suggested_retail_price = _parse_suggested_retail_price(d.pop("suggestedRetailPrice", UNSET))


        course_price = cls(
            settlement_price=settlement_price,
            suggested_retail_price=suggested_retail_price,
        )


        course_price.additional_properties = d
        return course_price

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
