from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.webhook_delivery_attempt_request_headers import WebhookDeliveryAttemptRequestHeaders
  from ..models.webhook_delivery_attempt_response_headers_type_0 import WebhookDeliveryAttemptResponseHeadersType0





T = TypeVar("T", bound="WebhookDeliveryAttempt")



@_attrs_define
class WebhookDeliveryAttempt:
    """ One attempt to deliver an event to an endpoint, with what the receiver answered.

        Example:
            {'attempt': 1, 'duration_ms': 38, 'error': None, 'event_id': 'evt_3kT9xQ2mP7vL1sR8wZ4yB6nC', 'event_type':
                'payment.paid', 'id': 'wda_1042', 'outcome': 'succeeded', 'request_headers': {'content-type':
                'application/json', 'noren-delivery-attempt': '1', 'noren-event-id': 'evt_3kT9xQ2mP7vL1sR8wZ4yB6nC', 'noren-
                event-type': 'payment.paid', 'noren-signature':
                't=1796119201,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd', 'user-agent': 'Noren-
                Webhooks/1.0', 'webhook-id': 'evt_3kT9xQ2mP7vL1sR8wZ4yB6nC', 'webhook-signature':
                'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=', 'webhook-timestamp': '1796119201'}, 'response_body': 'ok',
                'response_headers': {'content-type': 'text/plain'}, 'status_code': 200, 'time': datetime.datetime(2026, 12, 1,
                10, 0, 1, 250000, tzinfo=datetime.timezone(datetime.timedelta(0), 'Z'))}

        Attributes:
            id (str): `wda_…`: the cursor of the next page.
            event_id (str): The event (`webhook-id`).
            event_type (str):
            attempt (int): 1 for the first delivery of the event to this endpoint.
            time (datetime.datetime): When it was sent.
            outcome (str): `succeeded` (2xx), `failed` (another answer, or none) or `pending` (being sent, or cut
                off by a restart: the next attempt follows). Example: succeeded.
            status_code (int | None): Your receiver's HTTP status; null when it did not answer.
            duration_ms (int | None):
            error (None | str): Why it failed: the status, or the network error (timeout, refused connection, DNS).
            request_headers (WebhookDeliveryAttemptRequestHeaders): The headers Noren sent, signatures included (never a
                secret).
            response_headers (None | WebhookDeliveryAttemptResponseHeadersType0): Your receiver's answer's headers; null
                when it did not answer.
            response_body (None | str): The first 4 KiB of your receiver's answer, as text; null when it did not answer.
     """

    id: str
    event_id: str
    event_type: str
    attempt: int
    time: datetime.datetime
    outcome: str
    status_code: int | None
    duration_ms: int | None
    error: None | str
    request_headers: WebhookDeliveryAttemptRequestHeaders
    response_headers: None | WebhookDeliveryAttemptResponseHeadersType0
    response_body: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_delivery_attempt_request_headers import WebhookDeliveryAttemptRequestHeaders # noqa: PLC0415
        from ..models.webhook_delivery_attempt_response_headers_type_0 import WebhookDeliveryAttemptResponseHeadersType0 # noqa: PLC0415
        id = self.id

        event_id = self.event_id

        event_type = self.event_type

        attempt = self.attempt

        time = self.time.isoformat()

        outcome = self.outcome

        status_code: int | None
        status_code = self.status_code

        duration_ms: int | None
        duration_ms = self.duration_ms

        error: None | str
        error = self.error

        request_headers = self.request_headers.to_dict()

        response_headers: dict[str, Any] | None
        if isinstance(self.response_headers, WebhookDeliveryAttemptResponseHeadersType0):
            response_headers = self.response_headers.to_dict()
        else:
            response_headers = self.response_headers

        response_body: None | str
        response_body = self.response_body


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "event_id": event_id,
            "event_type": event_type,
            "attempt": attempt,
            "time": time,
            "outcome": outcome,
            "status_code": status_code,
            "duration_ms": duration_ms,
            "error": error,
            "request_headers": request_headers,
            "response_headers": response_headers,
            "response_body": response_body,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_delivery_attempt_request_headers import WebhookDeliveryAttemptRequestHeaders # noqa: PLC0415
        from ..models.webhook_delivery_attempt_response_headers_type_0 import WebhookDeliveryAttemptResponseHeadersType0 # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        event_id = d.pop("event_id")

        event_type = d.pop("event_type")

        attempt = d.pop("attempt")

        time = datetime.datetime.fromisoformat(d.pop("time"))




        outcome = d.pop("outcome")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))


        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))


        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        request_headers = WebhookDeliveryAttemptRequestHeaders.from_dict(d.pop("request_headers"))




        def _parse_response_headers(data: object) -> None | WebhookDeliveryAttemptResponseHeadersType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_headers_type_0 = WebhookDeliveryAttemptResponseHeadersType0.from_dict(data)



                return response_headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookDeliveryAttemptResponseHeadersType0, data)

        response_headers = _parse_response_headers(d.pop("response_headers"))


        def _parse_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_body = _parse_response_body(d.pop("response_body"))


        webhook_delivery_attempt = cls(
            id=id,
            event_id=event_id,
            event_type=event_type,
            attempt=attempt,
            time=time,
            outcome=outcome,
            status_code=status_code,
            duration_ms=duration_ms,
            error=error,
            request_headers=request_headers,
            response_headers=response_headers,
            response_body=response_body,
        )


        webhook_delivery_attempt.additional_properties = d
        return webhook_delivery_attempt

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
