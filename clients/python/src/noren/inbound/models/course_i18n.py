from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lang import Lang
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CourseI18N")



@_attrs_define
class CourseI18N:
    """ A course's texts in one language.

        Attributes:
            course_name (str):  Example: Chef's omakase.
            language_code (Lang):
            course_desc_formatted (None | str | Unset): HTML.
            course_desc_text (None | str | Unset): Plain text.
     """

    course_name: str
    language_code: Lang
    course_desc_formatted: None | str | Unset = UNSET
    course_desc_text: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        course_name = self.course_name

        language_code = self.language_code.value

        course_desc_formatted: None | str | Unset
        if isinstance(self.course_desc_formatted, Unset):
            course_desc_formatted = UNSET
        else:
            course_desc_formatted = self.course_desc_formatted

        course_desc_text: None | str | Unset
        if isinstance(self.course_desc_text, Unset):
            course_desc_text = UNSET
        else:
            course_desc_text = self.course_desc_text


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "courseName": course_name,
            "languageCode": language_code,
        })
        if course_desc_formatted is not UNSET:
            field_dict["courseDescFormatted"] = course_desc_formatted
        if course_desc_text is not UNSET:
            field_dict["courseDescText"] = course_desc_text

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        course_name = d.pop("courseName")

        language_code = Lang(d.pop("languageCode"))




        def _parse_course_desc_formatted(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        course_desc_formatted = _parse_course_desc_formatted(d.pop("courseDescFormatted", UNSET))


        def _parse_course_desc_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        course_desc_text = _parse_course_desc_text(d.pop("courseDescText", UNSET))


        course_i18n = cls(
            course_name=course_name,
            language_code=language_code,
            course_desc_formatted=course_desc_formatted,
            course_desc_text=course_desc_text,
        )


        course_i18n.additional_properties = d
        return course_i18n

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
