//! `noren secret-key rotate [--check]` (issue 21, item 7): after every process runs with the new
//! `NOREN_SECRET_KEY` and the old one in `NOREN_SECRET_KEY_PREVIOUS`, re-encrypt every stored
//! secret (`db::repo::secrets::SecretTable::ALL`) with the new key, so that the old one can be
//! removed; `--check` says whether any value still needs it.
//!
//! A value already under the current key is skipped (opening it with the current key is how
//! that is known), so running the command again re-encrypts only what was written under a
//! previous key since, and reports 0 otherwise. A plaintext value from before encryption is
//! encrypted. A value that opens with none of the keys stops the command with its table and row
//! id, that row untouched.

use crate::config::Config;
use crate::db::repo::secrets::{self, SecretTable};
use crate::db::{self, Db};
use crate::domain::secret_box::{SecretBox, Under};
use anyhow::bail;
use clap::Subcommand;
use std::io::Write;
use std::process::ExitCode;

/// Rows read and re-encrypted per write transaction: short transactions, so that the servers'
/// writes (on SQLite, queued behind the one writer) wait little.
const BATCH: u64 = 200;

#[derive(Debug, Subcommand)]
pub enum SecretKeyCommand {
    /// Re-encrypt every stored webhook secret, inbound platform secret and mini-program key with
    /// `NOREN_SECRET_KEY`, reading with it and the keys of `NOREN_SECRET_KEY_PREVIOUS`; prints
    /// one line per table. Values already under `NOREN_SECRET_KEY` are skipped, so it is safe
    /// to run again.
    Rotate {
        /// Change nothing: print how many values per table are not under `NOREN_SECRET_KEY`;
        /// exit 0 when none is (`NOREN_SECRET_KEY_PREVIOUS` can then be removed), else 1.
        #[arg(long)]
        check: bool,
    },
}

/// Runs one command.
pub async fn secret_key(config: &Config, cmd: SecretKeyCommand) -> anyhow::Result<ExitCode> {
    let SecretKeyCommand::Rotate { check } = cmd;
    let secret_box = config.secret_box()?;
    let db = db::connect_and_migrate(&config.database_url).await?;
    let mut stdout = std::io::stdout();
    if check {
        let mut behind = 0;
        for table in SecretTable::ALL {
            let count = count_behind(&db, &secret_box, table).await?;
            writeln!(
                stdout,
                "{}: {count} not under the current key",
                table.name()
            )?;
            stdout.flush()?;
            behind += count;
        }
        if behind > 0 {
            eprintln!(
                "{behind} stored values are not under NOREN_SECRET_KEY: run `noren secret-key rotate` \
                 and keep NOREN_SECRET_KEY_PREVIOUS until this check passes"
            );
            return Ok(ExitCode::FAILURE);
        }
        return Ok(ExitCode::SUCCESS);
    }
    for table in SecretTable::ALL {
        let done = rotate(&db, &secret_box, table).await?;
        writeln!(
            stdout,
            "{}: {} re-encrypted, {} already under the current key",
            table.name(),
            done.resealed,
            done.current
        )?;
        stdout.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// What a rotation did to one table.
#[derive(Default)]
struct Rotated {
    resealed: u64,
    current: u64,
}

/// Re-encrypts the values of `table` that are not under the current key, one batch per write
/// transaction. A value that opens with no key rolls its batch back and stops the command.
async fn rotate(db: &Db, sb: &SecretBox, table: SecretTable) -> anyhow::Result<Rotated> {
    let mut done = Rotated::default();
    let mut after = i64::MIN;
    loop {
        let tx = db::begin_write(db).await?;
        let rows = secrets::batch(&tx, table, after, BATCH).await?;
        let Some(&(last, _)) = rows.last() else {
            tx.commit().await?;
            break;
        };
        let mut resealed = 0;
        for (id, stored) in rows {
            let Ok(opened) = sb.inspect(&stored) else {
                tx.rollback().await?;
                bail!(
                    "{}; it was left as it is (add the key it was written with to \
                     NOREN_SECRET_KEY_PREVIOUS and run again)",
                    unreadable(sb, table, id)
                );
            };
            if opened.under == Under::CurrentKey {
                done.current += 1;
            } else if secrets::replace(&tx, table, id, &stored, &sb.seal(&opened.plaintext)).await?
            {
                resealed += 1;
            }
        }
        tx.commit().await?;
        done.resealed += resealed;
        after = last;
    }
    Ok(done)
}

/// How many values of `table` are not under the current key (under a previous key, plaintext,
/// or under no key at all: each of those is also named on stderr).
async fn count_behind(db: &Db, sb: &SecretBox, table: SecretTable) -> anyhow::Result<u64> {
    let mut behind = 0;
    let mut after = i64::MIN;
    loop {
        let rows = secrets::batch(db, table, after, BATCH).await?;
        let Some(&(last, _)) = rows.last() else {
            return Ok(behind);
        };
        for (id, stored) in rows {
            match sb.inspect(&stored) {
                Ok(opened) if opened.under == Under::CurrentKey => {}
                Ok(_) => behind += 1,
                Err(_) => {
                    eprintln!(
                        "{}; `noren secret-key rotate` would refuse it",
                        unreadable(sb, table, id)
                    );
                    behind += 1;
                }
            }
        }
        after = last;
    }
}

/// What is wrong with a row whose value opens with none of the keys.
fn unreadable(sb: &SecretBox, table: SecretTable, id: i64) -> String {
    format!(
        "{} row {id}: the stored value opens with neither NOREN_SECRET_KEY nor any of the {} \
         key(s) of NOREN_SECRET_KEY_PREVIOUS",
        table.name(),
        sb.previous_keys()
    )
}
