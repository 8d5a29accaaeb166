from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.start_import_values_delete_old_type_0_type_1 import StartImportValuesDeleteOldType0Type1
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="StartImportValues")



@_attrs_define
class StartImportValues:
    """ Values of `import-start`.

        Attributes:
            shop (int):
            object_id (str): The `objectId` of `import-create`, its file uploaded.
            dry_run (bool | None | Unset): Check and report only; write nothing (default false).
            delete_old (bool | None | StartImportValuesDeleteOldType0Type1 | Unset):
            update_existing (bool | None | Unset): Update rows whose id exists (default false: they are reported as
                duplicates).
            keep_status (bool | None | Unset): Keep the status of menus that exist (default false).
            perform_at (int | None | Unset): When to run, in milliseconds since the epoch (default now).
     """

    shop: int
    object_id: str
    dry_run: bool | None | Unset = UNSET
    delete_old: bool | None | StartImportValuesDeleteOldType0Type1 | Unset = UNSET
    update_existing: bool | None | Unset = UNSET
    keep_status: bool | None | Unset = UNSET
    perform_at: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        shop = self.shop

        object_id = self.object_id

        dry_run: bool | None | Unset
        if isinstance(self.dry_run, Unset):
            dry_run = UNSET
        else:
            dry_run = self.dry_run

        delete_old: bool | None | str | Unset
        if isinstance(self.delete_old, Unset):
            delete_old = UNSET
        elif isinstance(self.delete_old, StartImportValuesDeleteOldType0Type1):
            delete_old = self.delete_old.value
        else:
            delete_old = self.delete_old

        update_existing: bool | None | Unset
        if isinstance(self.update_existing, Unset):
            update_existing = UNSET
        else:
            update_existing = self.update_existing

        keep_status: bool | None | Unset
        if isinstance(self.keep_status, Unset):
            keep_status = UNSET
        else:
            keep_status = self.keep_status

        perform_at: int | None | Unset
        if isinstance(self.perform_at, Unset):
            perform_at = UNSET
        else:
            perform_at = self.perform_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "shop": shop,
            "objectId": object_id,
        })
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run
        if delete_old is not UNSET:
            field_dict["deleteOld"] = delete_old
        if update_existing is not UNSET:
            field_dict["updateExisting"] = update_existing
        if keep_status is not UNSET:
            field_dict["keepStatus"] = keep_status
        if perform_at is not UNSET:
            field_dict["performAt"] = perform_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shop = d.pop("shop")

        object_id = d.pop("objectId")

        def _parse_dry_run(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        dry_run = _parse_dry_run(d.pop("dryRun", UNSET))


        def _parse_delete_old(data: object) -> bool | None | StartImportValuesDeleteOldType0Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delete_old_type_0_type_1 = StartImportValuesDeleteOldType0Type1(data)



                return delete_old_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(bool | None | StartImportValuesDeleteOldType0Type1 | Unset, data)

        delete_old = _parse_delete_old(d.pop("deleteOld", UNSET))


        def _parse_update_existing(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        update_existing = _parse_update_existing(d.pop("updateExisting", UNSET))


        def _parse_keep_status(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        keep_status = _parse_keep_status(d.pop("keepStatus", UNSET))


        def _parse_perform_at(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        perform_at = _parse_perform_at(d.pop("performAt", UNSET))


        start_import_values = cls(
            shop=shop,
            object_id=object_id,
            dry_run=dry_run,
            delete_old=delete_old,
            update_existing=update_existing,
            keep_status=keep_status,
            perform_at=perform_at,
        )

        return start_import_values

