from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AvailablePayment")



@_attrs_define
class AvailablePayment:
    """ One brand the customer can choose.

        Attributes:
            image_url (str): The brand's badge (SVG). Example: http://127.0.0.1:8080/checkout/brands/paypay.svg.
            image_url_inline (str): The same badge as a `data:` URL, for pages that load nothing from elsewhere. Example:
                data:image/svg+xml,%3Csvg ....
            name (str): The brand's display name. Example: PayPay.
            payment (str): The brand's `payment_method` value; tolerate values you do not know. Example: paypay.
     """

    image_url: str
    image_url_inline: str
    name: str
    payment: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        image_url = self.image_url

        image_url_inline = self.image_url_inline

        name = self.name

        payment = self.payment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "image_url": image_url,
            "image_url_inline": image_url_inline,
            "name": name,
            "payment": payment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        image_url = d.pop("image_url")

        image_url_inline = d.pop("image_url_inline")

        name = d.pop("name")

        payment = d.pop("payment")

        available_payment = cls(
            image_url=image_url,
            image_url_inline=image_url_inline,
            name=name,
            payment=payment,
        )


        available_payment.additional_properties = d
        return available_payment

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
