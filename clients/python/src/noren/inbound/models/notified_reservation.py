from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="NotifiedReservation")



@_attrs_define
class NotifiedReservation:
    """ The reservation a notification is about.

        Attributes:
            id (str): Noren's id (`rsv_…`). Example: rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw.
            origin_platform_reservation_number (str): Your own number for it. Example: ACME-2026-000123.
            shop_id (int):  Example: 1.
     """

    id: str
    origin_platform_reservation_number: str
    shop_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        origin_platform_reservation_number = self.origin_platform_reservation_number

        shop_id = self.shop_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "originPlatformReservationNumber": origin_platform_reservation_number,
            "shopId": shop_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        origin_platform_reservation_number = d.pop("originPlatformReservationNumber")

        shop_id = d.pop("shopId")

        notified_reservation = cls(
            id=id,
            origin_platform_reservation_number=origin_platform_reservation_number,
            shop_id=shop_id,
        )


        notified_reservation.additional_properties = d
        return notified_reservation

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
