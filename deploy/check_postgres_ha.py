"""Assertions over the rendered overlays/postgres-ha: several listeners on PostgreSQL that roll out
and drain without a gap. Run from deploy/check_assertions.py; every rule says what to change.
"""
import math
import posixpath

from check_report import fail, ok
from kustomize_fallback import containers, pod_spec

MIN_REPLICAS = 3
# The connection budget the overlay's comment promises: PostgreSQL's (and CloudNativePG's) default
# max_connections, less superuser_reserved_connections' default, shared by every replica, the
# rollout's surge pods and one-shot commands (`kubectl exec deploy/tenki -- tenki outbox`).
POSTGRES_MAX_CONNECTIONS = 100
POSTGRES_RESERVED_CONNECTIONS = 3
ONE_SHOT_PROCESSES = 1
# Kubernetes' probe defaults.
DEFAULT_PERIOD_SECONDS = 10
DEFAULT_FAILURE_THRESHOLD = 3


def check(name, objects, default_drain_delay_ms):
    deployments = [o for o in objects if o["kind"] == "Deployment"]
    if len(deployments) != 1:
        fail(f"{name}: expected one Deployment (the listener), found {len(deployments)}")
        return
    deployment = deployments[0]
    where = f"{name}: Deployment/{deployment['metadata']['name']}"
    spec = deployment["spec"]
    labels = spec["template"]["metadata"].get("labels", {})
    replicas = spec.get("replicas", 1)
    if replicas < MIN_REPLICAS:
        fail(f"{where}: replicas {replicas}; at least {MIN_REPLICAS}, so that a rollout or a drain leaves two serving")
    else:
        ok(f"{where}: {replicas} replicas")
    surge = check_rollout(where, spec, replicas)
    check_disruption_budget(name, objects, labels, replicas)
    check_no_sqlite(name, objects)
    pod = spec["template"]["spec"]
    check_database_url(where, pod)
    check_pool(where, pod, replicas, surge)
    check_readiness_flip(where, pod, default_drain_delay_ms)
    check_topology_spread(where, pod, labels)
    check_postgres_egress(name, objects, labels)


def selects(selector, labels, where):
    """Whether a label selector (matchLabels only) picks pods with `labels`."""
    if selector.get("matchExpressions"):
        fail(f"{where}: uses matchExpressions, which this check cannot evaluate; use matchLabels")
        return False
    match = selector.get("matchLabels") or {}
    return bool(match) and all(labels.get(k) == v for k, v in match.items())


def count(value, replicas, round_up):
    """An int-or-percentage field (maxSurge, maxUnavailable, minAvailable) as a number of pods."""
    if isinstance(value, str) and value.endswith("%"):
        exact = int(value[:-1]) * replicas / 100
        return math.ceil(exact) if round_up else math.floor(exact)
    return int(value)


def check_rollout(where, spec, replicas):
    strategy = spec.get("strategy", {})
    rolling = strategy.get("rollingUpdate", {})
    unavailable = count(rolling.get("maxUnavailable", "25%"), replicas, round_up=False)
    surge = count(rolling.get("maxSurge", "25%"), replicas, round_up=True)
    if strategy.get("type", "RollingUpdate") != "RollingUpdate":
        fail(f"{where}: strategy {strategy.get('type')}; RollingUpdate, so old pods serve until new ones are ready")
    elif unavailable != 0 or surge != 1:
        fail(f"{where}: rollingUpdate maxUnavailable {unavailable}, maxSurge {surge}; want 0 and 1 "
             f"(never fewer ready pods than replicas; one extra pod, counted in the connection budget)")
    else:
        ok(f"{where}: RollingUpdate with maxUnavailable 0 and maxSurge 1")
    return surge


def check_disruption_budget(name, objects, labels, replicas):
    budgets = [o for o in objects if o["kind"] == "PodDisruptionBudget"]
    matching = [b for b in budgets if selects(b["spec"].get("selector", {}), labels, f"{name}: PodDisruptionBudget")]
    if len(matching) != 1:
        fail(f"{name}: {len(matching)} PodDisruptionBudgets select the listener's pods {labels}; want exactly one")
        return
    budget = matching[0]["spec"]
    where = f"{name}: PodDisruptionBudget/{matching[0]['metadata']['name']}"
    if "maxUnavailable" in budget:
        allowed = count(budget["maxUnavailable"], replicas, round_up=True)
    else:
        allowed = replicas - count(budget.get("minAvailable", replicas), replicas, round_up=True)
    if not 1 <= allowed <= replicas - 1:
        fail(f"{where}: allows {allowed} of {replicas} pods to be evicted at once; want 1 to {replicas - 1} "
             f"(0 blocks every node drain, {replicas} empties the Service)")
    else:
        ok(f"{where} selects the listener's pods and allows {allowed} of {replicas} to be evicted at once")


def check_no_sqlite(name, objects):
    claims = sorted(o["metadata"]["name"] for o in objects if o["kind"] == "PersistentVolumeClaim")
    mounted = [f"{o['kind']}/{o['metadata']['name']}" for o in objects
               if any("persistentVolumeClaim" in v for v in (pod_spec(o) or {}).get("volumes", []))]
    state = [f"{o['kind']}/{o['metadata']['name']}" for o in objects for c in containers(o)
             # The image sets TENKI_STATE (deploy/Dockerfile's ENV): only an empty value unsets it.
             if not any(e["name"] == "TENKI_STATE" and e.get("value") == "" for e in c.get("env", []))]
    if claims or mounted or state:
        fail(f"{name}: the state is in PostgreSQL, yet PersistentVolumeClaims {claims}, claims mounted by {mounted}, "
             f"TENKI_STATE set in {state} (with TENKI_DATABASE_URL it is a configuration error)")
    else:
        ok(f"{name}: no PersistentVolumeClaim, no volume claim mounted, TENKI_STATE blanked (the image sets it)")


def check_database_url(where, pod):
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    for container in pod["containers"]:
        env = {e["name"]: e for e in container.get("env", [])}
        file_entry, url_entry = env.get("TENKI_DATABASE_URL_FILE"), env.get("TENKI_DATABASE_URL")
        if url_entry and "value" in url_entry:
            fail(f"{where}: TENKI_DATABASE_URL is written in the manifest; read it from a Secret")
        elif url_entry and url_entry.get("valueFrom", {}).get("secretKeyRef"):
            reference = url_entry["valueFrom"]["secretKeyRef"]
            ok(f"{where}: TENKI_DATABASE_URL from the Secret {reference.get('name')}, key {reference.get('key')}")
        elif file_entry and "value" in file_entry:
            path = file_entry["value"]
            mounts = [m for m in container.get("volumeMounts", [])
                      if path.startswith(m["mountPath"].rstrip("/") + "/")]
            secret = [volumes.get(m["name"], {}).get("secret", {}).get("secretName") for m in mounts]
            if not any(secret):
                fail(f"{where}: TENKI_DATABASE_URL_FILE {path} is not in a mounted Secret volume")
            else:
                ok(f"{where}: TENKI_DATABASE_URL_FILE {path}, the key {posixpath.basename(path)} "
                   f"of the Secret {next(s for s in secret if s)}")
        else:
            fail(f"{where}: neither TENKI_DATABASE_URL_FILE (a mounted Secret) nor TENKI_DATABASE_URL from a "
                 f"secretKeyRef: the listener would use SQLite")


def check_pool(where, pod, replicas, surge):
    env = {e["name"]: e.get("value") for c in pod["containers"] for e in c.get("env", [])}
    if not env.get("TENKI_DATABASE_POOL_SIZE"):
        fail(f"{where}: set TENKI_DATABASE_POOL_SIZE explicitly, with the connection arithmetic beside it")
        return
    pool = int(env["TENKI_DATABASE_POOL_SIZE"])
    processes = replicas + surge + ONE_SHOT_PROCESSES
    budget = POSTGRES_MAX_CONNECTIONS - POSTGRES_RESERVED_CONNECTIONS
    summary = (f"({replicas} replicas + {surge} surge + {ONE_SHOT_PROCESSES} one-shot) x pool {pool} "
               f"= {processes * pool}")
    if processes * pool > budget:
        fail(f"{where}: {summary} connections > max_connections {POSTGRES_MAX_CONNECTIONS} - "
             f"{POSTGRES_RESERVED_CONNECTIONS} reserved; lower TENKI_DATABASE_POOL_SIZE")
    else:
        ok(f"{where}: {summary} <= {budget} connections (max_connections {POSTGRES_MAX_CONNECTIONS} "
           f"- {POSTGRES_RESERVED_CONNECTIONS} reserved)")


def check_readiness_flip(where, pod, default_drain_delay_ms):
    for container in pod["containers"]:
        env = {e["name"]: e.get("value") for e in container.get("env", [])}
        delay = int(env.get("TENKI_DRAIN_DELAY_MS") or default_drain_delay_ms) / 1000
        probe = container.get("readinessProbe")
        if not probe or probe.get("httpGet", {}).get("path") != "/healthz":
            fail(f"{where}: container {container['name']} needs a readinessProbe on /healthz (503 once draining)")
            continue
        period = probe.get("periodSeconds", DEFAULT_PERIOD_SECONDS)
        failures = probe.get("failureThreshold", DEFAULT_FAILURE_THRESHOLD)
        if period * failures >= delay:
            fail(f"{where}: readiness notices the drain after up to {period} s x {failures} = {period * failures} s, "
                 f"not before TENKI_DRAIN_DELAY_MS {delay:g} s ends and the listener closes; "
                 f"probe more often or raise the delay")
        else:
            ok(f"{where}: readiness flips within {period} s x {failures} = {period * failures} s "
               f"< drain delay {delay:g} s")


def check_topology_spread(where, pod, labels):
    constraints = [c for c in pod.get("topologySpreadConstraints", [])
                   if c.get("topologyKey") == "kubernetes.io/hostname"
                   and selects(c.get("labelSelector", {}), labels, f"{where}: topologySpreadConstraints")]
    if not constraints:
        fail(f"{where}: no topologySpreadConstraints over kubernetes.io/hostname selecting the listener's pods")
    else:
        keys = [c["topologyKey"] for c in pod["topologySpreadConstraints"]]
        ok(f"{where}: spread over {', '.join(keys)} (hostname: {constraints[0]['whenUnsatisfiable']})")


def check_postgres_egress(name, objects, labels):
    for policy in (o for o in objects if o["kind"] == "NetworkPolicy"):
        spec = policy["spec"]
        if "Egress" not in spec.get("policyTypes", []) or not selects(spec.get("podSelector", {}), labels, name):
            continue
        for rule in spec.get("egress", []):
            for port in rule.get("ports", []):
                if port.get("port") == 5432 and port.get("protocol", "TCP") == "TCP":
                    ok(f"{name}: NetworkPolicy/{policy['metadata']['name']} lets the listener reach TCP 5432")
                    return
    fail(f"{name}: no NetworkPolicy lets the listener's pods out to TCP 5432 (PostgreSQL)")
