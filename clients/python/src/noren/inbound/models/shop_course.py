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
  from ..models.child_course import ChildCourse
  from ..models.course_i18n import CourseI18N
  from ..models.course_images import CourseImages
  from ..models.course_price import CoursePrice
  from ..models.time_range import TimeRange





T = TypeVar("T", bound="ShopCourse")



@_attrs_define
class ShopCourse:
    """ A course of a shop.

        Attributes:
            id (int):  Example: 1.
            shop_id (int):  Example: 2.
            course_name (str): Internal name.
            course_price (CoursePrice): A course's price.
            child_courses (list[ChildCourse]):
            course_i18_n (list[CourseI18N]):
            course_images (CourseImages): Signed links (valid 10 minutes) of the course's images.
            order_available_time_ranges (list[TimeRange]): When the course can be ordered (JST); empty: whenever the shop is
                open.
            course_desc (None | str | Unset): Deprecated: use `courseI18n`.
            parent_course_id (int | None | Unset): Set on a child course: its parent's id.
            lower_age_limit (int | None | Unset):
            upper_age_limit (int | None | Unset):
            quantity_limit (int | None | Unset): At most this many active reservations of the course; then it is no longer
                offered.
            valid_from_date (datetime.datetime | None | Unset): First moment the course can be booked for (ISO 8601, JST).
            valid_to_date (datetime.datetime | None | Unset): Last moment the course can be booked for (ISO 8601, JST).
            order_start_time (None | str | Unset): Deprecated (`HH:mm`): use `orderAvailableTimeRanges`.
            order_end_time (None | str | Unset): Deprecated (`HH:mm`): use `orderAvailableTimeRanges`.
            order_min (int | None | Unset): Fewest guests per order of this course.
            order_max (int | None | Unset): Most guests per order of this course.
     """

    id: int
    shop_id: int
    course_name: str
    course_price: CoursePrice
    child_courses: list[ChildCourse]
    course_i18_n: list[CourseI18N]
    course_images: CourseImages
    order_available_time_ranges: list[TimeRange]
    course_desc: None | str | Unset = UNSET
    parent_course_id: int | None | Unset = UNSET
    lower_age_limit: int | None | Unset = UNSET
    upper_age_limit: int | None | Unset = UNSET
    quantity_limit: int | None | Unset = UNSET
    valid_from_date: datetime.datetime | None | Unset = UNSET
    valid_to_date: datetime.datetime | None | Unset = UNSET
    order_start_time: None | str | Unset = UNSET
    order_end_time: None | str | Unset = UNSET
    order_min: int | None | Unset = UNSET
    order_max: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.child_course import ChildCourse # noqa: PLC0415
        from ..models.course_i18n import CourseI18N # noqa: PLC0415
        from ..models.course_images import CourseImages # noqa: PLC0415
        from ..models.course_price import CoursePrice # noqa: PLC0415
        from ..models.time_range import TimeRange # noqa: PLC0415
        id = self.id

        shop_id = self.shop_id

        course_name = self.course_name

        course_price = self.course_price.to_dict()

        child_courses = []
        for child_courses_item_data in self.child_courses:
            child_courses_item = child_courses_item_data.to_dict()
            child_courses.append(child_courses_item)



        course_i18_n = []
        for course_i18_n_item_data in self.course_i18_n:
            course_i18_n_item = course_i18_n_item_data.to_dict()
            course_i18_n.append(course_i18_n_item)



        course_images = self.course_images.to_dict()

        order_available_time_ranges = []
        for order_available_time_ranges_item_data in self.order_available_time_ranges:
            order_available_time_ranges_item = order_available_time_ranges_item_data.to_dict()
            order_available_time_ranges.append(order_available_time_ranges_item)



        course_desc: None | str | Unset
        if isinstance(self.course_desc, Unset):
            course_desc = UNSET
        else:
            course_desc = self.course_desc

        parent_course_id: int | None | Unset
        if isinstance(self.parent_course_id, Unset):
            parent_course_id = UNSET
        else:
            parent_course_id = self.parent_course_id

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

        quantity_limit: int | None | Unset
        if isinstance(self.quantity_limit, Unset):
            quantity_limit = UNSET
        else:
            quantity_limit = self.quantity_limit

        valid_from_date: None | str | Unset
        if isinstance(self.valid_from_date, Unset):
            valid_from_date = UNSET
        elif isinstance(self.valid_from_date, datetime.datetime):
            valid_from_date = self.valid_from_date.isoformat()
        else:
            valid_from_date = self.valid_from_date

        valid_to_date: None | str | Unset
        if isinstance(self.valid_to_date, Unset):
            valid_to_date = UNSET
        elif isinstance(self.valid_to_date, datetime.datetime):
            valid_to_date = self.valid_to_date.isoformat()
        else:
            valid_to_date = self.valid_to_date

        order_start_time: None | str | Unset
        if isinstance(self.order_start_time, Unset):
            order_start_time = UNSET
        else:
            order_start_time = self.order_start_time

        order_end_time: None | str | Unset
        if isinstance(self.order_end_time, Unset):
            order_end_time = UNSET
        else:
            order_end_time = self.order_end_time

        order_min: int | None | Unset
        if isinstance(self.order_min, Unset):
            order_min = UNSET
        else:
            order_min = self.order_min

        order_max: int | None | Unset
        if isinstance(self.order_max, Unset):
            order_max = UNSET
        else:
            order_max = self.order_max


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "shopId": shop_id,
            "courseName": course_name,
            "coursePrice": course_price,
            "childCourses": child_courses,
            "courseI18n": course_i18_n,
            "courseImages": course_images,
            "orderAvailableTimeRanges": order_available_time_ranges,
        })
        if course_desc is not UNSET:
            field_dict["courseDesc"] = course_desc
        if parent_course_id is not UNSET:
            field_dict["parentCourseId"] = parent_course_id
        if lower_age_limit is not UNSET:
            field_dict["lowerAgeLimit"] = lower_age_limit
        if upper_age_limit is not UNSET:
            field_dict["upperAgeLimit"] = upper_age_limit
        if quantity_limit is not UNSET:
            field_dict["quantityLimit"] = quantity_limit
        if valid_from_date is not UNSET:
            field_dict["validFromDate"] = valid_from_date
        if valid_to_date is not UNSET:
            field_dict["validToDate"] = valid_to_date
        if order_start_time is not UNSET:
            field_dict["orderStartTime"] = order_start_time
        if order_end_time is not UNSET:
            field_dict["orderEndTime"] = order_end_time
        if order_min is not UNSET:
            field_dict["orderMin"] = order_min
        if order_max is not UNSET:
            field_dict["orderMax"] = order_max

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.child_course import ChildCourse # noqa: PLC0415
        from ..models.course_i18n import CourseI18N # noqa: PLC0415
        from ..models.course_images import CourseImages # noqa: PLC0415
        from ..models.course_price import CoursePrice # noqa: PLC0415
        from ..models.time_range import TimeRange # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        shop_id = d.pop("shopId")

        course_name = d.pop("courseName")

        course_price = CoursePrice.from_dict(d.pop("coursePrice"))




        child_courses = []
        _child_courses = d.pop("childCourses")
        for child_courses_item_data in (_child_courses):
            child_courses_item = ChildCourse.from_dict(child_courses_item_data)



            child_courses.append(child_courses_item)


        course_i18_n = []
        _course_i18_n = d.pop("courseI18n")
        for course_i18_n_item_data in (_course_i18_n):
            course_i18_n_item = CourseI18N.from_dict(course_i18_n_item_data)



            course_i18_n.append(course_i18_n_item)


        course_images = CourseImages.from_dict(d.pop("courseImages"))




        order_available_time_ranges = []
        _order_available_time_ranges = d.pop("orderAvailableTimeRanges")
        for order_available_time_ranges_item_data in (_order_available_time_ranges):
            order_available_time_ranges_item = TimeRange.from_dict(order_available_time_ranges_item_data)



            order_available_time_ranges.append(order_available_time_ranges_item)


        def _parse_course_desc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        course_desc = _parse_course_desc(d.pop("courseDesc", UNSET))


        def _parse_parent_course_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        parent_course_id = _parse_parent_course_id(d.pop("parentCourseId", UNSET))


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


        def _parse_quantity_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        quantity_limit = _parse_quantity_limit(d.pop("quantityLimit", UNSET))


        def _parse_valid_from_date(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                valid_from_date_type_0 = datetime.datetime.fromisoformat(data)



                return valid_from_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        valid_from_date = _parse_valid_from_date(d.pop("validFromDate", UNSET))


        def _parse_valid_to_date(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                valid_to_date_type_0 = datetime.datetime.fromisoformat(data)



                return valid_to_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        valid_to_date = _parse_valid_to_date(d.pop("validToDate", UNSET))


        def _parse_order_start_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        order_start_time = _parse_order_start_time(d.pop("orderStartTime", UNSET))


        def _parse_order_end_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        order_end_time = _parse_order_end_time(d.pop("orderEndTime", UNSET))


        def _parse_order_min(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        order_min = _parse_order_min(d.pop("orderMin", UNSET))


        def _parse_order_max(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        order_max = _parse_order_max(d.pop("orderMax", UNSET))


        shop_course = cls(
            id=id,
            shop_id=shop_id,
            course_name=course_name,
            course_price=course_price,
            child_courses=child_courses,
            course_i18_n=course_i18_n,
            course_images=course_images,
            order_available_time_ranges=order_available_time_ranges,
            course_desc=course_desc,
            parent_course_id=parent_course_id,
            lower_age_limit=lower_age_limit,
            upper_age_limit=upper_age_limit,
            quantity_limit=quantity_limit,
            valid_from_date=valid_from_date,
            valid_to_date=valid_to_date,
            order_start_time=order_start_time,
            order_end_time=order_end_time,
            order_min=order_min,
            order_max=order_max,
        )


        shop_course.additional_properties = d
        return shop_course

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
