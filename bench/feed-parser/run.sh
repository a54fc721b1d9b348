#!/usr/bin/env bash
# Measures the feed parser against FoundationXML (docs/0007-feed-parser.md). About a minute.
#   bench/feed-parser/run.sh [feed.xml]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.build/bench-feed-parser"
mkdir -p "$out"
feed="${1:-$root/Tests/Fixtures/feeds/github_changelog_2022_wordpress_rss2_content_encoded_dc_creator_TRIMMED_2_items.xml}"
cd "$root"
swiftc -O -module-name TenkiCore Sources/TenkiCore/News/Feeds/*.swift Sources/TenkiCore/News/HTMLText.swift \
    Sources/TenkiCore/News/ISO8601Timestamp.swift Sources/TenkiCore/Calendar/CivilDate.swift \
    bench/feed-parser/main.swift -o "$out/feed-bench"
swiftc -O bench/feed-parser/hello_foundation.swift -o "$out/hello_foundation"
swiftc -O bench/feed-parser/hello_foundationxml.swift -o "$out/hello_foundationxml"
"$out/feed-bench" "$feed"
for program in hello_foundation hello_foundationxml; do
    libraries=$(ldd "$out/$program" | wc -l)
    start=$(date +%s%N)
    for _ in $(seq 50); do "$out/$program" >/dev/null; done
    end=$(date +%s%N)
    echo "$program: $libraries shared libraries, $(( (end - start) / 50000 )) µs per run (mean of 50)"
done
