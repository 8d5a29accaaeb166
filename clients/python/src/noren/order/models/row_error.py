from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RowError")



@_attrs_define
class RowError:
    """ A row-level problem.

        Attributes:
            sheet (str): The sheet. Example: menus.
            row (int): The row number as the spreadsheet shows it (the header is row 1). Example: 3.
            message (str):  Example: must be a whole number 0 to 99999999.
            column (None | str | Unset): The column's header, when one cell is at fault. Example: price.
            cell (None | str | Unset): That cell's address as a spreadsheet names it, `sheet!` column letters and row
                number,
                with the column where the workbook has it: `menus!F7`. Absent when
                the problem is the whole row's, or the column is missing from the sheet. Example: menus!D3.
     """

    sheet: str
    row: int
    message: str
    column: None | str | Unset = UNSET
    cell: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        sheet = self.sheet

        row = self.row

        message = self.message

        column: None | str | Unset
        if isinstance(self.column, Unset):
            column = UNSET
        else:
            column = self.column

        cell: None | str | Unset
        if isinstance(self.cell, Unset):
            cell = UNSET
        else:
            cell = self.cell


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sheet": sheet,
            "row": row,
            "message": message,
        })
        if column is not UNSET:
            field_dict["column"] = column
        if cell is not UNSET:
            field_dict["cell"] = cell

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sheet = d.pop("sheet")

        row = d.pop("row")

        message = d.pop("message")

        def _parse_column(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        column = _parse_column(d.pop("column", UNSET))


        def _parse_cell(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cell = _parse_cell(d.pop("cell", UNSET))


        row_error = cls(
            sheet=sheet,
            row=row,
            message=message,
            column=column,
            cell=cell,
        )


        row_error.additional_properties = d
        return row_error

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
