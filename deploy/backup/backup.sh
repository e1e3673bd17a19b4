#!/usr/bin/env bash
# Backs up Lipcast into a folder: PostgreSQL with pg_dump (custom format, restorable with
# restore.sh or pg_restore) and the media bucket mirrored with each object's content type.
#
#   DATABASE_URL=postgresql://… S3_ENDPOINT=… S3_ACCESS_KEY=… S3_SECRET_KEY=… S3_BUCKET=… \
#     deploy/backup/backup.sh [--per-schema | --schema NAME …] [--no-objects] FOLDER
#
#   (default)        one dump of the whole database: FOLDER/database.dump
#   --per-schema     one dump per Lipcast schema (gateway auth billing content generation): FOLDER/schema-<name>.dump
#   --schema NAME    only that schema (repeatable), as FOLDER/schema-<name>.dump
#   --no-objects     the database only (no S3 variables needed)
#
# The media go to FOLDER/objects/ with FOLDER/objects.json; running again into the same folder copies
# only new or changed objects (a dated folder per run keeps deleted media too). pg_dump's major
# version must be at least the server's: the script checks that first.
set -euo pipefail

SCHEMAS_ALL=(gateway auth billing content generation)
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NODE_BIN="${NODE:-$( [ -x "$ROOT/node_modules/.bin/node" ] && echo "$ROOT/node_modules/.bin/node" || echo node )}"

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}" >&2; exit 2; }

schemas=()
per_schema=0
objects=1
folder=''
while [ $# -gt 0 ]; do
  case "$1" in
    --per-schema) per_schema=1 ;;
    --schema) [ $# -ge 2 ] || usage; schemas+=("$2"); per_schema=1; shift ;;
    --no-objects) objects=0 ;;
    -h|--help) usage ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) [ -z "$folder" ] || usage; folder="$1" ;;
  esac
  shift
done
[ -n "$folder" ] || usage
: "${DATABASE_URL:?DATABASE_URL is required}"
if [ "$per_schema" = 1 ] && [ ${#schemas[@]} -eq 0 ]; then schemas=("${SCHEMAS_ALL[@]}"); fi
for schema in "${schemas[@]}"; do
  [[ " ${SCHEMAS_ALL[*]} " == *" $schema "* ]] || { echo "unknown schema $schema (one of: ${SCHEMAS_ALL[*]})" >&2; exit 2; }
done

# pg_dump refuses a newer server; say which client to install instead of its bare error.
server_num="$(psql --no-psqlrc -XAtq --dbname="$DATABASE_URL" -c 'show server_version_num')"
server_major=$((server_num / 10000))
client_major="$(pg_dump --version | sed -E 's/^[^0-9]*([0-9]+).*/\1/')"
if [ "$client_major" -lt "$server_major" ]; then
  echo "pg_dump $client_major cannot dump a PostgreSQL $server_major server: install postgresql-client-$server_major" >&2
  exit 1
fi

mkdir -p "$folder"
started=$(date +%s)
if [ "$per_schema" = 1 ]; then
  for schema in "${schemas[@]}"; do
    pg_dump --dbname="$DATABASE_URL" --format=custom --schema="$schema" --file="$folder/schema-$schema.dump.tmp"
    mv "$folder/schema-$schema.dump.tmp" "$folder/schema-$schema.dump"
    echo "[backup] schema $schema → $folder/schema-$schema.dump ($(stat -c %s "$folder/schema-$schema.dump") bytes)"
  done
else
  pg_dump --dbname="$DATABASE_URL" --format=custom --file="$folder/database.dump.tmp"
  mv "$folder/database.dump.tmp" "$folder/database.dump"
  echo "[backup] database → $folder/database.dump ($(stat -c %s "$folder/database.dump") bytes)"
fi

if [ "$objects" = 1 ]; then
  : "${S3_BUCKET:?S3_BUCKET is required (or pass --no-objects)}"
  "$NODE_BIN" "$ROOT/tools/backup/mirror.ts" "s3://$S3_BUCKET" "$folder"
fi

{
  echo "made: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "server: PostgreSQL $server_num"
  echo "pg_dump: $(pg_dump --version)"
  echo "dumps: $(cd "$folder" && ls -- *.dump | tr "\n" " ")"
  echo "objects: $([ "$objects" = 1 ] && echo "s3://$S3_BUCKET" || echo none)"
} > "$folder/backup.txt"
echo "[backup] done in $(( $(date +%s) - started )) s: $folder"
