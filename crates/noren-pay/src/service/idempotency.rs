//! `Idempotency-Key` on creates and refunds (DESIGN.md): a repeat with the same key and the same
//! parameters within 24 hours answers the first answer again (with `Idempotent-Replayed: true`);
//! a repeat sent while the first is still running waits for it and answers the same; the same key
//! with other parameters is a 409.
//! Answers of 5xx are not kept, so a retry with the same key runs again. The key's claim, the
//! change it protects and the stored answer commit in one transaction ([`once`]).
//!
//! The service keeps and replays answers as `http/` rendered them ([`Answer`]: a status and a
//! JSON body); it knows nothing of how they are rendered (`pay/http/idempotency.rs` does that).

use crate::service::error::{Doing, PayError};
use crate::store::idempotency::{self, Claim, Key};
use noren_core::db::Executor;
use noren_core::db::begin_write;
use noren_core::http::state::AppState;
use noren_core::webhooks::endpoints::Owner;

/// An answer as the client gets it: its HTTP status code and its JSON body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

/// How the work of a call ended, as `http/` rendered it.
pub enum Outcome<F> {
    /// Done (a 2xx): the answer is kept with the work's change, in its transaction.
    Done(Answer),
    /// Refused (a 4xx): whatever the work wrote is rolled back; the answer is kept, in a
    /// transaction of its own.
    Refused(Answer),
    /// Failed (a 5xx): nothing is kept, so a repeat with the key runs again; `F` (the
    /// rendered failure) is handed back as it is.
    Failed(F),
}

/// What to answer the request.
pub enum Reply<F> {
    /// The request's own answer (with a key, kept for repeats).
    First(Answer),
    /// A repeat within 24 hours: the first request's answer again.
    Replayed(Answer),
    /// The work failed; its answer was not kept.
    Failed(F),
}

/// The call being made, and its key if the request sent one.
pub struct Call<'a> {
    pub shop_id: i64,
    pub livemode: bool,
    /// The request's `Idempotency-Key`; `None` runs the work as it would run anyway.
    pub key: Option<&'a str>,
    /// The call's name (`create_online_payment`, `refund`): a key used on another call is
    /// [`PayError::KeyReused`].
    pub operation: &'a str,
    /// A fingerprint of the request's values: the same key with other values is
    /// [`PayError::KeyReused`].
    pub request_hash: &'a str,
}

/// Runs `work` at most once per key: the first answer is stored and replayed for repeats.
///
/// `work` gets the connection to write through. With a key it is one write transaction that
/// holds the key's claim, the work's change and the stored answer, and commits them together
/// (a crash before the commit leaves none of them; a retry runs again). `work` must send every
/// query through it: on SQLite the transaction holds the one write lock, so a write through
/// the pool would wait for it. Without a key, `work` runs on the pool as it would anyway.
///
/// The error is the key's own answer: reused with other values or still running (409), or
/// the database failing around the work (the claim, the stored answer, the commit: nothing of
/// the work is kept then, and the client may retry with the key).
///
/// ```ignore
/// let call = Call { shop_id, livemode, key: Some("k-1"), operation: "refund", request_hash: &hash };
/// let reply = idempotency::once(&state, call, async |db| outcome(run(&state, db).await).await).await?;
/// ```
pub async fn once<F, W>(state: &AppState, call: Call<'_>, work: W) -> Result<Reply<F>, PayError>
where
    W: AsyncFnOnce(&Executor<'_>) -> Outcome<F>,
{
    let Some(key) = call.key else {
        return Ok(match work(&Executor::Db(&state.db)).await {
            Outcome::Done(answer) | Outcome::Refused(answer) => Reply::First(answer),
            Outcome::Failed(failed) => Reply::Failed(failed),
        });
    };
    let doing = || format!("the Idempotency-Key of a {} call", call.operation);
    // Kept 24 hours on the shop's time: its test clock's while it has one.
    let now = state
        .now_of(Owner::shop(call.shop_id, call.livemode))
        .await
        .doing(doing)?
        .at;
    let k = Key {
        shop_id: call.shop_id,
        livemode: call.livemode,
        key,
        operation: call.operation,
        request_hash: call.request_hash,
        now,
    };
    let tx = begin_write(&state.db).await.doing(doing)?;
    let id = match idempotency::claim(&tx, &k).await.doing(doing)? {
        Claim::Fresh(id) => id,
        Claim::Replay { status, body } => return Ok(Reply::Replayed(Answer { status, body })),
        Claim::Mismatch => return Err(PayError::KeyReused),
        Claim::InFlight => return Err(PayError::KeyInFlight),
    };
    // Dropping `tx` without a commit rolls back the claim and whatever `work` wrote.
    let answer = match work(&Executor::Tx(&tx)).await {
        Outcome::Done(answer) => answer,
        Outcome::Failed(failed) => return Ok(Reply::Failed(failed)),
        Outcome::Refused(answer) => {
            // A refusal changed nothing; on PostgreSQL the statement that failed (an order_no
            // taken) has aborted the transaction, so the answer is kept in a new one.
            drop(tx);
            keep_refusal(state, &k, &answer).await;
            return Ok(Reply::First(answer));
        }
    };
    let stored = async {
        idempotency::store(&tx, id, answer.status, &answer.body).await?;
        tx.commit().await
    };
    // Nothing of it was kept (the change included) when this fails: the client may retry.
    stored.await.doing(doing)?;
    Ok(Reply::First(answer))
}

/// Stores a client error as the key's answer, in a transaction of its own (the work's was
/// rolled back). If another request took the key meanwhile, its record stands.
async fn keep_refusal(state: &AppState, k: &Key<'_>, answer: &Answer) {
    let kept = async {
        let tx = begin_write(&state.db).await?;
        if let Claim::Fresh(id) = idempotency::claim(&tx, k).await? {
            idempotency::store(&tx, id, answer.status, &answer.body).await?;
            tx.commit().await?;
        }
        Ok::<(), sea_orm::DbErr>(())
    };
    if let Err(e) = kept.await {
        // The answer stands; a repeat runs again rather than replaying it.
        tracing::warn!(error = %e, "cannot store an idempotent answer");
    }
}
