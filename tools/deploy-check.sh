#!/usr/bin/env bash
# Checks deploy/: HAProxy parses deploy/haproxy.cfg and balances three real `noren serve`
# processes with it, losing no request when one is stopped (SIGTERM) or killed (SIGKILL) and
# started again; deploy/compose.yaml parses and matches the config's variables.
#
#   NOREN_BIN=… bash tools/deploy-check.sh          (make deploy-check)
#
# The processes run on SQLite, one database file each: this checks the balancer's settings
# (health checks, round robin, retries), not shared state, which needs PostgreSQL (the scale
# test). Installs Debian's haproxy with apt-get when it is missing (as root). Loopback only.
# NOREN_DEPLOY_CHECK_KEEP=1 keeps the servers' and haproxy's logs (the folder is printed).
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NOREN_BIN="${NOREN_BIN:-${CARGO_TARGET_DIR:-$HOME/.cache/noren/target}/release/noren}"
CFG="$REPO_DIR/deploy/haproxy.cfg"
COMPOSE="$REPO_DIR/deploy/compose.yaml"

say() { echo "deploy-check: $*"; }
die() { echo "deploy-check: FAILED: $*" >&2; exit 1; }
run() { echo "+ $*"; "$@"; }

apt_updated=0
apt_install() { # apt_install PACKAGE: Debian's, as root, after one apt-get update
  [ "$(id -u)" = 0 ] || die "$1 is missing (apt-get install $1)"
  say "$1 is missing: installing Debian's"
  export DEBIAN_FRONTEND=noninteractive
  if [ $apt_updated = 0 ]; then apt-get update -qq; apt_updated=1; fi
  apt-get install -y -qq --no-install-recommends "$1" >/dev/null
}

[ -x "$NOREN_BIN" ] || die "no server binary at $NOREN_BIN (make server)"
command -v haproxy >/dev/null 2>&1 || apt_install haproxy
haproxy -v | sed -n 1p

tmp=$(mktemp -d /tmp/noren-deploy-check.XXXXXX)
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ "${NOREN_DEPLOY_CHECK_KEEP:-0}" = 1 ]; then echo "deploy-check: logs kept in $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

## 1. The Compose file parses, and gives HAProxy every variable the config reads.
# PyYAML: the python3 on PATH, else Debian's (python3-yaml, installed when missing as root).
py=
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import yaml' 2>/dev/null; then py=$candidate; break; fi
done
if [ -z "$py" ]; then
  apt_install python3-yaml
  py=/usr/bin/python3
fi
if [ -n "$py" ]; then
  echo "+ $py: yaml.safe_load(deploy/compose.yaml)"
  "$py" - "$COMPOSE" "$CFG" <<'EOF'
import re, sys, yaml
compose = yaml.safe_load(open(sys.argv[1]))
cfg = open(sys.argv[2]).read()
services = compose["services"]
cfg = "\n".join(l for l in cfg.splitlines() if not l.lstrip().startswith("#"))
wanted = set(re.findall(r'"\$\{(\w+)\}"', cfg))
given = set(services["haproxy"]["environment"])
assert wanted <= given, f"haproxy.cfg reads {sorted(wanted - given)}, not set in compose.yaml"
nodes = [n for n, s in services.items() if s.get("image") == "localhost/noren:dev" and n != "migrate"]
for n in nodes:
    env = services[n]["environment"]
    for k in ("NOREN_SECRET_KEY", "NOREN_DATABASE_URL", "NOREN_OBJECT_STORE_URL", "NOREN_PUBLIC_URL",
              "NOREN_CLIENT_IP_HEADER", "NOREN_WEBHOOK_TEST_LOOPBACK", "NOREN_SHUTDOWN_DELAY_MS"):
        assert k in env, f"{n} lacks {k}"
    assert services[n]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
assert services["migrate"]["command"] == ["migrate"]
print(f"    services: {', '.join(services)}; noren processes: {', '.join(nodes)}; "
      f"haproxy variables: {', '.join(sorted(wanted))}")
EOF
else
  die "no python3 with PyYAML to parse compose.yaml (apt-get install python3-yaml)"
fi

## 2. haproxy -c: the file is valid with the variables set, and refused without them.
lb_port=$(free_port)
export NOREN_LB_LISTEN=127.0.0.1:$lb_port
ports=()
for i in 1 2 3; do
  ports[i]=$(free_port)
  export "NOREN_UPSTREAM_$i=127.0.0.1:${ports[i]}"
done
run haproxy -c -q -f "$CFG"
if env -u NOREN_LB_LISTEN haproxy -c -q -f "$CFG" >/dev/null 2>&1; then
  die "haproxy accepted the config without NOREN_LB_LISTEN"
fi
echo "    refused without NOREN_LB_LISTEN, as it should"

## 3. Three servers, as the deployment guide configures them (SQLite instead of PostgreSQL).
start_server() { # start_server N
  local n=$1 dir=$tmp/s$1
  mkdir -p "$dir"
  NOREN_DATABASE_URL="sqlite://$dir/noren.db" NOREN_DATA_DIR="$dir" NOREN_LISTEN="127.0.0.1:${ports[n]}" \
    NOREN_CLIENT_IP_HEADER=x-forwarded-for NOREN_SHUTDOWN_DELAY_MS=2000 NOREN_WEBHOOK_TEST_LOOPBACK=off \
    NOREN_LOG=json NOREN_LOG_LEVEL=info,noren::http=debug \
    "$NOREN_BIN" serve >> "$dir/stdout" 2>> "$dir/stderr" &
  spid[n]=$!
  pids+=("$!")
}
wait_ready() { # wait_ready N
  for _ in $(seq 1 100); do
    "$NOREN_BIN" healthcheck "http://127.0.0.1:${ports[$1]}/readyz" 2>/dev/null && return 0
    sleep 0.1
  done
  die "server $1 did not become ready: $(tail -n5 "$tmp/s$1/stderr")"
}
spid=()
for i in 1 2 3; do start_server "$i"; done
for i in 1 2 3; do wait_ready "$i"; done
say "servers on ${ports[1]}, ${ports[2]}, ${ports[3]}; haproxy on $lb_port"
echo "+ haproxy -f deploy/haproxy.cfg &"
haproxy -f "$CFG" 2> "$tmp/haproxy.log" &
pids+=("$!")
lb=http://127.0.0.1:$lb_port
for _ in $(seq 1 50); do curl -fs -o /dev/null "$lb/healthz" && break; sleep 0.1; done
sleep 1.5  # every server through its first health check

# Requests seen by server N on PATH (its debug request lines).
seen() { grep -c "\"route\":\"$2\"" "$tmp/s$1/stderr" || true; }

## 4. Round robin: 30 requests on new connections, 10 to each server.
base=($(seen 1 /healthz) $(seen 2 /healthz) $(seen 3 /healthz))
echo "+ 30 x curl $lb/healthz"
for _ in $(seq 1 30); do
  code=$(curl -s -o /dev/null -w '%{http_code}' "$lb/healthz")
  [ "$code" = 200 ] || die "GET /healthz through haproxy answered $code"
done
counts="$(($(seen 1 /healthz) - base[0])) $(($(seen 2 /healthz) - base[1])) $(($(seen 3 /healthz) - base[2]))"
echo "    per server: $counts"
[ "$counts" = "10 10 10" ] || die "round robin should give 10 10 10, gave $counts"
# The client's address reaches noren through option forwardfor.
grep -q '"route":"/readyz"' "$tmp/s1/stderr" || die "no health check (/readyz) reached server 1"
echo "    health checks on /readyz reach every server: $(seen 1 /readyz) $(seen 2 /readyz) $(seen 3 /readyz)"

## 5. No request lost while a server stops (SIGTERM) and while one dies (SIGKILL), each started
##    again: a steady load through haproxy, every answer must be a 200.
load() { # load SECONDS OUT: 4 clients, a new connection per request, counts by outcome
  python3 - "$lb" "$1" > "$2" <<'EOF'
import collections, http.client, sys, threading, time, urllib.parse
base, seconds = sys.argv[1], float(sys.argv[2])
u = urllib.parse.urlsplit(base)
out = collections.Counter()
lock = threading.Lock()
def client():
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            c = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
            c.request("GET", "/healthz")
            r = c.getresponse(); r.read(); c.close()
            key = str(r.status)
        except Exception as e:
            key = type(e).__name__
        with lock:
            out[key] += 1
        time.sleep(0.005)
ts = [threading.Thread(target=client) for _ in range(4)]
for t in ts: t.start()
for t in ts: t.join()
print(" ".join(f"{k}={v}" for k, v in sorted(out.items())))
EOF
}
check_load() { # check_load WHAT FILE
  local result
  result=$(cat "$2")
  echo "    $1: $result"
  [[ "$result" =~ ^200=[0-9]+$ ]] || die "$1: requests failed ($result); haproxy's log: $(cat "$tmp/haproxy.log")"
}

echo "+ load 8 s; SIGTERM server 2 after 1 s, start it again after 4 s"
load 8 "$tmp/load-term" &
lp=$!
sleep 1
kill -TERM "${spid[2]}"
sleep 3
wait "${spid[2]}" && echo "    server 2 exited 0 on SIGTERM" || die "server 2 did not exit 0 on SIGTERM"
start_server 2
wait_ready 2
wait $lp
check_load "rolling restart of server 2" "$tmp/load-term"

echo "+ load 8 s; SIGKILL server 3 after 1 s, start it again after 4 s"
before=$(seen 3 /healthz)
load 8 "$tmp/load-kill" &
lp=$!
sleep 1
{ kill -KILL "${spid[3]}"; wait "${spid[3]}" || true; } 2>/dev/null
sleep 3
start_server 3
wait_ready 3
wait $lp
check_load "server 3 killed" "$tmp/load-kill"
sleep 1.5
for _ in $(seq 1 9); do curl -fs -o /dev/null "$lb/healthz" || die "GET /healthz failed after the restarts"; done
[ "$(seen 3 /healthz)" -gt "$before" ] || die "server 3 got no traffic after it came back"
echo "    every server serves again: $(seen 1 /healthz) $(seen 2 /healthz) $(seen 3 /healthz) requests in all"
grep -E 'Server noren/noren[23] is (DOWN|UP)' "$tmp/haproxy.log" | sed -E 's/^.*(Server [^ ]+ is [A-Z]+, reason: [^,]*).*$/    haproxy: \1/' | uniq || true
# Requests that met a stopped or dead server and were sent to another (retries shown as +N).
echo "    requests haproxy redispatched to another server: $(grep -cE '/\+[0-9]+ ' "$tmp/haproxy.log" || true)"
say "passed"
