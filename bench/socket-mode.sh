#!/usr/bin/env bash
# Socket Mode beside HTTP in one run (bench/socket_mode.py): envelopes per second for a cached
# `/weather danang` over one Socket Mode connection to `tenki fakes`' fake Slack, acknowledgement
# latency p50/p99, and the same command over one HTTP keep-alive connection.
# Usage: bench/socket-mode.sh [--no-build] [--latency 500] [--throughput 5000]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--no-build" ]; then shift; else bench/release-build.sh >/dev/null; fi
exec python3 bench/socket_mode.py --bin "$PWD/.build/release/tenki" "$@"
