//! Handing back what start-up used (issue 36, item 4: 25 MiB idle).
//!
//! Measured on a 2-core machine, one second after `noren serve` on a fresh SQLite database
//! (`/proc/PID/smaps`, release build): 43.3 MiB resident, of which
//!
//! | Part | MiB | What it is |
//! |---|---|---|
//! | the executable's code (`r-xp`) | 23.1 | pages of code start-up ran once, mapped with their neighbours (the kernel maps 64 KiB around each fault) |
//! | its read-only data (`r--p`, clean) | 3.0 | constants, unwind tables |
//! | its relocated data (`r--p` dirty, `rw-p`) | 0.8 | written by the loader: stays |
//! | mimalloc's arena | 12.0 | 4.3 live, 7.7 freed by start-up (the specs' documents, the migrations' plans) and not yet returned: mimalloc returns freed pages after a delay, but only when it runs again, and an idle server does not allocate |
//! | shared libraries, stacks | 2.4 | libc, libm, the loader, 6 threads' stacks |
//!
//! [`trim_when_idle`] returns both whenever the server has had no request for two seconds
//! (start-up included), once per quiet spell. mimalloc's `mi_collect(true)` purges the freed
//! pages now. `madvise(MADV_DONTNEED)` on the executable's clean read-only mappings drops them
//! from the process (not from the page cache): what requests run comes back on its first use as
//! a minor fault, without a disk read, and what only start-up ran stays out. It is the page
//! reclaim the kernel does under memory pressure, done at the moment when the process knows it
//! is idle. Pages a mapping has written (the relocated data) are never dropped: a mapping with a
//! dirty page is left whole. Trimming right after the listener was bound was not enough: the
//! rest of start-up and the first requests (the demo's seeding) brought 28 of the code's MiB
//! back at once (fault-around maps 64 KiB around each fault).
//!
//! Nothing of it is on a request's path but one relaxed load (`Metrics::take_activity`); the
//! first requests after a quiet spell fault their code back in (minor faults, about a
//! millisecond in all). `bench/README.md` gives the A/B figures.

use noren_core::http::metrics::Metrics;
use std::fs;
use std::sync::Arc;
use std::time::Duration;

/// Seconds without an answered request after which the memory is returned.
const QUIET_TICKS: u32 = 2;

/// Returns the memory ([`trim`]) each time the server has answered no request for
/// [`QUIET_TICKS`] seconds, once per quiet spell.
pub fn trim_when_idle(metrics: Arc<Metrics>) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut quiet = 0u32;
        loop {
            tick.tick().await;
            if metrics.take_activity() {
                quiet = 0;
                continue;
            }
            quiet = quiet.saturating_add(1);
            if quiet == QUIET_TICKS {
                trim();
            }
        }
    });
}

/// Returns mimalloc's freed pages and the executable's clean read-only pages. Linux only;
/// elsewhere (and when `/proc` cannot be read) it does what it can.
pub fn trim() {
    // SAFETY: `mi_collect` takes no pointers; mimalloc is this process's global allocator
    // (main.rs), so the heaps it collects are the ones in use.
    #[allow(unsafe_code)]
    unsafe {
        libmimalloc_sys::mi_collect(true);
    }
    #[cfg(target_os = "linux")]
    drop_clean_code();
}

/// `madvise(MADV_DONTNEED)` on each mapping of our own executable that is not writable and has
/// no dirty page.
#[cfg(target_os = "linux")]
fn drop_clean_code() {
    let (Ok(exe), Ok(smaps)) = (
        fs::read_link("/proc/self/exe"),
        fs::read_to_string("/proc/self/smaps"),
    ) else {
        return;
    };
    let exe = exe.to_string_lossy();
    for mapping in clean_read_only(&smaps, &exe) {
        // SAFETY: the range is a whole mapping of the executable file, private, not writable and
        // with no page written (Private_Dirty 0): dropping its pages loses nothing, and the next
        // access maps the same bytes back from the page cache.
        #[allow(unsafe_code)]
        unsafe {
            libc::madvise(
                mapping.start as *mut libc::c_void,
                mapping.end - mapping.start,
                libc::MADV_DONTNEED,
            );
        }
    }
}

/// One mapping's address range.
#[derive(Debug, PartialEq, Eq)]
struct Range {
    start: usize,
    end: usize,
}

/// The mappings of `path` in `smaps` (the text of `/proc/self/smaps`) that are private, not
/// writable and have no dirty page.
fn clean_read_only(smaps: &str, path: &str) -> Vec<Range> {
    let mut found = Vec::new();
    // The current mapping, if it is one of `path`'s read-only ones, and whether a page of it
    // was written.
    let mut current: Option<(Range, bool)> = None;
    let mut close = |current: &mut Option<(Range, bool)>| {
        if let Some((range, false)) = current.take() {
            found.push(range);
        }
    };
    for line in smaps.lines() {
        let mut fields = line.split_whitespace();
        let Some(first) = fields.next() else { continue };
        if let Some((start, end)) = first.split_once('-')
            && let (Ok(start), Ok(end)) = (
                usize::from_str_radix(start, 16),
                usize::from_str_radix(end, 16),
            )
        {
            close(&mut current);
            let perms = fields.next().unwrap_or("");
            let name = fields.nth(3).unwrap_or("");
            if name == path && perms.starts_with("r-") && perms.ends_with('p') {
                current = Some((Range { start, end }, false));
            }
        } else if first == "Private_Dirty:"
            && let Some((_, dirty)) = current.as_mut()
        {
            *dirty |= fields.next() != Some("0");
        }
    }
    close(&mut current);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMAPS: &str = "\
558261314000-558261cdd000 r--p 00000000 fe:00 10011418                   /opt/noren
Rss:                3056 kB
Private_Clean:      3056 kB
Private_Dirty:         0 kB
558261cdd000-558263e58000 r-xp 009c8000 fe:00 10011418                   /opt/noren
Rss:               23608 kB
Private_Dirty:         0 kB
558263e58000-558263f1f000 r--p 02b42000 fe:00 10011418                   /opt/noren
Private_Dirty:       788 kB
558263f1f000-558263f2a000 rw-p 02c08000 fe:00 10011418                   /opt/noren
Private_Dirty:        44 kB
7f97a0000000-7f97a005f000 r-xp 00000000 fe:00 20011418                   /usr/lib/libc.so.6
Private_Dirty:         0 kB
7f97a1000000-7f97a105f000 r--p 00000000 00:00 0 
Private_Dirty:         0 kB
";

    #[test]
    fn only_the_executable_s_clean_read_only_mappings_are_dropped() {
        assert_eq!(
            clean_read_only(SMAPS, "/opt/noren"),
            vec![
                Range {
                    start: 0x558261314000,
                    end: 0x558261cdd000
                },
                Range {
                    start: 0x558261cdd000,
                    end: 0x558263e58000
                },
            ]
        );
    }

    #[test]
    fn a_mapping_without_its_dirty_line_at_the_end_still_counts() {
        let cut = "7000-8000 r-xp 0 fe:00 1 /opt/noren\nPrivate_Dirty: 4 kB\n9000-a000 r-xp 0 fe:00 1 /opt/noren\n";
        assert_eq!(
            clean_read_only(cut, "/opt/noren"),
            vec![Range {
                start: 0x9000,
                end: 0xa000
            }]
        );
    }
}
