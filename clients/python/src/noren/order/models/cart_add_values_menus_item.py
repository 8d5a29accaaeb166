from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cart_add_values_menus_item_metadata_type_0 import CartAddValuesMenusItemMetadataType0
  from ..models.cart_add_values_menus_item_variations_type_0_item import CartAddValuesMenusItemVariationsType0Item





T = TypeVar("T", bound="CartAddValuesMenusItem")



@_attrs_define
class CartAddValuesMenusItem:
    """ A menu to add (`menus[i]`).

        Attributes:
            id (int): The menu item's id.
            quantity (int | None | Unset): 1 to 999; default 1.
            metadata (CartAddValuesMenusItemMetadataType0 | None | Unset): Free values for the client (not stored on order
                lines; a cart item keeps them).
            variations (list[CartAddValuesMenusItemVariationsType0Item] | None | Unset): The chosen variations.
     """

    id: int
    quantity: int | None | Unset = UNSET
    metadata: CartAddValuesMenusItemMetadataType0 | None | Unset = UNSET
    variations: list[CartAddValuesMenusItemVariationsType0Item] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cart_add_values_menus_item_metadata_type_0 import CartAddValuesMenusItemMetadataType0 # noqa: PLC0415
        from ..models.cart_add_values_menus_item_variations_type_0_item import CartAddValuesMenusItemVariationsType0Item # noqa: PLC0415
        id = self.id

        quantity: int | None | Unset
        if isinstance(self.quantity, Unset):
            quantity = UNSET
        else:
            quantity = self.quantity

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CartAddValuesMenusItemMetadataType0):
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


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
        })
        if quantity is not UNSET:
            field_dict["quantity"] = quantity
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if variations is not UNSET:
            field_dict["variations"] = variations

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cart_add_values_menus_item_metadata_type_0 import CartAddValuesMenusItemMetadataType0 # noqa: PLC0415
        from ..models.cart_add_values_menus_item_variations_type_0_item import CartAddValuesMenusItemVariationsType0Item # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_quantity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        quantity = _parse_quantity(d.pop("quantity", UNSET))


        def _parse_metadata(data: object) -> CartAddValuesMenusItemMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CartAddValuesMenusItemMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CartAddValuesMenusItemMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_variations(data: object) -> list[CartAddValuesMenusItemVariationsType0Item] | None | Unset:
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
                    variations_type_0_item = CartAddValuesMenusItemVariationsType0Item.from_dict(variations_type_0_item_data)



                    variations_type_0.append(variations_type_0_item)

                return variations_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CartAddValuesMenusItemVariationsType0Item] | None | Unset, data)

        variations = _parse_variations(d.pop("variations", UNSET))


        cart_add_values_menus_item = cls(
            id=id,
            quantity=quantity,
            metadata=metadata,
            variations=variations,
        )

        return cart_add_values_menus_item

