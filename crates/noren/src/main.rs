//! `noren`: parse the command line and the environment, start logging, run the command.

use clap::Parser;
use noren::cli::{self, Cli};
use noren::config::{Config, LogFormat};
use std::process::ExitCode;
use tracing_subscriber::EnvFilter;

/// mimalloc instead of glibc's malloc (issue 20, items 12 and 13): profiled with `perf` under
/// `make bench`, glibc's `malloc`, `_int_free`, `_int_malloc`, `malloc_consolidate` and
/// `unlink_chunk` took about a quarter of the server's CPU on the shop search and a large
/// part of the token read (many small strings per answer, freed on other threads). Built
/// without transparent huge pages (`no_thp`): with them, the idle resident set was 52 MiB
/// against glibc's 32 MiB (`make bench` judges it under 40 MiB), at the price of part of the
/// token read's gain (about 50 % of `/healthz` instead of 64 %; `bench/README.md`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("noren: {e}");
            return ExitCode::from(2);
        }
    };
    init_logging(config.log_format);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("noren: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(cli::run(cli, config)) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("noren: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_logging(format: LogFormat) {
    let filter = EnvFilter::try_from_env("NOREN_LOG_LEVEL")
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Pretty => builder.compact().init(),
        LogFormat::Json => builder.json().flatten_event(true).init(),
    }
}
