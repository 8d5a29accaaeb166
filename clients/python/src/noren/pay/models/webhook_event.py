from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_status import EventStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.currency_info import CurrencyInfo





T = TypeVar("T", bound="WebhookEvent")



@_attrs_define
class WebhookEvent:
    """ The body POSTed to the merchant. `livemode` tells a live event from a test one: check it
    before acting.

        Example:
            {'livemode': True, 'partner_order_no': 'A-0001', 'payment_amount': 1100, 'payment_currency_info': None,
                'payment_method': 'paypay', 'payment_number': '4829301746502918', 'payment_status': 'paid', 'token':
                'tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a'}

        Attributes:
            token (str): The predefined payment's token.
            partner_order_no (None | str): Your `order_no`, if the payment has one.
            payment_amount (int): Whole yen paid (amount plus tip) or refunded.
            payment_method (str): The brand, e.g. `paypay`; tolerate values you do not know.
            payment_number (str): The attempt that was paid or refunded (16 digits).
            payment_status (EventStatus): What happened to the payment.
            payment_currency_info (CurrencyInfo | None):
            livemode (bool): True for live payments, false for test payments. Test and live events are signed with
                different secrets and go to different default URLs; a receiver that fulfils real orders
                acts only on `true`.
     """

    token: str
    partner_order_no: None | str
    payment_amount: int
    payment_method: str
    payment_number: str
    payment_status: EventStatus
    payment_currency_info: CurrencyInfo | None
    livemode: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.currency_info import CurrencyInfo # noqa: PLC0415
        token = self.token

        partner_order_no: None | str
        partner_order_no = self.partner_order_no

        payment_amount = self.payment_amount

        payment_method = self.payment_method

        payment_number = self.payment_number

        payment_status = self.payment_status.value

        payment_currency_info: dict[str, Any] | None
        if isinstance(self.payment_currency_info, CurrencyInfo):
            payment_currency_info = self.payment_currency_info.to_dict()
        else:
            payment_currency_info = self.payment_currency_info

        livemode = self.livemode


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "token": token,
            "partner_order_no": partner_order_no,
            "payment_amount": payment_amount,
            "payment_method": payment_method,
            "payment_number": payment_number,
            "payment_status": payment_status,
            "payment_currency_info": payment_currency_info,
            "livemode": livemode,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.currency_info import CurrencyInfo # noqa: PLC0415
        d = dict(src_dict)
        token = d.pop("token")

        def _parse_partner_order_no(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        partner_order_no = _parse_partner_order_no(d.pop("partner_order_no"))


        payment_amount = d.pop("payment_amount")

        payment_method = d.pop("payment_method")

        payment_number = d.pop("payment_number")

        payment_status = EventStatus(d.pop("payment_status"))




        def _parse_payment_currency_info(data: object) -> CurrencyInfo | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payment_currency_info_type_0 = CurrencyInfo.from_dict(data)



                return payment_currency_info_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CurrencyInfo | None, data)

        payment_currency_info = _parse_payment_currency_info(d.pop("payment_currency_info"))


        livemode = d.pop("livemode")

        webhook_event = cls(
            token=token,
            partner_order_no=partner_order_no,
            payment_amount=payment_amount,
            payment_method=payment_method,
            payment_number=payment_number,
            payment_status=payment_status,
            payment_currency_info=payment_currency_info,
            livemode=livemode,
        )


        webhook_event.additional_properties = d
        return webhook_event

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
