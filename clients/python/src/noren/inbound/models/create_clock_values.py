from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="CreateClockValues")



@_attrs_define
class CreateClockValues:
    """ The create's body (it may be empty).

        Attributes:
            frozen_time (datetime.datetime | None | Unset): Where the clock starts (RFC 3339 with its offset), in the years
                2000 to 2099; default now.
            name (None | str | Unset): A label for you (at most 100 characters).
     """

    frozen_time: datetime.datetime | None | Unset = UNSET
    name: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        frozen_time: None | str | Unset
        if isinstance(self.frozen_time, Unset):
            frozen_time = UNSET
        elif isinstance(self.frozen_time, datetime.datetime):
            frozen_time = self.frozen_time.isoformat()
        else:
            frozen_time = self.frozen_time

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if frozen_time is not UNSET:
            field_dict["frozenTime"] = frozen_time
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_frozen_time(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                frozen_time_type_0 = datetime.datetime.fromisoformat(data)



                return frozen_time_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        frozen_time = _parse_frozen_time(d.pop("frozenTime", UNSET))


        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))


        create_clock_values = cls(
            frozen_time=frozen_time,
            name=name,
        )

        return create_clock_values

