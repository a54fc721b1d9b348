#!/usr/bin/env bash
# Delivery claim time against the backlog. Fills a fresh outbox with N pending rows (one
# statement, 1 KB bodies), times 50 claims of up to 32 rows, 2 per destination (each followed by
# settling what it took, untimed), the SELECT of the earlier claim query (as at 2fadc50, which
# reads every pending row; old_select_ms) on the same rows for comparison, what every queue round
# reads besides (the bounded backlog count and the next due time) and the exact counts the metrics
# read every 10 s; prints the plans of the claim's reads
# (on PostgreSQL, its one-statement destination walk too). SQLite, and
# PostgreSQL when the store tests find or start one (as they do in CI). Runs the test-only harness
# Tests/TenkiServicesTests/Delivery/ClaimBacklogBench.swift from the debug test build.
#   bench/claim-backlog.sh                       # 1k, 100k, 400k pending; sqlite and postgres; ~5 min
#   SIZES=1000,100000 BACKENDS=sqlite bench/claim-backlog.sh
#   RELEASE=1 bench/claim-backlog.sh             # the harness built optimised (-c release), as the server runs
set -euo pipefail
cd "$(dirname "$0")/.."
build=(--build-tests)
configuration=debug
if [[ -n "${RELEASE:-}" ]]; then build+=(-c release -Xswiftc -enable-testing); configuration=release; fi
swift build "${build[@]}" >/dev/null
export TENKI_BENCH_CLAIM=1
export TENKI_BENCH_CLAIM_SIZES="${SIZES:-1000,100000,400000}"
export TENKI_BENCH_CLAIM_BACKENDS="${BACKENDS:-sqlite,postgres}"
export TENKI_BENCH_CLAIM_SAMPLES="${SAMPLES:-50}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
timeout 900 swift test "${build[@]:1}" --skip-build --filter ClaimBacklogBench >"$log" 2>&1 || { tail -30 "$log"; exit 1; }
grep -h '^claim-bench plan' "$log" | sed 's/^claim-bench plan //'
echo
printf '%-8s %8s %-16s %10s %10s %10s %10s %16s %15s %14s\n' backend pending spread median_ms p95_ms max_ms server_ms \
    old_select_ms round_reads_ms statistics_ms
grep -h '^claim-bench backend' "$log" | sort -t= -k2,2 -k3,3n | while read -r line; do
    get() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $line"; }
    printf '%-8s %8s %-16s %10s %10s %10s %10s %16s %15s %14s\n' "$(get backend)" "$(get pending)" "$(get spread)" \
        "$(get median_ms)" "$(get p95_ms)" "$(get max_ms)" "$(get server_median_ms)" "$(get old_select_median_ms)" "$(get round_reads_median_ms)" \
        "$(get statistics_median_ms)"
done
echo "claims: median / p95 / max of ${TENKI_BENCH_CLAIM_SAMPLES} (${configuration} build; SQLite and PostgreSQL are the system's"
echo "optimised libraries); old_select_ms: the 2fadc50 claim's SELECT alone, median of 3 (10 under 100k);"
echo "server_ms: PostgreSQL's own execution time of the claim statement (EXPLAIN ANALYZE, rolled back), median of 5;"
echo "round_reads_ms: what every queue round reads besides its claim (the backlog counted up to"
echo "DeliveryQueue.backlogCountCeiling, and nextDueTime()), median of 5; statistics_ms: the exact counts for"
echo "the metrics, which a queue reads every DeliveryQueue.statisticsInterval, median of 5."
