#!/usr/bin/env bash
# Contract test of the payment API: schemathesis 4.x against /openapi/pay.yaml on a live server
# with demo data. Fails on any server error or any answer that violates the spec.
#
#   NOREN_BIN          the server binary (required)
#   NOREN_VENV         where schemathesis is installed (default $HOME/.cache/noren/venv)
#   NOREN_ST_EXAMPLES  generated cases per operation and phase (default 60)
set -euo pipefail

BIN=${NOREN_BIN:?set NOREN_BIN to the noren binary}
CONFIG="$(cd "$(dirname "$0")" && pwd)/schemathesis.toml"
VENV=${NOREN_VENV:-$HOME/.cache/noren/venv}
EXAMPLES=${NOREN_ST_EXAMPLES:-60}

if [ ! -x "$VENV/bin/st" ]; then
  echo "installing schemathesis into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "schemathesis>=4,<5"
fi

dir=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT

export NOREN_DATABASE_URL="sqlite://$dir/noren.db" NOREN_DATA_DIR="$dir" NOREN_LOG_LEVEL=warn
# Thousands of cases from one address, many with bad keys on purpose: limits far above that.
export NOREN_RATE_LIMIT_PER_KEY=1000000/s NOREN_RATE_LIMIT_PER_ADDRESS=1000000/s \
  NOREN_RATE_LIMIT_FAILURES=1000000/s
key=$("$BIN" demo --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["merchant_key"])')
NOREN_LISTEN=127.0.0.1:0 "$BIN" serve > "$dir/stdout" 2> "$dir/stderr" &
pid=$!
for _ in $(seq 1 100); do
  grep -q '^listening on ' "$dir/stdout" 2>/dev/null && break
  sleep 0.1
done
base=$(sed -n 's/^listening on //p' "$dir/stdout" | head -n1)
[ -n "$base" ] || { echo "the server did not start:"; cat "$dir/stderr"; exit 1; }
echo "schemathesis against $base/openapi/pay.yaml"

# schemathesis keeps a cache in its working directory: the temporary one, not the clone.
cd "$dir"
"$VENV/bin/st" --config-file "$CONFIG" run "$base/openapi/pay.yaml" \
  --url "$base" \
  --checks all \
  --phases examples,coverage,fuzzing,stateful \
  --header "X-Auth-API-Key: $key" \
  --max-examples "$EXAMPLES" \
  --seed 20261123 \
  --no-color \
  "$@"
