from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.lang import Lang
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ShopI18N")



@_attrs_define
class ShopI18N:
    """ The shop's texts in one language.

        Attributes:
            shop_name (str):
            language_code (Lang):
            formatted_address (None | str | Unset):
            international_phone_number (None | str | Unset):
            address_state (None | str | Unset): The prefecture in `languageCode` (`Tokyo`, `東京都`); the Japanese one when the
                shop has
                none in that language. Example: Tokyo.
            address_city (None | str | Unset): The city or ward in `languageCode` (`Chuo City`), else the Japanese one.
                Example: Chuo City.
            address_town (None | str | Unset): The town in `languageCode` (`Ginza`), else the Japanese one. Example: Ginza.
            address_postal_code (None | str | Unset): The postal code (`NNN-NNNN`), the same in every language. Example:
                104-0061.
            shop_description (None | str | Unset):
            precaution (None | str | Unset): What guests should know before booking.
     """

    shop_name: str
    language_code: Lang
    formatted_address: None | str | Unset = UNSET
    international_phone_number: None | str | Unset = UNSET
    address_state: None | str | Unset = UNSET
    address_city: None | str | Unset = UNSET
    address_town: None | str | Unset = UNSET
    address_postal_code: None | str | Unset = UNSET
    shop_description: None | str | Unset = UNSET
    precaution: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        shop_name = self.shop_name

        language_code = self.language_code.value

        formatted_address: None | str | Unset
        if isinstance(self.formatted_address, Unset):
            formatted_address = UNSET
        else:
            formatted_address = self.formatted_address

        international_phone_number: None | str | Unset
        if isinstance(self.international_phone_number, Unset):
            international_phone_number = UNSET
        else:
            international_phone_number = self.international_phone_number

        address_state: None | str | Unset
        if isinstance(self.address_state, Unset):
            address_state = UNSET
        else:
            address_state = self.address_state

        address_city: None | str | Unset
        if isinstance(self.address_city, Unset):
            address_city = UNSET
        else:
            address_city = self.address_city

        address_town: None | str | Unset
        if isinstance(self.address_town, Unset):
            address_town = UNSET
        else:
            address_town = self.address_town

        address_postal_code: None | str | Unset
        if isinstance(self.address_postal_code, Unset):
            address_postal_code = UNSET
        else:
            address_postal_code = self.address_postal_code

        shop_description: None | str | Unset
        if isinstance(self.shop_description, Unset):
            shop_description = UNSET
        else:
            shop_description = self.shop_description

        precaution: None | str | Unset
        if isinstance(self.precaution, Unset):
            precaution = UNSET
        else:
            precaution = self.precaution


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "shopName": shop_name,
            "languageCode": language_code,
        })
        if formatted_address is not UNSET:
            field_dict["formattedAddress"] = formatted_address
        if international_phone_number is not UNSET:
            field_dict["internationalPhoneNumber"] = international_phone_number
        if address_state is not UNSET:
            field_dict["addressState"] = address_state
        if address_city is not UNSET:
            field_dict["addressCity"] = address_city
        if address_town is not UNSET:
            field_dict["addressTown"] = address_town
        if address_postal_code is not UNSET:
            field_dict["addressPostalCode"] = address_postal_code
        if shop_description is not UNSET:
            field_dict["shopDescription"] = shop_description
        if precaution is not UNSET:
            field_dict["precaution"] = precaution

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shop_name = d.pop("shopName")

        language_code = Lang(d.pop("languageCode"))




        def _parse_formatted_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        formatted_address = _parse_formatted_address(d.pop("formattedAddress", UNSET))


        def _parse_international_phone_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        international_phone_number = _parse_international_phone_number(d.pop("internationalPhoneNumber", UNSET))


        def _parse_address_state(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_state = _parse_address_state(d.pop("addressState", UNSET))


        def _parse_address_city(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_city = _parse_address_city(d.pop("addressCity", UNSET))


        def _parse_address_town(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_town = _parse_address_town(d.pop("addressTown", UNSET))


        def _parse_address_postal_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        address_postal_code = _parse_address_postal_code(d.pop("addressPostalCode", UNSET))


        def _parse_shop_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        shop_description = _parse_shop_description(d.pop("shopDescription", UNSET))


        def _parse_precaution(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        precaution = _parse_precaution(d.pop("precaution", UNSET))


        shop_i18n = cls(
            shop_name=shop_name,
            language_code=language_code,
            formatted_address=formatted_address,
            international_phone_number=international_phone_number,
            address_state=address_state,
            address_city=address_city,
            address_town=address_town,
            address_postal_code=address_postal_code,
            shop_description=shop_description,
            precaution=precaution,
        )


        shop_i18n.additional_properties = d
        return shop_i18n

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
