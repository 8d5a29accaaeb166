//! The template workbook, written from [`SHEETS`] (the columns the importer reads): a sheet per
//! group with its header row, and a last sheet `format` describing every column (the importer
//! ignores sheets it does not know).

use super::columns::SHEETS;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// The template as XLSX bytes.
pub fn workbook() -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    for sheet in SHEETS {
        let ws = book.add_worksheet();
        ws.set_name(sheet.name)?;
        for (i, c) in sheet.columns().iter().enumerate() {
            let col = i as u16;
            ws.write_string_with_format(0, col, &c.header, &bold)?;
            ws.set_column_width(col, (c.header.len() as f64 + 4.0).max(12.0))?;
        }
        ws.set_freeze_panes(1, 0)?;
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
}
