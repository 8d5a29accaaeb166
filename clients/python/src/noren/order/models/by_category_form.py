from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.by_category_form_lang import ByCategoryFormLang
from ..types import UNSET, Unset






T = TypeVar("T", bound="ByCategoryForm")



@_attrs_define
class ByCategoryForm:
    """ The POST call's values as form fields (a form has no null: leave `lang` out for `en`).

        Attributes:
            category (int): The category's id. Example: 1.
            lang (ByCategoryFormLang | Unset): Language of names and descriptions; default `en`.
     """

    category: int
    lang: ByCategoryFormLang | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        category = self.category

        lang: str | Unset = UNSET
        if not isinstance(self.lang, Unset):
            lang = self.lang.value



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

        _lang = d.pop("lang", UNSET)
        lang: ByCategoryFormLang | Unset
        if isinstance(_lang,  Unset):
            lang = UNSET
        else:
            lang = ByCategoryFormLang(_lang)




        by_category_form = cls(
            category=category,
            lang=lang,
        )

        return by_category_form

