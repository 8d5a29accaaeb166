from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.key_info import KeyInfo
  from ..models.legal_person import LegalPerson
  from ..models.shop import Shop
  from ..models.shop_device import ShopDevice





T = TypeVar("T", bound="KeyCheckResult")



@_attrs_define
class KeyCheckResult:
    """ Key check result.

        Attributes:
            legal_person (LegalPerson): The contracting company a key belongs to.
            shop (Shop): The shop a key belongs to.
            shop_device (ShopDevice): The shop device a key belongs to (a merchant secret key belongs to the shop's server
                device).
            api_key (KeyInfo): The key itself: which family and mode it is.
     """

    legal_person: LegalPerson
    shop: Shop
    shop_device: ShopDevice
    api_key: KeyInfo
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.key_info import KeyInfo # noqa: PLC0415
        from ..models.legal_person import LegalPerson # noqa: PLC0415
        from ..models.shop import Shop # noqa: PLC0415
        from ..models.shop_device import ShopDevice # noqa: PLC0415
        legal_person = self.legal_person.to_dict()

        shop = self.shop.to_dict()

        shop_device = self.shop_device.to_dict()

        api_key = self.api_key.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "legal_person": legal_person,
            "shop": shop,
            "shop_device": shop_device,
            "api_key": api_key,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.key_info import KeyInfo # noqa: PLC0415
        from ..models.legal_person import LegalPerson # noqa: PLC0415
        from ..models.shop import Shop # noqa: PLC0415
        from ..models.shop_device import ShopDevice # noqa: PLC0415
        d = dict(src_dict)
        legal_person = LegalPerson.from_dict(d.pop("legal_person"))




        shop = Shop.from_dict(d.pop("shop"))




        shop_device = ShopDevice.from_dict(d.pop("shop_device"))




        api_key = KeyInfo.from_dict(d.pop("api_key"))




        key_check_result = cls(
            legal_person=legal_person,
            shop=shop,
            shop_device=shop_device,
            api_key=api_key,
        )


        key_check_result.additional_properties = d
        return key_check_result

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
