//! The connection loop (DESIGN.md "Limits"): HTTP/1.1 with a header-read timeout that also
//! closes idle keep-alive connections, a cap on open connections, the peer address for the rate
//! limits, and graceful shutdown.
//!
//! `axum::serve` cannot set hyper's header-read timeout, so connections are served here with
//! `hyper-util`, the way `axum::serve` does it. Past `NOREN_MAX_CONNECTIONS` a new connection is
//! answered `503` with the error body and closed at once, so slow or idle sockets can never use
//! up the process's file descriptors and `/healthz` answers again as soon as they are closed.

use crate::http::error::{ErrorBody, ErrorCode};
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// How the connections of one listener are served.
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    pub header_timeout: Duration,
    pub max_connections: usize,
    /// How long in-flight requests get to finish after shutdown was asked for.
    pub drain: Duration,
}

/// Serves `router` on `listener` until `shutdown` resolves, then lets open connections finish
/// their requests (up to `limits.drain`): idle keep-alive connections are closed at once, busy
/// ones after their answer.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let http = Arc::new(http);
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of descriptors or a reset before accept: wait a little, go on.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let service = router
            .clone()
            .map_request(move |mut req: hyper::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.map(axum::body::Body::new)
            });
        let conn = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            // A client that goes away or times out ends its connection; nothing to report.
            let _ = conn.await;
            drop(slot);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.drain) => {
            tracing::warn!("connections still open after {} ms; closing them", limits.drain.as_millis());
        }
    }
    Ok(())
}

/// Answers a connection over the limit with a 503 and closes it, without reading the request.
async fn refuse(mut stream: TcpStream) {
    let body = serde_json::to_string(&ErrorBody {
        code: ErrorCode::Server,
        message: "too many open connections; retry shortly".into(),
        errors: Vec::new(),
        reason: None,
    })
    .unwrap_or_default();
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n",
        body.len()
    );
    let write = async {
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        stream.shutdown().await
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
}
