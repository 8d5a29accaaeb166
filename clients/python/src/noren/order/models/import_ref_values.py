from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ImportRefValues")



@_attrs_define
class ImportRefValues:
    """ Values of `import-state` and `import-cancel`.

        Attributes:
            shop (int):
            object_id (str):
     """

    shop: int
    object_id: str





    def to_dict(self) -> dict[str, Any]:
        shop = self.shop

        object_id = self.object_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "shop": shop,
            "objectId": object_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shop = d.pop("shop")

        object_id = d.pop("objectId")

        import_ref_values = cls(
            shop=shop,
            object_id=object_id,
        )

        return import_ref_values

