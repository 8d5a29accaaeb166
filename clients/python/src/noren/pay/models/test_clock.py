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
    """ The shop's test clock: the time its test mode runs on.

        Example:
            {'create_time': datetime.datetime(2026, 12, 1, 9, 0, tzinfo=datetime.timezone(datetime.timedelta(0), 'Z')),
                'frozen_time': datetime.datetime(2026, 12, 1, 12, 0, tzinfo=datetime.timezone(datetime.timedelta(0), 'Z')),
                'id': 'clock_4Kq9xT2mP7vL1sR8wZ3yB6nC', 'last_advance': {'ran': {'webhook': 3}, 'total': 3}, 'livemode': False,
                'name': 'expiry walkthrough', 'status': 'ready', 'update_time': datetime.datetime(2026, 12, 1, 9, 5,
                tzinfo=datetime.timezone(datetime.timedelta(0), 'Z'))}

        Attributes:
            id (str): `clock_…`.
            name (None | str):
            frozen_time (datetime.datetime): The shop's test-mode "now" (RFC 3339, UTC). It moves only when advanced.
            status (str): `ready`, or `advancing` while an advance runs what came due. Example: ready.
            livemode (bool): Always false: clocks are for test mode.
            last_advance (AdvanceRan | None):
            create_time (datetime.datetime): Real time, not the clock's.
            update_time (datetime.datetime):
     """

    id: str
    name: None | str
    frozen_time: datetime.datetime
    status: str
    livemode: bool
    last_advance: AdvanceRan | None
    create_time: datetime.datetime
    update_time: datetime.datetime
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

        create_time = self.create_time.isoformat()

        update_time = self.update_time.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "frozen_time": frozen_time,
            "status": status,
            "livemode": livemode,
            "last_advance": last_advance,
            "create_time": create_time,
            "update_time": update_time,
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


        frozen_time = datetime.datetime.fromisoformat(d.pop("frozen_time"))




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

        last_advance = _parse_last_advance(d.pop("last_advance"))


        create_time = datetime.datetime.fromisoformat(d.pop("create_time"))




        update_time = datetime.datetime.fromisoformat(d.pop("update_time"))




        test_clock = cls(
            id=id,
            name=name,
            frozen_time=frozen_time,
            status=status,
            livemode=livemode,
            last_advance=last_advance,
            create_time=create_time,
            update_time=update_time,
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
