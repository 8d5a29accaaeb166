//! The menu workbook: its format, the template, and reading and checking one (no database).

pub mod columns;
pub mod parse;
pub mod plan;
pub mod template;
