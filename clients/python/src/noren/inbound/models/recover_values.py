from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="RecoverValues")



@_attrs_define
class RecoverValues:
    """ A recovery's body.

        Attributes:
            since (datetime.datetime): The window's start (RFC 3339), within the last 30 days.
            until (datetime.datetime | None | Unset): The window's end (RFC 3339, not included); default now.
            all_ (bool | None | Unset): `true` queues every event of the window again, not only those that failed or were
                skipped while the endpoint was disabled (default false).
     """

    since: datetime.datetime
    until: datetime.datetime | None | Unset = UNSET
    all_: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        since = self.since.isoformat()

        until: None | str | Unset
        if isinstance(self.until, Unset):
            until = UNSET
        elif isinstance(self.until, datetime.datetime):
            until = self.until.isoformat()
        else:
            until = self.until

        all_: bool | None | Unset
        if isinstance(self.all_, Unset):
            all_ = UNSET
        else:
            all_ = self.all_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "since": since,
        })
        if until is not UNSET:
            field_dict["until"] = until
        if all_ is not UNSET:
            field_dict["all"] = all_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        since = datetime.datetime.fromisoformat(d.pop("since"))




        def _parse_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                until_type_0 = datetime.datetime.fromisoformat(data)



                return until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        until = _parse_until(d.pop("until", UNSET))


        def _parse_all_(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        all_ = _parse_all_(d.pop("all", UNSET))


        recover_values = cls(
            since=since,
            until=until,
            all_=all_,
        )


        recover_values.additional_properties = d
        return recover_values

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
