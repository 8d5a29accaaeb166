from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Opening")



@_attrs_define
class Opening:
    """ One opening of a day (JST).

        Attributes:
            start_time (str): `HH:mm`, JST. Example: 17:00.
            end_time (str): `HH:mm`, JST; at or before `startTime` means the next day (e.g. 17:00–02:00). Example: 22:00.
            last_order_cutoff_mins (int): Minutes before `endTime` of the last order. Example: 60.
            last_order_time (str): `endTime` − `lastOrderCutoffMins`, `HH:mm` JST (the last bookable start). Example: 21:00.
            availability_desc (None | str | Unset): What the opening is, e.g. `Lunch`, `Dinner`. Example: Dinner.
     """

    start_time: str
    end_time: str
    last_order_cutoff_mins: int
    last_order_time: str
    availability_desc: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        start_time = self.start_time

        end_time = self.end_time

        last_order_cutoff_mins = self.last_order_cutoff_mins

        last_order_time = self.last_order_time

        availability_desc: None | str | Unset
        if isinstance(self.availability_desc, Unset):
            availability_desc = UNSET
        else:
            availability_desc = self.availability_desc


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "startTime": start_time,
            "endTime": end_time,
            "lastOrderCutoffMins": last_order_cutoff_mins,
            "lastOrderTime": last_order_time,
        })
        if availability_desc is not UNSET:
            field_dict["availabilityDesc"] = availability_desc

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start_time = d.pop("startTime")

        end_time = d.pop("endTime")

        last_order_cutoff_mins = d.pop("lastOrderCutoffMins")

        last_order_time = d.pop("lastOrderTime")

        def _parse_availability_desc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        availability_desc = _parse_availability_desc(d.pop("availabilityDesc", UNSET))


        opening = cls(
            start_time=start_time,
            end_time=end_time,
            last_order_cutoff_mins=last_order_cutoff_mins,
            last_order_time=last_order_time,
            availability_desc=availability_desc,
        )


        opening.additional_properties = d
        return opening

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
