# Sourced by clients/run.sh and schemathesis/run.sh: starts the release server on a fresh SQLite
# database in a temporary folder with demo data, on a free port.
#
#   start_demo_server BIN DIR   seeds DIR/noren.db (`noren demo --json` > DIR/demo.json), starts
#                               `noren serve` in the background and sets `pid` and `base`
#   start_demo_server BIN DIR URL   the same on the database at URL (a PostgreSQL URL)
#   start_demo_postgres DIR     a throwaway PostgreSQL cluster in DIR (the installed initdb and
#                               pg_ctl; as nobody when root), listening on 127.0.0.1:$pg_port
#   stop_demo_postgres          stops it
#   demo FIELD                  a field of DIR/demo.json (merchant_key, shop_number, …)

start_demo_server() {
  local bin=$1
  demo_dir=$2
  export NOREN_DATABASE_URL="${3:-sqlite://$demo_dir/noren.db}" NOREN_DATA_DIR="$demo_dir" NOREN_LOG_LEVEL=warn
  "$bin" demo --json > "$demo_dir/demo.json"
  NOREN_LISTEN=127.0.0.1:0 "$bin" serve > "$demo_dir/stdout" 2> "$demo_dir/stderr" &
  pid=$!
  for _ in $(seq 1 100); do
    grep -q '^listening on ' "$demo_dir/stdout" 2>/dev/null && break
    sleep 0.1
  done
  base=$(sed -n 's/^listening on //p' "$demo_dir/stdout" | head -n1)
  [ -n "$base" ] || { echo "the server did not start:"; cat "$demo_dir/stderr"; return 1; }
}

demo() {
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$demo_dir/demo.json" "$1"
}

pg_as() {
  if [ "$(id -u)" = 0 ]; then su -s /bin/sh nobody -c "$*"; else sh -c "$*"; fi
}

start_demo_postgres() {
  pg_dir=$1
  pg_bin="$(dirname "$(readlink -f "$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n1)")")"
  [ -x "$pg_bin/initdb" ] || { echo "no initdb: install PostgreSQL (apt-get install postgresql)"; return 1; }
  mkdir -p "$pg_dir"
  if [ "$(id -u)" = 0 ]; then chown nobody "$pg_dir"; chmod 755 "$(dirname "$pg_dir")"; fi
  pg_as "'$pg_bin/initdb' -D '$pg_dir/data' -U noren -A trust >'$pg_dir/initdb.log' 2>&1" \
    || { cat "$pg_dir/initdb.log"; return 1; }
  pg_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  pg_as "'$pg_bin/pg_ctl' -D '$pg_dir/data' -l '$pg_dir/log' -w -o \"-h 127.0.0.1 -p $pg_port -k '$pg_dir'\" start >/dev/null" \
    || { cat "$pg_dir/log"; return 1; }
}

stop_demo_postgres() {
  if [ -n "${pg_dir:-}" ] && [ -d "$pg_dir/data" ]; then
    pg_as "'$pg_bin/pg_ctl' -D '$pg_dir/data' -m fast stop >/dev/null 2>&1" || true
  fi
  pg_dir=
}
