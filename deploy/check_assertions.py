#!/usr/bin/env python3
"""Assertions over the deployment files that no linter makes; run by deploy/check.sh.

    python3 deploy/check_assertions.py DEPLOY_DIR SETTINGS_SWIFT [RENDERED_DIR]

RENDERED_DIR holds `kubectl kustomize` output per kustomization (base.yaml, cronjob-digest.yaml,
...); without it each kustomization is rendered by the small fallback in kustomize_fallback.py,
and with it the fallback must agree with kubectl (so the checks mean the same on a machine
without kubectl).
Exit 1 with one line per broken rule. Every rule says what to change.
"""
import os
import re
import sys

import yaml

import check_postgres_ha
from check_report import fail, failures, ok
from kustomize_fallback import canonical, containers, pod_spec, render, Unsupported

# The drain after SIGTERM (TenkiServer.drain, Sources/TenkiApp/Server/TenkiServer+Run.swift): the delay, the
# listener's grace period, the late answers' wait (the same timeout again), the metrics listener.
METRICS_LISTENER_SECONDS = 1
MARGIN_SECONDS = 3
DEFAULT_DRAIN_DELAY_MS = 1000
DEFAULT_DRAIN_TIMEOUT_MS = 10000
DEFAULT_MAX_CONNECTIONS = 1024
DIGEST_FIRING_MINUTES = 5


# What an Ingress lets in from outside: the chat endpoints, the install pages and the charts Slack
# fetches. /metrics and /healthz stay inside the cluster.
PUBLIC_PATHS = {
    ("/slack/commands", "Exact"), ("/slack/interactions", "Exact"), ("/slack/events", "Exact"),
    ("/slack/install", "Exact"), ("/slack/oauth_redirect", "Exact"), ("/mattermost/commands", "Exact"),
    ("/discord/interactions", "Exact"), ("/charts", "Prefix"),
}


def drain_seconds(env):
    delay = int(env.get("TENKI_DRAIN_DELAY_MS") or DEFAULT_DRAIN_DELAY_MS) / 1000
    timeout = int(env.get("TENKI_DRAIN_TIMEOUT_MS") or DEFAULT_DRAIN_TIMEOUT_MS) / 1000
    return delay + 2 * timeout + METRICS_LISTENER_SECONDS


def seconds(text):
    """systemd/compose durations: 30s, 1min, 2m, 1m30s, or a bare number of seconds."""
    text = str(text).strip()
    if re.fullmatch(r"\d+", text):
        return int(text)
    units = {"ms": 0.001, "s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600}
    total = 0
    for number, unit in re.findall(r"(\d+)\s*([a-z]+)", text):
        total += int(number) * units[unit]
    return total


def env_file(path):
    values = {}
    for line in open(path, encoding="utf-8"):
        match = re.match(r"^([A-Z_][A-Z0-9_]*)=(.*)$", line.strip())
        if match:
            values[match.group(1)] = match.group(2)
    return values


# ---- Kubernetes -------------------------------------------------------------------------------

KUSTOMIZATIONS = {
    "base": "kubernetes/base",
    "cronjob-digest": "kubernetes/overlays/cronjob-digest",
    "postgres-ha": "kubernetes/overlays/postgres-ha",
    "socket-mode": "kubernetes/overlays/socket-mode",
    "state": "kubernetes/state",
    "monitoring": "kubernetes/monitoring",
}


def rendered_objects(deploy, rendered_dir, name):
    """kubectl's rendering when check.sh made one (and the fallback must agree with it), else the fallback's."""
    try:
        fallback = render(os.path.join(deploy, KUSTOMIZATIONS[name]))
    except Unsupported as error:
        fail(str(error))
        fallback = []
    rendered = os.path.join(rendered_dir, name + ".yaml") if rendered_dir else None
    if not (rendered and os.path.exists(rendered)):
        return fallback
    with open(rendered, encoding="utf-8") as f:
        objects = [d for d in yaml.safe_load_all(f) if d]
    ours, theirs = canonical(fallback), canonical(objects)
    differing = sorted(k for k in ours.keys() | theirs.keys() if ours.get(k) != theirs.get(k))
    if differing:
        fail(f"{name}: the fallback renderer (kustomize_fallback.py) disagrees with kubectl kustomize on "
             f"{', '.join(differing)}: teach it what the kustomization now uses")
    return objects


def check_kubernetes(deploy, rendered_dir):
    images = {}
    for name in KUSTOMIZATIONS:
        objects = rendered_objects(deploy, rendered_dir, name)
        if name == "postgres-ha":
            check_postgres_ha.check(name, objects, DEFAULT_DRAIN_DELAY_MS)
        for obj in objects:
            where = f"{name}: {obj['kind']}/{obj['metadata']['name']}"
            if obj["metadata"].get("namespace") != "tenki":
                fail(f"{where} is not in the namespace tenki (set `namespace:` in its kustomization)")
            for container in containers(obj):
                images.setdefault(container.get("image"), []).append(where)
            spec = pod_spec(obj)
            if obj["kind"] == "Deployment":
                check_pod_grace(where, spec)
            if obj["kind"] == "CronJob" and obj["metadata"]["name"] == "tenki-digest":
                schedule = obj["spec"]["schedule"]
                if schedule != f"*/{DIGEST_FIRING_MINUTES} * * * *":
                    fail(f"{where}: schedule {schedule!r}; it must fire every {DIGEST_FIRING_MINUTES} minutes "
                         f"(the ledger decides which digest is due)")
                else:
                    ok(f"{where} fires every {DIGEST_FIRING_MINUTES} minutes")
            if obj["kind"] == "NetworkPolicy":
                check_network_policy(where, obj)
            if obj["kind"] == "Ingress":
                paths = {(p["path"], p.get("pathType")) for r in obj["spec"]["rules"] for p in r["http"]["paths"]}
                if paths != PUBLIC_PATHS:
                    fail(f"{where}: routes {sorted(paths)}; it must route exactly {sorted(PUBLIC_PATHS)} "
                         f"(missing {sorted(PUBLIC_PATHS - paths)}, extra {sorted(paths - PUBLIC_PATHS)})")
                else:
                    ok(f"{where}: routes the chat endpoints, install pages and charts only")
            if obj["kind"] == "ServiceMonitor":
                secrets = {(e.get("authorization", {}).get("credentials", {}).get("name"),
                            e.get("authorization", {}).get("credentials", {}).get("key")) for e in obj["spec"]["endpoints"]}
                if secrets != {("tenki", "metrics-token")}:
                    fail(f"{where}: must send the Secret tenki's metrics-token as its bearer token (got {secrets})")
            if obj["kind"] == "Deployment":
                env = {e["name"]: e.get("value") for c in spec["containers"] for e in c.get("env", [])}
                if env.get("TENKI_METRICS_TOKEN_FILE") != "/run/secrets/tenki/metrics-token":
                    fail(f"{where}: TENKI_METRICS_TOKEN_FILE must be /run/secrets/tenki/metrics-token (the ServiceMonitor's key)")
                # A flood of the chat endpoints must not fail the liveness probe: it asks the metrics
                # listener, which has no share in TENKI_MAX_CONNECTIONS.
                probes = [c.get("livenessProbe", {}).get("httpGet", {}).get("port") for c in spec["containers"]]
                ports = {p["name"]: p["containerPort"] for c in spec["containers"] for p in c.get("ports", [])}
                address = env.get("TENKI_METRICS_ADDRESS") or ""
                if probes != ["metrics"] or "metrics" not in ports or not address.endswith(f":{ports['metrics']}"):
                    fail(f"{where}: the liveness probe must ask port `metrics`, the listener of TENKI_METRICS_ADDRESS "
                         f"(got probe {probes}, ports {ports}, TENKI_METRICS_ADDRESS {address!r})")
                else:
                    ok(f"{where}: liveness probe on the metrics listener ({address}), apart from the chat endpoints")
            if obj["kind"] == "PersistentVolumeClaim" and name != "state":
                fail(f"{where}: a PersistentVolumeClaim in the app bundle is deleted with it; keep it in kubernetes/state")
    if len(images) == 1:
        ok(f"every Kubernetes workload runs {next(iter(images))} ({sum(len(v) for v in images.values())} containers)")
    else:
        fail("Kubernetes workloads name different images (name it once, in kubernetes/components/image): "
             + "; ".join(f"{image} in {', '.join(where)}" for image, where in images.items()))
    return set(images)


def check_network_policy(where, policy):
    """The base policy `tenki` restricts both directions; any policy added to it (they add up) only
    opens named ports, never the cloud metadata address."""
    if policy["metadata"]["name"] == "tenki" and set(policy["spec"].get("policyTypes", [])) != {"Ingress", "Egress"}:
        fail(f"{where}: policyTypes must be Ingress and Egress")
    for rule in policy["spec"].get("egress", []):
        if not rule.get("ports"):
            fail(f"{where}: an egress rule without ports allows every port")
        for peer in rule.get("to", [{}]):
            block = peer.get("ipBlock")
            if block and block["cidr"] == "0.0.0.0/0" and "169.254.169.254/32" not in block.get("except", []):
                fail(f"{where}: egress to 0.0.0.0/0 must except the metadata address 169.254.169.254/32")
    ok(f"{where}: {' and '.join(policy['spec'].get('policyTypes', [])).lower()} restricted, metadata address excepted")


def check_pod_grace(where, spec):
    env = {}
    for container in spec["containers"]:
        env.update({e["name"]: e.get("value") for e in container.get("env", []) if "value" in e})
    pre_stop = 0
    for container in spec["containers"]:
        command = container.get("lifecycle", {}).get("preStop", {}).get("exec", {}).get("command", [])
        if command[:1] == ["sleep"]:
            pre_stop = max(pre_stop, int(command[1]))
    needed = pre_stop + drain_seconds(env) + MARGIN_SECONDS
    grace = spec.get("terminationGracePeriodSeconds", 30)
    if grace < needed:
        fail(f"{where}: terminationGracePeriodSeconds {grace} < preStop {pre_stop} s + drain {drain_seconds(env):g} s "
             f"+ margin {MARGIN_SECONDS} s = {needed:g} s")
    else:
        ok(f"{where}: terminationGracePeriodSeconds {grace} >= {needed:g} s (preStop + drain + margin)")


# ---- systemd ----------------------------------------------------------------------------------

def unit_values(path, key):
    pattern = re.compile(rf"^{key}=(.*)$")
    return [m.group(1) for line in open(path, encoding="utf-8") if (m := pattern.match(line.strip()))]


def check_systemd(deploy, settings):
    unit = os.path.join(deploy, "systemd/tenki.service")
    stop = unit_values(unit, "TimeoutStopSec")
    needed = drain_seconds(settings) + MARGIN_SECONDS
    if not stop or seconds(stop[-1]) < needed:
        fail(f"tenki.service: TimeoutStopSec {stop[-1] if stop else 'unset (90s default, but say it)'} < drain "
             f"{drain_seconds(settings):g} s + margin {MARGIN_SECONDS} s")
    else:
        ok(f"tenki.service: TimeoutStopSec {stop[-1]} >= {needed:g} s (drain + margin)")
    max_connections = int(settings.get("TENKI_MAX_CONNECTIONS") or DEFAULT_MAX_CONNECTIONS)
    for name in ("tenki.service", "tenki-digest.service"):
        nofile = unit_values(os.path.join(deploy, "systemd", name), "LimitNOFILE")
        if not nofile or int(nofile[-1].split(":")[0]) < 2 * max_connections:
            fail(f"{name}: LimitNOFILE {nofile[-1] if nofile else 'unset'} must be at least twice "
                 f"TENKI_MAX_CONNECTIONS ({max_connections})")
        else:
            ok(f"{name}: LimitNOFILE {nofile[-1]} >= 2 x TENKI_MAX_CONNECTIONS ({max_connections})")
    for name in ("tenki.service", "tenki-digest.service", "tenki-backup.service"):
        state = unit_values(os.path.join(deploy, "systemd", name), "Environment")
        if "TENKI_STATE=/var/lib/tenki/tenki.sqlite" not in state:
            fail(f"{name}: must set Environment=TENKI_STATE=/var/lib/tenki/tenki.sqlite (the path on-call commands use)")
    calendar = unit_values(os.path.join(deploy, "systemd/tenki-digest.timer"), "OnCalendar")
    if calendar != [f"*-*-* *:00/{DIGEST_FIRING_MINUTES}:00 UTC"]:
        fail(f"tenki-digest.timer: OnCalendar {calendar}; it must fire every {DIGEST_FIRING_MINUTES} minutes")
    else:
        ok(f"tenki-digest.timer fires every {DIGEST_FIRING_MINUTES} minutes")


# ---- compose and settings ---------------------------------------------------------------------

def check_compose(deploy, settings):
    with open(os.path.join(deploy, "compose.yaml"), encoding="utf-8") as f:
        compose = yaml.safe_load(f)
    service = compose["services"]["tenki"]
    env = dict(settings)
    env.update({k: str(v) for k, v in (service.get("environment") or {}).items()})
    needed = drain_seconds(env) + MARGIN_SECONDS
    grace = seconds(service.get("stop_grace_period", "10s"))
    if grace < needed:
        fail(f"compose.yaml: stop_grace_period {service.get('stop_grace_period', '10s (default)')} < drain "
             f"{drain_seconds(env):g} s + margin {MARGIN_SECONDS} s")
    else:
        ok(f"compose.yaml: stop_grace_period {service['stop_grace_period']} >= {needed:g} s (drain + margin)")
    for key in ("mem_limit", "pids_limit", "logging"):
        if key not in service:
            fail(f"compose.yaml: service tenki has no {key}")
    nofile = service.get("ulimits", {}).get("nofile", {})
    soft = nofile.get("soft", 0) if isinstance(nofile, dict) else nofile
    if soft < 2 * int(env.get("TENKI_MAX_CONNECTIONS") or DEFAULT_MAX_CONNECTIONS):
        fail("compose.yaml: ulimits.nofile must be at least twice TENKI_MAX_CONNECTIONS")
    secrets = {name for name in service.get("secrets", [])}
    for name in secrets:
        if f"/run/secrets/{name}" not in env.values():
            fail(f"compose.yaml: secret {name} is mounted but no *_FILE setting points at /run/secrets/{name}")
    ok(f"compose.yaml: limits, log rotation and {len(secrets)} secrets as files")
    return {s.get("image") for s in compose["services"].values()}


def check_settings_listed(env_example, settings_swift):
    # Each setting is declared as `.kind(\n    "NAME", ...` in the settings table.
    declared = r'\.\w+\(\s*"((?:TENKI|SLACK|OPENWEATHER|NEWSAPI|DIGEST|MATTERMOST|DISCORD)_[A-Z0-9_]+|PORT)"'
    names = set(re.findall(declared, open(settings_swift, encoding="utf-8").read()))
    listed = set(re.findall(r"^#?([A-Z][A-Z0-9_]+)=", open(env_example, encoding="utf-8").read(), re.M))
    missing = sorted(names - listed)
    if missing:
        fail(f".env.example misses {len(missing)} settings: {', '.join(missing)}")
    else:
        ok(f".env.example lists all {len(names)} settings")
    catch_up = int(env_file(env_example).get("TENKI_DIGEST_CATCH_UP_MINUTES") or 120)
    if catch_up < DIGEST_FIRING_MINUTES:
        fail(f".env.example: TENKI_DIGEST_CATCH_UP_MINUTES {catch_up} < {DIGEST_FIRING_MINUTES}: "
             "a slot between two timer firings would be missed")


def main():
    deploy, settings_swift = sys.argv[1], sys.argv[2]
    rendered_dir = sys.argv[3] if len(sys.argv) > 3 else None
    env_example = os.path.join(deploy, ".env.example")
    settings = env_file(env_example)
    check_kubernetes(deploy, rendered_dir)
    check_systemd(deploy, settings)
    check_compose(deploy, settings)
    check_settings_listed(env_example, settings_swift)
    if failures:
        print(f"{len(failures)} deployment assertion(s) failed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
