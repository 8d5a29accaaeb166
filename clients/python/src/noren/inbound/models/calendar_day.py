from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="CalendarDay")



@_attrs_define
class CalendarDay:
    """ One day of the calendar.

        Attributes:
            date (datetime.date): The JST day. Example: 2026-12-05.
            available (bool): Some slot of the day can be booked now.
            available_slot_count (int): How many slots of the day can be booked now: exactly the length of the availability
                call's `availableTimes` for this day, party and course.
     """

    date: datetime.date
    available: bool
    available_slot_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        available = self.available

        available_slot_count = self.available_slot_count


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "date": date,
            "available": available,
            "availableSlotCount": available_slot_count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))




        available = d.pop("available")

        available_slot_count = d.pop("availableSlotCount")

        calendar_day = cls(
            date=date,
            available=available,
            available_slot_count=available_slot_count,
        )


        calendar_day.additional_properties = d
        return calendar_day

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
