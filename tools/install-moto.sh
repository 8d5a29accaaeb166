#!/usr/bin/env bash
# Installs moto's S3-compatible server (`moto_server`, from PyPI `moto[server]`) into a venv for
# the menu import's object store tests (crates/noren/tests/api/order_import.rs), which start it
# on a free port. `make ci` runs this before `make test`.
#
#   NOREN_MOTO_VENV   where to install (default $HOME/.cache/noren/venv-moto)
set -euo pipefail

VENV=${NOREN_MOTO_VENV:-$HOME/.cache/noren/venv-moto}
if [ -x "$VENV/bin/moto_server" ]; then
  exit 0
fi
echo "installing moto[server] into $VENV"
python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet "moto[server]>=5,<6"
