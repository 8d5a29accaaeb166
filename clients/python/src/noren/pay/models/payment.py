from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.history_entry import HistoryEntry





T = TypeVar("T", bound="Payment")



@_attrs_define
class Payment:
    """ One attempt to pay with one brand.

        Attributes:
            datetime_ (datetime.datetime): Deprecated: creation time; use `history`. Still sent. Example: 2026-11-23
                10:15:00+00:00.
            update_time (datetime.datetime): Time of the attempt's last change. Example: 2026-11-23 10:15:30.123000+00:00.
            amount (int): Whole yen charged (the predefined payment's `amount_total`). Example: 1000.
            history (list[HistoryEntry]):
            id (int):
            payment (str): The provider of the brand, e.g. `PAYPAY` or `WECHATPAY`. New values may appear. Example: PAYPAY.
            payment_method (str): The brand, e.g. `paypay`. New values may appear: tolerate unknown ones. Example: paypay.
            payment_number (str): 16 digits. Example: 4820394857201934.
            shop_number (str):  Example: 10000001.
            status (int): 0 unpaid, 10 paid, 30 refunded, 90 canceled. Example: 10.
            type_ (str): `online` for payments made through the checkout. Example: online.
            livemode (bool): True for a live payment, false for a test one. Example: False.
     """

    datetime_: datetime.datetime
    update_time: datetime.datetime
    amount: int
    history: list[HistoryEntry]
    id: int
    payment: str
    payment_method: str
    payment_number: str
    shop_number: str
    status: int
    type_: str
    livemode: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.history_entry import HistoryEntry # noqa: PLC0415
        datetime_ = self.datetime_.isoformat()

        update_time = self.update_time.isoformat()

        amount = self.amount

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        id = self.id

        payment = self.payment

        payment_method = self.payment_method

        payment_number = self.payment_number

        shop_number = self.shop_number

        status = self.status

        type_ = self.type_

        livemode = self.livemode


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "datetime": datetime_,
            "update_time": update_time,
            "amount": amount,
            "history": history,
            "id": id,
            "payment": payment,
            "payment_method": payment_method,
            "payment_number": payment_number,
            "shop_number": shop_number,
            "status": status,
            "type": type_,
            "livemode": livemode,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.history_entry import HistoryEntry # noqa: PLC0415
        d = dict(src_dict)
        datetime_ = datetime.datetime.fromisoformat(d.pop("datetime"))




        update_time = datetime.datetime.fromisoformat(d.pop("update_time"))




        amount = d.pop("amount")

        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = HistoryEntry.from_dict(history_item_data)



            history.append(history_item)


        id = d.pop("id")

        payment = d.pop("payment")

        payment_method = d.pop("payment_method")

        payment_number = d.pop("payment_number")

        shop_number = d.pop("shop_number")

        status = d.pop("status")

        type_ = d.pop("type")

        livemode = d.pop("livemode")

        payment = cls(
            datetime_=datetime_,
            update_time=update_time,
            amount=amount,
            history=history,
            id=id,
            payment=payment,
            payment_method=payment_method,
            payment_number=payment_number,
            shop_number=shop_number,
            status=status,
            type_=type_,
            livemode=livemode,
        )


        payment.additional_properties = d
        return payment

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
