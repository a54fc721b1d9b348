#!/usr/bin/env python3
"""The report of one bench/ha-outbox.sh run, from what the receiver saw and what the database says.

    ha-outbox-report.py --title T --records F --rows F --started S --finished S --logs LOG LOG LOG [--killed K]

--rows: one line per queued message, tab-separated: body, state, attempts, last error. --logs: the
three processes' stderr (logfmt), in order; --killed: the index (1-3) of the one killed, if any.

Exit 0 when the run met its targets: every message accepted by the receiver once or dead with a
reason, none lost; without a kill none accepted twice; with a kill only posts in flight at the kill
accepted twice, and no more of them than were in flight.
"""
import argparse, collections, json, re, sys

SLACK = 0.050  # a sender's time to record a 200 after it came back, or a request's to be read after it was sent


def read_records(path):
    posts, kill, late = [], None, None
    for line in open(path):
        fields = line.split(" ", 3) if line.startswith("K ") else line.split()
        if fields[0] == "R":
            received, answered, status, message, destination, on_victim = fields[1:7]
            posts.append({
                "received": float(received), "answered": float(answered), "status": int(status),
                "message": message, "destination": destination, "on_victim": on_victim == "1"})
        elif fields[0] == "K":
            kill = {"at": float(fields[1]), "pid": fields[2], "trigger": fields[3].strip()}
        elif fields[0] == "L":
            late = float(fields[1])
    return posts, kill, late


def read_rows(path):
    rows = {}
    for line in open(path):
        body, state, attempts, last_error = (line.rstrip("\n").split("\t") + ["", "", ""])[:4]
        try:
            message = json.loads(body)["text"]
        except (ValueError, KeyError, TypeError):
            message = body
        rows[message] = {"state": state, "attempts": int(attempts or 0), "last_error": last_error}
    return rows


def read_log(path):
    """Counts of the queue's outcomes in one process' log: delivered, retries by result, dead, lost leases."""
    counts = collections.Counter()
    for line in open(path, errors="replace"):
        message = re.search(r'\bmsg=("[^"]*"|\S+)', line)
        if not message:
            continue
        name = message.group(1).strip('"')
        if name == "delivered":
            counts["delivered"] += 1
        elif name == "will retry":
            result = re.search(r'\bresult=("[^"]*"|\S+)', line)
            counts["retry: " + (result.group(1).strip('"') if result else "?")] += 1
        elif name == "dead":
            counts["dead"] += 1
        elif name.startswith("lease lost"):
            counts["lease lost"] += 1
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--title", required=True)
    parser.add_argument("--records", required=True)
    parser.add_argument("--rows", required=True)
    parser.add_argument("--started", type=float, required=True)
    parser.add_argument("--finished", type=float, required=True)
    parser.add_argument("--logs", nargs=3, required=True)
    parser.add_argument("--killed", type=int, default=0)
    args = parser.parse_args()

    posts, kill, late = read_records(args.records)
    rows = read_rows(args.rows)
    logs = [read_log(path) for path in args.logs]
    accepted = collections.Counter(post["message"] for post in posts if post["status"] == 200)
    statuses = collections.Counter(post["status"] for post in posts)
    retries = sum(logs, collections.Counter())
    refused = retries["retry: connection failed"]
    did_not_arrive = ("retry: connection failed", "retry: HTTP 429", "retry: HTTP 503")
    other_failures = {name[len("retry: "):]: count for name, count in retries.items()
                      if name.startswith("retry: ") and not name.startswith(did_not_arrive)}

    once = [m for m in rows if accepted[m] == 1 and rows[m]["state"] != "dead"]
    repeated = sorted((m for m in rows if accepted[m] >= 2), key=lambda m: int(m.split("-")[-1]))
    dead = [m for m in rows if rows[m]["state"] == "dead" and accepted[m] == 0]
    dead_but_accepted = [m for m in rows if rows[m]["state"] == "dead" and accepted[m] > 0]
    lost = [m for m in rows if accepted[m] == 0 and rows[m]["state"] != "dead"]
    still_pending = [m for m in rows if rows[m]["state"] == "pending"]
    strangers = [m for m in accepted if m not in rows]

    attempts = len(posts) + refused
    failed = statuses[429] + statuses[503] + refused
    out = []
    say = out.append
    say(f"== {args.title}")
    say(f"messages queued                    {len(rows)} (10 destinations)")
    say(f"delivered once                     {len(once)}")
    say(f"delivered twice or more            {len(repeated)}")
    say(f"dead, with their reason            {len(dead)}")
    for reason, count in collections.Counter(rows[m]["last_error"] or "-" for m in dead).most_common():
        say(f"    {count} × {reason}")
    pending_note = f", {len(still_pending)} of them still pending" if still_pending else ""
    say(f"lost (neither accepted nor dead)   {len(lost)}{pending_note}")
    if dead_but_accepted or strangers:
        say(f"accepted although dead             {len(dead_but_accepted)}; accepted but never queued {len(strangers)}")
    say(f"attempts                           {attempts}: {statuses[200]} accepted (200), {statuses[429]} × 429, "
        f"{statuses[503]} × 503, {refused} refused connections")
    say(f"failed attempts                    {failed} ({100.0 * failed / max(attempts, 1):.1f} %), of kinds that did not arrive")
    if other_failures:
        say(f"failures that may have arrived     {', '.join(f'{count} × {name}' for name, count in other_failures.items())}")
    per_process = ", ".join(
        f"p{index + 1}{' (killed)' if index + 1 == args.killed else ''} {log['delivered']}" for index, log in enumerate(logs))
    say(f"delivered as recorded by process   {per_process}")
    lost_leases = retries["lease lost"]
    if lost_leases:
        say(f"outcomes written after the lease was lost   {lost_leases}")
    say(f"time                               {args.finished - args.started:.1f} s until nothing was pending"
        + (f"; refused connections ended at +{late - args.started:.1f} s" if late else ""))

    met = not lost and not dead_but_accepted and not strangers
    if kill is None:
        if args.killed:
            say("the process was NOT killed (no kill recorded)")
            met = False
        met = met and not repeated
        say(f"target (0 lost, 0 delivered twice)  {'met' if met else 'MISSED'}")
    else:
        at = kill["at"]
        # In flight: not yet answered at the kill, and received by then (or just after: sent before it).
        in_flight = [post for post in posts if post["received"] <= at + SLACK and post["answered"] >= at]
        on_victim = [post for post in posts if post["on_victim"]]
        late_read = [post for post in on_victim if post["received"] > at]
        # May repeat: accepted, received by the kill (or just after: sent before it), and not answered
        # long enough before the kill for the answer to have been recorded.
        def may_repeat(post):
            return post["status"] == 200 and post["received"] <= at + SLACK and post["answered"] >= at - SLACK
        around = [post for post in posts if may_repeat(post)]
        say(f"SIGKILL                            process p{args.killed} (pid {kill['pid']}) at +{at - args.started:.2f} s: "
            f"{kill['trigger']}")
        say(f"posts in flight at the kill        {len(in_flight)} (not yet answered), {len(on_victim)} of them the killed "
            f"process' own, {len(late_read)} of those read just after the kill: "
            f"{', '.join(p['message'] + ' to /d/' + p['destination'] for p in on_victim) or '-'}")
        say(f"posts that may repeat              {len(around)} (accepted, and in flight at the kill within "
            f"{SLACK * 1000:.0f} ms either side)")
        repeats_in_flight = []
        for message in repeated:
            copies = sorted((p for p in posts if p["message"] == message and p["status"] == 200), key=lambda p: p["received"])
            first = copies[0]
            was = may_repeat(first)
            repeats_in_flight.append(was)
            say(f"    repeated {message} (/d/{first['destination']}): accepted {len(copies)} times; first received "
                f"{(first['received'] - at) * 1000:+.0f} ms from the kill and answered at "
                f"{(first['answered'] - at) * 1000:+.0f} ms ("
                + ("in flight at the kill" if was else "NOT in flight at the kill")
                + f"), again {copies[1]['received'] - at:.1f} s after the kill")
        met = met and all(repeats_in_flight) and len(repeated) <= len(around)
        say(f"target (0 lost; repeats only in flight, {len(repeated)} ≤ {len(around)})  {'met' if met else 'MISSED'}")
    print("\n".join(out))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
