from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PreviewImportValues")



@_attrs_define
class PreviewImportValues:
    """ Values of `import-preview`.

        Attributes:
            shop (int):
            object_id (str): The `objectId` of `import-create`.
            update_existing (bool | None | Unset): Report rows whose id exists as updates rather than duplicates (default
                false).
     """

    shop: int
    object_id: str
    update_existing: bool | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        shop = self.shop

        object_id = self.object_id

        update_existing: bool | None | Unset
        if isinstance(self.update_existing, Unset):
            update_existing = UNSET
        else:
            update_existing = self.update_existing


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "shop": shop,
            "objectId": object_id,
        })
        if update_existing is not UNSET:
            field_dict["updateExisting"] = update_existing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shop = d.pop("shop")

        object_id = d.pop("objectId")

        def _parse_update_existing(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        update_existing = _parse_update_existing(d.pop("updateExisting", UNSET))


        preview_import_values = cls(
            shop=shop,
            object_id=object_id,
            update_existing=update_existing,
        )

        return preview_import_values

