#!/usr/bin/env bash
# The container image (Containerfile) without a registry and without a container runtime.
#
#   bash tools/image.sh build   base images if missing, then localhost/noren:dev  (make image)
#   bash tools/image.sh check   run the built image's noren under unshare + chroot  (make image-check)
#   bash tools/image.sh base    only the two base images (skipped when they exist)
#
# Environment:
#   NOREN_IMAGE               the image to build and check (default localhost/noren:dev; its
#                             build stage is kept as localhost/noren-build:dev, the build cache)
#   NOREN_IMAGE_BASE          runtime base (default localhost/noren-base:bookworm)
#   NOREN_IMAGE_BUILD_BASE    build-stage base (default localhost/noren-build-base:bookworm)
#   NOREN_IMAGE_REBASE        1 = rebuild both base images from Debian's current packages
#                             (security updates); otherwise existing ones are reused
#   NOREN_IMAGE_TARGET        Cargo target folder of the image build, outside the clone
#                             (default $HOME/.cache/noren/image-target)
#   NOREN_DEBIAN_MIRROR       Debian mirror for mmdebstrap (default http://deb.debian.org/debian;
#                             security updates come from http://deb.debian.org/debian-security)
#
# Runs as root (mmdebstrap, podman, chroot and unshare need it). Installs Debian's podman and
# mmdebstrap with apt-get when they are missing. What was measured on the CI machines, and why
# the build uses --isolation chroot and the check uses chroot instead of `podman run`: see the
# comments at the top of the Containerfile.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IMAGE=${NOREN_IMAGE:-localhost/noren:dev}
[[ "${IMAGE##*/}" == *:* ]] || IMAGE=$IMAGE:latest
BASE=${NOREN_IMAGE_BASE:-localhost/noren-base:bookworm}
BUILD_BASE=${NOREN_IMAGE_BUILD_BASE:-localhost/noren-build-base:bookworm}
BUILD_STAGE=${IMAGE%:*}-build:${IMAGE##*:}
IMAGE_TARGET=${NOREN_IMAGE_TARGET:-$HOME/.cache/noren/image-target}
MIRROR=${NOREN_DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=bookworm

say() { echo "image: $*"; }
die() { echo "image: $*" >&2; exit 1; }
# Prints a command (quoted where needed), then runs it; run_quiet drops its standard output.
show() {
  local a out="+"
  for a in "$@"; do
    if [[ "$a" =~ ^[A-Za-z0-9_./:=@,+%-]+$ ]]; then out+=" $a"; else out+=" $(printf %q "$a")"; fi
  done
  echo "$out"
}
run() { show "$@"; "$@"; }
run_quiet() { show "$@"; "$@" >/dev/null; }

[ "$(id -u)" = 0 ] || die "run as root (mmdebstrap, podman, chroot and unshare need it)"

apt_updated=0
need() { # need COMMAND PACKAGE
  command -v "$1" >/dev/null 2>&1 && return 0
  say "$1 is missing: installing Debian's $2"
  export DEBIAN_FRONTEND=noninteractive
  if [ $apt_updated = 0 ]; then apt-get update -qq; apt_updated=1; fi
  apt-get install -y -qq --no-install-recommends "$2" >/dev/null
}

# Sources for mmdebstrap: the release, its point-release updates and the security archive.
sources() {
  echo "deb $MIRROR $SUITE main"
  echo "deb $MIRROR $SUITE-updates main"
  echo "deb http://deb.debian.org/debian-security $SUITE-security main"
}

# One base image from Debian packages: mmdebstrap --variant=minbase into a tarball, then
# `podman import`. minbase is Debian's Priority: required set (dpkg, apt, bash, coreutils,
# libc6, libgcc-s1, passwd…), what debian:bookworm-slim holds.
make_base() { # make_base IMAGE PACKAGES(comma-separated) [slim]
  local image=$1 packages=$2 slim=${3:-}
  if podman image exists "$image" && [ "${NOREN_IMAGE_REBASE:-0}" != 1 ]; then
    say "$image exists (NOREN_IMAGE_REBASE=1 rebuilds it)"
    return 0
  fi
  need mmdebstrap mmdebstrap
  local tmp opts=()
  tmp=$(mktemp -d /tmp/noren-base.XXXXXX)
  # Same trimming as debian:bookworm-slim: no man pages, info, docs (copyright notices kept)
  # or translations in the runtime image.
  if [ -n "$slim" ]; then
    opts+=(--dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
      --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
      --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias'
      --dpkgopt='path-exclude=/usr/share/lintian/*')
  fi
  local started=$SECONDS
  # merged-usr: /bin, /lib… as symlinks into /usr, made as debootstrap (and so Debian's own
  # images) makes them; mmdebstrap's default installs the usrmerge package instead, which
  # brings perl (50 MB) into the image.
  run mmdebstrap --quiet --variant=minbase --include="$packages" --aptopt='Acquire::Languages "none"' \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    "${opts[@]}" "$SUITE" "$tmp/rootfs.tar" - < <(sources)
  run podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["/bin/bash"]' \
    --change "LABEL org.opencontainers.image.description=\"mmdebstrap --variant=minbase $SUITE --include=$packages\"" \
    "$tmp/rootfs.tar" "$image" >/dev/null
  rm -rf "$tmp"
  say "$image built in $((SECONDS - started)) s"
}

cmd_base() {
  need podman podman
  # Runtime: ca-certificates (object store and webhook TLS); `ldd noren` shows libgcc_s.so.1,
  # libm.so.6 and libc.so.6 only, which minbase has (libgcc-s1, libc6). `make image-check`
  # runs ldd in the image and fails on a missing library.
  make_base "$BASE" ca-certificates slim
  # Build stage: a C compiler and linker for rustc and the crates' C parts (ring,
  # libsqlite3-sys, libmimalloc-sys: cc only), objcopy.
  make_base "$BUILD_BASE" ca-certificates,gcc,libc6-dev,pkg-config,binutils
}

cmd_build() {
  cmd_base
  [ -f "$REPO_DIR/portal/build/index.html" ] || die "no portal build: run \`make portal\` (make image does)"
  [ -f "$REPO_DIR/checkout/dist/index.html" ] || die "no checkout build: run \`make checkout\` (make image does)"
  # The host's active rustup toolchain (rust-toolchain files and overrides honoured).
  local sysroot registry rustc_version revision
  sysroot=$(cd "$REPO_DIR" && realpath "$(rustc --print sysroot)")
  rustc_version=$(cd "$REPO_DIR" && rustc -V)
  [ -x "$sysroot/bin/cargo" ] || die "no cargo in the toolchain at $sysroot"
  registry=${CARGO_HOME:-$HOME/.cargo}/registry
  mkdir -p "$IMAGE_TARGET" "$registry"
  revision=$(git -C "$REPO_DIR" rev-parse HEAD 2>/dev/null || echo unknown)
  if ! git -C "$REPO_DIR" diff --quiet HEAD 2>/dev/null; then revision="$revision-dirty"; fi
  say "building $IMAGE with $rustc_version ($sysroot)"
  local started=$SECONDS
  local args=(--isolation chroot --format docker --layers
    --build-context noren-rust-toolchain="$sysroot"
    --build-context noren-cargo-registry="$registry"
    --build-context noren-cargo-target="$IMAGE_TARGET"
    --build-arg BASE="$BASE" --build-arg BUILD_BASE="$BUILD_BASE"
    --build-arg RUSTC_VERSION="$rustc_version" --file Containerfile)
  # The build stage first, tagged: an untagged stage's intermediate images are what
  # `podman image prune` removes, and with them the cache of the next build's Rust step.
  (cd "$REPO_DIR" && run podman build "${args[@]}" --target build --tag "$BUILD_STAGE" .)
  (cd "$REPO_DIR" && run podman build "${args[@]}" --build-arg NOREN_REVISION="$revision" --tag "$IMAGE" .)
  # The images of earlier builds (untagged now), and only ours (by the stages' title label).
  local title
  for title in noren noren-build; do
    podman image prune --force --filter "label=org.opencontainers.image.title=$title" >/dev/null
  done
  say "$IMAGE built in $((SECONDS - started)) s, $(podman image inspect --format '{{.Size}}' "$IMAGE" | numfmt --to=iec) uncompressed"
}

# Prints the elements of a JSON-array field of the image's config, one a line.
config_list() { podman image inspect --format "{{range .Config.$1}}{{println .}}{{end}}" "$IMAGE" | sed '/^$/d'; }

cmd_check() {
  need podman podman
  podman image exists "$IMAGE" || die "no image $IMAGE: run \`make image\`"
  local pg_bin
  pg_bin=$(find_pg_bin) || die "no PostgreSQL server binaries (initdb, pg_ctl, postgres): apt-get install postgresql"
  local started=$SECONDS tmp
  tmp=$(mktemp -d /tmp/noren-image-check.XXXXXX)
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" EXIT
  chmod 0711 "$tmp"

  # What the image declares, as a container runtime would read it.
  local user workdir entrypoint cmd health env_file=$tmp/env
  user=$(podman image inspect --format '{{.Config.User}}' "$IMAGE")
  workdir=$(podman image inspect --format '{{.Config.WorkingDir}}' "$IMAGE")
  mapfile -t entrypoint < <(config_list Entrypoint)
  mapfile -t cmd < <(config_list Cmd)
  mapfile -t health < <(config_list Healthcheck.Test)
  config_list Env > "$env_file"
  say "image $IMAGE: user '$user', workdir '$workdir', entrypoint [${entrypoint[*]}], cmd [${cmd[*]}], healthcheck [${health[*]}]"
  sed 's/^/image:   env /' "$env_file"
  [[ "$user" =~ ^[1-9][0-9]*(:[0-9]+)?$ ]] || die "the image's user must be a numeric non-root uid, is '$user'"
  [ "${health[0]:-}" = CMD ] || die "the image has no exec-form HEALTHCHECK (built without --format docker?)"
  grep -qx 'NOREN_WEBHOOK_TEST_LOOPBACK=off' "$env_file" || die "the image must default to NOREN_WEBHOOK_TEST_LOOPBACK=off"

  # The image's filesystem, as `podman run` would see it (no container runtime here).
  # (`podman image mount`, not `podman create` + `podman export`: creating a container with a
  # HEALTHCHECK makes podman look for systemd to time it, an error here.)
  local root=$tmp/rootfs mnt
  mkdir "$root"
  mnt=$(podman image mount "$IMAGE")
  tar -C "$mnt" -c . | tar -x -C "$root"
  podman image unmount "$IMAGE" >/dev/null
  say "copied the image's filesystem: $(du -sh "$root" | cut -f1)"

  local uid=${user%%:*} gid home
  gid=${user#*:}; [ "$gid" != "$user" ] || gid=$(awk -F: -v u="$uid" '$3 == u { print $4 }' "$root/etc/passwd")
  home=$(awk -F: -v u="$uid" '$3 == u { print $6 }' "$root/etc/passwd")
  [ -n "$gid" ] && [ -n "$home" ] || die "uid $uid has no entry in the image's /etc/passwd"
  echo "HOME=$home" >> "$env_file"
  mkdir "$tmp/pg"
  chown nobody:nogroup "$tmp/pg"

  # A private mount, PID and network namespace: PostgreSQL and noren get their own loopback
  # (port 8080 is the image's, whatever runs on the host), and everything started in it dies
  # with it. PostgreSQL runs as nobody (it refuses root), from the host's binaries, as the
  # test kit does (crates/noren-testkit/src/postgres.rs).
  say "checking in unshare --mount --pid --net + chroot --userspec=$uid:$gid"
  unshare --mount --pid --net --fork --mount-proc \
    env ROOT="$root" TMP="$tmp" PG_BIN="$pg_bin" UID_GID="$uid:$gid" WORKDIR="${workdir:-/}" \
    ENV_FILE="$env_file" ENTRYPOINT="${entrypoint[*]}" CMD="${cmd[*]}" HEALTH="${health[*]:1}" \
    bash -euo pipefail -c "$(declare -f inner_check show run run_quiet); inner_check" \
    || die "FAILED: the image's noren did not pass (see above)"
  say "passed in $((SECONDS - started)) s"
}

# Runs inside the namespaces. ENTRYPOINT, CMD and HEALTH are the image's (words without spaces).
inner_check() {
  ip link set lo up
  local as_nobody=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  run_quiet "${as_nobody[@]}" "$PG_BIN/initdb" -U postgres --auth=trust --no-sync -E UTF8 --locale=C \
    -D "$TMP/pg/data"
  run "${as_nobody[@]}" "$PG_BIN/pg_ctl" -D "$TMP/pg/data" -l "$TMP/pg/log" -w -s \
    -o "-c listen_addresses=127.0.0.1 -p 5432 -k $TMP/pg -c fsync=off -c synchronous_commit=off" start
  run "${as_nobody[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p 5432 -U postgres noren

  mount -t proc proc "$ROOT/proc"
  mount --rbind /dev "$ROOT/dev"
  mount -t tmpfs tmpfs "$ROOT/tmp"
  local env=()
  mapfile -t env < "$ENV_FILE"
  env+=(NOREN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/noren)
  # As the image would run it: its user, environment and working folder, nothing of ours.
  # shellcheck disable=SC2086
  in_image() { chroot --userspec="$UID_GID" "$ROOT" /usr/bin/env -i -C "$WORKDIR" "${env[@]}" "$@"; }

  echo "+ ldd /usr/local/bin/noren (in the image)"
  local libs
  libs=$(chroot "$ROOT" ldd /usr/local/bin/noren)
  echo "$libs" | sed 's/^/    /'
  ! grep -q 'not found' <<< "$libs" || { echo "image: a shared library is missing"; return 1; }

  # shellcheck disable=SC2086
  run in_image $ENTRYPOINT --version
  # shellcheck disable=SC2086
  run in_image $ENTRYPOINT migrate

  # shellcheck disable=SC2086
  echo "+ in_image $ENTRYPOINT $CMD &   (log: $TMP/serve.log)"
  # shellcheck disable=SC2086
  (exec chroot --userspec="$UID_GID" "$ROOT" /usr/bin/env -i -C "$WORKDIR" "${env[@]}" $ENTRYPOINT $CMD \
    > "$TMP/serve.log" 2>&1) &
  local serve=$! ready=0
  for _ in $(seq 1 60); do
    # shellcheck disable=SC2086
    if in_image $HEALTH 2>/dev/null; then ready=1; break; fi
    kill -0 $serve 2>/dev/null || break
    sleep 0.5
  done
  if [ $ready != 1 ]; then
    echo "image: the HEALTHCHECK did not pass within 30 s; the server's log:"
    cat "$TMP/serve.log"
    return 1
  fi
  # shellcheck disable=SC2086
  run in_image $HEALTH
  # The static builds are in the image and found through NOREN_PORTAL_DIR/NOREN_CHECKOUT_DIR.
  local u
  for u in /healthz / /ja/ /checkout/cs_image_check /openapi/pay.yaml; do
    # shellcheck disable=SC2086
    run in_image $ENTRYPOINT healthcheck "http://127.0.0.1:8080$u"
  done
  # The data folder is the user's: without NOREN_SECRET_KEY the server made its key there.
  echo "+ stat /var/lib/noren/secret.key"
  stat -c '    owner uid %u, mode %a' "$ROOT/var/lib/noren/secret.key"
  [ "$(stat -c %u "$ROOT/var/lib/noren/secret.key")" = "${UID_GID%%:*}" ]

  echo "+ kill -TERM (serve)"
  kill -TERM $serve
  local status=0
  wait $serve || status=$?
  echo "    exit status $status"
  [ $status = 0 ] || { echo "image: serve did not exit 0 on SIGTERM; its log:"; cat "$TMP/serve.log"; return 1; }
  grep -c . "$TMP/serve.log" | sed 's/^/    log lines: /'
  run "${as_nobody[@]}" "$PG_BIN/pg_ctl" -D "$TMP/pg/data" -w -s -m fast stop
}

# PostgreSQL's server binaries, found as the test kit finds them: initdb on PATH (Debian links
# it there; follow the link to postgres), else the newest /usr/lib/postgresql/*/bin.
find_pg_bin() {
  local initdb dir
  if initdb=$(command -v initdb); then
    dir=$(dirname "$(realpath "$initdb")")
    [ -x "$dir/postgres" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  fi
  dir=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -n1)
  [ -n "$dir" ] && [ -x "$dir/postgres" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  return 1
}

case "${1:-}" in
  base) cmd_base ;;
  build) cmd_build ;;
  check) cmd_check ;;
  *) echo "usage: $0 base|build|check" >&2; exit 2 ;;
esac
