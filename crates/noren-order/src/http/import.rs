//! Menu import (issue 11 item 5; seed 001 §3, §5, §7; DESIGN.md "Ordering API decisions"): a
//! merchant uploads an XLSX workbook (`order::domain::import::columns` is its format) and previews, starts, follows
//! or cancels its import. The workbook lives in the object store (`noren_core::objects`): the local
//! folder takes it through [`upload_menu_import`] at a signed URL of this server, S3 through a
//! presigned URL. The import runs as a job ([`job::Import`]) or synchronously (deprecated).
//! Imports belong to a shop and a mode: another shop's, or the other mode's, answer 404.

use crate::domain::import::{parse, template};
use crate::service::import as job;
use crate::store::menu_imports::{self as repo, ImportStatus};
use axum::Json;
use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use job::{DeleteOldOption, FILE_MAX, ImportOptions};
use noren_core::db::entities::menu_import;
use noren_core::http::auth::Merchant;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Millis, Raw, Text, Value, Values};
use noren_core::signed::{Links, Refused};
use parse::Report;
use serde::{Deserialize, Serialize};
use serde_json::Value as JsonValue;
use std::borrow::Cow;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, PartialSchema, ToSchema};

/// How long an upload URL is valid.
pub const UPLOAD_TTL_SECS: i64 = 600;
/// The longest object id accepted.
pub const OBJECT_ID_MAX: usize = 64;
/// Where the local store's uploads arrive.
pub const UPLOAD_PATH: &str = "/api/admin/order-menu/uploads/";

type ShopId = Int<1, { i64::MAX }>;
type ObjectId = Text<OBJECT_ID_MAX>;

/// The body limit of a request to `path`: the upload call takes a workbook.
pub fn body_limit(path: &str) -> Option<usize> {
    path.starts_with(UPLOAD_PATH).then_some(FILE_MAX as usize)
}

/// `deleteOld`: `false`, `true` or `all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeleteOldValue(DeleteOldOption);

impl Value for DeleteOldValue {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let v = match raw {
            Raw::Json(JsonValue::Bool(b)) => {
                if *b {
                    DeleteOldOption::True
                } else {
                    DeleteOldOption::False
                }
            }
            Raw::Text("false") | Raw::Json(JsonValue::String(_)) | Raw::Text(_) => {
                match raw.text()? {
                    "false" => DeleteOldOption::False,
                    "true" => DeleteOldOption::True,
                    "all" => DeleteOldOption::All,
                    _ => return Err("must be false, true or all".into()),
                }
            }
            Raw::Json(_) => return Err("must be false, true or all".into()),
        };
        Ok(DeleteOldValue(v))
    }
}

impl ToSchema for DeleteOldValue {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("DeleteOld")
    }
}

impl PartialSchema for DeleteOldValue {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Boolean))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(["false", "true", "all"])),
            )
            .description(Some(
                "`false` (default) keeps menus not in the file; `true` deletes them; `all` also deletes categories, variations and variation categories not in the file.",
            ))
            .into()
    }
}

/// Values of `import-create`.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct CreateImportValues {
    /// The shop: the key's own (another shop's id answers 404).
    #[schema(inline, example = 1)]
    shop: ShopId,
}

/// Values of `import-preview`.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct PreviewImportValues {
    #[schema(inline, example = 1)]
    shop: ShopId,
    /// The `objectId` of `import-create`.
    #[schema(inline, example = "5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b")]
    object_id: ObjectId,
    /// Report rows whose id exists as updates rather than duplicates (default false).
    update_existing: Option<bool>,
}

/// Values of `import-start`.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct StartImportValues {
    #[schema(inline, example = 1)]
    shop: ShopId,
    /// The `objectId` of `import-create`, its file uploaded.
    #[schema(inline, example = "5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b")]
    object_id: ObjectId,
    /// Check and report only; write nothing (default false).
    dry_run: Option<bool>,
    #[schema(inline)]
    delete_old: Option<DeleteOldValue>,
    /// Update rows whose id exists (default false: they are reported as duplicates).
    update_existing: Option<bool>,
    /// Keep the status of menus that exist (default false).
    keep_status: Option<bool>,
    /// When to run, in milliseconds since the epoch (default now).
    #[schema(inline)]
    perform_at: Option<Millis>,
}

/// Values of `import-perform` (deprecated).
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct PerformImportValues {
    #[schema(inline, example = 1)]
    shop: ShopId,
    #[schema(inline, example = "5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b")]
    object_id: ObjectId,
    dry_run: Option<bool>,
    #[schema(inline)]
    delete_old: Option<DeleteOldValue>,
    update_existing: Option<bool>,
    keep_status: Option<bool>,
}

/// Values of `import-state` and `import-cancel`.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct ImportRefValues {
    #[schema(inline, example = 1)]
    shop: ShopId,
    #[schema(inline, example = "5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b")]
    object_id: ObjectId,
}

// Seed 001 §3 "Upload session".
/// An upload session.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "objectId": "5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b",
    "uploadUrl": "https://noren.example/api/admin/order-menu/uploads/5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b?expires=1767225600&signature=9a1f…",
    "url": "https://noren.example/api/admin/order-menu/uploads/5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b?expires=1767225600&signature=9a1f…",
    "expiresAt": "2026-01-01T00:00:00Z"
}))]
pub struct UploadSession {
    /// Names the import in the other calls.
    pub object_id: String,
    /// `PUT` the XLSX file here (no key; at most 20 MiB) before `expiresAt`.
    pub upload_url: String,
    /// The same as `uploadUrl` (the seed's name).
    pub url: String,
    /// 10 minutes after the call.
    pub expires_at: DateTime<Utc>,
}

// Seed 001 §3 "Import state".
/// An import's state.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": "5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b", "objectId": "5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b",
    "status": "finished", "scheduled": false, "performAt": null, "progress": 100, "finished": true,
    "dryRun": false, "result": null, "error": null
}))]
pub struct ImportState {
    /// The `objectId`.
    pub id: String,
    pub object_id: String,
    /// `created` (not started), `scheduled`, `running`, `finished`, `failed` (see `error`),
    /// `cancelled`, or `reverted` (finished, then undone by `import-revert`).
    pub status: &'static str,
    /// Started and waiting for its time (`performAt`) or a worker.
    pub scheduled: bool,
    /// When it runs, in milliseconds since the epoch.
    pub perform_at: Option<i64>,
    /// Percent done.
    pub progress: i32,
    /// Ended: finished, failed, cancelled or reverted.
    pub finished: bool,
    /// The start call's `dryRun`.
    pub dry_run: bool,
    /// The report, once finished.
    pub result: Option<Report>,
    /// Why it failed; while `scheduled` again after an attempt the file store or the database
    /// failed, why that attempt failed and when it runs again (`performAt`).
    pub error: Option<String>,
}

/// What the upload call answers.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"objectId": "5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b", "size": 18342}))]
pub struct Uploaded {
    pub object_id: String,
    /// Bytes stored.
    pub size: u64,
}

fn state_answer(m: &menu_import::Model) -> ImportState {
    let options: ImportOptions = m
        .options
        .as_deref()
        .and_then(|o| serde_json::from_str(o).ok())
        .unwrap_or_default();
    ImportState {
        id: m.object_id.clone(),
        object_id: m.object_id.clone(),
        status: m.status.as_str(),
        scheduled: m.status == ImportStatus::Scheduled,
        perform_at: m.perform_at.map(|t| t.timestamp_millis()),
        progress: m.progress,
        finished: m.status.is_ended(),
        dry_run: options.dry_run,
        result: m
            .result
            .as_deref()
            .and_then(|r| serde_json::from_str(r).ok()),
        error: m.error.clone(),
    }
}

/// `shop` is the key's own shop, else the unknown shop's 404.
fn own_shop(merchant: &Merchant, shop: i64) -> Result<(), ApiError> {
    if shop != merchant.0.shop.id {
        return Err(ApiError::NotFound(format!("no shop with id {shop}")));
    }
    Ok(())
}

/// The import `object_id` of the key's own `shop` and mode, else a 404.
async fn find_import(
    state: &AppState,
    merchant: &Merchant,
    shop: i64,
    object_id: &str,
) -> Result<menu_import::Model, ApiError> {
    own_shop(merchant, shop)?;
    repo::find(&state.db, shop, merchant.0.livemode(), object_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no menu import with objectId {object_id}")))
}

/// The object store did not answer: 503 with `Retry-After`. Only uploads and imports need it;
/// payments, orders and bookings go on (and `/readyz` stays ready, `http/readiness.rs`).
fn store_error(e: impl std::fmt::Display) -> ApiError {
    tracing::warn!(error = %e, "the object store does not answer");
    ApiError::Unavailable(
        "the file store for uploads and menu imports does not answer; retry after Retry-After \
         seconds (payments, orders and bookings do not need it)"
            .into(),
    )
}

/// An import that could not be read or run: the file's fault (400), no file yet (409), or the
/// store or database away (503).
fn run_error(e: job::RunError) -> ApiError {
    match e {
        job::RunError::Bad(e) => bad_file(e),
        job::RunError::NotUploaded(e) => ApiError::Conflict(e),
        job::RunError::Store(e) => store_error(e),
        job::RunError::Db(e) => e.into(),
    }
}

/// The upload URLs of the local object store.
const UPLOAD_LINKS: Links = Links::new("noren menu import upload url");

#[utoipa::path(
    post,
    path = "/api/admin/order-menu/import-create",
    operation_id = "create_menu_import",
    summary = "Create a menu import and its upload URL",
    description = "Answers an `objectId` and a URL valid for 10 minutes to which the XLSX workbook is sent with `PUT` (at most 20 MiB, no key). With the local store the URL is this server's upload call; with S3 it is a presigned S3 URL. The workbook's format: `/docs/order/menu-archive` and the template `GET /api/order-menu/import-template.xlsx`.",
    tag = "Menu import",
    security(("apiKey" = [])),
    request_body = CreateImportValues,
    responses(
        (status = 200, description = "The upload session.", body = UploadSession),
        (status = 400, description = "`shop` is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid shop: is required", "errors": [{"field": "shop", "message": "is required"}]})),
        (status = 404, description = "`shop` is not the key's shop.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    )
)]
pub async fn create_menu_import(
    State(state): State<AppState>,
    merchant: Merchant,
    values: CreateImportValues,
) -> Result<Json<UploadSession>, ApiError> {
    let shop = values.shop.get();
    own_shop(&merchant, shop)?;
    let now = state.clock.now();
    let expires_at = now + chrono::Duration::seconds(UPLOAD_TTL_SECS);
    let object_id = uuid::Uuid::new_v4().simple().to_string();
    let row = repo::create(
        &state.db,
        shop,
        merchant.0.livemode(),
        &object_id,
        expires_at,
        now,
    )
    .await?;
    let url = match state
        .objects
        .presigned_put(
            &job::object_key(&row),
            std::time::Duration::from_secs(UPLOAD_TTL_SECS as u64),
        )
        .await
    {
        Some(url) => url.map_err(store_error)?.to_string(),
        None => format!(
            "{}{UPLOAD_PATH}{object_id}?{}",
            state.public_url,
            UPLOAD_LINKS.query(&state.secret_box, &object_id, expires_at)
        ),
    };
    Ok(Json(UploadSession {
        object_id,
        upload_url: url.clone(),
        url,
        expires_at,
    }))
}

/// The signed upload URL's query.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// Seconds since the epoch after which the URL is refused.
    expires: Option<i64>,
    /// The URL's signature.
    signature: Option<String>,
}

#[utoipa::path(
    put,
    path = "/api/admin/order-menu/uploads/{objectId}",
    operation_id = "upload_menu_import",
    summary = "Upload a menu import's workbook (local store)",
    description = "The `uploadUrl` of `import-create` when files are kept in the server's folder: the body is the XLSX file (at most 20 MiB). No key: the URL's signature authorises it for 10 minutes. A second upload before the import starts replaces the file.",
    tag = "Menu import",
    params(
        ("objectId" = String, Path, description = "The import's `objectId`.", max_length = 64, pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        UploadQuery,
    ),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The XLSX file."),
    responses(
        (status = 200, description = "Stored.", body = Uploaded),
        (status = 403, description = "The URL's signature is wrong or it has expired.", body = ErrorBody,
            example = json!({"code": "forbidden", "message": "the upload URL has expired; ask import-create for a new one"})),
        (status = 404, description = "No such import.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu import with objectId 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b"})),
        (status = 409, description = "The import has started; its file can no longer change.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "menu import 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b has started; its file can no longer change"})),
        (status = 413, description = "The file is larger than 20 MiB.", body = ErrorBody,
            example = json!({"code": "client", "message": "the file is larger than 20 MiB"})),
    )
)]
pub async fn upload_menu_import(
    State(state): State<AppState>,
    Path(object_id): Path<String>,
    Query(q): Query<UploadQuery>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Uploaded>, ApiError> {
    let checked = UPLOAD_LINKS.check(
        &state.secret_box,
        &object_id,
        q.expires,
        q.signature.as_deref(),
        state.clock.now(),
    );
    match checked {
        Ok(()) => {}
        Err(Refused::Invalid) => {
            return Err(ApiError::Forbidden(
                "the upload URL is not valid (wrong or missing signature)".into(),
            ));
        }
        Err(Refused::Expired) => {
            return Err(ApiError::Forbidden(
                "the upload URL has expired; ask import-create for a new one".into(),
            ));
        }
    }
    let row = repo::find_by_object(&state.db, &object_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no menu import with objectId {object_id}")))?;
    if row.status != ImportStatus::Created {
        return Err(ApiError::Conflict(format!(
            "menu import {object_id} has started; its file can no longer change"
        )));
    }
    let too_large = || ApiError::Http {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!("the file is larger than {} MiB", FILE_MAX / 1024 / 1024),
    };
    if headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .is_some_and(|n| n > FILE_MAX)
    {
        return Err(too_large());
    }
    let bytes = axum::body::to_bytes(body, FILE_MAX as usize)
        .await
        .map_err(|_| too_large())?;
    let size = bytes.len() as u64;
    state
        .objects
        .put(&job::object_key(&row), bytes.to_vec())
        .await
        .map_err(store_error)?;
    Ok(Json(Uploaded { object_id, size }))
}

fn bad_file(message: String) -> ApiError {
    ApiError::Client {
        message,
        errors: Vec::new(),
    }
}

#[utoipa::path(
    post,
    path = "/api/admin/order-menu/import-preview",
    operation_id = "preview_menu_import",
    summary = "Check an uploaded workbook without importing it",
    description = "Reads every sheet, checks every row (types, required cells, duplicate ids, references to other sheets or to the shop's catalogue) and answers the per-group report; nothing is written. A file that cannot be read as a workbook of this format (not XLSX, too large unpacked, a sheet or required column missing, an unknown column) is a 400 saying why.",
    tag = "Menu import",
    security(("apiKey" = [])),
    request_body = PreviewImportValues,
    responses(
        (status = 200, description = "The report.", body = Report),
        (status = 400, description = "A value is invalid, or the file is not a readable workbook of this format.", body = ErrorBody,
            example = json!({"code": "client", "message": "the workbook lacks the sheet(s) stocks, images (every sheet of the template must be present, empty ones included)", "errors": []})),
        (status = 404, description = "No such import for this shop and mode.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu import with objectId 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b"})),
        (status = 409, description = "No file was uploaded to the import's `uploadUrl` yet.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "no file was uploaded for import 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b (PUT it to the uploadUrl of import-create first)"})),
    )
)]
pub async fn preview_menu_import(
    State(state): State<AppState>,
    merchant: Merchant,
    values: PreviewImportValues,
) -> Result<Json<Report>, ApiError> {
    let row = find_import(
        &state,
        &merchant,
        values.shop.get(),
        values.object_id.as_str(),
    )
    .await?;
    let rules = parse::Rules {
        update_existing: values.update_existing.unwrap_or(false),
    };
    let report = job::preview(&state, &row, rules).await.map_err(run_error)?;
    Ok(Json(report))
}

#[utoipa::path(
    post,
    path = "/api/admin/order-menu/import-start",
    operation_id = "start_menu_import",
    summary = "Start a menu import (now or at performAt)",
    description = "Queues the import as a background job, to run now or at `performAt`; follow it with `import-state`. The import is applied in one transaction: all of its valid rows or nothing (rows the report lists as failed are left out). A restarted server runs an interrupted import again from the start.",
    tag = "Menu import",
    security(("apiKey" = [])),
    request_body = StartImportValues,
    responses(
        (status = 200, description = "The import's state (`scheduled`).", body = ImportState),
        (status = 400, description = "A value is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid deleteOld: must be false, true or all", "errors": [{"field": "deleteOld", "message": "must be false, true or all"}]})),
        (status = 404, description = "No such import for this shop and mode.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu import with objectId 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b"})),
        (status = 409, description = "The import was started already.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "menu import 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b was started already (status finished)"})),
    )
)]
pub async fn start_menu_import(
    State(state): State<AppState>,
    merchant: Merchant,
    values: StartImportValues,
) -> Result<Json<ImportState>, ApiError> {
    let row = find_import(
        &state,
        &merchant,
        values.shop.get(),
        values.object_id.as_str(),
    )
    .await?;
    let options = options(
        values.dry_run,
        values.delete_old,
        values.update_existing,
        values.keep_status,
    );
    // `performAt` is judged on the shop's test clock while its test mode has one.
    let now = state.now_of(merchant.owner()).await?.at;
    let run_at = values.perform_at.map(|p| p.0).filter(|t| *t > now);
    match job::start(&state, &row, options, run_at).await? {
        Some(scheduled) => Ok(Json(state_answer(&scheduled))),
        None => Err(started(&row)),
    }
}

/// A run's options as the start and the perform call ask them (each one left out is `false`).
fn options(
    dry_run: Option<bool>,
    delete_old: Option<DeleteOldValue>,
    update_existing: Option<bool>,
    keep_status: Option<bool>,
) -> ImportOptions {
    ImportOptions {
        dry_run: dry_run.unwrap_or(false),
        delete_old: delete_old.map(|d| d.0).unwrap_or_default(),
        update_existing: update_existing.unwrap_or(false),
        keep_status: keep_status.unwrap_or(false),
    }
}

fn started(row: &menu_import::Model) -> ApiError {
    ApiError::Conflict(format!(
        "menu import {} was started already (status {})",
        row.object_id,
        row.status.as_str()
    ))
}

#[utoipa::path(
    post,
    path = "/api/admin/order-menu/import-state",
    operation_id = "get_menu_import_state",
    summary = "Follow a menu import",
    description = "`scheduled` while it waits, `progress` in percent while it runs, then `finished` with the report in `result` or the reason in `error`.",
    tag = "Menu import",
    security(("apiKey" = [])),
    request_body = ImportRefValues,
    responses(
        (status = 200, description = "The import's state.", body = ImportState),
        (status = 400, description = "A value is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid objectId: is required", "errors": [{"field": "objectId", "message": "is required"}]})),
        (status = 404, description = "No such import for this shop and mode.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu import with objectId 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b"})),
    )
)]
pub async fn get_menu_import_state(
    State(state): State<AppState>,
    merchant: Merchant,
    values: ImportRefValues,
) -> Result<Json<ImportState>, ApiError> {
    let row = find_import(
        &state,
        &merchant,
        values.shop.get(),
        values.object_id.as_str(),
    )
    .await?;
    Ok(Json(state_answer(&row)))
}

#[utoipa::path(
    post,
    path = "/api/admin/order-menu/import-cancel",
    operation_id = "cancel_menu_import",
    summary = "Cancel a scheduled menu import",
    description = "Only an import that is scheduled and has not begun running can be cancelled.",
    tag = "Menu import",
    security(("apiKey" = [])),
    request_body = ImportRefValues,
    responses(
        (status = 200, description = "The import's state (`cancelled`).", body = ImportState),
        (status = 400, description = "A value is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid objectId: is required", "errors": [{"field": "objectId", "message": "is required"}]})),
        (status = 404, description = "No such import for this shop and mode.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu import with objectId 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b"})),
        (status = 409, description = "The import is not scheduled (not started, running or ended).", body = ErrorBody,
            example = json!({"code": "conflict", "message": "menu import 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b cannot be cancelled: it is running"})),
    )
)]
pub async fn cancel_menu_import(
    State(state): State<AppState>,
    merchant: Merchant,
    values: ImportRefValues,
) -> Result<Json<ImportState>, ApiError> {
    let row = find_import(
        &state,
        &merchant,
        values.shop.get(),
        values.object_id.as_str(),
    )
    .await?;
    let refused = |status: Option<ImportStatus>| {
        let status = match status {
            Some(ImportStatus::Created) | None => "not started (nothing to cancel)",
            // A scheduled import whose job a worker has just claimed is running already.
            Some(ImportStatus::Scheduled) => ImportStatus::Running.as_str(),
            Some(s) => s.as_str(),
        };
        ApiError::Conflict(format!(
            "menu import {} cannot be cancelled: it is {status}",
            row.object_id
        ))
    };
    match job::cancel(&state, &row).await? {
        Ok(cancelled) => Ok(Json(state_answer(&cancelled))),
        Err(now_status) => Err(refused(now_status)),
    }
}

#[utoipa::path(
    post,
    path = "/api/admin/order-menu/import-revert",
    operation_id = "revert_menu_import",
    summary = "Revert a menu import",
    description = "Puts the shop's menus back exactly as they were before this import (every menu, category, \
variation category, link and text, with their ids), and marks the import `reverted`, in one transaction. Only a \
`finished` import that changed the catalogue can be reverted (not a dry run), and only the shop's latest one: revert a \
later import first. Whatever changed the menus since the import (stock taken by orders) goes back too.",
    tag = "Menu import",
    security(("apiKey" = [])),
    request_body = ImportRefValues,
    responses(
        (status = 200, description = "The import's state (`reverted`).", body = ImportState),
        (status = 400, description = "A value is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid objectId: is required", "errors": [{"field": "objectId", "message": "is required"}]})),
        (status = 404, description = "No such import for this shop and mode.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu import with objectId 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b"})),
        (status = 409, description = "The import cannot be reverted: not finished, a dry run, reverted already, or a later import of the shop changed the menus.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "menu import 9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d ran after 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b on this shop: revert it first"})),
    )
)]
pub async fn revert_menu_import(
    State(state): State<AppState>,
    merchant: Merchant,
    values: ImportRefValues,
) -> Result<Json<ImportState>, ApiError> {
    let row = find_import(
        &state,
        &merchant,
        values.shop.get(),
        values.object_id.as_str(),
    )
    .await?;
    match job::revert(&state, &row).await? {
        Ok(reverted) => Ok(Json(state_answer(&reverted))),
        Err(why) => Err(ApiError::Conflict(why)),
    }
}

#[utoipa::path(
    post,
    path = "/api/admin/order-menu/import-perform",
    operation_id = "perform_menu_import",
    summary = "Run a menu import synchronously (deprecated)",
    description = "Deprecated: use `import-start` and `import-state`. Runs the import within the request and answers its state with the report, or `error` when the file could not be read.",
    tag = "Menu import",
    security(("apiKey" = [])),
    request_body = PerformImportValues,
    responses(
        (status = 200, description = "The ended import's state.", body = ImportState),
        (status = 400, description = "A value is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid objectId: is required", "errors": [{"field": "objectId", "message": "is required"}]})),
        (status = 404, description = "No such import for this shop and mode.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu import with objectId 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b"})),
        (status = 409, description = "The import was started already.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "menu import 5f0c6e0a9b7d4c1e8a2b3c4d5e6f7a8b was started already (status finished)"})),
    )
)]
#[deprecated(note = "use import-start and import-state")]
pub async fn perform_menu_import(
    State(state): State<AppState>,
    merchant: Merchant,
    values: PerformImportValues,
) -> Result<Json<ImportState>, ApiError> {
    let row = find_import(
        &state,
        &merchant,
        values.shop.get(),
        values.object_id.as_str(),
    )
    .await?;
    let options = options(
        values.dry_run,
        values.delete_old,
        values.update_existing,
        values.keep_status,
    );
    match job::perform(&state, &row, options)
        .await
        .map_err(run_error)?
    {
        Some(ended) => Ok(Json(state_answer(&ended))),
        None => Err(started(&row)),
    }
}

#[utoipa::path(
    get,
    path = "/api/order-menu/import-template.xlsx",
    operation_id = "get_menu_import_template",
    summary = "Download the menu import template",
    description = "An XLSX workbook with every sheet and column the importer reads (header rows only) and a `format` sheet describing each column. Public.",
    tag = "Menu import",
    responses(
        (status = 200, description = "The template.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
    )
)]
pub async fn get_menu_import_template() -> Result<Response, ApiError> {
    xlsx(template::workbook(), "menu-import-template.xlsx")
}

#[utoipa::path(
    get,
    path = "/api/order-menu/import-example.xlsx",
    operation_id = "get_menu_import_example",
    summary = "Download an example menu workbook",
    description = "The template with two example menus in a category filled in, ready to import (the guide `/docs/order/menu-archive` does). Public.",
    tag = "Menu import",
    responses(
        (status = 200, description = "The example workbook.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
    )
)]
pub async fn get_menu_import_example() -> Result<Response, ApiError> {
    xlsx(template::example(), "menu-import-example.xlsx")
}

fn xlsx(
    bytes: Result<Vec<u8>, rust_xlsxwriter::XlsxError>,
    name: &'static str,
) -> Result<Response, ApiError> {
    let bytes = bytes.map_err(|e| ApiError::Internal(e.into()))?;
    let disposition = format!("attachment; filename=\"{name}\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            ),
            (header::CONTENT_DISPOSITION, disposition.as_str()),
        ],
        bytes,
    )
        .into_response())
}
