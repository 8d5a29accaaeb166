from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.status_values_status import StatusValuesStatus






T = TypeVar("T", bound="StatusValues")



@_attrs_define
class StatusValues:
    """ Values of the merchant's status call.

        Attributes:
            status (StatusValuesStatus): The status to move the order to.
     """

    status: StatusValuesStatus





    def to_dict(self) -> dict[str, Any]:
        status = self.status.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = StatusValuesStatus(d.pop("status"))




        status_values = cls(
            status=status,
        )

        return status_values

