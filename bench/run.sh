#!/usr/bin/env bash
# Load benchmark of the noren server: throughput, latency and memory of a few hot endpoints.
#
# Usage: bash bench/run.sh
#
# Environment:
#   NOREN_BIN              the server binary (default: the release build in $CARGO_TARGET_DIR,
#                          itself defaulting to $HOME/.cache/noren/target)
#   NOREN_BENCH_DURATION   seconds of measurement per endpoint (default 10; "10s" works too)
#   NOREN_BENCH_WARMUP     seconds of warm-up per endpoint, not measured (default 2; 0 skips it)
#   NOREN_BENCH_THREADS    wrk threads (default 2)
#   NOREN_BENCH_CONNECTIONS  wrk connections (default 32)
#   NOREN_BENCH_STRICT     1 = exit with status 1 when a target is missed (default: report only)
#   NOREN_BENCH_KEEP       1 = keep the work folder (the servers' logs) instead of deleting it; it is
#                          kept anyway when a measurement saw an answer that was not 2xx
#   NOREN_BENCH_ONLY       phases to run, comma-separated (default: all): payments, append, shop,
#                          webhooks, clocks, streams, inbound, imports, postgres, scale. /healthz, the baseline,
#                          always runs. `scale` (PostgreSQL behind HAProxy with deploy/haproxy.cfg,
#                          one process then two) needs haproxy.
#
# wrk (and haproxy for the scale phase) are installed with apt-get when missing and this runs as
# root (as CI's .ci/run installs chromium); otherwise the script says what to install.
#
# The server gets a fresh SQLite database in a temporary directory, listens on a free loopback
# port, and is stopped on exit whatever happens. Traffic goes to 127.0.0.1 only.
#
# To benchmark another endpoint, add one `measure NAME PATH [HEADER]` line in main() below (and a
# `ratio` line if its throughput should be compared with another one).

set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NOREN_BIN="${NOREN_BIN:-${CARGO_TARGET_DIR:-$HOME/.cache/noren/target}/release/noren}"
WEBHOOK_BENCH="${NOREN_WEBHOOK_BENCH:-$(dirname "$NOREN_BIN")/webhook-bench}"
IMPORT_BENCH="${NOREN_IMPORT_BENCH:-$(dirname "$NOREN_BIN")/import-bench}"
CLOCK_BENCH="${NOREN_CLOCK_BENCH:-$(dirname "$NOREN_BIN")/clock-bench}"
STREAM_BENCH="${NOREN_STREAM_BENCH:-$(dirname "$NOREN_BIN")/stream-bench}"
DURATION="${NOREN_BENCH_DURATION:-10}"
DURATION="${DURATION%s}"
WARMUP="${NOREN_BENCH_WARMUP:-2}"
WARMUP="${WARMUP%s}"
THREADS="${NOREN_BENCH_THREADS:-2}"
CONNECTIONS="${NOREN_BENCH_CONNECTIONS:-32}"
STRICT="${NOREN_BENCH_STRICT:-0}"
ONLY="${NOREN_BENCH_ONLY:-}"

# Targets (issue: bench baseline). Latency in milliseconds, memory in MiB, ratio in percent.
TARGET_P99_MS=5
# Issue 36: 25 MiB idle, whoami at 85 % of healthz.
TARGET_IDLE_RSS_MIB=25
TARGET_WHOAMI_RATIO_PCT=85
# Issue 20 items 13 and 14 (the token read raised to 70 % of healthz by issue 36): webhooks at
# 1,000 deliveries a second under load and a calm p50 under 5 ms.
TARGET_GET_RATIO_PCT=70
TARGET_CREATE_RPS=2000
TARGET_WEBHOOK_RPS=1000
TARGET_WEBHOOK_P50_MS=5
# Issue 34: "one endpoint timing out on every delivery must not delay another endpoint's
# deliveries beyond noise". Judged against the same load beside an endpoint that answers at once
# (the same writes per event, so only the black hole differs): the first receiver's rate beside
# the black hole at least 0.9 of its rate beside the quick endpoint (two busy runs of the same
# binary differ by up to 10 %), and its approval-to-receipt p50 at most 1.1 times. Two pairs,
# run back to back; the lower ratio (and the higher p50 ratio) is judged. The share of the busy
# figure without any endpoint is printed too: it is the cost of a second destination's writes.
TARGET_WEBHOOK_BLACKHOLE_RATIO=0.9
TARGET_WEBHOOK_BLACKHOLE_P50_RATIO=1.1
# Issue 20 items 11 and 12: appends to a cafeteria order and inbound creates at the database's
# pace (requests a second on SQLite), and the shop search (50 shops in five languages) at 25 %
# of healthz.
TARGET_APPEND_RPS=2500
TARGET_INB_CREATE_RPS=2000
# Issue 36: the search at 30 %, and appends and inbound creates at 2,000/s on PostgreSQL too.
TARGET_SEARCH_RATIO_PCT=30
TARGET_PG_WRITE_RPS=2000
# Issue 11: the shop read with 200 menus against healthz, with its own p99 bound.
TARGET_SHOP_RATIO_PCT=25
TARGET_SHOP_P99_MS=10
SHOP_BENCH_MENUS=200
# Issue 11: a 10,000-menu workbook: preview and import time (seconds), and the server's memory
# rise during them (MiB).
IMPORT_BENCH_MENUS=10000
# Issue 35: a test clock advanced 30 days over 1,000 events whose receiver fails every delivery
# (every retry of every event runs within the one call): the call's time, in seconds.
CLOCK_BENCH_EVENTS=1000
TARGET_CLOCK_ADVANCE_S=30
# Issue 35: 5 event and 5 log streams of one key (one of each never read) while 2,000 events are
# made: the server's memory rise (MiB).
STREAM_BENCH_EVENTS=2000
TARGET_STREAM_RISE_MIB=20
TARGET_IMPORT_PREVIEW_S=2
TARGET_IMPORT_S=5
TARGET_IMPORT_RISE_MIB=100
# Issue 12: one availability answer against healthz with its own p99 bound (SQLite, 32
# connections), and 30 single-day answers for a shop with 20 courses and 2,000 reservations
# (bench/inbound.py: sequential, one connection, the median of five scans, each from cold) in total.
# (Issue 36 raised the availability ratio to 70 %.)
TARGET_AVAIL_RATIO_PCT=70
TARGET_AVAIL_P99_MS=5
TARGET_SCAN_MS=50
# Issue 20 item 8: the availability calendar of 31 days for the same shop, one request on one
# connection from cold (the median of five).
TARGET_CALENDAR_MS=20
# Orders the appends go to, in turn. An append answers the whole order, so the orders must keep
# a real table's size: 2,048 orders take about ten lines each over a run at the target. With 64
# (until issue 20) each order grew to 300 lines and the benchmark measured ever larger answers
# (each line read back is a row handed over from SQLite's thread): about 1,100/s then.
APPEND_ORDERS="${NOREN_BENCH_APPEND_ORDERS:-2048}"

# The endpoints whose p99 is held to TARGET_P99_MS: the reads. Writes on SQLite queue for the one
# writer, so their p99 under 32 connections is reported, not judged; PostgreSQL runs are reported
# for comparison (the issue's targets are for the embedded default).
P99_JUDGED="healthz whoami get_token" # by the name before its first dot (pair's runs)

# The load comes from one address with one key: the rate limits stay on (their cost is measured)
# but far above what wrk can send.
export NOREN_RATE_LIMIT_PER_KEY="${NOREN_RATE_LIMIT_PER_KEY:-1000000/s}"
export NOREN_RATE_LIMIT_PER_ADDRESS="${NOREN_RATE_LIMIT_PER_ADDRESS:-1000000/s}"
export NOREN_RATE_LIMIT_FAILURES="${NOREN_RATE_LIMIT_FAILURES:-1000000/s}"

STARTUP_TIMEOUT_S=30
STOP_TIMEOUT_S=5

WORK_DIR=""
SERVER_PID=""
BASE_URL=""
# The scale phase's second process and HAProxy.
EXTRA_PID=""
LB_PID=""
MISSED=0

# Results, one entry per measured endpoint, in the order measured.
declare -a NAMES=()
declare -A PATHS=() RPS=() P50=() P99=() NON2XX=() SOCKERR=() PEAK_KIB=() STATUSES=()
# The processes' own addresses, whose /metrics count answers by status (behind HAProxy, the
# answers HAProxy gave itself are wrk's non-2xx less these).
declare -a METRICS_BASES=()
# Set when a measurement saw a non-2xx answer: the work folder (servers' and HAProxy's logs) is
# kept for a look.
KEEP_LOGS=0
declare -a RATIO_LINES=()

die() {
  echo "bench: $*" >&2
  # The servers' and HAProxy's logs say why: keep them.
  KEEP_LOGS=1
  exit 1
}

# phase NAME: whether NOREN_BENCH_ONLY selects the phase NAME (all phases when it is empty).
phase() {
  [[ -z "$ONLY" || ",$ONLY," == *",$1,"* ]]
}

stop_server() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    local waited=0
    while kill -0 "$SERVER_PID" 2>/dev/null && ((waited < STOP_TIMEOUT_S * 10)); do
      sleep 0.1
      waited=$((waited + 1))
    done
    if kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "bench: noren did not stop within ${STOP_TIMEOUT_S}s of SIGTERM; killing it" >&2
      kill -KILL "$SERVER_PID" 2>/dev/null || true
    fi
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}

# A throwaway PostgreSQL cluster in the work directory (as `nobody` when run as root).
PG_DIR=""
PG_BIN=""
as_pg_user() {
  if [[ "$(id -u)" == 0 ]]; then
    su -s /bin/sh nobody -c "$*"
  else
    sh -c "$*"
  fi
}

start_postgres() {
  PG_BIN="$(dirname "$(readlink -f "$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n1)")")"
  [[ -x "$PG_BIN/initdb" ]] || return 1
  PG_DIR="$WORK_DIR/pg"
  mkdir -p "$PG_DIR"
  [[ "$(id -u)" == 0 ]] && chown nobody "$PG_DIR" && chmod 755 "$WORK_DIR"
  as_pg_user "'$PG_BIN/initdb' -D '$PG_DIR/data' -U noren -A trust >'$PG_DIR/initdb.log' 2>&1" || return 1
  PG_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  as_pg_user "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -l '$PG_DIR/log' -w -o \"-h 127.0.0.1 -p $PG_PORT -k '$PG_DIR' -c fsync=on\" start >/dev/null" || return 1
}

stop_postgres() {
  if [[ -n "$PG_DIR" && -d "$PG_DIR/data" ]]; then
    as_pg_user "'$PG_BIN/pg_ctl' -D '$PG_DIR/data' -m fast stop >/dev/null 2>&1" || true
  fi
  PG_DIR=""
}

cleanup() {
  local status=$?
  stop_lb
  stop_extra
  stop_server
  stop_postgres
  if [[ -n "$WORK_DIR" && ("${NOREN_BENCH_KEEP:-0}" == 1 || "$KEEP_LOGS" == 1) ]]; then
    echo "bench: kept $WORK_DIR (server logs: stderr, stderr2; haproxy.log)" >&2
  elif [[ -n "$WORK_DIR" ]]; then
    rm -rf "$WORK_DIR"
  fi
  exit "$status"
}

# Memory of the server in KiB from /proc/PID/status: `rss_kib VmRSS` or `rss_kib VmHWM`.
rss_kib() {
  awk -v key="$1:" '$1 == key { print $2 }' "/proc/$SERVER_PID/status"
}

mib() {
  awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'
}

# Converts a wrk duration (e.g. 512.00us, 1.20ms, 2.00s) to milliseconds.
to_ms() {
  awk -v v="$1" 'BEGIN {
    if (v ~ /us$/) { sub(/us$/, "", v); printf "%.3f", v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v); printf "%.3f", v }
    else if (v ~ /m$/) { sub(/m$/, "", v); printf "%.3f", v * 60000 }
    else if (v ~ /s$/) { sub(/s$/, "", v); printf "%.3f", v * 1000 }
    else { printf "nan" }
  }'
}

# check A OP B: sets VERDICT to "ok" or "MISSED" for a numeric comparison and counts misses.
# (Not called in $(...): the count must reach this shell.)
VERDICT=""
check() {
  if awk -v a="$1" -v b="$3" -v op="$2" 'BEGIN {
      if (op == "<") exit !(a < b); if (op == "<=") exit !(a <= b)
      if (op == ">") exit !(a > b); if (op == ">=") exit !(a >= b); exit 1 }'; then
    VERDICT="ok"
  else
    MISSED=$((MISSED + 1))
    VERDICT="MISSED"
  fi
}

start_server() {
  export NOREN_DATABASE_URL="$1"
  export NOREN_DATA_DIR="$WORK_DIR/data"
  # The benchmark measures the APIs only; the server insists on existing static-build folders,
  # so an empty one stands in for a build that is missing.
  export NOREN_PORTAL_DIR="${NOREN_PORTAL_DIR:-$REPO_DIR/portal/build}"
  export NOREN_CHECKOUT_DIR="${NOREN_CHECKOUT_DIR:-$REPO_DIR/checkout/dist}"
  [[ -d "$NOREN_PORTAL_DIR" ]] || { NOREN_PORTAL_DIR="$WORK_DIR/empty-portal" && mkdir -p "$NOREN_PORTAL_DIR"; }
  [[ -d "$NOREN_CHECKOUT_DIR" ]] || { NOREN_CHECKOUT_DIR="$WORK_DIR/empty-checkout" && mkdir -p "$NOREN_CHECKOUT_DIR"; }
  export NOREN_LOG="${NOREN_LOG:-json}"
  # Emptied here, before the start: the `>` below truncates in the forked child, which may run
  # after the loop's first read, and the previous server's "listening on" line would then be
  # read as this one's (the PostgreSQL phase's "GET /healthz: curl failed").
  : >"$WORK_DIR/stdout"
  : >"$WORK_DIR/stderr"
  NOREN_LISTEN=127.0.0.1:0 "$NOREN_BIN" serve >"$WORK_DIR/stdout" 2>"$WORK_DIR/stderr" &
  SERVER_PID=$!

  local waited=0 line=""
  while ((waited < STARTUP_TIMEOUT_S * 10)); do
    line="$(grep -m1 -E '^listening on http://' "$WORK_DIR/stdout" || true)"
    [[ -n "$line" ]] && break
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      tail -n 20 "$WORK_DIR/stderr" >&2 || true
      die "noren exited before listening"
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  if [[ -z "$line" ]]; then
    tail -n 20 "$WORK_DIR/stderr" >&2 || true
    die "noren did not print 'listening on' within ${STARTUP_TIMEOUT_S}s"
  fi
  BASE_URL="${line#listening on }"
  BASE_URL="${BASE_URL%/}"
  METRICS_BASES=("$BASE_URL")
}

# status_counts: the processes' answers so far by status, summed over routes, from their
# /metrics (`noren_http_requests_total{…,status="200"} N`), as `STATUS N` lines.
status_counts() {
  local base
  for base in "${METRICS_BASES[@]}"; do
    curl -s --max-time 5 "$base/metrics" || true
  done | awk '/^noren_http_requests_total\{/ {
      if (match($0, /status="[0-9]+"/)) { st = substr($0, RSTART + 8, RLENGTH - 9); n[st] += $NF }
    } END { for (st in n) printf "%s %d\n", st, n[st] }' | sort
}

# status_diff BEFORE AFTER: `200×N 503×M` for the answers between two status_counts.
status_diff() {
  join -a 2 -e 0 -o 0,1.2,2.2 <(echo "$1") <(echo "$2") |
    awk '{ d = $3 - $2; if (d > 0) printf "%s%s×%d", (out++ ? " " : ""), $1, d } END { if (!out) printf "-" }'
}

# Seeds the demo data into the same database and prints the merchant key (the whole output of
# `noren demo --json` stays in $WORK_DIR/demo.json for demo_field).
demo_merchant_key() {
  local json key
  json="$("$NOREN_BIN" demo --json 2>"$WORK_DIR/demo.stderr")" || {
    cat "$WORK_DIR/demo.stderr" >&2
    die "noren demo --json failed"
  }
  printf '%s\n' "$json" >"$WORK_DIR/demo.json"
  key="$(printf '%s\n' "$json" | sed -n 's/.*"merchant_key"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' | head -n1)"
  [[ -n "$key" ]] || die "no merchant_key in the output of noren demo --json: $json"
  printf '%s\n' "$key"
}

# demo_field NAME: one field of the last `noren demo --json`.
demo_field() {
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$WORK_DIR/demo.json" "$1"
}

# Gives the demo shop SHOP_BENCH_MENUS more menus (in one category) through the hidden
# `noren bench-menus` command, on the server's database.
seed_shop_menus() {
  "$NOREN_BIN" bench-menus --shop "$(demo_field shop_number)" --count "$SHOP_BENCH_MENUS" \
    >/dev/null 2>"$WORK_DIR/bench-menus.stderr" || {
    cat "$WORK_DIR/bench-menus.stderr" >&2
    die "noren bench-menus failed"
  }
}

# append_script KEY SHOP_ID: makes APPEND_ORDERS cafeteria orders (admin create, then begin:
# status 1) and writes a wrk script that appends one unstocked menu without variations to them
# in turn (each wrk thread starts at another order). Prints the script's path.
append_script() {
  python3 - "$BASE_URL" "$1" "$2" "$APPEND_ORDERS" "$WORK_DIR/append.lua" <<'PY'
import json, sys, urllib.request
base, key, shop, count, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
def call(method, path, body, headers=None):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json", **(headers or {})}, method=method)
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.load(res)
shop_view = call("GET", f"/api/order/shop/{shop}", None)
menu = next(m["id"] for c in shop_view["orderMenus"] for m in c["menus"]
            if not m["variations"] and m["stockAvailable"] is None and m["status"] == 1)
def one(_):
    o = call("POST", "/api/admin/orders/cafeteria", {"shopId": shop, "mutable": True}, {"X-Auth-API-Key": key})
    call("POST", f"/api/cafeteria/{o['id']}/begin", {"token": o["mutableToken"]})
    return (o["id"], json.dumps({"token": o["mutableToken"], "menus": [{"id": menu}], "deviceTag": "bench"}))
from concurrent.futures import ThreadPoolExecutor
with ThreadPoolExecutor(8) as pool:
    orders = list(pool.map(one, range(count)))
with open(out, "w") as f:
    f.write("local orders = {\n")
    for oid, body in orders:
        f.write(f"  {{ path = {json.dumps('/api/cafeteria/' + str(oid) + '/append')}, body = {json.dumps(body)} }},\n")
    f.write("}\n")
    f.write('''local headers = { ["Content-Type"] = "application/json" }
local n = 0
local threads = 0
function setup(thread)
  thread:set("first", threads * 17)
  threads = threads + 1
end
function init(args)
  n = first or 0
end
function request()
  n = n + 1
  local o = orders[(n % #orders) + 1]
  return wrk.format("POST", o.path, headers, o.body)
end
''')
print(out)
PY
}

# p99_below NAME MS: NAME's p99 against its own bound.
p99_below() {
  check "${P99[$1]}" "<" "$2"
  RATIO_LINES+=("$(printf '%-34s %8s ms    target < %s ms      %s' "p99 $1" "${P99[$1]}" "$2" "$VERDICT")")
}

# Fails unless PATH (with the optional header) answers 2xx, so that errors are never measured.
expect_ok() {
  local path="$1" header="${2:-}" status
  local -a args=(-s -o /dev/null -w '%{http_code}' --max-time 5)
  [[ -n "$header" ]] && args+=(-H "$header")
  status="$(curl "${args[@]}" "$BASE_URL$path")" || die "GET $path: curl failed"
  [[ "$status" == 2* ]] || die "GET $path answered $status before the benchmark; expected 2xx"
}

# measure NAME PATH [HEADER] [METHOD]: warms up, then runs wrk and records throughput, latency
# and the server's peak memory during the run. METHOD POST sends the path's query as values;
# METHOD LUA:FILE lets a wrk script make the requests (PATH is then only the report's label).
measure() {
  local name="$1" path="$2" header="${3:-}" method="${4:-GET}" out="$WORK_DIR/wrk-$1.txt"
  local -a hdr=()
  [[ -n "$header" ]] && hdr=(-H "$header")
  if [[ "$method" == LUA:* ]]; then
    hdr+=(-s "${method#LUA:}")
    method=SCRIPT
  elif [[ "$method" == GET ]]; then
    expect_ok "$path" "$header"
  else
    printf 'wrk.method = "%s"\n' "$method" >"$WORK_DIR/$name.lua"
    hdr+=(-s "$WORK_DIR/$name.lua")
  fi

  echo "bench: $name: $method $path (${WARMUP}s warm-up, ${DURATION}s measured)" >&2
  if ((WARMUP > 0)); then
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" "${hdr[@]}" "$BASE_URL$path" >/dev/null
  fi
  # Reset the peak-RSS counter (VmHWM) so the peak is this run's (Linux: clear_refs value 5).
  echo 5 >"/proc/$SERVER_PID/clear_refs" 2>/dev/null || true
  local counts_before
  counts_before="$(status_counts)"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency "${hdr[@]}" "$BASE_URL$path" >"$out"
  STATUSES[$name]="$(status_diff "$counts_before" "$(status_counts)")"

  NAMES+=("$name")
  PATHS[$name]="$path"
  RPS[$name]="$(awk '$1 == "Requests/sec:" { print $2 }' "$out")"
  P50[$name]="$(to_ms "$(awk '$1 == "50%" { print $2; exit }' "$out")")"
  P99[$name]="$(to_ms "$(awk '$1 == "99%" { print $2; exit }' "$out")")"
  NON2XX[$name]="$(awk '/Non-2xx or 3xx responses:/ { print $NF }' "$out")"
  NON2XX[$name]="${NON2XX[$name]:-0}"
  [[ "${NON2XX[$name]}" == 0 ]] || KEEP_LOGS=1
  SOCKERR[$name]="$(awk '/Socket errors:/ { sub(/.*Socket errors: /, ""); print }' "$out")"
  PEAK_KIB[$name]="$(rss_kib VmHWM)"
  [[ -n "${RPS[$name]}" ]] || die "could not read wrk's output for $name: $(cat "$out")"
}

# pair NAME TARGET_PCT PATH [HEADER] [METHOD] [BASE]: NAME's throughput against the baseline
# (BASE, default healthz; `_pg` names take healthz_pg) measured just before it, as two pairs run
# back to back (issue 36: machines of one kind differ by 1.5x, and a single run of either side
# is noise). Each pair's ratio is printed; the lower one is judged. The endpoint's last run is
# also kept under NAME for the table and later ratios.
pair() {
  local name="$1" target="$2" path="$3" header="${4:-}" method="${5:-GET}" base="${6:-healthz}"
  local i pct lower="" runs=""
  [[ "$name" == *_pg && "${6:-}" == "" ]] && base=healthz_pg
  for i in 1 2; do
    measure "$base.$name.$i" /healthz
    measure "$name.$i" "$path" "$header" "$method"
    pct="$(awk -v a="${RPS[$name.$i]}" -v b="${RPS[$base.$name.$i]}" 'BEGIN { printf "%.1f", (b > 0 ? 100 * a / b : 0) }')"
    runs+="${runs:+, }$(printf '%.0f/%.0f' "${RPS[$name.$i]}" "${RPS[$base.$name.$i]}")"
    if [[ -z "$lower" ]] || awk -v a="$pct" -v b="$lower" 'BEGIN { exit !(a < b) }'; then
      lower="$pct"
    fi
  done
  for field in PATHS RPS P50 P99 NON2XX SOCKERR PEAK_KIB STATUSES; do
    declare -n arr="$field"
    arr[$name]="${arr[$name.2]}"
    unset -n arr
  done
  check "$lower" ">=" "$target"
  RATIO_LINES+=("$(printf '%-34s %8s %%     target >= %s %%    %s   (lower of 2 pairs: %s /s)' \
    "throughput $name / $base" "$lower" "$target" "$VERDICT" "$runs")")
}

# ratio NAME BASE TARGET_PCT: NAME's throughput as a percentage of BASE's, against a minimum.
ratio() {
  local name="$1" base="$2" target="$3" pct
  pct="$(awk -v a="${RPS[$name]}" -v b="${RPS[$base]}" 'BEGIN { printf "%.1f", (b > 0 ? 100 * a / b : 0) }')"
  check "$pct" ">=" "$target"
  RATIO_LINES+=("$(printf '%-34s %8s %%     target >= %s %%    %s' \
    "throughput $name / $base" "$pct" "$target" "$VERDICT")")
}

# Creates a payment and prints its token.
create_payment() {
  curl -s --max-time 5 -X POST -H "X-Auth-API-Key: $1" \
    "$BASE_URL/v3/predefined_payments/create_online_payment?amount=1000" |
    sed -n 's/.*"token":"\([^"]*\)".*/\1/p'
}

# minimum NAME RPS: NAME's throughput against an absolute floor.
minimum() {
  check "${RPS[$1]}" ">=" "$2"
  RATIO_LINES+=("$(printf '%-34s %8.0f /s    target >= %s /s     %s' "throughput $1" "${RPS[$1]}" "$2" "$VERDICT")")
}

# webhooks KEY: paid-to-received latency at a calm rate (one approval at a time) and delivery
# throughput under load (32 approvals in flight), with a local receiver (webhook-bench). Then
# (issue 34) the same load with a webhook endpoint of the shop added, subscribed to the same
# events: at a second receiver that answers at once (every event delivered twice), then at a
# receiver that never answers, each pair twice and back to back. Each figure is the first
# receiver's; the black hole's is judged against the quick endpoint's of its pair.
webhooks() {
  local calm busy rate p50 pair second hole second_rate hole_rate second_p50 hole_p50
  local ratio p50_ratio worst_ratio="" worst_p50_ratio="" share
  [[ -x "$WEBHOOK_BENCH" ]] || die "no webhook-bench at $WEBHOOK_BENCH (cargo build --release -p noren-testkit --bin webhook-bench)"
  echo "bench: webhooks: latency (200 events, 1 in flight), throughput (2000 events, 32 in flight; alone, then twice beside a quick endpoint and beside a black hole)" >&2
  calm="$("$WEBHOOK_BENCH" "$BASE_URL" "$1" 200 1)"
  busy="$("$WEBHOOK_BENCH" "$BASE_URL" "$1" 2000 32)"
  p50="$(sed -n 's/.* p50 \([0-9.]*\) ms.*/\1/p' <<<"$calm")"
  rate="$(sed -n 's/.* events, \([0-9]*\) deliveries.*/\1/p' <<<"$busy")"
  RATIO_LINES+=("calm:  $calm" "busy:  $busy")
  for pair in 1 2; do
    second="$("$WEBHOOK_BENCH" "$BASE_URL" "$1" 2000 32 endpoint)"
    hole="$("$WEBHOOK_BENCH" "$BASE_URL" "$1" 2000 32 blackhole)"
    second_rate="$(sed -n 's/.* events, \([0-9]*\) deliveries.*/\1/p' <<<"$second")"
    hole_rate="$(sed -n 's/.* events, \([0-9]*\) deliveries.*/\1/p' <<<"$hole")"
    second_p50="$(sed -n 's/.* p50 \([0-9.]*\) ms.*/\1/p' <<<"$second")"
    hole_p50="$(sed -n 's/.* p50 \([0-9.]*\) ms.*/\1/p' <<<"$hole")"
    ratio="$(awk -v h="$hole_rate" -v b="$second_rate" 'BEGIN { printf "%.2f", (b > 0 ? h / b : 0) }')"
    p50_ratio="$(awk -v h="$hole_p50" -v b="$second_p50" 'BEGIN { printf "%.2f", (b > 0 ? h / b : 99) }')"
    RATIO_LINES+=("pair $pair, beside a quick endpoint:  $second" "pair $pair, beside a black hole:  $hole")
    if [[ -z "$worst_ratio" ]] || awk -v a="$ratio" -v b="$worst_ratio" 'BEGIN { exit !(a < b) }'; then
      worst_ratio="$ratio"
    fi
    if [[ -z "$worst_p50_ratio" ]] || awk -v a="$p50_ratio" -v b="$worst_p50_ratio" 'BEGIN { exit !(a > b) }'; then
      worst_p50_ratio="$p50_ratio"
    fi
  done
  check "$p50" "<" "$TARGET_WEBHOOK_P50_MS"
  RATIO_LINES+=("$(printf '%-34s %8s ms    target < %s ms      %s' "webhook approval-to-receipt p50" "$p50" "$TARGET_WEBHOOK_P50_MS" "$VERDICT")")
  check "$rate" ">=" "$TARGET_WEBHOOK_RPS"
  RATIO_LINES+=("$(printf '%-34s %8s /s    target >= %s /s      %s' "webhook deliveries" "$rate" "$TARGET_WEBHOOK_RPS" "$VERDICT")")
  # The last pair's figures, with the share of busy (what a second destination costs).
  share="$(awk -v h="$hole_rate" -v b="$rate" 'BEGIN { printf "%.2f", (b > 0 ? h / b : 0) }')"
  RATIO_LINES+=("$(printf '%-34s %8s /s    beside a quick endpoint (last pair)' "deliveries, twice each" "$second_rate")")
  RATIO_LINES+=("$(printf '%-34s %8s /s    beside a black hole (last pair), %s of busy' "deliveries, twice each" "$hole_rate" "$share")")
  check "$worst_ratio" ">=" "$TARGET_WEBHOOK_BLACKHOLE_RATIO"
  RATIO_LINES+=("$(printf '%-34s %8s       lower of 2 pairs, target >= %s  %s' "black hole / quick endpoint rate" "$worst_ratio" "$TARGET_WEBHOOK_BLACKHOLE_RATIO" "$VERDICT")")
  check "$worst_p50_ratio" "<=" "$TARGET_WEBHOOK_BLACKHOLE_P50_RATIO"
  RATIO_LINES+=("$(printf '%-34s %8s       higher of 2 pairs, target <= %s %s' "black hole / quick endpoint p50" "$worst_p50_ratio" "$TARGET_WEBHOOK_BLACKHOLE_P50_RATIO" "$VERDICT")")
}

# imports KEY SHOP_ID: a 10,000-menu workbook previewed and imported into the shop (import-bench),
# after the shop read was measured (the import makes its catalogue 10,000 menus larger).
imports() {
  local line preview import rise
  [[ -x "$IMPORT_BENCH" ]] || die "no import-bench at $IMPORT_BENCH (cargo build --release -p noren-testkit --bin import-bench)"
  echo "bench: import: a ${IMPORT_BENCH_MENUS}-menu workbook, preview then import" >&2
  line="$("$IMPORT_BENCH" "$BASE_URL" "$1" "$2" "$SERVER_PID" "$IMPORT_BENCH_MENUS")"
  preview="$(sed -n 's/.* preview \([0-9.]*\) s.*/\1/p' <<<"$line")"
  import="$(sed -n 's/.* import \([0-9.]*\) s.*/\1/p' <<<"$line")"
  rise="$(sed -n 's/.* memory rise \([0-9.]*\) MiB.*/\1/p' <<<"$line")"
  RATIO_LINES+=("import: $line")
  check "$preview" "<" "$TARGET_IMPORT_PREVIEW_S"
  RATIO_LINES+=("$(printf '%-34s %8s s     target < %s s        %s' "import preview (10,000 menus)" "$preview" "$TARGET_IMPORT_PREVIEW_S" "$VERDICT")")
  check "$import" "<" "$TARGET_IMPORT_S"
  RATIO_LINES+=("$(printf '%-34s %8s s     target < %s s        %s' "import (10,000 menus)" "$import" "$TARGET_IMPORT_S" "$VERDICT")")
  check "$rise" "<" "$TARGET_IMPORT_RISE_MIB"
  RATIO_LINES+=("$(printf '%-34s %8s MiB   target < %s MiB     %s' "import memory rise" "$rise" "$TARGET_IMPORT_RISE_MIB" "$VERDICT")")
}

# clocks KEY: a test clock advanced 30 days over CLOCK_BENCH_EVENTS events with retries waiting on
# it (clock-bench): the advance's time and its job runs.
clocks() {
  local line took
  [[ -x "$CLOCK_BENCH" ]] || die "no clock-bench at $CLOCK_BENCH (cargo build --release -p noren-testkit --bin clock-bench)"
  echo "bench: clocks: ${CLOCK_BENCH_EVENTS} failing events, the clock advanced 30 days" >&2
  line="$("$CLOCK_BENCH" "$BASE_URL" "$1" "$CLOCK_BENCH_EVENTS")"
  took="$(sed -n 's/.* advance 30 days \([0-9.]*\) s.*/\1/p' <<<"$line")"
  RATIO_LINES+=("clocks: $line")
  check "$took" "<" "$TARGET_CLOCK_ADVANCE_S"
  RATIO_LINES+=("$(printf '%-34s %8s s     target < %s s        %s' "advance 30 days (${CLOCK_BENCH_EVENTS} events)" "$took" "$TARGET_CLOCK_ADVANCE_S" "$VERDICT")")
}

# streams KEY: 5 event and 5 log streams of the key, one of each stalled, while STREAM_BENCH_EVENTS
# events are made (stream-bench): every reading listener gets every event; the memory rise.
streams() {
  local line rise
  [[ -x "$STREAM_BENCH" ]] || die "no stream-bench at $STREAM_BENCH (cargo build --release -p noren-testkit --bin stream-bench)"
  echo "bench: streams: 5 event and 5 log streams, ${STREAM_BENCH_EVENTS} events" >&2
  line="$("$STREAM_BENCH" "$BASE_URL" "$1" "$SERVER_PID" "$STREAM_BENCH_EVENTS")"
  rise="$(sed -n 's/.* memory rise \([0-9.]*\) MiB.*/\1/p' <<<"$line")"
  RATIO_LINES+=("streams: $line")
  check "$rise" "<" "$TARGET_STREAM_RISE_MIB"
  RATIO_LINES+=("$(printf '%-34s %8s MiB   target < %s MiB     %s' "streams memory rise (${STREAM_BENCH_EVENTS} events)" "$rise" "$TARGET_STREAM_RISE_MIB" "$VERDICT")")
}

# inbound NAME_SUFFIX: the demo shop made a 20-course inbound shop with 2,000 reservations
# (bench/inbound.py seed, through the operator CLI and the real create call), then the 30-day
# scan, availability, shop search and create under load. Judged on SQLite (no suffix);
# reported on PostgreSQL (`_pg`).
inbound() {
  local sfx="$1" seed shop course date platform pkey scan total prefix cal script
  echo "bench: inbound: a 20-course shop with 2,000 reservations" >&2
  seed="$(python3 "$REPO_DIR/bench/inbound.py" seed "$BASE_URL" "$NOREN_BIN" "$WORK_DIR/demo.json" "$WORK_DIR")"
  printf '%s\n' "$seed" >"$WORK_DIR/inbound.json"
  field() { python3 -c 'import json, sys; v = json.load(open(sys.argv[1]))[sys.argv[2]]; print(v[0] if isinstance(v, list) else v)' "$WORK_DIR/inbound.json" "$1"; }
  shop="$(field shop)" course="$(field courses)" date="$(field date)"
  platform="$(field platform)" pkey="$(field key)"
  prefix="/v3/inbound-external/$platform"
  scan="$(python3 "$REPO_DIR/bench/inbound.py" scan "$BASE_URL" "$platform" "$pkey" "$shop" "$course" "$date")"
  total="$(sed -n 's/.* total \([0-9.]*\) ms.*/\1/p' <<<"$scan")"
  RATIO_LINES+=("inbound$sfx: $scan")
  if [[ -z "$sfx" ]]; then
    check "$total" "<" "$TARGET_SCAN_MS"
    RATIO_LINES+=("$(printf '%-34s %8s ms    target < %s ms      %s' "30 availability days (20 courses)" "$total" "$TARGET_SCAN_MS" "$VERDICT")")
  fi
  cal="$(python3 "$REPO_DIR/bench/inbound.py" calendar "$BASE_URL" "$platform" "$pkey" "$shop" "$course" "$date")"
  RATIO_LINES+=("inbound$sfx: $cal")
  if [[ -z "$sfx" ]]; then
    local cal_ms
    cal_ms="$(sed -n 's/.*: \([0-9.]*\) ms from cold.*/\1/p' <<<"$cal")"
    check "$cal_ms" "<" "$TARGET_CALENDAR_MS"
    RATIO_LINES+=("$(printf '%-34s %8s ms    target < %s ms      %s' "calendar of 31 days (20 courses)" "$cal_ms" "$TARGET_CALENDAR_MS" "$VERDICT")")
  fi
  RATIO_LINES+=("inbound$sfx: $(python3 "$REPO_DIR/bench/inbound.py" holds "$BASE_URL" "$platform" "$pkey" "$shop" "$course" "$date")")
  local avail_target=0 search_target=0
  [[ -z "$sfx" ]] && avail_target="$TARGET_AVAIL_RATIO_PCT" search_target="$TARGET_SEARCH_RATIO_PCT"
  pair "inb_avail$sfx" "$avail_target" "$prefix/shops/$shop/availability?requestDate=$date&pax=2&courseId=$course" "Authorization: Bearer $pkey"
  pair "inb_search$sfx" "$search_target" "$prefix/shops?languageCode=en" "Authorization: Bearer $pkey"
  script="$(python3 "$REPO_DIR/bench/inbound.py" lua "$BASE_URL" "$platform" "$pkey" "$shop" "$course" "$date" "$WORK_DIR/inbound-create.lua")" ||
    die "writing the inbound create script failed"
  measure "inb_create$sfx" "$prefix/shops/$shop/reservations" "" "LUA:$script"
  if [[ -z "$sfx" ]]; then
    p99_below inb_avail "$TARGET_AVAIL_P99_MS"
    ratio inb_create healthz 0
    minimum inb_create "$TARGET_INB_CREATE_RPS"
  else
    ratio "inb_create$sfx" "healthz$sfx" 0
    minimum "inb_create$sfx" "$TARGET_PG_WRITE_RPS"
  fi
}

# machine: the cores, the CPU model and the healthz rates of this run (the first, and the lowest
# and highest of the pairs' baselines), so that a figure can be set beside another machine's.
machine() {
  local model range
  model="$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)"
  range="$(for name in "${NAMES[@]}"; do [[ "$name" == healthz* ]] && echo "${RPS[$name]}"; done |
    sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%.0f-%.0f/s", v[1], v[NR] }')"
  printf '%s cores, %s; healthz %.0f/s first, %s over the run (wrk and the server share the cores)' \
    "$(nproc)" "${model:-unknown CPU}" "${RPS[healthz]:-0}" "${range:-n/a}"
}

report() {
  local name peak_all=0
  echo
  echo "Noren benchmark: wrk ${THREADS} threads, ${CONNECTIONS} connections, ${DURATION}s per endpoint after ${WARMUP}s warm-up"
  echo "binary: $NOREN_BIN"
  echo "machine: $(machine)"
  echo
  printf '%-28s %-26s %12s %9s %9s %8s   %s\n' \
    endpoint path "requests/s" "p50 ms" "p99 ms" non-2xx "p99 < ${TARGET_P99_MS} ms"
  printf '%-28s %-26s %12s %9s %9s %8s   %s\n' \
    ---------------------------- -------------------------- ------------ --------- --------- -------- ----------
  for name in "${NAMES[@]}"; do
    local verdict="-"
    if [[ " $P99_JUDGED " == *" ${name%%.*} "* ]]; then
      check "${P99[$name]}" "<" "$TARGET_P99_MS"
      verdict="$VERDICT"
    fi
    if [[ "${NON2XX[$name]}" != 0 ]]; then
      verdict="$verdict (non-2xx answers!)"
      MISSED=$((MISSED + 1))
    fi
    printf '%-28s %-26s %12.0f %9.3f %9.3f %8s   %s\n' \
      "$name" "${PATHS[$name]}" "${RPS[$name]}" "${P50[$name]}" "${P99[$name]}" "${NON2XX[$name]}" "$verdict"
  done
  for name in "${NAMES[@]}"; do
    if [[ -n "${SOCKERR[$name]}" ]]; then
      echo "note: $name socket errors: ${SOCKERR[$name]}"
    fi
  done
  local non2xx=0 with_non2xx=0
  for name in "${NAMES[@]}"; do
    if [[ "${NON2XX[$name]}" != 0 ]]; then
      non2xx=$((non2xx + NON2XX[$name]))
      with_non2xx=$((with_non2xx + 1))
    fi
  done
  echo "answers not 2xx: $non2xx, in $with_non2xx of ${#NAMES[@]} measurements"
  echo
  echo "answers by status at the processes (their /metrics; wrk's non-2xx beyond these came from HAProxy or the connection):"
  for name in "${NAMES[@]}"; do
    printf '  %-14s %s\n' "$name" "${STATUSES[$name]:--}"
  done
  echo
  for line in "${RATIO_LINES[@]}"; do
    echo "$line"
  done
  check "$(mib "$IDLE_RSS_KIB")" "<" "$TARGET_IDLE_RSS_MIB"
  printf '%-34s %8s MiB   target < %s MiB    %s\n' "RSS idle (VmRSS before load)" \
    "$(mib "$IDLE_RSS_KIB")" "$TARGET_IDLE_RSS_MIB" "$VERDICT"
  for name in "${NAMES[@]}"; do
    [[ "$name" == *_pg || "$name" == *_pg.* || "$name" == *_lb? || "$name" == healthz.* ]] && continue
    printf '%-34s %8s MiB\n' "RSS peak during $name (VmHWM)" "$(mib "${PEAK_KIB[$name]}")"
    if ((PEAK_KIB[$name] > peak_all)); then
      peak_all=${PEAK_KIB[$name]}
    fi
  done
  printf '%-34s %8s MiB\n' "RSS peak under load (VmHWM)" "$(mib "$peak_all")"
  printf '%-34s %8s MiB\n' "RSS after load (VmRSS)" "$(mib "$AFTER_RSS_KIB")"
  echo
  if ((MISSED > 0)); then
    echo "targets missed: $MISSED"
  else
    echo "all targets met"
  fi
}

# debian_tool COMMAND PACKAGE: installs PACKAGE with apt-get when COMMAND is missing and this runs
# as root; fails with what to install otherwise.
debian_tool() {
  command -v "$1" >/dev/null 2>&1 || [[ -x "/usr/sbin/$1" ]] && return 0
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "bench: installing Debian's $2" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2" >/dev/null ||
      die "apt-get install $2 failed"
  else
    die "$1 is not installed (apt-get install $2)"
  fi
}

stop_extra() {
  if [[ -n "$EXTRA_PID" ]] && kill -0 "$EXTRA_PID" 2>/dev/null; then
    kill -TERM "$EXTRA_PID" 2>/dev/null || true
    wait "$EXTRA_PID" 2>/dev/null || true
  fi
  EXTRA_PID=""
}

stop_lb() {
  if [[ -n "$LB_PID" ]] && kill -0 "$LB_PID" 2>/dev/null; then
    kill -TERM "$LB_PID" 2>/dev/null || true
    wait "$LB_PID" 2>/dev/null || true
  fi
  LB_PID=""
}

# analyze_pg: refreshes PostgreSQL's statistics. The creates before a measurement add tens of
# thousands of payments in seconds, and the connections' cached plans, made when the table held a
# few rows, keep scanning it whole until autovacuum's analyze (within a minute) makes them plan
# again: the token reads then ran at 1,200/s instead of 25,000/s. A live table is analyzed as it
# grows; the benchmark does not wait for it.
analyze_pg() {
  "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U noren -d postgres -qc 'ANALYZE' >/dev/null ||
    die "ANALYZE failed"
}

# start_lb PORT ADDRESS...: HAProxy with deploy/haproxy.cfg as deployed, less the server lines
# beyond the addresses given (one line per process), on 127.0.0.1:PORT; waits until it answers.
start_lb() {
  local port="$1" n=0 cfg="$WORK_DIR/haproxy.cfg" haproxy
  shift
  haproxy="$(command -v haproxy || echo /usr/sbin/haproxy)"
  cp "$REPO_DIR/deploy/haproxy.cfg" "$cfg"
  local -a env=(NOREN_LB_LISTEN="127.0.0.1:$port")
  for addr in "$@"; do
    n=$((n + 1))
    env+=(NOREN_UPSTREAM_$n="$addr")
  done
  for extra in $(seq $((n + 1)) 3); do
    sed -i "/^ *server noren$extra /d" "$cfg"
  done
  env "${env[@]}" "$haproxy" -db -f "$cfg" >"$WORK_DIR/haproxy.log" 2>&1 &
  LB_PID=$!
  local waited=0
  until curl -sf -o /dev/null "http://127.0.0.1:$port/readyz"; do
    kill -0 "$LB_PID" 2>/dev/null || { cat "$WORK_DIR/haproxy.log" >&2; die "haproxy stopped"; }
    ((waited < 100)) || die "haproxy did not answer within 10 s"
    sleep 0.1
    waited=$((waited + 1))
  done
}

# scale KEY TOKEN: PostgreSQL behind HAProxy (deploy/haproxy.cfg): get-by-token and create through
# the balancer with the PostgreSQL phase's process alone, then with a second process on the same
# database (two server lines), and webhooks/s with both processes' workers sharing the outbox.
# On one 2-core machine wrk, HAProxy and the processes share the cores: the ratio shows what
# the balancer and a second process cost here more than what a second machine would add.
scale() {
  local key="$1" token="$2" lb_port first second line waited=0 busy
  debian_tool haproxy haproxy
  first="${BASE_URL#http://}"
  lb_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  local direct="$BASE_URL"
  echo "bench: scale: one process behind HAProxy" >&2
  analyze_pg
  start_lb "$lb_port" "$first"
  BASE_URL="http://127.0.0.1:$lb_port"
  measure get_token_lb1 "/v3/predefined_payments/$token"
  measure create_lb1 "/v3/predefined_payments/create_online_payment?amount=1000" "X-Auth-API-Key: $key" POST
  if [[ -x "$WEBHOOK_BENCH" ]]; then
    echo "bench: scale: webhooks, one process's workers" >&2
    analyze_pg
    busy="$("$WEBHOOK_BENCH" "$BASE_URL" "$key" 2000 32)"
    RATIO_LINES+=("busy, 1 process behind HAProxy (PostgreSQL):   $busy")
  fi
  stop_lb
  echo "bench: scale: two processes behind HAProxy" >&2
  : >"$WORK_DIR/stdout2"
  NOREN_LISTEN=127.0.0.1:0 "$NOREN_BIN" serve >"$WORK_DIR/stdout2" 2>"$WORK_DIR/stderr2" &
  EXTRA_PID=$!
  until line="$(grep -m1 -E '^listening on http://' "$WORK_DIR/stdout2")"; do
    kill -0 "$EXTRA_PID" 2>/dev/null || { tail -n 20 "$WORK_DIR/stderr2" >&2; die "the second noren exited"; }
    ((waited < STARTUP_TIMEOUT_S * 10)) || die "the second noren did not listen within ${STARTUP_TIMEOUT_S}s"
    sleep 0.1
    waited=$((waited + 1))
  done
  second="${line#listening on http://}"
  second="${second%/}"
  METRICS_BASES=("$direct" "http://$second")
  analyze_pg
  start_lb "$lb_port" "$first" "$second"
  measure get_token_lb2 "/v3/predefined_payments/$token"
  measure create_lb2 "/v3/predefined_payments/create_online_payment?amount=1000" "X-Auth-API-Key: $key" POST
  ratio get_token_lb1 get_token_pg 0
  ratio get_token_lb2 get_token_lb1 0
  ratio create_lb1 create_pg 0
  ratio create_lb2 create_lb1 0
  if [[ -x "$WEBHOOK_BENCH" ]]; then
    echo "bench: scale: webhooks, two processes' workers sharing the outbox" >&2
    analyze_pg
    busy="$("$WEBHOOK_BENCH" "$BASE_URL" "$key" 2000 32)"
    RATIO_LINES+=("busy, 2 processes behind HAProxy (PostgreSQL):  $busy")
  fi
  stop_lb
  stop_extra
  BASE_URL="$direct"
  METRICS_BASES=("$direct")
}

main() {
  [[ -x "$NOREN_BIN" ]] || die "no server binary at $NOREN_BIN: build it with
  CARGO_TARGET_DIR=\${CARGO_TARGET_DIR:-\$HOME/.cache/noren/target} cargo build --release -p noren
or set NOREN_BIN"
  debian_tool wrk wrk
  debian_tool curl curl
  [[ "$DURATION" =~ ^[1-9][0-9]*$ ]] || die "NOREN_BENCH_DURATION must be a whole number of seconds"
  [[ "$WARMUP" =~ ^[0-9]+$ ]] || die "NOREN_BENCH_WARMUP must be a whole number of seconds"

  WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/noren-bench.XXXXXX")"
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM

  start_server "sqlite://$WORK_DIR/noren.db"
  echo "bench: noren (pid $SERVER_PID) listening on $BASE_URL (SQLite)" >&2
  local key token script
  key="$(demo_merchant_key)"
  # Idle: 4 s without a request (the server returns its memory after 2-3 quiet seconds,
  # crates/noren/src/memory.rs).
  sleep 4
  IDLE_RSS_KIB="$(rss_kib VmRSS)"

  measure healthz /healthz
  local shop_id
  shop_id="$(demo_field shop_id)"
  if phase payments; then
    pair whoami "$TARGET_WHOAMI_RATIO_PCT" /v3/api_keys/whoami "X-Auth-API-Key: $key"
    token="$(create_payment "$key")"
    pair get_token "$TARGET_GET_RATIO_PCT" "/v3/predefined_payments/$token"
    measure create "/v3/predefined_payments/create_online_payment?amount=1000" "X-Auth-API-Key: $key" POST
    minimum create "$TARGET_CREATE_RPS"
  fi
  # Appends first, on the demo restaurant as `noren demo` makes it; then the 200 menus.
  if phase append; then
    script="$(append_script "$key" "$shop_id")" || die "setting up the append orders failed"
    measure append "/api/cafeteria/{id}/append" "" "LUA:$script"
    ratio append healthz 0
    minimum append "$TARGET_APPEND_RPS"
  fi
  if phase shop; then
    seed_shop_menus
    pair shop "$TARGET_SHOP_RATIO_PCT" "/api/order/shop/$shop_id"
    p99_below shop "$TARGET_SHOP_P99_MS"
  fi
  phase webhooks && webhooks "$key"
  phase clocks && clocks "$key"
  phase streams && streams "$key"
  AFTER_RSS_KIB="$(rss_kib VmRSS)"
  # Inbound before the import, whose 10,000-menu workbook leaves the process larger: the inbound
  # calls' peaks are then their own.
  phase inbound && inbound ""
  phase imports && imports "$key" "$shop_id"
  stop_server

  if { phase postgres || phase scale; } && start_postgres; then
    start_server "postgres://noren@127.0.0.1:$PG_PORT/postgres"
    echo "bench: noren (pid $SERVER_PID) listening on $BASE_URL (PostgreSQL)" >&2
    key="$(demo_merchant_key)"
    measure healthz_pg /healthz
    token="$(create_payment "$key")"
    pair get_token_pg 0 "/v3/predefined_payments/$token"
    measure create_pg "/v3/predefined_payments/create_online_payment?amount=1000" "X-Auth-API-Key: $key" POST
    ratio create_pg healthz_pg 0
    if phase postgres; then
      shop_id="$(demo_field shop_id)"
      script="$(append_script "$key" "$shop_id")" || die "setting up the append orders failed (PostgreSQL)"
      measure append_pg "/api/cafeteria/{id}/append" "" "LUA:$script"
      ratio append_pg healthz_pg 0
      minimum append_pg "$TARGET_PG_WRITE_RPS"
      seed_shop_menus
      pair shop_pg 0 "/api/order/shop/$shop_id"
      inbound _pg
    fi
    phase scale && scale "$key" "$token"
    stop_server
    stop_postgres
  elif phase postgres || phase scale; then
    RATIO_LINES+=("PostgreSQL: no initdb/pg_ctl found (or the cluster did not start): skipped")
  fi

  report
  if [[ "$STRICT" == 1 ]] && ((MISSED > 0)); then
    exit 1
  fi
}

main "$@"
