from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lang import Lang
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ShopTag")



@_attrs_define
class ShopTag:
    """ A tag of a shop in one language.

        Attributes:
            tag_enum (str): Language-independent identifier, e.g. `SUSHI`. Example: SUSHI.
            tag (str): Display name. Example: Sushi.
            language_code (Lang):
            tag_category_name (None | str | Unset):  Example: Cuisine.
     """

    tag_enum: str
    tag: str
    language_code: Lang
    tag_category_name: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        tag_enum = self.tag_enum

        tag = self.tag

        language_code = self.language_code.value

        tag_category_name: None | str | Unset
        if isinstance(self.tag_category_name, Unset):
            tag_category_name = UNSET
        else:
            tag_category_name = self.tag_category_name


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tagEnum": tag_enum,
            "tag": tag,
            "languageCode": language_code,
        })
        if tag_category_name is not UNSET:
            field_dict["tagCategoryName"] = tag_category_name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tag_enum = d.pop("tagEnum")

        tag = d.pop("tag")

        language_code = Lang(d.pop("languageCode"))




        def _parse_tag_category_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tag_category_name = _parse_tag_category_name(d.pop("tagCategoryName", UNSET))


        shop_tag = cls(
            tag_enum=tag_enum,
            tag=tag,
            language_code=language_code,
            tag_category_name=tag_category_name,
        )


        shop_tag.additional_properties = d
        return shop_tag

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
