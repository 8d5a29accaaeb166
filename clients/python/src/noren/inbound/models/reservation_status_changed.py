from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.changed_by import ChangedBy
from ..models.reservation_status import ReservationStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.notified_reservation import NotifiedReservation





T = TypeVar("T", bound="ReservationStatusChanged")



@_attrs_define
class ReservationStatusChanged:
    """ The body POSTed to the platform when one of its reservations changes status.

        Example:
            {'changedBy': 'merchant', 'createdAt': '2026-12-01T10:00:00+09:00', 'id': 'evt_Qx2mL9vB4nT7cK1pZ8sR5wYd',
                'livemode': False, 'newStatus': 'SUCCESS', 'oldStatus': 'PENDING', 'reservation': {'id':
                'rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw', 'originPlatformReservationNumber': 'ACME-2026-000123', 'shopId': 1}, 'type':
                'reservation.status_changed'}

        Attributes:
            id (str): The event's id (`evt_…`), also sent as `Noren-Event-Id`: drop repeats by it.
            type_ (str): `reservation.status_changed`; ignore types you do not know. Example: reservation.status_changed.
            livemode (bool): False for reservations made with a test key (signed with the test secret).
            created_at (str): When the status changed, JST with its offset (RFC 3339). Example: 2026-12-01T10:00:00+09:00.
            reservation (NotifiedReservation): The reservation a notification is about.
            old_status (ReservationStatus): Inbound reservation status, stored and served as its upper-case name.

                Partners must accept values not listed here (the seed: unknown statuses may appear in
                staging); Noren itself only ever writes these six.
            new_status (ReservationStatus): Inbound reservation status, stored and served as its upper-case name.

                Partners must accept values not listed here (the seed: unknown statuses may appear in
                staging); Noren itself only ever writes these six.
            changed_by (ChangedBy): Who made the change.
     """

    id: str
    type_: str
    livemode: bool
    created_at: str
    reservation: NotifiedReservation
    old_status: ReservationStatus
    new_status: ReservationStatus
    changed_by: ChangedBy
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.notified_reservation import NotifiedReservation # noqa: PLC0415
        id = self.id

        type_ = self.type_

        livemode = self.livemode

        created_at = self.created_at

        reservation = self.reservation.to_dict()

        old_status = self.old_status.value

        new_status = self.new_status.value

        changed_by = self.changed_by.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "livemode": livemode,
            "createdAt": created_at,
            "reservation": reservation,
            "oldStatus": old_status,
            "newStatus": new_status,
            "changedBy": changed_by,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notified_reservation import NotifiedReservation # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        livemode = d.pop("livemode")

        created_at = d.pop("createdAt")

        reservation = NotifiedReservation.from_dict(d.pop("reservation"))




        old_status = ReservationStatus(d.pop("oldStatus"))




        new_status = ReservationStatus(d.pop("newStatus"))




        changed_by = ChangedBy(d.pop("changedBy"))




        reservation_status_changed = cls(
            id=id,
            type_=type_,
            livemode=livemode,
            created_at=created_at,
            reservation=reservation,
            old_status=old_status,
            new_status=new_status,
            changed_by=changed_by,
        )


        reservation_status_changed.additional_properties = d
        return reservation_status_changed

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
