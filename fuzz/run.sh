#!/usr/bin/env bash
# Builds and runs the libFuzzer targets in fuzz/targets/ (one per parser).
#
#   fuzz/run.sh [TARGET...]        (default: every fuzz/targets/*.swift, one after the other)
#
# Environment:
#   FUZZ_RUNS=N        reproducible run, as .ci/run does it: -seed=1 -runs=N over a fresh copy of the
#                      checked-in corpus, so the result depends only on the code and the corpus
#   FUZZ_SECONDS       otherwise, seconds per target (default 600), passed as -max_total_time, over
#                      the working corpus fuzz/corpus-work/<target>/, which grows across runs
#   FUZZ_ARGS          extra libFuzzer flags, e.g. "-jobs=2 -workers=2"
#   FUZZ_BUILD_ONLY=1  build fuzz/out/<target> and stop
#
# A target is built against the package's own modules, not a list of files: the modules it imports
# (`@testable import TenkiHTTPServer`) are built by SwiftPM with the fuzzer's coverage and AddressSanitizer,
# in a scratch folder of their own under fuzz/out/build/, and every object file there (the module and
# its dependencies, nothing else) is linked into the target. To follow a module that is split or
# renamed, change the import line in the target.
#
# Builds go to fuzz/out/ and working corpora to fuzz/corpus-work/ (both gitignored); fuzz/corpus/ is
# only read. A crash leaves fuzz/out/crash-<target>-* and makes the script exit non-zero.
set -euo pipefail

# The Swift runtime's own crash backtracer fights ASan's signal handling (hangs, "unknown-crash");
# libFuzzer and ASan report crashes themselves.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
# Set and Dictionary order the same in every process, so a seed gives the same run every time.
export SWIFT_DETERMINISTIC_HASHING=1

root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/fuzz"
out="$fuzz/out"
seconds="${FUZZ_SECONDS:-600}"
runs="${FUZZ_RUNS:-}"

# The package modules a target imports: its `import X` / `@testable import X` lines that name a
# folder under Sources/.
modules_of() {
    local target="$1" module
    sed -nE 's/^(@testable[[:space:]]+)?import[[:space:]]+([A-Za-z0-9_]+).*/\2/p' "$fuzz/targets/$target.swift" |
        while read -r module; do
            if [ -d "$root/Sources/$module" ]; then echo "$module"; fi
        done | sort -u
}

build() {
    local target="$1"
    local modules
    modules="$(modules_of "$target" | tr '\n' ' ')"
    [ -n "$modules" ] || { echo "fuzz/targets/$target.swift imports no module of Sources/" >&2; return 1; }
    # One scratch folder per set of modules, so that its object files are exactly their closure.
    local scratch
    scratch="$out/build/$(echo "$modules" | xargs | tr ' ' '+')"
    echo "== building $target against $modules"
    mkdir -p "$out"
    local module
    for module in $modules; do
        # Debug configuration (-enable-testing, incremental), optimised: the fuzzer runs several
        # times faster than at -Onone. The sanitizers are one flag each for swiftc and clang: with
        # SwiftPM's `--sanitize` given twice, their order varies and swiftc keeps only the last.
        if ! (cd "$root" && swift build --scratch-path "$scratch" --target "$module" \
            -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
            -Xswiftc -enable-testing -Xswiftc -O) >"$out/build-$target.log" 2>&1; then
            grep -E 'error|warning: unable' "$out/build-$target.log" | head -n 20 || tail -n 20 "$out/build-$target.log"
            return 1
        fi
    done
    local bin
    bin="$(cd "$root" && swift build --scratch-path "$scratch" --show-bin-path)"
    local objects=() maps=() file
    for file in "$bin"/*.build/*.o; do [ -e "$file" ] && objects+=("$file"); done
    for file in "$bin"/*.build/module.modulemap; do [ -e "$file" ] && maps+=(-Xcc "-fmodule-map-file=$file"); done
    # System-library targets (CCrypto, CSSL, …) keep their module maps in Sources/; the libraries
    # themselves are linked through the importing module's autolink entries.
    for file in "$root"/Sources/*/module.modulemap; do [ -e "$file" ] && maps+=(-Xcc "-fmodule-map-file=$file"); done
    [ "${#objects[@]}" -gt 0 ] || { echo "no object files in $bin" >&2; return 1; }
    # A module built without the fuzzer's coverage would still link and run, blind.
    for module in $modules; do
        grep -qla __sancov_cntrs "$bin/$module.build/"*.o || {
            echo "$module was built without coverage instrumentation (see $out/build-$target.log)" >&2
            return 1
        }
    done
    (cd "$root" && swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld \
        -I "$bin/Modules" "${maps[@]}" "fuzz/targets/$target.swift" "${objects[@]}" -o "$out/$target")
}

run() {
    local target="$1"
    local log="$out/$target.log"
    local corpus limit
    if [ -n "$runs" ]; then
        # A fresh copy each time: the run starts from the checked-in corpus only.
        corpus="$out/corpus/$target"
        rm -rf "$corpus"
        limit=(-seed=1 -runs="$runs")
        echo "== fuzzing $target: -seed=1 -runs=$runs (log: $log)"
    else
        corpus="$fuzz/corpus-work/$target"
        limit=(-max_total_time="$seconds")
        echo "== fuzzing $target for ${seconds}s (log: $log)"
    fi
    mkdir -p "$corpus"
    cp -n "$fuzz/corpus/$target/"* "$corpus/" 2>/dev/null || true
    # Without address randomisation where the sandbox allows it: alignment-dependent paths
    # (eight-byte scans) then take the same branches in every run.
    local launcher=()
    if [ -n "$runs" ] && setarch "$(uname -m)" -R true 2>/dev/null; then launcher=(setarch "$(uname -m)" -R); fi
    local status=0
    # shellcheck disable=SC2086
    "${launcher[@]}" "$out/$target" "$corpus" "${limit[@]}" \
        -print_final_stats=1 -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$out/crash-$target-" ${FUZZ_ARGS:-} >"$log" 2>&1 || status=$?
    echo "-- $target: exit $status"
    # Last coverage line ("#N DONE cov: … ft: …") and the final stats.
    grep -E '^#[0-9]+' "$log" | tail -n 1 || true
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)' "$log" || true
    if [ "$status" -ne 0 ] || grep -qE 'ERROR: (libFuzzer|AddressSanitizer)|Fatal error|SUMMARY: ' "$log"; then
        echo "!! $target crashed; see $log and $out/crash-$target-*"
        grep -E 'Fatal error|ERROR:|SUMMARY:|Test unit written' "$log" | head -n 20 || true
        return 1
    fi
}

all=()
for file in "$fuzz"/targets/*.swift; do all+=("$(basename "$file" .swift)"); done
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=("${all[@]}")
for target in "${targets[@]}"; do
    [ -f "$fuzz/targets/$target.swift" ] || {
        echo "usage: fuzz/run.sh [TARGET...]; targets: ${all[*]}" >&2
        exit 2
    }
done

failed=0
for target in "${targets[@]}"; do
    build "$target" || { echo "!! $target did not build"; failed=1; continue; }
    [ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && continue
    run "$target" || failed=1
done
exit "$failed"
