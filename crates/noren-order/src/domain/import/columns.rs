//! The workbook format of the menu import: one table that the parser, the template
//! (`template.rs`), the spec's descriptions and the portal page (`/docs/order/menu-archive`,
//! checked by a test) all read. A sheet per report group, in [`SHEETS`]' order; the first row
//! of a sheet holds the column headers (any order; unknown headers are refused), every
//! following row one record. Ids are the merchant's own (text, 1 to 64 characters), unique per
//! shop: a row whose id exists already is updated with `updateExisting`, else reported.

use noren_core::domain::lang::Lang;

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An id of this workbook (text or a whole number, 1 to [`ID_MAX`] characters).
    Id,
    /// Text (up to [`TEXT_MAX`] characters).
    Text,
    /// A whole number in `min..=max`.
    Int { min: i64, max: i64 },
    /// One of a few whole numbers.
    Choice(&'static [i64]),
    /// `TRUE`/`FALSE` (or 1/0, `true`/`false`).
    Bool,
    /// An `http(s)://` address.
    Url,
}

impl Kind {
    /// How the format documents the kind.
    pub fn describe(self) -> String {
        match self {
            Kind::Id => format!("id (text, 1 to {ID_MAX} characters)"),
            Kind::Text => format!("text (up to {TEXT_MAX} characters)"),
            Kind::Int { min, max } => format!("whole number {min} to {max}"),
            Kind::Choice(values) => choices(values),
            Kind::Bool => "TRUE or FALSE".into(),
            Kind::Url => "https:// or http:// address".into(),
        }
    }
}

/// `0, 1 or 2`.
pub fn choices(values: &[i64]) -> String {
    let words: Vec<String> = values.iter().map(i64::to_string).collect();
    match words.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The longest id.
pub const ID_MAX: usize = 64;
/// The longest text cell.
pub const TEXT_MAX: usize = 2000;
/// The highest price (yen).
pub const PRICE_MAX: i64 = 99_999_999;
/// The highest stock.
pub const STOCK_MAX: i64 = 1_000_000_000;
/// The highest sort order.
pub const SORT_MAX: i64 = 1_000_000;

/// One column of a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub header: String,
    pub kind: Kind,
    pub required: bool,
    pub description: String,
}

/// A fixed column.
pub struct Fixed {
    pub header: &'static str,
    pub kind: Kind,
    pub required: bool,
    pub description: &'static str,
}

/// A text given per language: columns `{field}_{lang}` for each of [`Lang::ALL`].
pub struct PerLang {
    pub field: &'static str,
    pub description: &'static str,
}

/// One sheet of the workbook.
pub struct Sheet {
    /// The sheet's name, also the report group's name.
    pub name: &'static str,
    pub description: &'static str,
    pub fixed: &'static [Fixed],
    pub texts: &'static [PerLang],
}

impl Sheet {
    /// Every column, fixed ones first, then each text in each language.
    pub fn columns(&self) -> Vec<Column> {
        let mut out: Vec<Column> = self
            .fixed
            .iter()
            .map(|f| Column {
                header: f.header.into(),
                kind: f.kind,
                required: f.required,
                description: f.description.into(),
            })
            .collect();
        for t in self.texts {
            for lang in Lang::ALL {
                out.push(Column {
                    header: text_header(t.field, lang),
                    kind: Kind::Text,
                    required: false,
                    description: format!("{} ({})", t.description, lang.as_str()),
                });
            }
        }
        out
    }
}

/// The header of a per-language column: `name_en`, `desc_zh-TW`.
pub fn text_header(field: &str, lang: Lang) -> String {
    format!("{field}_{}", lang.as_str())
}

const fn req(header: &'static str, kind: Kind, description: &'static str) -> Fixed {
    Fixed {
        header,
        kind,
        required: true,
        description,
    }
}

const fn opt(header: &'static str, kind: Kind, description: &'static str) -> Fixed {
    Fixed {
        header,
        kind,
        required: false,
        description,
    }
}

const SORT: Fixed = opt(
    "sortOrder",
    Kind::Int {
        min: 0,
        max: SORT_MAX,
    },
    "Display order, smallest first (default 0).",
);
const STATUS: Kind = Kind::Choice(&[0, 1, 2]);
const TAX: Kind = Kind::Choice(&[8, 10]);
const TYPE: Kind = Kind::Choice(&[0, 1]);
const PRICE: Kind = Kind::Int {
    min: 0,
    max: PRICE_MAX,
};
const NAME: PerLang = PerLang {
    field: "name",
    description: "Name; at least one language is required",
};
const SHORT_DESC: PerLang = PerLang {
    field: "shortDesc",
    description: "Short description",
};
const DESC: PerLang = PerLang {
    field: "desc",
    description: "Description",
};

/// The sheets, in the report's order.
pub const SHEETS: &[Sheet] = &[
    Sheet {
        name: "templates",
        description: "Defaults shared by menus: a menu naming a template takes its type, status and tax rate where its own cells are blank.",
        fixed: &[
            req("id", Kind::Id, "The template's id."),
            opt("type", TYPE, "0 menu, 1 option menu."),
            opt("status", STATUS, "0 hidden, 1 on sale, 2 sold out."),
            opt("taxRate", TAX, "8 (reduced) or 10 (standard)."),
        ],
        texts: &[],
    },
    Sheet {
        name: "menus",
        description: "Menu items.",
        fixed: &[
            req(
                "id",
                Kind::Id,
                "The menu's id (shared with variations: unique across both sheets).",
            ),
            opt("templateId", Kind::Id, "A row of the templates sheet."),
            opt("type", TYPE, "0 menu (default), 1 option menu."),
            opt(
                "status",
                STATUS,
                "0 hidden, 1 on sale (default), 2 sold out.",
            ),
            req("price", PRICE, "Price in yen, tax included."),
            opt("taxRate", TAX, "8 (reduced) or 10 (standard, default)."),
            SORT,
        ],
        texts: &[NAME, SHORT_DESC, DESC],
    },
    Sheet {
        name: "menuCategories",
        description: "Menu categories.",
        fixed: &[
            req("id", Kind::Id, "The category's id."),
            opt(
                "profile",
                Kind::Text,
                "The category's profile (served as `profile`).",
            ),
            SORT,
        ],
        texts: &[NAME, DESC],
    },
    Sheet {
        name: "categoryRelationships",
        description: "Which menus are listed in which category.",
        fixed: &[
            req(
                "categoryId",
                Kind::Id,
                "A category: a row of menuCategories, or one imported before.",
            ),
            req(
                "menuId",
                Kind::Id,
                "A menu: a row of menus, or one imported before.",
            ),
            SORT,
        ],
        texts: &[],
    },
    Sheet {
        name: "variations",
        description: "Variations: items chosen inside a variation category (a size, a topping).",
        fixed: &[
            req(
                "id",
                Kind::Id,
                "The variation's id (unique across menus and variations).",
            ),
            opt(
                "status",
                STATUS,
                "0 hidden, 1 on sale (default), 2 sold out.",
            ),
            req(
                "price",
                PRICE,
                "Price added to the menu, in yen, tax included (0 for none).",
            ),
            opt("taxRate", TAX, "8 (reduced) or 10 (standard, default)."),
            SORT,
        ],
        texts: &[NAME],
    },
    Sheet {
        name: "variationCategories",
        description: "Variation categories: a choice offered with a menu.",
        fixed: &[
            req("id", Kind::Id, "The variation category's id."),
            opt(
                "required",
                Kind::Bool,
                "A choice must be made (default FALSE).",
            ),
            opt(
                "exclusive",
                Kind::Bool,
                "At most one variation may be chosen (default FALSE).",
            ),
            opt(
                "showGallery",
                Kind::Bool,
                "Show the variations as a gallery (default FALSE).",
            ),
            opt(
                "defaultChoiceId",
                Kind::Id,
                "A variation of this category chosen by default.",
            ),
            SORT,
        ],
        texts: &[NAME],
    },
    Sheet {
        name: "variationRelationships",
        description: "Links of a variation category: to a menu that offers it (menuId) or to a variation it contains (variationId); exactly one of the two per row.",
        fixed: &[
            req(
                "variationCategoryId",
                Kind::Id,
                "A variation category: a row of variationCategories, or one imported before.",
            ),
            opt("menuId", Kind::Id, "A menu that offers the category."),
            opt(
                "variationId",
                Kind::Id,
                "A variation the category contains.",
            ),
            SORT,
        ],
        texts: &[],
    },
    Sheet {
        name: "stocks",
        description: "Stock of menus and variations; a menu without a row here is unlimited.",
        fixed: &[
            req("menuId", Kind::Id, "A menu or variation."),
            opt(
                "stockAvailable",
                Kind::Int {
                    min: 0,
                    max: STOCK_MAX,
                },
                "Portions left; blank for unlimited.",
            ),
        ],
        texts: &[],
    },
    Sheet {
        name: "images",
        description: "Images of menus and variations, in sort order.",
        fixed: &[
            req("menuId", Kind::Id, "A menu or variation."),
            req("url", Kind::Url, "The image's address."),
            SORT,
        ],
        texts: &[],
    },
];

/// The sheet of `name`.
pub fn sheet(name: &str) -> Option<&'static Sheet> {
    SHEETS.iter().find(|s| s.name == name)
}

/// The per-language columns of a field, as the docs write them: `name_<lang>`.
pub fn text_pattern(field: &str) -> String {
    format!("{field}_<lang>")
}

/// The format as a Markdown table per sheet (the English portal page holds it between
/// `<!-- columns:begin -->` and `<!-- columns:end -->`; a test compares).
pub fn markdown() -> String {
    let langs = Lang::ALL
        .iter()
        .map(|l| format!("`{}`", l.as_str()))
        .collect::<Vec<_>>()
        .join(", ");
    let mut out = String::new();
    for s in SHEETS {
        out.push_str(&format!("### `{}`\n\n{}\n\n", s.name, s.description));
        out.push_str("| Column | Type | Required | Description |\n|---|---|---|---|\n");
        for f in s.fixed {
            out.push_str(&format!(
                "| `{}` | {} | {} | {} |\n",
                f.header,
                f.kind.describe(),
                if f.required { "yes" } else { "no" },
                f.description
            ));
        }
        for t in s.texts {
            out.push_str(&format!(
                "| `{}` | {} | no | {}; `<lang>` is one of {langs}. |\n",
                text_pattern(t.field),
                Kind::Text.describe(),
                t.description
            ));
        }
        out.push('\n');
    }
    out
}

/// The rows of the Markdown tables as (sheet, column, required), to check a translated page.
pub fn table_rows() -> Vec<(&'static str, String, bool)> {
    let mut out = Vec::new();
    for s in SHEETS {
        for f in s.fixed {
            out.push((s.name, f.header.to_string(), f.required));
        }
        for t in s.texts {
            out.push((s.name, text_pattern(t.field), false));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_unique_per_sheet_and_sheets_are_the_report_groups() {
        for s in SHEETS {
            let cols = s.columns();
            let mut headers: Vec<_> = cols.iter().map(|c| c.header.clone()).collect();
            headers.sort();
            headers.dedup();
            assert_eq!(headers.len(), cols.len(), "{}", s.name);
        }
        let names: Vec<_> = SHEETS.iter().map(|s| s.name).collect();
        assert_eq!(
            names,
            [
                "templates",
                "menus",
                "menuCategories",
                "categoryRelationships",
                "variations",
                "variationCategories",
                "variationRelationships",
                "stocks",
                "images"
            ]
        );
        assert!(
            sheet("menus")
                .expect("menus sheet")
                .columns()
                .iter()
                .any(|c| c.header == "name_zh-TW")
        );
    }

    fn page(rel: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../portal")
            .join(rel);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn the_portal_pages_show_the_importers_columns() {
        let en = page("docs/order/menu-archive.md");
        let (begin, end) = ("<!-- columns:begin -->\n", "<!-- columns:end -->");
        let start = en.find(begin).expect("begin marker") + begin.len();
        let stop = en.find(end).expect("end marker");
        if std::env::var("NOREN_BLESS").is_ok_and(|v| v == "1") {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../portal/docs/order/menu-archive.md");
            let text = format!("{}{}\n{}", &en[..start], markdown().trim(), &en[stop..]);
            std::fs::write(path, text).expect("page written");
            return;
        }
        assert_eq!(
            en[start..stop].trim(),
            markdown().trim(),
            "regenerate the table: NOREN_BLESS=1 cargo test -p noren --lib the_portal_pages"
        );
        // The Japanese page's tables: the same sheets, columns and required marks, in order.
        let ja = page("i18n/ja/docusaurus-plugin-content-docs/current/order/menu-archive.md");
        let mut sheet = "";
        let mut rows = Vec::new();
        for line in ja.lines() {
            if let Some(name) = line.strip_prefix("### `").and_then(|l| l.strip_suffix('`')) {
                sheet = SHEETS
                    .iter()
                    .find(|s| s.name == name)
                    .map_or("", |s| s.name);
            } else if let Some(rest) = line.strip_prefix("| `") {
                let cells: Vec<&str> = rest.split(" | ").collect();
                let column = cells[0].trim_end_matches('`').to_string();
                rows.push((
                    sheet,
                    column,
                    cells.get(2).map(|c| c.trim()) == Some("はい"),
                ));
            }
        }
        assert_eq!(rows, table_rows());
    }
}
