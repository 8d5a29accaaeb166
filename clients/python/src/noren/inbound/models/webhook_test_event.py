from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="WebhookTestEvent")



@_attrs_define
class WebhookTestEvent:
    """ The test event sent.

        Example:
            {'eventId': 'evt_9Rk2xL7mQ4vT1pB8nC3sW6yZ', 'eventType': 'reservation.confirmed', 'test': True}

        Attributes:
            event_id (str): The event's id (`webhook-id`); its attempts appear in the endpoint's delivery log.
            event_type (str):
            test (bool): Always true, as in the body sent.
     """

    event_id: str
    event_type: str
    test: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        event_type = self.event_type

        test = self.test


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "eventId": event_id,
            "eventType": event_type,
            "test": test,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event_id = d.pop("eventId")

        event_type = d.pop("eventType")

        test = d.pop("test")

        webhook_test_event = cls(
            event_id=event_id,
            event_type=event_type,
            test=test,
        )


        webhook_test_event.additional_properties = d
        return webhook_test_event

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
