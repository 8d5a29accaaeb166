from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.predefined_payment import PredefinedPayment





T = TypeVar("T", bound="PaymentPage")



@_attrs_define
class PaymentPage:
    """ A page of payments.

        Attributes:
            count (int): How many payments this page holds.
            data (list[PredefinedPayment]):
            offset (int): The offset this page starts at.
            total (int): How many payments match the filters in all.
     """

    count: int
    data: list[PredefinedPayment]
    offset: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.predefined_payment import PredefinedPayment # noqa: PLC0415
        count = self.count

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)



        offset = self.offset

        total = self.total


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "data": data,
            "offset": offset,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.predefined_payment import PredefinedPayment # noqa: PLC0415
        d = dict(src_dict)
        count = d.pop("count")

        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = PredefinedPayment.from_dict(data_item_data)



            data.append(data_item)


        offset = d.pop("offset")

        total = d.pop("total")

        payment_page = cls(
            count=count,
            data=data,
            offset=offset,
            total=total,
        )


        payment_page.additional_properties = d
        return payment_page

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
