from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Charge")



@_attrs_define
class Charge:
    """ What the mini-program passes to `wx.requestPayment`.

        Attributes:
            time_stamp (str):  Example: 1795430400.
            nonce_str (str):  Example: 5K8264ILTKCH16CQ2502SI8ZNMTM67VS.
            package (str):  Example: prepay_id=sbx_4829301746502918.
            sign_type (str):  Example: HMAC-SHA256.
            pay_sign (str): Uppercase hex HMAC-SHA256 of `appId=…&nonceStr=…&package=…&signType=…&timeStamp=…`,
                keyed with the shop's mini-program key of the payment's mode (`mpk_test_…`/`mpk_live_…`,
                printed by `noren miniprogram-app add`; not the webhook secret).
     """

    time_stamp: str
    nonce_str: str
    package: str
    sign_type: str
    pay_sign: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        time_stamp = self.time_stamp

        nonce_str = self.nonce_str

        package = self.package

        sign_type = self.sign_type

        pay_sign = self.pay_sign


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "timeStamp": time_stamp,
            "nonceStr": nonce_str,
            "package": package,
            "signType": sign_type,
            "paySign": pay_sign,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        time_stamp = d.pop("timeStamp")

        nonce_str = d.pop("nonceStr")

        package = d.pop("package")

        sign_type = d.pop("signType")

        pay_sign = d.pop("paySign")

        charge = cls(
            time_stamp=time_stamp,
            nonce_str=nonce_str,
            package=package,
            sign_type=sign_type,
            pay_sign=pay_sign,
        )


        charge.additional_properties = d
        return charge

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
