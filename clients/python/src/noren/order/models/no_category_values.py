from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.no_category_values_lang_type_0 import NoCategoryValuesLangType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NoCategoryValues")



@_attrs_define
class NoCategoryValues:
    """ Values of the no-category call.

        Attributes:
            shop (int): The shop's id.
            lang (NoCategoryValuesLangType0 | None | Unset): Language of names and descriptions; default `en`.
     """

    shop: int
    lang: NoCategoryValuesLangType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        shop = self.shop

        lang: None | str | Unset
        if isinstance(self.lang, Unset):
            lang = UNSET
        elif isinstance(self.lang, NoCategoryValuesLangType0):
            lang = self.lang.value
        else:
            lang = self.lang


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

        def _parse_lang(data: object) -> NoCategoryValuesLangType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lang_type_0 = NoCategoryValuesLangType0(data)



                return lang_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NoCategoryValuesLangType0 | None | Unset, data)

        lang = _parse_lang(d.pop("lang", UNSET))


        no_category_values = cls(
            shop=shop,
            lang=lang,
        )

        return no_category_values

