from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.webhook_event_record import WebhookEventRecord





T = TypeVar("T", bound="WebhookEventPage")



@_attrs_define
class WebhookEventPage:
    """ A page of events.

        Attributes:
            count (int): Events on this page.
            data (list[WebhookEventRecord]):
            offset (int):
            total (int): Events that match.
     """

    count: int
    data: list[WebhookEventRecord]
    offset: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_event_record import WebhookEventRecord # noqa: PLC0415
        count = self.count

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)



        offset = self.offset

        total = self.total


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "data": data,
            "offset": offset,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_event_record import WebhookEventRecord # noqa: PLC0415
        d = dict(src_dict)
        count = d.pop("count")

        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = WebhookEventRecord.from_dict(data_item_data)



            data.append(data_item)


        offset = d.pop("offset")

        total = d.pop("total")

        webhook_event_page = cls(
            count=count,
            data=data,
            offset=offset,
            total=total,
        )


        webhook_event_page.additional_properties = d
        return webhook_event_page

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
