"""How big the classroom site is and how long its page takes to show the first table and answer Flip.

Plain script: ``python benchmarks/bench_site.py [--site _site] [--runs 3] [--before]``.  Builds
the site (tools/build_site.py) unless ``--site`` names a built one, serves it with ``python -m
http.server`` on 127.0.0.1 and opens it in headless Debian Chromium, where no host but 127.0.0.1
resolves (any other request is recorded and fails the run).  Prints, from one run:

* the site's size (bytes, files) and its biggest parts;
* the baseline: seconds from opening the minimal engine page (engine.html: the same Pyodide core
  and war_widget's wheel, one engine game played to its end, no table) to its answer;
* seconds from opening classroom.html to the first table drawn, and its ratio to the baseline
  (the goal: at most 2x);
* the first Flip's wait: a click on Flip once the table is at rest, to the table's answer (its
  first frame of round 1; the goal: at most 0.2 s), and to round 1's line (after the beats'
  animation), and the longest main-thread task in the 10 s after the table appeared;
* the bytes each page fetched over the network and loaded, and the page's phases (its own
  ``performance.mark``s: Pyodide started, wheels unpacked, the widget made, the table drawn);
* with ``--before``: the classroom page as it was (JupyterLite's REPL app running the same line).

each on a cold browser (a fresh context: empty cache and storage) and a warm one (the same page
reloaded), medians of ``--runs`` runs.  Wall-clock time: what a child waits for.  The machines
this runs on are shared, so compare the ratios.
"""
from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
TIMEOUT_MS = 300_000


def serve(site: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "index.html", timeout=2).close()
            return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the static server did not start")


def offline_context(browser: Any, base: str, refused: list[str]) -> Any:
    """A fresh context (empty cache and storage) that records every request not to the site.

    The browser resolves no host but 127.0.0.1 (ARGS), so such a request cannot leave; it is not
    stopped with Playwright's ``route``, which turns the HTTP cache off (a reload would fetch
    everything again and "warm" would measure a cold page)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", lambda r: None if r.url.startswith((base, "data:", "blob:")) else refused.append(r.url))
    return context


class Opened:
    """One opening of a page: seconds to its first answer, bytes fetched, the first Flip's wait."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.bytes = 0          # fetched over the network
        self.size = 0           # every file the page loaded (from the network or the cache)
        self.flip = 0.0         # a click on Flip to the table's answer
        self.flip_shown = 0.0   # ... to round 1's line
        self.longest = 0.0      # the longest main-thread task in the 10 s after the table appeared
        self.phases: dict[str, float] = {}   # the page's own marks (site/bridge): seconds from its start


#: click Flip on the table at rest: seconds to the table's answer (its first frame of round 1: the
#: table is no longer idle) and to round 1's line (after the cards' flight, BEAT_MS in table.js)
FIRST_FLIP = """async () => {
  const root = document.querySelector('[data-war-table]');
  const round = () => document.querySelector('[data-role=round]')?.innerText.trim() || '';
  const before = round();
  const started = performance.now();
  let answered = null;
  document.querySelector('[data-action=flip]').click();
  while (round() === before) {
    if (answered === null && root.dataset.idle === '') answered = performance.now() - started;
    await new Promise((r) => requestAnimationFrame(r));
    if (performance.now() - started > 30000) throw new Error('Flip did not answer in 30 s');
  }
  const shown = performance.now() - started;
  return [(answered ?? shown) / 1000, shown / 1000];
}"""

#: the main thread's long tasks (start, duration in ms), kept from the page's first moment
LONG_TASKS = ("window.__warLongTasks = []; new PerformanceObserver((list) => {"
              " for (const e of list.getEntries()) window.__warLongTasks.push([e.startTime, e.duration]); })"
              ".observe({ type: 'longtask', buffered: true });")
#: what the page fetched (bytes over the network; a cached file counts 0) and its size (every file it loaded)
PAGE_BYTES = ("() => { const all = [...performance.getEntriesByType('navigation'),"
              " ...performance.getEntriesByType('resource')];"
              " const sum = (key) => all.reduce((n, e) => n + (e[key] || 0), 0);"
              " return [sum('transferSize'), sum('decodedBodySize')]; }")


def open_table(page: Any, url: str | None) -> Opened:
    """Open ``url`` (None: reload) until the first table is drawn, then click Flip once it is at rest."""
    opened = Opened()
    started = time.perf_counter()
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("[data-war-table] canvas", state="visible", timeout=TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('[data-role=counts]')?.innerText.trim().length > 0",
                           timeout=TIMEOUT_MS)
    opened.seconds = time.perf_counter() - started
    opened.bytes, opened.size = page.evaluate(PAGE_BYTES)
    opened.phases = page.evaluate(MARKS)
    appeared = float(page.evaluate("performance.now()"))
    page.wait_for_function("() => document.querySelector('[data-war-table]').dataset.idle === '1'", timeout=TIMEOUT_MS)
    opened.flip, opened.flip_shown = page.evaluate(FIRST_FLIP)
    page.wait_for_timeout(max(0, 10_000 - (float(page.evaluate("performance.now()")) - appeared)))
    tasks = page.evaluate("window.__warLongTasks")
    opened.longest = max([d for s, d in tasks if s + d >= appeared and s <= appeared + 10_000], default=0) / 1000
    return opened


def open_engine(page: Any, url: str | None) -> Opened:
    """Open the minimal engine page (None: reload) until it shows its game's end."""
    opened = Opened()
    started = time.perf_counter()
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("#war-page[data-done]", state="attached", timeout=TIMEOUT_MS)
    opened.seconds = time.perf_counter() - started
    opened.bytes, opened.size = page.evaluate(PAGE_BYTES)
    opened.phases = page.evaluate(MARKS)
    return opened


#: the phases a page of site/bridge marks (performance.mark), in order
PHASES = {"war:pyodide": "Pyodide started", "war:wheels": "wheels unpacked, record read",
          "war:widget": "Python imports and the widget made", "war:table": "table.js drew the table"}
MARKS = "() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime / 1000]))"


def median(values: list[float]) -> float:
    return statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", action="store_true",
                        help="also the classroom page as it was (JupyterLite's REPL app), for a before/after")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site.resolve() if args.site else Path(tmp) / "_site"
        if not args.site:
            print(f"building the site: {build_site.build(site)['seconds']} s")
        files = [p for p in site.rglob("*") if p.is_file()]
        total = sum(p.stat().st_size for p in files)
        print(f"site: {total / 1e6:.1f} MB in {len(files)} files")
        parts: dict[str, int] = {}
        for p in files:
            top = p.relative_to(site).parts
            key = "/".join(top[:2]) if len(top) > 2 else top[0]
            parts[key] = parts.get(key, 0) + p.stat().st_size
        for key, size in sorted(parts.items(), key=lambda kv: -kv[1])[:6]:
            print(f"  {key:40s} {size / 1e6:6.1f} MB")
        from playwright.sync_api import sync_playwright

        process, base = serve(site)
        refused: list[str] = []
        errors: list[str] = []
        runs: dict[str, list[Opened]] = {f"{k} {w}": [] for k in ("engine", "table", "before")
                                         for w in ("cold", "warm")}
        # before: the classroom page as it was, JupyterLite's REPL app running the same line (the site
        # still has it: the lessons' app); measured with --before
        pages = [("engine", build_site.ENGINE_PAGE, open_engine), ("table", "classroom.html", open_table)]
        if args.before:
            pages.append(("before", build_site.classroom_url(build_site.CLASSROOM_CODE), open_table))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                for _ in range(args.runs):
                    for kind, url, opener in pages:
                        context = offline_context(browser, base, refused)
                        page = context.new_page()
                        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                        page.on("pageerror", lambda e: errors.append(str(e)))
                        page.add_init_script(LONG_TASKS)
                        runs[f"{kind} cold"].append(opener(page, base + url))
                        runs[f"{kind} warm"].append(opener(page, None))
                        context.close()
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    if refused:
        print(f"requests left the site (refused): {sorted(set(refused))}")
        return 1
    if errors:
        print("the pages logged errors:\n" + "\n".join(errors))
        return 1
    for warmth in ("cold", "warm"):
        engine, table = runs[f"engine {warmth}"], runs[f"table {warmth}"]
        base_s, table_s = median([o.seconds for o in engine]), median([o.seconds for o in table])
        print(f"{warmth} browser (medians of {args.runs}, each run's in brackets):")
        print(f"  minimal engine page, a game played:  {base_s:5.1f} s  {[round(o.seconds, 1) for o in engine]}")
        print(f"  classroom page, first table:         {table_s:5.1f} s  {[round(o.seconds, 1) for o in table]}")
        print(f"  ratio, first table / engine page:    {table_s / base_s:5.2f} x  (goal <= 2 x)")
        print(f"  first Flip, click to the answer:     {median([o.flip for o in table]) * 1000:5.0f} ms "
              f"{[round(o.flip * 1000) for o in table]}  (goal <= 200 ms)")
        print(f"  first Flip, click to round 1's line: {median([o.flip_shown for o in table]) * 1000:5.0f} ms "
              f"{[round(o.flip_shown * 1000) for o in table]}  (after the cards' flight)")
        print(f"  longest main-thread task, 10 s after the table: {median([o.longest for o in table]) * 1000:5.0f} ms "
              f"{[round(o.longest * 1000) for o in table]}")
        for name, opened in (("engine page", engine), ("classroom page", table)):
            print(f"  {name}: fetched {median([o.bytes for o in opened]) / 1e6:.2f} MB over the network, "
                  f"loaded {median([o.size for o in opened]) / 1e6:.2f} MB")
            print(f"  {name}'s phases (s from its start): " + ", ".join(
                f"{label} {median([o.phases[mark] for o in opened]):.1f}" for mark, label in PHASES.items()
                if all(mark in o.phases for o in opened)))
        before = runs[f"before {warmth}"]
        if before:
            b_s = median([o.seconds for o in before])
            print(f"  before, JupyterLite's REPL classroom page: {b_s:5.1f} s {[round(o.seconds, 1) for o in before]}"
                  f"  ({b_s / base_s:.2f} x the engine page; the new page is {b_s / table_s:.2f} x faster), "
                  f"first Flip answered in {median([o.flip for o in before]) * 1000:.0f} ms, longest task "
                  f"{median([o.longest for o in before]) * 1000:.0f} ms, fetched "
                  f"{median([o.bytes for o in before]) / 1e6:.2f} MB, "
                  f"loaded {median([o.size for o in before]) / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
