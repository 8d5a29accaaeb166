from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.from_cart_values_lang_type_0 import FromCartValuesLangType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="FromCartValues")



@_attrs_define
class FromCartValues:
    """ Values of `append/from-cart`.

        Attributes:
            token (str): The order's `mutableToken`.
            device_tag (None | str | Unset): The device that submits the cart (1 to 32 characters); the lines keep the
                `deviceTag`
                of the device that added each item.
            lang (FromCartValuesLangType0 | None | Unset): Language of the lines' names (`en`, `zh-CN`, `ja`, `ko`, `zh-
                TW`); default `en`.
     """

    token: str
    device_tag: None | str | Unset = UNSET
    lang: FromCartValuesLangType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        token = self.token

        device_tag: None | str | Unset
        if isinstance(self.device_tag, Unset):
            device_tag = UNSET
        else:
            device_tag = self.device_tag

        lang: None | str | Unset
        if isinstance(self.lang, Unset):
            lang = UNSET
        elif isinstance(self.lang, FromCartValuesLangType0):
            lang = self.lang.value
        else:
            lang = self.lang


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
        })
        if device_tag is not UNSET:
            field_dict["deviceTag"] = device_tag
        if lang is not UNSET:
            field_dict["lang"] = lang

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        token = d.pop("token")

        def _parse_device_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        device_tag = _parse_device_tag(d.pop("deviceTag", UNSET))


        def _parse_lang(data: object) -> FromCartValuesLangType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lang_type_0 = FromCartValuesLangType0(data)



                return lang_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FromCartValuesLangType0 | None | Unset, data)

        lang = _parse_lang(d.pop("lang", UNSET))


        from_cart_values = cls(
            token=token,
            device_tag=device_tag,
            lang=lang,
        )

        return from_cart_values

