#!/usr/bin/env python3
"""1,000 distinct chart requests against a running `tenki serve`: signs each URL as Tenki does
(key = HMAC-SHA256(secret, "tenki-charts-v1"), sig = HMAC-SHA256(key, query)), sends them from
CLIENTS threads at once, checks every answer (200, image/png, PNG signature; a 503 is retried
after 10 ms and counted), samples the server's RSS, and prints the figures.

Usage: charts_load.py BASE_URL SECRET SERVER_PID [COUNT] [CLIENTS]
"""
import hashlib, hmac, random, statistics, sys, threading, time, urllib.error, urllib.request

base, secret, pid = sys.argv[1], sys.argv[2].encode(), int(sys.argv[3])
count = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
clients = int(sys.argv[5]) if len(sys.argv) > 5 else 4
key = hmac.new(secret, b"tenki-charts-v1", hashlib.sha256).digest()

def url(index):
    rng = random.Random(index)
    steps = rng.choice([8, 40])
    entries = []
    for step in range(steps):
        if rng.random() < 0.05:
            entries.append("")  # a missing step
            continue
        entry = str(rng.randint(-600, 550))
        if rng.random() < 0.9:
            entry += "_" + str(rng.randint(0, 100))
        entries.append(entry)
    if entries[0] == "":
        entries[0] = "0"
    query = "v=1&u=%s&l=%s&z=%d&t=%d&s=10800&d=%s" % (
        rng.choice("cfk"), rng.choice(["en", "ja"]), rng.randint(-12, 14) * 3600, 1796342400 + index * 3600, ",".join(entries))
    sig = hmac.new(key, query.encode(), hashlib.sha256).hexdigest()
    return "%s/charts/bench.png?%s&sig=%s" % (base, query, sig)

def rss_kib(field):
    for line in open("/proc/%d/status" % pid):
        if line.startswith(field):
            return int(line.split()[1])
    return 0

urls = [url(i) for i in range(count)]
latencies, busy, failures, lock = [], [0], [], threading.Lock()
rss_samples = []

def worker(shard):
    for target in shard:
        while True:
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(target, timeout=10) as response:
                    body = response.read()
                    ok = response.status == 200 and response.headers["Content-Type"] == "image/png" and body[:8] == b"\x89PNG\r\n\x1a\n"
                elapsed = time.perf_counter() - started
                with lock:
                    (latencies.append(elapsed) if ok else failures.append(target))
                break
            except urllib.error.HTTPError as error:
                if error.code == 503:
                    with lock:
                        busy[0] += 1
                    time.sleep(0.01)
                    continue
                with lock:
                    failures.append("%d %s" % (error.code, target))
                break

def sampler(stop):
    while not stop.is_set():
        rss_samples.append((len(latencies), rss_kib("VmRSS")))
        time.sleep(0.05)

before = rss_kib("VmRSS")
stop = threading.Event()
threading.Thread(target=sampler, args=(stop,), daemon=True).start()
threads = [threading.Thread(target=worker, args=(urls[i::clients],)) for i in range(clients)]
started = time.perf_counter()
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
wall = time.perf_counter() - started
stop.set()
after, peak = rss_kib("VmRSS"), rss_kib("VmHWM")
ordered = sorted(latencies)
p = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000
first_tenth = [rss for done, rss in rss_samples if done <= count // 10]
print("requests: %d ok, %d failed, %d answered 503 and retried; %d clients; %.1f s; %.0f charts/s" % (
    len(latencies), len(failures), busy[0], clients, wall, len(latencies) / wall))
print("latency per chart (render + PNG + HTTP on loopback): p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms" % (
    p(0.5), p(0.9), p(0.99), p(1.0)))
print("server RSS: %.1f MiB before, %.1f MiB after the first 10%%, %.1f MiB at the end; peak (VmHWM) %.1f MiB" % (
    before / 1024, (max(first_tenth) if first_tenth else before) / 1024, after / 1024, peak / 1024))
# The server's own view: its request-duration histogram for the charts route (parse to response).
metrics = urllib.request.urlopen(base + "/metrics", timeout=10).read().decode()
buckets = [(line.split('le="')[1].split('"')[0], int(float(line.split()[-1]))) for line in metrics.splitlines()
           if line.startswith('tenki_http_request_duration_seconds_bucket{route="charts"')]
total = dict(buckets).get("+Inf", 0)
print("server-side duration per chart (its histogram): " + ", ".join(
    "%d%% within %s ms" % (100 * n / total, float(le) * 1000) for le, n in buckets if le in ("0.005", "0.01", "0.025", "0.05")))
for failure in failures[:5]:
    print("failed:", failure)
sys.exit(1 if failures else 0)
