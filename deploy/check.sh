#!/usr/bin/env bash
# Checks of the deployment files, run by .ci/run with the release binary it built:
#   bash deploy/check.sh path/to/tenki
# 1. every YAML file under deploy/ parses (multi-document files included), and the Kubernetes
#    kustomizations render (kubectl kustomize, where kubectl exists);
# 2. systemd-analyze verify on the units, with ExecStart pointed at the given binary;
# 3. the given binary answers --help.
set -euo pipefail
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

step "Kubernetes kustomizations render"
if command -v kubectl >/dev/null 2>&1; then
    for dir in kubernetes/base kubernetes/overlays/*/; do
        kubectl kustomize "$dir" >"$work/rendered.yaml"
        echo "ok  $dir ($(grep -c '^kind:' "$work/rendered.yaml") objects)"
    done
    # The overlay must really turn the listener's scheduler off.
    kubectl kustomize kubernetes/overlays/cronjob-digest | python3 -c '
import sys, yaml
docs = list(yaml.safe_load_all(sys.stdin))
dep = next(d for d in docs if d["kind"] == "Deployment")
env = {e["name"]: e.get("value") for e in dep["spec"]["template"]["spec"]["containers"][0]["env"]}
assert env["TENKI_SCHEDULER"] == "off", env["TENKI_SCHEDULER"]
assert any(d["kind"] == "CronJob" for d in docs)
print("ok  cronjob-digest overlay: TENKI_SCHEDULER=off and a CronJob")
'
else
    echo "notice: kubectl not found; kustomizations not rendered"
fi

step "systemd units verify"
if command -v systemd-analyze >/dev/null 2>&1; then
    # Temporary copies with ExecStart pointing at the binary under test (verify refuses a
    # command that is not executable). User=tenki is kept as written. Checked twice: the units
    # alone, and tenki.service with the digest-timer drop-in that replaces ExecStart.
    for variant in plain with-drop-in; do
        dir="$work/units-$variant"
        mkdir -p "$dir"
        for unit in systemd/tenki.service systemd/tenki-digest.service systemd/tenki-digest.timer; do
            sed "s#/usr/local/bin/tenki#$bin#g" "$unit" >"$dir/$(basename "$unit")"
        done
        if [ "$variant" = with-drop-in ]; then
            mkdir -p "$dir/tenki.service.d"
            sed "s#/usr/local/bin/tenki#$bin#g" systemd/tenki.service.d/digest-timer.conf >"$dir/tenki.service.d/digest-timer.conf"
        fi
        set +e
        (cd "$dir" && systemd-analyze verify --man=no ./tenki.service ./tenki-digest.service ./tenki-digest.timer) >"$work/verify.log" 2>&1
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
    if command -v systemd-sysusers >/dev/null 2>&1; then
        mkdir -p "$work/root/etc"
        systemd-sysusers --root="$work/root" "$PWD/systemd/tenki.sysusers.conf" >/dev/null 2>&1
        grep -q '^tenki:.*:/var/lib/tenki:/usr/sbin/nologin$' "$work/root/etc/passwd"
        echo "ok  tenki.sysusers.conf creates the tenki user (in a scratch root)"
    fi
else
    echo "notice: systemd-analyze not found; systemd units not verified"
fi

step "the binary's --help"
"$bin" --help >"$work/help.txt"
for command in serve digest healthcheck; do
    grep -q "^  $command " "$work/help.txt" || { echo "tenki --help does not list $command" >&2; exit 1; }
done
echo "ok  $bin --help"

echo
echo "deploy checks passed"
