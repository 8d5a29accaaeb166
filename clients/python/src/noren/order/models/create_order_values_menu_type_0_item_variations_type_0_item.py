from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_order_values_menu_type_0_item_variations_type_0_item_metadata_type_0 import CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0





T = TypeVar("T", bound="CreateOrderValuesMenuType0ItemVariationsType0Item")



@_attrs_define
class CreateOrderValuesMenuType0ItemVariationsType0Item:
    """ A chosen variation (`menus[i].variations[j]`).

        Attributes:
            id (int): The variation's menu item id.
            quantity (int | None | Unset): How many per unit of the menu; default 1.
            metadata (CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0 | None | Unset): Free values for the
                client (not stored on order lines; a cart item keeps them).
            category (int | None | Unset): The variation category it is chosen in (informative: the catalogue decides).
     """

    id: int
    quantity: int | None | Unset = UNSET
    metadata: CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0 | None | Unset = UNSET
    category: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_order_values_menu_type_0_item_variations_type_0_item_metadata_type_0 import CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0 # noqa: PLC0415
        id = self.id

        quantity: int | None | Unset
        if isinstance(self.quantity, Unset):
            quantity = UNSET
        else:
            quantity = self.quantity

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        category: int | None | Unset
        if isinstance(self.category, Unset):
            category = UNSET
        else:
            category = self.category


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
        })
        if quantity is not UNSET:
            field_dict["quantity"] = quantity
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if category is not UNSET:
            field_dict["category"] = category

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_order_values_menu_type_0_item_variations_type_0_item_metadata_type_0 import CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_quantity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        quantity = _parse_quantity(d.pop("quantity", UNSET))


        def _parse_metadata(data: object) -> CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateOrderValuesMenuType0ItemVariationsType0ItemMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        def _parse_category(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        category = _parse_category(d.pop("category", UNSET))


        create_order_values_menu_type_0_item_variations_type_0_item = cls(
            id=id,
            quantity=quantity,
            metadata=metadata,
            category=category,
        )

        return create_order_values_menu_type_0_item_variations_type_0_item

