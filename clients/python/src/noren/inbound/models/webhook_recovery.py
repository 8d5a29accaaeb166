from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="WebhookRecovery")



@_attrs_define
class WebhookRecovery:
    """ A recovery: the endpoint's events of a window queued again.

        Example:
            {'all': False, 'createdAt': '2026-12-01T19:05:00+09:00', 'id': 'rcv_7Hq2mX9pL4tV1cK8nB3sR6wY', 'queued': 42,
                'repeated': False, 'since': '2026-12-01T18:00:00+09:00', 'until': '2026-12-01T19:00:00+09:00'}

        Attributes:
            id (str): `rcv_…`.
            since (datetime.datetime):
            until (datetime.datetime): The window's end: as asked, or the time of the first call that left it out.
            all_ (bool):
            queued (int): How many events were queued to the endpoint, oldest first.
            repeated (bool): True when this window was recovered already (in the last 24 hours): that recovery is
                answered and nothing more is queued.
            created_at (datetime.datetime):
     """

    id: str
    since: datetime.datetime
    until: datetime.datetime
    all_: bool
    queued: int
    repeated: bool
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        since = self.since.isoformat()

        until = self.until.isoformat()

        all_ = self.all_

        queued = self.queued

        repeated = self.repeated

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "since": since,
            "until": until,
            "all": all_,
            "queued": queued,
            "repeated": repeated,
            "createdAt": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        since = datetime.datetime.fromisoformat(d.pop("since"))




        until = datetime.datetime.fromisoformat(d.pop("until"))




        all_ = d.pop("all")

        queued = d.pop("queued")

        repeated = d.pop("repeated")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        webhook_recovery = cls(
            id=id,
            since=since,
            until=until,
            all_=all_,
            queued=queued,
            repeated=repeated,
            created_at=created_at,
        )


        webhook_recovery.additional_properties = d
        return webhook_recovery

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
