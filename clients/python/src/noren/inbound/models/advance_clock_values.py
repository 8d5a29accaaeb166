from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="AdvanceClockValues")



@_attrs_define
class AdvanceClockValues:
    """ The advance's body.

        Attributes:
            frozen_time (datetime.datetime): The clock's new time (RFC 3339 with its offset): not before its current time,
                at most 2
                years after it.
     """

    frozen_time: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        frozen_time = self.frozen_time.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "frozenTime": frozen_time,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        frozen_time = datetime.datetime.fromisoformat(d.pop("frozenTime"))




        advance_clock_values = cls(
            frozen_time=frozen_time,
        )

        return advance_clock_values

