//! DESIGN.md "Limits": per-key and per-address rate limits answering 429 with `Retry-After` and
//! the `RateLimit` headers, failed authentications limited per address, and the connection
//! limits (header-read timeout, idle keep-alive timeout, request timeout, connection cap).

use noren::db::repo::accounts;
use noren::domain::keys::PartnerFamily;
use noren_testkit::{Backend, Options, TestApp, both_databases, fixtures, header, json};
use sea_orm::{ConnectionTrait, Statement};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const WHOAMI: &str = "/v3/api_keys/whoami";
const BIN: &str = env!("CARGO_BIN_EXE_noren");

/// Reads whatever the server sends until it closes the connection (or `within` passes).
async fn read_until_closed(stream: &mut TcpStream, within: Duration) -> Option<String> {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&got).into_owned()),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

both_databases! {
    async fn a_key_past_its_limit_answers_429_with_retry_after_and_ratelimit_headers(
        app with Options::env(&[("NOREN_RATE_LIMIT_PER_KEY", "5/m")])
    ) {
        let m = fixtures::test_merchant(app.db(), "Busy").await;
        let other = fixtures::test_merchant(app.db(), "Calm").await;
        for i in 0..5 {
            let res = app.get_with_key(WHOAMI, &m.key).await;
            assert_eq!(res.status(), 200, "call {i}");
            assert_eq!(header(&res, "ratelimit-policy"), "\"key\";q=5;w=60");
            assert!(header(&res, "ratelimit").starts_with(&format!("\"key\";r={};t=", 4 - i)), "{}", header(&res, "ratelimit"));
        }
        let res = app.get_with_key(WHOAMI, &m.key).await;
        assert_eq!(res.status(), 429);
        let retry: u64 = header(&res, "retry-after").parse().expect("Retry-After in seconds");
        assert!((1..=12).contains(&retry), "Retry-After {retry}");
        assert_eq!(header(&res, "ratelimit-policy"), "\"key\";q=5;w=60");
        assert!(header(&res, "ratelimit").starts_with("\"key\";r=0;t="));
        assert!(!header(&res, "x-request-id").is_empty());
        let body = json(res).await;
        assert_eq!(body["code"], "too_many_requests");
        assert!(body["message"].as_str().unwrap_or("").contains("at most 5 per minute"), "{body}");
        // Another key is not affected.
        assert_eq!(app.get_with_key(WHOAMI, &other.key).await.status(), 200);
        // The limiters read the state's clock: just before Retry-After the key still waits, after
        // it one more call is allowed (one every 12 s at 5 a minute), and the next waits again.
        app.state().clock.advance(chrono::Duration::milliseconds(retry as i64 * 1000 - 1500));
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 429, "before Retry-After");
        app.state().clock.advance(chrono::Duration::milliseconds(1500));
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 200, "after Retry-After");
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 429);
        // A minute refills the whole burst.
        app.state().clock.advance(chrono::Duration::minutes(1));
        for i in 0..5 {
            assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 200, "call {i} after a minute");
        }
    }

    async fn calls_without_a_key_are_limited_per_address(
        app with Options::env(&[("NOREN_RATE_LIMIT_PER_ADDRESS", "3/m")])
    ) {
        let m = fixtures::test_merchant(app.db(), "Public").await;
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        for _ in 0..3 {
            assert_eq!(app.get(&format!("/v3/predefined_payments/{token}")).await.status(), 200);
        }
        let res = app.get(&format!("/checkout/api/{token}")).await;
        assert_eq!(res.status(), 429);
        assert_eq!(header(&res, "ratelimit-policy"), "\"address\";q=3;w=60");
        assert_eq!(json(res).await["code"], "too_many_requests");
        // Keyed calls count against the key, not the address.
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 200);
        // Operations paths are never limited: a load balancer's probes keep working.
        assert_eq!(app.get("/healthz").await.status(), 200);
    }

    async fn a_limit_holds_across_processes_on_postgresql_and_per_process_on_sqlite(
        app with Options::env(&[("NOREN_RATE_LIMIT_PER_KEY", "6/m"), ("NOREN_RATE_LIMIT_PER_ADDRESS", "300/m")])
    ) {
        // A second `noren serve` on the same database, with the same limits.
        let m = fixtures::test_merchant(app.db(), "Shared").await;
        let data_dir = app.data_dir();
        let (mut child, other) = noren_testkit::process::serve(BIN, &app.database_url, &[
            ("NOREN_DATA_DIR", &data_dir),
            ("NOREN_RATE_LIMIT_PER_KEY", "6/m"),
            ("NOREN_RATE_LIMIT_PER_ADDRESS", "300/m"),
        ]).await;
        let bases = [app.base.clone(), other];
        // One call of the six: a payment to read without a key below.
        let created = app.create_payment(&m.key, &[("amount", "1000")]).await;
        let token = created["predefined_payment"]["token"].as_str().expect("token").to_string();
        // Then the same key, calls alternating between the two processes.
        let mut allowed = [0u32; 2];
        for i in 0..16 {
            let res = app.client.get(format!("{}{WHOAMI}", bases[i % 2])).header("X-Auth-API-Key", &m.key).send().await.expect("sent");
            match res.status().as_u16() {
                200 => allowed[i % 2] += 1,
                429 => {}
                other => panic!("call {i}: {other}"),
            }
        }
        // A limit of 300 a minute lets each process take leases of 3: calls without a key from
        // one address, alternating, pass about 300 (a few fewer when leases are held, a few more
        // for the seconds the calls take to refill).
        let mut public = 0u32;
        for i in 0..400 {
            let res = app.client.get(format!("{}/v3/predefined_payments/{token}", bases[i % 2])).send().await.expect("sent");
            match res.status().as_u16() {
                200 => public += 1,
                429 => {}
                other => panic!("public call {i}: {other}"),
            }
        }
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        eprintln!("{:?}: key calls allowed {allowed:?}, address calls allowed {public} of 400", app.backend);
        match app.backend {
            Backend::Postgres => {
                assert_eq!(allowed[0] + allowed[1], 5, "one limit for both processes: {allowed:?}");
                assert!(allowed[0] >= 2 && allowed[1] >= 2, "both processes served: {allowed:?}");
                assert!((294..=315).contains(&public), "about 300 allowed across both: {public}");
                let rows = app.db().query_one_raw(Statement::from_string(
                    app.db().get_database_backend(),
                    "SELECT COUNT(*) AS n FROM rate_buckets WHERE scope = 'key'",
                )).await.expect("counted").expect("a row");
                assert_eq!(rows.try_get::<i64>("", "n").expect("n"), 1, "one bucket for the key");
            }
            // One process per SQLite database: each limits in memory.
            Backend::Sqlite => {
                assert_eq!(allowed, [5, 6], "each process its own limit: {allowed:?}");
                assert!(public > 315, "each process its own address limit: {public}");
            }
        }
    }

    async fn guessing_keys_or_tokens_gets_the_address_refused(
        app with Options::env(&[("NOREN_RATE_LIMIT_FAILURES", "4/m")])
    ) {
        let m = fixtures::test_merchant(app.db(), "Guarded").await;
        for i in 0..2 {
            let res = app.get_with_key(WHOAMI, &format!("sk_test_{}{i}", "x".repeat(30))).await;
            assert_eq!(res.status(), 401);
        }
        for i in 0..2 {
            let res = app.get(&format!("/v3/predefined_payments/guess{i}")).await;
            assert_eq!(res.status(), 404);
        }
        // The failures are used up: even a good key from this address waits (one this server
        // has not seen authenticate; see the next test for the ones it has).
        let res = app.get_with_key(WHOAMI, &m.key).await;
        assert_eq!(res.status(), 429);
        assert!(header(&res, "retry-after").parse::<u64>().is_ok());
        let body = json(res).await;
        assert_eq!(body["code"], "too_many_requests");
        assert!(body["message"].as_str().unwrap_or("").contains("failed"), "{body}");
        // Once the next failure is allowed (one every 15 s at 4 a minute, on the state's clock),
        // the address is let through again.
        app.state().clock.advance(chrono::Duration::seconds(16));
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 200);
    }

    async fn a_forged_forwarded_for_line_does_not_change_the_clients_address(
        app with Options::env(&[("NOREN_RATE_LIMIT_FAILURES", "2/m"), ("NOREN_CLIENT_IP_HEADER", "x-forwarded-for")])
    ) {
        // HAProxy's `option forwardfor` appends its own line after the client's: the client
        // writes every line but the last, so only the last one counts.
        let guess = |i: u32, forged: String, real: &'static str| {
            app.client.get(app.url(WHOAMI))
                .header("X-Auth-API-Key", format!("sk_test_{}{i}", "x".repeat(30)))
                .header("x-forwarded-for", forged)
                .header("x-forwarded-for", real)
                .send()
        };
        for i in 0..2 {
            assert_eq!(guess(i, format!("192.0.2.{i}"), "198.51.100.9").await.expect("sent").status(), 401);
        }
        let res = guess(2, "192.0.2.77, 192.0.2.78".into(), "198.51.100.9").await.expect("sent");
        assert_eq!(res.status(), 429, "the proxy's address is blocked, whatever the client wrote");
        assert_eq!(guess(3, "198.51.100.9".into(), "198.51.100.10").await.expect("sent").status(), 401, "another address is not");
    }

    async fn a_known_good_key_behind_a_guessing_neighbours_address_is_still_served(
        app with Options::env(&[
            ("NOREN_RATE_LIMIT_FAILURES", "4/m"),
            ("NOREN_RATE_LIMIT_PER_KEY", "30/m"),
            ("NOREN_CLIENT_IP_HEADER", "x-forwarded-for"),
        ])
    ) {
        // Two clients behind one office NAT (the proxy says 203.0.113.7 for both): a merchant
        // integration with a valid key and a partner platform's good key, and a neighbour
        // whose misconfigured client sends wrong keys.
        const OFFICE: &str = "203.0.113.7";
        let m = fixtures::test_merchant(app.db(), "Office").await;
        let platform = accounts::create_platform(app.db(), "office-ota", "Office OTA", app.state().clock.now()).await.expect("platform");
        let (_, partner) = accounts::create_partner_key(app.db(), platform.id, PartnerFamily::Test, app.state().clock.now()).await.expect("key");
        let unseen = fixtures::test_merchant(app.db(), "Unseen").await;
        let send = |key: &str, path: &str, from: &str| {
            app.client.get(app.url(path)).header("X-Auth-API-Key", key).header("x-forwarded-for", from).send()
        };
        let shops = "/v3/inbound-external/office-ota/shops?languageCode=en";
        assert_eq!(send(&m.key, WHOAMI, OFFICE).await.expect("sent").status(), 200);
        let res = app.client.get(app.url(shops)).bearer_auth(&partner).header("x-forwarded-for", OFFICE).send().await.expect("sent");
        assert_eq!(res.status(), 200);
        // The neighbour uses up the office's failures.
        for i in 0..4 {
            let res = send(&format!("sk_test_{}{i}", "x".repeat(30)), WHOAMI, OFFICE).await.expect("sent");
            assert_eq!(res.status(), 401);
        }
        let res = send(&format!("sk_test_{}", "y".repeat(31)), WHOAMI, OFFICE).await.expect("sent");
        assert_eq!(res.status(), 429, "the guesses are refused");
        assert_eq!(json(res).await["code"], "too_many_requests");
        // The keys that authenticated go on being served, for every call.
        assert_eq!(send(&m.key, WHOAMI, OFFICE).await.expect("sent").status(), 200);
        let res = app.client.post(app.url("/v3/predefined_payments/create_online_payment")).header("X-Auth-API-Key", &m.key)
            .header("x-forwarded-for", OFFICE).query(&[("amount", "1000")]).send().await.expect("sent");
        assert_eq!(res.status(), 200, "create_online_payment");
        let res = app.client.get(app.url(shops)).bearer_auth(&partner).header("x-forwarded-for", OFFICE).send().await.expect("sent");
        assert_eq!(res.status(), 200, "the partner's search");
        // A key this server never saw authenticate waits like a guess: the refusal stays cheap.
        assert_eq!(send(&unseen.key, WHOAMI, OFFICE).await.expect("sent").status(), 429);
        // Another address is not touched.
        assert_eq!(send(&unseen.key, WHOAMI, "198.51.100.9").await.expect("sent").status(), 200);
        // The known key keeps its own per-key limit: 30 a minute, 3 used above.
        let mut statuses = Vec::new();
        for _ in 0..30 {
            statuses.push(send(&m.key, WHOAMI, OFFICE).await.expect("sent").status().as_u16());
        }
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 27, "{statuses:?}");
        assert_eq!(statuses.last(), Some(&429));
    }

    async fn a_known_key_that_is_revoked_no_longer_passes_a_blocked_address(
        app with Options::env(&[("NOREN_RATE_LIMIT_FAILURES", "2/m"), ("NOREN_AUTH_CACHE_TTL_MS", "0")])
    ) {
        let m = fixtures::test_merchant(app.db(), "Revoked").await;
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 200);
        for i in 0..2 {
            assert_eq!(app.get_with_key(WHOAMI, &format!("sk_test_{}{i}", "x".repeat(30))).await.status(), 401);
        }
        assert_eq!(app.get_with_key(WHOAMI, &format!("sk_test_{}", "z".repeat(31))).await.status(), 429);
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 200, "known");
        app.state().revoke_api_key(m.key_id).await.expect("revoke");
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 401, "judged, and refused");
        assert_eq!(app.get_with_key(WHOAMI, &m.key).await.status(), 429, "no longer known");
    }

    async fn slow_and_idle_connections_are_closed_and_healthz_keeps_answering(
        app with Options::env(&[("NOREN_HEADER_TIMEOUT_MS", "400")])
    ) {
        // Idle: connected, never sends a byte.
        let mut idle: Vec<TcpStream> = Vec::new();
        for _ in 0..50 {
            idle.push(TcpStream::connect(app.addr).await.expect("connect"));
        }
        // Slow: sends its headers one byte at a time, slower than the timeout allows.
        let mut slow = TcpStream::connect(app.addr).await.expect("connect");
        let request = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
        let started = Instant::now();
        let mut cut_off = false;
        for b in request.iter() {
            if slow.write_all(&[*b]).await.is_err() {
                cut_off = true;
                break;
            }
            // A real network timeout is under test: the bytes must come slower than the
            // server's header-read timeout, in real time.
            tokio::time::sleep(Duration::from_millis(60)).await;
            if started.elapsed() > Duration::from_secs(3) {
                break;
            }
        }
        let rest = read_until_closed(&mut slow, Duration::from_secs(3)).await;
        assert!(cut_off || rest.is_some_and(|r| !r.contains("200 OK")), "a slow request was served");
        // Keep-alive: one request served, then the idle connection is closed.
        let mut kept = TcpStream::connect(app.addr).await.expect("connect");
        kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
        let mut buf = [0u8; 1024];
        let n = kept.read(&mut buf).await.expect("answer");
        assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
        assert!(read_until_closed(&mut kept, Duration::from_secs(3)).await.is_some(), "idle keep-alive connection left open");
        for mut s in idle {
            assert!(read_until_closed(&mut s, Duration::from_secs(3)).await.is_some(), "idle connection left open");
        }
        assert_eq!(app.get("/healthz").await.status(), 200);
    }

    async fn past_the_connection_cap_new_connections_get_503_and_healthz_recovers(
        app with Options::env(&[("NOREN_MAX_CONNECTIONS", "20"), ("NOREN_HEADER_TIMEOUT_MS", "500")])
    ) {
        let mut idle = Vec::new();
        for _ in 0..20 {
            idle.push(TcpStream::connect(app.addr).await.expect("connect"));
        }
        // A real network timeout bounds this test: the 20 idle connections hold their slots only
        // until the header-read timeout (500 ms, real time) closes them, so the next connection
        // must come after the server accepted them (a few ms) and well before that.
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut over = TcpStream::connect(app.addr).await.expect("connect");
        let answer = read_until_closed(&mut over, Duration::from_secs(2)).await.expect("answered and closed");
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(answer.contains("\"code\":\"server\""), "{answer}");
        // The idle ones are closed by the header timeout; then the server answers again.
        for mut s in idle {
            read_until_closed(&mut s, Duration::from_secs(3)).await.expect("closed");
        }
        let res = reqwest::Client::new().get(app.url("/healthz")).send().await.expect("sent");
        assert_eq!(res.status(), 200);
    }

    async fn a_request_whose_body_never_finishes_answers_503_after_the_request_timeout(
        app with Options::env(&[("NOREN_REQUEST_TIMEOUT_MS", "300")])
    ) {
        let m = fixtures::test_merchant(app.db(), "Slow").await;
        let mut s = TcpStream::connect(app.addr).await.expect("connect");
        let head = format!(
            "POST /v3/predefined_payments/create_online_payment HTTP/1.1\r\nHost: x\r\n\
             X-Auth-API-Key: {}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: 100\r\n\r\namount=",
            m.key
        );
        s.write_all(head.as_bytes()).await.expect("write");
        let answer = read_until_closed(&mut s, Duration::from_secs(3)).await.expect("answered");
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(answer.contains("\"code\":\"server\""), "{answer}");
        assert!(answer.to_ascii_lowercase().contains("x-request-id"), "{answer}");
    }
}

#[tokio::test]
async fn metrics_can_require_a_token() {
    let token = "m3tr1cs-t0ken-for-tests";
    let app = TestApp::spawn_with(
        noren_testkit::Backend::Sqlite,
        Options::env(&[("NOREN_METRICS_TOKEN", token)]),
    )
    .await
    .expect("app");
    let res = app.get("/metrics").await;
    assert_eq!(res.status(), 401);
    assert_eq!(json(res).await["code"], "unauthorized");
    let res = app
        .client
        .get(app.url("/metrics"))
        .header("Authorization", format!("Bearer {token}"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), 200);
    assert!(
        res.text()
            .await
            .expect("body")
            .contains("noren_http_requests")
    );
}

#[tokio::test]
async fn metrics_can_move_to_a_listener_of_their_own() {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("free port");
    let addr = probe.local_addr().expect("addr");
    drop(probe);
    let app = TestApp::spawn_with(
        noren_testkit::Backend::Sqlite,
        Options::env(&[("NOREN_METRICS_LISTEN", &addr.to_string())]),
    )
    .await
    .expect("app");
    assert_eq!(app.get("/metrics").await.status(), 404);
    let res = app
        .client
        .get(format!("http://{addr}/metrics"))
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), 200);
}
