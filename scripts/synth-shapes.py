#!/usr/bin/env python3
"""Writes the Swift shapes of docs/performance.md ("Registrations by the thousand in one function").

usage: scripts/synth-shapes.py KIND N > File.swift, KIND one of: registrations, switch, ladder, api, children, locals
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
elif kind == "children":
    # N features, each with a Swinject child container of 2 registrations, under an app container
    # of N registrations: every child sees them all (docs/performance.md, "Child containers").
    out.append("protocol Routing {}")
    out.append("final class AppDelegate {")
    out.append("    let container = Container()")
    out.append("    func application(_ application: Any?, didFinishLaunchingWithOptions options: [String: Any]?) -> Bool {")
    out += [f"        container.register(S{i}.self) {{ _ in S{i}() }}" for i in range(n)]
    out += [f"        _ = Feature{i}(parent: container)" for i in range(n)]
    out += ["        return true", "    }", "}"]
    for i in range(n):
        out += [f"final class Feature{i} {{", "    let container: Container", "    init(parent: Container) {",
                "        container = Container(parent: parent)",
                f"        container.register(Routing.self) {{ _ in R{i}() }}",
                f"        container.register(Screen{i}.self) {{ r in Screen{i}(routing: r.resolve(Routing.self)!, s: r.resolve(S{i}.self)!) }}",
                "    }", "}"]
elif kind == "locals":
    # N types in one file, and a hand-rolled container's N registrations each handed a local
    # declared just before it (`let s1 = S1(); box.register(S1.self, s1)`): every earlier binding was
    # read for each registration, and each place's type or function searched among all N types.
    out = ["final class Box {", "    private var storage: [ObjectIdentifier: Any] = [:]",
           "    func register<T>(_ type: T.Type, _ value: T) { storage[ObjectIdentifier(T.self)] = value }", "}"]
    out += [f"final class S{i} {{}}" for i in range(n)]
    out.append("func wire(box: Box) {")
    for i in range(n):
        out += [f"    let s{i} = S{i}()", f"    box.register(S{i}.self, s{i})"]
    out.append("}")
else:
    sys.exit("KIND is registrations, switch, ladder, api, children or locals")
print("\n".join(out))
