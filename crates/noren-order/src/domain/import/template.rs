//! The template workbook, written from [`SHEETS`] (the columns the importer reads): a sheet per
//! group with its header row, and a last sheet `format` describing every column (the importer
//! ignores sheets it does not know).

use super::columns::SHEETS;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// The example's rows: (sheet, header → value) per row, two menus in a new category.
const EXAMPLE: &[(&str, &[(&str, &str)])] = &[
    (
        "menus",
        &[
            ("id", "spring-soba"),
            ("price", "880"),
            ("taxRate", "10"),
            ("name_en", "Spring Soba"),
            ("name_ja", "春のそば"),
            ("desc_en", "Cold soba with bamboo shoots"),
        ],
    ),
    (
        "menus",
        &[
            ("id", "sakura-mochi"),
            ("price", "320"),
            ("taxRate", "8"),
            ("name_en", "Sakura Mochi"),
            ("name_ja", "桜餅"),
        ],
    ),
    (
        "menuCategories",
        &[
            ("id", "seasonal"),
            ("name_en", "Seasonal"),
            ("name_ja", "季節限定"),
        ],
    ),
    (
        "categoryRelationships",
        &[
            ("categoryId", "seasonal"),
            ("menuId", "spring-soba"),
            ("sortOrder", "1"),
        ],
    ),
    (
        "categoryRelationships",
        &[
            ("categoryId", "seasonal"),
            ("menuId", "sakura-mochi"),
            ("sortOrder", "2"),
        ],
    ),
];

/// The template as XLSX bytes.
pub fn workbook() -> Result<Vec<u8>, XlsxError> {
    build(false)
}

/// The template with two example menus in a category filled in (what the guide imports).
pub fn example() -> Result<Vec<u8>, XlsxError> {
    build(true)
}

fn build(example: bool) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    for sheet in SHEETS {
        let ws = book.add_worksheet();
        ws.set_name(sheet.name)?;
        let columns = sheet.columns();
        for (i, c) in columns.iter().enumerate() {
            let col = i as u16;
            ws.write_string_with_format(0, col, &c.header, &bold)?;
            ws.set_column_width(col, (c.header.len() as f64 + 4.0).max(12.0))?;
        }
        ws.set_freeze_panes(1, 0)?;
        if example {
            let rows = EXAMPLE.iter().filter(|(name, _)| *name == sheet.name);
            for (r, (_, cells)) in rows.enumerate() {
                for (header, value) in *cells {
                    let Some(col) = columns.iter().position(|c| c.header == *header) else {
                        continue;
                    };
                    let (row, col) = (r as u32 + 1, col as u16);
                    match value.parse::<f64>() {
                        Ok(n) => ws.write_number(row, col, n)?,
                        Err(_) => ws.write_string(row, col, *value)?,
                    };
                }
            }
        }
    }
    let ws = book.add_worksheet();
    ws.set_name("format")?;
    for (i, h) in ["sheet", "column", "type", "required", "description"]
        .iter()
        .enumerate()
    {
        ws.write_string_with_format(0, i as u16, *h, &bold)?;
    }
    let mut row = 1;
    for sheet in SHEETS {
        for c in sheet.columns() {
            ws.write_string(row, 0, sheet.name)?;
            ws.write_string(row, 1, &c.header)?;
            ws.write_string(row, 2, c.kind.describe())?;
            ws.write_string(row, 3, if c.required { "yes" } else { "no" })?;
            ws.write_string(row, 4, &c.description)?;
            row += 1;
        }
    }
    ws.set_column_width(0, 24)?;
    ws.set_column_width(1, 22)?;
    ws.set_column_width(2, 34)?;
    ws.set_column_width(4, 80)?;
    book.save_to_buffer()
}

/// A workbook of `menus` menus (ids `m1`…, names in the five languages, a price, stock 50) in
/// `categories` categories, for benchmarks and timing tests: the 10,000-menu import of
/// `make bench` (issue 11: preview < 2 s, import < 5 s, memory rise < 100 MiB).
pub fn sample(menus: u32, categories: u32) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let categories = categories.max(1);
    for sheet in SHEETS {
        let ws = book.add_worksheet();
        ws.set_name(sheet.name)?;
        match sheet.name {
            "menus" => {
                let headers = [
                    "id",
                    "price",
                    "name_en",
                    "name_ja",
                    "name_zh-CN",
                    "name_zh-TW",
                    "name_ko",
                    "desc_en",
                ];
                for (i, h) in (0u16..).zip(headers) {
                    ws.write_string(0, i, h)?;
                }
                for r in 1..=menus {
                    ws.write_string(r, 0, format!("m{r}"))?;
                    ws.write_number(r, 1, f64::from(100 + r % 900))?;
                    for c in 2..8u16 {
                        ws.write_string(r, c, format!("Menu {r} text {c}"))?;
                    }
                }
            }
            "menuCategories" => {
                ws.write_string(0, 0, "id")?;
                ws.write_string(0, 1, "name_en")?;
                for r in 1..=categories {
                    ws.write_string(r, 0, format!("c{r}"))?;
                    ws.write_string(r, 1, format!("Category {r}"))?;
                }
            }
            "categoryRelationships" => {
                ws.write_string(0, 0, "categoryId")?;
                ws.write_string(0, 1, "menuId")?;
                for r in 1..=menus {
                    ws.write_string(r, 0, format!("c{}", r % categories + 1))?;
                    ws.write_string(r, 1, format!("m{r}"))?;
                }
            }
            "stocks" => {
                ws.write_string(0, 0, "menuId")?;
                ws.write_string(0, 1, "stockAvailable")?;
                for r in 1..=menus {
                    ws.write_string(r, 0, format!("m{r}"))?;
                    ws.write_number(r, 1, 50.0)?;
                }
            }
            _ => {}
        }
    }
    book.save_to_buffer()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_reads_back_as_an_empty_import() {
        let bytes = workbook().expect("template");
        let book = super::super::parse::read(&bytes).expect("template");
        let (report, plan) = super::super::parse::validate(
            book,
            &Default::default(),
            super::super::parse::Rules::default(),
        );
        assert_eq!(report, Default::default());
        assert!(plan.items.is_empty());
    }

    #[test]
    fn the_example_holds_two_menus_in_a_category() {
        let book = super::super::parse::read(&example().expect("example")).expect("readable");
        let (report, plan) = super::super::parse::validate(
            book,
            &Default::default(),
            super::super::parse::Rules::default(),
        );
        assert_eq!(
            (report.menus.count, report.menus.imported),
            (2, 2),
            "{report:?}"
        );
        assert_eq!(report.category_relationships.imported, 2);
        assert_eq!(plan.items[1].tax_rate, 8);
        assert_eq!(report.failed(), 0);
    }
}
