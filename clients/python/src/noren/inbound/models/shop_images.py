from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ShopImages")



@_attrs_define
class ShopImages:
    """ Signed links (valid 10 minutes) of the shop's images by kind.

        Attributes:
            main (list[str]):
            food (list[str]):
            interior (list[str]):
            exterior (list[str]):
     """

    main: list[str]
    food: list[str]
    interior: list[str]
    exterior: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        main = self.main



        food = self.food



        interior = self.interior



        exterior = self.exterior




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "main": main,
            "food": food,
            "interior": interior,
            "exterior": exterior,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        main = cast(list[str], d.pop("main"))


        food = cast(list[str], d.pop("food"))


        interior = cast(list[str], d.pop("interior"))


        exterior = cast(list[str], d.pop("exterior"))


        shop_images = cls(
            main=main,
            food=food,
            interior=interior,
            exterior=exterior,
        )


        shop_images.additional_properties = d
        return shop_images

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
