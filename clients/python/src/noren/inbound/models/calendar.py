from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.calendar_day import CalendarDay





T = TypeVar("T", bound="Calendar")



@_attrs_define
class Calendar:
    """ Which days of a range have bookable slots.

        Example:
            {'days': [{'available': True, 'availableSlotCount': 14, 'date': '2026-12-01'}, {'available': False,
                'availableSlotCount': 0, 'date': '2026-12-02'}, {'available': True, 'availableSlotCount': 3, 'date':
                '2026-12-03'}], 'from': '2026-12-01', 'realTime': True, 'requestedPax': 2, 'to': '2026-12-03'}

        Attributes:
            from_ (datetime.date):  Example: 2026-12-01.
            to (datetime.date):  Example: 2026-12-31.
            requested_pax (int):
            days (list[CalendarDay]): Every day from `from` to `to`, in order.
            real_time (bool): The shop confirms in real time (as in the availability answer).
     """

    from_: datetime.date
    to: datetime.date
    requested_pax: int
    days: list[CalendarDay]
    real_time: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.calendar_day import CalendarDay # noqa: PLC0415
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        requested_pax = self.requested_pax

        days = []
        for days_item_data in self.days:
            days_item = days_item_data.to_dict()
            days.append(days_item)



        real_time = self.real_time


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "from": from_,
            "to": to,
            "requestedPax": requested_pax,
            "days": days,
            "realTime": real_time,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calendar_day import CalendarDay # noqa: PLC0415
        d = dict(src_dict)
        from_ = datetime.date.fromisoformat(d.pop("from"))




        to = datetime.date.fromisoformat(d.pop("to"))




        requested_pax = d.pop("requestedPax")

        days = []
        _days = d.pop("days")
        for days_item_data in (_days):
            days_item = CalendarDay.from_dict(days_item_data)



            days.append(days_item)


        real_time = d.pop("realTime")

        calendar = cls(
            from_=from_,
            to=to,
            requested_pax=requested_pax,
            days=days,
            real_time=real_time,
        )


        calendar.additional_properties = d
        return calendar

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
