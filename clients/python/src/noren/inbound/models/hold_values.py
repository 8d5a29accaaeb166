from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.hold_values_requested_courses_item import HoldValuesRequestedCoursesItem





T = TypeVar("T", bound="HoldValues")



@_attrs_define
class HoldValues:
    """ Values of the hold call.

        Attributes:
            reservation_start_time (str): JST start time, ISO 8601 without a zone: a slot the availability call offers (for
                example an entry of `availableStartTimes`).
            number_of_guests (int): At least 1.
            requested_courses (list[HoldValuesRequestedCoursesItem]): One course and/or its child courses, as the booking
                will ask for them.
            hold_minutes (int | None | Unset): How long to hold, 1 to 30 minutes; default 5.
     """

    reservation_start_time: str
    number_of_guests: int
    requested_courses: list[HoldValuesRequestedCoursesItem]
    hold_minutes: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.hold_values_requested_courses_item import HoldValuesRequestedCoursesItem # noqa: PLC0415
        reservation_start_time = self.reservation_start_time

        number_of_guests = self.number_of_guests

        requested_courses = []
        for requested_courses_item_data in self.requested_courses:
            requested_courses_item = requested_courses_item_data.to_dict()
            requested_courses.append(requested_courses_item)



        hold_minutes: int | None | Unset
        if isinstance(self.hold_minutes, Unset):
            hold_minutes = UNSET
        else:
            hold_minutes = self.hold_minutes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reservationStartTime": reservation_start_time,
            "numberOfGuests": number_of_guests,
            "requestedCourses": requested_courses,
        })
        if hold_minutes is not UNSET:
            field_dict["holdMinutes"] = hold_minutes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hold_values_requested_courses_item import HoldValuesRequestedCoursesItem # noqa: PLC0415
        d = dict(src_dict)
        reservation_start_time = d.pop("reservationStartTime")

        number_of_guests = d.pop("numberOfGuests")

        requested_courses = []
        _requested_courses = d.pop("requestedCourses")
        for requested_courses_item_data in (_requested_courses):
            requested_courses_item = HoldValuesRequestedCoursesItem.from_dict(requested_courses_item_data)



            requested_courses.append(requested_courses_item)


        def _parse_hold_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        hold_minutes = _parse_hold_minutes(d.pop("holdMinutes", UNSET))


        hold_values = cls(
            reservation_start_time=reservation_start_time,
            number_of_guests=number_of_guests,
            requested_courses=requested_courses,
            hold_minutes=hold_minutes,
        )


        hold_values.additional_properties = d
        return hold_values

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
