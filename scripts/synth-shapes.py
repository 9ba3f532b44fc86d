#!/usr/bin/env python3
"""Writes the Swift shapes of docs/performance.md ("Registrations by the thousand in one function").

usage: scripts/synth-shapes.py KIND N > File.swift, KIND one of: registrations, switch, ladder
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
out = ["import Swinject"]
if kind == "registrations":
    out.append("func assemble(container: Container) {")
    out += [f"    container.register(S{i}.self) {{ _ in S{i}() }}" for i in range(n)]
    out.append("}")
elif kind == "switch":
    out.append("@main struct App { static func main() { assemble(container: Container(), mode: 0) } }")
    out.append("func assemble(container: Container, mode: Int) {")
    out.append("    switch mode {")
    out += [f"    case {i}: container.register(S.self) {{ _ in S{i}() }}" for i in range(n)]
    out += ["    default: break", "    }", "}"]
elif kind == "ladder":
    out.append("func assemble(container: Container, mode: Int) {")
    out.append("    if mode == -1 { container.register(S.self) { _ in S() } }")
    out += [f"    else if mode == {i} {{ container.register(S.self) {{ _ in S{i}() }} }}" for i in range(n)]
    out.append("}")
else:
    sys.exit("KIND is registrations, switch or ladder")
print("\n".join(out))
