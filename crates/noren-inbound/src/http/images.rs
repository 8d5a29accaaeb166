//! Signed image links of the inbound API (seed 001 §3: "signed URLs that expire after 10
//! minutes"; DESIGN.md "Image links are signed and expire after 10 minutes; an expired link
//! answers 403"). A shop or course answer carries
//! `{public_url}/inbound-images/{imageId}?expires=<unix seconds>&signature=<hex HMAC-SHA256>`,
//! signed with a key derived from the server secret (`NOREN_SECRET_KEY`, like the menu
//! import's upload URLs) and expiring [`IMAGE_URL_TTL_SECS`] after the answer (state clock).
//! The route serves the bytes from the object store with no key: the signature is the grant.

use crate::store::catalog;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::objects::{GetError, content_type};
use noren_core::openapi::ImageBytes;
use noren_core::signed::{Links, Refused};
use serde::Deserialize;
use utoipa::IntoParams;

/// How long an image link stays valid (seed 001 §9: 10 minutes).
pub const IMAGE_URL_TTL_SECS: i64 = 600;

/// Path of the image route (before the image id).
pub const IMAGE_PATH: &str = "/inbound-images/";

/// The largest image served (bigger objects are refused with a 500, logged).
const IMAGE_MAX: u64 = 20 * 1024 * 1024;

/// The image links.
const IMAGE_LINKS: Links = Links::new("noren inbound image url");

/// The signed link of an image, valid [`IMAGE_URL_TTL_SECS`] after `now`.
pub fn signed_url(state: &AppState, image_id: i64, now: DateTime<Utc>) -> String {
    let expires = now + chrono::Duration::seconds(IMAGE_URL_TTL_SECS);
    format!(
        "{}{IMAGE_PATH}{image_id}?{}",
        state.public_url,
        IMAGE_LINKS.query(&state.secret_box, &image_id.to_string(), expires)
    )
}

/// The signed link's query.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImageQuery {
    /// Seconds since the Unix epoch after which the link is refused.
    expires: Option<String>,
    /// The link's signature (hex).
    signature: Option<String>,
}

#[utoipa::path(
    get,
    path = "/inbound-images/{imageId}",
    operation_id = "get_inbound_image",
    summary = "Fetch a shop or course image (signed link)",
    description = "The links in `shopImages` and `courseImages.courseImageUrls`. No key: the \
link's `signature` authorises it until `expires`, 10 minutes after the answer that carried it. \
Ask for the shop or course again for fresh links. Answers the image's bytes with its content \
type (`image/png`, `image/jpeg`, …).",
    tag = "Shops",
    params(
        ("imageId" = i64, Path, description = "The image's id (part of the signed link).", minimum = 1),
        ImageQuery,
    ),
    responses(
        (status = 200, description = "The image.", content(
            (ImageBytes = "image/png"),
            (ImageBytes = "image/jpeg"),
        )),
        (status = 403, description = "The link's signature is wrong or missing, or it has expired.", body = InboundErrorBody,
            example = json!({"code": "forbidden", "message": "the image link has expired; fetch the shop or course again for a fresh one"})),
        (status = 404, description = "The image no longer exists.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no image 999"})),
    ),
    security(())
)]
pub async fn get_inbound_image(
    State(state): State<AppState>,
    Path(image_id): Path<String>,
    Query(q): Query<ImageQuery>,
) -> Result<Response, ApiError> {
    let bad =
        || ApiError::Forbidden("the image link is not valid (wrong or missing signature)".into());
    let Ok(image_id) = image_id.parse::<i64>() else {
        return Err(bad());
    };
    let checked = IMAGE_LINKS.check(
        &state.secret_box,
        &image_id.to_string(),
        q.expires.and_then(|e| e.parse::<i64>().ok()),
        q.signature.as_deref(),
        state.clock.now(),
    );
    match checked {
        Ok(()) => {}
        Err(Refused::Invalid) => return Err(bad()),
        Err(Refused::Expired) => {
            return Err(ApiError::Forbidden(
                "the image link has expired; fetch the shop or course again for a fresh one".into(),
            ));
        }
    }
    let not_found = || ApiError::NotFound(format!("no image {image_id}"));
    let image = catalog::image(&state.db, image_id)
        .await?
        .ok_or_else(not_found)?;
    let bytes = match state.objects.get(&image.object_key, IMAGE_MAX).await {
        Ok(Some(b)) => b,
        Ok(None) => return Err(not_found()),
        Err(e @ GetError::TooLarge(_)) => {
            return Err(ApiError::Internal(anyhow::anyhow!("image {image_id}: {e}")));
        }
        Err(GetError::Store(e)) => return Err(ApiError::store_away("images", e)),
    };
    Ok((
        [
            (header::CONTENT_TYPE, content_type(&image.object_key)),
            (header::CACHE_CONTROL, "private, max-age=600"),
        ],
        bytes,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::content_type;

    #[test]
    fn content_types_follow_the_extension() {
        assert_eq!(content_type("inbound/shops/1/main-0.png"), "image/png");
        assert_eq!(content_type("a/b.JPG"), "image/jpeg");
        assert_eq!(
            content_type("order/shops/1/images/ramen.svg"),
            "image/svg+xml"
        );
        assert_eq!(content_type("a/b"), "application/octet-stream");
    }
}
