from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_values_requested_courses_item import CreateValuesRequestedCoursesItem





T = TypeVar("T", bound="CreateValues")



@_attrs_define
class CreateValues:
    """ Values of the create call.

        Attributes:
            reservation_start_time (str): JST start time, ISO 8601 without a zone; must be a slot the availability call
                offers.
            guest_first_name (str): 1 to 255 characters.
            guest_last_name (str): 1 to 255 characters.
            number_of_guests (int): At least 1.
            requested_courses (list[CreateValuesRequestedCoursesItem]): One course and/or its child courses.
            origin_platform_reservation_number (str): The platform's own number, 1 to 100 characters, unique per platform (a
                repeat with the
                same body answers the existing reservation).
            guest_phone_number (None | str | Unset): 0 to 20 characters, `xxx-xxxx-xxxx`.
            guest_email (None | str | Unset): 0 to 100 characters.
            remark (None | str | Unset): A note for the restaurant (marked unread until it reads it).
            hold_id (None | str | Unset): A hold of yours (`POST …/holds`) for exactly this shop, `reservationStartTime`,
                `numberOfGuests` and `requestedCourses`: its seats become the reservation's, so the
                booking is not refused for seats or `quantityLimit` while the hold lasts (409
                `hold_expired` after it, `hold_mismatch` when a value differs).
     """

    reservation_start_time: str
    guest_first_name: str
    guest_last_name: str
    number_of_guests: int
    requested_courses: list[CreateValuesRequestedCoursesItem]
    origin_platform_reservation_number: str
    guest_phone_number: None | str | Unset = UNSET
    guest_email: None | str | Unset = UNSET
    remark: None | str | Unset = UNSET
    hold_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_values_requested_courses_item import CreateValuesRequestedCoursesItem # noqa: PLC0415
        reservation_start_time = self.reservation_start_time

        guest_first_name = self.guest_first_name

        guest_last_name = self.guest_last_name

        number_of_guests = self.number_of_guests

        requested_courses = []
        for requested_courses_item_data in self.requested_courses:
            requested_courses_item = requested_courses_item_data.to_dict()
            requested_courses.append(requested_courses_item)



        origin_platform_reservation_number = self.origin_platform_reservation_number

        guest_phone_number: None | str | Unset
        if isinstance(self.guest_phone_number, Unset):
            guest_phone_number = UNSET
        else:
            guest_phone_number = self.guest_phone_number

        guest_email: None | str | Unset
        if isinstance(self.guest_email, Unset):
            guest_email = UNSET
        else:
            guest_email = self.guest_email

        remark: None | str | Unset
        if isinstance(self.remark, Unset):
            remark = UNSET
        else:
            remark = self.remark

        hold_id: None | str | Unset
        if isinstance(self.hold_id, Unset):
            hold_id = UNSET
        else:
            hold_id = self.hold_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reservationStartTime": reservation_start_time,
            "guestFirstName": guest_first_name,
            "guestLastName": guest_last_name,
            "numberOfGuests": number_of_guests,
            "requestedCourses": requested_courses,
            "originPlatformReservationNumber": origin_platform_reservation_number,
        })
        if guest_phone_number is not UNSET:
            field_dict["guestPhoneNumber"] = guest_phone_number
        if guest_email is not UNSET:
            field_dict["guestEmail"] = guest_email
        if remark is not UNSET:
            field_dict["remark"] = remark
        if hold_id is not UNSET:
            field_dict["holdId"] = hold_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_values_requested_courses_item import CreateValuesRequestedCoursesItem # noqa: PLC0415
        d = dict(src_dict)
        reservation_start_time = d.pop("reservationStartTime")

        guest_first_name = d.pop("guestFirstName")

        guest_last_name = d.pop("guestLastName")

        number_of_guests = d.pop("numberOfGuests")

        requested_courses = []
        _requested_courses = d.pop("requestedCourses")
        for requested_courses_item_data in (_requested_courses):
            requested_courses_item = CreateValuesRequestedCoursesItem.from_dict(requested_courses_item_data)



            requested_courses.append(requested_courses_item)


        origin_platform_reservation_number = d.pop("originPlatformReservationNumber")

        def _parse_guest_phone_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        guest_phone_number = _parse_guest_phone_number(d.pop("guestPhoneNumber", UNSET))


        def _parse_guest_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        guest_email = _parse_guest_email(d.pop("guestEmail", UNSET))


        def _parse_remark(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        remark = _parse_remark(d.pop("remark", UNSET))


        def _parse_hold_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        hold_id = _parse_hold_id(d.pop("holdId", UNSET))


        create_values = cls(
            reservation_start_time=reservation_start_time,
            guest_first_name=guest_first_name,
            guest_last_name=guest_last_name,
            number_of_guests=number_of_guests,
            requested_courses=requested_courses,
            origin_platform_reservation_number=origin_platform_reservation_number,
            guest_phone_number=guest_phone_number,
            guest_email=guest_email,
            remark=remark,
            hold_id=hold_id,
        )


        create_values.additional_properties = d
        return create_values

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
