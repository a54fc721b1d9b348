#!/usr/bin/env python3
"""Tenki's medians beside each peer from one run.sh results.tsv, with the listener's goals.

usage: ratios.py results.tsv [--target tenki]
Exit status 1 when a goal is missed (the table still prints).
"""
import csv
import statistics
import sys
from collections import defaultdict


def main() -> int:
    args = sys.argv[1:]
    target = "tenki"
    if "--target" in args:
        i = args.index("--target"); target = args[i + 1]; del args[i:i + 2]
    rows = list(csv.DictReader(open(args[0]), delimiter="\t"))
    by = defaultdict(list)
    for r in rows:
        by[(r["target"], r["phase"])].append(r)

    def med(t, phase, key):
        xs = []
        for r in by[(t, phase)]:
            try:
                xs.append(float(r[key]))
            except (TypeError, ValueError):
                pass
        return statistics.median(xs) if xs else None

    targets = sorted({r["target"] for r in rows}, key=lambda t: [r["target"] for r in rows].index(t))
    if target not in targets:
        print(f"ratios.py: no rows for {target}")
        return 1
    m = {t: {
        "c50": med(t, "c50", "rps"), "c1": med(t, "c1", "rps"),
        "p50": med(t, "c50", "p50_us"), "p99": med(t, "c50", "p99_us"),
        "p99c1": med(t, "c1", "p99_us"),
        "rss": med(t, "server", "peak_rss_kb"), "startup": med(t, "server", "startup_ms"),
    } for t in targets}
    me = m[target]
    nruns = len({r["run"] for r in rows})
    print(f"### {target} against each peer (medians of {nruns} run(s), one invocation)")
    print()
    print("| peer | req/s c50: peer / ratio | req/s c1: peer / ratio | p99 c50 ms: peer | peak RSS MiB: peer | startup ms: peer |")
    print("|---|--:|--:|--:|--:|--:|")

    def ratio(a, b):
        return f"{a / b:.2f}x" if a and b else "n/a"

    for t in targets:
        if t == target:
            continue
        p = m[t]
        print(f"| {t} | {p['c50'] or 0:,.0f} / {ratio(me['c50'], p['c50'])} | {p['c1'] or 0:,.0f} / {ratio(me['c1'], p['c1'])} "
              f"| {(p['p99'] or 0) / 1000:.2f} | {(p['rss'] or 0) / 1024:.1f} | {p['startup'] or 0:.0f} |")
    print(f"| **{target}** | **{me['c50'] or 0:,.0f}** | **{me['c1'] or 0:,.0f}** | **{(me['p99'] or 0) / 1000:.2f}** "
          f"| **{(me['rss'] or 0) / 1024:.1f}** | **{me['startup'] or 0:.0f}** |")
    print()

    bolts = [t for t in targets if t.startswith("bolt-") and m[t]["c50"]]
    best_c50 = max(bolts, key=lambda t: m[t]["c50"]) if bolts else None
    best_c1 = max(bolts, key=lambda t: m[t]["c1"] or 0) if bolts else None
    goals = []
    if best_c50:
        goals.append((f"c50 req/s >= 5x best Bolt ({best_c50})", me["c50"] and me["c50"] >= 5 * m[best_c50]["c50"],
                      ratio(me["c50"], m[best_c50]["c50"]), f"{5 * m[best_c50]['c50'] - (me['c50'] or 0):,.0f} req/s short"))
        goals.append((f"c1 req/s >= 2x best Bolt ({best_c1})", me["c1"] and me["c1"] >= 2 * m[best_c1]["c1"],
                      ratio(me["c1"], m[best_c1]["c1"]), f"{2 * m[best_c1]['c1'] - (me['c1'] or 0):,.0f} req/s short"))
        goals.append((f"peak RSS below best Bolt ({best_c50})", me["rss"] is not None and me["rss"] < m[best_c50]["rss"],
                      f"{(me['rss'] or 0) / 1024:.1f} vs {m[best_c50]['rss'] / 1024:.1f} MiB",
                      f"{((me['rss'] or 0) - m[best_c50]['rss']) / 1024:.1f} MiB over"))
    # Each goal: (name, met, measured, distance when missed).
    if "nginx" in m and m["nginx"]["c50"]:
        need = 0.85 * m["nginx"]["c50"]
        goals.append(("c50 req/s >= 0.85x nginx", me["c50"] and me["c50"] >= need, ratio(me["c50"], m["nginx"]["c50"]),
                      f"{need - (me['c50'] or 0):,.0f} req/s short of {need:,.0f}"))
        need = m["nginx"]["c1"] or 0
        goals.append(("c1 req/s >= 1x nginx", me["c1"] and need and me["c1"] >= need, ratio(me["c1"], need),
                      f"{need - (me['c1'] or 0):,.0f} req/s short of {need:,.0f}"))
    goals.append(("p99 c50 <= 1 ms", me["p99"] is not None and me["p99"] <= 1000, f"{(me['p99'] or 0) / 1000:.2f} ms",
                  f"{((me['p99'] or 0) - 1000) / 1000:.2f} ms over"))
    goals.append(("peak RSS <= 24 MiB", me["rss"] is not None and me["rss"] <= 24 * 1024, f"{(me['rss'] or 0) / 1024:.1f} MiB",
                  f"{((me['rss'] or 0) - 24 * 1024) / 1024:.1f} MiB over"))
    goals.append(("ready: first signed 200 <= 20 ms", me["startup"] is not None and me["startup"] <= 20,
                  f"{me['startup'] or 0:.0f} ms", f"{(me['startup'] or 0) - 20:.0f} ms over"))
    fails = by[(target, "fail")]
    goals.append(("every check pass ok, no failed runs", not fails and all(r["bad"] == "0" for r in by[(target, "check")]),
                  f"{len(fails)} failed run(s)", "see the run's output"))
    builds = [t for t in targets if t == target or t.startswith(target + "-")]
    if len(builds) > 1:
        nginx = m.get("nginx", {})
        print(f"### {target} builds side by side (same runs)")
        print()
        print("| build | req/s c50 | vs nginx | vs this build | req/s c1 | p99 c50 ms | peak RSS MiB | startup ms |")
        print("|---|--:|--:|--:|--:|--:|--:|--:|")
        for t in builds:
            b = m[t]
            print(f"| {t} | {b['c50'] or 0:,.0f} | {ratio(b['c50'], nginx.get('c50'))} | {ratio(b['c50'], me['c50'])} "
                  f"| {b['c1'] or 0:,.0f} | {(b['p99'] or 0) / 1000:.2f} | {(b['rss'] or 0) / 1024:.1f} | {b['startup'] or 0:.0f} |")
        print()
    print("| goal | measured | met, or the distance |")
    print("|---|--:|:-:|")
    ok = True
    for name, met, measured, distance in goals:
        ok = ok and bool(met)
        print(f"| {name} | {measured} | {'yes' if met else '**NO**: ' + distance} |")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
