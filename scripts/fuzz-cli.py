#!/usr/bin/env python3
"""Mutates the shipped manifests at random and runs every command on them: each run must end
with exit 0, 1 or 2 (never a crash or a hang). Then the paths: hostile file names (newlines,
escape sequences, workflow commands, bidirectional marks, leading dashes) for inputs, and hostile
output targets (a FIFO, a symbolic link, a folder, a device, the input itself, a read-only file);
each run must end with 0, 1 or 2 in time, print no raw control character, and leave every target
that is not a regular file digraph wrote exactly as it was. Then Swift: deep and huge shapes,
hostile registration names and Package.swift target names, literals that once hid deep code from
the depth scan (raw strings, `#/…/#` regexes) and nested `#if`, and `diff --base` over crafted git
trees (`..`, links) and over a revision whose blobs exceed the manifest limit (1 GB of address
space): each run bounded in time and memory (4 GB of address space), ending 0, 1 or 2, its output
inert in a CI log (`::` after any Unicode white space counts as forged: the runner trims it), every
file outside the work folder unchanged.
Usage: scripts/fuzz-cli.py [iterations] [seed]
Build first: swift build -c release --product digraph (or set DIGRAPH_BINARY, as CI does with the
debug build). Failing inputs are kept in /tmp/digraph-fuzz. The last line is "N passed, M failed".
"""
import os
import random
import resource
import shutil
import stat
import subprocess
import sys

iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 600
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.environ.get("DIGRAPH_BINARY", os.path.join(root, ".build/release/digraph"))
sources = [open(os.path.join(root, p), "rb").read() for p in (
    "fixtures/popcorn/manifest.yaml", "fixtures/issue-tracker/manifest.yaml", "fixtures/workout/history.yaml",
    "Tests/DigraphSwiftGenTests/Manifests/semantics.yaml")]
alphabet = b" :-[]{}&?!<>,.\n\t\"'#*|abcXYZ_0123456789"
work = "/tmp/digraph-fuzz"


def forged(output, allow_annotations=False):
    """A line the GitHub runner would run: `::` after leading white space, any Unicode white space
    as .NET's TrimStart() trims it (github format's own annotations excepted), or `##[` anywhere."""
    for line in output.split(b"\n"):
        if b"##[" in line:
            return True
        stripped = line.decode("utf-8", "replace").lstrip().encode()
        if stripped.startswith(b"::") and not (allow_annotations and line.startswith((b"::error file=", b"::warning file=", b"::notice file="))):
            return True
    return False



os.makedirs(work, exist_ok=True)
failures = 0
for i in range(iterations):
    text = bytearray(random.choice(sources))
    for _ in range(random.randint(1, 8)):
        choice, position = random.random(), random.randrange(len(text))
        if choice < 0.4:
            del text[position:position + random.randint(1, 5)]
        elif choice < 0.8:
            text[position:position] = bytes(random.choice(alphabet) for _ in range(random.randint(1, 4)))
        else:
            start = random.randrange(len(text))
            text[position:position] = text[start:start + random.randint(1, 40)]
    path = os.path.join(work, "input" + (".json" if i % 5 == 0 else ".yaml"))
    with open(path, "wb") as file:
        file.write(bytes(text))
    for command in (["check"], ["render", "--dot", "-o", "-"], ["gen-swift"], ["analyze", "--format", "json"], ["why", "Service0Protocol"]):
        try:
            status = subprocess.run([binary] + command + [path], capture_output=True, timeout=20).returncode
        except subprocess.TimeoutExpired:
            status = "timeout"
        if status not in (0, 1, 2):
            failures += 1
            kept = os.path.join(work, f"failure{failures}" + os.path.splitext(path)[1])
            with open(kept, "wb") as file:
                file.write(bytes(text))
            print(f"{' '.join(command)}: {status} on {kept}")
runs = iterations * 5

# Paths: hostile names for inputs, hostile targets for outputs.
name_parts = ["app", "\n::error file=x::forged\n", "\u3000::error file=x::forged", "\u00a0::warning::y", "\x1b[2J", "\x1b]8;;http://x\x07", "\u202e", "\u200d", "::stop-commands::t",
              " spaced ", "%0A", "-dash", "ü", "\r", "'\"$(x)`", "DI/../"]
paths_dir = os.path.join(work, "paths")
for i in range(max(1, iterations // 4)):
    shutil.rmtree(paths_dir, ignore_errors=True)
    os.makedirs(paths_dir)
    name = "".join(random.choice(name_parts) for _ in range(random.randint(1, 4))).replace("/", "_") + random.choice([".yaml", ".json", ".yml"])
    if name.startswith("-"):
        name = "x" + name
    if i % 4 == 0:
        # White space the runner trims (.NET TrimStart: all of Unicode's) before a forged command.
        name = random.choice(["\u3000", "\u00a0", "\u1680", "\u2003", "\u205f"]) + "::error file=x::forged" + name
    manifest = os.path.join(paths_dir, name)
    with open(manifest, "wb") as file:
        # Half the time a manifest with a finding, so that reports start lines with the file's name.
        file.write(open(os.path.join(root, "fixtures/popcorn/manifest.yaml"), "rb").read() if i % 2 else
                   b"version: 1\nregistrations:\n  - provides: A\n    dependencies:\n      b: B\n")
    target_kind = random.choice(["fifo", "symlink", "folder", "device", "input", "readonly", "missing-folder", "fresh"])
    target = os.path.join(paths_dir, "out" + random.choice(["", "\n::x", "\x1b[1m"]))
    protected = None
    if target_kind == "fifo":
        os.mkfifo(target)
    elif target_kind == "symlink":
        victim = os.path.join(paths_dir, "victim")
        with open(victim, "w") as file:
            file.write("keep")
        os.symlink(victim, target)
        protected = victim
    elif target_kind == "folder":
        os.mkdir(target)
    elif target_kind == "device":
        target = "/dev/null"
    elif target_kind == "input":
        target = manifest
        protected = manifest
    elif target_kind == "readonly":
        with open(target, "w") as file:
            file.write("keep")
        os.chmod(target, 0o444)
        protected = target
    elif target_kind == "missing-folder":
        target = os.path.join(paths_dir, "a", "b", "out")
    before = open(protected, "rb").read() if protected else None
    # The name also relative, so that report lines start with it (`\u3000::error…` once forged a command).
    for command in (["check", manifest], ["check", name, "--format", random.choice(["text", "github"])], ["render", manifest, "--svg", "-o", target], ["gen-swift", manifest, "-o", target],
                    ["gen-swift", manifest, "-o", target, "--check"], ["import", paths_dir, "-o", target],
                    ["check", manifest, "--format", random.choice(["text", "github", "json", "sarif"])], ["why", "A", name], ["analyze", name]):
        runs += 1
        try:
            result = subprocess.run([binary] + command, capture_output=True, timeout=20, cwd=paths_dir)
            status = result.returncode
            printed = result.stdout + result.stderr
            if b"\x1b" in printed or b"\xe2\x80\xae" in printed:
                status = "raw control character printed"
            elif forged(result.stdout, allow_annotations=b"github" in b" ".join(map(str.encode, command))) or forged(result.stderr):
                status = "forged workflow command"
        except subprocess.TimeoutExpired:
            status = "timeout"
        if target_kind in ("fifo", "folder") and not (stat.S_ISFIFO(os.lstat(target).st_mode) or stat.S_ISDIR(os.lstat(target).st_mode)):
            status = f"{target_kind} replaced"
        if target_kind == "device" and not stat.S_ISCHR(os.stat("/dev/null").st_mode):
            status = "/dev/null replaced"
        if protected and open(protected, "rb").read() != before:
            status = f"{target_kind} target changed"
        if status not in (0, 1, 2):
            failures += 1
            print(f"{' '.join(map(repr, command))} ({target_kind}): {status}")


# Swift: deep and huge shapes, hostile names, crafted git trees.
def limited(address_space):
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))


def run_bounded(arguments, cwd, timeout=60, address_space=4 << 30):
    """(status, printed) of one run with 4 GB of address space (or the given bound) and a time bound."""
    try:
        result = subprocess.run([binary] + arguments, capture_output=True, timeout=timeout, cwd=cwd, preexec_fn=limited(address_space))
    except subprocess.TimeoutExpired:
        return "timeout", b""
    printed = result.stdout + result.stderr
    if result.returncode not in (0, 1, 2):
        return result.returncode, printed
    if b"\x1b" in printed or b"\xe2\x80\xae" in printed:
        return "raw control character printed", printed
    if forged(result.stdout, allow_annotations="github" in arguments) or forged(result.stderr):
        return "forged workflow command", printed
    return result.returncode, printed


hostile_names = ["x\") { _ in A() }; print(\"injected", "a\nb", "\u3000::error::x", "\u202eevil", "##[error]x", "::error::x", "%0A", "\\(x)", "name\u200dx", "ok_name"]
deep_shapes = [lambda n: "let x = " + "try " * n + "f()\n", lambda n: "let x = a" + ".b" * (n * 10) + "\n",
               lambda n: "let x = f" + "()" * n + "\n", lambda n: "func f() {\n if a {}" + " else if a {}" * (n * 5) + "\n}\n",
               lambda n: "let x: " + "A<" * n + "B" + ">" * n + " = y\n", lambda n: "let x: " + "[" * n + "B" + "]" * n + " = y\n",
               lambda n: 'let x = "' + '\\("' * n + "a" + '")' * n + '"\n', lambda n: "let x = a" + "!" * n + "\n",
               # A literal the depth scan once misread, hiding the deep code after it; nested `#if`.
               lambda n: random.choice(['let s = #"x"y"#', 'let s = ##"a"#b"##', 'let r = #/a"b/#', 'let s = #"""\n"""\n"""#', 'let r = /"/;'])
               + "\nlet x = " + "try " * (n * 10) + "f()\n",
               lambda n: "#if A\n" * (n * 5) + "let x = 1\n" + "#endif\n" * (n * 5),
               # A huge container API (issue 40, item 9: once quadratic): overloads of one `register`, many resolves.
               lambda n: "final class Box {\n    private var store: [String: () -> Any] = [:]\n"
               + "".join(f'    func register<T>(_ t: T.Type, tag{i}: Int, _ f: @escaping () -> T) {{ store["\\(t)"] = f }}\n'
                         f'    func resolve{i}<T>(_ t: T.Type) -> T {{ store["\\(t)"]!() as! T }}\n' for i in range(min(n, 2000)))
               + "}\nfunc wire(box: Box) { box.register(A.self, tag0: 1) { A() } }\n"]
swift_dir = os.path.join(work, "swift")
for i in range(max(1, iterations // 10)):
    shutil.rmtree(swift_dir, ignore_errors=True)
    os.makedirs(os.path.join(swift_dir, "Sources", "App"))
    target = "".join(random.choice(["App", "x\n::error::t", "\u202e", "my-lib", "\"\"\"", "##[warning]y"]) for _ in range(random.randint(1, 2)))
    with open(os.path.join(swift_dir, "Package.swift"), "w") as file:
        file.write("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"\"\"\n" + target + "\n\"\"\"\", path: \"Sources/App\")])\n")
    name = random.choice(hostile_names)
    with open(os.path.join(swift_dir, "Sources", "App", "Wiring.swift"), "w") as file:
        file.write("import Swinject\nfunc assemble(c: Container) {\n    c.register(A.self, name: \"" + name + "\") { r in A(b: r.resolve(B.self, name: \"" + name + "\")!) }\n}\n")
    shape = random.choice(deep_shapes)(random.choice([50, 300, 3000, 20000]))
    with open(os.path.join(swift_dir, "Sources", "App", "Deep.swift"), "w") as file:
        file.write("import Swinject\n" + shape)
    if i % 5 == 0:
        with open(os.path.join(swift_dir, "Sources", "App", "Huge.swift"), "w") as file:
            file.write("// padding\n" * 500_000)
    for command in (["check", "."], ["import", ".", "-o", "-"], ["render", ".", "--dot", "-o", "-"], ["check", ".", "--format", "github"],
                    ["gen-swift", ".", "--target", "swinject", "-o", "-"], ["analyze", "."], ["why", "B", ".", "--name", name]):
        runs += 1
        status, printed = run_bounded(command, swift_dir)
        if command[0] == "gen-swift" and b"injected\")" in printed:
            status = "a name reached generated code unescaped"
        if status not in (0, 1, 2):
            failures += 1
            print(f"swift {' '.join(command)} ({shape[:40]!r}, name {name!r}): {status}")

# diff --base over crafted trees: `..` entries, links, absolute-looking names.
def git(arguments, cwd, data=None):
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, cwd=cwd, input=data,
                          capture_output=True, check=True).stdout.decode().strip()


repository = os.path.join(work, "crafted")
for i in range(max(1, iterations // 20)):
    shutil.rmtree(repository, ignore_errors=True)
    os.makedirs(os.path.join(repository, "sub"))
    victim_dir = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"digraph-fuzz-victim-{os.getpid()}-{i}")
    os.makedirs(victim_dir, exist_ok=True)
    victim = os.path.join(victim_dir, "victim.yaml")
    with open(victim, "w") as file:
        file.write("original\n")
    git(["init", "-q"], repository)
    shutil.copy(os.path.join(root, "fixtures/popcorn/manifest.yaml"), os.path.join(repository, "sub", "m.yaml"))
    git(["add", "."], repository)
    git(["commit", "-qm", "base"], repository)
    blob = git(["hash-object", "-w", "--stdin"], repository, b"forged\n")
    inner = git(["mktree"], repository, f"100644 blob {blob}\tvictim.yaml\n".encode())
    kind = random.choice(["dotdot", "link", "dot"])
    if kind == "link":
        link = git(["hash-object", "-w", "--stdin"], repository, victim.encode())
        up = git(["mktree"], repository, f"120000 blob {link}\tm2.yaml\n".encode())
        sub = git(["mktree"], repository, f"100644 blob {git(['rev-parse', 'HEAD:sub/m.yaml'], repository)}\tm.yaml\n040000 tree {up}\tlinks\n".encode())
    else:
        folder = git(["mktree"], repository, f"040000 tree {inner}\t{os.path.basename(victim_dir)}\n".encode())
        step = ".." if kind == "dotdot" else "."
        up = git(["mktree"], repository, f"040000 tree {folder}\t{step}\n".encode())
        up2 = git(["mktree"], repository, f"040000 tree {up}\t{step}\n".encode())
        sub = git(["mktree"], repository, f"100644 blob {git(['rev-parse', 'HEAD:sub/m.yaml'], repository)}\tm.yaml\n040000 tree {up2}\t{step}\n".encode())
    tree = git(["mktree"], repository, f"040000 tree {sub}\tsub\n".encode())
    commit = git(["commit-tree", tree, "-p", "HEAD", "-m", "crafted"], repository)
    runs += 1
    status, printed = run_bounded(["diff", "--base", commit, "."], os.path.join(repository, "sub"))
    if open(victim).read() != "original\n":
        status = f"crafted tree ({kind}) wrote outside the copy"
    shutil.rmtree(victim_dir, ignore_errors=True)
    if status not in (0, 1, 2):
        failures += 1
        print(f"diff --base over a crafted tree ({kind}): {status}")

# A revision whose manifests are larger than digraph reads: refused from `ls-tree -l`'s sizes, never
# read (reading them whole once took 4 GB for three 700 MB blobs); 1 GB of address space.
shutil.rmtree(repository, ignore_errors=True)
os.makedirs(repository)
git(["init", "-q"], repository)
with open(os.path.join(repository, "m.yaml"), "w") as file:
    file.write("version: 1\nregistrations:\n  - provides: A\n")
with open("/dev/zero", "rb") as zero:
    big = git(["hash-object", "-w", "--stdin"], repository, zero.read(270_000_000))
tree = git(["mktree"], repository, "".join(f"100644 blob {big}\t{name}\n" for name in ("a.yaml", "b.yaml", "m.yaml")).encode())
commit = git(["commit-tree", tree, "-m", "big"], repository)
runs += 1
status, printed = run_bounded(["diff", "--base", commit, "."], repository, address_space=1 << 30)
if status != 2 or b"larger than 256 MB" not in printed:
    failures += 1
    print(f"diff --base over 270 MB blobs: {status} {printed[:300]!r}")

# Swift read under little address space (300 MB): worker threads with 64 MB stacks, nested, that the
# system refused to start were once waited for, and `diff` hung.
os.makedirs(os.path.join(repository, "swift"))
with open(os.path.join(repository, "swift", "App.swift"), "w") as file:
    file.write("import Swinject\nfunc assemble(container: Container) { container.register(A.self) { _ in A() } }\n")
runs += 1
status, printed = run_bounded(["diff", "swift", "swift"], repository, timeout=30, address_space=300 << 20)
if status != 0:
    failures += 1
    print(f"diff on Swift under 300 MB of address space: {status} {printed[:300]!r}")

print(f"{runs - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
