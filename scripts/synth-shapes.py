#!/usr/bin/env python3
"""Writes the Swift shapes of docs/performance.md ("Registrations by the thousand in one function").

usage: scripts/synth-shapes.py KIND N > File.swift, KIND one of: registrations, switch, ladder, api
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
elif kind == "api":
    # A hand-rolled container type of N registering methods, one of them called (issue 40, item 9).
    out = ["final class Box {", "    private var storage: [String: () -> Any] = [:]"]
    out += [f'    func register{i}<T>(_ type: T.Type, _ make: @escaping () -> T) {{ storage["\\(type)"] = make }}' for i in range(n)]
    out += ["}", "func wire(box: Box) { box.register0(A.self) { A() } }"]
else:
    sys.exit("KIND is registrations, switch, ladder or api")
print("\n".join(out))
