#!/usr/bin/env python3
"""Mutates the shipped manifests at random and runs every command on them: each run must end
with exit 0, 1 or 2 (never a crash or a hang). Then the paths: hostile file names (newlines,
escape sequences, workflow commands, bidirectional marks, leading dashes) for inputs, and hostile
output targets (a FIFO, a symbolic link, a folder, a device, the input itself, a read-only file);
each run must end with 0, 1 or 2 in time, print no raw control character, and leave every target
that is not a regular file digraph wrote exactly as it was.
Usage: scripts/fuzz-cli.py [iterations] [seed]
Build first: swift build -c release --product digraph. Failing inputs are kept in /tmp/digraph-fuzz."""
import os
import random
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
    for command in (["check"], ["render", "--dot", "-o", "-"], ["gen-swift"]):
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
runs = iterations * 3

# Paths: hostile names for inputs, hostile targets for outputs.
name_parts = ["app", "\n::error file=x::forged\n", "\x1b[2J", "\x1b]8;;http://x\x07", "\u202e", "\u200d", "::stop-commands::t",
              " spaced ", "%0A", "-dash", "ü", "\r", "'\"$(x)`", "DI/../"]
paths_dir = os.path.join(work, "paths")
for i in range(max(1, iterations // 4)):
    shutil.rmtree(paths_dir, ignore_errors=True)
    os.makedirs(paths_dir)
    name = "".join(random.choice(name_parts) for _ in range(random.randint(1, 4))).replace("/", "_") + random.choice([".yaml", ".json", ".yml"])
    if name.startswith("-"):
        name = "x" + name
    manifest = os.path.join(paths_dir, name)
    with open(manifest, "wb") as file:
        file.write(open(os.path.join(root, "fixtures/popcorn/manifest.yaml"), "rb").read())
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
    for command in (["check", manifest], ["render", manifest, "--svg", "-o", target], ["gen-swift", manifest, "-o", target],
                    ["gen-swift", manifest, "-o", target, "--check"], ["import", paths_dir, "-o", target],
                    ["check", manifest, "--format", random.choice(["text", "github", "json", "sarif"])]):
        runs += 1
        try:
            result = subprocess.run([binary] + command, capture_output=True, timeout=20, cwd=paths_dir)
            status = result.returncode
            printed = result.stdout + result.stderr
            if b"\x1b" in printed or b"\xe2\x80\xae" in printed:
                status = "raw control character printed"
            elif any(line.startswith(b"::") and b"forged" in line for line in result.stdout.split(b"\n")):
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
print(f"{runs} runs, {failures} failures")
sys.exit(1 if failures else 0)
