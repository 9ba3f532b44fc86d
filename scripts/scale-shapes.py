#!/usr/bin/env python3
"""Writes manifests of the shapes that once made digraph quadratic, for scale tests and figures.

    scripts/scale-shapes.py SHAPE N > manifest.yaml

alias-chain  N singletons holding the head of an N-hop transient aliasOf chain (captive notes)
wide         one registration with N dependencies (edge lookups)
graph-chain  N graph-scoped registrations, each depending on the next (gen-swift's graph scope)
clashing     N keys whose accessor names clash (`A.AA`, `AA.A`, … all `aAA`)
long-keys    N registrations and N missing dependencies with 190-character keys (the longest a name may be) (did you mean)
"""
import itertools
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    shape, n = sys.argv[1], int(sys.argv[2])
    out = ["version: 1", "registrations:"]
    if shape == "alias-chain":
        out += ["  - provides: Impl"]
        for hop in range(n):
            out += [f"  - provides: Alias{hop}", f"    aliasOf: {'Impl' if hop == 0 else f'Alias{hop - 1}'}"]
        for holder in range(n):
            out += [f"  - provides: Holder{holder}", "    lifetime: singleton", "    dependencies:", f"      head: Alias{n - 1}"]
    elif shape == "wide":
        out += ["  - provides: Hub", "    dependencies:"]
        out += [f"      d{i}: Leaf{i}" for i in range(n)]
        out += [f"  - provides: Leaf{i}" for i in range(n)]
    elif shape == "graph-chain":
        for i in range(n):
            out += [f"  - provides: Node{i}", "    lifetime: graph"]
            if i + 1 < n:
                out += ["    dependencies:", f"      next: Node{i + 1}"]
    elif shape == "clashing":
        width = max(2, (n - 1).bit_length() + 1)
        keys = []
        for dots in itertools.product([False, True], repeat=width - 1):
            key = "A" + "".join(("." if dot else "") + "A" for dot in dots)
            keys.append(key)
            if len(keys) == n:
                break
        for i, key in enumerate(keys):
            out += [f"  - provides: {key}", f"    implementation: Impl{i}"]
    elif shape == "long-keys":
        stem = "Service" + "X" * 180
        for i in range(n):
            out += [f"  - provides: {stem}{i}", "    dependencies:", f"      wanted: {stem}Y{i}"]
    else:
        sys.exit(__doc__)
    print("\n".join(out))


main()
