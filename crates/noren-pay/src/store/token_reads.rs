//! Reads of predefined payments by token, coalesced.
//!
//! Reading a payment by its token is the hottest call (checkout pages and merchants poll it), and
//! on SQLite most of its cost is the hand-off to the connection's thread, not the lookup. So the
//! reads that arrive while another is running are gathered and answered by one
//! `… WHERE token IN (…)` query: under load one hand-off serves many requests, and a lone
//! request goes out at once. Nothing is cached: every answer comes from a query that started
//! after the request arrived.

use noren_core::db::Db;
use noren_core::db::entities::predefined_payment::{self, Model};
use noren_core::domain::clock::Clock;
use noren_core::http::state::SlicePart;
use sea_orm::{
    ColumnTrait, DbBackend, DbErr, EntityTrait, FromQueryResult, QueryFilter, QueryTrait,
    Statement, Value,
};
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::{Mutex, mpsc, oneshot};

/// The sizes of `IN` lists the queries use; a batch is padded (repeating its last token) to the
/// next one, so a handful of prepared statements serve every batch.
const SIZES: [usize; 7] = [1, 2, 4, 8, 16, 32, 64];
/// Queries in flight at once: while one runs, the next batch gathers.
const READERS: usize = 2;
/// Requests that may wait for a reader before senders wait too.
const QUEUE: usize = 1024;

/// A batch's rows for one token, or `Err` when the batch's query failed (see [`TokenReads::get`]).
type Answer = Result<Option<Model>, ()>;
/// A token and where its answer goes.
type Request = (String, oneshot::Sender<Answer>);

/// A handle to the readers; cheap to clone. The readers stop when the last handle is dropped.
#[derive(Clone)]
pub struct TokenReads {
    requests: mpsc::Sender<Request>,
    db: Db,
}

impl SlicePart for TokenReads {
    fn new(db: &Db, _: &Clock) -> Self {
        TokenReads::start(db.clone())
    }
}

impl TokenReads {
    /// Starts the readers on the current Tokio runtime.
    fn start(db: Db) -> TokenReads {
        let (requests, queue) = mpsc::channel(QUEUE);
        let queue = Arc::new(Mutex::new(queue));
        let backend = db.get_database_backend();
        let sql: Arc<Vec<String>> = Arc::new(SIZES.iter().map(|&n| sql_for(backend, n)).collect());
        for _ in 0..READERS {
            tokio::spawn(read(db.clone(), queue.clone(), sql.clone()));
        }
        TokenReads { requests, db }
    }

    /// The payment with `token`, or `None`.
    pub async fn get(&self, token: &str) -> Result<Option<Model>, DbErr> {
        let (reply, answer) = oneshot::channel();
        self.requests
            .send((token.to_string(), reply))
            .await
            .map_err(|_| DbErr::Custom("the token readers have stopped".into()))?;
        match answer
            .await
            .map_err(|_| DbErr::Custom("a token reader stopped before answering".into()))?
        {
            Ok(found) => Ok(found),
            // The batch's query failed. A `DbErr` cannot be shared among its callers, and its
            // text alone hides what failed (a PostgreSQL restart answered 500 instead of 503):
            // each caller reads its own row, and fails, if it does, with the database's own error.
            Err(_) => {
                predefined_payment::Entity::find()
                    .filter(predefined_payment::Column::Token.eq(token))
                    .one(&self.db)
                    .await
            }
        }
    }
}

fn sql_for(backend: DbBackend, n: usize) -> String {
    predefined_payment::Entity::find()
        .filter(predefined_payment::Column::Token.is_in(vec![""; n]))
        .build(backend)
        .sql
}

async fn read(db: Db, queue: Arc<Mutex<mpsc::Receiver<Request>>>, sql: Arc<Vec<String>>) {
    let max = SIZES[SIZES.len() - 1];
    loop {
        let mut batch = Vec::new();
        {
            let mut queue = queue.lock().await;
            match queue.recv().await {
                Some(first) => batch.push(first),
                None => return,
            }
            while batch.len() < max {
                match queue.try_recv() {
                    Ok(next) => batch.push(next),
                    Err(_) => break,
                }
            }
        }
        let slot = SIZES
            .iter()
            .position(|&n| n >= batch.len())
            .unwrap_or(SIZES.len() - 1);
        let mut values: Vec<Value> = batch.iter().map(|(t, _)| t.as_str().into()).collect();
        let last = values.last().cloned().unwrap_or_else(|| "".into());
        values.resize(SIZES[slot], last);
        let stmt =
            Statement::from_sql_and_values(db.get_database_backend(), sql[slot].as_str(), values);
        match Model::find_by_statement(stmt).all(&db).await {
            Ok(rows) => {
                let by_token: HashMap<&str, &Model> =
                    rows.iter().map(|m| (m.token.as_str(), m)).collect();
                for (token, reply) in batch {
                    let _ = reply.send(Ok(by_token.get(token.as_str()).map(|m| (*m).clone())));
                }
            }
            Err(_) => {
                for (_, reply) in batch {
                    let _ = reply.send(Err(()));
                }
            }
        }
    }
}
