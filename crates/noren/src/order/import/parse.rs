//! Reading a menu workbook: [`read`] checks the file (a zip of bounded unpacked size, an XLSX
//! workbook, every sheet of [`SHEETS`] with its required columns and no unknown ones, at most
//! [`ROWS_MAX`] rows a sheet) and types each cell by its column; [`validate`] then checks each
//! row against the others and the shop's existing catalogue (duplicate ids, unknown
//! references) and answers the [`Report`] with the [`Plan`] of the rows that pass. Nothing here
//! touches the database: preview and the import job share it.

use super::columns::{Column, ID_MAX, Kind, SHEETS, TEXT_MAX, text_header};
use crate::db::repo::menu_imports::{
    CategoryPlan, Existing, ItemPlan, Plan, TextRow, VariationCategoryPlan,
};
use crate::domain::lang::Lang;
use calamine::{Data, Reader, Xlsx};

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
    #[schema(example = "must be a whole number 0 to 99999999")]
    pub message: String,
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
    let names = book.sheet_names();
    let missing: Vec<&str> = SHEETS
        .iter()
        .map(|s| s.name)
        .filter(|n| !names.iter().any(|have| have == n))
        .collect();
    if !missing.is_empty() {
        return Err(BadFile(format!(
            "the workbook lacks the sheet(s) {} (every sheet of the template must be present, empty ones included)",
            missing.join(", ")
        )));
    }
    let mut out = RawBook {
        sheets: Vec::with_capacity(SHEETS.len()),
        report: Report::default(),
        counts: vec![0; SHEETS.len()],
        named: vec![HashSet::new(); SHEETS.len()],
    };
    for (si, sheet) in SHEETS.iter().enumerate() {
        let columns = sheet.columns();
        // Cells are streamed: only those holding a value are kept (a sheet's declared size is
        // never trusted), at most CELLS_MAX of them, in rows below ROWS_MAX.
        let mut reader = book
            .worksheet_cells_reader(sheet.name)
            .map_err(|e| BadFile(format!("sheet {} cannot be read ({e})", sheet.name)))?;
        let mut grid: BTreeMap<u32, Vec<(u32, Data)>> = BTreeMap::new();
        let mut cells = 0usize;
        while let Some(cell) = reader
            .next_cell()
            .map_err(|e| BadFile(format!("sheet {} cannot be read ({e})", sheet.name)))?
        {
            let (r, c) = cell.get_position();
            let value: Data = cell.get_value().clone().into();
            if matches!(value, Data::Empty) {
                continue;
            }
            if r as usize >= ROWS_MAX {
                return Err(BadFile(format!(
                    "sheet {} has more than {} rows",
                    sheet.name,
                    ROWS_MAX - 1
                )));
            }
            cells += 1;
            if cells > CELLS_MAX {
                return Err(BadFile(format!(
                    "sheet {} has more than {CELLS_MAX} cells",
                    sheet.name
                )));
            }
            grid.entry(r).or_default().push((c, value));
        }
        drop(reader);
        let mut rows = grid.into_iter();
        // The header row (the first with a value): each cell a known column, each column once.
        let mut at: HashMap<u32, usize> = HashMap::new(); // sheet column → our column
        let header = rows.next();
        if let Some((_, header)) = &header {
            let mut seen = HashSet::new();
            for (x, cell) in header {
                let Some(h) = cell_text(cell) else {
                    continue;
                };
                let Some(ci) = columns.iter().position(|c| c.header == h) else {
                    return Err(BadFile(format!(
                        "sheet {}: unknown column {h} (the columns are {})",
                        sheet.name,
                        headers(&columns)
                    )));
                };
                if !seen.insert(ci) {
                    return Err(BadFile(format!(
                        "sheet {}: column {h} appears twice",
                        sheet.name
                    )));
                }
                at.insert(*x, ci);
            }
            let missing: Vec<&str> = columns
                .iter()
                .enumerate()
                .filter(|(i, c)| c.required && !at.values().any(|v| v == i))
                .map(|(_, c)| c.header.as_str())
                .collect();
            if !missing.is_empty() {
                return Err(BadFile(format!(
                    "sheet {} lacks the required column(s) {}",
                    sheet.name,
                    missing.join(", ")
                )));
            }
        }
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
            let id_column = columns.iter().position(|c| c.header == "id");
            if let Some(id) = cells
                .iter()
                .find(|(x, _)| id_column.is_some() && at.get(x).copied() == id_column)
                .and_then(|(_, c)| cell_text(c))
            {
                out.named[si].insert(id);
            }
            let mut vals = vec![None; columns.len()];
            let mut bad = Vec::new();
            for (x, cell) in &cells {
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
            if bad.is_empty() {
                typed_rows.push(Row { line, vals });
            } else {
                let g = out.report.group(si);
                g.failed += 1;
                for (column, message) in bad {
                    push_error(g, sheet.name, line, column, message);
                }
            }
        }
        out.sheets.push(typed_rows);
    }
    Ok(out)
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
    fn texts(&self, fields: &[&str]) -> Result<Vec<TextRow>, (Option<String>, String)> {
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

/// Checks the typed rows against each other and `existing`: the report (counts final) and
/// what to write.
pub fn validate(book: RawBook, existing: &Existing, rules: Rules) -> (Report, Plan) {
    let RawBook {
        sheets,
        mut report,
        counts,
        mut named,
    } = book;
    let mut plan = Plan {
        named_items: std::mem::take(&mut named[1])
            .into_iter()
            .chain(std::mem::take(&mut named[4]))
            .collect(),
        named_categories: std::mem::take(&mut named[2]),
        named_variation_categories: std::mem::take(&mut named[5]),
        ..Plan::default()
    };
    let cols =
        |si: usize| -> Vec<String> { SHEETS[si].columns().into_iter().map(|c| c.header).collect() };
    // Outcome of one row.
    let fail =
        |report: &mut Report, si: usize, line: u32, column: Option<String>, message: String| {
            let g = report.group(si);
            g.failed += 1;
            push_error(g, SHEETS[si].name, line, column, message);
        };
    // Ids of the file: external id → line, per namespace.
    let mut item_ids: HashMap<String, (usize, u32)> = HashMap::new();
    let dup = |ids: &mut HashMap<String, (usize, u32)>,
               si: usize,
               id: &str,
               line: u32|
     -> Option<String> {
        if let Some((s, l)) = ids.get(id) {
            return Some(format!(
                "duplicate id {id} (also on row {l} of {})",
                SHEETS[*s].name
            ));
        }
        ids.insert(id.to_string(), (si, line));
        None
    };
    let exists_msg = |id: &str| format!("id {id} exists already (set updateExisting to update it)");

    // templates
    // id → (type, status, taxRate)
    type Defaults = (Option<i64>, Option<i64>, Option<i64>);
    let mut templates: HashMap<String, Defaults> = HashMap::new();
    let mut template_ids = HashMap::new();
    let h = cols(0);
    for row in &sheets[0] {
        let c = Cols { headers: &h, row };
        let id = c.text("id").unwrap_or_default();
        if let Some(m) = dup(&mut template_ids, 0, &id, row.line) {
            fail(&mut report, 0, row.line, Some("id".into()), m);
            continue;
        }
        templates.insert(id, (c.int("type"), c.int("status"), c.int("taxRate")));
        report.group(0).imported += 1;
    }

    // menus and variations share the menu items' ids
    for si in [1usize, 4] {
        let h = cols(si);
        for row in &sheets[si] {
            let c = Cols { headers: &h, row };
            let id = c.text("id").unwrap_or_default();
            if let Some(m) = dup(&mut item_ids, si, &id, row.line) {
                fail(&mut report, si, row.line, Some("id".into()), m);
                continue;
            }
            if existing.items.contains_key(&id) && !rules.update_existing {
                fail(
                    &mut report,
                    si,
                    row.line,
                    Some("id".into()),
                    exists_msg(&id),
                );
                item_ids.remove(&id);
                continue;
            }
            let template = match c.text("templateId") {
                Some(t) => match templates.get(&t) {
                    Some(t) => Some(*t),
                    None => {
                        fail(
                            &mut report,
                            si,
                            row.line,
                            Some("templateId".into()),
                            format!("unknown template {t}"),
                        );
                        item_ids.remove(&id);
                        continue;
                    }
                },
                None => None,
            };
            let fields: &[&str] = if si == 1 { &["shortDesc", "desc"] } else { &[] };
            let texts = match c.texts(fields) {
                Ok(t) => t,
                Err((col, m)) => {
                    fail(&mut report, si, row.line, col, m);
                    item_ids.remove(&id);
                    continue;
                }
            };
            let kind = if si == 4 {
                2
            } else {
                c.int("type").or(template.and_then(|t| t.0)).unwrap_or(0) as i32
            };
            if let Some((_, have)) = existing.items.get(&id)
                && (*have == 2) != (kind == 2)
            {
                {
                    fail(
                        &mut report,
                        si,
                        row.line,
                        Some("id".into()),
                        format!(
                            "id {id} is a {} in the shop, not a {}",
                            if *have == 2 { "variation" } else { "menu" },
                            if kind == 2 { "variation" } else { "menu" }
                        ),
                    );
                    item_ids.remove(&id);
                    continue;
                }
            }
            plan.items.push(ItemPlan {
                ext: id,
                kind,
                status: c.int("status").or(template.and_then(|t| t.1)).unwrap_or(1) as i32,
                price: c.int("price").unwrap_or(0),
                tax_rate: c
                    .int("taxRate")
                    .or(template.and_then(|t| t.2))
                    .unwrap_or(10) as i32,
                sort: c.sort(),
                stock: None,
                images: Vec::new(),
                texts,
            });
            report.group(si).imported += 1;
        }
    }
    // What a reference to a menu item may name: the file's rows, then the shop's.
    let planned_items: HashMap<String, usize> = plan
        .items
        .iter()
        .enumerate()
        .map(|(i, p)| (p.ext.clone(), i))
        .collect();
    let item_ref = |id: &str, plan: &Plan| -> Option<i32> {
        match planned_items.get(id) {
            Some(i) => Some(plan.items[*i].kind),
            None => existing.items.get(id).map(|(_, k)| *k),
        }
    };

    // menu categories
    let h = cols(2);
    let mut category_ids = HashMap::new();
    for row in &sheets[2] {
        let c = Cols { headers: &h, row };
        let id = c.text("id").unwrap_or_default();
        if let Some(m) = dup(&mut category_ids, 2, &id, row.line) {
            fail(&mut report, 2, row.line, Some("id".into()), m);
            continue;
        }
        if existing.categories.contains_key(&id) && !rules.update_existing {
            fail(&mut report, 2, row.line, Some("id".into()), exists_msg(&id));
            category_ids.remove(&id);
            continue;
        }
        match c.texts(&["desc"]) {
            Ok(texts) => {
                plan.categories.push(CategoryPlan {
                    ext: id,
                    profile: c.text("profile"),
                    sort: c.sort(),
                    texts,
                });
                report.group(2).imported += 1;
            }
            Err((col, m)) => {
                category_ids.remove(&id);
                fail(&mut report, 2, row.line, col, m);
            }
        }
    }
    let category_known =
        |id: &str| category_ids.contains_key(id) || existing.categories.contains_key(id);

    // category relationships
    let h = cols(3);
    let mut pairs = HashSet::new();
    for row in &sheets[3] {
        let c = Cols { headers: &h, row };
        let (cat, menu) = (
            c.text("categoryId").unwrap_or_default(),
            c.text("menuId").unwrap_or_default(),
        );
        if !category_known(&cat) {
            fail(
                &mut report,
                3,
                row.line,
                Some("categoryId".into()),
                format!("unknown category {cat}"),
            );
            continue;
        }
        match item_ref(&menu, &plan) {
            Some(k) if k != 2 => {}
            Some(_) => {
                fail(
                    &mut report,
                    3,
                    row.line,
                    Some("menuId".into()),
                    format!("{menu} is a variation, not a menu"),
                );
                continue;
            }
            None => {
                fail(
                    &mut report,
                    3,
                    row.line,
                    Some("menuId".into()),
                    format!("unknown menu {menu}"),
                );
                continue;
            }
        }
        if !pairs.insert((cat.clone(), menu.clone())) {
            fail(
                &mut report,
                3,
                row.line,
                None,
                format!("menu {menu} is listed in category {cat} twice"),
            );
            continue;
        }
        plan.category_links.push((cat, menu, c.sort()));
        report.group(3).imported += 1;
    }

    // variation categories
    let h = cols(5);
    let mut vc_ids = HashMap::new();
    for row in &sheets[5] {
        let c = Cols { headers: &h, row };
        let id = c.text("id").unwrap_or_default();
        if let Some(m) = dup(&mut vc_ids, 5, &id, row.line) {
            fail(&mut report, 5, row.line, Some("id".into()), m);
            continue;
        }
        if existing.variation_categories.contains_key(&id) && !rules.update_existing {
            fail(&mut report, 5, row.line, Some("id".into()), exists_msg(&id));
            vc_ids.remove(&id);
            continue;
        }
        let default_choice = c.text("defaultChoiceId");
        if let Some(d) = &default_choice
            && item_ref(d, &plan) != Some(2)
        {
            {
                fail(
                    &mut report,
                    5,
                    row.line,
                    Some("defaultChoiceId".into()),
                    format!("unknown variation {d}"),
                );
                vc_ids.remove(&id);
                continue;
            }
        }
        match c.texts(&[]) {
            Ok(texts) => {
                plan.variation_categories.push(VariationCategoryPlan {
                    ext: id,
                    required: c.bool("required").unwrap_or(false),
                    exclusive: c.bool("exclusive").unwrap_or(false),
                    show_gallery: c.bool("showGallery").unwrap_or(false),
                    default_choice,
                    sort: c.sort(),
                    texts,
                });
                report.group(5).imported += 1;
            }
            Err((col, m)) => {
                vc_ids.remove(&id);
                fail(&mut report, 5, row.line, col, m);
            }
        }
    }
    let vc_known =
        |id: &str| vc_ids.contains_key(id) || existing.variation_categories.contains_key(id);

    // variation relationships
    let h = cols(6);
    let mut pairs = HashSet::new();
    for row in &sheets[6] {
        let c = Cols { headers: &h, row };
        let vc = c.text("variationCategoryId").unwrap_or_default();
        if !vc_known(&vc) {
            fail(
                &mut report,
                6,
                row.line,
                Some("variationCategoryId".into()),
                format!("unknown variation category {vc}"),
            );
            continue;
        }
        let (menu, variation) = (c.text("menuId"), c.text("variationId"));
        let (target, col, offer) = match (menu, variation) {
            (Some(m), None) => (m, "menuId", true),
            (None, Some(v)) => (v, "variationId", false),
            _ => {
                fail(
                    &mut report,
                    6,
                    row.line,
                    None,
                    "give exactly one of menuId and variationId".into(),
                );
                continue;
            }
        };
        match (item_ref(&target, &plan), offer) {
            (Some(k), true) if k != 2 => {}
            (Some(2), false) => {}
            (Some(_), true) => {
                fail(
                    &mut report,
                    6,
                    row.line,
                    Some(col.into()),
                    format!("{target} is a variation, not a menu"),
                );
                continue;
            }
            (Some(_), false) => {
                fail(
                    &mut report,
                    6,
                    row.line,
                    Some(col.into()),
                    format!("{target} is a menu, not a variation"),
                );
                continue;
            }
            (None, _) => {
                let what = if offer { "menu" } else { "variation" };
                fail(
                    &mut report,
                    6,
                    row.line,
                    Some(col.into()),
                    format!("unknown {what} {target}"),
                );
                continue;
            }
        }
        if !pairs.insert((vc.clone(), target.clone(), offer)) {
            fail(
                &mut report,
                6,
                row.line,
                None,
                format!("{target} is linked to {vc} twice"),
            );
            continue;
        }
        if offer {
            plan.offer_links.push((vc, target, c.sort()));
        } else {
            plan.member_links.push((vc, target, c.sort()));
        }
        report.group(6).imported += 1;
    }

    // stocks
    let h = cols(7);
    let mut seen = HashMap::new();
    for row in &sheets[7] {
        let c = Cols { headers: &h, row };
        let id = c.text("menuId").unwrap_or_default();
        if item_ref(&id, &plan).is_none() {
            fail(
                &mut report,
                7,
                row.line,
                Some("menuId".into()),
                format!("unknown menu {id}"),
            );
            continue;
        }
        if let Some(l) = seen.insert(id.clone(), row.line) {
            fail(
                &mut report,
                7,
                row.line,
                Some("menuId".into()),
                format!("menu {id} has a stock on row {l} already"),
            );
            continue;
        }
        let stock = c.int("stockAvailable");
        match planned_items.get(&id) {
            Some(i) => plan.items[*i].stock = stock,
            None => plan.stocks_elsewhere.push((id, stock)),
        }
        report.group(7).imported += 1;
    }

    // images
    let h = cols(8);
    let mut images: Vec<(String, i32, u32, String)> = Vec::new();
    for row in &sheets[8] {
        let c = Cols { headers: &h, row };
        let id = c.text("menuId").unwrap_or_default();
        if item_ref(&id, &plan).is_none() {
            fail(
                &mut report,
                8,
                row.line,
                Some("menuId".into()),
                format!("unknown menu {id}"),
            );
            continue;
        }
        images.push((id, c.sort(), row.line, c.text("url").unwrap_or_default()));
        report.group(8).imported += 1;
    }
    images.sort_by(|a, b| (&a.0, a.1, a.2).cmp(&(&b.0, b.1, b.2)));
    let mut elsewhere: Vec<(String, Vec<String>)> = Vec::new();
    for (id, _, _, url) in images {
        match planned_items.get(&id) {
            Some(i) => plan.items[*i].images.push(url),
            None => match elsewhere.last_mut() {
                Some((last, urls)) if *last == id => urls.push(url),
                _ => elsewhere.push((id, vec![url])),
            },
        }
    }
    plan.images_elsewhere = elsewhere;

    for (si, n) in counts.into_iter().enumerate() {
        report.group(si).count = n;
    }
    (report, plan)
}
