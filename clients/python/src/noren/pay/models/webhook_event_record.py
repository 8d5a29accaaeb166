from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.delivery_attempt import DeliveryAttempt
  from ..models.webhook_event import WebhookEvent





T = TypeVar("T", bound="WebhookEventRecord")



@_attrs_define
class WebhookEventRecord:
    """ A webhook event and its deliveries.

        Attributes:
            id (str): The event id (the `Noren-Event-Id` header). Example: evt_3kT9xQ2mP7vL1sR8wZ4yB6nC.
            payment_status (str): `paid` or `refunded`. Example: paid.
            token (str):
            payment_number (str):
            url (None | str): Where it is delivered; null when neither the payment nor the shop has a webhook URL.
            status (str): `pending` (a delivery is due or waiting to retry), `delivered`, `failed` (all retries
                used) or `no_url`. Example: delivered.
            create_time (datetime.datetime):  Example: 2026-11-23 14:02:49.932000+00:00.
            next_attempt_time (datetime.datetime | None): When the next delivery is due; null when none is.
            delivered_time (datetime.datetime | None): When a delivery succeeded; null until one does.
            body (WebhookEvent): The body POSTed to the merchant. `livemode` tells a live event from a test one: check it
                before acting. Example: {'livemode': True, 'partner_order_no': 'A-0001', 'payment_amount': 1100,
                'payment_currency_info': None, 'payment_method': 'paypay', 'payment_number': '4829301746502918',
                'payment_status': 'paid', 'token': 'tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a'}.
            attempts (list[DeliveryAttempt]): Oldest first.
     """

    id: str
    payment_status: str
    token: str
    payment_number: str
    url: None | str
    status: str
    create_time: datetime.datetime
    next_attempt_time: datetime.datetime | None
    delivered_time: datetime.datetime | None
    body: WebhookEvent
    attempts: list[DeliveryAttempt]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.delivery_attempt import DeliveryAttempt # noqa: PLC0415
        from ..models.webhook_event import WebhookEvent # noqa: PLC0415
        id = self.id

        payment_status = self.payment_status

        token = self.token

        payment_number = self.payment_number

        url: None | str
        url = self.url

        status = self.status

        create_time = self.create_time.isoformat()

        next_attempt_time: None | str
        if isinstance(self.next_attempt_time, datetime.datetime):
            next_attempt_time = self.next_attempt_time.isoformat()
        else:
            next_attempt_time = self.next_attempt_time

        delivered_time: None | str
        if isinstance(self.delivered_time, datetime.datetime):
            delivered_time = self.delivered_time.isoformat()
        else:
            delivered_time = self.delivered_time

        body = self.body.to_dict()

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "payment_status": payment_status,
            "token": token,
            "payment_number": payment_number,
            "url": url,
            "status": status,
            "create_time": create_time,
            "next_attempt_time": next_attempt_time,
            "delivered_time": delivered_time,
            "body": body,
            "attempts": attempts,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_attempt import DeliveryAttempt # noqa: PLC0415
        from ..models.webhook_event import WebhookEvent # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        payment_status = d.pop("payment_status")

        token = d.pop("token")

        payment_number = d.pop("payment_number")

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))


        status = d.pop("status")

        create_time = datetime.datetime.fromisoformat(d.pop("create_time"))




        def _parse_next_attempt_time(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_time_type_0 = datetime.datetime.fromisoformat(data)



                return next_attempt_time_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_time = _parse_next_attempt_time(d.pop("next_attempt_time"))


        def _parse_delivered_time(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_time_type_0 = datetime.datetime.fromisoformat(data)



                return delivered_time_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_time = _parse_delivered_time(d.pop("delivered_time"))


        body = WebhookEvent.from_dict(d.pop("body"))




        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in (_attempts):
            attempts_item = DeliveryAttempt.from_dict(attempts_item_data)



            attempts.append(attempts_item)


        webhook_event_record = cls(
            id=id,
            payment_status=payment_status,
            token=token,
            payment_number=payment_number,
            url=url,
            status=status,
            create_time=create_time,
            next_attempt_time=next_attempt_time,
            delivered_time=delivered_time,
            body=body,
            attempts=attempts,
        )


        webhook_event_record.additional_properties = d
        return webhook_event_record

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
