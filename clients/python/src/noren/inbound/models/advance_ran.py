from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.advance_ran_ran import AdvanceRanRan





T = TypeVar("T", bound="AdvanceRan")



@_attrs_define
class AdvanceRan:
    """ What an advance ran: job runs by kind (`webhook`: delivery attempts of webhooks and
    notifications; `menu_import`: scheduled menu imports), and their total.

        Attributes:
            ran (AdvanceRanRan):
            total (int):
     """

    ran: AdvanceRanRan
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.advance_ran_ran import AdvanceRanRan # noqa: PLC0415
        ran = self.ran.to_dict()

        total = self.total


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ran": ran,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.advance_ran_ran import AdvanceRanRan # noqa: PLC0415
        d = dict(src_dict)
        ran = AdvanceRanRan.from_dict(d.pop("ran"))




        total = d.pop("total")

        advance_ran = cls(
            ran=ran,
            total=total,
        )


        advance_ran.additional_properties = d
        return advance_ran

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
