from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reservation_status import ReservationStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.reservation_course import ReservationCourse





T = TypeVar("T", bound="Reservation")



@_attrs_define
class Reservation:
    """ A reservation.

        Example:
            {'courses': [{'amount': 2, 'courseId': 31, 'courseName': 'Omakase dinner', 'prices': {'settlementPrice': 10000,
                'suggestedRetailPrice': 12000}}], 'guestEmail': 'alex@example.com', 'guestFirstName': 'Alex', 'guestLastName':
                'Smith', 'guestPhoneNumber': '090-1234-5678', 'id': 'rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw', 'livemode': False,
                'numberOfGuests': 2, 'originPlatform': 'acme-travel', 'originPlatformReservationNumber': 'ACME-2026-000123',
                'priceTotal': 24000, 'remark': 'One guest is vegetarian.', 'remarkStatus': 0, 'reservationStartTime':
                '2026-12-04T19:00:00', 'shopId': 1, 'status': 'SUCCESS', 'totalSettlementPrice': 20000}

        Attributes:
            id (str): Noren's id (`rsv_…`).
            shop_id (int): The shop (`shops.id`).
            origin_platform_reservation_number (str): The platform's own number for the reservation, unique per platform and
                mode.
            reservation_start_time (str): JST, ISO 8601 without a zone. Example: 2026-12-04T19:00:00.
            number_of_guests (int):
            guest_first_name (str):
            guest_last_name (str):
            remark_status (int): 0 unread (a remark was given and the restaurant has not read it), 1 read (or no remark).
            price_total (int): Σ amount × unit retail price of the courses, in yen.
            total_settlement_price (int): Σ amount × unit settlement price of the courses, in yen.
            origin_platform (str): The platform the reservation was made through (its `{platform}` code).
            courses (list[ReservationCourse]):
            status (ReservationStatus): Inbound reservation status, stored and served as its upper-case name.

                Partners must accept values not listed here (the seed: unknown statuses may appear in
                staging); Noren itself only ever writes these six.
            livemode (bool): False for reservations made with a test partner key (they never hold live seats).
            guest_phone_number (None | str | Unset):
            guest_email (None | str | Unset):
            remark (None | str | Unset):
     """

    id: str
    shop_id: int
    origin_platform_reservation_number: str
    reservation_start_time: str
    number_of_guests: int
    guest_first_name: str
    guest_last_name: str
    remark_status: int
    price_total: int
    total_settlement_price: int
    origin_platform: str
    courses: list[ReservationCourse]
    status: ReservationStatus
    livemode: bool
    guest_phone_number: None | str | Unset = UNSET
    guest_email: None | str | Unset = UNSET
    remark: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.reservation_course import ReservationCourse # noqa: PLC0415
        id = self.id

        shop_id = self.shop_id

        origin_platform_reservation_number = self.origin_platform_reservation_number

        reservation_start_time = self.reservation_start_time

        number_of_guests = self.number_of_guests

        guest_first_name = self.guest_first_name

        guest_last_name = self.guest_last_name

        remark_status = self.remark_status

        price_total = self.price_total

        total_settlement_price = self.total_settlement_price

        origin_platform = self.origin_platform

        courses = []
        for courses_item_data in self.courses:
            courses_item = courses_item_data.to_dict()
            courses.append(courses_item)



        status = self.status.value

        livemode = self.livemode

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


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "shopId": shop_id,
            "originPlatformReservationNumber": origin_platform_reservation_number,
            "reservationStartTime": reservation_start_time,
            "numberOfGuests": number_of_guests,
            "guestFirstName": guest_first_name,
            "guestLastName": guest_last_name,
            "remarkStatus": remark_status,
            "priceTotal": price_total,
            "totalSettlementPrice": total_settlement_price,
            "originPlatform": origin_platform,
            "courses": courses,
            "status": status,
            "livemode": livemode,
        })
        if guest_phone_number is not UNSET:
            field_dict["guestPhoneNumber"] = guest_phone_number
        if guest_email is not UNSET:
            field_dict["guestEmail"] = guest_email
        if remark is not UNSET:
            field_dict["remark"] = remark

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reservation_course import ReservationCourse # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        shop_id = d.pop("shopId")

        origin_platform_reservation_number = d.pop("originPlatformReservationNumber")

        reservation_start_time = d.pop("reservationStartTime")

        number_of_guests = d.pop("numberOfGuests")

        guest_first_name = d.pop("guestFirstName")

        guest_last_name = d.pop("guestLastName")

        remark_status = d.pop("remarkStatus")

        price_total = d.pop("priceTotal")

        total_settlement_price = d.pop("totalSettlementPrice")

        origin_platform = d.pop("originPlatform")

        courses = []
        _courses = d.pop("courses")
        for courses_item_data in (_courses):
            courses_item = ReservationCourse.from_dict(courses_item_data)



            courses.append(courses_item)


        status = ReservationStatus(d.pop("status"))




        livemode = d.pop("livemode")

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


        reservation = cls(
            id=id,
            shop_id=shop_id,
            origin_platform_reservation_number=origin_platform_reservation_number,
            reservation_start_time=reservation_start_time,
            number_of_guests=number_of_guests,
            guest_first_name=guest_first_name,
            guest_last_name=guest_last_name,
            remark_status=remark_status,
            price_total=price_total,
            total_settlement_price=total_settlement_price,
            origin_platform=origin_platform,
            courses=courses,
            status=status,
            livemode=livemode,
            guest_phone_number=guest_phone_number,
            guest_email=guest_email,
            remark=remark,
        )


        reservation.additional_properties = d
        return reservation

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
