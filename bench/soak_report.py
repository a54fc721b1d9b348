#!/usr/bin/env python3
"""Summarise a bench/soak.sh output directory: samples, flatness, response totals.

usage: soak_report.py OUT_DIR CONNECTIONS [CODE_BAD CODE_GOOD]
RSS is flat when, after the first minute (warm-up), its samples stay within 10% of each other.
Descriptors: the server holds its own (listener, epoll, log, state file, ...) plus one per client
connection, and wrk reconnects between segments, so a sample is either "idle" (no client
connected) or "busy". Flat means: every idle sample equals the first one (before any load) within
10%, and every busy sample is at most idle + CONNECTIONS (+10%): no descriptor is left behind.
"""
import csv, glob, sys

out, connections = sys.argv[1], int(sys.argv[2])
code_bad, code_good = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else ("401", "200")
rows = [r for r in csv.DictReader(open(f"{out}/samples.tsv"), delimiter="\t") if r["rss_kb"] != "0"]
tot = {"requests": 0, "checked": 0, "ok": 0, "bad": 0, "errors": 0}
for path in sorted(glob.glob(f"{out}/wrk-*.txt")):
    for line in open(path):
        if line.startswith("WRKSTAT "):
            kv = dict(x.split("=", 1) for x in line.split()[1:])
            tot["requests"] += int(kv["requests"]); tot["checked"] += int(kv.get("checked", 0))
            tot["ok"] += int(kv.get("ok", 0)); tot["bad"] += int(kv.get("bad", 0))
            tot["errors"] += sum(int(kv[k]) for k in ("connect", "read", "write", "timeout", "non2xx"))

def mib(kb): return f"{int(kb) / 1024:.1f} MiB"
ok = True
print("| sample | elapsed s | VmRSS | VmHWM | open fds |")
print("|---|--:|--:|--:|--:|")
for name, r in (("first", rows[0]), ("after 1 min", next((r for r in rows if int(r["elapsed_s"]) >= 60), rows[-1])), ("last", rows[-1])):
    print(f"| {name} | {r['elapsed_s']} | {mib(r['rss_kb'])} | {mib(r['hwm_kb'])} | {r['fds']} |")
print()
steady = [r for r in rows if int(r["elapsed_s"]) >= 60] or rows
xs = [int(r["rss_kb"]) for r in steady]
spread = (max(xs) - min(xs)) / min(xs)
ok &= spread <= 0.10
print(f"- VmRSS after the first minute: min {mib(min(xs))}, max {mib(max(xs))}, spread {spread * 100:.1f}% "
      f"({'flat' if spread <= 0.10 else 'NOT FLAT'}, limit 10%)")
idle = int(rows[0]["fds"])
fds = [int(r["fds"]) for r in rows]
idle_samples = [f for f in fds if f < idle + connections / 2]
busy_samples = [f for f in fds if f >= idle + connections / 2]
fd_ok = all(abs(f - idle) <= max(1, idle * 0.10) for f in idle_samples) and all(f <= (idle + connections) * 1.10 for f in busy_samples)
ok &= fd_ok
print(f"- open descriptors: {idle} before the load; under load {min(busy_samples, default=0)}..{max(busy_samples, default=0)} "
      f"(at most {idle} + {connections} connections); idle between segments {sorted(set(idle_samples))} "
      f"({'flat' if fd_ok else 'NOT FLAT'})")
print(f"- responses: {tot['requests']:,} requests, {tot['checked']:,} checked, {tot['ok']:,} ok, {tot['bad']:,} bad, "
      f"{tot['errors']} socket/status errors")
print(f"- after the soak: flipped signature -> {code_bad}, good signature -> {code_good}")
ok &= tot["bad"] == 0 and tot["errors"] == 0 and tot["checked"] > 0 and tot["checked"] >= tot["requests"]
ok &= code_bad == "401" and code_good == "200"
print("- soak:", "PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
