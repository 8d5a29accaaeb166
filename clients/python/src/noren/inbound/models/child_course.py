from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.course_i18n import CourseI18N
  from ..models.course_price import CoursePrice





T = TypeVar("T", bound="ChildCourse")



@_attrs_define
class ChildCourse:
    """ A child course: a smaller portion with an age range; its other properties follow the parent.

        Attributes:
            id (int):
            parent_course_id (int):
            course_name (str): Internal name.
            course_price (CoursePrice): A course's price.
            course_i18_n (list[CourseI18N]):
            course_desc (None | str | Unset): Deprecated: use `courseI18n`.
            lower_age_limit (int | None | Unset): Youngest age (null: no limit).
            upper_age_limit (int | None | Unset): Oldest age (null: no limit).
     """

    id: int
    parent_course_id: int
    course_name: str
    course_price: CoursePrice
    course_i18_n: list[CourseI18N]
    course_desc: None | str | Unset = UNSET
    lower_age_limit: int | None | Unset = UNSET
    upper_age_limit: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.course_i18n import CourseI18N # noqa: PLC0415
        from ..models.course_price import CoursePrice # noqa: PLC0415
        id = self.id

        parent_course_id = self.parent_course_id

        course_name = self.course_name

        course_price = self.course_price.to_dict()

        course_i18_n = []
        for course_i18_n_item_data in self.course_i18_n:
            course_i18_n_item = course_i18_n_item_data.to_dict()
            course_i18_n.append(course_i18_n_item)



        course_desc: None | str | Unset
        if isinstance(self.course_desc, Unset):
            course_desc = UNSET
        else:
            course_desc = self.course_desc

        lower_age_limit: int | None | Unset
        if isinstance(self.lower_age_limit, Unset):
            lower_age_limit = UNSET
        else:
            lower_age_limit = self.lower_age_limit

        upper_age_limit: int | None | Unset
        if isinstance(self.upper_age_limit, Unset):
            upper_age_limit = UNSET
        else:
            upper_age_limit = self.upper_age_limit


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "parentCourseId": parent_course_id,
            "courseName": course_name,
            "coursePrice": course_price,
            "courseI18n": course_i18_n,
        })
        if course_desc is not UNSET:
            field_dict["courseDesc"] = course_desc
        if lower_age_limit is not UNSET:
            field_dict["lowerAgeLimit"] = lower_age_limit
        if upper_age_limit is not UNSET:
            field_dict["upperAgeLimit"] = upper_age_limit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.course_i18n import CourseI18N # noqa: PLC0415
        from ..models.course_price import CoursePrice # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        parent_course_id = d.pop("parentCourseId")

        course_name = d.pop("courseName")

        course_price = CoursePrice.from_dict(d.pop("coursePrice"))




        course_i18_n = []
        _course_i18_n = d.pop("courseI18n")
        for course_i18_n_item_data in (_course_i18_n):
            course_i18_n_item = CourseI18N.from_dict(course_i18_n_item_data)



            course_i18_n.append(course_i18_n_item)


        def _parse_course_desc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        course_desc = _parse_course_desc(d.pop("courseDesc", UNSET))


        def _parse_lower_age_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        lower_age_limit = _parse_lower_age_limit(d.pop("lowerAgeLimit", UNSET))


        def _parse_upper_age_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        upper_age_limit = _parse_upper_age_limit(d.pop("upperAgeLimit", UNSET))


        child_course = cls(
            id=id,
            parent_course_id=parent_course_id,
            course_name=course_name,
            course_price=course_price,
            course_i18_n=course_i18_n,
            course_desc=course_desc,
            lower_age_limit=lower_age_limit,
            upper_age_limit=upper_age_limit,
        )


        child_course.additional_properties = d
        return child_course

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
