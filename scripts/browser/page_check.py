"""Drives `digraph render --format html` pages in headless Chromium, as a person would.

Usage: page_check.py DIGRAPH DIGRAPH_SYNTH [SCREENSHOT.png]

On the issue-tracker fixture: the page loads from file:// without a request or a console error;
typing in the search box marks the matching nodes; Enter selects the first; a real click on a node
lights what it depends on and what depends on it and dims the rest; a click on the background
clears; the wheel zooms and a drag pans; nodes carry their tooltips. On the cycle fixture: the
findings list holds the finding and clicking it selects a node on the cycle. On 2,000 synthetic
registrations: the page is ready, and a click is answered (painted), in under 2 s each. On the
shop app read from Swift: the Launch button lights the launch set and the longest chain.
Prints one line per check and "N passed, M failed" last; exits 1 on any failure.
"""
import os
import subprocess
import sys
import tempfile
import shutil
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import chromium, wait_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
results = []


def check(name, condition, detail=""):
    results.append(bool(condition))
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"))


def page(binary, scratch, name, *arguments):
    target = os.path.join(scratch, name + ".html")
    run = subprocess.run([binary, "render", *arguments, "--format", "html", "-o", target], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"digraph render {' '.join(arguments)} --format html exited {run.returncode}: {run.stderr}")
    return "file://" + target


def classes(driver, node_id):
    return set((driver.find_element(By.ID, node_id).get_attribute("class") or "").split())


def lit(driver, kind):
    return set(driver.execute_script(f"return [...document.querySelectorAll('g.node.{kind}')].map(n => n.id)"))


def opacity(driver, node_id):
    return float(driver.execute_script("return getComputedStyle(document.getElementById(arguments[0])).opacity", node_id))


def open_page(driver, url):
    driver.get(url)
    wait_for(driver, "return !!(window.digraphPage && window.digraphPage.ready)", "the page's script")


def issue_tracker(driver, url, screenshot):
    open_page(driver, url)
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check("loads without console errors", not errors, errors)
    requests = driver.execute_script("return performance.getEntriesByType('resource').map(r => r.name)")
    check("loads nothing from anywhere (no network, no CDN)", requests == [], requests)
    check("findings list says there are none", driver.find_element(By.CSS_SELECTOR, "#findings h2").text == "Findings (0)")

    search = driver.find_element(By.ID, "search")
    search.send_keys("createissue")
    matches = lit(driver, "match")
    check("search marks the matching nodes", matches == {"r6", "r8"}, matches)
    check("search says how many", driver.find_element(By.ID, "status").text == "2 matches")
    check("search dims the other nodes", opacity(driver, "r5") < 0.5 and opacity(driver, "r6") == 1.0)
    search.send_keys(Keys.ENTER)
    selected = driver.execute_script("return document.body.dataset.selected")
    check("Enter selects the first match", selected == "r6", selected)
    check("selection lights what CreateIssueUseCase depends on", lit(driver, "dependency") == {"i3_0", "r3", "r0", "r2", "r1", "r4"}, lit(driver, "dependency"))
    check("selection lights what depends on it", lit(driver, "dependent") == {"r8", "r7", "r9"}, lit(driver, "dependent"))
    check("selection dims the rest", opacity(driver, "r5") < 0.2 and opacity(driver, "i3_1") < 0.2 and opacity(driver, "r3") == 1.0)

    ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, "#r5 text")).click().perform()
    check("a click on ListIssuesUseCase selects it", "selected" in classes(driver, "r5"), classes(driver, "r5"))
    check("… and lights its dependencies", lit(driver, "dependency") == {"i3_1", "r3", "r0", "r2", "r1"}, lit(driver, "dependency"))
    check("… and its dependents", lit(driver, "dependent") == {"r7", "r9"}, lit(driver, "dependent"))
    check("… and the edges walked, not the others", "lit" in classes(driver, "e5_0") and "lit" not in classes(driver, "e6_1"))
    check("the status line names it", driver.find_element(By.ID, "status").text == "ListIssuesUseCase: depends on 5, used by 2",
          driver.find_element(By.ID, "status").text)
    if screenshot:
        driver.save_screenshot(screenshot)
    canvas = driver.find_element(By.ID, "canvas")
    ActionChains(driver).move_to_element_with_offset(canvas, -canvas.size["width"] // 2 + 5, canvas.size["height"] // 2 - 5).click().perform()
    check("a click on the background clears the selection", driver.execute_script("return document.body.dataset.selected") is None and not lit(driver, "lit"))

    before = driver.execute_script("return Object.assign({}, window.digraphPage.view)")
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(canvas), 0, -300).perform()
    after = driver.execute_script("return Object.assign({}, window.digraphPage.view)")
    check("the wheel zooms in", after["k"] > before["k"], (before, after))
    ActionChains(driver).move_to_element(canvas).click_and_hold().move_by_offset(80, 40).release().perform()
    moved = driver.execute_script("return Object.assign({}, window.digraphPage.view)")
    check("a drag pans", round(moved["x"] - after["x"]) == 80 and round(moved["y"] - after["y"]) == 40, (after, moved))
    check("a drag is not a click (nothing selected)", driver.execute_script("return document.body.dataset.selected") is None)

    tooltip = driver.execute_script("return document.querySelector('#r6 a').getAttribute('xlink:title')")
    check("a node's tooltip gives key, lifetime, module and file:line",
          tooltip.startswith("CreateIssueUseCase\n") and "lifetime: transient" in tooltip and "module: Domain" in tooltip
          and "fixtures/issue-tracker/manifest.yaml:" in tooltip, tooltip)


def cycle(driver, url):
    open_page(driver, url)
    items = driver.find_elements(By.CSS_SELECTOR, "#finding-list li")
    check("the findings list holds the cycle", len(items) == 1 and "error [cycle]" in items[0].text, [i.text for i in items])
    items[0].click()
    selected = driver.execute_script("return document.body.dataset.selected")
    check("clicking the finding selects a node on the cycle", selected in {"r0", "r1", "r2"}, selected)
    edge_tooltip = driver.execute_script("return document.querySelector('#e0_0 a').getAttribute('xlink:title')")
    check("an edge with a finding carries its full message", "error [cycle]: dependency cycle:" in edge_tooltip, edge_tooltip)


def big(driver, binary, synth, scratch):
    manifest = os.path.join(scratch, "synthetic-2000.yaml")
    with open(manifest, "w") as out:
        subprocess.run([synth, "2000"], stdout=out, check=True)
    started = time.monotonic()
    url = page(binary, scratch, "synthetic-2000", manifest)
    print(f"     (render --format html of 2,000 registrations: {time.monotonic() - started:.1f} s, "
          f"{os.path.getsize(url[7:]) / 1e6:.1f} MB)")
    open_page(driver, url)
    ready = driver.execute_script("return window.digraphPage.readyAt")
    check(f"2,000 registrations: the page is ready in under 2 s ({ready / 1000:.2f} s)", ready < 2000)
    node = driver.execute_script("return [...document.querySelectorAll('g.node')].find(n => n.id.startsWith('r')).id")
    answered = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const start = performance.now();
        document.getElementById(arguments[0]).querySelector('text').dispatchEvent(new MouseEvent('click', { bubbles: true }));
        requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));
    """, node)
    check(f"2,000 registrations: a click is answered and painted in under 2 s ({answered / 1000:.2f} s)",
          answered < 2000 and driver.execute_script("return document.body.dataset.selected") == node)
    search = driver.find_element(By.ID, "search")
    started = time.monotonic()
    search.send_keys("Service1")
    typed = time.monotonic() - started
    check(f"2,000 registrations: search answers while typing ({typed:.2f} s for 8 keys)", typed < 2 and len(lit(driver, "match")) > 0)


    # Choosing a search result brings it into view at a readable size.
    search.clear()
    search.send_keys("Service1")
    found = lit(driver, "match")
    search.send_keys(Keys.ENTER)
    shown = driver.execute_script("""
        const id = document.body.dataset.selected, node = document.getElementById(id).getBoundingClientRect(), frame = document.getElementById('canvas').getBoundingClientRect();
        return { dx: node.left + node.width / 2 - (frame.left + frame.width / 2), dy: node.top + node.height / 2 - (frame.top + frame.height / 2),
                 k: window.digraphPage.view.k, selected: id };
    """)
    check("Enter on a search result centres it and zooms to life size",
          shown["selected"] in found and abs(shown["dx"]) < 2 and abs(shown["dy"]) < 2 and shown["k"] >= 1, shown)


def launch(driver, url, screenshot):
    """The shop app read from Swift: the Launch button lights what launch builds (the coordinator and
    the catalog down to the logger, not checkout or settings) and draws the longest chain in red."""
    open_page(driver, url)
    ids = driver.execute_script("return Object.fromEntries(JSON.parse(document.getElementById('digraph-data').textContent).nodes.map(n => [n.title, n.id]))")
    button = driver.find_element(By.ID, "launch")
    button.click()
    launched = {title for title, node in ids.items() if "launched" in classes(driver, node)}
    check("Launch lights the six keys built at launch", launched == {"AppCoordinator", "CatalogViewModel", "CatalogRepository", "Store", "APIClient", "Logger"}, launched)
    chain = [title for title, node in ids.items() if "on-chain" in classes(driver, node)]
    check("… draws the longest chain's nodes in red", sorted(chain) == sorted(["AppCoordinator", "CatalogViewModel", "CatalogRepository", "Store", "APIClient", "Logger"]), chain)
    chained_edges = driver.execute_script("return document.querySelectorAll('g.edge.on-chain').length")
    check("… and its five edges", chained_edges == 5, chained_edges)
    check("… dims what launch does not build", opacity(driver, ids["SettingsViewModel"]) < 0.2 and opacity(driver, ids["Store"]) == 1.0)
    status = driver.find_element(By.ID, "status").text
    check("… and sums it up in the status line",
          status == "Built at launch: 6 of 9; longest chain (6): AppCoordinator → CatalogViewModel → CatalogRepository → Store → APIClient → Logger", status)
    check("the button shows it is on", button.get_attribute("aria-pressed") == "true")
    if screenshot:
        driver.save_screenshot(screenshot)
    button.click()
    check("a second press leaves the launch view", button.get_attribute("aria-pressed") == "false" and not lit(driver, "launched")
          and opacity(driver, ids["SettingsViewModel"]) == 1.0)


def tall(driver, url):
    """A shaped picture taller than the view: Fit gives it the view's width, from the top, instead of
    shrinking it to fit the height (a narrow column nobody can read)."""
    open_page(driver, url)
    driver.find_element(By.ID, "fit").click()
    fitted = driver.execute_script("""
        const svg = document.querySelector('#canvas svg').getBoundingClientRect(), frame = document.getElementById('canvas').getBoundingClientRect();
        return { svgWidth: svg.width, svgHeight: svg.height, frameWidth: frame.width, frameHeight: frame.height, top: svg.top - frame.top };
    """)
    check("Fit makes a tall picture as wide as the view, from the top",
          abs(fitted["svgWidth"] - fitted["frameWidth"]) < 2 and abs(fitted["top"]) < 1 and fitted["svgHeight"] > fitted["frameHeight"], fitted)


def main():
    binary, synth = sys.argv[1], sys.argv[2]
    screenshot = sys.argv[3] if len(sys.argv) > 3 else None
    scratch = tempfile.mkdtemp(prefix="digraph-page-")
    try:
        with chromium() as driver:
            issue_tracker(driver, page(binary, scratch, "issue-tracker", "fixtures/issue-tracker"), screenshot)
            cycle(driver, page(binary, scratch, "cycle", "fixtures/broken/cycle.yaml"))
            tall(driver, page(binary, scratch, "deep", "fixtures/shapes/deep.yaml"))
            launch(driver, page(binary, scratch, "shop", "fixtures/import/shop"), screenshot and screenshot.replace(".png", "-launch.png"))
            big(driver, binary, synth, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    sys.exit(0 if passed == len(results) else 1)


if __name__ == "__main__":
    main()
