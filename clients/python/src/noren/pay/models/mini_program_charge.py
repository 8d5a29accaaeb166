from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.charge import Charge





T = TypeVar("T", bound="MiniProgramCharge")



@_attrs_define
class MiniProgramCharge:
    """ The answer of the mini-program call.

        Attributes:
            charge (Charge): What the mini-program passes to `wx.requestPayment`.
            id (int): The attempt's id.
            number (str): The attempt's payment number. Example: 4829301746502918.
            payment (str): The provider. Example: WECHATPAY.
     """

    charge: Charge
    id: int
    number: str
    payment: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.charge import Charge # noqa: PLC0415
        charge = self.charge.to_dict()

        id = self.id

        number = self.number

        payment = self.payment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "charge": charge,
            "id": id,
            "number": number,
            "payment": payment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.charge import Charge # noqa: PLC0415
        d = dict(src_dict)
        charge = Charge.from_dict(d.pop("charge"))




        id = d.pop("id")

        number = d.pop("number")

        payment = d.pop("payment")

        mini_program_charge = cls(
            charge=charge,
            id=id,
            number=number,
            payment=payment,
        )


        mini_program_charge.additional_properties = d
        return mini_program_charge

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
