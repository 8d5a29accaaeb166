from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="Availability")



@_attrs_define
class Availability:
    """ The slots of one day.

        Example:
            {'availableStartTimes': ['2026-12-05T00:00:00', '2026-12-05T00:30:00', '2026-12-05T17:00:00',
                '2026-12-05T17:30:00', '2026-12-05T20:00:00'], 'availableTimes': ['00:00', '00:30', '17:00', '17:30', '20:00'],
                'realTime': True, 'requestedDate': '2026-12-05', 'requestedPax': 2}

        Attributes:
            requested_date (datetime.date): The JST day asked for. Example: 2026-12-05.
            requested_pax (int):
            available_times (list[str]): JST start times (`HH:mm`) on `requestedDate` that can be booked now, in time order.
                Every slot is listed under the calendar day it starts on, so `requestedDate` and a
                listed time together are exactly the `reservationStartTime` to book: for a shop open
                Friday 17:00 to 02:00, Friday lists `17:00` … `23:30`, and Friday night's `00:00` …
                `01:30` are listed under Saturday (before Saturday's own evening).
            available_start_times (list[str]): The same slots as full JST start times (`yyyy-MM-ddTHH:mm:ss`), in the same
                order: each
                can be sent as `reservationStartTime` as it is. Example: ['2026-12-05T00:00:00', '2026-12-05T17:00:00'].
            real_time (bool): The shop confirms in real time (a booking starts as SUCCESS); not a guarantee that a
                booking succeeds.
     """

    requested_date: datetime.date
    requested_pax: int
    available_times: list[str]
    available_start_times: list[str]
    real_time: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        requested_date = self.requested_date.isoformat()

        requested_pax = self.requested_pax

        available_times = self.available_times



        available_start_times = self.available_start_times



        real_time = self.real_time


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "requestedDate": requested_date,
            "requestedPax": requested_pax,
            "availableTimes": available_times,
            "availableStartTimes": available_start_times,
            "realTime": real_time,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        requested_date = datetime.date.fromisoformat(d.pop("requestedDate"))




        requested_pax = d.pop("requestedPax")

        available_times = cast(list[str], d.pop("availableTimes"))


        available_start_times = cast(list[str], d.pop("availableStartTimes"))


        real_time = d.pop("realTime")

        availability = cls(
            requested_date=requested_date,
            requested_pax=requested_pax,
            available_times=available_times,
            available_start_times=available_start_times,
            real_time=real_time,
        )


        availability.additional_properties = d
        return availability

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
