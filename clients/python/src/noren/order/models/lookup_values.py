from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lookup_values_lang_type_0 import LookupValuesLangType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LookupValues")



@_attrs_define
class LookupValues:
    """ Values of the lookup call.

        Attributes:
            ids (str): The menus to look up.
            lang (LookupValuesLangType0 | None | Unset): Language of names and descriptions; default `en`.
     """

    ids: str
    lang: LookupValuesLangType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ids = self.ids

        lang: None | str | Unset
        if isinstance(self.lang, Unset):
            lang = UNSET
        elif isinstance(self.lang, LookupValuesLangType0):
            lang = self.lang.value
        else:
            lang = self.lang


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ids": ids,
        })
        if lang is not UNSET:
            field_dict["lang"] = lang

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ids = d.pop("ids")

        def _parse_lang(data: object) -> LookupValuesLangType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lang_type_0 = LookupValuesLangType0(data)



                return lang_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LookupValuesLangType0 | None | Unset, data)

        lang = _parse_lang(d.pop("lang", UNSET))


        lookup_values = cls(
            ids=ids,
            lang=lang,
        )

        return lookup_values

