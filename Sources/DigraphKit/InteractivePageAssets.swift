/// The style and script of `InteractivePage`, inline in every page (no network, no CDN).
enum InteractivePageAssets {
    static let style = #"""
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; font: 13px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1a1a1a; }
        body { display: flex; flex-direction: column; }
        header { display: flex; gap: 12px; align-items: center; padding: 8px 12px; border-bottom: 1px solid #d0d4da; background: #f6f7f9; }
        #search { width: 340px; padding: 5px 8px; font: inherit; border: 1px solid #b8bec6; border-radius: 4px; }
        #status { color: #555; flex: 1; }
        .tools button { font: inherit; min-width: 32px; margin-left: 4px; padding: 3px 8px; border: 1px solid #b8bec6; border-radius: 4px; background: #fff; cursor: pointer; }
        main { flex: 1; display: flex; min-height: 0; }
        #canvas { flex: 1; overflow: hidden; position: relative; cursor: grab; background: #fff; }
        #canvas.panning { cursor: grabbing; }
        #canvas > svg { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
        #findings { width: 340px; overflow: auto; border-left: 1px solid #d0d4da; padding: 0 12px; background: #fbfbfc; }
        #findings h2 { font-size: 14px; margin: 12px 0 8px; }
        #finding-list { list-style: none; margin: 0; padding: 0; }
        #finding-list li { padding: 6px 8px; margin-bottom: 6px; border-left: 4px solid #8c8c8c; background: #fff; cursor: pointer; word-break: break-word; }
        #finding-list li.error { border-color: #d62728; }
        #finding-list li.warning { border-color: #e8820c; }
        #finding-list li.chosen { background: #eef4ff; }
        #finding-list .where { color: #666; font-size: 12px; }
        #finding-list .code { font-weight: 600; }
        g.node { cursor: pointer; }
        svg.searching g.node:not(.match):not(#legend), svg.searching g.edge { opacity: 0.25; }
        svg.searching g.node.match polygon, svg.searching g.node.match path { stroke: #0b63ce; stroke-width: 3px; }
        svg.selecting g.node:not(.lit):not(#legend), svg.selecting g.edge:not(.lit) { opacity: 0.12; }
        g.node.selected polygon, g.node.selected path { stroke: #0b63ce; stroke-width: 4px; }
        g.node.dependency polygon, g.node.dependency path { stroke: #1a7f37; stroke-width: 3px; }
        g.node.dependent polygon, g.node.dependent path { stroke: #9a6700; stroke-width: 3px; }
        .tools button[aria-pressed="true"] { background: #8250df; border-color: #8250df; color: #fff; }
        svg.launching g.node:not(.launched):not(#legend), svg.launching g.edge:not(.on-chain) { opacity: 0.15; }
        g.node.launched polygon, g.node.launched path { stroke: #8250df; stroke-width: 3px; }
        g.node.on-chain polygon, g.node.on-chain path, g.edge.on-chain path { stroke: #cf222e; stroke-width: 4px; }
        """#

    static let script = #"""
        (function () {
          "use strict";
          const data = JSON.parse(document.getElementById("digraph-data").textContent);
          const canvas = document.getElementById("canvas");
          const svg = canvas.querySelector("svg");
          const search = document.getElementById("search");
          const status = document.getElementById("status");
          const list = document.getElementById("finding-list");
          const element = (id) => document.getElementById(id);

          // Graphviz sizes the SVG in points; the page sizes it by its viewBox and transforms it.
          const box = svg.viewBox.baseVal;
          svg.setAttribute("width", box.width);
          svg.setAttribute("height", box.height);

          const forward = new Map(), backward = new Map();
          for (const edge of data.edges) {
            if (!forward.has(edge.from)) forward.set(edge.from, []);
            if (!backward.has(edge.to)) backward.set(edge.to, []);
            forward.get(edge.from).push(edge);
            backward.get(edge.to).push(edge);
          }

          // Everything reachable from `start` along `links`, and the edges walked.
          function reach(start, links, towards) {
            const nodes = new Set(), edges = new Set(), queue = [start];
            for (let head = 0; head < queue.length; head++) {
              for (const edge of links.get(queue[head]) || []) {
                edges.add(edge.id);
                const next = edge[towards];
                if (next !== start && !nodes.has(next)) { nodes.add(next); queue.push(next); }
              }
            }
            return { nodes, edges };
          }

          let lit = [];
          const launchButton = element("launch");
          function clearSelection() {
            for (const item of lit) item.classList.remove("lit", "selected", "dependency", "dependent", "launched", "on-chain");
            lit = [];
            svg.classList.remove("selecting", "launching");
            launchButton.setAttribute("aria-pressed", "false");
            document.body.removeAttribute("data-selected");
            for (const item of list.querySelectorAll(".chosen")) item.classList.remove("chosen");
          }

          function light(id, ...classes) {
            const item = element(id);
            if (!item) return;
            item.classList.add("lit", ...classes);
            lit.push(item);
          }

          function select(id) {
            clearSelection();
            if (!element(id)) return;
            const down = reach(id, forward, "to"), up = reach(id, backward, "from");
            light(id, "selected");
            for (const node of down.nodes) light(node, "dependency");
            for (const node of up.nodes) if (!down.nodes.has(node)) light(node, "dependent");
            for (const edge of down.edges) light(edge);
            for (const edge of up.edges) if (!down.edges.has(edge)) light(edge);
            svg.classList.add("selecting");
            document.body.setAttribute("data-selected", id);
            const title = (data.nodes.find((node) => node.id === id) || {}).title || id;
            status.textContent = `${title}: depends on ${down.nodes.size}, used by ${up.nodes.size}`;
          }

          // The launch view: what the app builds at launch, the longest chain in red.
          function showLaunch() {
            clearSelection();
            for (const id of data.launch.nodes) light(id, "launched");
            for (const id of data.launch.chain) light(id, "on-chain");
            for (const id of data.launch.chainEdges) light(id, "on-chain");
            svg.classList.add("launching");
            launchButton.setAttribute("aria-pressed", "true");
            status.textContent = data.launch.summary;
          }
          launchButton.addEventListener("click", () => {
            if (launchButton.getAttribute("aria-pressed") === "true") { clearSelection(); status.textContent = ""; } else showLaunch();
          });

          let matches = [];
          function runSearch() {
            for (const item of matches) item.classList.remove("match");
            matches = [];
            const query = search.value.trim().toLowerCase();
            if (!query) { svg.classList.remove("searching"); status.textContent = ""; return; }
            for (const node of data.nodes) {
              if (node.search.toLowerCase().includes(query)) {
                const item = element(node.id);
                if (item) { item.classList.add("match"); matches.push(item); }
              }
            }
            svg.classList.add("searching");
            status.textContent = `${matches.length} match${matches.length === 1 ? "" : "es"}`;
          }
          search.addEventListener("input", runSearch);
          search.addEventListener("keydown", (event) => {
            if (event.key === "Enter" && matches.length) {
              const id = matches[0].id;
              search.value = "";
              runSearch();
              select(id);
              show(id);
            } else if (event.key === "Escape") {
              search.value = "";
              runSearch();
              clearSelection();
            }
          });

          // Pan and zoom: a translation and a scale applied to the SVG.
          const view = { x: 0, y: 0, k: 1 };
          function apply() { svg.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.k})`; }
          function zoomAt(factor, cx, cy) {
            const k = Math.min(8, Math.max(0.02, view.k * factor));
            view.x = cx - (cx - view.x) * (k / view.k);
            view.y = cy - (cy - view.y) * (k / view.k);
            view.k = k;
            apply();
          }
          // The picture's width fits the view: a wide app becomes a column to pan down, never a strip
          // too small to read. Shorter than the view, it is centred; taller, it starts at the top.
          function fit() {
            const k = Math.min(canvas.clientWidth / box.width, 1);
            view.k = k;
            view.x = (canvas.clientWidth - box.width * k) / 2;
            view.y = Math.max(0, (canvas.clientHeight - box.height * k) / 2);
            apply();
          }
          function centre(id) {
            const item = element(id);
            if (!item) return;
            const target = item.getBoundingClientRect(), frame = canvas.getBoundingClientRect();
            view.x += frame.left + frame.width / 2 - (target.left + target.width / 2);
            view.y += frame.top + frame.height / 2 - (target.top + target.height / 2);
            apply();
          }
          // A node chosen from the search or the findings: at least life size, in the middle.
          function show(id) {
            if (view.k < 1) zoomAt(1 / view.k, canvas.clientWidth / 2, canvas.clientHeight / 2);
            centre(id);
          }
          canvas.addEventListener("wheel", (event) => {
            event.preventDefault();
            const frame = canvas.getBoundingClientRect();
            zoomAt(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - frame.left, event.clientY - frame.top);
          }, { passive: false });
          let drag = null;
          canvas.addEventListener("mousedown", (event) => { drag = { x: event.clientX, y: event.clientY, moved: false }; });
          window.addEventListener("mousemove", (event) => {
            if (!drag) return;
            const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
            if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
            drag.moved = true;
            canvas.classList.add("panning");
            view.x += dx; view.y += dy;
            drag.x = event.clientX; drag.y = event.clientY;
            apply();
          });
          window.addEventListener("mouseup", () => { canvas.classList.remove("panning"); setTimeout(() => { drag = null; }, 0); });
          canvas.addEventListener("click", (event) => {
            if (drag && drag.moved) return;
            const node = event.target.closest("g.node");
            if (node && node.id !== "legend" && data.nodes.some((entry) => entry.id === node.id)) select(node.id); else clearSelection();
          });
          element("zoom-in").addEventListener("click", () => zoomAt(1.25, canvas.clientWidth / 2, canvas.clientHeight / 2));
          element("zoom-out").addEventListener("click", () => zoomAt(0.8, canvas.clientWidth / 2, canvas.clientHeight / 2));
          element("fit").addEventListener("click", fit);

          // Findings: one entry each; clicking selects the node it is about.
          if (!data.findings.length) list.insertAdjacentHTML("beforeend", "<li class=\"none\">No findings.</li>");
          data.findings.forEach((finding, number) => {
            const item = document.createElement("li");
            item.className = finding.severity;
            item.dataset.finding = String(number);
            const code = document.createElement("div");
            code.className = "code";
            code.textContent = `${finding.severity} [${finding.code}]`;
            const message = document.createElement("div");
            message.textContent = finding.message;
            const where = document.createElement("div");
            where.className = "where";
            where.textContent = finding.location;
            item.append(code, message, where);
            item.addEventListener("click", () => {
              const node = finding.elements.find((id) => data.nodes.some((entry) => entry.id === id));
              if (node) { select(node); show(node); }
              item.classList.add("chosen");
            });
            list.append(item);
          });
          document.getElementById("findings").querySelector("h2").textContent = `Findings (${data.findings.length})`;

          fit();
          window.digraphPage = { select, clearSelection, showLaunch, view, ready: true, readyAt: performance.now() };
        })();
        """#
}
