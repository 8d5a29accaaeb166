from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lang import Lang
from typing import cast






T = TypeVar("T", bound="ShopDevice")



@_attrs_define
class ShopDevice:
    """ The shop device a key belongs to (a merchant secret key belongs to the shop's server device).

        Attributes:
            create_time (int): Creation time, milliseconds since the Unix epoch. Example: 1735689600000.
            device_name (str):
            device_number (str):
            push_channel (None | str): Push-notification channel of the device, if it registered one.
            push_token (None | str): Push-notification token of the device, if it registered one.
            device_type (str): `server`, `pos`, `tablet`, `ios`, `android` or `web`. Example: server.
            disabled (bool):
            id (int):
            mobile_device_preferred_language (Lang | None):
            parent_shop (int): The id of the shop the device belongs to.
            update_time (int): Last update time, milliseconds since the Unix epoch.
     """

    create_time: int
    device_name: str
    device_number: str
    push_channel: None | str
    push_token: None | str
    device_type: str
    disabled: bool
    id: int
    mobile_device_preferred_language: Lang | None
    parent_shop: int
    update_time: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        create_time = self.create_time

        device_name = self.device_name

        device_number = self.device_number

        push_channel: None | str
        push_channel = self.push_channel

        push_token: None | str
        push_token = self.push_token

        device_type = self.device_type

        disabled = self.disabled

        id = self.id

        mobile_device_preferred_language: None | str
        if isinstance(self.mobile_device_preferred_language, Lang):
            mobile_device_preferred_language = self.mobile_device_preferred_language.value
        else:
            mobile_device_preferred_language = self.mobile_device_preferred_language

        parent_shop = self.parent_shop

        update_time = self.update_time


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "createTime": create_time,
            "deviceName": device_name,
            "deviceNumber": device_number,
            "pushChannel": push_channel,
            "pushToken": push_token,
            "deviceType": device_type,
            "disabled": disabled,
            "id": id,
            "mobileDevicePreferredLanguage": mobile_device_preferred_language,
            "parentShop": parent_shop,
            "updateTime": update_time,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        create_time = d.pop("createTime")

        device_name = d.pop("deviceName")

        device_number = d.pop("deviceNumber")

        def _parse_push_channel(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        push_channel = _parse_push_channel(d.pop("pushChannel"))


        def _parse_push_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        push_token = _parse_push_token(d.pop("pushToken"))


        device_type = d.pop("deviceType")

        disabled = d.pop("disabled")

        id = d.pop("id")

        def _parse_mobile_device_preferred_language(data: object) -> Lang | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mobile_device_preferred_language_type_0 = Lang(data)



                return mobile_device_preferred_language_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Lang | None, data)

        mobile_device_preferred_language = _parse_mobile_device_preferred_language(d.pop("mobileDevicePreferredLanguage"))


        parent_shop = d.pop("parentShop")

        update_time = d.pop("updateTime")

        shop_device = cls(
            create_time=create_time,
            device_name=device_name,
            device_number=device_number,
            push_channel=push_channel,
            push_token=push_token,
            device_type=device_type,
            disabled=disabled,
            id=id,
            mobile_device_preferred_language=mobile_device_preferred_language,
            parent_shop=parent_shop,
            update_time=update_time,
        )


        shop_device.additional_properties = d
        return shop_device

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
