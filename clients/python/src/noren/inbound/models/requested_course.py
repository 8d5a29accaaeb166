from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RequestedCourse")



@_attrs_define
class RequestedCourse:
    """ One requested course.

        Attributes:
            course_id (int): A course of the shop or one of its child courses. Example: 31.
            course_amount_requested (int): Orders of the course; at least 1. Example: 2.
     """

    course_id: int
    course_amount_requested: int





    def to_dict(self) -> dict[str, Any]:
        course_id = self.course_id

        course_amount_requested = self.course_amount_requested


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "courseId": course_id,
            "courseAmountRequested": course_amount_requested,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        course_id = d.pop("courseId")

        course_amount_requested = d.pop("courseAmountRequested")

        requested_course = cls(
            course_id=course_id,
            course_amount_requested=course_amount_requested,
        )

        return requested_course

