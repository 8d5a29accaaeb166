//! The object store: files the server keeps outside the database (menu import workbooks), through
//! the `object_store` crate. By default a folder under `NOREN_DATA_DIR` (`objects/`); with
//! `NOREN_OBJECT_STORE_URL=s3://BUCKET/PREFIX` any S3-compatible store, configured by the usual
//! `AWS_*` variables (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`,
//! `AWS_REGION`/`AWS_DEFAULT_REGION`, `AWS_ENDPOINT_URL` for another provider,
//! `AWS_ALLOW_HTTP=true` for a plain-HTTP endpoint, `AWS_VIRTUAL_HOSTED_STYLE_REQUEST`).
//!
//! Clients upload straight to the store with a signed `PUT` URL: S3 presigns one
//! ([`Objects::presigned_put`]); the local folder has none, so the server's own upload call
//! (`order::import`) takes the file.

use crate::config::ObjectStoreSettings;
use object_store::aws::{AmazonS3, AmazonS3Builder, AmazonS3ConfigKey};
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::signer::Signer;
use object_store::{BackoffConfig, ClientOptions, ObjectStore, PutPayload, RetryConfig};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The store and, for S3, its signer.
#[derive(Clone, Debug)]
pub struct Objects {
    store: Arc<dyn ObjectStore>,
    signer: Option<Arc<AmazonS3>>,
    prefix: String,
}

/// How long a connection to an S3-compatible store may take.
const STORE_CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// How long one request to the store may take (a workbook of up to 10 MiB).
const STORE_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a call retries a store that does not answer before it gives up.
const STORE_RETRY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a read waits for the store's first answer (its headers), retries included. A store
/// that accepts connections and never answers (a stopped process, a full queue) held a request
/// for the whole [`STORE_REQUEST_TIMEOUT`], 30 s, in `chaos::object_store`; the body, once the
/// store answered, still has that long.
const STORE_ANSWER_TIMEOUT: Duration = Duration::from_secs(3);

/// A failure of the store (answered as a 500 or 503, logged).
pub type StoreError = object_store::Error;

impl Objects {
    /// The store `settings` name, or the folder `data_dir/objects`.
    pub fn open(settings: &ObjectStoreSettings, data_dir: &Path) -> anyhow::Result<Self> {
        use anyhow::Context;
        match &settings.s3 {
            None => {
                let dir = data_dir.join("objects");
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("cannot create {}", dir.display()))?;
                let store = LocalFileSystem::new_with_prefix(&dir)
                    .with_context(|| format!("cannot open {}", dir.display()))?;
                Ok(Objects {
                    store: Arc::new(store),
                    signer: None,
                    prefix: String::new(),
                })
            }
            Some((bucket, prefix)) => {
                // A store that is away must not hold requests: object_store's defaults retry for
                // up to 3 minutes (10 tries) with a 5 s connect timeout, so an upload URL or an
                // import preview hung for minutes while the store was down. Here a read gives up
                // when the store has not answered within 3 s ([`STORE_ANSWER_TIMEOUT`]) and the
                // call answers 503 (`order/http/import.rs`); the import job tries again later by
                // itself.
                let mut b = AmazonS3Builder::new()
                    .with_bucket_name(bucket)
                    .with_client_options(
                        ClientOptions::new()
                            .with_connect_timeout(STORE_CONNECT_TIMEOUT)
                            .with_timeout(STORE_REQUEST_TIMEOUT),
                    )
                    .with_retry(RetryConfig {
                        backoff: BackoffConfig::default(),
                        max_retries: 2,
                        retry_timeout: STORE_RETRY_TIMEOUT,
                    });
                for (k, v) in &settings.aws {
                    let key: AmazonS3ConfigKey = k
                        .to_ascii_lowercase()
                        .parse()
                        .with_context(|| format!("{k} is not an S3 setting"))?;
                    b = b.with_config(key, v);
                }
                let s3 = Arc::new(
                    b.build()
                        .context("NOREN_OBJECT_STORE_URL: cannot set up S3")?,
                );
                Ok(Objects {
                    store: s3.clone(),
                    signer: Some(s3),
                    prefix: prefix.clone(),
                })
            }
        }
    }

    /// Whether clients upload to the store directly (S3) rather than to this server.
    pub fn presigns(&self) -> bool {
        self.signer.is_some()
    }

    fn path(&self, key: &str) -> ObjectPath {
        if self.prefix.is_empty() {
            ObjectPath::from(key)
        } else {
            ObjectPath::from(format!("{}/{key}", self.prefix))
        }
    }

    /// Stores `bytes` at `key` (replacing what was there).
    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), StoreError> {
        self.store
            .put(&self.path(key), PutPayload::from(bytes))
            .await
            .map(|_| ())
    }

    /// The object at `key`: `Ok(None)` when there is none, `Err(TooLarge)` when it is larger than
    /// `max` bytes (not downloaded).
    pub async fn get(&self, key: &str, max: u64) -> Result<Option<Vec<u8>>, GetError> {
        let path = self.path(key);
        let result = match tokio::time::timeout(STORE_ANSWER_TIMEOUT, self.store.get(&path)).await {
            Ok(Ok(r)) => r,
            Ok(Err(StoreError::NotFound { .. })) => return Ok(None),
            Ok(Err(e)) => return Err(GetError::Store(e)),
            Err(_) => return Err(GetError::Store(no_answer())),
        };
        if result.meta.size > max {
            return Err(GetError::TooLarge(result.meta.size));
        }
        let bytes = result.bytes().await.map_err(GetError::Store)?;
        Ok(Some(bytes.to_vec()))
    }

    /// Removes the object at `key` (none is fine).
    pub async fn delete(&self, key: &str) -> Result<(), StoreError> {
        match self.store.delete(&self.path(key)).await {
            Ok(()) | Err(StoreError::NotFound { .. }) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Whether the store answers (for `/readyz`): a `HEAD` of a key that need not exist.
    pub async fn reachable(&self) -> Result<(), StoreError> {
        let path = self.path(".readyz");
        match tokio::time::timeout(STORE_ANSWER_TIMEOUT, self.store.head(&path)).await {
            Ok(Ok(_) | Err(StoreError::NotFound { .. })) => Ok(()),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(no_answer()),
        }
    }

    /// A presigned `PUT` URL for `key` valid for `ttl`, on S3; `None` for the local folder.
    pub async fn presigned_put(
        &self,
        key: &str,
        ttl: Duration,
    ) -> Option<Result<url::Url, StoreError>> {
        let signer = self.signer.as_ref()?;
        Some(
            signer
                .signed_url(reqwest::Method::PUT, &self.path(key), ttl)
                .await,
        )
    }
}

/// The error of a store that did not answer within [`STORE_ANSWER_TIMEOUT`].
fn no_answer() -> StoreError {
    StoreError::Generic {
        store: "S3",
        source: format!("no answer within {} s", STORE_ANSWER_TIMEOUT.as_secs()).into(),
    }
}

/// Why [`Objects::get`] gave nothing.
#[derive(Debug, thiserror::Error)]
pub enum GetError {
    #[error("the object is {0} bytes, more than allowed")]
    TooLarge(u64),
    #[error(transparent)]
    Store(StoreError),
}

/// The content type of an object by its key's extension (what the image routes answer).
pub fn content_type(key: &str) -> &'static str {
    let ext = key.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "svg" => "image/svg+xml",
        _ => "application/octet-stream",
    }
}
