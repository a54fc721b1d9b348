"""deploy/smoke.sh's helper: starts Tenki the way each deploy layout would, from the shipped files.

    python3 deploy/smoke_layouts.py list                  the layouts, one per line
    python3 deploy/smoke_layouts.py users                 system users the layouts name (User=)
    python3 deploy/smoke_layouts.py run LAYOUT BINARY WORK
        inside `unshare --mount --net --pid --fork --mount-proc` (smoke.sh does that): brings up loopback,
        starts `tenki fakes` (and PostgreSQL for a layout on it), then every process of the layout,
        each in a mount namespace of its own, and prints one `ok` / `FAIL` line per check
    python3 deploy/smoke_layouts.py exec SPEC.json        (internal) mounts, then execs as the user

Everything a layout's process gets is read from the files an operator uses: the command and
arguments (ExecStart=, a container's command/args or the image's ENTRYPOINT + CMD), the
environment (Environment=/EnvironmentFile=, env_file + environment, ConfigMap + env, the image's
ENV), secret files at their mount paths (compose secrets, LoadCredential=, Secret volumes), the user,
a read-only root, the state and backup locations. Only what the README tells an operator to fill in
is filled in (FILLED below); every other secret keeps the shipped placeholder. The upstream origins
are pointed at `tenki fakes` on loopback (OVERRIDES).
"""
import base64
import glob
import hashlib
import hmac
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import yaml

DEPLOY = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(DEPLOY)
sys.path.insert(0, DEPLOY)
import kustomize_fallback  # noqa: E402

DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
BIN_DIR = "/usr/local/bin"  # where the Dockerfile and the systemd recipe install tenki and tenki-backup-keep
# Settings the README's "Set the secrets" step says an operator fills in (the digest webhook because
# the digest is what the timer and CronJob layouts run; the database URI for the PostgreSQL overlay).
# Many workspaces: the two secrets and two settings the opt-in files' headers say to fill in.
FILLED = ("SLACK_SIGNING_SECRET", "OPENWEATHER_API_KEY", "DIGEST_WEBHOOK_URL", "TENKI_DATABASE_URL", "SLACK_APP_TOKEN",
          "SLACK_CLIENT_SECRET", "TENKI_ENCRYPTION_KEY")
MANY_WORKSPACES = {"SLACK_CLIENT_ID": "smoke.client", "TENKI_PUBLIC_URL": "http://127.0.0.1:8080"}
# The only settings changed from the shipped files: every upstream is the fakes on loopback.
OVERRIDES = ("OPENWEATHER_BASE_URL", "NEWSAPI_BASE_URL", "SLACK_API_BASE_URL", "DISCORD_API_BASE_URL")
WORKLOAD_KINDS = {"Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod"}


class LayoutError(Exception):
    """A deploy file says something this helper cannot reproduce, or the files disagree."""


# ---- reading the shipped files ------------------------------------------------------------------

def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def readme_loop(target_dir):
    """The names and mode of the README's `for x in A B C; do install -m MODE /dev/null DIR/$x` recipe."""
    lines = read(os.path.join(ROOT, "docs", "deploy.md")).splitlines()
    for i, line in enumerate(lines[:-1]):
        m = re.match(r"\s*for (\w+) in ([^;]+); do\s*$", line)
        if not m:
            continue
        body = lines[i + 1]
        install = re.search(r"install -m (\d+) /dev/null (\S+)/\$" + m.group(1) + r"\b", body)
        if install and install.group(2).rstrip("/").endswith(target_dir.rstrip("/")):
            return m.group(2).split(), int(install.group(1), 8)
    raise LayoutError(f"docs/deploy.md has no `for ...; do install -m MODE /dev/null {target_dir}/$x` recipe")


def env_file(path):
    """KEY=VALUE lines (compose env_file and systemd EnvironmentFile agree on this unquoted subset)."""
    env = {}
    for line in read(path).splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise LayoutError(f"{path}: not KEY=VALUE: {line!r}")
        env[key.strip()] = value
    return env


class Image:
    """The runtime stage of deploy/Dockerfile: what a container of it starts with."""

    def __init__(self, path=os.path.join(DEPLOY, "Dockerfile")):
        text = read(path).replace("\\\n", " ")
        stages = re.split(r"(?m)^FROM\s", text)
        lines = [l.strip() for l in stages[-1].splitlines() if l.strip() and not l.strip().startswith("#")]
        self.env, self.entrypoint, self.cmd, self.healthcheck = {}, [], [], None
        self.user, self.workdir, self.dirs, self.copies = "0:0", "/", {}, {}
        ids = {"root": 0}
        for line in lines:
            word, _, rest = line.partition(" ")
            word = word.upper()
            if word == "ENV":
                for item in shlex.split(rest):
                    k, _, v = item.partition("=")
                    self.env[k] = v
            elif word == "ENTRYPOINT":
                self.entrypoint, self.cmd = json.loads(rest), []  # ENTRYPOINT resets CMD
            elif word == "CMD":
                self.cmd = json.loads(rest)
            elif word == "HEALTHCHECK":
                self.healthcheck = json.loads(rest.split(" CMD ", 1)[1])
            elif word == "USER":
                self.user = rest.strip()
            elif word == "WORKDIR":
                self.workdir = rest.strip()
            elif word == "COPY":
                parts = [p for p in shlex.split(rest) if not p.startswith("--")]
                self.copies[parts[-1]] = "tenki" if "--from=" in rest else os.path.join(ROOT, parts[0])
            elif word == "RUN":
                for m in re.finditer(r"--(gid|uid) (\d+)(?:.*?)\s([a-z_][a-z0-9_-]*)\s*(?:&&|$)", rest):
                    ids[m.group(3)] = int(m.group(2))
                for m in re.finditer(r"install -d((?: -[ogm] \S+)*) ((?:/\S+ ?)+)", rest):
                    opts = dict(re.findall(r"-([ogm]) (\S+)", m.group(1)))
                    for d in m.group(2).split():
                        self.dirs[d] = (ids.get(opts.get("o", "root"), 0), ids.get(opts.get("g", "root"), 0),
                                        int(opts.get("m", "755"), 8))
        self.ids = ids

    def uid_gid(self, user=None):
        u, _, g = (user or self.user).partition(":")
        uid = int(u) if u.isdigit() else self.ids[u]
        return uid, (int(g) if g.isdigit() else self.ids.get(g, uid)) if g else uid

    def volume_dir(self, path):
        """Owner and mode of a fresh named volume at PATH: Docker copies the image's directory."""
        return self.dirs.get(path, (0, 0, 0o755))


def unit(path):
    """A systemd unit (and its drop-ins when given as a list) as {key: [values]}, `Key=` resetting."""
    paths = path if isinstance(path, list) else [path]
    keys = {}
    for p in paths:
        for raw in read(p).splitlines():
            line = raw.strip()
            if not line or line[0] in "#;[":
                continue
            k, _, v = line.partition("=")
            if v == "":
                keys[k] = []
            else:
                keys.setdefault(k, []).append(v)
    return keys


# ---- a process to start: the spec `exec` carries out ---------------------------------------------

def proc(label, argv, env, uid, gid, groups, mounts, read_only, workdir, no_new_privs=True):
    return {"label": label, "argv": argv, "env": env, "uid": uid, "gid": gid, "groups": groups,
            "mounts": mounts, "read_only": read_only, "workdir": workdir, "no_new_privs": no_new_privs}


def image_dirs(ctx, image, mounts, read_only):
    """The image's own directories (e.g. WORKDIR /var/lib/tenki) where no volume is mounted over them."""
    taken = {m["target"] for m in mounts}
    for path, (uid, gid, mode) in image.dirs.items():
        if path not in taken:
            mounts.append(bind(ctx.dir("image" + path.replace("/", "-"), uid, gid, mode), path, read_only))


def bind(source, target, read_only=False):
    return {"kind": "bind", "source": source, "target": target, "ro": read_only}


def tmpfs(target):
    return {"kind": "tmpfs", "target": target}


class Context:
    """One layout's scratch directory and the values filled in."""

    def __init__(self, work, binary, fakes, secrets, settings=None):
        self.work, self.binary, self.fakes, self.secrets = work, binary, fakes, secrets
        self.settings = settings or {}  # what the operator adds to deploy/.env or /etc/tenki/tenki.env
        self.bin = os.path.join(work, "bin")

    def dir(self, name, uid=0, gid=0, mode=0o755):
        path = os.path.join(self.work, name)
        os.makedirs(path, exist_ok=True)
        os.chown(path, uid, gid)
        os.chmod(path, mode)
        return path

    def install_bin(self, copies):
        """The image's / README's /usr/local/bin: tenki and tenki-backup-keep."""
        os.makedirs(self.bin, exist_ok=True)
        os.chmod(self.bin, 0o755)
        for target, source in copies.items():
            if os.path.dirname(target) != BIN_DIR:
                continue
            dest = os.path.join(self.bin, os.path.basename(target))
            shutil.copyfile(self.binary if source == "tenki" else source, dest)
            os.chmod(dest, 0o755)

    def value(self, env, path, shipped):
        """What goes in a secret file at PATH: filled when a FILLED setting's *_FILE names it."""
        for name in FILLED:
            if env.get(name + "_FILE") == path:
                return self.secrets[name]
        return shipped

    def with_overrides(self, env):
        env = dict(env)
        for name in OVERRIDES:
            env[name] = self.fakes[name]
        return env


# ---- the layouts ---------------------------------------------------------------------------------

def compose_layout(ctx, override=None):
    spec = yaml.safe_load(read(os.path.join(DEPLOY, "compose.yaml")))
    if override:  # docker compose -f compose.yaml -f OVERRIDE: maps merge key by key, secrets lists append
        extra = yaml.safe_load(read(os.path.join(DEPLOY, override)))
        for name, svc in (extra.get("services") or {}).items():
            base = spec["services"].setdefault(name, {})
            base["environment"] = dict(base.get("environment") or {}, **(svc.get("environment") or {}))
            base["secrets"] = list(base.get("secrets") or []) + [x for x in svc.get("secrets") or [] if x not in (base.get("secrets") or [])]
        spec["secrets"] = dict(spec.get("secrets") or {}, **(extra.get("secrets") or {}))
    image = Image()
    ctx.install_bin(image.copies)
    names, file_mode = readme_loop("deploy/secrets")
    volumes = {}

    def container(name, args=None):
        svc = spec["services"][name]
        entrypoint = svc.get("entrypoint", image.entrypoint)
        cmd = svc.get("command", image.cmd if "entrypoint" not in svc else [])
        argv = list(entrypoint) + list(args if args is not None else cmd)
        env = dict(image.env, PATH=DEFAULT_PATH)
        if "env_file" in svc:
            for f in ([svc["env_file"]] if isinstance(svc["env_file"], str) else svc["env_file"]):
                source = os.path.join(DEPLOY, f)
                if not os.path.exists(source):  # the README: cp deploy/.env.example deploy/.env
                    source = os.path.join(DEPLOY, ".env.example") if f == ".env" else source
                env.update(env_file(source))
                if f == ".env":
                    env.update(ctx.settings)
        env.update({k: str(v) for k, v in (svc.get("environment") or {}).items()})
        env = ctx.with_overrides(env)
        uid, gid = image.uid_gid(svc.get("user"))
        mounts = [bind(ctx.bin, BIN_DIR, True)]
        secret_names = svc.get("secrets") or []
        if secret_names:
            sdir = ctx.dir(f"compose-secrets-{name}")
            for s in secret_names:
                if not isinstance(s, str):
                    raise LayoutError(f"compose {name}: only short-syntax secrets are reproduced ({s!r})")
                source = spec["secrets"][s]["file"]
                base = os.path.basename(source)
                if base not in names:
                    raise LayoutError(f"compose secret {s}: {source} is not created by the README's recipe")
                path = os.path.join(sdir, s)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(ctx.value(env, f"/run/secrets/{s}", ""))
                os.chmod(path, file_mode)
            mounts.append(bind(sdir, "/run/secrets", True))
        for v in svc.get("volumes") or []:
            vol, _, target = v.partition(":")
            if vol not in volumes:
                volumes[vol] = ctx.dir(f"volume-{vol}", *image.volume_dir(target))
            mounts.append(bind(volumes[vol], target))
        for t in svc.get("tmpfs") or []:
            mounts.append(tmpfs(t.split(":")[0]))
        image_dirs(ctx, image, mounts, bool(svc.get("read_only")))
        no_new = "no-new-privileges:true" in (svc.get("security_opt") or [])
        return proc(f"compose {name}", argv, env, uid, gid, [], mounts, bool(svc.get("read_only")),
                    svc.get("working_dir", image.workdir), no_new)

    serve = container("tenki")
    healthcheck = dict(serve, argv=image.healthcheck, label="HEALTHCHECK")
    digest = container("tenki", ["digest", "--dry-run"])  # docker compose run --rm tenki digest --dry-run
    backups = [s for s, svc in spec["services"].items() if "backup" in (svc.get("profiles") or [])]
    backup = container(backups[0]) if backups else None
    return {"serve": serve, "healthcheck": healthcheck, "digest": digest, "backup": backup}


def systemd_layout(ctx, drop_in, socket_mode=False, many_workspaces=False):
    sd = os.path.join(DEPLOY, "systemd")
    image_copies = {os.path.join(BIN_DIR, "tenki"): "tenki",
                    os.path.join(BIN_DIR, "tenki-backup-keep"): os.path.join(DEPLOY, "tenki-backup-keep")}
    ctx.install_bin(image_copies)
    names, _ = readme_loop("/etc/tenki/credentials")
    env_source = os.path.join(DEPLOY, ".env.example")  # README: install deploy/.env.example /etc/tenki/tenki.env
    state_dirs = {}

    def service(name, extra_paths=(), args=()):
        keys = unit([os.path.join(sd, name)] + [os.path.join(sd, p) for p in extra_paths])
        if len(keys.get("ExecStart", [])) != 1:
            raise LayoutError(f"{name}: want exactly one ExecStart=, got {keys.get('ExecStart')}")
        user = keys.get("User", ["root"])[-1]
        import pwd
        import grp
        pw = pwd.getpwnam(user)
        gid = grp.getgrnam(keys["Group"][-1]).gr_gid if "Group" in keys else pw.pw_gid
        creds = f"/run/credentials/{name}"
        mounts = [bind(ctx.bin, BIN_DIR, True)]
        env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin", "HOME": pw.pw_dir, "USER": user,
               "LOGNAME": user, "SHELL": pw.pw_shell}
        mode = int(keys.get("StateDirectoryMode", ["0755"])[-1], 8)
        dirs = [d for v in keys.get("StateDirectory", []) for d in v.split()]
        if dirs:
            env["STATE_DIRECTORY"] = ":".join(f"/var/lib/{d}" for d in dirs)
        for d in dirs:
            if d not in state_dirs:
                state_dirs[d] = ctx.dir(f"state-{d}", pw.pw_uid, gid, mode)
            mounts.append(bind(state_dirs[d], f"/var/lib/{d}"))
        if keys.get("LoadCredential"):
            cdir = ctx.dir(f"credentials-{name}", pw.pw_uid, gid, 0o500)
            env["CREDENTIALS_DIRECTORY"] = creds
        for v in keys.get("Environment", []):
            for item in shlex.split(v):
                k, _, val = item.partition("=")
                env[k] = val.replace("%d", creds)
        for v in keys.get("EnvironmentFile", []):  # EnvironmentFile= wins over Environment=
            if v.lstrip("-") == "/etc/tenki/tenki.env":
                env.update(env_file(env_source))
                env.update(ctx.settings)
            elif not v.startswith("-"):
                raise LayoutError(f"{name}: EnvironmentFile={v} is not one the README installs")
        env = ctx.with_overrides(env)
        for v in keys.get("LoadCredential", []):
            cname, _, source = v.partition(":")
            if os.path.dirname(source) != "/etc/tenki/credentials" or os.path.basename(source) not in names:
                raise LayoutError(
                    f"{name}: LoadCredential={v}: the README's recipe does not create {source}, so the unit fails to start")
            path = os.path.join(cdir, cname)
            with open(path, "w", encoding="utf-8") as f:
                f.write(ctx.value(env, f"{creds}/{cname}", ""))
            os.chown(path, pw.pw_uid, gid)
            os.chmod(path, 0o400)
        if keys.get("LoadCredential"):
            mounts.append(bind(cdir, creds, True))
        if keys.get("PrivateTmp", ["no"])[-1] == "yes":
            mounts.append(tmpfs("/tmp"))
        argv = shlex.split(keys["ExecStart"][0].lstrip("-@:+!")) + list(args)
        return proc(f"systemd {name}", argv, env, pw.pw_uid, gid, [], mounts,
                    keys.get("ProtectSystem", ["no"])[-1] in ("strict", "full", "yes"),
                    keys.get("WorkingDirectory", ["/"])[-1], keys.get("NoNewPrivileges", ["no"])[-1] == "yes")

    serve = service("tenki.service", (["tenki.service.d/digest-timer.conf"] if drop_in else [])
                    + (["tenki.service.d/socket-mode.conf"] if socket_mode else [])
                    + (["tenki.service.d/many-workspaces.conf"] if many_workspaces else []))
    healthcheck = dict(serve, argv=[serve["argv"][0], "healthcheck"], label="tenki healthcheck")
    if drop_in:
        digest = service("tenki-digest.service", ["tenki-digest.service.d/many-workspaces.conf"] if many_workspaces else [],
                         args=["--dry-run"])
    else:
        digest = dict(serve, argv=[serve["argv"][0], "digest", "--dry-run"], label="tenki digest")
    backup = service("tenki-backup.service")
    timer = unit(os.path.join(sd, "tenki-digest.timer")) if drop_in else None
    return {"serve": serve, "healthcheck": healthcheck, "digest": digest, "backup": backup, "timer": timer}


def example_secret(name):
    """stringData of the example Secret NAME shipped under deploy/kubernetes (the README: copy, fill in)."""
    for path in glob.glob(os.path.join(DEPLOY, "kubernetes", "**", "*.example.yaml"), recursive=True):
        for doc in yaml.safe_load_all(read(path)):
            if doc and doc.get("kind") == "Secret" and doc["metadata"]["name"] == name:
                return doc.get("stringData") or {}
    raise LayoutError(f"no example of the Secret {name} under deploy/kubernetes")


def component_example(ctx, component, layout):
    """The kustomization a component's header shows (`# apiVersion: …` up to a bare `#`), written as an
    operator would beside the repository, with its resource pointed at LAYOUT (a directory under
    deploy/kubernetes); the directory it is in."""
    path = os.path.join(DEPLOY, "kubernetes", component, "kustomization.yaml")
    lines, inside = [], False
    for line in read(path).splitlines():
        if line.startswith("# apiVersion: kustomize.config.k8s.io/v1beta1"):
            inside = True
        if inside and line == "#":
            break
        if inside:
            lines.append(line[2:])
    if not lines:
        raise LayoutError(f"{path}: no example kustomization in its header")
    mine = ctx.dir("my-tenki")
    text = "\n".join(lines).replace("../deploy/kubernetes/overlays/postgres-ha", os.path.join(DEPLOY, "kubernetes", layout))
    text = text.replace("../deploy/" + os.path.join("kubernetes", component), os.path.join(DEPLOY, "kubernetes", component))
    with open(os.path.join(mine, "kustomization.yaml"), "w", encoding="utf-8") as f:
        f.write(text + "\n")
    return mine


def kubernetes_layout(ctx, directory):
    objects = kustomize_fallback.render(os.path.join(DEPLOY, "kubernetes", directory))
    image = Image()
    ctx.install_bin(image.copies)
    config_maps = {o["metadata"]["name"]: o.get("data") or {} for o in objects if o["kind"] == "ConfigMap"}
    claims = {}

    def pod_spec(o):
        if o["kind"] == "CronJob":
            return o["spec"]["jobTemplate"]["spec"]["template"]["spec"]
        if o["kind"] == "Pod":
            return o["spec"]
        return o["spec"]["template"]["spec"]

    def container(o, args_override=None, command_override=None):
        spec = pod_spec(o)
        c = spec["containers"][0]
        psc, csc = spec.get("securityContext") or {}, c.get("securityContext") or {}
        uid = csc.get("runAsUser", psc.get("runAsUser"))
        gid = csc.get("runAsGroup", psc.get("runAsGroup"))
        iu, ig = image.uid_gid()
        uid, gid = (iu if uid is None else uid), (ig if gid is None else gid)
        fs_group = psc.get("fsGroup")
        env = dict(image.env, PATH=DEFAULT_PATH)
        for ref in c.get("envFrom") or []:
            env.update({k: str(v) for k, v in config_maps[ref["configMapRef"]["name"]].items()})
        for e in c.get("env") or []:
            if "value" not in e:
                raise LayoutError(f"{o['metadata']['name']}: env {e['name']} has no plain value")
            env[e["name"]] = str(e["value"])
        env = ctx.with_overrides(env)
        mounts = [bind(ctx.bin, BIN_DIR, True)]
        volumes = {v["name"]: v for v in spec.get("volumes") or []}
        for vm in c.get("volumeMounts") or []:
            v = volumes[vm["name"]]
            target = vm["mountPath"]
            if "persistentVolumeClaim" in v:
                claim = v["persistentVolumeClaim"]["claimName"]
                if claim not in claims:  # a fresh volume: kubelet gives its root to fsGroup, setgid
                    claims[claim] = ctx.dir(f"pvc-{claim}", 0, fs_group or 0, 0o2775 if fs_group else 0o755)
                mounts.append(bind(claims[claim], target, vm.get("readOnly", False)))
            elif "emptyDir" in v:
                mounts.append(tmpfs(target))
            elif "secret" in v:
                name = v["secret"]["secretName"]
                data = example_secret(name)
                sdir = ctx.dir(f"secret-{o['metadata']['name']}-{name}")
                mode = v["secret"].get("defaultMode", 0o644)
                for key, shipped in data.items():
                    path = os.path.join(sdir, key)
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(ctx.value(env, f"{target}/{key}", shipped))
                    os.chown(path, 0, fs_group if fs_group is not None else 0)
                    os.chmod(path, mode)
                mounts.append(bind(sdir, target, True))
            else:
                raise LayoutError(f"{o['metadata']['name']}: volume {vm['name']} of a kind not reproduced")
        image_dirs(ctx, image, mounts, bool(csc.get("readOnlyRootFilesystem")))
        command = command_override if command_override is not None else c.get("command")
        args = args_override if args_override is not None else c.get("args")
        argv = list(command) + list(args or []) if command else list(image.entrypoint) + list(
            args if args is not None else image.cmd)
        groups = [fs_group] if fs_group is not None else []
        return proc(f"{o['kind']} {o['metadata']['name']}", argv, env, uid, gid, groups, mounts,
                    bool(csc.get("readOnlyRootFilesystem")), c.get("workingDir", image.workdir),
                    csc.get("allowPrivilegeEscalation") is False)

    workloads = [o for o in objects if o["kind"] in WORKLOAD_KINDS]
    if not workloads:
        kinds = sorted({o["kind"] for o in objects})
        return {"none": f"no process ({', '.join(kinds)} only)"}
    deployments = [o for o in workloads if o["kind"] == "Deployment"]
    cronjobs = {o["metadata"]["name"]: o for o in workloads if o["kind"] == "CronJob"}
    layout = {}
    if deployments:
        serve = container(deployments[0])
        # The kubelet's probes, as the Deployment declares them: (kind, port number, path).
        c = pod_spec(deployments[0])["containers"][0]
        named = {p["name"]: p["containerPort"] for p in c.get("ports") or [] if "name" in p}
        serve["probes"] = [
            (kind, named.get(probe["httpGet"]["port"], probe["httpGet"]["port"]), probe["httpGet"].get("path", "/"))
            for kind in ("readinessProbe", "livenessProbe") if (probe := c.get(kind)) and "httpGet" in probe]
        layout["serve"] = serve
        # kubectl exec deploy/tenki -- tenki healthcheck / tenki digest --dry-run
        layout["healthcheck"] = dict(serve, argv=["tenki", "healthcheck"], label="kubectl exec tenki healthcheck")
        layout["digest"] = dict(serve, argv=["tenki", "digest", "--dry-run"], label="kubectl exec tenki digest")
    for name, o in cronjobs.items():
        if "digest" in name:  # the Job's own container, as `kubectl create job --from=cronjob/...` would run it
            layout["digest"] = container(o, command_override=["tenki", "digest", "--dry-run"], args_override=[])
            layout["cron_schedule"] = o["spec"]["schedule"]
        elif "backup" in name:
            layout["backup"] = container(o)
    return layout


# ---- running and checking ------------------------------------------------------------------------

class Runner:
    def __init__(self, layout_name, work):
        self.name, self.work, self.failed, self.children = layout_name, work, False, []

    def ok(self, what):
        print(f"ok  {self.name}: {what}", flush=True)

    def fail(self, what, log=None):
        self.failed = True
        print(f"FAIL {self.name}: {what}", flush=True)
        if log and os.path.exists(log):
            tail = read(log).splitlines()[-int(os.environ.get("SMOKE_TAIL_LINES", "12")):]
            for line in tail:
                print(f"     | {line}", flush=True)

    def spec_file(self, spec):
        path = os.path.join(self.work, f"spec-{len(os.listdir(self.work))}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(spec, f)
        return path

    def start(self, spec, log):
        out = open(log, "wb")
        p = subprocess.Popen(["unshare", "--mount", "--propagation", "private", sys.executable, __file__, "exec",
                              self.spec_file(spec)], stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.children.append(p)
        return p

    def run(self, spec, log, timeout=60):
        p = self.start(spec, log)
        try:
            return p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            return f"timed out after {timeout} s"

    def stop_all(self):
        for p in self.children:
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                    p.wait(timeout=30)
                except (subprocess.TimeoutExpired, ProcessLookupError):
                    os.killpg(p.pid, signal.SIGKILL)


def http(method, url, body=None, headers=None, timeout=10):
    request = urllib.request.Request(url, data=body, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")
    except (OSError, urllib.error.URLError) as e:
        return None, str(e)


def signed_weather(port, secret):
    """`/weather danang`, signed as Slack signs it (v0 HMAC-SHA256; of a rotation's old,new the new)."""
    body = urllib.parse.urlencode({
        "command": "/weather", "text": "danang", "user_id": "USMOKE", "user_name": "smoke", "team_id": "TSMOKE",
        "channel_id": "CSMOKE", "response_url": "https://hooks.slack.com/commands/TSMOKE/1/smoke",
        "trigger_id": "1.1.smoke"}).encode()
    stamp = str(int(time.time()))
    key = secret.split(",")[-1].encode()
    sig = hmac.new(key, b"v0:" + stamp.encode() + b":" + body, hashlib.sha256).hexdigest()
    return http("POST", f"http://127.0.0.1:{port}/slack/commands", body, {
        "Content-Type": "application/x-www-form-urlencoded", "X-Slack-Request-Timestamp": stamp,
        "X-Slack-Signature": "v0=" + sig})


def install_page(r, port, env, secret, log):
    """Many workspaces: the install page links to Slack with the client id, and a command from a
    workspace that has not installed Tenki is answered with that page's public address."""
    status, body = http("GET", f"http://127.0.0.1:{port}/slack/install", headers={"Accept-Language": "en"})
    if status == 200 and f"client_id={env['SLACK_CLIENT_ID']}" in body:
        r.ok("GET /slack/install: 200, the \"Add to Slack\" link with the client id")
    else:
        r.fail(f"GET /slack/install: {status} {body[:200]!r}", log)
    status, body = signed_weather(port, secret)
    if status == 200 and env["TENKI_PUBLIC_URL"] + "/slack/install" in body:
        r.ok("signed /weather danang from a workspace without Tenki: 200 with the install link")
    else:
        r.fail(f"signed /weather danang from a workspace without Tenki: {status} {body[:200]!r}", log)


def socket_weather(r, origin, log):
    """Socket Mode: once Tenki has a connection open to the fake, `/weather danang` as an envelope
    through the fake's control API, and its acknowledgement carrying the weather."""
    deadline = time.time() + 30
    while time.time() < deadline:
        status, body = http("GET", f"{origin}/socket-mode/connections", timeout=2)
        if status == 200 and any(c.get("closed_at") is None for c in json.loads(body).get("connections", [])):
            break
        time.sleep(0.2)
    else:
        r.fail("Socket Mode: no connection opened to the fake within 30 s", log)
        return
    envelope = json.dumps({"type": "slash_commands", "envelope_id": "smoke-1", "command": "/weather", "text": "danang"})
    status, body = http("POST", f"{origin}/socket-mode/envelopes", envelope.encode(), {"Content-Type": "application/json"})
    if status != 200:
        r.fail(f"Socket Mode: sending the envelope: {status} {body[:200]!r}", log)
        return
    while time.time() < deadline + 10:
        _, body = http("GET", f"{origin}/socket-mode/acknowledgements", timeout=2)
        acks = [a for a in json.loads(body or "{}").get("acknowledgements", []) if a.get("envelope_id") == "smoke-1"]
        if acks:
            payload = json.dumps(acks[0].get("payload"))
            (r.ok if "nang" in payload.lower() else r.fail)(
                f"Socket Mode /weather danang: acknowledged {len(acks)}x, payload {payload[:80]!r}...")
            return
        time.sleep(0.2)
    r.fail("Socket Mode /weather danang: not acknowledged", log)


def listening(port):
    """The addresses listening on PORT in this network namespace (/proc/net/tcp and tcp6)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in read(table).splitlines()[1:]:
            fields = line.split()
            address, hex_port = fields[1].split(":")
            if fields[3] != "0A" or int(hex_port, 16) != int(port):
                continue
            raw = bytes.fromhex(address)
            if len(raw) == 4:
                found.append(".".join(str(b) for b in reversed(raw)))
            else:
                words = [raw[i:i + 4][::-1].hex() for i in range(0, 16, 4)]
                found.append("[" + ":".join(w[j:j + 4] for w in words for j in (0, 4)) + "]")
    return found


def start_fakes(binary, work, key):
    log = open(os.path.join(work, "fakes.log"), "wb")
    out_path = os.path.join(work, "fakes.out")
    p = subprocess.Popen([binary, "fakes", "--port", "0", "--key", key], stdout=open(out_path, "wb"), stderr=log,
                         start_new_session=True)
    deadline = time.time() + 20
    while time.time() < deadline:
        values = dict(l.split("=", 1) for l in read(out_path).splitlines() if "=" in l and not l.startswith("#"))
        if "SLACK_API_BASE_URL" in values:
            origin = values["OPENWEATHER_BASE_URL"]
            values["WEBHOOK"] = origin + "/services/T0FAKE/B0FAKE/fakefakefake"
            values["FAKES_ORIGIN"] = origin
            # Printed as a comment line: `# Socket Mode (no public URL): SLACK_APP_TOKEN=xapp-...`.
            app = re.search(r"SLACK_APP_TOKEN=(\S+)", read(out_path))
            values["SLACK_APP_TOKEN"] = app.group(1) if app else ""
            return p, values
        if p.poll() is not None:
            break
        time.sleep(0.05)
    # What it printed and how it ended, so that a start that fails once can be told apart from one that hangs.
    status = p.poll()
    ended = f"exit status {status}" if status is not None else "still running after 20 s"
    raise LayoutError(f"tenki fakes did not start ({ended}): " + read(os.path.join(work, "fakes.log"))[-500:]
                      + " | stdout: " + read(out_path)[-300:])


def start_postgres(work):
    """A throwaway PostgreSQL as the postgres user: initdb into WORK/pg, port 5432 of this network namespace."""
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not bins:
        raise LayoutError("no PostgreSQL server (initdb under /usr/lib/postgresql/*/bin): smoke.sh installs it")
    bindir = os.path.dirname(bins[-1])
    import pwd
    pw = pwd.getpwnam("postgres")
    pg = os.path.join(work, "pg")
    os.makedirs(pg)
    os.chown(pg, pw.pw_uid, pw.pw_gid)
    as_pg = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--clear-groups", "--"]
    subprocess.run(as_pg + [f"{bindir}/initdb", "-D", f"{pg}/data", "-U", "tenki", "--auth=trust", "-E", "UTF8"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, timeout=120)
    subprocess.run(as_pg + [f"{bindir}/pg_ctl", "-D", f"{pg}/data", "-l", f"{pg}/log", "-w", "-t", "60", "-o",
                            f"-c listen_addresses=127.0.0.1 -p 5432 -k {pg}", "start"],
                   check=True, stdout=subprocess.DEVNULL, timeout=90)
    return "postgresql://tenki@127.0.0.1:5432/postgres"


def check_layout(r, layout, binary, secrets):
    if "none" in layout:
        r.ok(layout["none"])
        return
    logs = r.work
    serve = layout.get("serve")
    if serve:
        log = os.path.join(logs, "serve.log")
        p = r.start(serve, log)
        port = serve["env"].get("PORT") or "8080"
        deadline, status = time.time() + 30, None
        while time.time() < deadline and p.poll() is None:
            status, _ = http("GET", f"http://127.0.0.1:{port}/healthz", timeout=2)
            if status == 200:
                break
            time.sleep(0.2)
        if status == 200:
            r.ok(f"{serve['label']}: `{' '.join(serve['argv'])}` up, /healthz 200")
            addresses = listening(port)
            if r.name.startswith("systemd"):  # no container around it: only the local TLS proxy may connect
                loopback = all(a.startswith("127.") or a == "[0000:0000:0000:0000:0000:0000:0000:0001]" for a in addresses)
                (r.ok if addresses and loopback else r.fail)(f"listens on {', '.join(addresses)} (loopback only)")
            for kind, probe_port, path in serve.get("probes", []):
                probe_status, _ = http("GET", f"http://127.0.0.1:{probe_port}{path}", timeout=2)
                if probe_status == 200:
                    r.ok(f"{kind}: GET :{probe_port}{path} {probe_status}")
                else:
                    r.fail(f"{kind}: GET :{probe_port}{path} {probe_status}", log)
            if "SLACK_APP_TOKEN_FILE" in serve["env"]:
                socket_weather(r, secrets["FAKES_ORIGIN"], log)
            elif serve["env"].get("SLACK_CLIENT_ID"):
                install_page(r, port, serve["env"], secrets["SLACK_SIGNING_SECRET"], log)
            else:
                status, body = signed_weather(port, secrets["SLACK_SIGNING_SECRET"])
                if status == 200 and "nang" in body.lower():
                    r.ok("signed /weather danang: 200 with the weather")
                else:
                    r.fail(f"signed /weather danang: {status} {body[:200]!r}", log)
            hc = layout["healthcheck"]
            rc = r.run(hc, os.path.join(logs, "healthcheck.log"), timeout=30)
            (r.ok if rc == 0 else r.fail)(f"{hc['label']}: `{' '.join(hc['argv'])}` exit {rc}",
                                          *([] if rc == 0 else [os.path.join(logs, "healthcheck.log")]))
        else:
            code = p.poll()
            r.fail(f"{serve['label']}: `{' '.join(serve['argv'])}` "
                   + (f"exited {code}" if code is not None else f"/healthz {status} after 30 s"), log)
    digest = layout.get("digest")
    if digest:
        log = os.path.join(logs, "digest.log")
        rc = r.run(digest, log, timeout=60)
        (r.ok if rc == 0 else r.fail)(f"{digest['label']}: `{' '.join(digest['argv'])}` exit {rc}",
                                      *([] if rc == 0 else [log]))
    timer = layout.get("timer")
    if timer:
        calendar = timer.get("OnCalendar", ["?"])[-1]
        m = re.search(r":00/(\d+):00|\*:0?0/(\d+)", calendar)
        minutes = int(next(g for g in m.groups() if g)) if m else None
        (r.ok if minutes and minutes <= 5 else r.fail)(
            f"tenki-digest.timer OnCalendar={calendar}: every {minutes} min (the digest looks 5 min ahead)")
    schedule = layout.get("cron_schedule")
    if schedule:
        m = re.fullmatch(r"\*/(\d+) \* \* \* \*", schedule)
        minutes = int(m.group(1)) if m else None
        (r.ok if minutes and minutes <= 5 else r.fail)(
            f"CronJob tenki-digest schedule {schedule!r}: every {minutes} min (the digest looks 5 min ahead)")
    backup = layout.get("backup")
    if backup:
        argv = backup["argv"]
        target = argv[1] if os.path.basename(argv[0]) == "tenki-backup-keep" and len(argv) > 1 else None
        if target:
            log = os.path.join(logs, "backup-direct.log")
            probe = os.path.join(target, "tenki-smoke.sqlite.partial")
            # A leftover of a killed run, two hours old: tenki-backup-keep must prune it.
            stale = os.path.join(target, "tenki-20000101T000000Z.sqlite.partial")
            direct = dict(backup, argv=["sh", "-c", 'touch "$1" && rm -f "$1" && tenki backup "$2" && touch -d "@$(($(date +%s) - 7200))" "$3"',
                                        "sh", probe, os.path.join(target, "tenki-smoke.sqlite"), stale],
                          label=backup["label"])
            rc = r.run(direct, log, timeout=60)
            (r.ok if rc == 0 else r.fail)(f"{backup['label']}: {target} writable, `tenki backup {target}/tenki-smoke.sqlite` exit {rc}",
                                          *([] if rc == 0 else [log]))
        log = os.path.join(logs, "backup.log")
        rc = r.run(backup, log, timeout=120)
        text = read(log) if os.path.exists(log) else ""
        good = rc == 0 and "wrote" in text if target else rc == 0
        (r.ok if good else r.fail)(f"{backup['label']}: `{' '.join(argv)}` exit {rc}", *([] if good else [log]))
        if target and good:
            pruned = "removed " + stale in text
            (r.ok if pruned else r.fail)(f"{backup['label']}: a stale *.partial " + ("pruned" if pruned else "left in place"))
    elif serve and "TENKI_DATABASE_URL_FILE" in serve["env"]:
        r.ok("no SQLite backup Job (the state is in PostgreSQL: back it up with pg_dump)")


def layouts():
    names = ["compose", "compose-socket-mode", "compose-many-workspaces", "systemd", "systemd-digest-timer",
             "systemd-socket-mode", "systemd-many-workspaces"]
    kube = os.path.join(DEPLOY, "kubernetes")
    for k in sorted(os.listdir(kube)):
        d = os.path.join(kube, k)
        if k == "components" or not os.path.isfile(os.path.join(d, "kustomization.yaml")):
            continue
        names.append(f"kubernetes-{k}")
    for k in sorted(os.listdir(os.path.join(kube, "overlays"))):
        names.append(f"kubernetes-overlays/{k}")
    # The component as its header shows it, on the layout with both a listener and a digest CronJob.
    names.append("kubernetes-components/many-workspaces")
    return names


def build_layout(name, ctx):
    if name == "compose":
        return compose_layout(ctx)
    if name == "compose-socket-mode":
        return compose_layout(ctx, override="compose.socket.yaml")
    if name == "compose-many-workspaces":
        return compose_layout(ctx, override="compose.many-workspaces.yaml")
    if name == "systemd-many-workspaces":  # with the digest timer, so that both drop-ins are started
        return systemd_layout(ctx, drop_in=True, many_workspaces=True)
    if name.startswith("systemd"):
        return systemd_layout(ctx, drop_in=name == "systemd-digest-timer", socket_mode=name == "systemd-socket-mode")
    if name == "kubernetes-components/many-workspaces":
        return kubernetes_layout(ctx, component_example(ctx, "components/many-workspaces", "overlays/cronjob-digest"))
    if name.startswith("kubernetes-"):
        return kubernetes_layout(ctx, name[len("kubernetes-"):])
    raise LayoutError(f"unknown layout {name}")


def mountpoints(layout):
    points = set()
    for key in ("serve", "healthcheck", "digest", "backup"):
        spec = layout.get(key)
        for m in (spec or {}).get("mounts", []) if isinstance(spec, dict) else []:
            if not m["target"].startswith("/run/"):
                points.add(m["target"])
    return sorted(points)


def run_layout(name, binary, work):
    r = Runner(name, work)
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    created = []
    fakes = None
    try:
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True, timeout=10)
        secrets = {"SLACK_SIGNING_SECRET": os.urandom(16).hex(), "OPENWEATHER_API_KEY": os.urandom(8).hex()}
        fakes, values = start_fakes(binary, work, secrets["OPENWEATHER_API_KEY"])
        secrets["DIGEST_WEBHOOK_URL"] = values["WEBHOOK"]
        secrets["SLACK_APP_TOKEN"], secrets["FAKES_ORIGIN"] = values["SLACK_APP_TOKEN"], values["FAKES_ORIGIN"]
        # overlays/socket-mode is overlays/postgres-ha in Socket Mode.
        needs_pg = "postgres" in name or name == "kubernetes-overlays/socket-mode"
        if needs_pg:
            secrets["TENKI_DATABASE_URL"] = start_postgres(work)
        if name.endswith("many-workspaces"):
            secrets["SLACK_CLIENT_SECRET"] = os.urandom(16).hex()
            secrets["TENKI_ENCRYPTION_KEY"] = base64.b64encode(os.urandom(32)).decode()
        ctx = Context(work, binary, values, secrets, MANY_WORKSPACES if name.endswith("many-workspaces") else None)
        layout = build_layout(name, ctx)
        for point in mountpoints(layout):
            if not os.path.exists(point):
                os.makedirs(point)
                created.append(point)
                with open(os.path.join(os.path.dirname(work), "created-mountpoints"), "a", encoding="utf-8") as f:
                    f.write(point + "\n")
        check_layout(r, layout, binary, secrets)
    except LayoutError as e:
        r.fail(str(e))
    except Exception as e:  # noqa: BLE001 - one line per layout, whatever went wrong
        r.fail(f"{type(e).__name__}: {e}")
    finally:
        r.stop_all()
        if fakes:
            fakes.terminate()
        for point in reversed(created):
            try:
                os.rmdir(point)
            except OSError:
                pass
    return 1 if r.failed else 0


def exec_spec(path):
    """In a fresh mount namespace: the layout's mounts, a read-only root if set, then exec as its user."""
    with open(path, encoding="utf-8") as f:
        spec = json.load(f)
    def sh(*argv):
        subprocess.run(argv, check=True)
    # This PID namespace's own /proc (as a container has), so the process sees itself, not the host.
    sh("mount", "-t", "proc", "-o", "nosuid,nodev,noexec", "proc", "/proc")
    if any(m["target"].startswith("/run/") for m in spec["mounts"]):
        sh("mount", "-t", "tmpfs", "-o", "mode=0755", "tmpfs", "/run")
    for m in sorted(spec["mounts"], key=lambda m: m["target"].count("/")):
        os.makedirs(m["target"], exist_ok=True)
        if m["kind"] == "tmpfs":
            sh("mount", "-t", "tmpfs", "-o", "mode=1777,size=64m", "tmpfs", m["target"])
        else:
            sh("mount", "--bind", m["source"], m["target"])
            if m["ro"]:
                sh("mount", "-o", "remount,bind,ro", m["target"])
    if spec["read_only"]:
        sh("mount", "-o", "remount,bind,ro", "/")
    os.chdir(spec["workdir"])
    argv = ["setpriv", f"--reuid={spec['uid']}", f"--regid={spec['gid']}"]
    argv.append(f"--groups={','.join(map(str, spec['groups']))}" if spec["groups"] else "--clear-groups")
    argv += ["--inh-caps=-all", "--bounding-set=-all"]
    if spec["no_new_privs"]:
        argv.append("--no-new-privs")
    os.execvpe("setpriv", argv + ["--"] + spec["argv"], spec["env"])


def main(args):
    if args[:1] == ["list"]:
        print("\n".join(layouts()))
    elif args[:1] == ["users"]:
        users = set()
        for f in glob.glob(os.path.join(DEPLOY, "systemd", "*.service")):
            users.update(unit(f).get("User", []))
        print("\n".join(sorted(users)))
    elif args[:1] == ["run"] and len(args) == 4:
        return run_layout(args[1], os.path.abspath(args[2]), args[3])
    elif args[:1] == ["exec"] and len(args) == 2:
        exec_spec(args[1])
    else:
        print(__doc__, file=sys.stderr)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
