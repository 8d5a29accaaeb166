from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.requested_course import RequestedCourse





T = TypeVar("T", bound="Hold")



@_attrs_define
class Hold:
    """ A hold on a slot's seats.

        Example:
            {'expiresAt': '2026-12-04T18:05:00+09:00', 'id': 'hld_8Xq2kLmN4pR7sT1vW3yZ5aB0', 'livemode': False,
                'numberOfGuests': 2, 'requestedCourses': [{'courseAmountRequested': 2, 'courseId': 31}], 'reservationId': None,
                'reservationStartTime': '2026-12-05T00:30:00', 'shopId': 3, 'status': 'HELD'}

        Attributes:
            id (str): `hld_…`: send it as `holdId` when creating the reservation.
            shop_id (int):
            status (str): `HELD` (holding its seats until `expiresAt`), `USED` (it became `reservationId`),
                `RELEASED` (by you) or `EXPIRED`. Example: HELD.
            reservation_start_time (str): JST, `yyyy-MM-ddTHH:mm:ss`.
            number_of_guests (int):
            requested_courses (list[RequestedCourse]):
            expires_at (datetime.datetime): When the hold ends unless it becomes a reservation first: RFC 3339 with the JST
                offset.
            livemode (bool): `false` for a hold made with an `ipk_test_` key.
            reservation_id (None | str | Unset): The reservation the hold became (`USED`).
     """

    id: str
    shop_id: int
    status: str
    reservation_start_time: str
    number_of_guests: int
    requested_courses: list[RequestedCourse]
    expires_at: datetime.datetime
    livemode: bool
    reservation_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.requested_course import RequestedCourse # noqa: PLC0415
        id = self.id

        shop_id = self.shop_id

        status = self.status

        reservation_start_time = self.reservation_start_time

        number_of_guests = self.number_of_guests

        requested_courses = []
        for requested_courses_item_data in self.requested_courses:
            requested_courses_item = requested_courses_item_data.to_dict()
            requested_courses.append(requested_courses_item)



        expires_at = self.expires_at.isoformat()

        livemode = self.livemode

        reservation_id: None | str | Unset
        if isinstance(self.reservation_id, Unset):
            reservation_id = UNSET
        else:
            reservation_id = self.reservation_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "shopId": shop_id,
            "status": status,
            "reservationStartTime": reservation_start_time,
            "numberOfGuests": number_of_guests,
            "requestedCourses": requested_courses,
            "expiresAt": expires_at,
            "livemode": livemode,
        })
        if reservation_id is not UNSET:
            field_dict["reservationId"] = reservation_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.requested_course import RequestedCourse # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        shop_id = d.pop("shopId")

        status = d.pop("status")

        reservation_start_time = d.pop("reservationStartTime")

        number_of_guests = d.pop("numberOfGuests")

        requested_courses = []
        _requested_courses = d.pop("requestedCourses")
        for requested_courses_item_data in (_requested_courses):
            requested_courses_item = RequestedCourse.from_dict(requested_courses_item_data)



            requested_courses.append(requested_courses_item)


        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        livemode = d.pop("livemode")

        def _parse_reservation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reservation_id = _parse_reservation_id(d.pop("reservationId", UNSET))


        hold = cls(
            id=id,
            shop_id=shop_id,
            status=status,
            reservation_start_time=reservation_start_time,
            number_of_guests=number_of_guests,
            requested_courses=requested_courses,
            expires_at=expires_at,
            livemode=livemode,
            reservation_id=reservation_id,
        )


        hold.additional_properties = d
        return hold

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
