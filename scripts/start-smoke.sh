#!/usr/bin/env bash
# Proves the README's `npm start` on this machine: it builds if needed, starts the embedded
# storefront (fresh PGlite in a temporary folder, seeded), and answers the home page, a service
# page and the API, rendering with React's production build. Stops the server afterwards.
set -uo pipefail
cd "$(dirname "$0")/.."

data_dir=$(mktemp -d "${TMPDIR:-/tmp}/sevadocs-start.XXXXXX")
log="$data_dir/start.log"
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base="http://127.0.0.1:$port"

# NODE_ENV and DEPLOYMENT are left to npm start's defaults on purpose: that is what is proven.
env -u NODE_ENV -u DEPLOYMENT -u DATABASE_URL PORT="$port" HOST=127.0.0.1 DATA_DIR="$data_dir" \
  setsid npm start >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM -- "-$pid" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -KILL -- "-$pid" 2>/dev/null
  rm -rf "$data_dir"
}
trap cleanup EXIT

fail() {
  echo "npm start: $*"
  echo "--- server output (last 60 lines) ---"
  tail -n 60 "$log"
  exit 1
}

deadline=$(( $(date +%s) + 300 ))
until curl -fsS -o /dev/null "$base/api/v1/health" 2>/dev/null; do
  kill -0 "$pid" 2>/dev/null || fail "the server exited before it answered"
  [ "$(date +%s)" -lt "$deadline" ] || fail "no answer from $base/api/v1/health within 300 s"
  sleep 1
done

check() { # path, text the page must contain
  body=$(curl -fsS "$base$1") || fail "GET $1 did not answer 200"
  grep -q -- "$2" <<<"$body" || fail "GET $1 lacks '$2'"
  echo "GET $1: 200, has '$2'"
}
check / '<h1'
check /oci-card 'OCI'
check /api/v1/services '"isSuccess":true'
status() { curl -s -o /dev/null -w '%{http_code}' "$base$1"; }
[ "$(status /dev/crash)" = 404 ] || fail "/dev/crash exists outside development and tests"
[ "$(status /dev/form-preview)" = 404 ] || fail "/dev/form-preview exists outside development and tests"
[ "$(status /dev/mailbox)" = 200 ] || fail "the dev mailbox does not answer this machine in the embedded mode"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H 'X-Forwarded-For: 203.0.113.9' "$base/api/v1/dev/mailbox")" = 404 ] ||
  fail "the dev mailbox answers a request relayed by a proxy"
echo "/dev/crash and /dev/form-preview: 404; dev mailbox: this machine only"
grep -q '"nodeEnv":"production"' "$log" || fail "the server did not report React's production build (nodeEnv production)"
grep -q '"deployment":"embedded"' "$log" || fail "the server did not report the embedded deployment"
# Every sitemap page through pa11y-ci (axe and HTML_CodeSniffer), on the server a visitor gets.
# pa11y-ci drives Chromium: CI installs it beside this step and names the file that says it is done.
if [ -n "${CHROMIUM_READY_FILE:-}" ]; then
  install_deadline=$(( $(date +%s) + 600 ))
  until [ -e "$CHROMIUM_READY_FILE" ]; do
    [ "$(date +%s)" -lt "$install_deadline" ] || fail "Chromium's install did not end within 600 s"
    sleep 1
  done
fi
npm run --silent pa11y -- "$base" || fail "pa11y-ci reported accessibility errors (above)"
echo "npm start serves the embedded storefront on node $(npm exec --offline -- node -v) with React's production build"
