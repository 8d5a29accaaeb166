from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.create_order_values_menu_type_0_item import CreateOrderValuesMenuType0Item
  from ..models.create_order_values_option_type_0_item import CreateOrderValuesOptionType0Item





T = TypeVar("T", bound="CreateOrderValues")



@_attrs_define
class CreateOrderValues:
    """ Values of the merchant's create call.

        Attributes:
            shop_id (int): The shop: must be the key's own shop (another shop's id answers 404).
            menu (list[CreateOrderValuesMenuType0Item] | None | Unset): Initial lines (the merchant's), checked and priced
                like an append.
            option (list[CreateOrderValuesOptionType0Item] | None | Unset): Initial option-menu lines (`isOption`).
            memo (None | str | Unset): A note for the kitchen; 0 to 300 characters.
            pay_offline (bool | None | Unset): The customer pays at the counter; default false.
            message_to (None | str | Unset): Whom to notify (free text); 0 to 300 characters.
            membership_number (None | str | Unset): 0 to 32 characters.
            extra_params (None | str | Unset): A query string kept as a map.
            phone_number (None | str | Unset): 0 to 20 characters; answered masked.
            email (None | str | Unset): 0 to 100 characters; answered masked.
            table_number (None | str | Unset): 0 to 32 characters.
            mutable (bool | None | Unset): Customers begin the order and add to it (created in status 0); default false:
                created
                finalized (status 2) with the merchant's lines only (`menu` or `option` then needs a
                line), its payment made at once (`predefinedPaymentToken`) unless `payOffline`.
     """

    shop_id: int
    menu: list[CreateOrderValuesMenuType0Item] | None | Unset = UNSET
    option: list[CreateOrderValuesOptionType0Item] | None | Unset = UNSET
    memo: None | str | Unset = UNSET
    pay_offline: bool | None | Unset = UNSET
    message_to: None | str | Unset = UNSET
    membership_number: None | str | Unset = UNSET
    extra_params: None | str | Unset = UNSET
    phone_number: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    table_number: None | str | Unset = UNSET
    mutable: bool | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.create_order_values_menu_type_0_item import CreateOrderValuesMenuType0Item # noqa: PLC0415
        from ..models.create_order_values_option_type_0_item import CreateOrderValuesOptionType0Item # noqa: PLC0415
        shop_id = self.shop_id

        menu: list[dict[str, Any]] | None | Unset
        if isinstance(self.menu, Unset):
            menu = UNSET
        elif isinstance(self.menu, list):
            menu = []
            for menu_type_0_item_data in self.menu:
                menu_type_0_item = menu_type_0_item_data.to_dict()
                menu.append(menu_type_0_item)


        else:
            menu = self.menu

        option: list[dict[str, Any]] | None | Unset
        if isinstance(self.option, Unset):
            option = UNSET
        elif isinstance(self.option, list):
            option = []
            for option_type_0_item_data in self.option:
                option_type_0_item = option_type_0_item_data.to_dict()
                option.append(option_type_0_item)


        else:
            option = self.option

        memo: None | str | Unset
        if isinstance(self.memo, Unset):
            memo = UNSET
        else:
            memo = self.memo

        pay_offline: bool | None | Unset
        if isinstance(self.pay_offline, Unset):
            pay_offline = UNSET
        else:
            pay_offline = self.pay_offline

        message_to: None | str | Unset
        if isinstance(self.message_to, Unset):
            message_to = UNSET
        else:
            message_to = self.message_to

        membership_number: None | str | Unset
        if isinstance(self.membership_number, Unset):
            membership_number = UNSET
        else:
            membership_number = self.membership_number

        extra_params: None | str | Unset
        if isinstance(self.extra_params, Unset):
            extra_params = UNSET
        else:
            extra_params = self.extra_params

        phone_number: None | str | Unset
        if isinstance(self.phone_number, Unset):
            phone_number = UNSET
        else:
            phone_number = self.phone_number

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        table_number: None | str | Unset
        if isinstance(self.table_number, Unset):
            table_number = UNSET
        else:
            table_number = self.table_number

        mutable: bool | None | Unset
        if isinstance(self.mutable, Unset):
            mutable = UNSET
        else:
            mutable = self.mutable


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "shopId": shop_id,
        })
        if menu is not UNSET:
            field_dict["menu"] = menu
        if option is not UNSET:
            field_dict["option"] = option
        if memo is not UNSET:
            field_dict["memo"] = memo
        if pay_offline is not UNSET:
            field_dict["payOffline"] = pay_offline
        if message_to is not UNSET:
            field_dict["messageTo"] = message_to
        if membership_number is not UNSET:
            field_dict["membershipNumber"] = membership_number
        if extra_params is not UNSET:
            field_dict["extraParams"] = extra_params
        if phone_number is not UNSET:
            field_dict["phoneNumber"] = phone_number
        if email is not UNSET:
            field_dict["email"] = email
        if table_number is not UNSET:
            field_dict["tableNumber"] = table_number
        if mutable is not UNSET:
            field_dict["mutable"] = mutable

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_order_values_menu_type_0_item import CreateOrderValuesMenuType0Item # noqa: PLC0415
        from ..models.create_order_values_option_type_0_item import CreateOrderValuesOptionType0Item # noqa: PLC0415
        d = dict(src_dict)
        shop_id = d.pop("shopId")

        def _parse_menu(data: object) -> list[CreateOrderValuesMenuType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                menu_type_0 = []
                _menu_type_0 = data
                for menu_type_0_item_data in (_menu_type_0):
                    menu_type_0_item = CreateOrderValuesMenuType0Item.from_dict(menu_type_0_item_data)



                    menu_type_0.append(menu_type_0_item)

                return menu_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreateOrderValuesMenuType0Item] | None | Unset, data)

        menu = _parse_menu(d.pop("menu", UNSET))


        def _parse_option(data: object) -> list[CreateOrderValuesOptionType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                option_type_0 = []
                _option_type_0 = data
                for option_type_0_item_data in (_option_type_0):
                    option_type_0_item = CreateOrderValuesOptionType0Item.from_dict(option_type_0_item_data)



                    option_type_0.append(option_type_0_item)

                return option_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreateOrderValuesOptionType0Item] | None | Unset, data)

        option = _parse_option(d.pop("option", UNSET))


        def _parse_memo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        memo = _parse_memo(d.pop("memo", UNSET))


        def _parse_pay_offline(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        pay_offline = _parse_pay_offline(d.pop("payOffline", UNSET))


        def _parse_message_to(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message_to = _parse_message_to(d.pop("messageTo", UNSET))


        def _parse_membership_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        membership_number = _parse_membership_number(d.pop("membershipNumber", UNSET))


        def _parse_extra_params(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        extra_params = _parse_extra_params(d.pop("extraParams", UNSET))


        def _parse_phone_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone_number = _parse_phone_number(d.pop("phoneNumber", UNSET))


        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        def _parse_table_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        table_number = _parse_table_number(d.pop("tableNumber", UNSET))


        def _parse_mutable(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        mutable = _parse_mutable(d.pop("mutable", UNSET))


        create_order_values = cls(
            shop_id=shop_id,
            menu=menu,
            option=option,
            memo=memo,
            pay_offline=pay_offline,
            message_to=message_to,
            membership_number=membership_number,
            extra_params=extra_params,
            phone_number=phone_number,
            email=email,
            table_number=table_number,
            mutable=mutable,
        )

        return create_order_values

