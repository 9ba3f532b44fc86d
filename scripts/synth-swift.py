#!/usr/bin/env python3
"""Writes a synthetic Swinject code base for the import benchmark.

    scripts/synth-swift.py DIR FILES REGISTRATIONS [--seed N]

Each file declares its types (a protocol and a class per registration, with initializers) and an
Assembly whose factories resolve 0-4 earlier keys: scopes, names, runtime arguments, lazy closures,
initCompleted properties and aliases mixed in, about as dense as a real app's DI folder.
"""
import os
import random
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    out, files, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    per_file = [total // files + (1 if i < total % files else 0) for i in range(files)]
    index = 0
    for number, count in enumerate(per_file):
        lines = ["import Swinject", ""]
        body = []
        for _ in range(count):
            name = f"Service{index}"
            deps = sorted(rng.sample(range(index), min(index, rng.randint(0, 4)))) if index else []
            params = ", ".join(f"s{d}: Service{d}Protocol" for d in deps)
            lines.append(f"protocol {name}Protocol: AnyObject {{}}")
            lines.append(f"final class {name}: {name}Protocol {{")
            lines.append(f"    var delegate: Service0Protocol?")
            lines.append(f"    init({params}) {{}}")
            lines.append("}")
            args = ", ".join(f"s{d}: r.resolve(Service{d}Protocol.self)!" for d in deps)
            scope = rng.choice(["", ".inObjectScope(.container)", ".inObjectScope(.transient)", ".inObjectScope(.weak)"])
            kind = rng.random()
            if kind < 0.1 and index:
                body.append(f"        container.register({name}Protocol.self) {{ r in")
                body.append(f"            let made = {name}({args})")
                body.append(f"            made.delegate = r.resolve(Service0Protocol.self)")
                body.append(f"            return made")
                body.append(f"        }}{scope}")
            elif kind < 0.2:
                body.append(f"        container.register({name}Protocol.self) {{ r in {name}({args}) }}{scope}")
                body.append(f"            .initCompleted {{ r, s in (s as? {name})?.delegate = r.resolve(Service0Protocol.self) }}")
            else:
                body.append(f"        container.register({name}Protocol.self) {{ r in")
                body.append(f"            {name}({args})")
                body.append(f"        }}{scope}")
            index += 1
        lines.append("")
        lines.append(f"final class Assembly{number}: Assembly {{")
        lines.append("    func assemble(container: Container) {")
        lines.extend(body)
        lines.append("    }")
        lines.append("}")
        with open(os.path.join(out, f"Assembly{number}.swift"), "w") as handle:
            handle.write("\n".join(lines) + "\n")


main()
