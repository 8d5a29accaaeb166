from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.append_values_lang_type_0 import AppendValuesLangType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.append_values_menus_item import AppendValuesMenusItem





T = TypeVar("T", bound="AppendValues")



@_attrs_define
class AppendValues:
    """ Values of `append`.

        Attributes:
            token (str): The order's `mutableToken`.
            menus (list[AppendValuesMenusItem]): The menus to add.
            device_tag (None | str | Unset): The device that adds them (1 to 32 characters), kept on the lines.
            lang (AppendValuesLangType0 | None | Unset): Language of the lines' names (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`);
                default `en`.
     """

    token: str
    menus: list[AppendValuesMenusItem]
    device_tag: None | str | Unset = UNSET
    lang: AppendValuesLangType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.append_values_menus_item import AppendValuesMenusItem # noqa: PLC0415
        token = self.token

        menus = []
        for menus_item_data in self.menus:
            menus_item = menus_item_data.to_dict()
            menus.append(menus_item)



        device_tag: None | str | Unset
        if isinstance(self.device_tag, Unset):
            device_tag = UNSET
        else:
            device_tag = self.device_tag

        lang: None | str | Unset
        if isinstance(self.lang, Unset):
            lang = UNSET
        elif isinstance(self.lang, AppendValuesLangType0):
            lang = self.lang.value
        else:
            lang = self.lang


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
            "menus": menus,
        })
        if device_tag is not UNSET:
            field_dict["deviceTag"] = device_tag
        if lang is not UNSET:
            field_dict["lang"] = lang

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.append_values_menus_item import AppendValuesMenusItem # noqa: PLC0415
        d = dict(src_dict)
        token = d.pop("token")

        menus = []
        _menus = d.pop("menus")
        for menus_item_data in (_menus):
            menus_item = AppendValuesMenusItem.from_dict(menus_item_data)



            menus.append(menus_item)


        def _parse_device_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        device_tag = _parse_device_tag(d.pop("deviceTag", UNSET))


        def _parse_lang(data: object) -> AppendValuesLangType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lang_type_0 = AppendValuesLangType0(data)



                return lang_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppendValuesLangType0 | None | Unset, data)

        lang = _parse_lang(d.pop("lang", UNSET))


        append_values = cls(
            token=token,
            menus=menus,
            device_tag=device_tag,
            lang=lang,
        )

        return append_values

