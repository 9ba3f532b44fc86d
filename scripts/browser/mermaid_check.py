"""Renders every Mermaid diagram digraph emits with Mermaid itself, in headless Chromium.

Usage: mermaid_check.py DIGRAPH MERMAID_DIST

DIGRAPH is the built `digraph`; MERMAID_DIST a folder holding Mermaid's ES-module bundle (index.js
exporting `mermaid`, see scripts/browser-tests). For each diagram: Mermaid must parse and render it
(an error, or Mermaid's own error picture, fails), the SVG must hold as many nodes and edges as the
text declares, and every node's first label line must appear in the SVG text, decoded, which shows
that the escaping of `<`, `&`, `#` and non-ASCII keys reads back as the key. A diagram produced past
digraph's limits with --no-limit must fail in Mermaid: that the refusal protects from a real failure.
Prints one line per check and "N passed, M failed" last; exits 1 on any failure.
"""
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from browser import chromium, wait_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>mermaid check</title></head><body>
<script type="module">
import { mermaid } from "./mermaid/index.js";
mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });
let counter = 0;
window.renderDiagram = async (text) => {
  try {
    await mermaid.parse(text);
    const { svg } = await mermaid.render("diagram" + (counter++), text);
    const holder = document.createElement("div");
    holder.innerHTML = svg;
    document.body.append(holder);
    const result = {
      ok: !holder.querySelector(".error-icon, .error-text"),
      nodes: holder.querySelectorAll("g.node").length,
      edges: holder.querySelectorAll("g.edgePaths path, path.flowchart-link").length,
      text: holder.textContent,
    };
    holder.remove();
    return result;
  } catch (error) {
    return { ok: false, error: String((error && error.message) || error) };
  }
};
window.mermaidReady = true;
</script></body></html>
"""

NODE = re.compile(r'^\s*([A-Za-z]\w*)(\[\[|\[/|\[|\()"(.*?)"')
EDGE = re.compile(r'^\s*\w+ (-->|-\.->)')


def decoded(label):
    """Mermaid's entities (#quot; #lt; #35; #233;) back to text."""
    label = re.sub(r"#(\d+);", lambda m: chr(int(m.group(1))), label)
    for entity, char in (("quot", '"'), ("lt", "<"), ("gt", ">"), ("amp", "&")):
        label = label.replace(f"#{entity};", char)
    return label


def expectations(text):
    nodes = [decoded(m.group(3).split("<br/>")[0]) for m in map(NODE.match, text.splitlines()) if m]
    edges = sum(1 for line in text.splitlines() if EDGE.match(line))
    return nodes, edges


def digraph(binary, *arguments, allowed=(0,)):
    run = subprocess.run([binary, *arguments], cwd=ROOT, capture_output=True, text=True)
    if run.returncode not in allowed:
        raise SystemExit(f"digraph {' '.join(arguments)} exited {run.returncode}: {run.stderr}")
    return run.stdout


def diagrams(binary, scratch):
    """(name, Mermaid text, should render) for every kind of diagram digraph writes."""
    found = []

    def render(name, *arguments):
        found.append((name, digraph(binary, "render", *arguments, "--format", "mermaid", "-o", "-"), True))

    for fixture in ("fixtures/issue-tracker", "fixtures/popcorn", "fixtures/workout", "fixtures/mermaid/type-shapes.yaml"):
        render(fixture, fixture)
        render(fixture + " --collapse modules", fixture, "--collapse", "modules")
        render(fixture + " --no-clusters --rankdir LR", fixture, "--no-clusters", "--rankdir", "LR")
    render("issue-tracker --focus", "fixtures/issue-tracker", "--focus", "IssueReading & IssueWriting")
    for broken in sorted(os.listdir(os.path.join(ROOT, "fixtures/broken"))):
        if broken.endswith(".yaml") and broken != "schema.yaml":
            render("fixtures/broken/" + broken, "fixtures/broken/" + broken)
    markdown = digraph(binary, "diff", "fixtures/diff/base.yaml", "fixtures/diff/head.yaml", "--format", "markdown", allowed=(0, 1))
    for number, block in enumerate(re.findall(r"```mermaid\n(.*?)```", markdown, re.S)):
        found.append((f"diff markdown, diagram {number + 1}", block, True))

    # Past the limit: 600 registrations in a chain is 599 edges, more than Mermaid's 500.
    big = os.path.join(scratch, "chain.yaml")
    with open(big, "w") as out:
        out.write("version: 1\nregistrations:\n")
        for index in range(600):
            out.write(f"  - provides: S{index}\n")
            if index:
                out.write(f"    dependencies: {{ previous: S{index - 1} }}\n")
    refused = subprocess.run([binary, "render", big, "--format", "mermaid", "-o", "-"], capture_output=True, text=True)
    found.append(("refusal over 500 edges", None if refused.returncode == 2 and "more than Mermaid draws (500)" in refused.stderr else refused.stderr, None))
    found.append(("600-registration chain with --no-limit", digraph(binary, "render", big, "--format", "mermaid", "--no-limit", "-o", "-"), False))
    return found


def main():
    binary, dist = sys.argv[1], sys.argv[2]
    scratch = tempfile.mkdtemp(prefix="digraph-mermaid-")
    try:
        shutil.copytree(dist, os.path.join(scratch, "mermaid"))
        with open(os.path.join(scratch, "index.html"), "w") as page:
            page.write(PAGE)
        server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=scratch))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        passed = failed = 0
        with chromium() as driver:
            driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html")
            wait_for(driver, "return window.mermaidReady === true", "Mermaid to load")
            for name, text, should_render in diagrams(binary, scratch):
                problem = check(driver, text, should_render) if should_render is not None else text
                if problem:
                    failed += 1
                    print(f"FAIL {name}: {problem}")
                else:
                    passed += 1
                    print(f"ok   {name}")
        server.shutdown()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def check(driver, text, should_render):
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; window.renderDiagram(arguments[0]).then(done);", text)
    if not should_render:
        return None if not result["ok"] else "Mermaid rendered a diagram past its limits; digraph's limit is stricter than needed"
    if not result["ok"]:
        return "Mermaid failed: " + result.get("error", "it drew its error picture")
    nodes, edges = expectations(text)
    if result["nodes"] != len(nodes):
        return f"{result['nodes']} nodes drawn, {len(nodes)} declared"
    if result["edges"] != edges:
        return f"{result['edges']} edges drawn, {edges} declared"
    shown = html.unescape(result["text"])
    missing = [label for label in nodes if label not in shown]
    return f"labels not shown as written: {missing}" if missing else None


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


if __name__ == "__main__":
    main()
