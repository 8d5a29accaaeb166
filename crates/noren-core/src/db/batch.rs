//! Writes gathered into one ([`Batches`]).

use std::sync::OnceLock;
use tokio::sync::{mpsc, oneshot};

/// The most items written together.
const AT_ONCE: usize = 64;

type Reply<R> = oneshot::Sender<Result<R, String>>;

/// Writes that arrive while the previous ones are being written go to the database together,
/// by one task started with the first: webhook deliveries start, end and are put back in
/// bursts (32 in flight), and on SQLite every statement that writes waits in line for the one
/// writer. A lone item is written at once. With 32 deliveries in flight this took a delivery's
/// own writes from six statements (the attempt's start, then BEGIN, three updates, COMMIT) to
/// about one.
pub(crate) struct Batches<T, R> {
    queue: OnceLock<mpsc::Sender<(T, Reply<R>)>>,
}

impl<T: Send + 'static, R: Send + 'static> Batches<T, R> {
    pub(crate) fn new() -> Self {
        Batches {
            queue: OnceLock::new(),
        }
    }

    /// Writes `item` with whatever else is waiting, by the writer `start` makes the first time
    /// (a function of the items that answers one result per item, in order).
    pub(crate) async fn submit<W, F>(
        &self,
        item: T,
        start: impl FnOnce() -> W,
    ) -> Result<R, sea_orm::DbErr>
    where
        W: FnMut(Vec<T>) -> F + Send + 'static,
        F: std::future::Future<Output = Result<Vec<R>, sea_orm::DbErr>> + Send + 'static,
    {
        let stopped = || sea_orm::DbErr::Custom("the delivery recorder has stopped".into());
        let queue = self.queue.get_or_init(|| {
            let (queue, items) = mpsc::channel(AT_ONCE);
            tokio::spawn(write_batches(items, start()));
            queue
        });
        let (reply, answer) = oneshot::channel();
        queue.send((item, reply)).await.map_err(|_| stopped())?;
        answer
            .await
            .map_err(|_| stopped())?
            .map_err(sea_orm::DbErr::Custom)
    }
}

impl<T: Send + 'static, R: Send + 'static> Batches<T, R> {
    /// [`Batches::submit`], or written alone at once by a writer made for it when `alone`: a
    /// job run on a test clock (`crate::clocks`), whose times must be its own, not those of
    /// the run whose writer the batch keeps.
    pub(crate) async fn submit_or_alone<W, F>(
        &self,
        item: T,
        alone: bool,
        start: impl FnOnce() -> W,
    ) -> Result<R, sea_orm::DbErr>
    where
        W: FnMut(Vec<T>) -> F + Send + 'static,
        F: std::future::Future<Output = Result<Vec<R>, sea_orm::DbErr>> + Send + 'static,
    {
        if !alone {
            return self.submit(item, start).await;
        }
        let mut write = start();
        write(vec![item])
            .await?
            .pop()
            .ok_or_else(|| sea_orm::DbErr::Custom("the writer answered nothing".into()))
    }
}

async fn write_batches<T, R, W, F>(mut items: mpsc::Receiver<(T, Reply<R>)>, mut write: W)
where
    W: FnMut(Vec<T>) -> F,
    F: std::future::Future<Output = Result<Vec<R>, sea_orm::DbErr>>,
{
    let mut batch = Vec::with_capacity(AT_ONCE);
    while items.recv_many(&mut batch, AT_ONCE).await > 0 {
        let (items, replies): (Vec<T>, Vec<Reply<R>>) = batch.drain(..).unzip();
        match write(items).await {
            Ok(results) => {
                for (reply, result) in replies.into_iter().zip(results) {
                    let _ = reply.send(Ok(result));
                }
            }
            Err(e) => {
                let e = e.to_string();
                for reply in replies {
                    let _ = reply.send(Err(e.clone()));
                }
            }
        }
    }
}
