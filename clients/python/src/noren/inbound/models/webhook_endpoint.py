from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="WebhookEndpoint")



@_attrs_define
class WebhookEndpoint:
    """ A webhook endpoint: where the platform's notifications of one mode are sent, and which.

        Example:
            {'createdAt': '2026-12-01T19:00:00+09:00', 'description': 'Booking sync', 'disabled': False, 'disabledReason':
                None, 'enabledEvents': ['reservation.confirmed', 'reservation.cancelled'], 'id': 'we_8Lm3pQ7vT2kX9cN4rB6sY1dW',
                'livemode': False, 'previousSecretExpiresAt': None, 'updatedAt': '2026-12-01T19:00:00+09:00', 'url':
                'https://ota.example/noren/notifications'}

        Attributes:
            id (str): `we_…`.
            url (str): Where notifications are POSTed: `https` in live mode, never an internal address.
            enabled_events (list[str]): The event types sent to it (`reservation.confirmed`, `reservation.rejected`,
                `reservation.cancelled`, `webhook_endpoint.disabled`), or `["*"]` for all, new ones
                included.
            description (None | str):
            disabled (bool): A disabled endpoint is sent nothing; its events are kept as skipped deliveries that
                `recover` can send later.
            disabled_reason (None | str): Why Noren disabled it (after 5 days of failed deliveries); null when enabled or
                disabled by you.
            livemode (bool):
            created_at (datetime.datetime): RFC 3339 with the JST offset.
            updated_at (datetime.datetime): RFC 3339 with the JST offset.
            previous_secret_expires_at (datetime.datetime | None): During a rotation's overlap: when the previous secret
                stops signing. Null otherwise.
            secret (None | str | Unset): The signing secret (`whsec_…`), answered only by the create and by `rotate_secret`:
                keep it, no read shows it again. It verifies `webhook-signature` with the official
                Standard Webhooks libraries, and `Noren-Signature`. Example: whsec_C2FVsBQIhrscChlQIMVb5sSYspob7oD4.
     """

    id: str
    url: str
    enabled_events: list[str]
    description: None | str
    disabled: bool
    disabled_reason: None | str
    livemode: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    previous_secret_expires_at: datetime.datetime | None
    secret: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        enabled_events = self.enabled_events



        description: None | str
        description = self.description

        disabled = self.disabled

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        livemode = self.livemode

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        previous_secret_expires_at: None | str
        if isinstance(self.previous_secret_expires_at, datetime.datetime):
            previous_secret_expires_at = self.previous_secret_expires_at.isoformat()
        else:
            previous_secret_expires_at = self.previous_secret_expires_at

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "url": url,
            "enabledEvents": enabled_events,
            "description": description,
            "disabled": disabled,
            "disabledReason": disabled_reason,
            "livemode": livemode,
            "createdAt": created_at,
            "updatedAt": updated_at,
            "previousSecretExpiresAt": previous_secret_expires_at,
        })
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        enabled_events = cast(list[str], d.pop("enabledEvents"))


        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))


        disabled = d.pop("disabled")

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))


        livemode = d.pop("livemode")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        def _parse_previous_secret_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_secret_expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return previous_secret_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(d.pop("previousSecretExpiresAt"))


        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        webhook_endpoint = cls(
            id=id,
            url=url,
            enabled_events=enabled_events,
            description=description,
            disabled=disabled,
            disabled_reason=disabled_reason,
            livemode=livemode,
            created_at=created_at,
            updated_at=updated_at,
            previous_secret_expires_at=previous_secret_expires_at,
            secret=secret,
        )


        webhook_endpoint.additional_properties = d
        return webhook_endpoint

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
