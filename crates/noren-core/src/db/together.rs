//! Writes to one row, gathered into one transaction ([`Together`]).
//!
//! Some writes are serialised by a row lock on purpose: appends to one cafeteria order (its
//! amount), bookings at one shop (its capacity and the courses' quantity limits). On
//! PostgreSQL the lock is held from the statement that takes it until the commit's WAL flush,
//! so each writer of the row waits for the previous one's flush and a row takes about one
//! write per flush (about 1,000 a second on the 2-core bench machine with `fsync=on`, p99
//! 53-117 ms under 32 connections; issue 36, item 3). Splitting the lock would give up the
//! exact answer (a capacity judged on every booking that overlaps, a quantity limit counted
//! over the whole course).
//!
//! Instead the writes that queue for one row in this process share the lock and the flush: the
//! first one starts a task (the leader) that runs it in a transaction of its own; those that
//! arrive meanwhile wait, and the leader runs them next, up to [`AT_ONCE`], one after another in
//! one transaction, each in a savepoint of its own, and commits once. Each write still runs
//! exactly as alone: the same statements, the lock taken (again, at no cost) and the data
//! judged on including every write before it. A write that fails (a refusal, a constraint)
//! is rolled back to its savepoint and answers its own error; the others commit. Nobody gets
//! an answer before the commit that makes it durable; when the commit fails, every write of
//! the transaction answers the failure. Other processes still queue on the row lock (DESIGN.md
//! "Scale-out").
//!
//! On SQLite every write waits for the one writer whatever row it touches (`BEGIN IMMEDIATE`),
//! so there the writes of a [`Together`] share one queue whatever their key: appends to
//! different orders share a commit as well.
//!
//! A lone write runs without a savepoint. The leader is a task, not the first request's
//! future, so a client that goes away cannot cancel the writes of the others.

use super::outage::shared;
use super::{Db, begin_write};
use futures_util::future::BoxFuture;
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbBackend, DbErr, TransactionTrait};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// The most writes committed together: a longer transaction holds the row longer, and the
/// first of a batch waits for the last.
pub const AT_ONCE: usize = 32;

/// One write: its statements, run on the transaction (or a savepoint of it) it is given.
pub type Work<T, E> =
    Box<dyn for<'t> FnOnce(&'t DatabaseTransaction) -> BoxFuture<'t, Result<T, E>> + Send>;

struct Waiting<T, E> {
    work: Work<T, E>,
    reply: oneshot::Sender<Result<T, E>>,
}

/// Per key (`None`: SQLite's one queue), the writes waiting.
type Queues<K, T, E> = Arc<Mutex<HashMap<Option<K>, Vec<Waiting<T, E>>>>>;

/// Writes keyed by the row they lock (module doc). `T` and `E` are the writes' answer and error.
pub struct Together<K, T, E> {
    /// The writes waiting per key; a key is present while its leader runs.
    queues: Queues<K, T, E>,
}

impl<K, T, E> Default for Together<K, T, E> {
    fn default() -> Self {
        Together {
            queues: Arc::default(),
        }
    }
}

impl<K, T, E> Together<K, T, E>
where
    K: Hash + Eq + Clone + Send + 'static,
    T: Send + 'static,
    E: From<DbErr> + Send + 'static,
{
    /// Runs `work` in a write transaction ([`begin_write`]) on `db`, with the other writes of
    /// `key` that wait at the same time, and answers its result once the transaction committed
    /// (an error: rolled back to its savepoint, the others unaffected).
    pub async fn write(&self, db: &Db, key: K, work: Work<T, E>) -> Result<T, E> {
        let (reply, answer) = oneshot::channel();
        let waiting = Waiting { work, reply };
        let key = (db.get_database_backend() != DbBackend::Sqlite).then_some(key);
        let leader = {
            let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
            match queues.entry(key.clone()) {
                Entry::Occupied(mut queue) => {
                    queue.get_mut().push(waiting);
                    None
                }
                Entry::Vacant(free) => {
                    free.insert(Vec::new());
                    Some(waiting)
                }
            }
        };
        if let Some(first) = leader {
            tokio::spawn(lead(self.queues.clone(), db.clone(), key, first));
        }
        answer.await.unwrap_or_else(|_| {
            Err(E::from(DbErr::Custom(
                "the write's transaction ended without an answer".into(),
            )))
        })
    }
}

/// Runs `first`, then what waited for `key` meanwhile, until nothing waits.
async fn lead<K, T, E>(queues: Queues<K, T, E>, db: Db, key: Option<K>, first: Waiting<T, E>)
where
    K: Hash + Eq + Clone,
    E: From<DbErr>,
{
    // If this task ends early (a panic in a write), the key is freed and the writes still
    // waiting get the error of a dropped reply instead of waiting for ever.
    struct Release<K: Hash + Eq, T, E>(Queues<K, T, E>, Option<K>);
    impl<K: Hash + Eq, T, E> Drop for Release<K, T, E> {
        fn drop(&mut self) {
            let mut queues = self.0.lock().unwrap_or_else(|e| e.into_inner());
            queues.remove(&self.1);
        }
    }
    let _release = Release(queues.clone(), key.clone());
    let mut batch = vec![first];
    loop {
        run(&db, batch).await;
        match next(&queues, &key) {
            Some(more) => batch = more,
            None => return, // `_release` frees the key
        }
    }
}

/// Up to [`AT_ONCE`] of the writes waiting for `key`, or `None` when none waits.
fn next<K: Hash + Eq, T, E>(
    queues: &Queues<K, T, E>,
    key: &Option<K>,
) -> Option<Vec<Waiting<T, E>>> {
    let mut queues = queues.lock().unwrap_or_else(|e| e.into_inner());
    let queue = queues.get_mut(key).filter(|q| !q.is_empty())?;
    let take = queue.len().min(AT_ONCE);
    Some(queue.drain(..take).collect())
}

/// One transaction: each write in a savepoint (alone: directly), then the commit, then the
/// answers.
async fn run<T, E: From<DbErr>>(db: &Db, batch: Vec<Waiting<T, E>>) {
    let tx = match begin_write(db).await {
        Ok(tx) => tx,
        Err(e) => return fail_all(batch.into_iter().map(|w| w.reply), &e),
    };
    if batch.len() == 1 {
        let Some(Waiting { work, reply }) = batch.into_iter().next() else {
            return;
        };
        let result = match work(&tx).await {
            Ok(done) => tx.commit().await.map(|()| done).map_err(E::from),
            Err(e) => {
                let _ = tx.rollback().await;
                Err(e)
            }
        };
        let _ = reply.send(result);
        return;
    }
    let mut answers = Vec::with_capacity(batch.len());
    for Waiting { work, reply } in batch {
        let result = match tx.begin().await {
            Ok(savepoint) => match work(&savepoint).await {
                Ok(done) => savepoint.commit().await.map(|()| done).map_err(E::from),
                Err(e) => {
                    let _ = savepoint.rollback().await;
                    Err(e)
                }
            },
            Err(e) => Err(E::from(e)),
        };
        answers.push((reply, result));
    }
    match tx.commit().await {
        Ok(()) => {
            for (reply, result) in answers {
                let _ = reply.send(result);
            }
        }
        Err(e) => {
            for (reply, result) in answers {
                let _ = reply.send(result.and_then(|_| Err(E::from(shared(&e)))));
            }
        }
    }
}

/// Answers `e` (as the same outage: [`shared`]) to every write of a transaction that failed.
fn fail_all<T, E: From<DbErr>>(
    replies: impl Iterator<Item = oneshot::Sender<Result<T, E>>>,
    e: &DbErr,
) {
    for reply in replies {
        let _ = reply.send(Err(E::from(shared(e))));
    }
}
