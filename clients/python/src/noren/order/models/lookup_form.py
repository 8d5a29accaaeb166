from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lookup_form_lang import LookupFormLang
from ..types import UNSET, Unset






T = TypeVar("T", bound="LookupForm")



@_attrs_define
class LookupForm:
    """ The POST call's values as form fields (a form has no null: leave `lang` out for `en`).

        Attributes:
            ids (str): The menus to look up: ids separated by commas (at most 100). Example: 12,13.
            lang (LookupFormLang | Unset): Language of names and descriptions; default `en`.
     """

    ids: str
    lang: LookupFormLang | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ids = self.ids

        lang: str | Unset = UNSET
        if not isinstance(self.lang, Unset):
            lang = self.lang.value



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

        _lang = d.pop("lang", UNSET)
        lang: LookupFormLang | Unset
        if isinstance(_lang,  Unset):
            lang = UNSET
        else:
            lang = LookupFormLang(_lang)




        lookup_form = cls(
            ids=ids,
            lang=lang,
        )

        return lookup_form

