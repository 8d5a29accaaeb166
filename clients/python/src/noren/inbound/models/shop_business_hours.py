from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.opening import Opening





T = TypeVar("T", bound="ShopBusinessHours")



@_attrs_define
class ShopBusinessHours:
    """ Business hours per weekday (JST); a closed day has an empty list.

        Attributes:
            mon (list[Opening]):
            tue (list[Opening]):
            wed (list[Opening]):
            thu (list[Opening]):
            fri (list[Opening]):
            sat (list[Opening]):
            sun (list[Opening]):
     """

    mon: list[Opening]
    tue: list[Opening]
    wed: list[Opening]
    thu: list[Opening]
    fri: list[Opening]
    sat: list[Opening]
    sun: list[Opening]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.opening import Opening # noqa: PLC0415
        mon = []
        for mon_item_data in self.mon:
            mon_item = mon_item_data.to_dict()
            mon.append(mon_item)



        tue = []
        for tue_item_data in self.tue:
            tue_item = tue_item_data.to_dict()
            tue.append(tue_item)



        wed = []
        for wed_item_data in self.wed:
            wed_item = wed_item_data.to_dict()
            wed.append(wed_item)



        thu = []
        for thu_item_data in self.thu:
            thu_item = thu_item_data.to_dict()
            thu.append(thu_item)



        fri = []
        for fri_item_data in self.fri:
            fri_item = fri_item_data.to_dict()
            fri.append(fri_item)



        sat = []
        for sat_item_data in self.sat:
            sat_item = sat_item_data.to_dict()
            sat.append(sat_item)



        sun = []
        for sun_item_data in self.sun:
            sun_item = sun_item_data.to_dict()
            sun.append(sun_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mon": mon,
            "tue": tue,
            "wed": wed,
            "thu": thu,
            "fri": fri,
            "sat": sat,
            "sun": sun,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.opening import Opening # noqa: PLC0415
        d = dict(src_dict)
        mon = []
        _mon = d.pop("mon")
        for mon_item_data in (_mon):
            mon_item = Opening.from_dict(mon_item_data)



            mon.append(mon_item)


        tue = []
        _tue = d.pop("tue")
        for tue_item_data in (_tue):
            tue_item = Opening.from_dict(tue_item_data)



            tue.append(tue_item)


        wed = []
        _wed = d.pop("wed")
        for wed_item_data in (_wed):
            wed_item = Opening.from_dict(wed_item_data)



            wed.append(wed_item)


        thu = []
        _thu = d.pop("thu")
        for thu_item_data in (_thu):
            thu_item = Opening.from_dict(thu_item_data)



            thu.append(thu_item)


        fri = []
        _fri = d.pop("fri")
        for fri_item_data in (_fri):
            fri_item = Opening.from_dict(fri_item_data)



            fri.append(fri_item)


        sat = []
        _sat = d.pop("sat")
        for sat_item_data in (_sat):
            sat_item = Opening.from_dict(sat_item_data)



            sat.append(sat_item)


        sun = []
        _sun = d.pop("sun")
        for sun_item_data in (_sun):
            sun_item = Opening.from_dict(sun_item_data)



            sun.append(sun_item)


        shop_business_hours = cls(
            mon=mon,
            tue=tue,
            wed=wed,
            thu=thu,
            fri=fri,
            sat=sat,
            sun=sun,
        )


        shop_business_hours.additional_properties = d
        return shop_business_hours

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
