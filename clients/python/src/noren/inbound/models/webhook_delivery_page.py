from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.webhook_delivery_attempt import WebhookDeliveryAttempt





T = TypeVar("T", bound="WebhookDeliveryPage")



@_attrs_define
class WebhookDeliveryPage:
    """ A page of an endpoint's delivery log.

        Attributes:
            count (int):
            data (list[WebhookDeliveryAttempt]): Newest first.
            has_more (bool): Whether older attempts match.
            next_starting_after (None | str): Send it as `startingAfter` for the next page; null on the last. Example:
                wda_2077.
     """

    count: int
    data: list[WebhookDeliveryAttempt]
    has_more: bool
    next_starting_after: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_delivery_attempt import WebhookDeliveryAttempt # noqa: PLC0415
        count = self.count

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)



        has_more = self.has_more

        next_starting_after: None | str
        next_starting_after = self.next_starting_after


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "data": data,
            "hasMore": has_more,
            "nextStartingAfter": next_starting_after,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_delivery_attempt import WebhookDeliveryAttempt # noqa: PLC0415
        d = dict(src_dict)
        count = d.pop("count")

        data = []
        _data = d.pop("data")
        for data_item_data in (_data):
            data_item = WebhookDeliveryAttempt.from_dict(data_item_data)



            data.append(data_item)


        has_more = d.pop("hasMore")

        def _parse_next_starting_after(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_starting_after = _parse_next_starting_after(d.pop("nextStartingAfter"))


        webhook_delivery_page = cls(
            count=count,
            data=data,
            has_more=has_more,
            next_starting_after=next_starting_after,
        )


        webhook_delivery_page.additional_properties = d
        return webhook_delivery_page

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
