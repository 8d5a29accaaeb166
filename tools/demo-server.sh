# Sourced by clients/run.sh and schemathesis/run.sh: starts the release server on a fresh SQLite
# database in a temporary folder with demo data, on a free port.
#
#   start_demo_server BIN DIR   seeds DIR/noren.db (`noren demo --json` > DIR/demo.json), starts
#                               `noren serve` in the background and sets `pid` and `base`
#   demo FIELD                  a field of DIR/demo.json (merchant_key, shop_number, …)

start_demo_server() {
  local bin=$1
  demo_dir=$2
  export NOREN_DATABASE_URL="sqlite://$demo_dir/noren.db" NOREN_DATA_DIR="$demo_dir" NOREN_LOG_LEVEL=warn
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
