from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CreateImportValues")



@_attrs_define
class CreateImportValues:
    """ Values of `import-create`.

        Attributes:
            shop (int): The shop: the key's own (another shop's id answers 404).
     """

    shop: int





    def to_dict(self) -> dict[str, Any]:
        shop = self.shop


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "shop": shop,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shop = d.pop("shop")

        create_import_values = cls(
            shop=shop,
        )

        return create_import_values

