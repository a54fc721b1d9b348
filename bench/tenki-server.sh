#!/usr/bin/env bash
# Starts `tenki serve` for the peer benchmark; ends with `exec`, so the PID that
# ../shared/peers/run.sh watches (and pins, and reads VmHWM from) is tenki itself.
#
# usage: tenki-server.sh PORT
# needs: OPENWEATHER_BASE_URL (a running `tenki fakes`), SLACK_SIGNING_SECRET (run.sh exports it),
#        TENKI_BIN (default: the release build of this checkout), BENCH_STATE_DIR (an existing
#        scratch directory; run.sh and soak.sh create it).
# Production settings otherwise: info logging to stderr (logfmt), /metrics on, signature
# verification on. The per-user rate limit is off: every benchmark request comes from one user
# (sign.py's U2147483697), who would otherwise be told to slow down after 20 commands a minute.
# Startup time counts from this script's exec, so it runs no other program (no mkdir, rm, dirname):
# every start gets a new, empty state file named after its PID, and empty caches.
set -eu
PORT="${1:?usage: tenki-server.sh PORT}"
: "${OPENWEATHER_BASE_URL:?start tenki fakes first (bench/run.sh does)}"
export TENKI_STATE="${BENCH_STATE_DIR:-/tmp}/tenki-$PORT-$$.sqlite"
export OPENWEATHER_API_KEY="${OPENWEATHER_API_KEY:-demo-key}"
export TENKI_USER_RATE_LIMIT=0
export TENKI_LOG_LEVEL="${TENKI_LOG_LEVEL:-info}"
HERE="${BASH_SOURCE[0]%/*}"
exec "${TENKI_BIN:-$HERE/../.build/release/tenki}" serve --host 127.0.0.1 --port "$PORT"
