#!/usr/bin/env bash
# Contract test of the payment and ordering APIs: schemathesis 4.x against /openapi/pay.yaml,
# then /openapi/order.json, on one live server with demo data. Fails on any server error or any
# answer that violates the spec.
#
#   NOREN_BIN          the server binary (required)
#   NOREN_VENV         where schemathesis is installed (default $HOME/.cache/noren/venv)
#   NOREN_ST_EXAMPLES  generated cases per operation and phase (default 60)
#   NOREN_ST_ORDER_EXAMPLES  the same for order.json (default 100; ~40 s on 2 cores)
#   NOREN_ST_ONLY      `pay` or `order`: run one of the two specs only
#   NOREN_ST_SEED      the run's seed (default: a new random one, printed first, so that a
#                      failure can be replayed with NOREN_ST_SEED=<seed> make contract)
#
# Before the run, prepare.py makes real payments (paid through the checkout and the sandbox,
# with events delivered to a local receiver) and their identifiers become schemathesis
# dictionaries that schemathesis.toml binds to the identifier parameters; `prepare.py order`
# does the same for order.json (order.toml): the demo restaurant's ids and cafeteria orders.
set -euo pipefail

SEED=${NOREN_ST_SEED:-$(( (RANDOM << 15 | RANDOM) ))}
echo "schemathesis seed: $SEED (replay: NOREN_ST_SEED=$SEED make contract)"

BIN=${NOREN_BIN:?set NOREN_BIN to the noren binary}
HERE="$(cd "$(dirname "$0")" && pwd)"
VENV=${NOREN_VENV:-$HOME/.cache/noren/venv}
EXAMPLES=${NOREN_ST_EXAMPLES:-60}
ORDER_EXAMPLES=${NOREN_ST_ORDER_EXAMPLES:-100}
ONLY=${NOREN_ST_ONLY:-}

if [ ! -x "$VENV/bin/st" ]; then
  echo "installing schemathesis into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "schemathesis>=4,<5"
fi

dir=$(mktemp -d)
pid=
receiver=
cleanup() {
  for p in $pid $receiver; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap cleanup EXIT

# Thousands of cases from one address, many with bad keys on purpose: limits far above that.
export NOREN_RATE_LIMIT_PER_KEY=1000000/s NOREN_RATE_LIMIT_PER_ADDRESS=1000000/s \
  NOREN_RATE_LIMIT_FAILURES=1000000/s
source "$HERE/../tools/demo-server.sh"
start_demo_server "$BIN" "$dir"
key=$(demo merchant_key)

python3 "$HERE/receiver.py" > "$dir/receiver" &
receiver=$!
for _ in $(seq 1 50); do [ -s "$dir/receiver" ] && break; sleep 0.1; done
webhook_url=$(head -n1 "$dir/receiver")
CONFIG="$dir/schemathesis.toml"
cp "$HERE/schemathesis.toml" "$CONFIG"
python3 "$HERE/prepare.py" "$base" "$key" "$(demo shop_number)" "$(demo miniprogram_appid)" "$webhook_url" >> "$CONFIG"
ORDER_CONFIG="$dir/order.toml"
cp "$HERE/order.toml" "$ORDER_CONFIG"
python3 "$HERE/prepare.py" order "$base" "$key" "$(demo shop_id)" "$dir/orders.json" >> "$ORDER_CONFIG"

# schemathesis keeps a cache in its working directory: the temporary one, not the clone.
cd "$dir"
status=0
if [ "$ONLY" != order ]; then
  echo "schemathesis against $base/openapi/pay.yaml"
  "$VENV/bin/st" --config-file "$CONFIG" run "$base/openapi/pay.yaml" \
    --url "$base" \
    --checks all \
    --phases examples,coverage,fuzzing,stateful \
    --header "X-Auth-API-Key: $key" \
    --max-examples "$EXAMPLES" \
    --seed "$SEED" \
    --no-color \
    "$@" || status=$?

  echo "what the run reached with real identifiers:"
  python3 "$HERE/summary.py" "$base" "$key" || status=1
fi

if [ "$ONLY" != pay ]; then
  echo "schemathesis against $base/openapi/order.json"
  # Every check runs (the defaults are all of them but the response time, which is added), not
  # `--checks all`: that command-line choice would override order.toml's per-operation
  # `ensure_resource_availability.enabled = false` (see there why).
  "$VENV/bin/st" --config-file "$ORDER_CONFIG" run "$base/openapi/order.json" \
    --url "$base" \
    --max-response-time 10 \
    --phases examples,coverage,fuzzing,stateful \
    --header "X-Auth-API-Key: $key" \
    --max-examples "$ORDER_EXAMPLES" \
    --seed "$SEED" \
    --no-color \
    "$@" || status=$?

  echo "what the order run reached with real identifiers:"
  python3 "$HERE/summary.py" order "$base" "$key" "$dir/orders.json" || status=1
fi
exit "$status"
