#!/usr/bin/env python3
"""Writes the composition root a person would write by hand for a digraph-synth manifest, for the
resolve benchmark in scripts/bench-gen.sh: singletons stored behind one plain (non-recursive)
NSLock, held only to read and store (a singleton is built outside it, since building one builds
others; two threads racing on the first build both build and the first stored wins), transients
built inline, aliases forwarding, lazy dependencies as closures. Only the shapes digraph-synth emits.
Usage: scripts/hand-root.py manifest.yaml > HandWrittenRoot.swift"""
import sys
import yaml

manifest = yaml.safe_load(open(sys.argv[1]))
registrations = manifest["registrations"]
by_key = {r["provides"]: r for r in registrations}

def accessor(key):
    return key[0].lower() + key[1:]

def is_protocol(key):
    r = by_key.get(key)
    return r is not None and ("aliasOf" in r or r.get("implementation", key) != key)

def spelled(key):
    return ("any " + key) if is_protocol(key) else key

def arguments(r):
    return list((r.get("arguments") or {}).items())

def owner(r):
    while "aliasOf" in r:
        r = by_key[r["aliasOf"]]
    return r

def value(r, label, dependency):
    if isinstance(dependency, dict) and "argument" in dependency:
        return dependency["argument"]
    key = dependency["type"] if isinstance(dependency, dict) else dependency
    target_args = arguments(owner(by_key[key]))
    if isinstance(dependency, dict) and dependency.get("lazy"):
        names = ", ".join(name for name, _ in target_args)
        call = ", ".join(f"{name}: {name}" for name, _ in target_args)
        return f"{{ {names + ' in ' if names else ''}self.{accessor(key)}({call}) }}"
    passing = ", ".join(f"{name}: {name}" for name, _ in target_args)
    return f"{accessor(key)}({passing})"

out = ["import Foundation", "", "final class HandWrittenRoot: @unchecked Sendable {", "    private let lock = NSLock()", "    init() {}"]
for r in registrations:
    if r.get("lifetime") == "singleton":
        out.append(f"    private var stored{r['provides']}: ({spelled(r['provides'])})?")
for r in registrations:
    key = r["provides"]
    params = ", ".join(f"{name}: {type_}" for name, type_ in arguments(owner(r)))
    out.append(f"    func {accessor(key)}({params}) -> {spelled(key)} {{")
    if "aliasOf" in r:
        passing = ", ".join(f"{name}: {name}" for name, _ in arguments(owner(r)))
        out.append(f"        {accessor(r['aliasOf'])}({passing})")
    else:
        deps = r.get("dependencies") or {}
        built = f"{r.get('implementation', key)}(" + ", ".join(f"{label}: {value(r, label, d)}" for label, d in deps.items()) + ")"
        if r.get("lifetime") == "singleton":
            out += ["        lock.lock()",
                    f"        if let existing = stored{key} {{ lock.unlock(); return existing }}",
                    "        lock.unlock()",
                    f"        let created = {built}",
                    "        lock.lock()", "        defer { lock.unlock() }",
                    f"        if let existing = stored{key} {{ return existing }}",
                    f"        stored{key} = created", "        return created"]
        else:
            out.append(f"        {built}")
    out.append("    }")
out.append("}")
print("\n".join(out))
