from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.menu_item import MenuItem





T = TypeVar("T", bound="MenuCategory")



@_attrs_define
class MenuCategory:
    """ A menu category with its menus.

        Attributes:
            id (int):
            name (str):
            menus (list[MenuItem]):
     """

    id: int
    name: str
    menus: list[MenuItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.menu_item import MenuItem # noqa: PLC0415
        id = self.id

        name = self.name

        menus = []
        for menus_item_data in self.menus:
            menus_item = menus_item_data.to_dict()
            menus.append(menus_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "menus": menus,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.menu_item import MenuItem # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        menus = []
        _menus = d.pop("menus")
        for menus_item_data in (_menus):
            menus_item = MenuItem.from_dict(menus_item_data)



            menus.append(menus_item)


        menu_category = cls(
            id=id,
            name=name,
            menus=menus,
        )


        menu_category.additional_properties = d
        return menu_category

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
