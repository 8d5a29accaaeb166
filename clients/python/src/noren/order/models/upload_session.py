from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="UploadSession")



@_attrs_define
class UploadSession:
    """ An upload session.

        Example:
            {'expiresAt': '2026-01-01T00:00:00Z', 'objectId': '5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b', 'uploadUrl':
                'https://noren.example/api/admin/order-
                menu/uploads/5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b?expires=1767225600&signature=9a1f…', 'url':
                'https://noren.example/api/admin/order-
                menu/uploads/5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b?expires=1767225600&signature=9a1f…'}

        Attributes:
            object_id (str): Names the import in the other calls.
            upload_url (str): `PUT` the XLSX file here (no key; at most 20 MiB) before `expiresAt`.
            url (str): The same as `uploadUrl` (the seed's name).
            expires_at (datetime.datetime): 10 minutes after the call.
     """

    object_id: str
    upload_url: str
    url: str
    expires_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        object_id = self.object_id

        upload_url = self.upload_url

        url = self.url

        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "objectId": object_id,
            "uploadUrl": upload_url,
            "url": url,
            "expiresAt": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_id = d.pop("objectId")

        upload_url = d.pop("uploadUrl")

        url = d.pop("url")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))




        upload_session = cls(
            object_id=object_id,
            upload_url=upload_url,
            url=url,
            expires_at=expires_at,
        )


        upload_session.additional_properties = d
        return upload_session

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
