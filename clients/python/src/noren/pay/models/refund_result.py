from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.payment import Payment





T = TypeVar("T", bound="RefundResult")



@_attrs_define
class RefundResult:
    """ The answer of a refund.

        Example:
            {'message': 'refunded', 'payment': {'amount': 1100, 'datetime': datetime.datetime(2026, 11, 23, 14, 2, 49,
                806000, tzinfo=datetime.timezone(datetime.timedelta(0), 'Z')), 'history': [{'operation_time':
                datetime.datetime(2026, 11, 23, 14, 2, 49, 806000, tzinfo=datetime.timezone(datetime.timedelta(0), 'Z')),
                'status': 0}, {'operation_time': datetime.datetime(2026, 11, 23, 14, 2, 49, 932000,
                tzinfo=datetime.timezone(datetime.timedelta(0), 'Z')), 'status': 10}, {'operation_time': datetime.datetime(2026,
                11, 24, 9, 30, 12, 345000, tzinfo=datetime.timezone(datetime.timedelta(0), 'Z')), 'status': 30}], 'id': 1,
                'livemode': False, 'payment': 'PAYPAY', 'payment_method': 'paypay', 'payment_number': '4525874230008773',
                'shop_number': '10000001', 'status': 30, 'type': 'online', 'update_time': datetime.datetime(2026, 11, 24, 9, 30,
                12, 345000, tzinfo=datetime.timezone(datetime.timedelta(0), 'Z'))}, 'result_code': 2000}

        Attributes:
            message (str): What happened, in English.
            payment (Payment): One attempt to pay with one brand.
            result_code (int): 2000 success; 2100 error during refund (the brand refused; still paid); 2101 not
                eligible (unpaid, already refunded, or a refund of it is in progress); 2102 the refund
                period has passed; 2200 internal error (safe to retry). Example: 2000.
     """

    message: str
    payment: Payment
    result_code: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.payment import Payment # noqa: PLC0415
        message = self.message

        payment = self.payment.to_dict()

        result_code = self.result_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "message": message,
            "payment": payment,
            "result_code": result_code,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.payment import Payment # noqa: PLC0415
        d = dict(src_dict)
        message = d.pop("message")

        payment = Payment.from_dict(d.pop("payment"))




        result_code = d.pop("result_code")

        refund_result = cls(
            message=message,
            payment=payment,
            result_code=result_code,
        )


        refund_result.additional_properties = d
        return refund_result

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
