//! Static files: the portal's Docusaurus build for every path that is not an API or operations
//! path, and the hosted checkout's Vite build under `/checkout`.
//!
//! Portal routes have no trailing slash and no `.html` (seed 000 §2): `/docs/order` serves
//! `docs/order.html`, and `/docs/order.html`, `/docs/order/index.html` or `/docs/order/` redirect
//! to `/docs/order`. The base paths are the exception: the site root `/` and each locale's root
//! (`/ja/`, built as `ja/index.html`) keep their slash, because Docusaurus gives a locale's home
//! page its base URL, which ends in one, and writes it so into canonical and hreflang links, the
//! sitemap, the logo link and the language switcher; `/ja` redirects to `/ja/`, so that every
//! page has one address and it is the one the site links to.
//! Unknown paths get the portal's own 404 page with status 404.
//!
//! Both builds ship `.br` and `.gz` siblings of their text files (`tools/precompress.mjs`, run by
//! their `npm run build`): a client that accepts brotli or gzip gets the sibling as it is, with
//! `Content-Encoding`, and the compression layer (`app::build_router`) leaves such an answer alone;
//! a file without a sibling is compressed on the fly as any other answer.

use crate::http::error::ApiError;
use crate::http::paths::is_api_path;
use crate::http::state::AppState;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use std::path::{Path, PathBuf};
use tower::ServiceExt;
use tower_http::services::ServeFile;

/// Finds a static build: the configured directory, else `relative` under the working directory
/// or one of its ancestors (so `noren` finds `portal/build` when run from anywhere in the
/// repository), else next to the source tree it was built from.
pub fn find_dir(configured: Option<&Path>, relative: &str) -> Option<PathBuf> {
    if let Some(dir) = configured {
        return Some(dir.to_path_buf());
    }
    let has_index = |dir: &Path| dir.join("index.html").is_file();
    if let Ok(cwd) = std::env::current_dir() {
        for base in cwd.ancestors() {
            let candidate = base.join(relative);
            if has_index(&candidate) {
                return Some(candidate);
            }
        }
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(relative);
    has_index(&built_from).then_some(built_from)
}

/// A redirect target on this origin: leading slashes collapsed to one (`//evil.example` would
/// be another host), refused when it holds a backslash (browsers read `/\\evil.example` as
/// `//evil.example`) or a control character.
fn same_origin_path(path: &str) -> Option<String> {
    if path.contains('\\') || path.chars().any(char::is_control) {
        return None;
    }
    let rest = path.trim_start_matches('/');
    // Percent-encoded slashes and backslashes at the start would be decoded by some clients.
    let lower = rest.get(..3).map(str::to_ascii_lowercase);
    if matches!(lower.as_deref(), Some("%2f" | "%5c")) {
        return None;
    }
    Some(format!("/{rest}"))
}

/// Rejects anything that could step outside the directory.
fn safe_relative(path: &str) -> Option<&str> {
    let rel = path.trim_start_matches('/');
    let bad = rel.split('/').any(|seg| seg == ".." || seg == ".")
        || rel.contains('\\')
        || rel.contains('\0')
        || rel.contains("//");
    (!bad).then_some(rel)
}

async fn serve_file(file: PathBuf, req: Request, cache: &'static str) -> Response {
    let file = ServeFile::new(file).precompressed_br().precompressed_gzip();
    match file.oneshot(req).await {
        Ok(res) => {
            let mut res = res.map(Body::new);
            if res.status().is_success() {
                res.headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            }
            // The answer depends on Accept-Encoding whether or not a sibling was sent (the
            // compression layer adds this only to answers it compresses itself).
            res.headers_mut()
                .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            res
        }
        Err(never) => match never {},
    }
}

fn cache_policy(rel: &str) -> &'static str {
    // Docusaurus and Vite put content-hashed files under assets/.
    if rel.starts_with("assets/") || rel.contains("/assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

fn method_not_allowed() -> Response {
    let mut res = ApiError::Http {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: "static pages answer GET and HEAD only".into(),
    }
    .into_response();
    res.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    res
}

fn not_built(what: &str, command: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        Html(format!(
            "<!doctype html><meta charset=utf-8><title>Noren</title>\
             <p>The {what} is not built. Run <code>{command}</code> (or <code>make run</code>) \
             and reload.</p>"
        )),
    )
        .into_response()
}

/// The fallback of the whole application: JSON 404 for API paths, the portal for the rest.
pub async fn portal(State(state): State<AppState>, req: Request) -> Response {
    let path = req.uri().path().to_string();
    if is_api_path(&path) {
        return ApiError::NotFound(format!("no route for {} {path}", req.method())).into_response();
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return method_not_allowed();
    }
    let Some(dir) = state.statics.portal.clone() else {
        return not_built("developer portal", "make portal");
    };
    let query = req
        .uri()
        .query()
        .map(|q| format!("?{q}"))
        .unwrap_or_default();
    let redirect = |target: &str| Redirect::permanent(&format!("{target}{query}")).into_response();
    // seed 000 §2: `.html` and `/index.html` are normalised away, to a path of this site only.
    if let Some(stripped) = path
        .strip_suffix("/index.html")
        .or_else(|| path.strip_suffix(".html"))
    {
        return match same_origin_path(stripped) {
            Some(target) => match safe_relative(&target).and_then(|rel| page_of(&dir, rel)) {
                Some(Page::BasePath(_)) => redirect(&format!("{}/", target.trim_end_matches('/'))),
                _ => redirect(&target),
            },
            None => portal_not_found(&dir, &path).await,
        };
    }
    let Some(rel) = safe_relative(&path) else {
        return portal_not_found(&dir, &path).await;
    };
    let slash = rel.ends_with('/');
    let rel_trimmed = rel.trim_end_matches('/');
    match page_of(&dir, rel_trimmed) {
        Some(Page::Route(file)) if !slash => serve_file(file, req, cache_policy(rel)).await,
        // `/docs/order/` → `/docs/order`.
        Some(Page::Route(_)) => redirect(&format!("/{rel_trimmed}")),
        Some(Page::BasePath(file)) if slash || rel_trimmed.is_empty() => {
            serve_file(file, req, cache_policy(rel)).await
        }
        // `/ja` → `/ja/`.
        Some(Page::BasePath(_)) => redirect(&format!("/{rel_trimmed}/")),
        None => {
            // Any other file of the build (assets, `sitemap.xml`, the search index) by its exact path.
            let file = dir.join(rel);
            if !slash && !rel.is_empty() && file.is_file() {
                serve_file(file, req, cache_policy(rel)).await
            } else {
                portal_not_found(&dir, &path).await
            }
        }
    }
}

/// A page of the Docusaurus build (`trailingSlash: false`), by the file it was written to.
enum Page {
    /// `docs/order.html`: the route `/docs/order`, without a trailing slash.
    Route(PathBuf),
    /// `index.html` or `ja/index.html`: a base path (the site root or a locale's root), whose
    /// address ends in a slash (`/`, `/ja/`).
    BasePath(PathBuf),
}

/// The page that `rel` (without leading or trailing slashes) names, if any.
fn page_of(dir: &Path, rel: &str) -> Option<Page> {
    let rel = rel.trim_end_matches('/');
    if !rel.is_empty() {
        let route = dir.join(format!("{rel}.html"));
        if route.is_file() {
            return Some(Page::Route(route));
        }
    }
    let index = dir.join(rel).join("index.html");
    index.is_file().then_some(Page::BasePath(index))
}

async fn portal_not_found(dir: &Path, path: &str) -> Response {
    let localized = path
        .trim_start_matches('/')
        .split('/')
        .next()
        .map(|first| dir.join(first).join("404.html"))
        .filter(|p| p.is_file());
    let page = localized.unwrap_or_else(|| dir.join("404.html"));
    match tokio::fs::read(&page).await {
        Ok(bytes) => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            bytes,
        )
            .into_response(),
        Err(_) => (
            StatusCode::NOT_FOUND,
            Html("<!doctype html><title>Not found</title><h1>Page Not Found</h1>"),
        )
            .into_response(),
    }
}

/// `/checkout/{token}` and its assets: the Vite single-page app.
pub async fn checkout(State(state): State<AppState>, req: Request) -> Response {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return method_not_allowed();
    }
    let Some(dir) = state.statics.checkout.clone() else {
        return not_built("hosted checkout", "make checkout");
    };
    let path = req.uri().path().to_string();
    let rel = path
        .strip_prefix("/checkout")
        .unwrap_or("")
        .trim_start_matches('/');
    if let Some(rel) = safe_relative(rel)
        && rel.starts_with("assets/")
    {
        let file = dir.join(rel);
        if file.is_file() {
            return serve_file(file, req, cache_policy(rel)).await;
        }
        return ApiError::NotFound(format!("no checkout asset {rel}")).into_response();
    }
    serve_file(dir.join("index.html"), req, "no-cache").await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_stay_on_this_origin() {
        assert_eq!(
            same_origin_path("/docs/order").as_deref(),
            Some("/docs/order")
        );
        assert_eq!(same_origin_path("").as_deref(), Some("/"));
        assert_eq!(
            same_origin_path("//evil.example").as_deref(),
            Some("/evil.example")
        );
        assert_eq!(
            same_origin_path("///evil.example/a").as_deref(),
            Some("/evil.example/a")
        );
        assert_eq!(same_origin_path("/\\evil.example/a"), None);
        assert_eq!(same_origin_path("/%2F%2Fevil.example"), None);
        assert_eq!(same_origin_path("/%5cevil.example"), None);
    }

    #[test]
    fn traversal_is_refused() {
        assert_eq!(safe_relative("/docs/order"), Some("docs/order"));
        assert_eq!(safe_relative("/../etc/passwd"), None);
        assert_eq!(safe_relative("/docs/./x"), None);
        assert_eq!(safe_relative("/a\\b"), None);
    }
}
