from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cart_item_values_lang_type_0 import CartItemValuesLangType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cart_item_values_metadata_type_0 import CartItemValuesMetadataType0
  from ..models.cart_item_values_variations_type_0_item import CartItemValuesVariationsType0Item





T = TypeVar("T", bound="CartItemValues")



@_attrs_define
class CartItemValues:
    """ Values of the item change (`PATCH …/cart/{itemId}`): the values given replace the item's.

        Attributes:
            token (str): The order's `mutableToken`.
            quantity (int | None | Unset): 0 to 999; 0 removes the item.
            metadata (CartItemValuesMetadataType0 | None | Unset): Replaces the item's metadata (at most 20 entries).
            variations (list[CartItemValuesVariationsType0Item] | None | Unset): Replaces the chosen variations (checked
                like an append's).
            device_tag (None | str | Unset): The device making the change (1 to 32 characters); the item keeps the
                `deviceTag` of
                the device that added it.
            lang (CartItemValuesLangType0 | None | Unset): Language of the answer's names (`en`, `zh-CN`, `ja`, `ko`, `zh-
                TW`); default `en`.
     """

    token: str
    quantity: int | None | Unset = UNSET
    metadata: CartItemValuesMetadataType0 | None | Unset = UNSET
    variations: list[CartItemValuesVariationsType0Item] | None | Unset = UNSET
    device_tag: None | str | Unset = UNSET
    lang: CartItemValuesLangType0 | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cart_item_values_metadata_type_0 import CartItemValuesMetadataType0 # noqa: PLC0415
        from ..models.cart_item_values_variations_type_0_item import CartItemValuesVariationsType0Item # noqa: PLC0415
        token = self.token

        quantity: int | None | Unset
        if isinstance(self.quantity, Unset):
            quantity = UNSET
        else:
            quantity = self.quantity

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CartItemValuesMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        variations: list[dict[str, Any]] | None | Unset
        if isinstance(self.variations, Unset):
            variations = UNSET
        elif isinstance(self.variations, list):
            variations = []
            for variations_type_0_item_data in self.variations:
                variations_type_0_item = variations_type_0_item_data.to_dict()
                variations.append(variations_type_0_item)


        else:
            variations = self.variations

        device_tag: None | str | Unset
        if isinstance(self.device_tag, Unset):
            device_tag = UNSET
        else:
            device_tag = self.device_tag

        lang: None | str | Unset
        if isinstance(self.lang, Unset):
            lang = UNSET
        elif isinstance(self.lang, CartItemValuesLangType0):
            lang = self.lang.value
        else:
            lang = self.lang


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "token": token,
        })
        if quantity is not UNSET:
            field_dict["quantity"] = quantity
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if variations is not UNSET:
            field_dict["variations"] = variations
        if device_tag is not UNSET:
            field_dict["deviceTag"] = device_tag
        if lang is not UNSET:
            field_dict["lang"] = lang

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cart_item_values_metadata_type_0 import CartItemValuesMetadataType0 # noqa: PLC0415
        from ..models.cart_item_values_variations_type_0_item import CartItemValuesVariationsType0Item # noqa: PLC0415
        d = dict(src_dict)
        token = d.pop("token")

        def _parse_quantity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        quantity = _parse_quantity(d.pop("quantity", UNSET))


        def _parse_metadata(data: object) -> CartItemValuesMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CartItemValuesMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CartItemValuesMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_variations(data: object) -> list[CartItemValuesVariationsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                variations_type_0 = []
                _variations_type_0 = data
                for variations_type_0_item_data in (_variations_type_0):
                    variations_type_0_item = CartItemValuesVariationsType0Item.from_dict(variations_type_0_item_data)



                    variations_type_0.append(variations_type_0_item)

                return variations_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CartItemValuesVariationsType0Item] | None | Unset, data)

        variations = _parse_variations(d.pop("variations", UNSET))


        def _parse_device_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        device_tag = _parse_device_tag(d.pop("deviceTag", UNSET))


        def _parse_lang(data: object) -> CartItemValuesLangType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                lang_type_0 = CartItemValuesLangType0(data)



                return lang_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CartItemValuesLangType0 | None | Unset, data)

        lang = _parse_lang(d.pop("lang", UNSET))


        cart_item_values = cls(
            token=token,
            quantity=quantity,
            metadata=metadata,
            variations=variations,
            device_tag=device_tag,
            lang=lang,
        )

        return cart_item_values

