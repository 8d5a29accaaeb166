from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.group_report import GroupReport





T = TypeVar("T", bound="Report")



@_attrs_define
class Report:
    """ The per-group report of a preview or an import.

        Example:
            {'categoryRelationships': {'count': 1, 'errors': [], 'failed': 0, 'imported': 1}, 'images': {'count': 0,
                'errors': [], 'failed': 0, 'imported': 0}, 'menuCategories': {'count': 1, 'errors': [], 'failed': 0, 'imported':
                1}, 'menus': {'count': 2, 'errors': [{'column': 'price', 'message': 'must be a whole number 0 to 99999999',
                'row': 3, 'sheet': 'menus'}], 'failed': 1, 'imported': 1}, 'stocks': {'count': 0, 'errors': [], 'failed': 0,
                'imported': 0}, 'templates': {'count': 0, 'errors': [], 'failed': 0, 'imported': 0}, 'variationCategories':
                {'count': 0, 'errors': [], 'failed': 0, 'imported': 0}, 'variationRelationships': {'count': 0, 'errors': [],
                'failed': 0, 'imported': 0}, 'variations': {'count': 0, 'errors': [], 'failed': 0, 'imported': 0}}

        Attributes:
            templates (GroupReport): One group of the report (one sheet).
            menus (GroupReport): One group of the report (one sheet).
            menu_categories (GroupReport): One group of the report (one sheet).
            category_relationships (GroupReport): One group of the report (one sheet).
            variations (GroupReport): One group of the report (one sheet).
            variation_categories (GroupReport): One group of the report (one sheet).
            variation_relationships (GroupReport): One group of the report (one sheet).
            stocks (GroupReport): One group of the report (one sheet).
            images (GroupReport): One group of the report (one sheet).
     """

    templates: GroupReport
    menus: GroupReport
    menu_categories: GroupReport
    category_relationships: GroupReport
    variations: GroupReport
    variation_categories: GroupReport
    variation_relationships: GroupReport
    stocks: GroupReport
    images: GroupReport
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.group_report import GroupReport # noqa: PLC0415
        templates = self.templates.to_dict()

        menus = self.menus.to_dict()

        menu_categories = self.menu_categories.to_dict()

        category_relationships = self.category_relationships.to_dict()

        variations = self.variations.to_dict()

        variation_categories = self.variation_categories.to_dict()

        variation_relationships = self.variation_relationships.to_dict()

        stocks = self.stocks.to_dict()

        images = self.images.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "templates": templates,
            "menus": menus,
            "menuCategories": menu_categories,
            "categoryRelationships": category_relationships,
            "variations": variations,
            "variationCategories": variation_categories,
            "variationRelationships": variation_relationships,
            "stocks": stocks,
            "images": images,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.group_report import GroupReport # noqa: PLC0415
        d = dict(src_dict)
        templates = GroupReport.from_dict(d.pop("templates"))




        menus = GroupReport.from_dict(d.pop("menus"))




        menu_categories = GroupReport.from_dict(d.pop("menuCategories"))




        category_relationships = GroupReport.from_dict(d.pop("categoryRelationships"))




        variations = GroupReport.from_dict(d.pop("variations"))




        variation_categories = GroupReport.from_dict(d.pop("variationCategories"))




        variation_relationships = GroupReport.from_dict(d.pop("variationRelationships"))




        stocks = GroupReport.from_dict(d.pop("stocks"))




        images = GroupReport.from_dict(d.pop("images"))




        report = cls(
            templates=templates,
            menus=menus,
            menu_categories=menu_categories,
            category_relationships=category_relationships,
            variations=variations,
            variation_categories=variation_categories,
            variation_relationships=variation_relationships,
            stocks=stocks,
            images=images,
        )


        report.additional_properties = d
        return report

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
