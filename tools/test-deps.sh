#!/usr/bin/env bash
# What `make test`'s tests need beside Rust, installed when missing, so that on a fresh machine
# every test runs (a test whose tool is missing fails: noren-testkit's `missing`):
#   - moto's S3-compatible server, for the object store tests (tools/install-moto.sh, a venv);
#   - PostgreSQL's server binaries (initdb, postgres), for the PostgreSQL half of every test;
#   - curl, jq and openssl, which the guides' examples use as readers do.
# Debian packages are installed with apt-get when this runs as root (as `make bench` installs
# wrk); otherwise it says what to install and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-moto.sh

missing=()
for tool in curl jq openssl; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "make test needs: ${missing[*]} (Debian: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
