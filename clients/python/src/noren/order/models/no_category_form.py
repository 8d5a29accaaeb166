from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.no_category_form_lang import NoCategoryFormLang
from ..types import UNSET, Unset






T = TypeVar("T", bound="NoCategoryForm")



@_attrs_define
class NoCategoryForm:
    """ The POST call's values as form fields (a form has no null: leave `lang` out for `en`).

        Attributes:
            shop (int): The shop's id. Example: 1.
            lang (NoCategoryFormLang | Unset): Language of names and descriptions; default `en`.
     """

    shop: int
    lang: NoCategoryFormLang | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        shop = self.shop

        lang: str | Unset = UNSET
        if not isinstance(self.lang, Unset):
            lang = self.lang.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "shop": shop,
        })
        if lang is not UNSET:
            field_dict["lang"] = lang

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shop = d.pop("shop")

        _lang = d.pop("lang", UNSET)
        lang: NoCategoryFormLang | Unset
        if isinstance(_lang,  Unset):
            lang = UNSET
        else:
            lang = NoCategoryFormLang(_lang)




        no_category_form = cls(
            shop=shop,
            lang=lang,
        )

        return no_category_form

