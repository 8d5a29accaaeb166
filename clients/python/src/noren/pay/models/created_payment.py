from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.predefined_payment import PredefinedPayment





T = TypeVar("T", bound="CreatedPayment")



@_attrs_define
class CreatedPayment:
    """ The answer of the create calls.

        Attributes:
            predefined_payment (PredefinedPayment): A payment the merchant defined, with its state.
            url (str): The hosted checkout page to send the customer to. Example:
                http://127.0.0.1:8080/checkout/q8W2nX4vT1bL7cZ0mK3pR5sY9dF6hJ2a.
     """

    predefined_payment: PredefinedPayment
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.predefined_payment import PredefinedPayment # noqa: PLC0415
        predefined_payment = self.predefined_payment.to_dict()

        url = self.url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "predefined_payment": predefined_payment,
            "url": url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.predefined_payment import PredefinedPayment # noqa: PLC0415
        d = dict(src_dict)
        predefined_payment = PredefinedPayment.from_dict(d.pop("predefined_payment"))




        url = d.pop("url")

        created_payment = cls(
            predefined_payment=predefined_payment,
            url=url,
        )


        created_payment.additional_properties = d
        return created_payment

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
