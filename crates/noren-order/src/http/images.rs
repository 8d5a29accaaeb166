//! `GET /api/order/shop/{id}/images/{name}`: images that Noren hosts for a shop's ordering
//! catalogue (issue 20, item 5), from the object store under `order/shops/{id}/images/{name}`.
//! The demo restaurant's drawings live there (`order/service/demo.rs`), so every `imageArray`
//! link of the demo is served by the server that answered it.
//!
//! Public and unsigned, like the menus that show them; the answer may be cached for a day.
//! A catalogue stores such an image as the path alone (`/api/order/shop/1/images/ramen.svg`)
//! and the menu answers give it with the server's public URL in front (`dto::View::linked`), so
//! the links follow `NOREN_PUBLIC_URL` instead of the address `noren demo` ran with.

use crate::store::images::object_key;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::state::AppState;
use noren_core::objects::{GetError, content_type};
use noren_core::openapi::ImageBytes;

/// The largest image served.
const IMAGE_MAX: u64 = 5 * 1024 * 1024;

/// A hosted image's name: a letter or digit, then letters, digits, `.`, `_`, `-`, at most 100
/// characters, with a known image extension (so no path can climb out of the shop's folder).
fn valid_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty()
        && b.len() <= 100
        && b[0].is_ascii_alphanumeric()
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
        && !name.contains("..")
        && content_type(name).starts_with("image/")
}

#[utoipa::path(
    get,
    path = "/api/order/shop/{id}/images/{name}",
    operation_id = "get_order_image",
    summary = "Fetch an image of a shop's menus",
    description = "An image Noren hosts for the shop: links in `imageArray` of the shop and its menus \
that start with the server's own address point here. Public, no key. Answers the file with its \
content type (`image/svg+xml`, `image/png`, `image/jpeg`, …) and may be cached for a day.",
    tag = "Shops and menus",
    params(
        ("id" = i64, Path, description = "The shop's id.", minimum = 1),
        ("name" = String, Path, description = "The image's file name.", pattern = "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$"),
    ),
    responses(
        (status = 200, description = "The image.", content(
            (ImageBytes = "image/svg+xml"),
            (ImageBytes = "image/png"),
            (ImageBytes = "image/jpeg"),
        )),
        (status = 404, description = "The shop has no image of this name.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "shop 1 has no image ramen.png"})),
    ),
    security(())
)]
pub async fn get_order_image(
    State(state): State<AppState>,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::NotFound(format!("shop {id} has no image {name}"));
    let shop_id: i64 = match id.parse() {
        Ok(n) if n > 0 => n,
        _ => return Err(not_found()),
    };
    if !valid_name(&name) {
        return Err(not_found());
    }
    let bytes = match state
        .objects
        .get(&object_key(shop_id, &name), IMAGE_MAX)
        .await
    {
        Ok(Some(b)) => b,
        Ok(None) => return Err(not_found()),
        Err(GetError::TooLarge(size)) => {
            return Err(ApiError::Internal(anyhow::anyhow!(
                "order image {name} of shop {shop_id} is {size} bytes, over {IMAGE_MAX}"
            )));
        }
        Err(GetError::Store(e)) => return Err(ApiError::store_away("images", e)),
    };
    Ok((
        [
            (header::CONTENT_TYPE, content_type(&name)),
            (header::CACHE_CONTROL, "public, max-age=86400"),
            // An SVG opened on its own runs nothing and loads nothing.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'; sandbox",
            ),
        ],
        bytes,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::valid_name;

    #[test]
    fn only_plain_image_file_names_are_served() {
        for ok in ["ramen.svg", "shop.png", "a_b-c.JPG", "1.webp"] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in [
            "",
            "../x.png",
            ".hidden.png",
            "a/b.png",
            "x.txt",
            "x",
            "a..png",
            "%2e.png",
        ] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
