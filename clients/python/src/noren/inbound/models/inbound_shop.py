from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.shop_business_hours import ShopBusinessHours
  from ..models.shop_i18n import ShopI18N
  from ..models.shop_images import ShopImages
  from ..models.shop_tag import ShopTag





T = TypeVar("T", bound="InboundShop")



@_attrs_define
class InboundShop:
    """ A shop partners can book.

        Attributes:
            id (int): The shop's id (`shopId` of the other calls). Example: 2.
            number (str): The shop's number. Example: 20000001.
            name_ja (str):  Example: 鮨 さくら 銀座.
            min_guests (int): Smallest party the shop takes.
            max_guests (int): Largest party the shop takes.
            cancellation_policy_days (int): A cancellation more than this many days ahead is fully refunded (`CANCELLED`),
                later
                ones are `CANCELLED_NO_REFUND`; never on the day itself (JST); negative: no
                cancellation at all.
            shop_business_hours (ShopBusinessHours): Business hours per weekday (JST); a closed day has an empty list.
            real_time_bookable (bool): Bookings are confirmed at once (`SUCCESS`); otherwise they wait for the shop
                (`PENDING`).
            cutoff_hours (int): Bookings must start at least this many hours from now.
            shop_tags (list[ShopTag]):
            shop_i18_n (ShopI18N): The shop's texts in one language.
            shop_images (ShopImages): Signed links (valid 10 minutes) of the shop's images by kind.
            name_en (None | str | Unset): Deprecated: use `shopI18n.shopName`.
            address_state (None | str | Unset): Deprecated (Japanese): use `shopI18n`.
            address_city (None | str | Unset): Deprecated (Japanese): use `shopI18n`.
            address_town (None | str | Unset): Deprecated (Japanese): use `shopI18n`.
            address_postal_code (None | str | Unset): Deprecated: use `shopI18n`.
            rating (float | None | Unset): 0 to 5.
            latitude (float | None | Unset):
            longitude (float | None | Unset):
     """

    id: int
    number: str
    name_ja: str
    min_guests: int
    max_guests: int
    cancellation_policy_days: int
    shop_business_hours: ShopBusinessHours
    real_time_bookable: bool
    cutoff_hours: int
    shop_tags: list[ShopTag]
    shop_i18_n: ShopI18N
    shop_images: ShopImages
    name_en: None | str | Unset = UNSET
    address_state: None | str | Unset = UNSET
    address_city: None | str | Unset = UNSET
    address_town: None | str | Unset = UNSET
    address_postal_code: None | str | Unset = UNSET
    rating: float | None | Unset = UNSET
    latitude: float | None | Unset = UNSET
    longitude: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.shop_business_hours import ShopBusinessHours # noqa: PLC0415
        from ..models.shop_i18n import ShopI18N # noqa: PLC0415
        from ..models.shop_images import ShopImages # noqa: PLC0415
        from ..models.shop_tag import ShopTag # noqa: PLC0415
        id = self.id

        number = self.number

        name_ja = self.name_ja

        min_guests = self.min_guests

        max_guests = self.max_guests

        cancellation_policy_days = self.cancellation_policy_days

        shop_business_hours = self.shop_business_hours.to_dict()

        real_time_bookable = self.real_time_bookable

        cutoff_hours = self.cutoff_hours

        shop_tags = []
        for shop_tags_item_data in self.shop_tags:
            shop_tags_item = shop_tags_item_data.to_dict()
            shop_tags.append(shop_tags_item)



        shop_i18_n = self.shop_i18_n.to_dict()

        shop_images = self.shop_images.to_dict()

        name_en: None | str | Unset
        if isinstance(self.name_en, Unset):
            name_en = UNSET
        else:
            name_en = self.name_en

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

        rating: float | None | Unset
        if isinstance(self.rating, Unset):
            rating = UNSET
        else:
            rating = self.rating

        latitude: float | None | Unset
        if isinstance(self.latitude, Unset):
            latitude = UNSET
        else:
            latitude = self.latitude

        longitude: float | None | Unset
        if isinstance(self.longitude, Unset):
            longitude = UNSET
        else:
            longitude = self.longitude


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "number": number,
            "nameJa": name_ja,
            "minGuests": min_guests,
            "maxGuests": max_guests,
            "cancellationPolicyDays": cancellation_policy_days,
            "shopBusinessHours": shop_business_hours,
            "realTimeBookable": real_time_bookable,
            "cutoffHours": cutoff_hours,
            "shopTags": shop_tags,
            "shopI18n": shop_i18_n,
            "shopImages": shop_images,
        })
        if name_en is not UNSET:
            field_dict["nameEn"] = name_en
        if address_state is not UNSET:
            field_dict["addressState"] = address_state
        if address_city is not UNSET:
            field_dict["addressCity"] = address_city
        if address_town is not UNSET:
            field_dict["addressTown"] = address_town
        if address_postal_code is not UNSET:
            field_dict["addressPostalCode"] = address_postal_code
        if rating is not UNSET:
            field_dict["rating"] = rating
        if latitude is not UNSET:
            field_dict["latitude"] = latitude
        if longitude is not UNSET:
            field_dict["longitude"] = longitude

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.shop_business_hours import ShopBusinessHours # noqa: PLC0415
        from ..models.shop_i18n import ShopI18N # noqa: PLC0415
        from ..models.shop_images import ShopImages # noqa: PLC0415
        from ..models.shop_tag import ShopTag # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        number = d.pop("number")

        name_ja = d.pop("nameJa")

        min_guests = d.pop("minGuests")

        max_guests = d.pop("maxGuests")

        cancellation_policy_days = d.pop("cancellationPolicyDays")

        shop_business_hours = ShopBusinessHours.from_dict(d.pop("shopBusinessHours"))




        real_time_bookable = d.pop("realTimeBookable")

        cutoff_hours = d.pop("cutoffHours")

        shop_tags = []
        _shop_tags = d.pop("shopTags")
        for shop_tags_item_data in (_shop_tags):
            shop_tags_item = ShopTag.from_dict(shop_tags_item_data)



            shop_tags.append(shop_tags_item)


        shop_i18_n = ShopI18N.from_dict(d.pop("shopI18n"))




        shop_images = ShopImages.from_dict(d.pop("shopImages"))




        def _parse_name_en(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name_en = _parse_name_en(d.pop("nameEn", UNSET))


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


        def _parse_rating(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rating = _parse_rating(d.pop("rating", UNSET))


        def _parse_latitude(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        latitude = _parse_latitude(d.pop("latitude", UNSET))


        def _parse_longitude(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        longitude = _parse_longitude(d.pop("longitude", UNSET))


        inbound_shop = cls(
            id=id,
            number=number,
            name_ja=name_ja,
            min_guests=min_guests,
            max_guests=max_guests,
            cancellation_policy_days=cancellation_policy_days,
            shop_business_hours=shop_business_hours,
            real_time_bookable=real_time_bookable,
            cutoff_hours=cutoff_hours,
            shop_tags=shop_tags,
            shop_i18_n=shop_i18_n,
            shop_images=shop_images,
            name_en=name_en,
            address_state=address_state,
            address_city=address_city,
            address_town=address_town,
            address_postal_code=address_postal_code,
            rating=rating,
            latitude=latitude,
            longitude=longitude,
        )


        inbound_shop.additional_properties = d
        return inbound_shop

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
