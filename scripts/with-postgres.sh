#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: initdb in a temporary folder, a free
# port on loopback, TEST_DATABASE_URL (and TEST_PG_* below) exported; the server and its files
# are removed after.
# Usage: scripts/with-postgres.sh npx vitest run --project unit
set -euo pipefail

bin=$(dirname "$(readlink -f "$(command -v pg_ctl)")")
# The cluster's files live in memory when the machine has a writable tmpfs: on ext4, once earlier
# test files' databases had been dropped, finding free inodes for each CREATE DATABASE's ~1,000
# files took 0.3-0.45 s of kernel CPU (`recently_deleted`, perf); on /dev/shm 14 ms (decision 0091).
scratch=/tmp
if [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then scratch=/dev/shm; fi
dir=$(mktemp -d "$scratch/sevadocs-pg.XXXXXX")
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
runas=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir" 2>/dev/null || { useradd -r postgres && chown postgres "$dir"; }
  runas=(runuser -u postgres --)
fi

cleanup() {
  "${runas[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${runas[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${runas[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
# For suites that restart the server under load (e2e/cluster): pg_ctl, its data folder, log, and
# the user it must run as (postgres when this script runs as root, else empty).
export TEST_PG_CTL="$bin/pg_ctl" TEST_PGDATA="$dir/data" TEST_PG_LOG="$dir/server.log"
export TEST_PG_USER="${runas:+postgres}"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port"
"$@"
