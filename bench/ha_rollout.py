#!/usr/bin/env python3
"""The helper of bench/ha-rollout.sh: free ports, the command stream, the wait for late answers and
the report. Standard library only; loopback only.

    ha_rollout.py ports N
    ha_rollout.py stream --url URL --secret S --sink ORIGIN --out DIR [--rate 20] [--max-seconds 240]
    ha_rollout.py wait --sink ORIGIN --database-url URL --out DIR [--seconds 90]
    ha_rollout.py digest-posts --sink ORIGIN
    ha_rollout.py report --out DIR

Every command is `/weather ...`, signed like Slack signs, with its own response_url
(ORIGIN/services/T0HA/B0HA/cmd-N on the fakes' webhook sink), so each late answer is attributable.
Every fifth command asks for coordinates never asked before (no cache can answer it: it waits for
the slow fake upstream and is acknowledged with the "Looking up…" placeholder, then answered
through its response_url); the others ask for one of a few cities (answered inline from the
replica's cache once that replica has looked the city up). The stream runs until DIR/stop exists."""
import hashlib, hmac, http.client, json, os, socket, subprocess, sys, threading, time, urllib.parse, urllib.request
from concurrent.futures import ThreadPoolExecutor

CITIES = ["Tokyo", "Danang", "London", "Chicago", "Seattle", "Sydney", "Hamburg"]
SLACK_TIMEOUT = 3.0  # Slack gives up on a slash command after 3 s (the user sees "operation_timeout")
APOLOGY = "restarted before your answer"
PLACEHOLDER = "Looking up"


def ports(count):
    sockets = []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        sockets.append(s)
    print(" ".join(str(s.getsockname()[1]) for s in sockets))
    for s in sockets:
        s.close()


def command_text(n):
    if n % 5 == 0:  # whole degrees apart: no two of these share a cache entry
        return f"{(n // 5) % 170 - 84.5:.1f},{(n // 5) // 170 - 179.5:.1f}"
    return CITIES[n % len(CITIES)]


def classify(text):
    """What an answer (inline body or late post) says: the placeholder, the apology, a weather
    answer, a "try again" message, or something else."""
    if APOLOGY in text:
        return "apology"
    if PLACEHOLDER in text:
        return "placeholder"
    if "°" in text:
        return "answer"
    if "try again" in text.lower():
        return "try-again"
    return "other"


def stream(options):
    out, sink = options["out"], options["sink"]
    url = urllib.parse.urlsplit(options["url"])
    secret = options["secret"].encode()
    records, lock = [], threading.Lock()

    def send(n):
        body = urllib.parse.urlencode({
            "token": "unused", "team_id": "T0HA", "team_domain": "ha", "channel_id": "C0HA", "channel_name": "ha",
            "user_id": f"U{n % 400:04d}", "user_name": "bench", "command": "/weather", "text": command_text(n),
            "api_app_id": "A0HA", "response_url": f"{sink}/services/T0HA/B0HA/cmd-{n}", "trigger_id": f"t{n}"})
        stamp = str(int(time.time()))
        signature = hmac.new(secret, f"v0:{stamp}:{body}".encode(), hashlib.sha256).hexdigest()
        record = {"n": n, "sent": time.time(), "late": n % 5 == 0}
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=SLACK_TIMEOUT)
        try:
            connection.request("POST", "/slack/commands", body=body, headers={
                "Content-Type": "application/x-www-form-urlencoded", "X-Slack-Request-Timestamp": stamp,
                "X-Slack-Signature": "v0=" + signature, "X-Bench-Command": str(n)})
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            record.update(status=response.status, answer=classify(text) if response.status == 200 else "",
                          excerpt="" if response.status == 200 else text[:120])
        except socket.timeout:
            record.update(status=0, answer="", excerpt="no answer within Slack's 3 s")
        except OSError as error:
            record.update(status=0, answer="", excerpt=f"connection: {error}")
        finally:
            connection.close()
        record["seconds"] = round(time.time() - record["sent"], 3)
        with lock:
            records.append(record)

    interval = 1.0 / options["rate"]
    deadline = time.time() + options["max_seconds"]
    with ThreadPoolExecutor(max_workers=128) as pool:
        start, n = time.monotonic(), 0
        while not os.path.exists(f"{out}/stop") and time.time() < deadline:
            pool.submit(send, n)
            n += 1
            pause = start + n * interval - time.monotonic()
            if pause > 0:
                time.sleep(pause)
    with open(f"{out}/commands.jsonl", "w") as file:
        for record in sorted(records, key=lambda r: r["n"]):
            file.write(json.dumps(record) + "\n")


def load(path):
    with open(path) as file:
        return [json.loads(line) for line in file if line.strip()]


def fetch_posts(sink):
    with urllib.request.urlopen(f"{sink}/webhooks/posts", timeout=10) as response:
        return json.loads(response.read())


def late_posts(posts):
    """cmd-N -> the classes of the accepted posts to its response_url, in arrival order."""
    by_command = {}
    for post in posts:
        name = post["path"].rsplit("/", 1)[-1]
        if post["accepted"] and name.startswith("cmd-"):
            by_command.setdefault(int(name[4:]), []).append(classify(post["body"]))
    return by_command


def pending_deliveries(database_url):
    """How many deliveries the shared queue still holds pending (psql; None when unreachable)."""
    try:
        result = subprocess.run(["psql", database_url, "-At", "-c", "SELECT count(*) FROM deliveries WHERE state = 'pending'"],
                                capture_output=True, text=True, timeout=10)
        return int(result.stdout.strip()) if result.returncode == 0 else None
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return None


def wait(options):
    """Polls until every placeholder has been followed by a post (an answer or the apology) and the
    queue holds nothing pending (a held fallback would post its apology later), then 5 s more for
    duplicates; at most --seconds. Saves the posts."""
    out, sink = options["out"], options["sink"]
    acknowledged = {r["n"] for r in load(f"{out}/commands.jsonl") if r["status"] == 200 and r["answer"] == "placeholder"}
    deadline = time.time() + options["seconds"]
    settled_at = None
    while True:
        posts = fetch_posts(sink)
        missing = acknowledged - set(late_posts(posts))
        now = time.time()
        if not missing and settled_at is None and pending_deliveries(options["database_url"]) == 0:
            settled_at = now
        if (settled_at is not None and now - settled_at >= 5) or now >= deadline:
            break
        time.sleep(2)
    with open(f"{out}/posts.json", "w") as file:
        json.dump(posts, file)
    print(f"waited for late answers: {len(acknowledged) - len(missing)} of {len(acknowledged)} placeholders followed by a post"
          + ("" if not missing else f" after {options['seconds']:.0f} s ({len(missing)} never)"), file=sys.stderr)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if not arguments or arguments[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    action, rest = arguments[0], arguments[1:]
    if action == "ports":
        ports(int(rest[0]))
        sys.exit(0)
    if action == "report":
        import ha_rollout_report
        sys.exit(ha_rollout_report.main(rest))
    given = dict(zip(rest[0::2], rest[1::2]))
    settings = {"out": given.get("--out"), "sink": given.get("--sink"), "url": given.get("--url"),
                "secret": given.get("--secret"), "database_url": given.get("--database-url"),
                "rate": float(given.get("--rate", 20)),
                "max_seconds": float(given.get("--max-seconds", 240)), "seconds": float(given.get("--seconds", 90))}
    if action == "digest-posts":
        print(sum(1 for p in fetch_posts(settings["sink"]) if p["accepted"] and p["path"].endswith("/digest")))
    elif action == "stream":
        stream(settings)
    elif action == "wait":
        wait(settings)
    else:
        sys.exit(f"ha_rollout.py: unknown action {action}")
