from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.by_category_values_lang_type_0 import ByCategoryValuesLangType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ByCategoryValues")



@_attrs_define
class ByCategoryValues:
    """ Values of the by-category call.

        Attributes:
            category (int): The category's id.
            lang (ByCategoryValuesLangType0 | None | Unset): Language of names and descriptions; default `en`.
     """

    category: int
    lang: ByCategoryValuesLangType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        category = self.category

        lang: None | str | Unset
        if isinstance(self.lang, Unset):
            lang = UNSET
        elif isinstance(self.lang, ByCategoryValuesLangType0):
            lang = self.lang.value
        else:
            lang = self.lang


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "category": category,
        })
        if lang is not UNSET:
            field_dict["lang"] = lang

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        category = d.pop("category")

        def _parse_lang(data: object) -> ByCategoryValuesLangType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lang_type_0 = ByCategoryValuesLangType0(data)



                return lang_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ByCategoryValuesLangType0 | None | Unset, data)

        lang = _parse_lang(d.pop("lang", UNSET))


        by_category_values = cls(
            category=category,
            lang=lang,
        )

        return by_category_values

