from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.payment import Payment
  from ..models.value_added_service import ValueAddedService





T = TypeVar("T", bound="PredefinedPayment")



@_attrs_define
class PredefinedPayment:
    """ A payment the merchant defined, with its state.

        Attributes:
            token (str): The payment's token: its id in every call and in its checkout URL. Example:
                q8W2nX4vT1bL7cZ0mK3pR5sY9dF6hJ2a.
            amount (int): Whole yen, at least 50. Example: 1000.
            amount_total (int): `amount` plus value-added services (the tip). Example: 1100.
            amount_vas (int): Value-added services (the tip) in yen. Example: 100.
            custom (None | str): Your own text, returned as given.
            expires_after (int | None): Seconds after creation when the payment expires; `null` or 0: never.
            expired (bool): True once `create_time + expires_after` has passed; then it can no longer be paid.
            fulfilled (bool): True once paid in full; back to false on refund.
            invalidated (bool): True when the merchant blocked the link; a started payment may still finish.
            order_no (None | str):  Example: A-0001.
            payment_method (None | str): The brand of the latest attempt. New values may appear: tolerate unknown ones.
                Example: paypay.
            payment_interface (str): `online_payment` for `create_online_payment`, `dynamic_qr_print` for
                `create_with_url_print`. Example: online_payment.
            redirection_url (None | str):
            shop_id (int):
            started (bool): True once a brand was chosen at checkout; never reverts.
            tip_vas_enabled (bool): Whether the checkout offers a tip.
            create_time (datetime.datetime):  Example: 2026-11-23 10:15:00+00:00.
            update_time (datetime.datetime):  Example: 2026-11-23 10:15:30.123000+00:00.
            createTime (int): Deprecated: `create_time` in milliseconds since the Unix epoch.
            updateTime (int): Deprecated: `update_time` in milliseconds since the Unix epoch.
            payment (None | str): Deprecated: the provider of `payment_method`, e.g. `PAYPAY`. Still sent (null before
                a brand is chosen). Example: PAYPAY.
            livemode (bool): True for a live payment (made with a `sk_live_`/`dk_live_` key), false for a test one. Example:
                False.
            associated_payments (list[Payment] | Unset): The payment attempts, oldest first. Left out with `simple`.
            value_added_services (list[ValueAddedService] | Unset): Left out with `simple`.
     """

    token: str
    amount: int
    amount_total: int
    amount_vas: int
    custom: None | str
    expires_after: int | None
    expired: bool
    fulfilled: bool
    invalidated: bool
    order_no: None | str
    payment_method: None | str
    payment_interface: str
    redirection_url: None | str
    shop_id: int
    started: bool
    tip_vas_enabled: bool
    create_time: datetime.datetime
    update_time: datetime.datetime
    createTime: int
    updateTime: int
    payment: None | str
    livemode: bool
    associated_payments: list[Payment] | Unset = UNSET
    value_added_services: list[ValueAddedService] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payment import Payment # noqa: PLC0415
        from ..models.value_added_service import ValueAddedService # noqa: PLC0415
        token = self.token

        amount = self.amount

        amount_total = self.amount_total

        amount_vas = self.amount_vas

        custom: None | str
        custom = self.custom

        expires_after: int | None
        expires_after = self.expires_after

        expired = self.expired

        fulfilled = self.fulfilled

        invalidated = self.invalidated

        order_no: None | str
        order_no = self.order_no

        payment_method: None | str
        payment_method = self.payment_method

        payment_interface = self.payment_interface

        redirection_url: None | str
        redirection_url = self.redirection_url

        shop_id = self.shop_id

        started = self.started

        tip_vas_enabled = self.tip_vas_enabled

        create_time = self.create_time.isoformat()

        update_time = self.update_time.isoformat()

        createTime = self.createTime

        updateTime = self.updateTime

        payment: None | str
        payment = self.payment

        livemode = self.livemode

        associated_payments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.associated_payments, Unset):
            associated_payments = []
            for associated_payments_item_data in self.associated_payments:
                associated_payments_item = associated_payments_item_data.to_dict()
                associated_payments.append(associated_payments_item)



        value_added_services: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.value_added_services, Unset):
            value_added_services = []
            for value_added_services_item_data in self.value_added_services:
                value_added_services_item = value_added_services_item_data.to_dict()
                value_added_services.append(value_added_services_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "token": token,
            "amount": amount,
            "amount_total": amount_total,
            "amount_vas": amount_vas,
            "custom": custom,
            "expires_after": expires_after,
            "expired": expired,
            "fulfilled": fulfilled,
            "invalidated": invalidated,
            "order_no": order_no,
            "payment_method": payment_method,
            "payment_interface": payment_interface,
            "redirection_url": redirection_url,
            "shop_id": shop_id,
            "started": started,
            "tip_vas_enabled": tip_vas_enabled,
            "create_time": create_time,
            "update_time": update_time,
            "createTime": createTime,
            "updateTime": updateTime,
            "payment": payment,
            "livemode": livemode,
        })
        if associated_payments is not UNSET:
            field_dict["associated_payments"] = associated_payments
        if value_added_services is not UNSET:
            field_dict["value_added_services"] = value_added_services

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payment import Payment # noqa: PLC0415
        from ..models.value_added_service import ValueAddedService # noqa: PLC0415
        d = dict(src_dict)
        token = d.pop("token")

        amount = d.pop("amount")

        amount_total = d.pop("amount_total")

        amount_vas = d.pop("amount_vas")

        def _parse_custom(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        custom = _parse_custom(d.pop("custom"))


        def _parse_expires_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        expires_after = _parse_expires_after(d.pop("expires_after"))


        expired = d.pop("expired")

        fulfilled = d.pop("fulfilled")

        invalidated = d.pop("invalidated")

        def _parse_order_no(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        order_no = _parse_order_no(d.pop("order_no"))


        def _parse_payment_method(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payment_method = _parse_payment_method(d.pop("payment_method"))


        payment_interface = d.pop("payment_interface")

        def _parse_redirection_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        redirection_url = _parse_redirection_url(d.pop("redirection_url"))


        shop_id = d.pop("shop_id")

        started = d.pop("started")

        tip_vas_enabled = d.pop("tip_vas_enabled")

        create_time = datetime.datetime.fromisoformat(d.pop("create_time"))




        update_time = datetime.datetime.fromisoformat(d.pop("update_time"))




        createTime = d.pop("createTime")

        updateTime = d.pop("updateTime")

        def _parse_payment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        payment = _parse_payment(d.pop("payment"))


        livemode = d.pop("livemode")

        _associated_payments = d.pop("associated_payments", UNSET)
        associated_payments: list[Payment] | Unset = UNSET
        if _associated_payments is not UNSET:
            associated_payments = []
            for associated_payments_item_data in _associated_payments:
                associated_payments_item = Payment.from_dict(associated_payments_item_data)



                associated_payments.append(associated_payments_item)


        _value_added_services = d.pop("value_added_services", UNSET)
        value_added_services: list[ValueAddedService] | Unset = UNSET
        if _value_added_services is not UNSET:
            value_added_services = []
            for value_added_services_item_data in _value_added_services:
                value_added_services_item = ValueAddedService.from_dict(value_added_services_item_data)



                value_added_services.append(value_added_services_item)


        predefined_payment = cls(
            token=token,
            amount=amount,
            amount_total=amount_total,
            amount_vas=amount_vas,
            custom=custom,
            expires_after=expires_after,
            expired=expired,
            fulfilled=fulfilled,
            invalidated=invalidated,
            order_no=order_no,
            payment_method=payment_method,
            payment_interface=payment_interface,
            redirection_url=redirection_url,
            shop_id=shop_id,
            started=started,
            tip_vas_enabled=tip_vas_enabled,
            create_time=create_time,
            update_time=update_time,
            createTime=createTime,
            updateTime=updateTime,
            payment=payment,
            livemode=livemode,
            associated_payments=associated_payments,
            value_added_services=value_added_services,
        )


        predefined_payment.additional_properties = d
        return predefined_payment

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
