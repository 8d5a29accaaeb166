from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.order_line import OrderLine





T = TypeVar("T", bound="CafeteriaOrder")



@_attrs_define
class CafeteriaOrder:
    """ A cafeteria order.

        Example:
            {'amount': 2260, 'emailMasked': 't***@example.com', 'id': 'Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU', 'livemode': False,
                'memo': 'window seat', 'menu': [], 'mutableToken': 'h7Gk2LmQ9xTzR4pWc8VbN3sJd6FyA1eU', 'namePhonetic': None,
                'number': '1', 'paymentMethod': None, 'phoneNumberMasked': '*******5678', 'predefinedPaymentToken': None,
                'shopId': 1, 'smaregiTempTransactionBarcode': None, 'status': 1, 'tableNumber': '12', 'type': 'cafeteria'}

        Attributes:
            type_ (str): Always `cafeteria`. Example: cafeteria.
            id (str): Unguessable (32 characters).
            status (int): 0 created, 1 mutable, 2 finalized, 5 pending confirmation (paid), 10 confirmed, 15
                prepared, 20 finished, 30 refunded, 90 cancelled, 99 cancelled with error.
            number (str): Unique per shop and mode; the payment's `order_no`.
            shop_id (int):
            livemode (bool): Made with a live key.
            amount (int): The lines' `totalAmount` summed (yen, tax included).
            menu (list[OrderLine]): The lines.
            name_phonetic (None | str | Unset):
            memo (None | str | Unset):
            predefined_payment_token (None | str | Unset): The token of the predefined payment made at finalize.
            payment_method (None | str | Unset):
            mutable_token (None | str | Unset): The customer token (only in the merchant's answers; give it to the
                customers' devices).
            table_number (None | str | Unset):
            phone_number_masked (None | str | Unset): Only the last 4 digits.
            email_masked (None | str | Unset): `t***@example.com`.
            smaregi_temp_transaction_barcode (None | str | Unset): Not used by Noren (always null).
     """

    type_: str
    id: str
    status: int
    number: str
    shop_id: int
    livemode: bool
    amount: int
    menu: list[OrderLine]
    name_phonetic: None | str | Unset = UNSET
    memo: None | str | Unset = UNSET
    predefined_payment_token: None | str | Unset = UNSET
    payment_method: None | str | Unset = UNSET
    mutable_token: None | str | Unset = UNSET
    table_number: None | str | Unset = UNSET
    phone_number_masked: None | str | Unset = UNSET
    email_masked: None | str | Unset = UNSET
    smaregi_temp_transaction_barcode: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.order_line import OrderLine # noqa: PLC0415
        type_ = self.type_

        id = self.id

        status = self.status

        number = self.number

        shop_id = self.shop_id

        livemode = self.livemode

        amount = self.amount

        menu = []
        for menu_item_data in self.menu:
            menu_item = menu_item_data.to_dict()
            menu.append(menu_item)



        name_phonetic: None | str | Unset
        if isinstance(self.name_phonetic, Unset):
            name_phonetic = UNSET
        else:
            name_phonetic = self.name_phonetic

        memo: None | str | Unset
        if isinstance(self.memo, Unset):
            memo = UNSET
        else:
            memo = self.memo

        predefined_payment_token: None | str | Unset
        if isinstance(self.predefined_payment_token, Unset):
            predefined_payment_token = UNSET
        else:
            predefined_payment_token = self.predefined_payment_token

        payment_method: None | str | Unset
        if isinstance(self.payment_method, Unset):
            payment_method = UNSET
        else:
            payment_method = self.payment_method

        mutable_token: None | str | Unset
        if isinstance(self.mutable_token, Unset):
            mutable_token = UNSET
        else:
            mutable_token = self.mutable_token

        table_number: None | str | Unset
        if isinstance(self.table_number, Unset):
            table_number = UNSET
        else:
            table_number = self.table_number

        phone_number_masked: None | str | Unset
        if isinstance(self.phone_number_masked, Unset):
            phone_number_masked = UNSET
        else:
            phone_number_masked = self.phone_number_masked

        email_masked: None | str | Unset
        if isinstance(self.email_masked, Unset):
            email_masked = UNSET
        else:
            email_masked = self.email_masked

        smaregi_temp_transaction_barcode: None | str | Unset
        if isinstance(self.smaregi_temp_transaction_barcode, Unset):
            smaregi_temp_transaction_barcode = UNSET
        else:
            smaregi_temp_transaction_barcode = self.smaregi_temp_transaction_barcode


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "id": id,
            "status": status,
            "number": number,
            "shopId": shop_id,
            "livemode": livemode,
            "amount": amount,
            "menu": menu,
        })
        if name_phonetic is not UNSET:
            field_dict["namePhonetic"] = name_phonetic
        if memo is not UNSET:
            field_dict["memo"] = memo
        if predefined_payment_token is not UNSET:
            field_dict["predefinedPaymentToken"] = predefined_payment_token
        if payment_method is not UNSET:
            field_dict["paymentMethod"] = payment_method
        if mutable_token is not UNSET:
            field_dict["mutableToken"] = mutable_token
        if table_number is not UNSET:
            field_dict["tableNumber"] = table_number
        if phone_number_masked is not UNSET:
            field_dict["phoneNumberMasked"] = phone_number_masked
        if email_masked is not UNSET:
            field_dict["emailMasked"] = email_masked
        if smaregi_temp_transaction_barcode is not UNSET:
            field_dict["smaregiTempTransactionBarcode"] = smaregi_temp_transaction_barcode

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.order_line import OrderLine # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        id = d.pop("id")

        status = d.pop("status")

        number = d.pop("number")

        shop_id = d.pop("shopId")

        livemode = d.pop("livemode")

        amount = d.pop("amount")

        menu = []
        _menu = d.pop("menu")
        for menu_item_data in (_menu):
            menu_item = OrderLine.from_dict(menu_item_data)



            menu.append(menu_item)


        def _parse_name_phonetic(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name_phonetic = _parse_name_phonetic(d.pop("namePhonetic", UNSET))


        def _parse_memo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        memo = _parse_memo(d.pop("memo", UNSET))


        def _parse_predefined_payment_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        predefined_payment_token = _parse_predefined_payment_token(d.pop("predefinedPaymentToken", UNSET))


        def _parse_payment_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        payment_method = _parse_payment_method(d.pop("paymentMethod", UNSET))


        def _parse_mutable_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mutable_token = _parse_mutable_token(d.pop("mutableToken", UNSET))


        def _parse_table_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        table_number = _parse_table_number(d.pop("tableNumber", UNSET))


        def _parse_phone_number_masked(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone_number_masked = _parse_phone_number_masked(d.pop("phoneNumberMasked", UNSET))


        def _parse_email_masked(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_masked = _parse_email_masked(d.pop("emailMasked", UNSET))


        def _parse_smaregi_temp_transaction_barcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        smaregi_temp_transaction_barcode = _parse_smaregi_temp_transaction_barcode(d.pop("smaregiTempTransactionBarcode", UNSET))


        cafeteria_order = cls(
            type_=type_,
            id=id,
            status=status,
            number=number,
            shop_id=shop_id,
            livemode=livemode,
            amount=amount,
            menu=menu,
            name_phonetic=name_phonetic,
            memo=memo,
            predefined_payment_token=predefined_payment_token,
            payment_method=payment_method,
            mutable_token=mutable_token,
            table_number=table_number,
            phone_number_masked=phone_number_masked,
            email_masked=email_masked,
            smaregi_temp_transaction_barcode=smaregi_temp_transaction_barcode,
        )


        cafeteria_order.additional_properties = d
        return cafeteria_order

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
