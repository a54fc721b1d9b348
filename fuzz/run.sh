#!/usr/bin/env bash
# Builds and runs the libFuzzer targets. Not part of .ci/run.
#
#   fuzz/run.sh [http_parser|form_decoder|slash_essentials|all]   (default: all, one after the other)
#
# Environment:
#   FUZZ_SECONDS   seconds per target (default 600), passed as -max_total_time
#   FUZZ_ARGS      extra libFuzzer flags, e.g. "-max_len=8192 -dict=..."
#   FUZZ_BUILD_ONLY=1  build fuzz/out/<target> and stop
#
# Builds go to fuzz/out/ and the working corpus to fuzz/corpus-work/<target>/ (both gitignored);
# the checked-in seeds in fuzz/corpus/<target>/ are only read. A crash leaves
# fuzz/out/crash-<target>-* and makes the script exit non-zero.
set -euo pipefail

# The Swift runtime's own crash backtracer fights ASan's signal handling (hangs, "unknown-crash");
# libFuzzer and ASan report crashes themselves.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/fuzz"
out="$fuzz/out"
work="$fuzz/corpus-work"
seconds="${FUZZ_SECONDS:-600}"
which="${1:-all}"

# The library files each target needs, compiled straight into the target's module (no SwiftPM,
# so the epoll C module and the rest of TenkiHTTP are not pulled in). None of them imports anything.
http_sources=(
    Sources/TenkiHTTP/HTTPRequestParser.swift
    Sources/TenkiHTTP/HTTPRequestParser+Head.swift
    Sources/TenkiHTTP/HTTPRequestParser+Fields.swift
    Sources/TenkiHTTP/HTTPParseError.swift
    Sources/TenkiHTTP/HTTPMessages.swift
    Sources/TenkiHTTP/HTTPHeaders.swift
)
form_sources=(
    Sources/TenkiCore/Commands/FormURLEncoded.swift
    Sources/TenkiCore/Commands/FormDecodingError.swift
)
essentials_sources=(
    "${form_sources[@]}"
    Sources/TenkiCore/Commands/SlashCommandPayload.swift
    Sources/TenkiCore/Commands/SlashCommandPayloadError.swift
    Sources/TenkiCore/Commands/SlashCommandEssentials.swift
)

build() {
    local target="$1" module="$2"
    shift 2
    mkdir -p "$out"
    echo "== building $target"
    (cd "$root" && swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld \
        -module-name "$module" "$@" "fuzz/targets/$target.swift" -o "$out/$target")
}

run() {
    local target="$1"
    local log="$out/$target.log"
    mkdir -p "$work/$target"
    cp -n "$fuzz/corpus/$target/"* "$work/$target/" 2>/dev/null || true
    echo "== fuzzing $target for ${seconds}s (log: $log)"
    local status=0
    # shellcheck disable=SC2086
    "$out/$target" "$work/$target" \
        -max_total_time="$seconds" -print_final_stats=1 -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$out/crash-$target-" ${FUZZ_ARGS:-} >"$log" 2>&1 || status=$?
    echo "-- $target: exit $status"
    # Last coverage line ("#N DONE cov: … ft: …") and the final stats.
    grep -E '^#[0-9]+' "$log" | tail -n 1 || true
    grep -E '^stat::' "$log" || true
    if [ "$status" -ne 0 ] || grep -qE 'ERROR: (libFuzzer|AddressSanitizer)|Fatal error|SUMMARY: ' "$log"; then
        echo "!! $target crashed; see $log and $out/crash-$target-*"
        grep -E 'Fatal error|ERROR:|SUMMARY:|Test unit written' "$log" | head -n 20 || true
        return 1
    fi
}

targets=()
case "$which" in
    http_parser) targets=(http_parser) ;;
    form_decoder) targets=(form_decoder) ;;
    slash_essentials) targets=(slash_essentials) ;;
    all) targets=(http_parser form_decoder slash_essentials) ;;
    *) echo "usage: fuzz/run.sh [http_parser|form_decoder|slash_essentials|all]" >&2; exit 2 ;;
esac

failed=0
for target in "${targets[@]}"; do
    case "$target" in
        http_parser) build http_parser TenkiHTTP "${http_sources[@]}" ;;
        form_decoder) build form_decoder TenkiCore "${form_sources[@]}" ;;
        slash_essentials) build slash_essentials TenkiCore "${essentials_sources[@]}" ;;
    esac
    [ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && continue
    run "$target" || failed=1
done
exit "$failed"
