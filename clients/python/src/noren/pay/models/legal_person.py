from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="LegalPerson")



@_attrs_define
class LegalPerson:
    """ The contracting company a key belongs to.

        Attributes:
            company_email (str):  Example: dev@example.co.jp.
            company_name (str):  Example: Noren Demo K.K..
            contract_date (datetime.date): ISO-8601 date the contract starts. Example: 2025-04-01.
            contract_number (str):  Example: NOREN-DEMO-0001.
            id (int):
     """

    company_email: str
    company_name: str
    contract_date: datetime.date
    contract_number: str
    id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        company_email = self.company_email

        company_name = self.company_name

        contract_date = self.contract_date.isoformat()

        contract_number = self.contract_number

        id = self.id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "companyEmail": company_email,
            "companyName": company_name,
            "contractDate": contract_date,
            "contractNumber": contract_number,
            "id": id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        company_email = d.pop("companyEmail")

        company_name = d.pop("companyName")

        contract_date = datetime.date.fromisoformat(d.pop("contractDate"))




        contract_number = d.pop("contractNumber")

        id = d.pop("id")

        legal_person = cls(
            company_email=company_email,
            company_name=company_name,
            contract_date=contract_date,
            contract_number=contract_number,
            id=id,
        )


        legal_person.additional_properties = d
        return legal_person

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
