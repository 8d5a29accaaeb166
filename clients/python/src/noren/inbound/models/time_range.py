from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TimeRange")



@_attrs_define
class TimeRange:
    """ A time range in which the course can be ordered, `HH:mm` JST (stored in UTC); an end at or
    before the start crosses midnight (e.g. 22:00–03:00).

        Attributes:
            start_range (str):  Example: 22:00.
            end_range (str):  Example: 03:00.
     """

    start_range: str
    end_range: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        start_range = self.start_range

        end_range = self.end_range


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "startRange": start_range,
            "endRange": end_range,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start_range = d.pop("startRange")

        end_range = d.pop("endRange")

        time_range = cls(
            start_range=start_range,
            end_range=end_range,
        )


        time_range.additional_properties = d
        return time_range

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
