//! Values inside values: a JSON member that is an object ([`Object<T>`], read as the values of
//! a `#[derive(Values)]` struct `T`) or an array ([`Items<T, MAX>`] of values `T`;
//! [`Unique<T, MAX>`] when no two items may share their [`Keyed::key`]). The operator commands'
//! JSON documents are read with them, and any call could be.
//!
//! A value reports one message ([`Value::parse`]), so the problems found inside one come back in
//! that message, one per line, each `path: message` with the path continuing the value's name:
//! `texts` with `[1].languageCode: must be one of …` (how `requestedCourses` already names its
//! items). [`by_path`] turns such a problem into one problem per path
//! (`texts[1].languageCode`), which is what [`read_object`] answers, at every depth
//! (`tags[0].texts[1].languageCode`, `businessHours.mon[0].startTime`).
//!
//! ```
//! use noren_core::http::values::{Int, Items, Keyed, Object, Text, Values, read_object};
//!
//! #[derive(Values)]
//! #[serde(rename_all = "camelCase")]
//! #[values(body = "json")]
//! struct Dish {
//!     #[schema(inline)]
//!     name: Text<20>,
//!     #[schema(inline)]
//!     price: Int<0, 10_000>,
//! }
//!
//! #[derive(Values)]
//! #[values(body = "json")]
//! struct Menu {
//!     #[schema(inline)]
//!     dishes: Items<Object<Dish>, 10>,
//! }
//!
//! let doc = serde_json::json!({"dishes": [{"name": "Gyoza", "price": 500}, {"name": "", "price": -1}]});
//! let errors = read_object::<Menu>(doc.as_object().unwrap(), |_| {}).err().unwrap();
//! let named: Vec<String> = errors.iter().map(|e| format!("{}: {}", e.field, e.message)).collect();
//! assert_eq!(named, ["dishes[1].name: must not be empty", "dishes[1].price: must be from 0 to 10000"]);
//! ```

use super::{FromValues, Raw, Reader, Value};
use crate::http::error::{ApiError, FieldError};
use serde_json::{Map, Value as Json};
use std::collections::HashSet;
use utoipa::openapi::schema::ArrayBuilder;
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// A JSON object read as `T`'s values; a problem is named by its path below the member
/// (`.mon[0].startTime`).
#[derive(Clone, Debug, PartialEq)]
pub struct Object<T>(pub T);

/// A JSON array of `MIN` (default 0) to `MAX` values `T`; a problem is named by its item
/// (`[2]`, `[2].price`).
#[derive(Clone, Debug, PartialEq)]
pub struct Items<T, const MAX: usize, const MIN: usize = 0>(pub Vec<T>);

/// As [`Items`], and no two items have the same [`Keyed::key`] (a list of texts, one per
/// language): the second is refused as `[i].{KEY}: {key} is given twice`.
#[derive(Clone, Debug, PartialEq)]
pub struct Unique<T, const MAX: usize, const MIN: usize = 0>(pub Vec<T>);

/// An item of a [`Unique`] list: the member that names it and its value.
pub trait Keyed {
    /// The member whose value must differ between items (`languageCode`).
    const KEY: &'static str;
    fn key(&self) -> String;
}

impl<T: Keyed> Keyed for Object<T> {
    const KEY: &'static str = T::KEY;
    fn key(&self) -> String {
        self.0.key()
    }
}

impl<T, const MAX: usize> Default for Items<T, MAX> {
    fn default() -> Self {
        Items(Vec::new())
    }
}

impl<T, const MAX: usize> Default for Unique<T, MAX> {
    fn default() -> Self {
        Unique(Vec::new())
    }
}

impl<T, const MAX: usize, const MIN: usize> std::ops::Deref for Items<T, MAX, MIN> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T, const MAX: usize, const MIN: usize> std::ops::Deref for Unique<T, MAX, MIN> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T, const MAX: usize, const MIN: usize> Items<T, MAX, MIN> {
    /// The items, owned.
    pub fn into_inner(self) -> Vec<T> {
        self.0
    }
}

impl<T, const MAX: usize, const MIN: usize> Unique<T, MAX, MIN> {
    /// The items, owned.
    pub fn into_inner(self) -> Vec<T> {
        self.0
    }
}

impl<T> std::ops::Deref for Object<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: FromValues> Value for Object<T> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let Raw::Json(Json::Object(members)) = raw else {
            return Err("must be an object".into());
        };
        read_object(members, |_| {}).map(Object).map_err(|errors| {
            let lines: Vec<String> = errors
                .iter()
                .map(|e| format!(".{}: {}", e.field, e.message))
                .collect();
            lines.join("\n")
        })
    }
}

/// Every item of an array as `T` (`None` where it is bad), with the problems as lines of a
/// nested message.
fn each<T: Value>(
    raw: Raw<'_>,
    min: usize,
    max: usize,
) -> Result<(Vec<Option<T>>, Vec<String>), String> {
    let Raw::Json(Json::Array(items)) = raw else {
        return Err("must be an array".into());
    };
    if items.len() > max {
        return Err(format!("must hold at most {max} items"));
    }
    if items.len() < min {
        return Err(match min {
            1 => "must hold at least one item".into(),
            _ => format!("must hold at least {min} items"),
        });
    }
    let mut problems = Vec::new();
    let parsed = items
        .iter()
        .enumerate()
        .map(|(i, item)| match T::parse(Raw::Json(item)) {
            Ok(v) => Some(v),
            Err(message) => {
                problems.extend(below(&format!("[{i}]"), &message));
                None
            }
        })
        .collect();
    Ok((parsed, problems))
}

/// The items when every one is good, or the problems as one nested message.
fn all<T>(parsed: Vec<Option<T>>, problems: Vec<String>) -> Result<Vec<T>, String> {
    if problems.is_empty() {
        Ok(parsed.into_iter().flatten().collect())
    } else {
        Err(problems.join("\n"))
    }
}

impl<T: Value, const MAX: usize, const MIN: usize> Value for Items<T, MAX, MIN> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let (parsed, problems) = each::<T>(raw, MIN, MAX)?;
        all(parsed, problems).map(Items)
    }
}

impl<T: Value + Keyed, const MAX: usize, const MIN: usize> Value for Unique<T, MAX, MIN> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let (parsed, mut problems) = each::<T>(raw, MIN, MAX)?;
        let mut seen = HashSet::new();
        for (i, item) in parsed.iter().enumerate() {
            if let Some(item) = item
                && !seen.insert(item.key())
            {
                problems.push(format!("[{i}].{}: {} is given twice", T::KEY, item.key()));
            }
        }
        all(parsed, problems).map(Unique)
    }
}

/// The problems a nested message holds, as `(path, message)`; `None` for a plain message.
fn nested(message: &str) -> Option<Vec<(&str, &str)>> {
    message
        .lines()
        .map(|line| {
            line.starts_with(['[', '.'])
                .then(|| line.split_once(": "))
                .flatten()
        })
        .collect()
}

/// A value's message as lines of its container's nested message, below `path` (`[2]`).
fn below(path: &str, message: &str) -> Vec<String> {
    match nested(message) {
        Some(lines) => lines
            .into_iter()
            .map(|(p, m)| format!("{path}{p}: {m}"))
            .collect(),
        None => vec![format!("{path}: {message}")],
    }
}

/// A problem of a value as one problem per path inside it: `texts` with
/// `[1].languageCode: must be …` is `texts[1].languageCode` with `must be …`; any other problem
/// stays as it is.
pub fn by_path(error: FieldError) -> Vec<FieldError> {
    match nested(&error.message) {
        Some(lines) => lines
            .into_iter()
            .map(|(p, m)| FieldError::new(format!("{}{p}", error.field), m))
            .collect(),
        None => vec![error],
    }
}

/// Reads a JSON object's members as `T`'s values, then `rules` (checks that need more than the
/// values, as with [`FromValues::from_values_with`]). Every problem is named by its path
/// ([`by_path`]); a member `T` does not take is an "unknown field" (named with the fields it
/// takes), and `null` is the same as leaving a member out.
pub fn read_object<T: FromValues>(
    members: &Map<String, Json>,
    rules: impl FnOnce(&mut Reader<'_>),
) -> Result<T, Vec<FieldError>> {
    let known = |name: &str| T::NAMES.contains(&name);
    let mut errors: Vec<FieldError> = members
        .keys()
        .filter(|name| !known(name))
        .map(|name| {
            FieldError::new(
                name.as_str(),
                format!("unknown field; the fields are {}", T::NAMES.join(", ")),
            )
        })
        .collect();
    let mut r = Reader::new(
        members
            .iter()
            .filter(|(name, _)| known(name))
            .map(|(name, value)| (name.as_str(), Raw::Json(value))),
        T::NAMES,
    );
    let read = T::read(&mut r);
    rules(&mut r);
    match r.finish(read) {
        Ok(v) if errors.is_empty() => return Ok(v),
        Ok(_) => {}
        Err(ApiError::Client { errors: found, .. }) => {
            errors.extend(found.into_iter().flat_map(by_path));
        }
        Err(other) => errors.push(FieldError::new("", other.to_string())),
    }
    if errors.is_empty() {
        errors.push(FieldError::new("", "invalid values"));
    }
    Err(errors)
}

impl Reader<'_> {
    /// The value `name` as `T` when it was given (once) and parses: for `check` functions and
    /// rules that compare values (`orderMax` with `orderMin`).
    pub fn get<T: Value>(&self, name: &str) -> Option<T> {
        if self.repeated.contains(name) {
            return None;
        }
        self.values.get(name).and_then(|raw| T::parse(*raw).ok())
    }
}

impl<T: PartialSchema> PartialSchema for Object<T> {
    fn schema() -> RefOr<Schema> {
        T::schema()
    }
}

impl<T: PartialSchema, const MAX: usize, const MIN: usize> PartialSchema for Items<T, MAX, MIN> {
    fn schema() -> RefOr<Schema> {
        ArrayBuilder::new()
            .items(T::schema())
            .min_items((MIN > 0).then_some(MIN))
            .max_items(Some(MAX))
            .into()
    }
}

impl<T: PartialSchema, const MAX: usize, const MIN: usize> PartialSchema for Unique<T, MAX, MIN> {
    fn schema() -> RefOr<Schema> {
        Items::<T, MAX, MIN>::schema()
    }
}

impl<T: ToSchema> ToSchema for Object<T> {
    fn name() -> std::borrow::Cow<'static, str> {
        T::name()
    }
}

impl<T: ToSchema, const MAX: usize, const MIN: usize> ToSchema for Items<T, MAX, MIN> {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("Items")
    }
}

impl<T: ToSchema, const MAX: usize, const MIN: usize> ToSchema for Unique<T, MAX, MIN> {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("Unique")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::lang::Lang;
    use crate::http::values::{Int, Text, Values};
    use serde_json::json;

    #[derive(Debug, Values)]
    #[serde(rename_all = "camelCase")]
    #[values(body = "json")]
    struct Label {
        #[schema(inline)]
        language_code: Lang,
        #[schema(inline)]
        text: Text<5>,
    }

    impl Keyed for Label {
        const KEY: &'static str = "languageCode";
        fn key(&self) -> String {
            self.language_code.as_str().into()
        }
    }

    #[derive(Debug, Values)]
    #[serde(rename_all = "camelCase")]
    #[values(body = "json", check = Self::check)]
    struct Tag {
        #[schema(inline)]
        min: Option<Int<0, 9>>,
        #[schema(inline)]
        max: Option<Int<0, 9>>,
        #[schema(inline)]
        labels: Option<Unique<Object<Label>, 3>>,
    }

    impl Tag {
        fn check(r: &mut Reader<'_>) {
            if let (Some(min), Some(max)) = (r.get::<Int<0, 9>>("min"), r.get::<Int<0, 9>>("max"))
                && min.get() > max.get()
            {
                r.error("max", "is less than min");
            }
        }
    }

    #[derive(Debug, Values)]
    #[serde(rename_all = "camelCase")]
    #[values(body = "json")]
    struct Doc {
        #[schema(inline)]
        tags: Option<Items<Object<Tag>, 2>>,
        #[schema(inline)]
        first: Option<Object<Tag>>,
    }

    fn problems(doc: Json) -> Vec<String> {
        let members = doc.as_object().expect("an object").clone();
        read_object::<Doc>(&members, |_| {})
            .expect_err("invalid")
            .into_iter()
            .map(|e| format!("{}: {}", e.field, e.message))
            .collect()
    }

    #[test]
    fn every_problem_at_any_depth_is_named_by_its_path() {
        let e = problems(json!({
            "tags": [
                {"min": 5, "max": 2, "labels": [{"languageCode": "fr", "text": "x"}, {"languageCode": "en", "text": ""}]},
                {"labels": [{"languageCode": "en", "text": "a"}, {"languageCode": "en", "text": "b"}], "colour": 1},
            ],
            "first": {"min": "x"},
            "extra": null,
        }));
        assert_eq!(
            e,
            [
                "extra: unknown field; the fields are tags, first",
                "tags[0].labels[0].languageCode: must be one of en, zh-CN, ja, ko, zh-TW",
                "tags[0].labels[1].text: must not be empty",
                "tags[0].max: is less than min",
                "tags[1].colour: unknown field; the fields are min, max, labels",
                "tags[1].labels[1].languageCode: en is given twice",
                "first.min: must be a number",
            ]
        );
    }

    #[test]
    fn shapes_and_sizes_are_problems_of_the_member() {
        assert_eq!(
            problems(json!({"tags": {"min": 1}, "first": [1]})),
            ["tags: must be an array", "first: must be an object"]
        );
        assert_eq!(
            problems(json!({"tags": [{}, {}, {}]})),
            ["tags: must hold at most 2 items"]
        );
        assert_eq!(
            problems(json!({"tags": [3]})),
            ["tags[0]: must be an object"]
        );
        assert_eq!(
            Items::<Int<0, 9>, 3, 1>::parse(Raw::Json(&json!([]))).err(),
            Some("must hold at least one item".to_string())
        );
        assert_eq!(
            Items::<Int<0, 9>, 3, 2>::parse(Raw::Json(&json!([1]))).err(),
            Some("must hold at least 2 items".to_string())
        );
        let members = json!({"tags": [{"min": 1, "max": 1, "labels": [{"languageCode": "ja", "text": "タグ"}]}], "first": null});
        let doc = read_object::<Doc>(members.as_object().expect("object"), |_| {}).expect("good");
        let tags = doc.tags.expect("given").0;
        let labels = tags[0].0.labels.as_ref().expect("labels");
        assert_eq!(labels.0[0].0.text.as_str(), "タグ");
        assert_eq!(
            (tags[0].0.min, tags[0].0.max),
            (
                Some(Int::<0, 9>::parse(Raw::Text("1")).expect("1")),
                tags[0].0.min
            )
        );
        assert!(doc.first.is_none(), "null is left out");
    }

    #[test]
    fn a_plain_message_stays_as_it_is() {
        let plain = FieldError::new("amount", "must be from 1 to 9");
        assert_eq!(by_path(plain.clone()), [plain]);
    }
}
