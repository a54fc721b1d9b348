#!/usr/bin/env bash
# deploy/smoke.sh [TENKI-BINARY]: starts Tenki the way each deploy layout would, from the shipped
# files, and checks that it works: compose (compose.yaml + Dockerfile, alone and with the Socket Mode
# or many-workspaces override), systemd (the units, with and without the digest timer, in Socket
# Mode, and with the many-workspaces drop-ins and the digest timer), every Kubernetes
# kustomization (base, overlays; the state and monitoring ones start no process and say so), and
# components/many-workspaces as its header's example applies it to overlays/cronjob-digest. For each: /healthz is 200, a signed
# /weather is answered with the weather (in Socket Mode: a /weather envelope sent by the fake Socket
# Mode server is acknowledged with it; with many workspaces: the install page links to Slack with
# the client id, and the command is answered with its address), `tenki healthcheck` and `tenki
# digest --dry-run` exit 0, and
# the backup location is writable and `tenki backup` (and tenki-backup-keep) work.
#
# What each process gets (command, environment, secret files at their mount paths, user, read-only
# root, state and backup volumes) is parsed from the deploy files by deploy/smoke_layouts.py; only
# the secrets the README says an operator fills in are filled, and the upstream origins point at
# `tenki fakes`. Each layout runs in its own network, PID and mount namespaces (loopback only;
# every process and mount goes away with them), so it needs root, as CI has. Without a binary it
# builds one (debug). One line per check, `ok  LAYOUT: ...` or `FAIL LAYOUT: ...` with the
# process's output tail; exit 1 on any failure. SMOKE_ONLY=REGEX picks layouts by name.
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(id -u)" -eq 0 ] || { echo "smoke.sh: needs root (namespaces, mounts, other users); CI runs as root" >&2; exit 1; }

binary="${1:-}"
if [ -z "$binary" ]; then
    swift build --product tenki
    binary="$(swift build --show-bin-path)/tenki"
fi
binary="$(realpath "$binary")"
[ -x "$binary" ] || { echo "smoke.sh: $binary is not an executable" >&2; exit 1; }

# What it needs: unshare/setpriv (util-linux), ip (iproute2), PyYAML, a PostgreSQL server.
apt_missing=()
command -v unshare >/dev/null 2>&1 && command -v setpriv >/dev/null 2>&1 || apt_missing+=(util-linux)
command -v ip >/dev/null 2>&1 || apt_missing+=(iproute2)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || apt_missing+=(postgresql)
if [ "${#apt_missing[@]}" -gt 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${apt_missing[@]}"
fi
if ! python3 -c 'import yaml' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check pyyaml
fi
# The units' static user (tenki.sysusers.conf), as `systemd-sysusers` would create it.
while read -r user; do
    id "$user" >/dev/null 2>&1 || useradd --system --home-dir "/var/lib/$user" --no-create-home --shell /usr/sbin/nologin "$user"
done < <(python3 deploy/smoke_layouts.py users)

work="$(mktemp -d /var/tmp/tenki-smoke.XXXXXX)"
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
    # Mount points the layouts needed on this machine (e.g. /backups), removed when still empty.
    if [ -f "$work/created-mountpoints" ]; then
        sort -r -u "$work/created-mountpoints" | while read -r point; do rmdir -- "$point" 2>/dev/null || true; done
    fi
    rm -rf -- "$work"
}
trap cleanup EXIT
chmod 0755 "$work"

status=0
while read -r layout; do
    # SMOKE_ONLY=REGEX runs only the matching layouts (when working on one).
    [[ -z "${SMOKE_ONLY:-}" || "$layout" =~ $SMOKE_ONLY ]] || continue
    # A layout's namespaces die with it: --kill-child and the PID namespace end every process. --mount-proc gives the
    # namespace its own /proc: with the host's, libdispatch's worker monitor (in every Tenki process) opens
    # /proc/TID/stat by its namespace thread id, finds another process or none, and traps (SIGILL, no output).
    timeout -k 10 300 unshare --mount --net --pid --fork --kill-child --mount-proc --propagation private \
        python3 deploy/smoke_layouts.py run "$layout" "$binary" "$work/${layout//\//-}" || {
        code=$?
        [ "$code" -ne 124 ] || echo "FAIL $layout: did not finish within 300 s"
        status=1
    }
done < <(python3 deploy/smoke_layouts.py list)

if [ "$status" -eq 0 ]; then echo "smoke: every layout passed"; else echo "smoke: FAILED"; fi
exit "$status"
