"""A small kustomize for deploy/check_assertions.py when no `kubectl kustomize` (v4+) is installed.

It understands what Tenki's kustomizations use and nothing more: resources (files and
directories), components (their images and patches), images, namespace, labels (metadata only) and
patches given by `path` or inline `patch`, to the object they name or to those a `target` selects
by kind and name, applied as strategic merges with the merge keys of the fields those patches
touch, `$patch: delete` for an object or a list item, and null for removing a key. Anything else
it meets is an error naming the field, so a new feature cannot be silently ignored. When kubectl
is there, check_assertions.py renders both ways and fails if they disagree (`canonical`).
"""
import json
import os

import yaml

SUPPORTED = {"apiVersion", "kind", "namespace", "labels", "resources", "components", "images", "patches"}

# Strategic-merge keys of the lists a patch may merge into (Kubernetes' patchMergeKey); any other
# list in a patch replaces the original, as strategic merge does for lists without a key.
MERGE_KEYS = {
    "containers": "name",
    "initContainers": "name",
    "env": "name",
    "volumes": "name",
    "volumeMounts": "mountPath",
    "ports": "containerPort",
    "topologySpreadConstraints": "topologyKey",
    "imagePullSecrets": "name",
}


class Unsupported(Exception):
    """A kustomization feature this renderer does not implement."""


def render(directory):
    """The objects `kubectl kustomize DIRECTORY` would print (as Python values, in no set order)."""
    with open(os.path.join(directory, "kustomization.yaml"), encoding="utf-8") as f:
        spec = yaml.safe_load(f)
    unknown = set(spec) - SUPPORTED
    if unknown:
        raise Unsupported(f"{directory}: the fallback renderer does not know {sorted(unknown)}; install kubectl")
    objects = []
    for entry in spec.get("resources", []):
        path = os.path.join(directory, entry)
        if os.path.isdir(path):
            objects += render(path)
        else:
            objects += load_documents(path)
    images = list(spec.get("images", []))
    for component in spec.get("components", []):
        component_dir = os.path.join(directory, component)
        with open(os.path.join(component_dir, "kustomization.yaml"), encoding="utf-8") as f:
            component_spec = yaml.safe_load(f)
        if set(component_spec) - {"apiVersion", "kind", "images", "patches"}:
            raise Unsupported(f"{directory}: the component {component} has more than images and patches; install kubectl")
        images += component_spec.get("images", [])
        objects = apply_patches(objects, component_spec.get("patches", []), component_dir)
    objects = apply_patches(objects, spec.get("patches", []), directory)
    for obj in objects:
        set_images(obj, images)
        if "namespace" in spec:
            obj.setdefault("metadata", {})["namespace"] = spec["namespace"]
        for entry in spec.get("labels", []):
            if entry.get("includeSelectors") or entry.get("includeTemplates"):
                raise Unsupported(f"{directory}: labels with includeSelectors/includeTemplates; install kubectl")
            obj.setdefault("metadata", {}).setdefault("labels", {}).update(entry["pairs"])
    return objects


def apply_patches(objects, entries, directory):
    """Each entry's strategic-merge documents (`path` or inline `patch`): to the one object of the
    document's kind and name, or, with a `target` (kind and name only), to every object it
    selects, none included, as kustomize does."""
    for entry in entries:
        if "options" in entry or set(entry.get("target", {})) - {"kind", "name"}:
            raise Unsupported(f"{directory}: patches with options, or a target by more than kind and name; install kubectl")
        documents = load_documents(os.path.join(directory, entry["path"])) if "path" in entry \
            else [d for d in yaml.safe_load_all(entry["patch"]) if d]
        for patch in documents:
            target = entry.get("target")
            if target is None:
                objects = apply_patch(objects, patch, directory)
                continue
            selected = [o for o in objects
                        if all((o["kind"] if key == "kind" else o["metadata"]["name"]) == value for key, value in target.items())]
            for obj in selected:
                merged = merge(obj, patch)
                merged["kind"], merged["metadata"]["name"] = obj["kind"], obj["metadata"]["name"]
                objects = [merged if o is obj else o for o in objects]
    return objects


def load_documents(path):
    with open(path, encoding="utf-8") as f:
        return [d for d in yaml.safe_load_all(f) if d]


def apply_patch(objects, patch, directory):
    """Merges `patch` into the one object of its kind and name, or deletes that object."""
    identity = (patch["kind"], patch["metadata"]["name"])
    targets = [o for o in objects if (o["kind"], o["metadata"]["name"]) == identity]
    if len(targets) != 1:
        raise Unsupported(f"{directory}: a patch for {identity[0]}/{identity[1]} matches {len(targets)} objects")
    if patch.get("$patch") == "delete":
        return [o for o in objects if o is not targets[0]]
    merged = merge(targets[0], patch)
    return [merged if o is targets[0] else o for o in objects]


def merge(original, patch, field=None):
    """Strategic merge of two values found under `field`."""
    if isinstance(original, dict) and isinstance(patch, dict):
        result = dict(original)
        for key, value in patch.items():
            if key.startswith("$"):
                raise Unsupported(f"the directive {key} under {field}")
            if value is None:
                result.pop(key, None)
            elif key in result:
                result[key] = merge(result[key], value, key)
            else:
                result[key] = strip_directives(value)
        return result
    if isinstance(original, list) and isinstance(patch, list):
        key = MERGE_KEYS.get(field)
        if key and all(isinstance(i, dict) and key in i for i in original + patch):
            return merge_list(original, patch, key)
    return strip_directives(patch)


def merge_list(original, patch, key):
    """Items of `patch` first (merged with the original's item of the same key, or deleted with
    `$patch: delete`), then the original's other items: the order kustomize 5 prints."""
    by_key = {item[key]: item for item in original}
    patched = {item[key] for item in patch}
    result = []
    for item in patch:
        if item.get("$patch") == "delete":
            continue
        result.append(merge(by_key[item[key]], item) if item[key] in by_key else strip_directives(item))
    return result + [item for item in original if item[key] not in patched]


def strip_directives(value):
    if isinstance(value, dict):
        if any(k.startswith("$") for k in value):
            raise Unsupported(f"a directive in a new value: {sorted(k for k in value if k.startswith('$'))}")
        return {k: strip_directives(v) for k, v in value.items()}
    if isinstance(value, list):
        return [strip_directives(v) for v in value]
    return value


def set_images(obj, images):
    for container in containers(obj):
        for image in images:
            if container.get("image") == image["name"]:
                name = image.get("newName", image["name"])
                suffix = "@" + image["digest"] if "digest" in image else ":" + image.get("newTag", "latest")
                container["image"] = name + suffix


def pod_spec(obj):
    kind = obj.get("kind")
    if kind == "Deployment":
        return obj["spec"]["template"]["spec"]
    if kind == "CronJob":
        return obj["spec"]["jobTemplate"]["spec"]["template"]["spec"]
    return None


def containers(obj):
    spec = pod_spec(obj)
    return (spec or {}).get("containers", []) + (spec or {}).get("initContainers", [])


def canonical(objects):
    """Objects by kind and name, lists of mappings sorted: two renderings compare equal when they
    hold the same objects with the same fields, whatever order a renderer prints them in. A key
    whose value is null (`annotations:` with only comments under it) is left out, as kustomize does."""
    def normal(value):
        if isinstance(value, dict):
            return {k: normal(v) for k, v in value.items() if v is not None}
        if isinstance(value, list):
            items = [normal(v) for v in value]
            if all(isinstance(i, dict) for i in items):
                items.sort(key=lambda i: json.dumps(i, sort_keys=True))
            return items
        return value
    return {f"{o['kind']}/{o['metadata']['name']}": normal(o) for o in objects}
