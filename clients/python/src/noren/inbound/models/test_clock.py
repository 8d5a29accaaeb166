from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.advance_ran import AdvanceRan





T = TypeVar("T", bound="TestClock")



@_attrs_define
class TestClock:
    """ The platform's test clock: the time its test mode runs on.

        Example:
            {'createdAt': '2026-12-01T19:00:00+09:00', 'frozenTime': '2027-01-15T18:00:00+09:00', 'id':
                'clock_7Hq2mX9pL4tV1cK8nB3sR6wY', 'lastAdvance': {'ran': {'webhook': 1}, 'total': 1}, 'livemode': False, 'name':
                'cancellation rules', 'status': 'ready', 'updatedAt': '2026-12-01T19:05:00+09:00'}

        Attributes:
            id (str): `clock_…`.
            name (None | str):
            frozen_time (datetime.datetime): The platform's test-mode "now" (RFC 3339 in JST). It moves only when advanced.
            status (str): `ready`, or `advancing` while an advance runs what came due. Example: ready.
            livemode (bool): Always false: clocks are for test mode.
            last_advance (AdvanceRan | None):
            created_at (datetime.datetime): Real time, not the clock's.
            updated_at (datetime.datetime):
     """

    id: str
    name: None | str
    frozen_time: datetime.datetime
    status: str
    livemode: bool
    last_advance: AdvanceRan | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.advance_ran import AdvanceRan # noqa: PLC0415
        id = self.id

        name: None | str
        name = self.name

        frozen_time = self.frozen_time.isoformat()

        status = self.status

        livemode = self.livemode

        last_advance: dict[str, Any] | None
        if isinstance(self.last_advance, AdvanceRan):
            last_advance = self.last_advance.to_dict()
        else:
            last_advance = self.last_advance

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "frozenTime": frozen_time,
            "status": status,
            "livemode": livemode,
            "lastAdvance": last_advance,
            "createdAt": created_at,
            "updatedAt": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.advance_ran import AdvanceRan # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        frozen_time = datetime.datetime.fromisoformat(d.pop("frozenTime"))




        status = d.pop("status")

        livemode = d.pop("livemode")

        def _parse_last_advance(data: object) -> AdvanceRan | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_advance_type_0 = AdvanceRan.from_dict(data)



                return last_advance_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AdvanceRan | None, data)

        last_advance = _parse_last_advance(d.pop("lastAdvance"))


        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))




        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))




        test_clock = cls(
            id=id,
            name=name,
            frozen_time=frozen_time,
            status=status,
            livemode=livemode,
            last_advance=last_advance,
            created_at=created_at,
            updated_at=updated_at,
        )


        test_clock.additional_properties = d
        return test_clock

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
