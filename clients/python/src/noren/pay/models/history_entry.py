from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="HistoryEntry")



@_attrs_define
class HistoryEntry:
    """ One status change of a payment attempt.

        Attributes:
            operation_time (datetime.datetime): ISO-8601 time of the change. Example: 2026-11-23 10:15:30.123000+00:00.
            status (int): 0 unpaid, 10 paid, 30 refunded, 90 canceled. Example: 10.
     """

    operation_time: datetime.datetime
    status: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        operation_time = self.operation_time.isoformat()

        status = self.status


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "operation_time": operation_time,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        operation_time = datetime.datetime.fromisoformat(d.pop("operation_time"))




        status = d.pop("status")

        history_entry = cls(
            operation_time=operation_time,
            status=status,
        )


        history_entry.additional_properties = d
        return history_entry

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
