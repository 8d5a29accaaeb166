from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CurrencyInfo")



@_attrs_define
class CurrencyInfo:
    """ The local-currency view of a payment with a foreign brand.

        Attributes:
            country_code (str): ISO 3166-1 alpha-2 country of the brand's customers, e.g. `CN`. Example: CN.
            currency_code (str): ISO 4217 currency, e.g. `CNY`. Example: CNY.
            exchange_rate (float): Units of the currency per yen. Example: 0.047.
            amount_local (float): The amount in the currency, rounded to two decimals. Example: 51.7.
            amount_paid_local (float): What the customer paid in the currency. Example: 51.7.
     """

    country_code: str
    currency_code: str
    exchange_rate: float
    amount_local: float
    amount_paid_local: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        country_code = self.country_code

        currency_code = self.currency_code

        exchange_rate = self.exchange_rate

        amount_local = self.amount_local

        amount_paid_local = self.amount_paid_local


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "countryCode": country_code,
            "currencyCode": currency_code,
            "exchangeRate": exchange_rate,
            "amountLocal": amount_local,
            "amountPaidLocal": amount_paid_local,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        country_code = d.pop("countryCode")

        currency_code = d.pop("currencyCode")

        exchange_rate = d.pop("exchangeRate")

        amount_local = d.pop("amountLocal")

        amount_paid_local = d.pop("amountPaidLocal")

        currency_info = cls(
            country_code=country_code,
            currency_code=currency_code,
            exchange_rate=exchange_rate,
            amount_local=amount_local,
            amount_paid_local=amount_paid_local,
        )


        currency_info.additional_properties = d
        return currency_info

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
