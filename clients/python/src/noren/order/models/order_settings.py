from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="OrderSettings")



@_attrs_define
class OrderSettings:
    """ When and how the shop takes orders. Times are `HH:MM` in JST; null when the shop has not
    set them.

        Attributes:
            delivery_fee (int): Yen.
            delivery_opening (bool):
            cafeteria_opening (bool):
            takeout_opening (bool):
            takeout_open_time (None | str | Unset):  Example: 11:00.
            takeout_last_order_time (None | str | Unset):  Example: 20:30.
            delivery_open_time (None | str | Unset):
            delivery_last_order_time (None | str | Unset):
            cafeteria_open_time (None | str | Unset):
            cafeteria_last_order_time (None | str | Unset):
            desc (None | str | Unset):
     """

    delivery_fee: int
    delivery_opening: bool
    cafeteria_opening: bool
    takeout_opening: bool
    takeout_open_time: None | str | Unset = UNSET
    takeout_last_order_time: None | str | Unset = UNSET
    delivery_open_time: None | str | Unset = UNSET
    delivery_last_order_time: None | str | Unset = UNSET
    cafeteria_open_time: None | str | Unset = UNSET
    cafeteria_last_order_time: None | str | Unset = UNSET
    desc: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        delivery_fee = self.delivery_fee

        delivery_opening = self.delivery_opening

        cafeteria_opening = self.cafeteria_opening

        takeout_opening = self.takeout_opening

        takeout_open_time: None | str | Unset
        if isinstance(self.takeout_open_time, Unset):
            takeout_open_time = UNSET
        else:
            takeout_open_time = self.takeout_open_time

        takeout_last_order_time: None | str | Unset
        if isinstance(self.takeout_last_order_time, Unset):
            takeout_last_order_time = UNSET
        else:
            takeout_last_order_time = self.takeout_last_order_time

        delivery_open_time: None | str | Unset
        if isinstance(self.delivery_open_time, Unset):
            delivery_open_time = UNSET
        else:
            delivery_open_time = self.delivery_open_time

        delivery_last_order_time: None | str | Unset
        if isinstance(self.delivery_last_order_time, Unset):
            delivery_last_order_time = UNSET
        else:
            delivery_last_order_time = self.delivery_last_order_time

        cafeteria_open_time: None | str | Unset
        if isinstance(self.cafeteria_open_time, Unset):
            cafeteria_open_time = UNSET
        else:
            cafeteria_open_time = self.cafeteria_open_time

        cafeteria_last_order_time: None | str | Unset
        if isinstance(self.cafeteria_last_order_time, Unset):
            cafeteria_last_order_time = UNSET
        else:
            cafeteria_last_order_time = self.cafeteria_last_order_time

        desc: None | str | Unset
        if isinstance(self.desc, Unset):
            desc = UNSET
        else:
            desc = self.desc


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "deliveryFee": delivery_fee,
            "deliveryOpening": delivery_opening,
            "cafeteriaOpening": cafeteria_opening,
            "takeoutOpening": takeout_opening,
        })
        if takeout_open_time is not UNSET:
            field_dict["takeoutOpenTime"] = takeout_open_time
        if takeout_last_order_time is not UNSET:
            field_dict["takeoutLastOrderTime"] = takeout_last_order_time
        if delivery_open_time is not UNSET:
            field_dict["deliveryOpenTime"] = delivery_open_time
        if delivery_last_order_time is not UNSET:
            field_dict["deliveryLastOrderTime"] = delivery_last_order_time
        if cafeteria_open_time is not UNSET:
            field_dict["cafeteriaOpenTime"] = cafeteria_open_time
        if cafeteria_last_order_time is not UNSET:
            field_dict["cafeteriaLastOrderTime"] = cafeteria_last_order_time
        if desc is not UNSET:
            field_dict["desc"] = desc

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delivery_fee = d.pop("deliveryFee")

        delivery_opening = d.pop("deliveryOpening")

        cafeteria_opening = d.pop("cafeteriaOpening")

        takeout_opening = d.pop("takeoutOpening")

        def _parse_takeout_open_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        takeout_open_time = _parse_takeout_open_time(d.pop("takeoutOpenTime", UNSET))


        def _parse_takeout_last_order_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        takeout_last_order_time = _parse_takeout_last_order_time(d.pop("takeoutLastOrderTime", UNSET))


        def _parse_delivery_open_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        delivery_open_time = _parse_delivery_open_time(d.pop("deliveryOpenTime", UNSET))


        def _parse_delivery_last_order_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        delivery_last_order_time = _parse_delivery_last_order_time(d.pop("deliveryLastOrderTime", UNSET))


        def _parse_cafeteria_open_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cafeteria_open_time = _parse_cafeteria_open_time(d.pop("cafeteriaOpenTime", UNSET))


        def _parse_cafeteria_last_order_time(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cafeteria_last_order_time = _parse_cafeteria_last_order_time(d.pop("cafeteriaLastOrderTime", UNSET))


        def _parse_desc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        desc = _parse_desc(d.pop("desc", UNSET))


        order_settings = cls(
            delivery_fee=delivery_fee,
            delivery_opening=delivery_opening,
            cafeteria_opening=cafeteria_opening,
            takeout_opening=takeout_opening,
            takeout_open_time=takeout_open_time,
            takeout_last_order_time=takeout_last_order_time,
            delivery_open_time=delivery_open_time,
            delivery_last_order_time=delivery_last_order_time,
            cafeteria_open_time=cafeteria_open_time,
            cafeteria_last_order_time=cafeteria_last_order_time,
            desc=desc,
        )


        order_settings.additional_properties = d
        return order_settings

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
