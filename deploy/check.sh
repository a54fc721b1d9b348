#!/usr/bin/env bash
# Checks of the deployment files, run by .ci/run with the release binary it built:
#   bash deploy/check.sh path/to/tenki
# Each tool runs when it is installed (.ci/run installs them) and is skipped with a notice
# otherwise; the assertions (deploy/check_assertions.py) always run:
#  1. every YAML file parses; every kustomization renders (kubectl kustomize, or the assertions'
#     own fallback renderer) and validates against the Kubernetes 1.29 schemas
#     (kubernetes-validate); the alert rules check and pass their unit tests (promtool), or at
#     least their structure;
#  2. systemd-analyze verify and security (exposure at most 2.0) on the units; shellcheck on the scripts; hadolint on the Dockerfile;
#     docs/deploy.md's Caddy and nginx snippets run in front of a stub (check_proxies.py: public paths in, /metrics out);
#     `docker compose config` with placeholder secrets, which must not show their values;
#  3. assertions: one image for every workload, grace periods >= the drain, LimitNOFILE, timers,
#     the Ingress's paths (the public ones only), every setting in .env.example, the postgres-ha overlay's rollout, disruption budget, database
#     Secret, connection budget, readiness flip and egress (check_assertions.py, check_postgres_ha.py);
#  4. a self-test: a deliberately broken copy (two images, a grace period shorter than the drain,
#     an Ingress routing /metrics, and one break for each postgres-ha rule) must fail each of those assertions;
#  5. the given binary answers --help and lists the commands the units and jobs run.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ left in deploy/
cd "$(dirname "$0")"

bin="${1:?usage: deploy/check.sh PATH-TO-RELEASE-BINARY}"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
[ -x "$bin" ] || { echo "deploy/check.sh: $bin is not an executable" >&2; exit 1; }

step() { printf '\n--> deploy: %s\n' "$*"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step "YAML files parse"
if ! python3 -c 'import yaml' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check pyyaml
fi
find . -type f \( -name '*.yaml' -o -name '*.yml' \) -print0 | sort -z | xargs -0 python3 -c '
import sys, yaml
failed = 0
for path in sys.argv[1:]:
    try:
        with open(path) as f:
            docs = [d for d in yaml.safe_load_all(f) if d is not None]
        if not docs:
            raise ValueError("no document")
        print(f"ok  {path} ({len(docs)} documents)")
    except Exception as e:
        failed += 1
        print(f"BAD {path}: {e}")
sys.exit(1 if failed else 0)
'

kustomizations="base:kubernetes/base cronjob-digest:kubernetes/overlays/cronjob-digest postgres-ha:kubernetes/overlays/postgres-ha socket-mode:kubernetes/overlays/socket-mode state:kubernetes/state monitoring:kubernetes/monitoring"
mkdir -p "$work/rendered"
step "Kubernetes kustomizations render"
# kubectl's built-in kustomize must know components (kustomize v4+; Debian's kubernetes-client 1.20
# has v2): otherwise check_assertions.py renders with its fallback.
if command -v kubectl >/dev/null 2>&1 && kubectl version --client 2>/dev/null | grep -Eq 'Kustomize Version: v[4-9]'; then
    for entry in $kustomizations; do
        kubectl kustomize "${entry#*:}" >"$work/rendered/${entry%%:*}.yaml"
        echo "ok  ${entry#*:} ($(grep -c '^kind:' "$work/rendered/${entry%%:*}.yaml") objects, kubectl kustomize)"
    done
    # The overlay must really turn the listener's scheduler off.
    python3 - "$work/rendered/cronjob-digest.yaml" <<'PY'
import sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
dep = next(d for d in docs if d["kind"] == "Deployment")
env = {e["name"]: e.get("value") for e in dep["spec"]["template"]["spec"]["containers"][0]["env"]}
assert env["TENKI_SCHEDULER"] == "off", env["TENKI_SCHEDULER"]
assert any(d["kind"] == "CronJob" and d["metadata"]["name"] == "tenki-digest" for d in docs)
print("ok  cronjob-digest overlay: TENKI_SCHEDULER=off and the digest CronJob")
PY
    # Socket Mode: no Ingress, a rolling update within Slack's 10 connections, only metrics let in.
    python3 - "$work/rendered/socket-mode.yaml" <<'PY'
import sys, yaml
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
assert not any(d["kind"] == "Ingress" for d in docs), "the socket-mode overlay still has an Ingress"
dep = next(d for d in docs if d["kind"] == "Deployment")
strategy = dep["spec"]["strategy"]
assert strategy["type"] == "RollingUpdate", strategy
env = {e["name"]: e.get("value") for e in dep["spec"]["template"]["spec"]["containers"][0]["env"]}
assert "SLACK_APP_TOKEN_FILE" in env and "SLACK_SIGNING_SECRET_FILE" not in env, sorted(env)
peak = int(env["TENKI_SOCKET_CONNECTIONS"]) * (dep["spec"]["replicas"] + int(strategy["rollingUpdate"]["maxSurge"]) + 1)
assert peak <= 10, f"connections x (replicas + surge + 1) = {peak} > 10, Slack's limit"
policy = next(d for d in docs if d["kind"] == "NetworkPolicy" and d["metadata"]["name"] == "tenki")
ports = [p["port"] for rule in policy["spec"]["ingress"] for p in rule["ports"]]
assert ports == [9100], f"ingress other than metrics scraping: {ports}"
print(f"ok  socket-mode overlay: no Ingress, RollingUpdate, {peak} connections at the peak, ingress only 9100")
PY
    # The many-workspaces component as its header says to use it: that example kustomization,
    # pointed at each layout with an Ingress. Every container that reads the settings (envFrom
    # tenki-settings) must get both secret files, and the Ingress must let the browser reach the
    # install paths.
    component=kubernetes/components/many-workspaces
    for layout in base overlays/cronjob-digest overlays/postgres-ha; do
        mine="$work/many-workspaces/${layout##*/}"
        mkdir -p "$mine"
        sed -n '/^# apiVersion: kustomize.config.k8s.io\/v1beta1/,/^#$/p' "$component/kustomization.yaml" \
            | sed -e '/^#$/d' -e 's/^# //' \
                -e "s#\.\./deploy/kubernetes/overlays/postgres-ha#$(realpath --relative-to="$mine" "kubernetes/$layout")#" \
                -e "s#\.\./deploy/$component#$(realpath --relative-to="$mine" "$component")#" >"$mine/kustomization.yaml"
        kubectl kustomize "$mine" >"$mine.yaml"
        python3 - "$mine.yaml" "$layout" kubernetes/secret.example.yaml "$mine" <<'PY'
import sys, yaml
import kustomize_fallback
docs = [d for d in yaml.safe_load_all(open(sys.argv[1])) if d]
# deploy/smoke.sh starts this layout from the fallback's rendering: it must be kubectl's.
assert kustomize_fallback.canonical(kustomize_fallback.render(sys.argv[4])) == kustomize_fallback.canonical(docs), \
    "kustomize_fallback.py renders the component otherwise than kubectl"
layout, keys = sys.argv[2], yaml.safe_load(open(sys.argv[3]))["stringData"]
want = {"SLACK_CLIENT_SECRET_FILE": "/run/secrets/tenki/slack-client-secret",
        "TENKI_ENCRYPTION_KEY_FILE": "/run/secrets/tenki/encryption-key"}
assert all(path.rsplit("/", 1)[1] in keys for path in want.values()), "secret.example.yaml lacks a key"
settings = next(d for d in docs if d["kind"] == "ConfigMap" and d["metadata"]["name"] == "tenki-settings")["data"]
assert settings.get("SLACK_CLIENT_ID") and settings.get("TENKI_PUBLIC_URL"), "the example's ConfigMap patch did not apply"
def spec(d):
    return d["spec"]["template"]["spec"] if d["kind"] == "Deployment" else d["spec"]["jobTemplate"]["spec"]["template"]["spec"]
readers = [d for d in docs if d["kind"] in ("Deployment", "CronJob")
           and any(ref.get("configMapRef", {}).get("name") == "tenki-settings" for ref in spec(d)["containers"][0].get("envFrom", []))]
assert len(readers) == (2 if layout.endswith("cronjob-digest") else 1), [d["metadata"]["name"] for d in readers]
for d in readers:
    c = spec(d)["containers"][0]
    env = {e["name"]: e.get("value") for e in c["env"]}
    assert all(env.get(k) == v for k, v in want.items()), (d["metadata"]["name"], sorted(env))
    assert any(m["mountPath"] == "/run/secrets/tenki" for m in c["volumeMounts"]), d["metadata"]["name"]
paths = {p["path"] for d in docs if d["kind"] == "Ingress" for r in d["spec"]["rules"] for p in r["http"]["paths"]}
assert {"/slack/install", "/slack/oauth_redirect"} <= paths, f"the Ingress does not route the install paths: {sorted(paths)}"
print(f"ok  {layout} with components/many-workspaces as its header shows: "
      f"{', '.join(d['metadata']['name'] for d in readers)} read both secret files, the Ingress routes the install")
PY
    done
else
    rmdir "$work/rendered"
    echo "notice: no kubectl with kustomize v4+; the assertions below render with their fallback (kustomize_fallback.py)"
fi

step "Kubernetes schemas (kubernetes-validate, Kubernetes 1.29: the oldest version supported)"
if command -v kubernetes-validate >/dev/null 2>&1 && [ -d "$work/rendered" ]; then
    for entry in base cronjob-digest postgres-ha socket-mode state; do
        kubernetes-validate --kubernetes-version 1.29.0 --strict --quiet "$work/rendered/$entry.yaml"
        echo "ok  $entry validates (strict: no unknown fields)"
    done
    echo "notice: ServiceMonitor and PrometheusRule are Prometheus Operator CRDs, without a schema here"
else
    echo "notice: kubernetes-validate (PyPI) or rendered output missing; schemas not checked"
fi

step "alert rules"
python3 - kubernetes/monitoring/prometheusrule.yaml "$work/rules.yaml" <<'PY'
import re, sys, yaml
rule_file = yaml.safe_load(open(sys.argv[1]))
groups = rule_file["spec"]["groups"]
count = 0
for group in groups:
    for rule in group["rules"]:
        count += 1
        name = rule.get("alert", "?")
        assert set(rule) <= {"alert", "expr", "for", "labels", "annotations"}, f"{name}: unknown keys {set(rule)}"
        assert rule.get("expr"), f"{name}: no expr"
        assert rule.get("labels", {}).get("severity") in ("critical", "warning", "info"), f"{name}: severity"
        assert rule.get("annotations", {}).get("summary"), f"{name}: no summary"
        if "for" in rule:
            assert re.fullmatch(r"\d+[smh]", rule["for"]), f"{name}: for {rule['for']}"
        assert rule["expr"].count("(") == rule["expr"].count(")"), f"{name}: unbalanced parentheses"
yaml.safe_dump({"groups": groups}, open(sys.argv[2], "w"))
print(f"ok  {count} alert rules have expr, severity and summary")
PY
# Every tenki_/process_ metric an alert uses must be one Tenki exports.
grep -oE '\b(tenki|process)_[a-z_]+' kubernetes/monitoring/prometheusrule.yaml | sort -u | while read -r metric; do
    grep -rqE "\"$metric\"" ../Sources || { echo "alert rules use $metric, which Tenki does not export" >&2; exit 1; }
done
echo "ok  every metric the alerts use is exported by Tenki"
if command -v promtool >/dev/null 2>&1; then
    promtool check rules "$work/rules.yaml"
    # Unit tests: given series, the alerts fire (or stay quiet) with these labels and texts.
    cp kubernetes/monitoring/prometheusrule.test.yaml "$work/"
    (cd "$work" && promtool test rules prometheusrule.test.yaml)
else
    echo "notice: promtool not installed; PromQL syntax not checked"
fi

step "systemd units verify"
if command -v systemd-analyze >/dev/null 2>&1; then
    # Temporary copies with ExecStart pointing at the binary under test (verify refuses a
    # command that is not executable). User=tenki is kept as written. Checked twice: the units
    # alone, and each unit with its drop-ins (digest-timer, socket-mode, many-workspaces).
    for variant in plain with-drop-in; do
        dir="$work/units-$variant"
        mkdir -p "$dir"
        for unit in systemd/*.service systemd/*.timer; do
            sed -e "s#/usr/local/bin/tenki-backup-keep#$PWD/tenki-backup-keep#g" -e "s#/usr/local/bin/tenki\\b#$bin#g" \
                "$unit" >"$dir/$(basename "$unit")"
        done
        if [ "$variant" = with-drop-in ]; then
            for conf in systemd/*.service.d/*.conf; do
                unit_dir="$(basename "$(dirname "$conf")")"
                mkdir -p "$dir/$unit_dir"
                sed "s#/usr/local/bin/tenki#$bin#g" "$conf" >"$dir/$unit_dir/$(basename "$conf")"
            done
        fi
        set +e
        (cd "$dir" && systemd-analyze verify --man=no ./*.service ./*.timer) >"$work/verify.log" 2>&1
        rc=$?
        set -e
        # verify exits 0 on warnings such as an unknown key or a misspelt value ("ignoring"), so
        # every line it prints is a failure, except those that only describe this machine rather
        # than the units: no such user/credential file here (a build container has neither), or
        # no systemd running as PID 1. None appeared on Debian 12 (systemd 252) when written.
        grep -Ev "(user|group) .?tenki.? (not found|does not exist)|Failed to resolve (user|group)|[Cc]redential|System has not been booted with systemd|Failed to connect to bus" "$work/verify.log" >"$work/fatal.log" || true
        if [ "$rc" -ne 0 ] || [ -s "$work/fatal.log" ]; then
            echo "systemd-analyze verify ($variant) failed, exit $rc:" >&2
            cat "$work/verify.log" >&2
            exit 1
        fi
        if [ -s "$work/verify.log" ]; then
            echo "notice: environment-only messages from systemd-analyze ($variant):"
            sed 's/^/    /' "$work/verify.log"
        fi
        echo "ok  systemd-analyze verify ($variant)"
    done
    # Exposure scores (0 safest, 10 unprotected): every service must stay at 2.0 or below, where
    # they are now (tenki 1.6, digest 1.7, backup 1.0 on systemd 252); --offline needs systemd 250+.
    if systemd-analyze security --help 2>/dev/null | grep -q -- '--offline'; then
        for unit in "$work"/units-plain/*.service; do
            if ! (cd "$work/units-plain" && systemd-analyze security --offline=yes --threshold=20 "./$(basename "$unit")") >"$work/security.log" 2>&1; then
                cat "$work/security.log" >&2
                echo "systemd-analyze security: $(basename "$unit") is more exposed than 2.0" >&2
                exit 1
            fi
            echo "ok  systemd-analyze security $(basename "$unit"): $(grep -o 'exposure level for .*' "$work/security.log" | sed 's/^exposure level for [^:]*: //')"
        done
    fi
    if command -v systemd-sysusers >/dev/null 2>&1; then
        mkdir -p "$work/root/etc"
        systemd-sysusers --root="$work/root" "$PWD/systemd/tenki.sysusers.conf" >/dev/null 2>&1
        grep -q '^tenki:.*:/var/lib/tenki:/usr/sbin/nologin$' "$work/root/etc/passwd"
        echo "ok  tenki.sysusers.conf creates the tenki user (in a scratch root)"
    fi
else
    echo "notice: systemd-analyze not found; systemd units not verified"
fi

step "shell scripts (shellcheck)"
if command -v shellcheck >/dev/null 2>&1; then
    # Every script in the repository, from its root: the bench scripts' `source=` directives name
    # their paths from there, and -x follows them into bench/fakes.sh.
    (
        cd ..
        scripts=(.ci/run deploy/check.sh deploy/tenki-backup-keep deploy/smoke.sh bench/*.sh bench/*/*.sh fuzz/run.sh scripts/*.sh)
        shellcheck -x "${scripts[@]}"
        echo "ok  shellcheck: ${#scripts[@]} scripts in .ci/, deploy/, bench/, fuzz/ and scripts/"
    )
else
    echo "notice: shellcheck not installed; scripts not linted"
fi

step "Dockerfile (hadolint)"
if command -v hadolint >/dev/null 2>&1; then
    hadolint Dockerfile
    echo "ok  hadolint Dockerfile"
else
    echo "notice: hadolint not installed; Dockerfile not linted"
fi

step "docker compose config shows no secret values"
compose=()
if docker compose version >/dev/null 2>&1; then compose=(docker compose); elif command -v docker-compose >/dev/null 2>&1; then compose=(docker-compose); fi
if [ "${#compose[@]}" -gt 0 ]; then
    # A scratch copy with placeholder secrets: the real deploy/.env and deploy/secrets are never read.
    mkdir -p "$work/compose/secrets"
    cp compose.yaml "$work/compose/"
    grep -v -E '^(SLACK_SIGNING_SECRET|OPENWEATHER_API_KEY|NEWSAPI_KEY|DIGEST_WEBHOOK_URL|TENKI_METRICS_TOKEN)=' .env.example >"$work/compose/.env"
    for secret in $(python3 -c 'import yaml; print(" ".join(yaml.safe_load(open("compose.yaml"))["secrets"]))'); do
        printf 'PLACEHOLDER-SECRET-%s' "$secret" >"$work/compose/secrets/$secret"
    done
    # docker-compose 1.x does not know the top-level `name:` (Compose v2 does).
    if [ "${compose[0]}" = docker-compose ]; then sed -i '/^name: /d' "$work/compose/compose.yaml"; fi
    (cd "$work/compose" && "${compose[@]}" -f compose.yaml config) >"$work/compose-config.yaml"
    if grep -q 'PLACEHOLDER-SECRET' "$work/compose-config.yaml"; then
        echo "docker compose config shows a secret value:" >&2
        grep -n 'PLACEHOLDER-SECRET' "$work/compose-config.yaml" >&2
        exit 1
    fi
    grep -q 'SLACK_SIGNING_SECRET_FILE: /run/secrets/slack_signing_secret' "$work/compose-config.yaml"
    echo "ok  ${compose[*]} config: secrets as files under /run/secrets, no secret value in the output"
    # The Socket Mode override: the app-level token as one more secret file, no value shown.
    cp compose.socket.yaml "$work/compose/"
    printf 'PLACEHOLDER-SECRET-slack_app_token' >"$work/compose/secrets/slack_app_token"
    (cd "$work/compose" && "${compose[@]}" -f compose.yaml -f compose.socket.yaml config) >"$work/compose-socket.yaml"
    if grep -q 'PLACEHOLDER-SECRET' "$work/compose-socket.yaml"; then
        echo "docker compose config (with compose.socket.yaml) shows a secret value" >&2
        exit 1
    fi
    grep -q 'SLACK_APP_TOKEN_FILE: /run/secrets/slack_app_token' "$work/compose-socket.yaml"
    echo "ok  ${compose[*]} config with compose.socket.yaml: the app-level token as a file, no secret value"
    # The many-workspaces override: the client secret and the encryption key as two more files.
    cp compose.many-workspaces.yaml "$work/compose/"
    for secret in slack_client_secret tenki_encryption_key; do
        printf 'PLACEHOLDER-SECRET-%s' "$secret" >"$work/compose/secrets/$secret"
    done
    (cd "$work/compose" && "${compose[@]}" -f compose.yaml -f compose.many-workspaces.yaml config) >"$work/compose-many.yaml"
    if grep -q 'PLACEHOLDER-SECRET' "$work/compose-many.yaml"; then
        echo "docker compose config (with compose.many-workspaces.yaml) shows a secret value" >&2
        exit 1
    fi
    grep -q 'SLACK_CLIENT_SECRET_FILE: /run/secrets/slack_client_secret' "$work/compose-many.yaml"
    grep -q 'TENKI_ENCRYPTION_KEY_FILE: /run/secrets/tenki_encryption_key' "$work/compose-many.yaml"
    python3 - "$work/compose-many.yaml" compose.yaml <<'PY'
import sys, yaml
merged, shipped = (yaml.safe_load(open(path)) for path in sys.argv[1:])
names = lambda svc: {s if isinstance(s, str) else s["source"] for s in svc.get("secrets", [])}
missing = (names(shipped["services"]["tenki"]) | {"slack_client_secret", "tenki_encryption_key"}) - names(merged["services"]["tenki"])
assert not missing, f"compose.many-workspaces.yaml drops secrets of compose.yaml: {sorted(missing)}"
PY
    echo "ok  ${compose[*]} config with compose.many-workspaces.yaml: both secrets as files, no secret value"
else
    echo "notice: neither docker compose nor docker-compose installed; compose file not checked"
fi

step "the TLS proxy snippets of docs/deploy.md (Caddy, nginx: each when installed)"
python3 check_proxies.py ../docs/deploy.md

step "assertions (check_assertions.py)"
python3 check_assertions.py . ../Sources/TenkiApp/Settings/SettingsTable.swift "$work/rendered"

step "self-test: a broken copy must fail the assertions"
broken="$work/broken"
mkdir -p "$broken"
cp -r . "$broken/deploy"
# The CronJob pinning its own image again, and a grace period shorter than the drain.
sed -i 's#^\( *\)image: tenki$#\1image: registry.example.com/tenki:0.0.9#' "$broken/deploy/kubernetes/overlays/cronjob-digest/cronjob.yaml"
sed -i 's#terminationGracePeriodSeconds: .*#terminationGracePeriodSeconds: 20#' "$broken/deploy/kubernetes/base/deployment.yaml"
# The Ingress letting /metrics out instead of the charts in.
sed -i 's#- path: /charts$#- path: /metrics#' "$broken/deploy/kubernetes/base/ingress.yaml"
# One break for each postgres-ha rule, each with the line it must produce (grep -F).
ha="$broken/deploy/kubernetes/overlays/postgres-ha"
sed -i -e 's#^  replicas: 3$#  replicas: 1#' -e 's#maxUnavailable: 0$#maxUnavailable: 1#' \
    -e 's#terminationGracePeriodSeconds: 40#terminationGracePeriodSeconds: 30#' \
    -e '/- name: TENKI_STATE$/{n;s#value: .*#value: /var/lib/tenki/tenki.sqlite#}' \
    -e 's#name: TENKI_DATABASE_URL_FILE#name: TENKI_DATABASE_URL#' \
    -e 's#value: /run/secrets/tenki-database/uri#value: postgres://tenki:not-a-password@db/tenki#' \
    -e 's#value: "4"#value: "40"#' -e 's#periodSeconds: 1$#periodSeconds: 5#' \
    -e 's#topologyKey: kubernetes.io/hostname#topologyKey: example.com/rack#' \
    -e 's#^\(  *\)- name: tenki$#&\n\1  image: registry.example.com/tenki:0.0.8#' "$ha/deployment-ha.yaml"
sed -i 's#component: listener#component: digest#' "$ha/poddisruptionbudget.yaml"
sed -i 's#port: 5432#port: 5433#' "$ha/networkpolicy-postgres.yaml"
sed -i 's#^  - ../../base$#&\n  - ../../state#' "$ha/kustomization.yaml"
expected=(
    'different images'
    'terminationGracePeriodSeconds 20 <'
    "base: Ingress/tenki: routes"
    'tenki:0.0.8 in postgres-ha: Deployment/tenki'
    'postgres-ha: Deployment/tenki: replicas 1;'
    'postgres-ha: Deployment/tenki: rollingUpdate maxUnavailable 1, maxSurge 1;'
    'postgres-ha: Deployment/tenki: terminationGracePeriodSeconds 30 <'
    'postgres-ha: 0 PodDisruptionBudgets select'
    "postgres-ha: the state is in PostgreSQL, yet PersistentVolumeClaims ['tenki-backups', 'tenki-state']"
    "TENKI_STATE set in ['Deployment/tenki']"
    'postgres-ha: Deployment/tenki: TENKI_DATABASE_URL is written in the manifest'
    'connections > max_connections'
    'postgres-ha: Deployment/tenki: readiness notices the drain after up to 5 s x 2 = 10 s'
    'postgres-ha: Deployment/tenki: no topologySpreadConstraints over kubernetes.io/hostname'
    'postgres-ha: no NetworkPolicy lets the listener'
)
mkdir -p "$broken/rendered"
if [ -d "$work/rendered" ]; then
    for entry in $kustomizations; do
        kubectl kustomize "$broken/deploy/${entry#*:}" >"$broken/rendered/${entry%%:*}.yaml"
    done
    # kubectl's rendering and the fallback's must agree: make them differ once.
    sed -i 's#minReadySeconds: 5#minReadySeconds: 6#' "$broken/rendered/postgres-ha.yaml"
    expected+=('postgres-ha: the fallback renderer (kustomize_fallback.py) disagrees with kubectl kustomize on Deployment/tenki')
fi
if python3 check_assertions.py "$broken/deploy" ../Sources/TenkiApp/Settings/SettingsTable.swift "$broken/rendered" >"$broken/out.txt" 2>&1; then
    cat "$broken/out.txt" >&2
    echo "the broken copy passed the assertions" >&2
    exit 1
fi
for line in "${expected[@]}"; do
    grep -qF "$line" "$broken/out.txt" || { cat "$broken/out.txt" >&2; echo "not caught: $line" >&2; exit 1; }
done
sed -n 's/^BAD /    caught: /p' "$broken/out.txt"
echo "ok  the broken copy fails each of the ${#expected[@]} rules broken in it"

step "the binary's --help"
"$bin" --help >"$work/help.txt"
for command in serve digest healthcheck outbox backup; do
    grep -q "^  $command " "$work/help.txt" || { echo "tenki --help does not list $command" >&2; exit 1; }
done
echo "ok  $bin --help"

echo
echo "deploy checks passed"
