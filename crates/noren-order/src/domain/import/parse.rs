//! Reading a menu workbook: [`read`] checks the file (a zip of bounded unpacked size, an XLSX
//! workbook, every sheet of [`SHEETS`] with its required columns and no unknown ones, at most
//! [`ROWS_MAX`] rows a sheet) and types each cell by its column; [`validate`] then checks each
//! row against the others and the shop's existing catalogue (duplicate ids, unknown
//! references) and answers the [`Report`] with the [`Plan`] of the rows that pass. Nothing here
//! touches the database: preview and the import job share it.

use super::columns::{Column, ID_MAX, Kind, SHEETS, TEXT_MAX, text_header};
use super::plan::{CategoryPlan, Existing, ItemPlan, Link, Plan, TextRow, VariationCategoryPlan};
use crate::domain::menu::MenuType;
use calamine::{Data, Reader, Xlsx};
use noren_core::domain::lang::Lang;

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{Cursor, Read, Seek};
use utoipa::ToSchema;

/// The largest workbook accepted, unpacked (all its parts together).
pub const UNPACKED_MAX: u64 = 64 * 1024 * 1024;
/// The most parts a workbook may have.
pub const PARTS_MAX: usize = 1000;
/// The most rows a sheet may have (the header row included).
pub const ROWS_MAX: usize = 50_001;
/// The most cells with a value a sheet may have.
pub const CELLS_MAX: usize = 2_000_000;
/// Row-level messages kept per group (the counts are always complete).
pub const ERRORS_MAX: usize = 100;

/// A file that cannot be read at all: the import's 400 (or its `error`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadFile(pub String);

/// A row-level problem.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RowError {
    /// The sheet.
    #[schema(example = "menus")]
    pub sheet: String,
    /// The row number as the spreadsheet shows it (the header is row 1).
    #[schema(example = 3)]
    pub row: u32,
    /// The column's header, when one cell is at fault.
    #[schema(example = "price")]
    pub column: Option<String>,
    /// That cell's address as a spreadsheet names it, `sheet!` column letters and row number,
    /// with the column where the workbook has it: `menus!F7`. Absent when
    /// the problem is the whole row's, or the column is missing from the sheet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = "menus!D3")]
    pub cell: Option<String>,
    #[schema(example = "must be a whole number 0 to 99999999")]
    pub message: String,
}

/// A spreadsheet's column letters of the 0-based column `x`: 0 → `A`, 25 → `Z`, 26 → `AA`.
pub fn column_letters(x: u32) -> String {
    let mut n = u64::from(x) + 1;
    let mut out = Vec::new();
    while n > 0 {
        let rem = ((n - 1) % 26) as u8;
        out.push(b'A' + rem);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// One group of the report (one sheet).
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GroupReport {
    /// Rows in the sheet (blank rows left out).
    pub count: u64,
    /// Rows imported (or, in a preview or dry run, that would be).
    pub imported: u64,
    /// Rows refused; each has at least one entry in `errors`.
    pub failed: u64,
    /// The first 100 problems.
    pub errors: Vec<RowError>,
}

// Seed 001 §3 "Import report groups".
/// The per-group report of a preview or an import.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "templates": {"count": 0, "imported": 0, "failed": 0, "errors": []},
    "menus": {"count": 2, "imported": 1, "failed": 1, "errors": [{"sheet": "menus", "row": 3, "column": "price", "message": "must be a whole number 0 to 99999999"}]},
    "menuCategories": {"count": 1, "imported": 1, "failed": 0, "errors": []},
    "categoryRelationships": {"count": 1, "imported": 1, "failed": 0, "errors": []},
    "variations": {"count": 0, "imported": 0, "failed": 0, "errors": []},
    "variationCategories": {"count": 0, "imported": 0, "failed": 0, "errors": []},
    "variationRelationships": {"count": 0, "imported": 0, "failed": 0, "errors": []},
    "stocks": {"count": 0, "imported": 0, "failed": 0, "errors": []},
    "images": {"count": 0, "imported": 0, "failed": 0, "errors": []}
}))]
pub struct Report {
    pub templates: GroupReport,
    pub menus: GroupReport,
    pub menu_categories: GroupReport,
    pub category_relationships: GroupReport,
    pub variations: GroupReport,
    pub variation_categories: GroupReport,
    pub variation_relationships: GroupReport,
    pub stocks: GroupReport,
    pub images: GroupReport,
}

impl Report {
    fn group(&mut self, sheet: usize) -> &mut GroupReport {
        match sheet {
            0 => &mut self.templates,
            1 => &mut self.menus,
            2 => &mut self.menu_categories,
            3 => &mut self.category_relationships,
            4 => &mut self.variations,
            5 => &mut self.variation_categories,
            6 => &mut self.variation_relationships,
            7 => &mut self.stocks,
            _ => &mut self.images,
        }
    }

    /// Total rows refused.
    pub fn failed(&self) -> u64 {
        [
            &self.templates,
            &self.menus,
            &self.menu_categories,
            &self.category_relationships,
            &self.variations,
            &self.variation_categories,
            &self.variation_relationships,
            &self.stocks,
            &self.images,
        ]
        .iter()
        .map(|g| g.failed)
        .sum()
    }
}

/// A typed cell.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    Text(String),
    Int(i64),
    Bool(bool),
}

/// A row whose cells all have their column's type.
#[derive(Clone, Debug)]
pub struct Row {
    /// The spreadsheet's row number.
    pub line: u32,
    /// By column index of the sheet's [`super::columns::Sheet::columns`]; `None` blank.
    pub vals: Vec<Option<Val>>,
}

/// The typed rows of every sheet, and the rows refused while typing them.
pub struct RawBook {
    pub sheets: Vec<Vec<Row>>,
    report: Report,
    /// Rows seen per sheet (typed or not).
    counts: Vec<u64>,
    /// The ids in each sheet's `id` column, rows refused included (what `deleteOld` keeps).
    named: Vec<HashSet<String>>,
    /// Each sheet's headers and the workbook column they are in (for the cell addresses).
    places: Vec<HashMap<String, u32>>,
}

fn cell_text(d: &Data) -> Option<String> {
    match d {
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => {
            let t = s.trim();
            (!t.is_empty()).then(|| t.to_string())
        }
        Data::Int(i) => Some(i.to_string()),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => Some((*f as i64).to_string()),
        Data::Float(f) => Some(f.to_string()),
        Data::Bool(b) => Some(if *b { "TRUE" } else { "FALSE" }.into()),
        Data::DateTime(d) => Some(d.as_f64().to_string()),
        Data::Error(_) | Data::Empty => None,
    }
}

/// Types one cell; `Ok(None)` for a blank one.
fn typed(kind: Kind, d: &Data) -> Result<Option<Val>, String> {
    if let Data::Error(e) = d {
        return Err(format!("holds the spreadsheet error {e}"));
    }
    let Some(text) = cell_text(d) else {
        return Ok(None);
    };
    let v = match kind {
        Kind::Id => {
            if text.chars().count() > ID_MAX || text.chars().any(char::is_control) {
                return Err(format!("must be an id of 1 to {ID_MAX} characters"));
            }
            Val::Text(text)
        }
        Kind::Text => {
            if text.chars().count() > TEXT_MAX {
                return Err(format!("must be at most {TEXT_MAX} characters"));
            }
            Val::Text(text)
        }
        Kind::Choice(values) => {
            let n = match d {
                Data::Int(i) => Some(*i),
                Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => Some(*f as i64),
                Data::String(_) => text.parse::<i64>().ok(),
                _ => None,
            };
            match n {
                Some(n) if values.contains(&n) => Val::Int(n),
                _ => return Err(format!("must be {}", super::columns::choices(values))),
            }
        }
        Kind::Int { min, max } => {
            let n = match d {
                Data::Int(i) => Some(*i),
                Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => Some(*f as i64),
                Data::String(_) => text.parse::<i64>().ok(),
                _ => None,
            };
            match n {
                Some(n) if (min..=max).contains(&n) => Val::Int(n),
                _ => return Err(format!("must be a whole number {min} to {max}")),
            }
        }
        Kind::Bool => match d {
            Data::Bool(b) => Val::Bool(*b),
            _ => match text.to_ascii_lowercase().as_str() {
                "true" | "1" => Val::Bool(true),
                "false" | "0" => Val::Bool(false),
                _ => return Err("must be TRUE or FALSE".into()),
            },
        },
        Kind::Url => match url::Url::parse(&text) {
            Ok(u) if matches!(u.scheme(), "http" | "https") && text.len() <= TEXT_MAX => {
                Val::Text(text)
            }
            _ => return Err("must be an https:// or http:// address".into()),
        },
    };
    Ok(Some(v))
}

/// Checks the zip container before anything unpacks it.
fn check_container<R: Read + Seek>(reader: R) -> Result<(), BadFile> {
    let mut zip = zip::ZipArchive::new(reader)
        .map_err(|_| BadFile("the file is not an XLSX workbook (not a zip archive)".into()))?;
    if zip.len() > PARTS_MAX {
        return Err(BadFile(format!(
            "the workbook has more than {PARTS_MAX} parts"
        )));
    }
    let mut total: u64 = 0;
    for i in 0..zip.len() {
        let entry = zip.by_index_raw(i).map_err(|_| {
            BadFile("the file is not an XLSX workbook (damaged zip archive)".into())
        })?;
        total = total.saturating_add(entry.size());
    }
    if total > UNPACKED_MAX {
        return Err(BadFile(format!(
            "the workbook unpacks to more than {} MiB; split it into smaller files",
            UNPACKED_MAX / 1024 / 1024
        )));
    }
    Ok(())
}

/// Reads and types a workbook (see the module's docs for what makes it a [`BadFile`]).
pub fn read(bytes: &[u8]) -> Result<RawBook, BadFile> {
    check_container(Cursor::new(bytes))?;
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes))
        .map_err(|e| BadFile(format!("the file is not an XLSX workbook ({e})")))?;
    check_sheets(&book.sheet_names())?;
    let mut out = RawBook {
        sheets: Vec::with_capacity(SHEETS.len()),
        report: Report::default(),
        counts: vec![0; SHEETS.len()],
        named: vec![HashSet::new(); SHEETS.len()],
        places: vec![HashMap::new(); SHEETS.len()],
    };
    for (si, sheet) in SHEETS.iter().enumerate() {
        let grid = sheet_cells(&mut book, sheet.name)?;
        let rows = read_sheet(&mut out, si, sheet.name, &sheet.columns(), grid)?;
        out.sheets.push(rows);
    }
    Ok(out)
}

/// Every sheet of [`SHEETS`] is in the workbook (`names`), empty ones included.
fn check_sheets(names: &[String]) -> Result<(), BadFile> {
    let missing: Vec<&str> = SHEETS
        .iter()
        .map(|s| s.name)
        .filter(|n| !names.iter().any(|have| have == n))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(BadFile(format!(
        "the workbook lacks the sheet(s) {} (every sheet of the template must be present, empty ones included)",
        missing.join(", ")
    )))
}

/// The cells of sheet `name` that hold a value, by row, each with its column. Cells are
/// streamed: only those holding a value are kept (a sheet's declared size is never trusted),
/// at most [`CELLS_MAX`] of them, in rows below [`ROWS_MAX`].
fn sheet_cells<RS: Read + Seek>(
    book: &mut Xlsx<RS>,
    name: &str,
) -> Result<BTreeMap<u32, Vec<(u32, Data)>>, BadFile> {
    let unreadable =
        |e: &dyn std::fmt::Display| BadFile(format!("sheet {name} cannot be read ({e})"));
    let mut reader = book
        .worksheet_cells_reader(name)
        .map_err(|e| unreadable(&e))?;
    let mut grid: BTreeMap<u32, Vec<(u32, Data)>> = BTreeMap::new();
    let mut cells = 0usize;
    while let Some(cell) = reader.next_cell().map_err(|e| unreadable(&e))? {
        let (r, c) = cell.get_position();
        let value: Data = cell.get_value().clone().into();
        if matches!(value, Data::Empty) {
            continue;
        }
        if r as usize >= ROWS_MAX {
            return Err(BadFile(format!(
                "sheet {name} has more than {} rows",
                ROWS_MAX - 1
            )));
        }
        cells += 1;
        if cells > CELLS_MAX {
            return Err(BadFile(format!(
                "sheet {name} has more than {CELLS_MAX} cells"
            )));
        }
        grid.entry(r).or_default().push((c, value));
    }
    Ok(grid)
}

/// The rows of sheet `si` (`grid`, its header first) typed by their `columns`: the rows that
/// type come back; the others are counted and reported in `out`, which also keeps each row's
/// id and where each header is.
fn read_sheet(
    out: &mut RawBook,
    si: usize,
    name: &str,
    columns: &[Column],
    grid: BTreeMap<u32, Vec<(u32, Data)>>,
) -> Result<Vec<Row>, BadFile> {
    let mut rows = grid.into_iter();
    // sheet column → our column
    let at = match rows.next() {
        Some((_, header)) => header_columns(name, columns, &header, &mut out.places[si])?,
        None => HashMap::new(),
    };
    let id_column = columns.iter().position(|c| c.header == "id");
    let mut typed_rows = Vec::new();
    for (r, cells) in rows {
        let line = r + 1;
        if cells
            .iter()
            .all(|(_, c)| cell_text(c).is_none() && !matches!(c, Data::Error(_)))
        {
            continue;
        }
        out.counts[si] += 1;
        if let Some(id) = cells
            .iter()
            .find(|(x, _)| id_column.is_some() && at.get(x).copied() == id_column)
            .and_then(|(_, c)| cell_text(c))
        {
            out.named[si].insert(id);
        }
        match type_row(columns, &at, &cells) {
            Ok(vals) => typed_rows.push(Row { line, vals }),
            Err(bad) => {
                let g = out.report.group(si);
                g.failed += 1;
                for (column, message) in bad {
                    push_error(g, name, line, column, message);
                }
            }
        }
    }
    Ok(typed_rows)
}

/// The header row of sheet `name`: each cell a known column, each column once, every required
/// column present. Answers which of `columns` each workbook column is, and notes in `places`
/// the workbook column of each header (for the cell addresses).
fn header_columns(
    name: &str,
    columns: &[Column],
    header: &[(u32, Data)],
    places: &mut HashMap<String, u32>,
) -> Result<HashMap<u32, usize>, BadFile> {
    let mut at: HashMap<u32, usize> = HashMap::new();
    let mut seen = HashSet::new();
    for (x, cell) in header {
        let Some(h) = cell_text(cell) else {
            continue;
        };
        let Some(ci) = columns.iter().position(|c| c.header == h) else {
            return Err(BadFile(format!(
                "sheet {name}: unknown column {h} (the columns are {})",
                headers(columns)
            )));
        };
        if !seen.insert(ci) {
            return Err(BadFile(format!("sheet {name}: column {h} appears twice")));
        }
        at.insert(*x, ci);
        places.insert(h, *x);
    }
    let missing: Vec<&str> = columns
        .iter()
        .enumerate()
        .filter(|(i, c)| c.required && !at.values().any(|v| v == i))
        .map(|(_, c)| c.header.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(BadFile(format!(
            "sheet {name} lacks the required column(s) {}",
            missing.join(", ")
        )));
    }
    Ok(at)
}

/// A problem of a row while typing it: the column's header (`None` for a value under no
/// header) and the message.
type CellProblem = (Option<String>, String);

/// One row's `cells` typed by their column (`at`: workbook column → column), or every problem
/// with them as (column header, message): a value under no header, a cell of the wrong type, a
/// required cell left blank.
fn type_row(
    columns: &[Column],
    at: &HashMap<u32, usize>,
    cells: &[(u32, Data)],
) -> Result<Vec<Option<Val>>, Vec<CellProblem>> {
    let mut vals = vec![None; columns.len()];
    let mut bad = Vec::new();
    for (x, cell) in cells {
        let Some(ci) = at.get(x) else {
            if cell_text(cell).is_some() {
                bad.push((None, format!("a value in column {} has no header", x + 1)));
            }
            continue;
        };
        match typed(columns[*ci].kind, cell) {
            Ok(v) => vals[*ci] = v,
            Err(m) => bad.push((Some(columns[*ci].header.clone()), m)),
        }
    }
    for (ci, c) in columns.iter().enumerate() {
        if c.required
            && vals[ci].is_none()
            && !bad.iter().any(|(h, _)| h.as_deref() == Some(&c.header))
        {
            bad.push((Some(c.header.clone()), "is required".into()));
        }
    }
    if bad.is_empty() { Ok(vals) } else { Err(bad) }
}

fn headers(columns: &[Column]) -> String {
    columns
        .iter()
        .map(|c| c.header.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn push_error(g: &mut GroupReport, sheet: &str, row: u32, column: Option<String>, message: String) {
    if g.errors.len() < ERRORS_MAX {
        g.errors.push(RowError {
            sheet: sheet.into(),
            row,
            column,
            cell: None,
            message,
        });
    }
}

/// How rows that exist already are treated.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules {
    pub update_existing: bool,
}

struct Cols<'a> {
    headers: &'a [String],
    row: &'a Row,
}

impl Cols<'_> {
    fn get(&self, h: &str) -> Option<&Val> {
        let i = self.headers.iter().position(|x| x == h)?;
        self.row.vals[i].as_ref()
    }
    fn text(&self, h: &str) -> Option<String> {
        match self.get(h) {
            Some(Val::Text(s)) => Some(s.clone()),
            _ => None,
        }
    }
    fn int(&self, h: &str) -> Option<i64> {
        match self.get(h) {
            Some(Val::Int(n)) => Some(*n),
            _ => None,
        }
    }
    fn bool(&self, h: &str) -> Option<bool> {
        match self.get(h) {
            Some(Val::Bool(b)) => Some(*b),
            _ => None,
        }
    }
    fn sort(&self) -> i32 {
        self.int("sortOrder").unwrap_or(0) as i32
    }
    /// The row's texts; an error names a description given without the name in its language,
    /// or no name at all.
    fn texts(&self, fields: &[&str]) -> Result<Vec<TextRow>, Refusal> {
        let mut out = Vec::new();
        for lang in Lang::ALL {
            let name = self.text(&text_header("name", lang));
            let short = fields
                .contains(&"shortDesc")
                .then(|| self.text(&text_header("shortDesc", lang)))
                .flatten();
            let desc = fields
                .contains(&"desc")
                .then(|| self.text(&text_header("desc", lang)))
                .flatten();
            match name {
                Some(name) => out.push(TextRow {
                    lang: lang.as_str(),
                    name,
                    short_desc: short,
                    desc,
                }),
                None if short.is_some() || desc.is_some() => {
                    return Err((
                        Some(text_header("name", lang)),
                        format!(
                            "is required when a description in {} is given",
                            lang.as_str()
                        ),
                    ));
                }
                None => {}
            }
        }
        if out.is_empty() {
            return Err((
                Some(text_header("name", Lang::En)),
                "a name in at least one language is required".into(),
            ));
        }
        Ok(out)
    }
}

/// Why a row is refused: the column at fault, when one cell is, and the message.
type Refusal = (Option<String>, String);

/// A refusal of one cell.
fn refuse(column: &str, message: String) -> Refusal {
    (Some(column.into()), message)
}

// The sheets by their index in `SHEETS` (and the report's groups).
const TEMPLATES: usize = 0;
const MENUS: usize = 1;
const CATEGORIES: usize = 2;
const CATEGORY_LINKS: usize = 3;
const VARIATIONS: usize = 4;
const VARIATION_CATEGORIES: usize = 5;
const VARIATION_LINKS: usize = 6;
const STOCKS: usize = 7;
const IMAGES: usize = 8;

/// `menu_items.type` of a variation: the one type a menu's reference may not name.
const VARIATION: i32 = MenuType::Variation as i32;

/// The headers of sheet `si`, in the order of a [`Row`]'s values.
fn header_names(si: usize) -> Vec<String> {
    SHEETS[si].columns().into_iter().map(|c| c.header).collect()
}

/// The ids of one namespace held by the file's rows so far: id → (sheet, row) of the row
/// holding it. A row refused after claiming its id releases it, so a later row may claim it
/// and a reference to it is unknown.
#[derive(Default)]
struct Ids(HashMap<String, (usize, u32)>);

impl Ids {
    /// Claims `id` for row `line` of sheet `si`; refused when an earlier row holds it.
    fn claim(&mut self, si: usize, id: &str, line: u32) -> Result<(), Refusal> {
        if let Some((s, l)) = self.0.get(id) {
            return Err(refuse(
                "id",
                format!("duplicate id {id} (also on row {l} of {})", SHEETS[*s].name),
            ));
        }
        self.0.insert(id.to_string(), (si, line));
        Ok(())
    }

    fn release(&mut self, id: &str) {
        self.0.remove(id);
    }

    fn holds(&self, id: &str) -> bool {
        self.0.contains_key(id)
    }
}

/// A template's defaults for the menus naming it; `None` where its cell is blank.
#[derive(Clone, Copy, Default)]
struct Defaults {
    kind: Option<i64>,
    status: Option<i64>,
    tax_rate: Option<i64>,
}

/// A link of a variation category: to a menu offering it, or to a variation it contains.
#[derive(Debug, PartialEq)]
enum VariationLink {
    Offer(Link),
    Member(Link),
}

/// An image row that passed: (item, sort order, row, url).
type Image = (String, i32, u32, String);

/// What [`validate`] builds up, a sheet at a time: the report, the plan, and the ids of the
/// rows that passed. A sheet's references name only sheets checked before it (and the shop's
/// catalogue), so each step reads what the earlier ones left.
struct Check<'a> {
    existing: &'a Existing,
    rules: Rules,
    report: Report,
    plan: Plan,
    /// The templates that passed, for the menus naming them (templates are not written).
    templates: HashMap<String, Defaults>,
    template_ids: Ids,
    /// Menus and variations share one namespace: both are menu items.
    item_ids: Ids,
    category_ids: Ids,
    variation_category_ids: Ids,
    /// Each planned item's index in `plan.items`, set once the items are checked.
    planned: HashMap<String, usize>,
}

/// Checks the typed rows against each other and `existing`: the report (counts final) and
/// what to write. The steps run in the order of the references: templates before the menus
/// naming them, items before everything that names an item, categories before their links.
pub fn validate(book: RawBook, existing: &Existing, rules: Rules) -> (Report, Plan) {
    let RawBook {
        sheets,
        report,
        counts,
        named,
        places,
    } = book;
    let mut check = Check::new(existing, rules, report, named);
    check.templates(&sheets[TEMPLATES]);
    check.items(&sheets[MENUS], &sheets[VARIATIONS]);
    check.categories(&sheets[CATEGORIES]);
    check.category_links(&sheets[CATEGORY_LINKS]);
    check.variation_categories(&sheets[VARIATION_CATEGORIES]);
    check.variation_links(&sheets[VARIATION_LINKS]);
    check.stocks(&sheets[STOCKS]);
    check.images(&sheets[IMAGES]);
    let (mut report, plan) = check.finish(counts);
    for (si, sheet) in SHEETS.iter().enumerate() {
        for e in &mut report.group(si).errors {
            e.cell = e.column.as_ref().and_then(|h| {
                places[si]
                    .get(h)
                    .map(|x| format!("{}!{}{}", sheet.name, column_letters(*x), e.row))
            });
        }
    }
    (report, plan)
}

impl<'a> Check<'a> {
    /// An empty plan that names every id the file's sheets hold (what `deleteOld` keeps), and
    /// the report of the rows refused while typing.
    fn new(
        existing: &'a Existing,
        rules: Rules,
        report: Report,
        mut named: Vec<HashSet<String>>,
    ) -> Self {
        let plan = Plan {
            named_items: std::mem::take(&mut named[MENUS])
                .into_iter()
                .chain(std::mem::take(&mut named[VARIATIONS]))
                .collect(),
            named_categories: std::mem::take(&mut named[CATEGORIES]),
            named_variation_categories: std::mem::take(&mut named[VARIATION_CATEGORIES]),
            ..Plan::default()
        };
        Check {
            existing,
            rules,
            report,
            plan,
            templates: HashMap::new(),
            template_ids: Ids::default(),
            item_ids: Ids::default(),
            category_ids: Ids::default(),
            variation_category_ids: Ids::default(),
            planned: HashMap::new(),
        }
    }

    /// Counts a row of sheet `si` refused and keeps its message (the first [`ERRORS_MAX`]).
    fn fail(&mut self, si: usize, line: u32, (column, message): Refusal) {
        let g = self.report.group(si);
        g.failed += 1;
        push_error(g, SHEETS[si].name, line, column, message);
    }

    /// Counts a row of sheet `si` imported.
    fn pass(&mut self, si: usize) {
        self.report.group(si).imported += 1;
    }

    /// Refuses an id the shop's catalogue holds already (`exists`), unless rows are to update
    /// what they name.
    fn new_or_updating(&self, exists: bool, id: &str) -> Result<(), Refusal> {
        if exists && !self.rules.update_existing {
            return Err(refuse(
                "id",
                format!("id {id} exists already (set updateExisting to update it)"),
            ));
        }
        Ok(())
    }

    /// Templates: only their ids are checked; the menus naming one read its defaults.
    fn templates(&mut self, rows: &[Row]) {
        let h = header_names(TEMPLATES);
        for row in rows {
            let c = Cols { headers: &h, row };
            let id = c.text("id").unwrap_or_default();
            if let Err(r) = self.template_ids.claim(TEMPLATES, &id, row.line) {
                self.fail(TEMPLATES, row.line, r);
                continue;
            }
            let defaults = Defaults {
                kind: c.int("type"),
                status: c.int("status"),
                tax_rate: c.int("taxRate"),
            };
            self.templates.insert(id, defaults);
            self.pass(TEMPLATES);
        }
    }

    /// Menus, then variations (one namespace), then the index later references read.
    fn items(&mut self, menus: &[Row], variations: &[Row]) {
        self.item_rows(MENUS, menus);
        self.item_rows(VARIATIONS, variations);
        self.planned = self
            .plan
            .items
            .iter()
            .enumerate()
            .map(|(i, p)| (p.ext.clone(), i))
            .collect();
    }

    /// The rows of the menus or variations sheet (`si`).
    fn item_rows(&mut self, si: usize, rows: &[Row]) {
        let h = header_names(si);
        for row in rows {
            let c = Cols { headers: &h, row };
            let id = c.text("id").unwrap_or_default();
            if let Err(r) = self.item_ids.claim(si, &id, row.line) {
                self.fail(si, row.line, r);
                continue;
            }
            match self.item(si, &c, id.clone()) {
                Ok(item) => {
                    self.plan.items.push(item);
                    self.pass(si);
                }
                Err(r) => {
                    self.fail(si, row.line, r);
                    self.item_ids.release(&id);
                }
            }
        }
    }

    /// One menu or variation (`si`) whose id is the file's: what to write. A menu takes its
    /// template's defaults where its own cells are blank; an id of the shop's must stay the
    /// same kind (a menu cannot become a variation).
    fn item(&self, si: usize, c: &Cols, id: String) -> Result<ItemPlan, Refusal> {
        self.new_or_updating(self.existing.items.contains_key(&id), &id)?;
        let template = match c.text("templateId") {
            Some(t) => match self.templates.get(&t) {
                Some(d) => *d,
                None => return Err(refuse("templateId", format!("unknown template {t}"))),
            },
            None => Defaults::default(),
        };
        let fields: &[&str] = if si == MENUS {
            &["shortDesc", "desc"]
        } else {
            &[]
        };
        let texts = c.texts(fields)?;
        let kind = if si == VARIATIONS {
            VARIATION
        } else {
            c.int("type").or(template.kind).unwrap_or(0) as i32
        };
        if let Some((_, have)) = self.existing.items.get(&id)
            && (*have == VARIATION) != (kind == VARIATION)
        {
            let what = |k: i32| if k == VARIATION { "variation" } else { "menu" };
            return Err(refuse(
                "id",
                format!(
                    "id {id} is a {} in the shop, not a {}",
                    what(*have),
                    what(kind)
                ),
            ));
        }
        Ok(ItemPlan {
            ext: id,
            kind,
            status: c.int("status").or(template.status).unwrap_or(1) as i32,
            price: c.int("price").unwrap_or(0),
            tax_rate: c.int("taxRate").or(template.tax_rate).unwrap_or(10) as i32,
            sort: c.sort(),
            stock: None,
            images: Vec::new(),
            texts,
        })
    }

    /// The type of the item `id` names: the file's row, else the shop's; `None` when unknown.
    fn item_kind(&self, id: &str) -> Option<i32> {
        match self.planned.get(id) {
            Some(i) => Some(self.plan.items[*i].kind),
            None => self.existing.items.get(id).map(|(_, k)| *k),
        }
    }

    /// A reference in `column` to any item (stocks and images may name variations too).
    fn item_ref(&self, column: &str, id: &str) -> Result<(), Refusal> {
        match self.item_kind(id) {
            Some(_) => Ok(()),
            None => Err(refuse(column, format!("unknown menu {id}"))),
        }
    }

    /// A reference in `column` to a menu (an option menu included), not a variation.
    fn menu_ref(&self, column: &str, id: &str) -> Result<(), Refusal> {
        match self.item_kind(id) {
            Some(VARIATION) => Err(refuse(column, format!("{id} is a variation, not a menu"))),
            Some(_) => Ok(()),
            None => Err(refuse(column, format!("unknown menu {id}"))),
        }
    }

    /// A reference in `column` to a variation.
    fn variation_ref(&self, column: &str, id: &str) -> Result<(), Refusal> {
        match self.item_kind(id) {
            Some(VARIATION) => Ok(()),
            Some(_) => Err(refuse(column, format!("{id} is a menu, not a variation"))),
            None => Err(refuse(column, format!("unknown variation {id}"))),
        }
    }

    /// Menu categories.
    fn categories(&mut self, rows: &[Row]) {
        let h = header_names(CATEGORIES);
        for row in rows {
            let c = Cols { headers: &h, row };
            let id = c.text("id").unwrap_or_default();
            if let Err(r) = self.category_ids.claim(CATEGORIES, &id, row.line) {
                self.fail(CATEGORIES, row.line, r);
                continue;
            }
            match self.category(&c, id.clone()) {
                Ok(category) => {
                    self.plan.categories.push(category);
                    self.pass(CATEGORIES);
                }
                Err(r) => {
                    self.category_ids.release(&id);
                    self.fail(CATEGORIES, row.line, r);
                }
            }
        }
    }

    /// One category whose id is the file's: what to write.
    fn category(&self, c: &Cols, id: String) -> Result<CategoryPlan, Refusal> {
        self.new_or_updating(self.existing.categories.contains_key(&id), &id)?;
        let texts = c.texts(&["desc"])?;
        Ok(CategoryPlan {
            ext: id,
            profile: c.text("profile"),
            sort: c.sort(),
            texts,
        })
    }

    /// Which menus each category lists.
    fn category_links(&mut self, rows: &[Row]) {
        let h = header_names(CATEGORY_LINKS);
        let mut pairs = HashSet::new();
        for row in rows {
            let c = Cols { headers: &h, row };
            match self.category_link(&c, &mut pairs) {
                Ok(link) => {
                    self.plan.category_links.push(link);
                    self.pass(CATEGORY_LINKS);
                }
                Err(r) => self.fail(CATEGORY_LINKS, row.line, r),
            }
        }
    }

    /// One category's menu: the category known, the menu a menu, the pair not in `pairs` (the
    /// sheet's rows before) and then added to it.
    fn category_link(
        &self,
        c: &Cols,
        pairs: &mut HashSet<(String, String)>,
    ) -> Result<Link, Refusal> {
        let (cat, menu) = (
            c.text("categoryId").unwrap_or_default(),
            c.text("menuId").unwrap_or_default(),
        );
        if !(self.category_ids.holds(&cat) || self.existing.categories.contains_key(&cat)) {
            return Err(refuse("categoryId", format!("unknown category {cat}")));
        }
        self.menu_ref("menuId", &menu)?;
        if !pairs.insert((cat.clone(), menu.clone())) {
            return Err((
                None,
                format!("menu {menu} is listed in category {cat} twice"),
            ));
        }
        Ok((cat, menu, c.sort()))
    }

    /// Variation categories.
    fn variation_categories(&mut self, rows: &[Row]) {
        let h = header_names(VARIATION_CATEGORIES);
        for row in rows {
            let c = Cols { headers: &h, row };
            let id = c.text("id").unwrap_or_default();
            if let Err(r) = self
                .variation_category_ids
                .claim(VARIATION_CATEGORIES, &id, row.line)
            {
                self.fail(VARIATION_CATEGORIES, row.line, r);
                continue;
            }
            match self.variation_category(&c, id.clone()) {
                Ok(vc) => {
                    self.plan.variation_categories.push(vc);
                    self.pass(VARIATION_CATEGORIES);
                }
                Err(r) => {
                    self.variation_category_ids.release(&id);
                    self.fail(VARIATION_CATEGORIES, row.line, r);
                }
            }
        }
    }

    /// One variation category whose id is the file's: what to write. Its default choice must
    /// name a variation.
    fn variation_category(&self, c: &Cols, id: String) -> Result<VariationCategoryPlan, Refusal> {
        self.new_or_updating(self.existing.variation_categories.contains_key(&id), &id)?;
        let default_choice = c.text("defaultChoiceId");
        if let Some(d) = &default_choice
            && self.item_kind(d) != Some(VARIATION)
        {
            return Err(refuse("defaultChoiceId", format!("unknown variation {d}")));
        }
        let texts = c.texts(&[])?;
        Ok(VariationCategoryPlan {
            ext: id,
            required: c.bool("required").unwrap_or(false),
            exclusive: c.bool("exclusive").unwrap_or(false),
            show_gallery: c.bool("showGallery").unwrap_or(false),
            default_choice,
            sort: c.sort(),
            texts,
        })
    }

    /// Which menus offer each variation category and which variations it contains.
    fn variation_links(&mut self, rows: &[Row]) {
        let h = header_names(VARIATION_LINKS);
        let mut pairs = HashSet::new();
        for row in rows {
            let c = Cols { headers: &h, row };
            match self.variation_link(&c, &mut pairs) {
                Ok(VariationLink::Offer(link)) => {
                    self.plan.offer_links.push(link);
                    self.pass(VARIATION_LINKS);
                }
                Ok(VariationLink::Member(link)) => {
                    self.plan.member_links.push(link);
                    self.pass(VARIATION_LINKS);
                }
                Err(r) => self.fail(VARIATION_LINKS, row.line, r),
            }
        }
    }

    /// One link: the variation category known, exactly one of a menu (offering it) and a
    /// variation (in it), the link not in `pairs` (the sheet's rows before) and then added.
    fn variation_link(
        &self,
        c: &Cols,
        pairs: &mut HashSet<(String, String, bool)>,
    ) -> Result<VariationLink, Refusal> {
        let vc = c.text("variationCategoryId").unwrap_or_default();
        if !(self.variation_category_ids.holds(&vc)
            || self.existing.variation_categories.contains_key(&vc))
        {
            return Err(refuse(
                "variationCategoryId",
                format!("unknown variation category {vc}"),
            ));
        }
        let (target, offer) = match (c.text("menuId"), c.text("variationId")) {
            (Some(m), None) => {
                self.menu_ref("menuId", &m)?;
                (m, true)
            }
            (None, Some(v)) => {
                self.variation_ref("variationId", &v)?;
                (v, false)
            }
            _ => return Err((None, "give exactly one of menuId and variationId".into())),
        };
        if !pairs.insert((vc.clone(), target.clone(), offer)) {
            return Err((None, format!("{target} is linked to {vc} twice")));
        }
        let link = (vc, target, c.sort());
        Ok(if offer {
            VariationLink::Offer(link)
        } else {
            VariationLink::Member(link)
        })
    }

    /// Stocks: on the file's items, or in `stocks_elsewhere` for the shop's.
    fn stocks(&mut self, rows: &[Row]) {
        let h = header_names(STOCKS);
        let mut seen = HashMap::new();
        for row in rows {
            let c = Cols { headers: &h, row };
            match self.stock(&c, row.line, &mut seen) {
                Ok((id, stock)) => {
                    match self.planned.get(&id) {
                        Some(i) => self.plan.items[*i].stock = stock,
                        None => self.plan.stocks_elsewhere.push((id, stock)),
                    }
                    self.pass(STOCKS);
                }
                Err(r) => self.fail(STOCKS, row.line, r),
            }
        }
    }

    /// One stock (item, stock; `None` unlimited): the item known and given no stock on a row
    /// of `seen` (item → the last row naming it, this one then added).
    fn stock(
        &self,
        c: &Cols,
        line: u32,
        seen: &mut HashMap<String, u32>,
    ) -> Result<(String, Option<i64>), Refusal> {
        let id = c.text("menuId").unwrap_or_default();
        self.item_ref("menuId", &id)?;
        if let Some(l) = seen.insert(id.clone(), line) {
            return Err(refuse(
                "menuId",
                format!("menu {id} has a stock on row {l} already"),
            ));
        }
        Ok((id, c.int("stockAvailable")))
    }

    /// Images: each of a known item; then placed in order.
    fn images(&mut self, rows: &[Row]) {
        let h = header_names(IMAGES);
        let mut images: Vec<Image> = Vec::new();
        for row in rows {
            let c = Cols { headers: &h, row };
            let id = c.text("menuId").unwrap_or_default();
            match self.item_ref("menuId", &id) {
                Ok(()) => {
                    images.push((id, c.sort(), row.line, c.text("url").unwrap_or_default()));
                    self.pass(IMAGES);
                }
                Err(r) => self.fail(IMAGES, row.line, r),
            }
        }
        self.place_images(images);
    }

    /// Puts each item's images in order (sort order, then row) on the file's item, or in
    /// `images_elsewhere` (one entry per item) for the shop's: an item's list replaces its old.
    fn place_images(&mut self, mut images: Vec<Image>) {
        images.sort_by(|a, b| (&a.0, a.1, a.2).cmp(&(&b.0, b.1, b.2)));
        let mut elsewhere: Vec<(String, Vec<String>)> = Vec::new();
        for (id, _, _, url) in images {
            match self.planned.get(&id) {
                Some(i) => self.plan.items[*i].images.push(url),
                None => match elsewhere.last_mut() {
                    Some((last, urls)) if *last == id => urls.push(url),
                    _ => elsewhere.push((id, vec![url])),
                },
            }
        }
        self.plan.images_elsewhere = elsewhere;
    }

    /// The report with every group's row count (`counts`, per sheet), and the plan.
    fn finish(mut self, counts: Vec<u64>) -> (Report, Plan) {
        for (si, n) in counts.into_iter().enumerate() {
            self.report.group(si).count = n;
        }
        (self.report, self.plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_xlsxwriter::Workbook;

    /// A cell of a test workbook: text, number, boolean or blank.
    enum C {
        S(&'static str),
        N(f64),
        B(bool),
        E,
    }

    use C::{B, E, N, S};

    /// A sheet's name, headers and rows.
    type Given<'a> = (&'a str, &'a [&'a str], Vec<Vec<C>>);

    /// A workbook with every sheet; those not in `given` are empty.
    fn workbook(given: &[Given<'_>]) -> Vec<u8> {
        let mut book = Workbook::new();
        for sheet in SHEETS {
            let ws = book.add_worksheet();
            ws.set_name(sheet.name).expect("sheet name");
            let Some((_, headers, rows)) = given.iter().find(|(n, _, _)| *n == sheet.name) else {
                continue;
            };
            for (c, h) in (0u16..).zip(headers.iter()) {
                ws.write_string(0, c, *h).expect("header");
            }
            for (r, row) in (1u32..).zip(rows) {
                for (c, cell) in (0u16..).zip(row) {
                    match cell {
                        S(s) => ws.write_string(r, c, *s).map(drop),
                        N(n) => ws.write_number(r, c, *n).map(drop),
                        B(b) => ws.write_boolean(r, c, *b).map(drop),
                        E => Ok(()),
                    }
                    .expect("cell");
                }
            }
        }
        book.save_to_buffer().expect("workbook")
    }

    #[test]
    fn column_letters_count_like_a_spreadsheet() {
        for (x, letters) in [
            (0, "A"),
            (5, "F"),
            (25, "Z"),
            (26, "AA"),
            (51, "AZ"),
            (52, "BA"),
            (701, "ZZ"),
            (702, "AAA"),
        ] {
            assert_eq!(column_letters(x), letters, "{x}");
        }
    }

    /// The workbook of `given` read and validated.
    fn check(given: &[Given<'_>], existing: &Existing, rules: Rules) -> (Report, Plan) {
        let book = read(&workbook(given)).expect("a readable workbook");
        validate(book, existing, rules)
    }

    /// Validated for a shop with an empty catalogue.
    fn check_new(given: &[Given<'_>]) -> (Report, Plan) {
        check(given, &Existing::default(), Rules::default())
    }

    /// (count, imported, failed).
    fn counts(g: &GroupReport) -> (u64, u64, u64) {
        (g.count, g.imported, g.failed)
    }

    /// The group's errors as (row, column, message).
    fn errors(g: &GroupReport) -> Vec<(u32, Option<&str>, &str)> {
        g.errors
            .iter()
            .map(|e| (e.row, e.column.as_deref(), e.message.as_str()))
            .collect()
    }

    fn link(owner: &str, item: &str, sort: i32) -> Link {
        (owner.into(), item.into(), sort)
    }

    fn names(ids: &[&str]) -> HashSet<String> {
        ids.iter().map(|s| s.to_string()).collect()
    }

    fn text(lang: &'static str, name: &str, desc: Option<&str>) -> TextRow {
        TextRow {
            lang,
            name: name.into(),
            short_desc: None,
            desc: desc.map(Into::into),
        }
    }

    /// A shop with the menu `ramen`, the variation `large`, the category `mains` and the
    /// variation category `size`.
    fn shop() -> Existing {
        Existing {
            items: [
                ("ramen".to_string(), (7, 0)),
                ("large".to_string(), (8, VARIATION)),
            ]
            .into(),
            categories: [("mains".to_string(), 3)].into(),
            variation_categories: [("size".to_string(), 4)].into(),
        }
    }

    /// A row of each id sheet naming what [`shop`] has, and links between them.
    fn the_shops_ids() -> Vec<Given<'static>> {
        vec![
            (
                "menus",
                &["id", "price", "name_en"],
                vec![vec![S("ramen"), N(1200.0), S("Ramen")]],
            ),
            (
                "menuCategories",
                &["id", "name_en"],
                vec![vec![S("mains"), S("Mains")]],
            ),
            (
                "categoryRelationships",
                &["categoryId", "menuId"],
                vec![vec![S("mains"), S("ramen")]],
            ),
            (
                "variations",
                &["id", "price", "name_en"],
                vec![vec![S("large"), N(200.0), S("Large")]],
            ),
            (
                "variationCategories",
                &["id", "defaultChoiceId", "name_en"],
                vec![vec![S("size"), S("large"), S("Size")]],
            ),
            (
                "variationRelationships",
                &["variationCategoryId", "menuId", "variationId"],
                vec![
                    vec![S("size"), S("ramen"), E],
                    vec![S("size"), E, S("large")],
                ],
            ),
            (
                "stocks",
                &["menuId", "stockAvailable"],
                vec![vec![S("ramen"), N(5.0)]],
            ),
            (
                "images",
                &["menuId", "url"],
                vec![vec![S("large"), S("https://img.example/large.jpg")]],
            ),
        ]
    }

    #[test]
    fn the_sheet_constants_index_their_sheets() {
        let named = [
            (TEMPLATES, "templates"),
            (MENUS, "menus"),
            (CATEGORIES, "menuCategories"),
            (CATEGORY_LINKS, "categoryRelationships"),
            (VARIATIONS, "variations"),
            (VARIATION_CATEGORIES, "variationCategories"),
            (VARIATION_LINKS, "variationRelationships"),
            (STOCKS, "stocks"),
            (IMAGES, "images"),
        ];
        for (si, name) in named {
            assert_eq!(SHEETS[si].name, name);
        }
    }

    #[test]
    fn a_valid_workbook_plans_a_category_a_menu_and_a_variation_category_with_its_variation() {
        let (report, plan) = check_new(&[
            (
                "menus",
                &["id", "price", "name_en", "name_ja", "desc_en"],
                vec![vec![
                    S("ramen"),
                    N(980.0),
                    S("Ramen"),
                    S("ラーメン"),
                    S("Rich broth"),
                ]],
            ),
            (
                "menuCategories",
                &["id", "profile", "sortOrder", "name_en"],
                vec![vec![S("mains"), S("noodles"), N(2.0), S("Mains")]],
            ),
            (
                "categoryRelationships",
                &["categoryId", "menuId", "sortOrder"],
                vec![vec![S("mains"), S("ramen"), N(1.0)]],
            ),
            (
                "variations",
                &["id", "price", "taxRate", "name_en"],
                vec![vec![S("large"), N(150.0), N(8.0), S("Large")]],
            ),
            (
                "variationCategories",
                &["id", "required", "exclusive", "defaultChoiceId", "name_en"],
                vec![vec![S("size"), B(true), B(false), S("large"), S("Size")]],
            ),
            (
                "variationRelationships",
                &["variationCategoryId", "menuId", "variationId"],
                vec![
                    vec![S("size"), S("ramen"), E],
                    vec![S("size"), E, S("large")],
                ],
            ),
            (
                "stocks",
                &["menuId", "stockAvailable"],
                vec![vec![S("ramen"), N(20.0)]],
            ),
            (
                "images",
                &["menuId", "url"],
                vec![vec![S("ramen"), S("https://img.example/ramen.jpg")]],
            ),
        ]);
        assert_eq!(report.failed(), 0, "{report:?}");
        assert_eq!(counts(&report.templates), (0, 0, 0));
        assert_eq!(counts(&report.menus), (1, 1, 0));
        assert_eq!(counts(&report.menu_categories), (1, 1, 0));
        assert_eq!(counts(&report.category_relationships), (1, 1, 0));
        assert_eq!(counts(&report.variations), (1, 1, 0));
        assert_eq!(counts(&report.variation_categories), (1, 1, 0));
        assert_eq!(counts(&report.variation_relationships), (2, 2, 0));
        assert_eq!(counts(&report.stocks), (1, 1, 0));
        assert_eq!(counts(&report.images), (1, 1, 0));

        let [ramen, large] = &plan.items[..] else {
            panic!("two items: {:?}", plan.items);
        };
        assert_eq!(
            (ramen.ext.as_str(), ramen.kind, ramen.status, ramen.price),
            ("ramen", 0, 1, 980)
        );
        assert_eq!((ramen.tax_rate, ramen.sort, ramen.stock), (10, 0, Some(20)));
        assert_eq!(ramen.images, ["https://img.example/ramen.jpg"]);
        assert_eq!(
            ramen.texts,
            [
                text("en", "Ramen", Some("Rich broth")),
                text("ja", "ラーメン", None)
            ]
        );
        assert_eq!(
            (large.ext.as_str(), large.kind, large.price, large.tax_rate),
            ("large", VARIATION, 150, 8)
        );
        assert_eq!((large.stock, large.images.len()), (None, 0));
        assert_eq!(large.texts, [text("en", "Large", None)]);

        let [mains] = &plan.categories[..] else {
            panic!("one category: {:?}", plan.categories);
        };
        assert_eq!(
            (mains.ext.as_str(), mains.profile.as_deref(), mains.sort),
            ("mains", Some("noodles"), 2)
        );
        assert_eq!(mains.texts, [text("en", "Mains", None)]);
        assert_eq!(plan.category_links, [link("mains", "ramen", 1)]);

        let [size] = &plan.variation_categories[..] else {
            panic!("one variation category: {:?}", plan.variation_categories);
        };
        assert_eq!(
            (
                size.ext.as_str(),
                size.required,
                size.exclusive,
                size.show_gallery
            ),
            ("size", true, false, false)
        );
        assert_eq!(size.default_choice.as_deref(), Some("large"));
        assert_eq!(size.texts, [text("en", "Size", None)]);
        assert_eq!(plan.offer_links, [link("size", "ramen", 0)]);
        assert_eq!(plan.member_links, [link("size", "large", 0)]);

        assert!(plan.stocks_elsewhere.is_empty() && plan.images_elsewhere.is_empty());
        assert_eq!(plan.named_items, names(&["ramen", "large"]));
        assert_eq!(plan.named_categories, names(&["mains"]));
        assert_eq!(plan.named_variation_categories, names(&["size"]));
    }

    #[test]
    fn a_duplicate_id_in_the_file_fails_its_second_row() {
        let (report, plan) = check_new(&[
            ("templates", &["id"], vec![vec![S("food")], vec![S("food")]]),
            (
                "menus",
                &["id", "price", "name_en"],
                vec![
                    vec![S("ramen"), N(980.0), S("Ramen")],
                    vec![S("ramen"), N(1200.0), S("Ramen again")],
                ],
            ),
            (
                "variations",
                &["id", "price", "name_en"],
                vec![vec![S("ramen"), N(0.0), S("A variation")]],
            ),
            (
                "menuCategories",
                &["id", "name_en"],
                vec![vec![S("mains"), S("Mains")], vec![S("mains"), S("Again")]],
            ),
            (
                "variationCategories",
                &["id", "name_en"],
                vec![vec![S("size"), S("Size")], vec![S("size"), S("Again")]],
            ),
        ]);
        assert_eq!(counts(&report.templates), (2, 1, 1));
        assert_eq!(
            errors(&report.templates),
            [(
                3,
                Some("id"),
                "duplicate id food (also on row 2 of templates)"
            )]
        );
        assert_eq!(counts(&report.menus), (2, 1, 1));
        assert_eq!(
            errors(&report.menus),
            [(3, Some("id"), "duplicate id ramen (also on row 2 of menus)")]
        );
        assert_eq!(
            counts(&report.variations),
            (1, 0, 1),
            "menus and variations share ids"
        );
        assert_eq!(
            errors(&report.variations),
            [(2, Some("id"), "duplicate id ramen (also on row 2 of menus)")]
        );
        assert_eq!(
            errors(&report.menu_categories),
            [(
                3,
                Some("id"),
                "duplicate id mains (also on row 2 of menuCategories)"
            )]
        );
        assert_eq!(
            errors(&report.variation_categories),
            [(
                3,
                Some("id"),
                "duplicate id size (also on row 2 of variationCategories)"
            )]
        );
        let [ramen] = &plan.items[..] else {
            panic!("one item: {:?}", plan.items);
        };
        assert_eq!(
            (ramen.ext.as_str(), ramen.price),
            ("ramen", 980),
            "the first row wins"
        );
        assert_eq!(plan.categories[0].texts, [text("en", "Mains", None)]);
        assert_eq!(plan.named_items, names(&["ramen"]));
    }

    #[test]
    fn the_id_of_a_refused_row_is_free_for_a_later_row() {
        let (report, plan) = check_new(&[(
            "menus",
            &["id", "price", "name_en", "desc_ja"],
            vec![
                vec![S("soba"), N(700.0), E, E],
                vec![S("soba"), N(800.0), E, S("Cold")],
                vec![S("soba"), N(900.0), S("Soba"), E],
            ],
        )]);
        assert_eq!(counts(&report.menus), (3, 1, 2));
        assert_eq!(
            errors(&report.menus),
            [
                (
                    2,
                    Some("name_en"),
                    "a name in at least one language is required"
                ),
                (
                    3,
                    Some("name_ja"),
                    "is required when a description in ja is given"
                ),
            ]
        );
        assert_eq!(plan.items[0].price, 900);
    }

    #[test]
    fn a_reference_to_an_unknown_category_menu_or_template_fails_its_row() {
        let (report, plan) = check_new(&[
            (
                "menus",
                &["id", "templateId", "price", "name_en"],
                vec![
                    vec![S("ramen"), E, N(980.0), S("Ramen")],
                    vec![S("soba"), S("nope"), N(700.0), S("Soba")],
                    vec![S("udon"), E, N(650.0), E],
                ],
            ),
            (
                "menuCategories",
                &["id", "name_en"],
                vec![vec![S("mains"), S("Mains")]],
            ),
            (
                "categoryRelationships",
                &["categoryId", "menuId"],
                vec![
                    vec![S("nowhere"), S("ramen")],
                    vec![S("mains"), S("ghost")],
                    vec![S("mains"), S("soba")],
                    vec![S("mains"), S("udon")],
                    vec![S("mains"), S("ramen")],
                    vec![S("mains"), S("ramen")],
                ],
            ),
            (
                "variationRelationships",
                &["variationCategoryId", "menuId"],
                vec![vec![S("nosize"), S("ramen")]],
            ),
            (
                "stocks",
                &["menuId", "stockAvailable"],
                vec![vec![S("ghost"), N(1.0)]],
            ),
            (
                "images",
                &["menuId", "url"],
                vec![vec![S("ghost"), S("https://img.example/ghost.jpg")]],
            ),
        ]);
        assert_eq!(
            errors(&report.menus),
            [
                (3, Some("templateId"), "unknown template nope"),
                (
                    4,
                    Some("name_en"),
                    "a name in at least one language is required"
                ),
            ]
        );
        assert_eq!(counts(&report.category_relationships), (6, 1, 5));
        assert_eq!(
            errors(&report.category_relationships),
            [
                (2, Some("categoryId"), "unknown category nowhere"),
                (3, Some("menuId"), "unknown menu ghost"),
                (4, Some("menuId"), "unknown menu soba"),
                (5, Some("menuId"), "unknown menu udon"),
                (7, None, "menu ramen is listed in category mains twice"),
            ],
            "a refused menu is no reference"
        );
        assert_eq!(plan.category_links, [link("mains", "ramen", 0)]);
        assert_eq!(
            errors(&report.variation_relationships),
            [(
                2,
                Some("variationCategoryId"),
                "unknown variation category nosize"
            )]
        );
        assert_eq!(
            errors(&report.stocks),
            [(2, Some("menuId"), "unknown menu ghost")]
        );
        assert_eq!(
            errors(&report.images),
            [(2, Some("menuId"), "unknown menu ghost")]
        );
        assert!(plan.stocks_elsewhere.is_empty() && plan.images_elsewhere.is_empty());
    }

    #[test]
    fn an_id_the_shop_has_fails_without_update_existing_and_is_still_a_reference() {
        let (report, plan) = check(&the_shops_ids(), &shop(), Rules::default());
        for (g, id) in [
            (&report.menus, "ramen"),
            (&report.variations, "large"),
            (&report.menu_categories, "mains"),
            (&report.variation_categories, "size"),
        ] {
            assert_eq!(counts(g), (1, 0, 1), "{id}");
            let message = format!("id {id} exists already (set updateExisting to update it)");
            assert_eq!(errors(g), [(2, Some("id"), message.as_str())]);
        }
        assert!(plan.items.is_empty() && plan.categories.is_empty());
        assert!(plan.variation_categories.is_empty());
        // The links name the shop's rows.
        assert_eq!(plan.category_links, [link("mains", "ramen", 0)]);
        assert_eq!(plan.offer_links, [link("size", "ramen", 0)]);
        assert_eq!(plan.member_links, [link("size", "large", 0)]);
        assert_eq!(plan.stocks_elsewhere, [("ramen".to_string(), Some(5))]);
        assert_eq!(
            plan.images_elsewhere,
            [(
                "large".to_string(),
                vec!["https://img.example/large.jpg".to_string()]
            )]
        );
        assert_eq!(
            plan.named_items,
            names(&["ramen", "large"]),
            "deleteOld keeps them"
        );
    }

    #[test]
    fn an_id_the_shop_has_is_planned_again_with_update_existing() {
        let rules = Rules {
            update_existing: true,
        };
        let (report, plan) = check(&the_shops_ids(), &shop(), rules);
        assert_eq!(report.failed(), 0, "{report:?}");
        assert_eq!(counts(&report.menus), (1, 1, 0));
        assert_eq!(counts(&report.variations), (1, 1, 0));
        let planned: Vec<_> = plan
            .items
            .iter()
            .map(|i| (i.ext.as_str(), i.kind, i.price, i.stock))
            .collect();
        assert_eq!(
            planned,
            [("ramen", 0, 1200, Some(5)), ("large", VARIATION, 200, None)]
        );
        assert_eq!(plan.items[1].images, ["https://img.example/large.jpg"]);
        assert_eq!(plan.categories[0].ext, "mains");
        assert_eq!(plan.variation_categories[0].ext, "size");
        assert!(plan.stocks_elsewhere.is_empty() && plan.images_elsewhere.is_empty());
    }

    #[test]
    fn an_id_the_shop_has_as_the_other_kind_fails_even_with_update_existing() {
        let rules = Rules {
            update_existing: true,
        };
        let (report, plan) = check(
            &[
                (
                    "menus",
                    &["id", "price", "name_en"],
                    vec![vec![S("large"), N(100.0), S("Large")]],
                ),
                (
                    "variations",
                    &["id", "price", "name_en"],
                    vec![vec![S("ramen"), N(100.0), S("Ramen")]],
                ),
            ],
            &shop(),
            rules,
        );
        assert_eq!(
            errors(&report.menus),
            [(
                2,
                Some("id"),
                "id large is a variation in the shop, not a menu"
            )]
        );
        assert_eq!(
            errors(&report.variations),
            [(
                2,
                Some("id"),
                "id ramen is a menu in the shop, not a variation"
            )]
        );
        assert!(plan.items.is_empty());
    }

    #[test]
    fn a_required_column_left_empty_fails_its_row() {
        let (report, plan) = check_new(&[
            (
                "menus",
                &["id", "price", "name_en"],
                vec![
                    vec![S("ramen"), E, S("Ramen")],
                    vec![S("gyoza"), N(480.0), S("Gyoza")],
                    vec![E, N(300.0), S("Nameless")],
                ],
            ),
            (
                "categoryRelationships",
                &["categoryId", "menuId"],
                vec![vec![E, S("gyoza")]],
            ),
        ]);
        assert_eq!(counts(&report.menus), (3, 1, 2));
        assert_eq!(
            errors(&report.menus),
            [
                (2, Some("price"), "is required"),
                (4, Some("id"), "is required")
            ]
        );
        assert_eq!(
            errors(&report.category_relationships),
            [(2, Some("categoryId"), "is required")]
        );
        assert_eq!(plan.items.len(), 1);
        assert_eq!(
            plan.named_items,
            names(&["ramen", "gyoza"]),
            "a refused row's id is named"
        );
    }

    #[test]
    fn a_menu_takes_its_templates_defaults_where_its_cells_are_blank() {
        let (report, plan) = check_new(&[
            (
                "templates",
                &["id", "type", "status", "taxRate"],
                vec![vec![S("option"), N(1.0), N(2.0), N(8.0)]],
            ),
            (
                "menus",
                &["id", "templateId", "status", "taxRate", "price", "name_en"],
                vec![
                    vec![S("a"), S("option"), E, E, N(100.0), S("A")],
                    vec![S("b"), S("option"), N(0.0), N(10.0), N(100.0), S("B")],
                    vec![S("c"), E, E, E, N(100.0), S("C")],
                ],
            ),
        ]);
        assert_eq!(report.failed(), 0, "{report:?}");
        let got: Vec<_> = plan
            .items
            .iter()
            .map(|i| (i.ext.as_str(), i.kind, i.status, i.tax_rate))
            .collect();
        assert_eq!(got, [("a", 1, 2, 8), ("b", 1, 0, 10), ("c", 0, 1, 10)]);
    }

    #[test]
    fn a_variation_link_names_one_menu_or_one_variation_once() {
        let (report, plan) = check_new(&[
            (
                "menus",
                &["id", "price", "name_en"],
                vec![vec![S("ramen"), N(980.0), S("Ramen")]],
            ),
            (
                "variations",
                &["id", "price", "name_en"],
                vec![vec![S("large"), N(150.0), S("Large")]],
            ),
            (
                "variationCategories",
                &["id", "defaultChoiceId", "name_en"],
                vec![
                    vec![S("size"), E, S("Size")],
                    vec![S("bad"), S("ramen"), S("Bad")],
                ],
            ),
            (
                "variationRelationships",
                &["variationCategoryId", "menuId", "variationId", "sortOrder"],
                vec![
                    vec![S("size"), S("ramen"), S("large"), E],
                    vec![S("size"), E, E, N(1.0)],
                    vec![S("size"), S("large"), E, E],
                    vec![S("size"), E, S("ramen"), E],
                    vec![S("size"), E, S("ghost"), E],
                    vec![S("size"), E, S("large"), N(2.0)],
                    vec![S("size"), E, S("large"), E],
                    vec![S("size"), S("ramen"), E, E],
                    vec![S("bad"), S("ramen"), E, E],
                ],
            ),
        ]);
        assert_eq!(
            errors(&report.variation_categories),
            [(3, Some("defaultChoiceId"), "unknown variation ramen")]
        );
        assert_eq!(counts(&report.variation_relationships), (9, 2, 7));
        assert_eq!(
            errors(&report.variation_relationships),
            [
                (2, None, "give exactly one of menuId and variationId"),
                (3, None, "give exactly one of menuId and variationId"),
                (4, Some("menuId"), "large is a variation, not a menu"),
                (5, Some("variationId"), "ramen is a menu, not a variation"),
                (6, Some("variationId"), "unknown variation ghost"),
                (8, None, "large is linked to size twice"),
                (
                    10,
                    Some("variationCategoryId"),
                    "unknown variation category bad"
                ),
            ]
        );
        assert_eq!(plan.member_links, [link("size", "large", 2)]);
        assert_eq!(plan.offer_links, [link("size", "ramen", 0)]);
    }

    #[test]
    fn stocks_and_images_go_on_the_files_items_or_elsewhere_for_the_shops() {
        let existing = Existing {
            items: [("old".to_string(), (9, 0))].into(),
            ..Existing::default()
        };
        let (report, plan) = check(
            &[
                (
                    "menus",
                    &["id", "price", "name_en"],
                    vec![vec![S("ramen"), N(980.0), S("Ramen")]],
                ),
                (
                    "stocks",
                    &["menuId", "stockAvailable"],
                    vec![
                        vec![S("ramen"), N(3.0)],
                        vec![S("old"), E],
                        vec![S("ramen"), N(4.0)],
                    ],
                ),
                (
                    "images",
                    &["menuId", "url", "sortOrder"],
                    vec![
                        vec![S("ramen"), S("https://i.example/2"), N(2.0)],
                        vec![S("old"), S("https://i.example/o"), E],
                        vec![S("ramen"), S("https://i.example/1"), N(1.0)],
                        vec![S("ramen"), S("https://i.example/3"), N(2.0)],
                    ],
                ),
            ],
            &existing,
            Rules::default(),
        );
        assert_eq!(counts(&report.stocks), (3, 2, 1));
        assert_eq!(
            errors(&report.stocks),
            [(4, Some("menuId"), "menu ramen has a stock on row 2 already")]
        );
        assert_eq!(plan.items[0].stock, Some(3));
        assert_eq!(plan.stocks_elsewhere, [("old".to_string(), None)]);
        assert_eq!(counts(&report.images), (4, 4, 0));
        assert_eq!(
            plan.items[0].images,
            [
                "https://i.example/1",
                "https://i.example/2",
                "https://i.example/3"
            ],
            "by sort order, then row"
        );
        assert_eq!(
            plan.images_elsewhere,
            [("old".to_string(), vec!["https://i.example/o".to_string()])]
        );
    }

    #[test]
    fn errors_past_the_first_hundred_are_counted_but_not_kept() {
        let rows = (0..ERRORS_MAX + 1)
            .map(|_| vec![S("ghost"), N(1.0)])
            .collect();
        let (report, _) = check_new(&[("stocks", &["menuId", "stockAvailable"], rows)]);
        assert_eq!(counts(&report.stocks), (101, 0, 101));
        assert_eq!(report.stocks.errors.len(), ERRORS_MAX);
        assert_eq!(report.failed(), 101);
    }

    #[test]
    fn an_id_is_a_duplicate_while_claimed_and_free_once_released() {
        let mut ids = Ids::default();
        assert_eq!(ids.claim(MENUS, "a", 2), Ok(()));
        assert_eq!(
            ids.claim(VARIATIONS, "a", 5),
            Err(refuse(
                "id",
                "duplicate id a (also on row 2 of menus)".into()
            ))
        );
        ids.release("a");
        assert!(!ids.holds("a"));
        assert_eq!(ids.claim(VARIATIONS, "a", 5), Ok(()));
        assert!(ids.holds("a"));
    }
}
