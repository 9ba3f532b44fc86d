#!/usr/bin/env python3
"""App-like synthetic manifests (scripts/app-shapes.py N [SEED] > app.yaml) for measuring picture shapes: screens (a root view controller, its view model), use cases,
repositories behind Domain interfaces, a few infrastructure hubs used everywhere."""
import random, sys
n = int(sys.argv[1]); rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
usecases = max(2, n // 5); repos = max(2, n // 10); screens = max(3, (n - 8 - usecases - repos + 1) // 2)
hubs = ["Router", "Analytics", "AppConfiguration", "Logger"]
infra = ["APIClient", "ResponseCache", "KeychainStore", "Database"]
out = ["version: 1", "modules:", "  Core: {}", "  Data: { dependsOn: [Core, Domain] }", "  Domain: { dependsOn: [Core] }",
       "  Presentation: { dependsOn: [Core, Domain] }", "  App: { dependsOn: [Core, Domain, Presentation, Data] }", "interfaces:"]
out += [f"  Repository{r}Protocol: {{ module: Domain }}" for r in range(repos)]
out += ["registrations:"]
def reg(key, module, deps, impl=None, lifetime=None, root=False):
    out.append(f"  - provides: {key}"); out.append(f"    module: {module}")
    if impl: out.append(f"    implementation: {impl}")
    if lifetime: out.append(f"    lifetime: {lifetime}")
    if root: out.append("    root: true")
    if deps:
        out.append("    dependencies:")
        for i, d in enumerate(deps): out.append(f"      d{i}: {d}")
count = 0
for h in hubs: reg(h, "Core", ["Logger"] if h != "Logger" else [], lifetime="singleton"); count += 1
for i in infra: reg(i, "Data", ["AppConfiguration", "Logger"], lifetime="singleton"); count += 1
for r in range(repos):
    reg(f"Repository{r}Protocol", "Data", ["APIClient", rng.choice(["ResponseCache", "Database", "KeychainStore"])], impl=f"Repository{r}", lifetime="singleton"); count += 1
for u in range(usecases):
    reg(f"UseCase{u}", "Domain", sorted({f"Repository{rng.randrange(repos)}Protocol" for _ in range(2)}) + (["Logger"] if u % 2 else [])); count += 1
for s in range(screens):
    if count >= n: break
    reg(f"Screen{s}ViewModel", "Presentation", sorted({f"UseCase{rng.randrange(usecases)}" for _ in range(2)}) + ["Analytics", "Router"]); count += 1
    if count >= n: break
    reg(f"Screen{s}ViewController", "App", [f"Screen{s}ViewModel", "Router"], root=True); count += 1
print("\n".join(out))
