from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.row_error import RowError





T = TypeVar("T", bound="GroupReport")



@_attrs_define
class GroupReport:
    """ One group of the report (one sheet).

        Attributes:
            count (int): Rows in the sheet (blank rows left out).
            imported (int): Rows imported (or, in a preview or dry run, that would be).
            failed (int): Rows refused; each has at least one entry in `errors`.
            errors (list[RowError]): The first 100 problems.
     """

    count: int
    imported: int
    failed: int
    errors: list[RowError]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.row_error import RowError # noqa: PLC0415
        count = self.count

        imported = self.imported

        failed = self.failed

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "count": count,
            "imported": imported,
            "failed": failed,
            "errors": errors,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.row_error import RowError # noqa: PLC0415
        d = dict(src_dict)
        count = d.pop("count")

        imported = d.pop("imported")

        failed = d.pop("failed")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in (_errors):
            errors_item = RowError.from_dict(errors_item_data)



            errors.append(errors_item)


        group_report = cls(
            count=count,
            imported=imported,
            failed=failed,
            errors=errors,
        )


        group_report.additional_properties = d
        return group_report

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
