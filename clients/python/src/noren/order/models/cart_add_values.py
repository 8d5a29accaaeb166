from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cart_add_values_lang_type_0 import CartAddValuesLangType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cart_add_values_menus_item import CartAddValuesMenusItem





T = TypeVar("T", bound="CartAddValues")



@_attrs_define
class CartAddValues:
    """ Values of the cart add (`POST …/cart`): `append`'s body, with `deviceTag` required.

        Attributes:
            token (str): The order's `mutableToken`.
            menus (list[CartAddValuesMenusItem]): The menus to add to the cart, checked like an append's; `metadata` is kept
                (at most 20
                entries, names 1 to 64 and values up to 500 characters).
            device_tag (str): The device that adds them (1 to 32 characters), kept on the items.
            lang (CartAddValuesLangType0 | None | Unset): Language of the answer's names (`en`, `zh-CN`, `ja`, `ko`, `zh-
                TW`); default `en`.
     """

    token: str
    menus: list[CartAddValuesMenusItem]
    device_tag: str
    lang: CartAddValuesLangType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cart_add_values_menus_item import CartAddValuesMenusItem # noqa: PLC0415
        token = self.token

        menus = []
        for menus_item_data in self.menus:
            menus_item = menus_item_data.to_dict()
            menus.append(menus_item)



        device_tag = self.device_tag

        lang: None | str | Unset
        if isinstance(self.lang, Unset):
            lang = UNSET
        elif isinstance(self.lang, CartAddValuesLangType0):
            lang = self.lang.value
        else:
            lang = self.lang


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
            "menus": menus,
            "deviceTag": device_tag,
        })
        if lang is not UNSET:
            field_dict["lang"] = lang

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cart_add_values_menus_item import CartAddValuesMenusItem # noqa: PLC0415
        d = dict(src_dict)
        token = d.pop("token")

        menus = []
        _menus = d.pop("menus")
        for menus_item_data in (_menus):
            menus_item = CartAddValuesMenusItem.from_dict(menus_item_data)



            menus.append(menus_item)


        device_tag = d.pop("deviceTag")

        def _parse_lang(data: object) -> CartAddValuesLangType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lang_type_0 = CartAddValuesLangType0(data)



                return lang_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CartAddValuesLangType0 | None | Unset, data)

        lang = _parse_lang(d.pop("lang", UNSET))


        cart_add_values = cls(
            token=token,
            menus=menus,
            device_tag=device_tag,
            lang=lang,
        )

        return cart_add_values

