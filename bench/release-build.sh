#!/usr/bin/env bash
# The one release build every benchmark measures, built as deploy/Dockerfile builds it: the Swift
# standard library linked statically, and libraries looked up only where the system keeps them
# (no RUNPATH). Builds the package in DIR (default: this checkout) and prints the binary's path on
# stdout; stderr gets the build's last line, or all of its output when it fails.
#
#   bin="$(bench/release-build.sh)"            # this checkout
#   bin="$(bench/release-build.sh /tmp/old)"   # an earlier revision unpacked there (bench/run.sh --baseline)
set -euo pipefail
dir="$(cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}" && pwd)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! (cd "$dir" && swift build -c release --static-swift-stdlib --disable-local-rpath --product tenki) >"$log" 2>&1; then
    cat "$log" >&2
    exit 1
fi
tail -1 "$log" >&2
echo "$dir/.build/release/tenki"
