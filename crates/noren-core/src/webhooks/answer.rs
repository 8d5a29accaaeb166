//! What a receiver answered one POST: its status or the network error and, for the endpoint
//! delivery log, its headers and first bytes. Made by `deliver.rs` (`Delivery::send`), kept in
//! the log by `endpoint_log.rs`.

/// How much of an answer's body the delivery log keeps.
pub(super) const KEPT_BODY: usize = 4096;

/// What one POST came to, with the answer's headers and first bytes when kept.
pub(super) struct Answer {
    pub status_code: Option<i32>,
    pub error: Option<String>,
    pub refused: bool,
    pub headers: Option<Vec<(String, String)>>,
    pub body: Option<String>,
}

/// An answer's headers, each value as text (lossy), at most [`KEPT_BODY`] bytes in all.
pub(super) fn answer_headers(headers: &reqwest::header::HeaderMap) -> Vec<(String, String)> {
    let mut kept = Vec::new();
    let mut size = 0;
    for (name, value) in headers {
        let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
        size += name.as_str().len() + value.len();
        if size > KEPT_BODY {
            break;
        }
        kept.push((name.as_str().to_string(), value));
    }
    kept
}

/// The first [`KEPT_BODY`] bytes of an answer's body, as text (lossy: a character cut at the
/// end shows as U+FFFD). The rest is not read.
pub(super) async fn first_bytes(res: &mut reqwest::Response) -> String {
    let mut body = Vec::new();
    while body.len() < KEPT_BODY {
        match res.chunk().await {
            Ok(Some(chunk)) => body.extend_from_slice(&chunk),
            _ => break,
        }
    }
    body.truncate(KEPT_BODY);
    String::from_utf8_lossy(&body).into_owned()
}
