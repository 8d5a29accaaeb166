//! The public shop and menu calls (seed 001 §7): the shop with its settings and menus, and the
//! five menu calls. Each reads the shop's whole catalogue in one go
//! (`order::store::menus::catalog`, a statement per table) and shows it in `lang`.

use super::dto::{MenuCategory, MenuItem, Shop, View};
use crate::store::menus;
use crate::store::menus::fallbacks;
use crate::store::shop_pages::ShopPages;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use noren_core::domain::lang::Lang;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Raw, Text, Value, Values};
use std::borrow::Cow;
use std::collections::BTreeMap;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, PartialSchema, ToSchema};

/// The longest menu profile name.
pub const PROFILE_MAX: usize = 64;
type Profile = Text<PROFILE_MAX>;
/// The largest id of a shop, category or menu.
pub const ID_MAX: i64 = i64::MAX;
type Id = Int<1, ID_MAX>;

/// The most menus one lookup takes.
pub const LOOKUP_MAX: usize = 100;

/// Reads the catalogue of `shop_id` with its texts in `lang` and its fallbacks.
async fn catalog(
    state: &AppState,
    shop_id: i64,
    lang: Lang,
) -> Result<Option<menus::Catalog>, ApiError> {
    Ok(menus::catalog(&state.db, shop_id, &fallbacks(lang)).await?)
}

fn no_shop(id: impl std::fmt::Display) -> ApiError {
    ApiError::NotFound(format!("no shop with id {id}"))
}

fn no_menu(id: impl std::fmt::Display) -> ApiError {
    ApiError::NotFound(format!("no menu with id {id}"))
}

fn no_category(id: impl std::fmt::Display) -> ApiError {
    ApiError::NotFound(format!("no menu category with id {id}"))
}

/// Values of the shop call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ShopValues {
    /// Only the categories of this menu profile (categories without a profile are in every
    /// profile); all categories when left out.
    #[param(inline)]
    menu_profile: Option<Profile>,
    /// Language of names and descriptions; default `en`. A text missing in it is given in
    /// English, else Japanese.
    #[param(inline)]
    lang: Option<Lang>,
}

#[utoipa::path(
    get,
    path = "/api/order/shop/{id}",
    operation_id = "get_order_shop",
    summary = "Retrieve a shop with its menus",
    tag = "Shops and menus",
    params(("id" = i64, Path, description = "The shop's id (`shop_id` of `noren demo --json`; not the shop number).", minimum = 1), ShopValues),
    responses(
        (status = 200, description = "The shop, its order settings and its menus.", body = Shop),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid lang: must be one of en, zh-CN, ja, ko, zh-TW", "errors": [{"field": "lang", "message": "must be one of en, zh-CN, ja, ko, zh-TW"}]})),
        (status = 404, description = "No shop has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    )
)]
pub async fn get_order_shop(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: ShopValues,
) -> Result<Response, ApiError> {
    let shop_id: i64 = id.parse().map_err(|_| no_shop(&id))?;
    let lang = values.lang.unwrap_or_default();
    let profile = values.menu_profile.as_ref().map(|p| p.as_str());
    // Rendered at most once a TTL per shop, language and profile (`ShopPages`).
    let pages = state.slice::<ShopPages>();
    let cached = pages.get(shop_id, lang, profile);
    let page = match cached {
        Some(page) => page,
        None => {
            let _rendering = pages.render_lock(shop_id).await;
            if let Some(page) = pages.get(shop_id, lang, profile) {
                return Ok(([(CONTENT_TYPE, "application/json")], page).into_response());
            }
            let catalog = catalog(&state, shop_id, lang)
                .await?
                .ok_or_else(|| no_shop(shop_id))?;
            let page = Bytes::from(
                serde_json::to_vec(
                    &View::new(&catalog, lang)
                        .linked(&state.public_url)
                        .shop(profile),
                )
                .map_err(|e| ApiError::Internal(e.into()))?,
            );
            pages.put(shop_id, lang, profile, page.clone());
            page
        }
    };
    Ok(([(CONTENT_TYPE, "application/json")], page).into_response())
}

/// Values of the no-category call.
#[derive(Values, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[values(body = "form_or_json")]
pub struct NoCategoryValues {
    /// The shop's id.
    #[param(inline, example = 1)]
    #[schema(inline, example = 1)]
    shop: Id,
    /// Language of names and descriptions; default `en`.
    #[param(inline)]
    #[schema(inline)]
    lang: Option<Lang>,
}

// Documentation only: the call reads them with `NoCategoryValues`.
/// The POST call's values as form fields (a form has no null: leave `lang` out for `en`).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct NoCategoryForm {
    /// The shop's id.
    #[schema(example = 1, minimum = 1)]
    shop: i64,
    /// Language of names and descriptions; default `en`.
    #[schema(inline, nullable = false)]
    lang: Option<Lang>,
}

#[utoipa::path(
    get,
    path = "/api/order/menus/no-category",
    operation_id = "list_uncategorised_menus",
    summary = "List menus in no category",
    tag = "Shops and menus",
    params(NoCategoryValues),
    responses(
        (status = 200, description = "The shop's regular menus that are in no category.", body = Vec<MenuItem>),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid shop: required", "errors": [{"field": "shop", "message": "required"}]})),
        (status = 404, description = "No shop has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    )
)]
pub async fn list_uncategorised_menus(
    State(state): State<AppState>,
    values: NoCategoryValues,
) -> Result<Json<Vec<MenuItem>>, ApiError> {
    let lang = values.lang.unwrap_or_default();
    let shop = values.shop.get();
    let catalog = catalog(&state, shop, lang)
        .await?
        .ok_or_else(|| no_shop(shop))?;
    Ok(Json(
        View::new(&catalog, lang)
            .linked(&state.public_url)
            .uncategorised(),
    ))
}

#[utoipa::path(
    post,
    path = "/api/order/menus/no-category",
    operation_id = "list_uncategorised_menus_post",
    summary = "List menus in no category (POST)",
    tag = "Shops and menus",
    description = "The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body. Values in the query are read too, as in the GET call.",
    request_body(content((NoCategoryValues = "application/json"), (NoCategoryForm = "application/x-www-form-urlencoded")),
        description = "The values as a JSON object or a form."),
    responses(
        (status = 200, description = "The shop's regular menus that are in no category.", body = Vec<MenuItem>),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid shop: required", "errors": [{"field": "shop", "message": "required"}]})),
        (status = 404, description = "No shop has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    )
)]
pub async fn list_uncategorised_menus_post(
    state: State<AppState>,
    values: NoCategoryValues,
) -> Result<Json<Vec<MenuItem>>, ApiError> {
    list_uncategorised_menus(state, values).await
}

/// Menu ids: comma-separated digits (`12,13`) as a query value, form field or JSON string, or
/// a JSON array of integers; 1 to `LOOKUP_MAX` of them.
#[derive(Clone, Debug)]
pub struct MenuIds(Vec<i64>);

impl Value for MenuIds {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let ids: Vec<i64> = match raw {
            Raw::Json(serde_json::Value::Array(items)) => items
                .iter()
                .map(|v| v.as_i64().filter(|n| *n > 0).ok_or(()))
                .collect::<Result<_, _>>()
                .map_err(|_| "must hold positive integers".to_string())?,
            raw => raw
                .text()?
                .split(',')
                .map(|s| s.trim().parse::<i64>().ok().filter(|n| *n > 0).ok_or(()))
                .collect::<Result<_, _>>()
                .map_err(|_| "must be menu ids separated by commas".to_string())?,
        };
        if ids.is_empty() {
            return Err("must not be empty".into());
        }
        if ids.len() > LOOKUP_MAX {
            return Err(format!("must hold at most {LOOKUP_MAX} ids"));
        }
        Ok(MenuIds(ids))
    }
}

impl ToSchema for MenuIds {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("MenuIds")
    }
}

impl PartialSchema for MenuIds {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,99}$"))
            .description(Some(
                "Menu ids separated by commas (at most 100); a JSON body may give an array of integers.",
            ))
            .into()
    }
}

/// Values of the lookup call.
#[derive(Values, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[values(body = "form_or_json")]
pub struct LookupValues {
    /// The menus to look up.
    #[param(inline, example = "12,13")]
    #[schema(inline, example = "12,13")]
    ids: MenuIds,
    /// Language of names and descriptions; default `en`.
    #[param(inline)]
    #[schema(inline)]
    lang: Option<Lang>,
}

// Documentation only: the call reads them with `LookupValues`.
/// The POST call's values as form fields (a form has no null: leave `lang` out for `en`).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct LookupForm {
    /// The menus to look up: ids separated by commas (at most 100).
    #[schema(
        example = "12,13",
        pattern = "^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,99}$"
    )]
    ids: String,
    /// Language of names and descriptions; default `en`.
    #[schema(inline, nullable = false)]
    lang: Option<Lang>,
}

#[utoipa::path(
    get,
    path = "/api/order/menus/lookup",
    operation_id = "lookup_menus",
    summary = "Look up menus by id",
    tag = "Shops and menus",
    params(LookupValues),
    responses(
        (status = 200, description = "The menus by id (as a string key); ids of no listed menu are left out.",
            body = BTreeMap<String, MenuItem>),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid ids: must be menu ids separated by commas", "errors": [{"field": "ids", "message": "must be menu ids separated by commas"}]})),
    )
)]
pub async fn lookup_menus(
    State(state): State<AppState>,
    values: LookupValues,
) -> Result<Json<BTreeMap<String, MenuItem>>, ApiError> {
    let lang = values.lang.unwrap_or_default();
    let shops = menus::shops_of_menus(&state.db, &values.ids.0).await?;
    let mut by_shop: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for (menu, shop) in &shops {
        by_shop.entry(*shop).or_default().push(*menu);
    }
    let mut out = BTreeMap::new();
    for (shop, ids) in by_shop {
        let Some(catalog) = catalog(&state, shop, lang).await? else {
            continue;
        };
        let view = View::new(&catalog, lang).linked(&state.public_url);
        for id in ids {
            if let Some(m) = view.menu(id) {
                out.insert(id.to_string(), m);
            }
        }
    }
    Ok(Json(out))
}

#[utoipa::path(
    post,
    path = "/api/order/menus/lookup",
    operation_id = "lookup_menus_post",
    summary = "Look up menus by id (POST)",
    tag = "Shops and menus",
    description = "The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body. Values in the query are read too, as in the GET call.",
    request_body(content((LookupValues = "application/json"), (LookupForm = "application/x-www-form-urlencoded")),
        description = "The values as a JSON object or a form."),
    responses(
        (status = 200, description = "The menus by id (as a string key); ids of no listed menu are left out.",
            body = BTreeMap<String, MenuItem>),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid ids: must be menu ids separated by commas", "errors": [{"field": "ids", "message": "must be menu ids separated by commas"}]})),
    )
)]
pub async fn lookup_menus_post(
    state: State<AppState>,
    values: LookupValues,
) -> Result<Json<BTreeMap<String, MenuItem>>, ApiError> {
    lookup_menus(state, values).await
}

/// Values of the by-category call.
#[derive(Values, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[values(body = "form_or_json")]
pub struct ByCategoryValues {
    /// The category's id.
    #[param(inline, example = 1)]
    #[schema(inline, example = 1)]
    category: Id,
    /// Language of names and descriptions; default `en`.
    #[param(inline)]
    #[schema(inline)]
    lang: Option<Lang>,
}

// Documentation only: the call reads them with `ByCategoryValues`.
/// The POST call's values as form fields (a form has no null: leave `lang` out for `en`).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ByCategoryForm {
    /// The category's id.
    #[schema(example = 1, minimum = 1)]
    category: i64,
    /// Language of names and descriptions; default `en`.
    #[schema(inline, nullable = false)]
    lang: Option<Lang>,
}

#[utoipa::path(
    get,
    path = "/api/order/menus/by-category",
    operation_id = "list_menus_by_category",
    summary = "List a category's menus",
    tag = "Shops and menus",
    params(ByCategoryValues),
    responses(
        (status = 200, description = "The category's menus in display order.", body = Vec<MenuItem>),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid category: required", "errors": [{"field": "category", "message": "required"}]})),
        (status = 404, description = "No menu category has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu category with id 999"})),
    )
)]
pub async fn list_menus_by_category(
    State(state): State<AppState>,
    values: ByCategoryValues,
) -> Result<Json<Vec<MenuItem>>, ApiError> {
    let lang = values.lang.unwrap_or_default();
    let id = values.category.get();
    let shop = menus::shop_of_category(&state.db, id)
        .await?
        .ok_or_else(|| no_category(id))?;
    let catalog = catalog(&state, shop, lang)
        .await?
        .ok_or_else(|| no_category(id))?;
    let category = View::new(&catalog, lang)
        .linked(&state.public_url)
        .category(id)
        .ok_or_else(|| no_category(id))?;
    Ok(Json(category.menus))
}

#[utoipa::path(
    post,
    path = "/api/order/menus/by-category",
    operation_id = "list_menus_by_category_post",
    summary = "List a category's menus (POST)",
    tag = "Shops and menus",
    description = "The same call with its values in an `application/json` or `application/x-www-form-urlencoded` body. Values in the query are read too, as in the GET call.",
    request_body(content((ByCategoryValues = "application/json"), (ByCategoryForm = "application/x-www-form-urlencoded")),
        description = "The values as a JSON object or a form."),
    responses(
        (status = 200, description = "The category's menus in display order.", body = Vec<MenuItem>),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid category: required", "errors": [{"field": "category", "message": "required"}]})),
        (status = 404, description = "No menu category has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu category with id 999"})),
    )
)]
pub async fn list_menus_by_category_post(
    state: State<AppState>,
    values: ByCategoryValues,
) -> Result<Json<Vec<MenuItem>>, ApiError> {
    list_menus_by_category(state, values).await
}

/// Values of the menu call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MenuValues {
    /// Language of names and descriptions; default `en`.
    #[param(inline)]
    lang: Option<Lang>,
}

#[utoipa::path(
    get,
    path = "/api/order/menus/{id}",
    operation_id = "get_menu",
    summary = "Retrieve a menu",
    tag = "Shops and menus",
    params(("id" = i64, Path, description = "The menu's id.", minimum = 1), MenuValues),
    responses(
        (status = 200, description = "The menu with its variations.", body = MenuItem),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid lang: must be one of en, zh-CN, ja, ko, zh-TW", "errors": [{"field": "lang", "message": "must be one of en, zh-CN, ja, ko, zh-TW"}]})),
        (status = 404, description = "No listed menu has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no menu with id 999"})),
    )
)]
pub async fn get_menu(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: MenuValues,
) -> Result<Json<MenuItem>, ApiError> {
    let menu_id: i64 = id.parse().map_err(|_| no_menu(&id))?;
    let lang = values.lang.unwrap_or_default();
    let shop = menus::shop_of_menu(&state.db, menu_id)
        .await?
        .ok_or_else(|| no_menu(menu_id))?;
    let catalog = catalog(&state, shop, lang)
        .await?
        .ok_or_else(|| no_menu(menu_id))?;
    let menu = View::new(&catalog, lang)
        .linked(&state.public_url)
        .menu(menu_id)
        .ok_or_else(|| no_menu(menu_id))?;
    Ok(Json(menu))
}

/// Values of the categories call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoriesValues {
    /// The shop's id.
    #[param(inline, example = 1)]
    shop: Id,
    /// Language of names and descriptions; default `en`.
    #[param(inline)]
    lang: Option<Lang>,
    /// Only the categories of this menu profile (categories without a profile are in every
    /// profile).
    #[param(inline)]
    profile: Option<Profile>,
}

#[utoipa::path(
    get,
    path = "/api/order/menus/categories",
    operation_id = "list_menu_categories",
    summary = "List menu categories",
    tag = "Shops and menus",
    params(CategoriesValues),
    responses(
        (status = 200, description = "The shop's categories with their menus, in display order.", body = Vec<MenuCategory>),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid shop: required", "errors": [{"field": "shop", "message": "required"}]})),
        (status = 404, description = "No shop has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    )
)]
pub async fn list_menu_categories(
    State(state): State<AppState>,
    values: CategoriesValues,
) -> Result<Json<Vec<MenuCategory>>, ApiError> {
    let lang = values.lang.unwrap_or_default();
    let shop = values.shop.get();
    let catalog = catalog(&state, shop, lang)
        .await?
        .ok_or_else(|| no_shop(shop))?;
    let profile = values.profile.as_ref().map(|p| p.as_str());
    Ok(Json(
        View::new(&catalog, lang)
            .linked(&state.public_url)
            .categories(profile),
    ))
}
