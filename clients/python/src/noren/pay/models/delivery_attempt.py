from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="DeliveryAttempt")



@_attrs_define
class DeliveryAttempt:
    """ One delivery attempt.

        Attributes:
            attempt (int): 1 for the first delivery (the `Noren-Delivery-Attempt` header). Example: 1.
            time (datetime.datetime): When it was sent. Example: 2026-11-23 14:02:49.936000+00:00.
            status_code (int | None): Your receiver's HTTP status; null when it did not answer (timeout, no connection, or
                the attempt was cut off). Example: 200.
            duration_ms (int | None): How long it took; null when the attempt was cut off. Example: 42.
            error (None | str): Why it failed, when it did.
     """

    attempt: int
    time: datetime.datetime
    status_code: int | None
    duration_ms: int | None
    error: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        time = self.time.isoformat()

        status_code: int | None
        status_code = self.status_code

        duration_ms: int | None
        duration_ms = self.duration_ms

        error: None | str
        error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempt": attempt,
            "time": time,
            "status_code": status_code,
            "duration_ms": duration_ms,
            "error": error,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        time = datetime.datetime.fromisoformat(d.pop("time"))




        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))


        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))


        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        delivery_attempt = cls(
            attempt=attempt,
            time=time,
            status_code=status_code,
            duration_ms=duration_ms,
            error=error,
        )


        delivery_attempt.additional_properties = d
        return delivery_attempt

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
