from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.value_added_service_items_item import ValueAddedServiceItemsItem





T = TypeVar("T", bound="ValueAddedService")



@_attrs_define
class ValueAddedService:
    """ A value-added service (a tip).

        Attributes:
            comment (None | str):
            items (list[ValueAddedServiceItemsItem]): The service's lines, e.g. `{"amount": 100, "name": "tip"}`. Example:
                [{'amount': 100, 'name': 'tip'}].
            state (str):
            type_ (str):  Example: tip.
            create_time (datetime.datetime):  Example: 2026-11-23 14:02:49.806000+00:00.
            update_time (datetime.datetime):  Example: 2026-11-23 14:02:49.806000+00:00.
     """

    comment: None | str
    items: list[ValueAddedServiceItemsItem]
    state: str
    type_: str
    create_time: datetime.datetime
    update_time: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.value_added_service_items_item import ValueAddedServiceItemsItem # noqa: PLC0415
        comment: None | str
        comment = self.comment

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        state = self.state

        type_ = self.type_

        create_time = self.create_time.isoformat()

        update_time = self.update_time.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "comment": comment,
            "items": items,
            "state": state,
            "type": type_,
            "create_time": create_time,
            "update_time": update_time,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.value_added_service_items_item import ValueAddedServiceItemsItem # noqa: PLC0415
        d = dict(src_dict)
        def _parse_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        comment = _parse_comment(d.pop("comment"))


        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = ValueAddedServiceItemsItem.from_dict(items_item_data)



            items.append(items_item)


        state = d.pop("state")

        type_ = d.pop("type")

        create_time = datetime.datetime.fromisoformat(d.pop("create_time"))




        update_time = datetime.datetime.fromisoformat(d.pop("update_time"))




        value_added_service = cls(
            comment=comment,
            items=items,
            state=state,
            type_=type_,
            create_time=create_time,
            update_time=update_time,
        )


        value_added_service.additional_properties = d
        return value_added_service

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
