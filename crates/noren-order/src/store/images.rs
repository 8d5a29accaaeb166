//! Where the images Noren hosts for a shop's ordering catalogue live (issue 20, item 5): the
//! object key of each, and the path a catalogue stores to link it (served by
//! `order/http/images.rs`, answered with the public URL in front by `dto::View::linked`).

use noren_core::objects::{Objects, StoreError};

/// The path of a shop's hosted image `name`, as a catalogue stores it in `imageArray`.
pub fn image_path(shop_id: i64, name: &str) -> String {
    format!("/api/order/shop/{shop_id}/images/{name}")
}

/// The object key of a shop's hosted image `name`.
pub fn object_key(shop_id: i64, name: &str) -> String {
    format!("order/shops/{shop_id}/images/{name}")
}

/// Stores a shop's hosted image (replacing one of the same name).
pub async fn put(
    objects: &Objects,
    shop_id: i64,
    name: &str,
    bytes: Vec<u8>,
) -> Result<(), StoreError> {
    objects.put(&object_key(shop_id, name), bytes).await
}
