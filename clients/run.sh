#!/usr/bin/env bash
# Generated-client check of the payment API (and, since issue 34, of webhook endpoints verified
# with the official standardwebhooks libraries for Python and Node: webhooks_flow.py): generates a Python client from the committed
# openapi/pay.yaml (and, generation only, from openapi/inbound.json) with openapi-python-client
# (in a venv under ~/.cache/noren) and runs a whole sandbox payment with it (flow.py) against a
# live server with demo data. Fails when a client cannot be generated, crashes, or parses an
# answer into anything but the model the spec names.
#
#   NOREN_BIN           the server binary (required)
#   NOREN_CLIENTS_VENV  where openapi-python-client is installed (default $HOME/.cache/noren/venv-clients)
set -euo pipefail

BIN=${NOREN_BIN:?set NOREN_BIN to the noren binary}
HERE="$(cd "$(dirname "$0")" && pwd)"
SPEC="$HERE/../openapi/pay.yaml"
VENV=${NOREN_CLIENTS_VENV:-$HOME/.cache/noren/venv-clients}
# Pinned so that a new generator release cannot break CI unnoticed; bump it on purpose.
GENERATOR="openapi-python-client==0.29.1"

if ! "$VENV/bin/pip" show --quiet openapi-python-client >/dev/null 2>&1 \
   || [ "$("$VENV/bin/openapi-python-client" --version 2>/dev/null | awk '{print $NF}')" != "${GENERATOR##*==}" ]; then
  echo "installing $GENERATOR into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "$GENERATOR"
fi
# The official Standard Webhooks library for Python (webhooks_flow.py verifies with it).
VERIFIER="standardwebhooks==1.1.0"
if [ "$("$VENV/bin/pip" show standardwebhooks 2>/dev/null | sed -n 's/^Version: //p')" != "${VERIFIER##*==}" ]; then
  echo "installing $VERIFIER into $VENV"
  "$VENV/bin/pip" install --quiet "$VERIFIER"
fi
# And for Node (clients/node: its package-lock.json pins it).
if [ ! -f "$HERE/node/node_modules/.installed" ] || [ "$HERE/node/package-lock.json" -nt "$HERE/node/node_modules/.installed" ]; then
  (cd "$HERE/node" && npm ci --no-audit --no-fund --loglevel=error --prefer-offline && touch node_modules/.installed)
fi

dir=$(mktemp -d)
pid=
node_pid=
cleanup() {
  if [ -n "$node_pid" ]; then kill "$node_pid" 2>/dev/null || true; wait "$node_pid" 2>/dev/null || true; fi
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  if type stop_demo_postgres >/dev/null 2>&1; then stop_demo_postgres; fi
  rm -rf "$dir"
}
trap cleanup EXIT

# The generator warns on what it cannot turn into code; a warning fails the check.
(cd "$dir" && "$VENV/bin/openapi-python-client" generate --path "$SPEC" --config "$HERE/config.yaml" \
  --meta none --output-path noren_client) > "$dir/generate.log" 2>&1 \
  || { cat "$dir/generate.log"; exit 1; }
if grep -qi "warning" "$dir/generate.log"; then
  cat "$dir/generate.log"; echo "openapi-python-client warned on openapi/pay.yaml"; exit 1
fi
echo "generated a Python client from openapi/pay.yaml: $(find "$dir/noren_client/api" -name "*.py" ! -name "__init__.py" | wc -l) operations"
# The inbound API's spec must generate as cleanly (a few seconds; no flow of its own: the
# contract run and tests/api/inbound_*.rs call it).
(cd "$dir" && "$VENV/bin/openapi-python-client" generate --path "$HERE/../openapi/inbound.json" \
  --config "$HERE/config.yaml" --meta none --output-path noren_inbound) > "$dir/generate-inbound.log" 2>&1 \
  || { cat "$dir/generate-inbound.log"; exit 1; }
if grep -qi "warning" "$dir/generate-inbound.log"; then
  cat "$dir/generate-inbound.log"; echo "openapi-python-client warned on openapi/inbound.json"; exit 1
fi
echo "generated a Python client from openapi/inbound.json: $(find "$dir/noren_inbound/api" -name "*.py" ! -name "__init__.py" | wc -l) operations"

source "$HERE/../tools/demo-server.sh"
start_demo_server "$BIN" "$dir"
key=$(demo merchant_key)
echo "running a sandbox payment against $base"

PYTHONPATH="$dir" "$VENV/bin/python" "$HERE/flow.py" "$base" "$key"

partner=$(demo partner_key)
platform=$(demo platform)
shop=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["inbound_shop_ids"][0])' "$demo_dir/demo.json")
echo "running a partner's hold → booking → calendar flow against $base"
PYTHONPATH="$dir" "$VENV/bin/python" "$HERE/inbound_flow.py" "$base" "$partner" "$platform" "$shop"

# Issue 34: webhook endpoints of the merchant and of the partner, every delivery verified with
# the official standardwebhooks libraries, in Python and in Node, a rotation included.
node "$HERE/node/receiver.mjs" > "$dir/node-receiver.log" 2>&1 &
node_pid=$!
for _ in $(seq 1 100); do
  grep -q '^listening ' "$dir/node-receiver.log" 2>/dev/null && break
  sleep 0.1
done
node_port=$(sed -n 's/^listening //p' "$dir/node-receiver.log" | head -n1)
[ -n "$node_port" ] || { echo "the Node receiver did not start:"; cat "$dir/node-receiver.log"; exit 1; }
shops=$(python3 -c 'import json, sys; print(",".join(map(str, json.load(open(sys.argv[1]))["inbound_shop_ids"])))' "$demo_dir/demo.json")
echo "running webhook endpoints verified with standardwebhooks (Python $VERIFIER, Node: clients/node) against $base"
PYTHONPATH="$dir" "$VENV/bin/python" "$HERE/webhooks_flow.py" "$base" "$key" "$partner" "$platform" "$shops" \
  "http://127.0.0.1:$node_port" "$BIN"

# Issue 35, item 3: the official clients. Their generated code must be that of the committed
# specs (a spec changed and a client was not regenerated fails here); the TypeScript client
# builds and its `npm pack` artifact installs into an empty project and imports; the Python
# client's wheel builds. Then each one's tests run against this server (SQLite) and against a
# second one on a throwaway PostgreSQL, the Python tests from the installed wheel.
ts="$HERE/typescript"
py="$HERE/python"
if [ ! -f "$ts/node_modules/.installed" ] || [ "$ts/package-lock.json" -nt "$ts/node_modules/.installed" ]; then
  (cd "$ts" && npm ci --no-audit --no-fund --loglevel=error --prefer-offline && touch node_modules/.installed)
fi
(cd "$ts" && npm run -s check-generated && npm run -s build)
tarball=$(cd "$ts" && npm pack --silent --pack-destination "$dir")
mkdir -p "$dir/ts-install" && (cd "$dir/ts-install" && npm init -y >/dev/null \
  && npm install --no-audit --no-fund --loglevel=error --prefer-offline "$dir/$tarball" >/dev/null \
  && node --input-type=module -e "import { createNoren, SPECS } from '@noren/client'; createNoren(); console.log('installed $tarball: @noren/client for pay ' + SPECS.pay.version + ', order ' + SPECS.order.version + ', inbound ' + SPECS.inbound.version)")
PATH="$VENV/bin:$PATH" python3 "$py/scripts/generate.py" --check
PYVENV=${NOREN_PYCLIENT_VENV:-$HOME/.cache/noren/venv-pyclient}
[ -x "$PYVENV/bin/pip" ] || python3 -m venv "$PYVENV"
"$PYVENV/bin/pip" wheel --quiet --no-deps -w "$dir/wheel" "$py"
wheel=$(ls "$dir"/wheel/noren-*.whl)
"$PYVENV/bin/pip" install --quiet --force-reinstall --no-deps "$wheel"
"$PYVENV/bin/pip" install --quiet "$wheel[test]"

# official_clients DATABASE: both clients' tests against the demo server at $base.
official_clients() {
  local inbound_shop
  inbound_shop=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["inbound_shop_ids"][0])' "$demo_dir/demo.json")
  echo "running the TypeScript client's tests against $base ($1)"
  (cd "$ts" && NOREN_BASE="$base" NOREN_KEY="$(demo merchant_key)" NOREN_PARTNER_KEY="$(demo partner_key)" \
    NOREN_PLATFORM="$(demo platform)" NOREN_SHOP_ID="$(demo shop_id)" NOREN_INBOUND_SHOP="$inbound_shop" npm test)
  echo "running the Python client's tests ($(basename "$wheel")) against $base ($1)"
  (cd "$dir" && NOREN_BASE="$base" NOREN_KEY="$(demo merchant_key)" NOREN_PARTNER_KEY="$(demo partner_key)" \
    NOREN_PLATFORM="$(demo platform)" NOREN_SHOP_ID="$(demo shop_id)" NOREN_INBOUND_SHOP="$inbound_shop" \
    "$PYVENV/bin/python" -m pytest -p no:cacheprovider --rootdir "$py" "$py/tests")
}
official_clients SQLite

# The "Official clients" guide (en, ja) as a reader runs it: build, install, run the examples.
echo "running the official clients guide against $base"
python3 "$HERE/guide.py" "$base" "$key"

# The same client tests on PostgreSQL: a throwaway cluster from the installed initdb/pg_ctl.
kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=
start_demo_postgres "$dir/pg"
mkdir -p "$dir/on-pg"
start_demo_server "$BIN" "$dir/on-pg" "postgres://noren@127.0.0.1:$pg_port/postgres"
official_clients PostgreSQL
