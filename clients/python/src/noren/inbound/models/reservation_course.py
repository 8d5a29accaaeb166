from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.course_price import CoursePrice





T = TypeVar("T", bound="ReservationCourse")



@_attrs_define
class ReservationCourse:
    """ A course (or child course) of a reservation.

        Attributes:
            course_id (int):  Example: 31.
            course_name (str): The course's internal name. Example: Omakase dinner.
            amount (int): Orders of the course (`courseAmountRequested`). Example: 2.
            prices (CoursePrice): A course's price.
     """

    course_id: int
    course_name: str
    amount: int
    prices: CoursePrice
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.course_price import CoursePrice # noqa: PLC0415
        course_id = self.course_id

        course_name = self.course_name

        amount = self.amount

        prices = self.prices.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "courseId": course_id,
            "courseName": course_name,
            "amount": amount,
            "prices": prices,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.course_price import CoursePrice # noqa: PLC0415
        d = dict(src_dict)
        course_id = d.pop("courseId")

        course_name = d.pop("courseName")

        amount = d.pop("amount")

        prices = CoursePrice.from_dict(d.pop("prices"))




        reservation_course = cls(
            course_id=course_id,
            course_name=course_name,
            amount=amount,
            prices=prices,
        )


        reservation_course.additional_properties = d
        return reservation_course

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
