from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.update_values_requested_courses_item import UpdateValuesRequestedCoursesItem





T = TypeVar("T", bound="UpdateValues")



@_attrs_define
class UpdateValues:
    """ Values of the update call: every field required.

        Attributes:
            reservation_start_time (str): JST start time, ISO 8601 without a zone.
            guest_first_name (str): 1 to 255 characters.
            guest_last_name (str): 1 to 255 characters.
            guest_phone_number (str): 0 to 20 characters, `xxx-xxxx-xxxx`; empty: none.
            number_of_guests (int): At least 1.
            remark (str): Empty: none.
            requested_courses (list[UpdateValuesRequestedCoursesItem]): One course and/or its child courses.
     """

    reservation_start_time: str
    guest_first_name: str
    guest_last_name: str
    guest_phone_number: str
    number_of_guests: int
    remark: str
    requested_courses: list[UpdateValuesRequestedCoursesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.update_values_requested_courses_item import UpdateValuesRequestedCoursesItem # noqa: PLC0415
        reservation_start_time = self.reservation_start_time

        guest_first_name = self.guest_first_name

        guest_last_name = self.guest_last_name

        guest_phone_number = self.guest_phone_number

        number_of_guests = self.number_of_guests

        remark = self.remark

        requested_courses = []
        for requested_courses_item_data in self.requested_courses:
            requested_courses_item = requested_courses_item_data.to_dict()
            requested_courses.append(requested_courses_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reservationStartTime": reservation_start_time,
            "guestFirstName": guest_first_name,
            "guestLastName": guest_last_name,
            "guestPhoneNumber": guest_phone_number,
            "numberOfGuests": number_of_guests,
            "remark": remark,
            "requestedCourses": requested_courses,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_values_requested_courses_item import UpdateValuesRequestedCoursesItem # noqa: PLC0415
        d = dict(src_dict)
        reservation_start_time = d.pop("reservationStartTime")

        guest_first_name = d.pop("guestFirstName")

        guest_last_name = d.pop("guestLastName")

        guest_phone_number = d.pop("guestPhoneNumber")

        number_of_guests = d.pop("numberOfGuests")

        remark = d.pop("remark")

        requested_courses = []
        _requested_courses = d.pop("requestedCourses")
        for requested_courses_item_data in (_requested_courses):
            requested_courses_item = UpdateValuesRequestedCoursesItem.from_dict(requested_courses_item_data)



            requested_courses.append(requested_courses_item)


        update_values = cls(
            reservation_start_time=reservation_start_time,
            guest_first_name=guest_first_name,
            guest_last_name=guest_last_name,
            guest_phone_number=guest_phone_number,
            number_of_guests=number_of_guests,
            remark=remark,
            requested_courses=requested_courses,
        )


        update_values.additional_properties = d
        return update_values

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
