//! Test clocks (issue 35; DESIGN.md "Sandbox and webhooks decisions"): a merchant's shop or a
//! partner platform sets its test mode's "now" and moves it forward itself, instead of waiting
//! real hours for an expiry, a refund deadline or a webhook's fourth retry.
//!
//! - **Whose**: one clock per owner ([`Owner`] of test mode: a shop or a platform). Live mode,
//!   other owners and the operations endpoints never see it: [`Clocks::now`] answers the
//!   process's time for them without a lookup.
//! - **What runs on it**: every request path of the owner's test mode asks [`Clocks::now`]
//!   instead of the state's clock; the [`Now`] it answers carries the clock's id, and the jobs
//!   a change queues with it wait for the clock (`clocked`, `jobs.clock_id`) instead of the
//!   process's time.
//! - **Advancing** ([`Clocks::advance`]) runs those jobs that came due, one at a time in the
//!   order they fell due, each on the clock frozen at its due time (a retry it asks for is due
//!   on the clock and runs too if that comes before the target), then sets the clock to the
//!   target and answers the counts. One advance at a time per clock (`advancing`); one whose
//!   process died is taken over after its lease.
//! - **Deleting** gives the owner back the process's time; the clock's waiting jobs keep how
//!   long they had left to wait.
//!
//! A process remembers each owner's clock (or that it has none) for a moment: on SQLite one
//! process holds the database and forgets at once on every change; on PostgreSQL another
//! process's change is seen within [`SHARED_TTL`].

use crate::cache::TtlCache;
use crate::db::Db;
use crate::db::entities::test_clock::{self, Column, Entity, Model};
use crate::db::repo::SelectFirst;
use crate::db::repo::jobs as job_repo;
use crate::domain::clock::{Clock, Now};
use crate::jobs::Runner;
use crate::jobs::runner::RanByQueue;
use crate::webhooks::endpoints::Owner;
use chrono::{DateTime, Duration, Months, Utc};
use rand::distr::{Alphanumeric, SampleString};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set, SqlErr,
    TransactionTrait,
};

/// How long a process on a shared database (PostgreSQL) trusts what it read of an owner's clock.
pub const SHARED_TTL: std::time::Duration = std::time::Duration::from_secs(1);
/// How long a process alone on its database (SQLite) does: it sees every change itself.
const OWN_TTL: std::time::Duration = std::time::Duration::from_secs(3600);
/// Owners whose clock a process remembers at most.
const CAPACITY: u64 = 10_000;
/// Where a clock may start: the years 2000 to 2099 (Unix seconds), so that every time it reads
/// stays in range wherever it is advanced to.
const EARLIEST: i64 = 946_684_800;
const LATEST: i64 = 4_102_444_800;
/// The longest single advance.
pub const MAX_ADVANCE_MONTHS: u32 = 24;
/// Job runs one advance makes at most (what is left runs at the next one): a bound on the time
/// an advance takes even if a job kept asking to run again at once.
pub const MAX_RUNS: u64 = 100_000;
/// How long an advance holds its clock before another may take it over (its process died).
const ADVANCE_LEASE: Duration = Duration::minutes(30);

pub const READY: &str = "ready";
pub const ADVANCING: &str = "advancing";

/// An owner's clock as a process remembers it.
#[derive(Clone, Copy, Debug)]
struct Known {
    id: i64,
    at: DateTime<Utc>,
}

/// The test clocks of every owner, as this process reads them.
pub struct Clocks {
    db: Db,
    system: Clock,
    known: TtlCache<(&'static str, i64), Option<Known>>,
}

/// Why a clock call was refused.
#[derive(Debug, thiserror::Error)]
pub enum ClockError {
    #[error("this owner has no test clock")]
    NotFound,
    /// 409 with the reason.
    #[error("{0}")]
    Conflict(String),
    /// 400: a value (`field`) is out of range.
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// The end of an advance: the clock as it is now, and what ran.
#[derive(Debug)]
pub struct Advanced {
    pub clock: Model,
    pub ran: RanByQueue,
}

impl Clocks {
    pub fn new(db: Db, system: Clock) -> Self {
        let ttl = match db.get_database_backend() {
            sea_orm::DbBackend::Postgres => SHARED_TTL,
            _ => OWN_TTL,
        };
        Clocks {
            known: TtlCache::new(CAPACITY, ttl, system.clone()),
            db,
            system,
        }
    }

    /// Now for `owner`: its test clock's time while it has one, else the process's time (at
    /// once for live mode: a live owner never has a clock).
    pub async fn now(&self, owner: Owner) -> Result<Now, DbErr> {
        if owner.livemode {
            return Ok(Now::system(self.system.now()));
        }
        let key = (owner.kind.as_str(), owner.id);
        let known = match self.known.get(&key) {
            Some(known) => known,
            None => {
                let known = find(&self.db, owner).await?.map(|c| Known {
                    id: c.id,
                    at: c.frozen_time,
                });
                self.known.insert(key, known);
                known
            }
        };
        Ok(match known {
            Some(k) => Now {
                at: k.at,
                clock: Some(k.id),
            },
            None => Now::system(self.system.now()),
        })
    }

    fn forget(&self, owner: Owner) {
        self.known.invalidate(&(owner.kind.as_str(), owner.id));
    }

    /// The owner's clock, if it has one (test mode only).
    pub async fn get(&self, owner: Owner) -> Result<Option<Model>, DbErr> {
        find(&self.db, owner).await
    }

    /// Makes the owner's clock at `frozen_time`; 409 when it has one already.
    pub async fn create(
        &self,
        owner: Owner,
        name: Option<String>,
        frozen_time: DateTime<Utc>,
    ) -> Result<Model, ClockError> {
        let now = self.system.now();
        if !(EARLIEST..LATEST).contains(&frozen_time.timestamp()) {
            return Err(ClockError::Invalid {
                field: "frozen_time",
                message: "must be in the years 2000 to 2099".into(),
            });
        }
        let row = test_clock::ActiveModel {
            public_id: Set(format!(
                "clock_{}",
                Alphanumeric.sample_string(&mut rand::rng(), 24)
            )),
            owner_kind: Set(owner.kind.as_str().to_string()),
            owner_id: Set(owner.id),
            name: Set(name),
            frozen_time: Set(frozen_time),
            status: Set(READY.to_string()),
            advancing_to: Set(None),
            lease_until: Set(None),
            last_ran: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        let created = match row.insert(&self.db).await {
            Ok(created) => created,
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                let existing = find(&self.db, owner).await?;
                return Err(ClockError::Conflict(format!(
                    "this owner's test mode already has a test clock ({}); delete it first",
                    existing.map(|c| c.public_id).unwrap_or_default()
                )));
            }
            Err(e) => return Err(e.into()),
        };
        self.forget(owner);
        Ok(created)
    }

    /// Deletes the owner's clock: its test mode is back on the process's time. Each job that
    /// waited for the clock keeps the wait it had left (due at once if it was due).
    pub async fn delete(&self, owner: Owner) -> Result<Model, ClockError> {
        let clock = find(&self.db, owner).await?.ok_or(ClockError::NotFound)?;
        let now = self.system.now();
        if clock.status == ADVANCING && clock.lease_until.is_some_and(|l| l > now) {
            return Err(ClockError::Conflict(
                "the clock is advancing; delete it when the advance has answered".into(),
            ));
        }
        let tx = self.db.begin().await?;
        let waiting = job_repo::clocked_jobs(&tx, clock.id).await?;
        for (id, run_at) in waiting {
            let left = (run_at - clock.frozen_time).max(Duration::zero());
            job_repo::unclock(&tx, id, now + left, now).await?;
        }
        job_repo::forget_clock(&tx, clock.id).await?;
        Entity::delete_by_id(clock.id).exec(&tx).await?;
        tx.commit().await?;
        self.forget(owner);
        Ok(clock)
    }

    /// Moves the owner's clock forward to `to`, running every job of its that comes due on the
    /// way (`runner` has every kind registered), and answers when they have run.
    ///
    /// Refused: no clock (404), `to` before the clock's time (409), more than
    /// [`MAX_ADVANCE_MONTHS`] ahead of it (400), another advance running (409).
    pub async fn advance(
        &self,
        owner: Owner,
        to: DateTime<Utc>,
        runner: &Runner,
    ) -> Result<Advanced, ClockError> {
        let clock = find(&self.db, owner).await?.ok_or(ClockError::NotFound)?;
        let from = clock.frozen_time;
        if to < from {
            return Err(ClockError::Conflict(format!(
                "a test clock never moves backwards: it is at {}, after the {} asked for",
                iso(from),
                iso(to)
            )));
        }
        let limit = from
            .checked_add_months(Months::new(MAX_ADVANCE_MONTHS))
            .unwrap_or(DateTime::<Utc>::MAX_UTC);
        if to > limit {
            return Err(ClockError::Invalid {
                field: "frozen_time",
                message: format!(
                    "at most 2 years per advance: at most {} from the clock's {}",
                    iso(limit),
                    iso(from)
                ),
            });
        }
        if !self.begin_advance(&clock, to).await? {
            return Err(ClockError::Conflict(
                "another advance of this clock is running; wait for its answer".into(),
            ));
        }
        self.forget(owner);
        let ran = runner.run_clocked(clock.id, from, to, MAX_RUNS).await;
        let ran = match ran {
            Ok(ran) => ran,
            Err(e) => {
                // Left `advancing` on its old time: the next advance takes it over after the
                // lease, and the jobs it did not run are still waiting.
                self.forget(owner);
                return Err(e.into());
            }
        };
        let last_ran = serde_json::to_string(&ran).unwrap_or_default();
        let now = self.system.now();
        Entity::update_many()
            .col_expr(Column::FrozenTime, Expr::value(to))
            .col_expr(Column::Status, Expr::value(READY))
            .col_expr(
                Column::AdvancingTo,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(
                Column::LeaseUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(Column::LastRan, Expr::value(Some(last_ran)))
            .col_expr(Column::UpdatedAt, Expr::value(now))
            .filter(Column::Id.eq(clock.id))
            .exec(&self.db)
            .await?;
        self.forget(owner);
        let clock = find(&self.db, owner).await?.ok_or(ClockError::NotFound)?;
        Ok(Advanced { clock, ran })
    }

    /// Marks the clock `advancing` to `to`, unless another advance holds it: false then.
    async fn begin_advance(&self, clock: &Model, to: DateTime<Utc>) -> Result<bool, DbErr> {
        let now = self.system.now();
        let free = sea_orm::Condition::any()
            .add(Column::Status.eq(READY))
            .add(Column::LeaseUntil.lt(now))
            .add(Column::LeaseUntil.is_null());
        let res = Entity::update_many()
            .col_expr(Column::Status, Expr::value(ADVANCING))
            .col_expr(Column::AdvancingTo, Expr::value(Some(to)))
            .col_expr(Column::LeaseUntil, Expr::value(Some(now + ADVANCE_LEASE)))
            .col_expr(Column::UpdatedAt, Expr::value(now))
            .filter(Column::Id.eq(clock.id))
            .filter(free)
            .exec(&self.db)
            .await?;
        Ok(res.rows_affected == 1)
    }
}

/// What an advance ran: job runs by kind (`webhook`: delivery attempts of webhooks and
/// notifications; `menu_import`: scheduled menu imports), and their total.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct AdvanceRan {
    pub ran: std::collections::BTreeMap<String, u64>,
    pub total: u64,
}

impl AdvanceRan {
    /// What the last advance of `clock` ran; `None` before its first.
    pub fn last(clock: &Model) -> Option<Self> {
        let ran: std::collections::BTreeMap<String, u64> =
            serde_json::from_str(clock.last_ran.as_deref()?).ok()?;
        Some(AdvanceRan {
            total: ran.values().sum(),
            ran,
        })
    }
}

/// The clock of `owner`'s test mode (none for live mode).
async fn find(db: &impl ConnectionTrait, owner: Owner) -> Result<Option<Model>, DbErr> {
    if owner.livemode {
        return Ok(None);
    }
    Entity::find()
        .filter(Column::OwnerKind.eq(owner.kind.as_str()))
        .filter(Column::OwnerId.eq(owner.id))
        .first(db)
        .await
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
