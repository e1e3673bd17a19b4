#!/usr/bin/env bash
# Restores a backup.sh folder into a database and a bucket.
#
#   DATABASE_URL=postgresql://…/lipcast S3_ENDPOINT=… S3_ACCESS_KEY=… S3_SECRET_KEY=… S3_BUCKET=… \
#     deploy/backup/restore.sh [--schema NAME …] [--no-objects] FOLDER
#
#   --schema NAME    only that schema (repeatable), from its schema-<name>.dump or from database.dump
#   --no-objects     the database only
#
# The database is created when missing. It must not hold the schemas being restored: restore into a
# fresh database (or drop the damaged schema first), so a restore never mixes old and new rows.
# Each dump is restored in one transaction: a failure leaves nothing of it behind. Owners are not
# restored: the objects belong to the user in DATABASE_URL. The bucket is created when missing and
# receives every object of the backup with its content type. Start the processes afterwards with the
# release's migrations first (they apply only what the backup lacks).
set -euo pipefail

SCHEMAS_ALL=(gateway auth billing content generation)
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NODE_BIN="${NODE:-$( [ -x "$ROOT/node_modules/.bin/node" ] && echo "$ROOT/node_modules/.bin/node" || echo node )}"

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}" >&2; exit 2; }

schemas=()
objects=1
folder=''
while [ $# -gt 0 ]; do
  case "$1" in
    --schema) [ $# -ge 2 ] || usage; schemas+=("$2"); shift ;;
    --no-objects) objects=0 ;;
    -h|--help) usage ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) [ -z "$folder" ] || usage; folder="$1" ;;
  esac
  shift
done
[ -n "$folder" ] && [ -d "$folder" ] || usage
: "${DATABASE_URL:?DATABASE_URL is required}"
for schema in "${schemas[@]}"; do
  [[ " ${SCHEMAS_ALL[*]} " == *" $schema "* ]] || { echo "unknown schema $schema (one of: ${SCHEMAS_ALL[*]})" >&2; exit 2; }
done

# Which dumps: the whole-database dump (all of it, or the chosen schemas), else the per-schema dumps.
dumps=()
selected=${#schemas[@]}
if [ -f "$folder/database.dump" ]; then
  dumps=("$folder/database.dump")
  [ "$selected" -gt 0 ] || schemas=("${SCHEMAS_ALL[@]}")
else
  if [ ${#schemas[@]} -eq 0 ]; then
    for file in "$folder"/schema-*.dump; do
      [ -f "$file" ] || continue
      name="${file##*/schema-}"; schemas+=("${name%.dump}")
    done
  fi
  for schema in "${schemas[@]}"; do
    [ -f "$folder/schema-$schema.dump" ] || { echo "no dump of schema $schema in $folder" >&2; exit 1; }
    dumps+=("$folder/schema-$schema.dump")
  done
fi
[ ${#dumps[@]} -gt 0 ] || { echo "no database.dump or schema-*.dump in $folder" >&2; exit 1; }

# The target database, created when missing (through the server's maintenance database).
base="${DATABASE_URL%%\?*}"
query="${DATABASE_URL#"$base"}"
database="${base##*/}"
maintenance_url="${base%/*}/postgres$query"
[[ "$database" =~ ^[A-Za-z0-9_]+$ ]] || { echo "unsupported database name \"$database\" in DATABASE_URL" >&2; exit 1; }
exists="$(psql --no-psqlrc -XAtq --dbname="$maintenance_url" -c "select 1 from pg_database where datname = '$database'")"
if [ "$exists" != 1 ]; then
  psql --no-psqlrc -XAtq --dbname="$maintenance_url" -c "create database \"$database\"" >/dev/null
  echo "[restore] created database $database"
fi

in_list="$(printf "'%s'," "${schemas[@]}")"
present="$(psql --no-psqlrc -XAtq --dbname="$DATABASE_URL" -c "select string_agg(nspname, ' ' order by nspname) from pg_namespace where nspname in (${in_list%,})")"
if [ -n "$present" ]; then
  echo "database $database already holds schema(s) $present: restore into a fresh database, or drop them first" >&2
  exit 1
fi

started=$(date +%s)
if [ "${dumps[0]}" = "$folder/database.dump" ] && [ "$selected" -eq 0 ]; then
  pg_restore --dbname="$DATABASE_URL" --no-owner --exit-on-error --single-transaction "$folder/database.dump"
  echo "[restore] $folder/database.dump → $database"
elif [ "${dumps[0]}" = "$folder/database.dump" ]; then
  # pg_restore --schema restores a schema's objects but not the schema itself: made here, in the same transaction.
  selection=()
  create=''
  for schema in "${schemas[@]}"; do selection+=(--schema="$schema"); create+="create schema \"$schema\"; "; done
  # The SQL is written out in full first, so a damaged dump stops here rather than half-way through psql.
  script="$(mktemp)"
  trap 'rm -f "$script"' EXIT
  { echo "$create"; pg_restore --no-owner --exit-on-error "${selection[@]}" --file=- "$folder/database.dump"; } > "$script"
  psql --no-psqlrc -Xq --set ON_ERROR_STOP=1 --single-transaction --dbname="$DATABASE_URL" --file="$script" >/dev/null
  echo "[restore] $folder/database.dump (${schemas[*]}) → $database"
else
  for dump in "${dumps[@]}"; do
    pg_restore --dbname="$DATABASE_URL" --no-owner --exit-on-error --single-transaction "$dump"
    echo "[restore] $dump → $database"
  done
fi

if [ "$objects" = 1 ]; then
  if [ -f "$folder/objects.json" ]; then
    : "${S3_BUCKET:?S3_BUCKET is required (or pass --no-objects)}"
    "$NODE_BIN" "$ROOT/tools/backup/mirror.ts" "$folder" "s3://$S3_BUCKET"
  else
    echo "[restore] no objects.json in $folder: no media restored"
  fi
fi
echo "[restore] done in $(( $(date +%s) - started )) s"
