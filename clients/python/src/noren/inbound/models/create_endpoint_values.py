from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CreateEndpointValues")



@_attrs_define
class CreateEndpointValues:
    """ The create's body.

        Attributes:
            url (str): Absolute URL: `https` in live mode; not an internal address (loopback is allowed in
                test mode on a developer's own server).
            enabled_events (list[str]): Event types (`reservation.confirmed`, `reservation.rejected`,
                `reservation.cancelled`,
                `webhook_endpoint.disabled`), or `["*"]` for all.
            description (None | str | Unset): Your note (up to 500 characters).
            disabled (bool | None | Unset): Create it disabled (default false).
     """

    url: str
    enabled_events: list[str]
    description: None | str | Unset = UNSET
    disabled: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        enabled_events = self.enabled_events



        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        disabled: bool | None | Unset
        if isinstance(self.disabled, Unset):
            disabled = UNSET
        else:
            disabled = self.disabled


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "url": url,
            "enabledEvents": enabled_events,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if disabled is not UNSET:
            field_dict["disabled"] = disabled

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        enabled_events = cast(list[str], d.pop("enabledEvents"))


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        def _parse_disabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        disabled = _parse_disabled(d.pop("disabled", UNSET))


        create_endpoint_values = cls(
            url=url,
            enabled_events=enabled_events,
            description=description,
            disabled=disabled,
        )


        create_endpoint_values.additional_properties = d
        return create_endpoint_values

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
