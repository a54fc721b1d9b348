"""The report of bench/ha-rollout.sh, from what its run left in DIR:

  commands.jsonl  every command sent: number, send time, status, what the inline answer was
  posts.json      every post the fakes' webhook sink took (late answers, digests)
  phases.log      "EPOCH EVENT [ARGUMENT]" lines written by the script as it acts
  access.log      nginx: "COMMAND|STATUS|UPSTREAM_ADDRS|UPSTREAM_STATUSES" per request
  slots.txt       the digest ledger (digest|slot) from PostgreSQL
  outbox.txt      `tenki outbox` against the same database at the end

Prints one line per figure and the targets; returns 1 when a target is missed."""
import collections, glob, json, math

PHASES = ["steady", "sigterm", "sigkill", "database"]
PHASE_NAMES = {"steady": "steady (no restart)", "sigterm": "SIGTERM restarts", "sigkill": "SIGKILL",
               "database": "database restart"}


def read_lines(path):
    try:
        with open(path) as file:
            return [line.rstrip("\n") for line in file if line.strip()]
    except FileNotFoundError:
        return []


def phase_windows(events):
    """Send-time windows of the phases, from the script's events. A SIGKILL window runs until the
    replacement is ready plus 3 s; the database window until pg_ctl returned plus 5 s (commands
    sent just after it still meet a pool reconnecting)."""
    first = {}
    for stamp, name, _ in events:
        first.setdefault(name, stamp)
    windows = []
    if "sigterm-start" in first:
        windows.append(("sigterm", first["sigterm-start"], first.get("sigterm-end", math.inf)))
    if "sigkill" in first:
        windows.append(("sigkill", first["sigkill"], first.get("sigkill-ready", math.inf) + 3))
    if "db-restart-start" in first:
        windows.append(("database", first["db-restart-start"], first.get("db-restart-end", math.inf) + 5))
    return windows


def phase_of(command, windows, lookup):
    """The phase during which the command was in progress: from sending it until its answer (or
    Slack's timeout), and for a placeholder until its lookup was done (`lookup` seconds after
    sending at most); the first such window when it spans two."""
    sent, until = command["sent"], command["sent"] + command.get("seconds", 0)
    if command.get("answer") == "placeholder":
        until = max(until, command["sent"] + lookup)
    for name, start, end in windows:
        if sent <= end and until >= start:
            return name
    return "steady"


def upstream_log(lines):
    """Command number -> (status, [upstream addresses tried], [their statuses])."""
    entries = {}
    for line in lines:
        fields = line.split("|")
        if len(fields) != 4 or not fields[0].isdigit() or not fields[1].isdigit():
            continue
        addresses, statuses = fields[2].split(", "), fields[3].split(", ")
        entries[int(fields[0])] = (int(fields[1]), addresses, statuses)
    return entries


def outcome(posts):
    """A placeholder's fate from the posts to its response_url."""
    answers = posts.count("answer")
    if answers >= 2:
        return "doubled"
    if answers == 1:
        return "answered, then the apology" if "apology" in posts else "answered"
    if "apology" in posts:
        return "apology"
    return "nothing"


class Run:
    """What the run left in its directory."""

    def __init__(self, out, classify):
        self.out = out
        self.commands = [json.loads(line) for line in read_lines(f"{out}/commands.jsonl")]
        with open(f"{out}/posts.json") as file:
            self.posts = json.load(file)
        self.events = []
        for line in read_lines(f"{out}/phases.log"):
            fields = line.split(" ", 2)
            self.events.append((float(fields[0]), fields[1], fields[2] if len(fields) > 2 else ""))
        self.nginx = upstream_log(read_lines(f"{out}/access.log"))
        self.late = collections.defaultdict(list)
        for post in self.posts:
            name = post["path"].rsplit("/", 1)[-1]
            if post["accepted"] and name.startswith("cmd-"):
                self.late[int(name[4:])].append(classify(post["body"]))

    def event(self, name):
        """(time, argument) of the first event called name, or (None, None)."""
        return next(((stamp, argument) for stamp, event, argument in self.events if event == name), (None, None))

    def lookup_seconds(self):
        """How long a looked-up command may take: the fake upstream's latency plus 2 s."""
        settings = (self.event("settings")[1] or "3000 500").split()
        return int(settings[0]) / 1000 + 2

    def fate(self, command):
        return outcome(self.late.get(command["n"], []))


def killed_replica(run):
    """The SIGKILL's victims, from nginx's log: requests cut on the killed replica, requests refused
    there and retried on another, and placeholders it acknowledged whose lookup could still be
    running at the kill (sent within the fake upstream's latency plus 2 s before it)."""
    kill, port = run.event("sigkill")
    if kill is None:
        return None
    ready = run.event("sigkill-ready")[0] or math.inf
    lookup = run.lookup_seconds()
    address = f"127.0.0.1:{port}"
    cut, retried, acknowledged = [], [], []
    for c in run.commands:
        status, addresses, _ = run.nginx.get(c["n"], (None, [], []))
        if not addresses or c["sent"] > ready:  # later ones met the restarted process on the same port
            continue
        if addresses[-1] == address and c["status"] != 200 and c["sent"] <= kill:
            cut.append(c)
        elif address in addresses[:-1] and c["status"] == 200:
            retried.append(c)
        elif (addresses[-1] == address and c["status"] == 200 and c["answer"] == "placeholder"
              and kill - lookup <= c["sent"] < kill):
            acknowledged.append(c)
    return {"port": port, "cut": cut, "retried": retried, "acknowledged": acknowledged, "lookup": lookup}


def replica_log_notes(out):
    """Counts of the replicas' log lines that say an answer or a promise went around the queue."""
    notes = collections.Counter()
    for path in glob.glob(f"{out}/replica-*.log"):
        for line in read_lines(path):
            if 'msg="late answer could not be queued; posting it directly"' in line:
                notes["posted directly"] += 1
            elif "msg=\"late answer's fallback could not be queued\"" in line:
                notes["fallback not queued"] += 1
            if "level=error" in line:
                notes["errors"] += 1
    return notes


def pending_at_end(out, run):
    """The deliveries still pending at the end (pending.txt), described by whom they are for."""
    held = collections.Counter()
    for line in read_lines(f"{out}/pending.txt"):
        fields = line.split("|")
        if len(fields) != 4:
            continue
        kind, url, due, apology = fields
        name = url.rsplit("/", 1)[-1]
        if kind == "late-answer" and apology == "t" and name.startswith("cmd-"):
            answered = "answer" in run.late.get(int(name[4:]), [])
            held["apology for a command already answered" if answered else "apology for a command not answered"] += 1
        else:
            held[f"{kind}"] += 1
    return held


def main(arguments):
    out = arguments[arguments.index("--out") + 1]
    import ha_rollout  # the classifier shared with the stream
    run = Run(out, ha_rollout.classify)
    windows = phase_windows(run.events)
    killed = killed_replica(run)
    victims = {c["n"] for c in (killed["cut"] + killed["acknowledged"])} if killed else set()
    by_phase = {name: [] for name in PHASES}
    for c in run.commands:
        by_phase["sigkill" if c["n"] in victims else phase_of(c, windows, run.lookup_seconds())].append(c)
    lines, misses = [], []
    say = lines.append

    def non_200(group):
        return [c for c in group if c["status"] != 200]

    def breakdown(group):
        counts = collections.Counter(str(c["status"]) if c["status"] else "no answer" for c in non_200(group))
        return ", ".join(f"{count}× {status}" for status, count in sorted(counts.items()))

    def fates(group):
        return collections.Counter(run.fate(c) for c in group if c["status"] == 200 and c["answer"] == "placeholder")

    def per_phase(count):
        return "; ".join(f"{PHASE_NAMES[p]}: {count(by_phase[p])}" for p in PHASES if count(by_phase[p]))

    commands = run.commands
    say(f"commands sent: {len(commands)} over {commands[-1]['sent'] - commands[0]['sent']:.0f} s" if commands
        else "commands sent: 0")
    say(f"non-200 answers: {len(non_200(commands))} ("
        + "; ".join(f"{PHASE_NAMES[p]}: {len(non_200(by_phase[p]))} of {len(by_phase[p])}"
                    + (f" [{breakdown(by_phase[p])}]" if non_200(by_phase[p]) else "") for p in PHASES) + ")")
    total = fates(commands)
    by_design = sum(1 for c in commands if c["late"] and c["status"] == 200 and c["answer"] == "placeholder")
    say(f"acknowledged with a placeholder: {sum(total.values())} ({per_phase(lambda g: sum(fates(g).values()))}; "
        f"{by_design} of them uncached coordinates, every fifth command, the others a city while a new replica's cache "
        "was still cold)")
    delivered = total["answered"] + total["answered, then the apology"] + total["doubled"]
    say(f"late answers delivered: {delivered}")
    say(f"late answers delivered twice: {total['doubled']}"
        + (f" ({per_phase(lambda g: fates(g)['doubled'])})" if total["doubled"] else ""))
    followed = total["answered, then the apology"]
    say(f"late answers followed by the \"please run the command again\" apology as well: {followed}"
        + (f" ({per_phase(lambda g: fates(g)['answered, then the apology'])})" if followed else ""))
    lost = total["apology"] + total["nothing"]
    say(f"late answers lost (placeholder, never a real answer): {lost} ({total['apology']} got only the apology, "
        f"{total['nothing']} nothing" + (f"; {per_phase(lambda g: fates(g)['apology'] + fates(g)['nothing'])}" if lost else "")
        + ")")
    if killed:
        victims_fates = collections.Counter(run.fate(c) for c in killed["acknowledged"])
        say(f"in flight on the killed replica (:{killed['port']}): {len(killed['cut'])} requests cut by the SIGKILL "
            f"({breakdown(killed['cut']) or 'none'}: nginx does not re-send a POST that reached a replica); "
            f"{len(killed['retried'])} refused there and retried on another replica (200); "
            f"{len(killed['acknowledged'])} acknowledged there with a placeholder "
            f"in the {killed['lookup']:.0f} s before the kill "
            "(lookup possibly unfinished): "
            f"{victims_fates['answered'] + victims_fates['doubled'] + victims_fates['answered, then the apology']} real answers "
            f"({victims_fates['doubled']} twice), {victims_fates['apology']} apology only, {victims_fates['nothing']} nothing")
        killed_lost = victims_fates["apology"] + victims_fates["nothing"]
        if killed_lost:
            misses.append(f"SIGKILL: {killed_lost} of {len(killed['acknowledged'])} acknowledged commands lost (want 0)")
    database = by_phase["database"]
    answered = collections.Counter(c["answer"] for c in database if c["status"] == 200)
    server_errors = [c for c in database if c["status"] >= 500 or c["status"] == 0]
    notes = replica_log_notes(out)
    say(f"answers during the database restart: {len(database)} commands in progress; 200: {answered['answer']} with the weather, "
        f"{answered['placeholder']} placeholders, {answered['try-again']} \"try again\", {answered['other']} other; "
        f"5xx or no answer: {len(server_errors)}" + (f" [{breakdown(server_errors)}]" if server_errors else "")
        + f"; replicas' logs: {notes['posted directly']} late answers posted directly because the queue was unreachable, "
        f"{notes['fallback not queued']} fallbacks not queued, {notes['errors']} error lines in all")

    slots = [line.split("|") for line in read_lines(f"{out}/slots.txt")]
    digest_posts = [p for p in run.posts if p["accepted"] and p["path"].endswith("/digest")]
    start, collected = run.event("replicas-started")[0], run.event("collected")[0]
    slot_times = {float(slot) for _, slot in slots}
    due = []
    if start and collected:
        minute = math.ceil(start / 60) * 60
        while minute <= collected - 30:  # a slot due in the last 30 s may still be on its way
            due.append(minute)
            minute += 60
    missing = [m for m in due if m not in slot_times]
    each_once = len(slots) == len(digest_posts)
    say(f"digest slots posted: {len(slots)} slots claimed in the ledger, {len(digest_posts)} posts to the digest webhook "
        f"({'each once' if each_once else 'NOT each once'}); {len(due) - len(missing)} of the {len(due)} minutes due "
        f"during the run claimed")
    if not each_once or missing or not slots:
        misses.append(f"digest: {len(slots)} slots, {len(digest_posts)} posts, {len(missing)} due slots missing (want each once)")

    states = collections.Counter()
    for row in read_lines(f"{out}/outbox.txt")[1:]:
        cells = row.split()
        if len(cells) >= 3 and cells[1] in ("pending", "dead"):
            states[(cells[1], cells[2])] += 1
    held = pending_at_end(out, run)
    say(f"outbox at the end (tenki outbox): {sum(v for (s, _), v in states.items() if s == 'pending')} pending, "
        f"{sum(v for (s, _), v in states.items() if s == 'dead')} dead"
        + (" (" + ", ".join(f"{count} {state} {kind}" for (state, kind), count in sorted(states.items())) + ")" if states else "")
        + ("; pending: " + ", ".join(f"{count} {what}" for what, count in sorted(held.items())) if held else ""))

    if non_200(by_phase["sigterm"]):
        misses.append(f"SIGTERM: {len(non_200(by_phase['sigterm']))} non-200 (want 0)")
    if non_200(by_phase["steady"]):
        misses.append(f"steady: {len(non_200(by_phase['steady']))} non-200 (want 0)")
    for name in ("steady", "sigterm", "database"):
        phase_fates = fates(by_phase[name])
        if phase_fates["apology"] + phase_fates["nothing"]:
            misses.append(f"{PHASE_NAMES[name]}: {phase_fates['apology'] + phase_fates['nothing']} lost (want 0)")
        if phase_fates["doubled"]:
            misses.append(f"{PHASE_NAMES[name]}: {phase_fates['doubled']} delivered twice (want 0)")
    if followed or held["apology for a command already answered"]:
        misses.append(f"{followed + held['apology for a command already answered']} answered commands also got "
                      "(or will get) the apology (want 0)")
    if server_errors:
        misses.append(f"database restart: {len(server_errors)} 5xx or unanswered (want 0: cache or a clear message)")
    if any(state == "dead" for state, _ in states):
        misses.append("outbox: dead deliveries at the end (want 0)")

    print("\n".join(lines))
    print("targets: " + ("all met" if not misses else "MISSED: " + "; ".join(misses)))
    return 1 if misses else 0
