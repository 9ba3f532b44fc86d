#!/usr/bin/env python3
"""Mutates the shipped manifests at random and runs every command on them: each run must end
with exit 0, 1 or 2 (never a crash or a hang). Usage: scripts/fuzz-cli.py [iterations] [seed]
Build first: swift build -c release --product digraph. Failing inputs are kept in /tmp/digraph-fuzz."""
import os
import random
import subprocess
import sys

iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 600
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.join(root, ".build/release/digraph")
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
print(f"{iterations * 3} runs, {failures} failures")
sys.exit(1 if failures else 0)
