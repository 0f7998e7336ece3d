"""How big the classroom site is and how long its page takes to show the first table.

Plain script: ``python benchmarks/bench_site.py [--site _site] [--runs 3]``.  Builds the site
(tools/build_site.py) unless ``--site`` names a built one, serves it with ``python -m http.server``
on 127.0.0.1 and opens it in headless Debian Chromium with every other address refused.  Prints:

* the site's size (bytes, files) and its biggest parts;
* seconds from opening classroom.html to the first table drawn, on a cold browser (a fresh
  context: empty cache and storage) and on a warm one (the same page reloaded), medians of
  ``--runs`` runs; baseline, measured in the same run: a bare Pyodide kernel's first output (the
  REPL printing one line, cold), with each ratio against it.

Wall-clock time: what a child waits for. The machines this runs on are shared, so compare ratios.
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
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def route(r: Any) -> None:
        if r.request.url.startswith(base):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return context


def time_table(page: Any, url: str | None) -> float:
    """Seconds from opening ``url`` (None: reload) to the first table drawn."""
    started = time.perf_counter()
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("[data-war-table] canvas", state="visible", timeout=TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('[data-role=counts]')?.innerText.trim().length > 0",
                           timeout=TIMEOUT_MS)
    return time.perf_counter() - started


def time_kernel(page: Any, base: str) -> float:
    """Seconds from opening the REPL to a bare kernel's first output."""
    query = urllib.parse.urlencode({"kernel": "python", "showBanner": "0", "code": "print('kernel ready')"})
    started = time.perf_counter()
    page.goto(f"{base}repl/index.html?{query}")
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output')]"
                           ".some((el) => el.innerText.includes('kernel ready'))", timeout=TIMEOUT_MS)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--runs", type=int, default=3)
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
        kernel, cold, warm = [], [], []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                for _ in range(args.runs):
                    context = offline_context(browser, base, refused)
                    kernel.append(time_kernel(context.new_page(), base))
                    context.close()
                    context = offline_context(browser, base, refused)
                    page = context.new_page()
                    cold.append(time_table(page, base + "classroom.html"))
                    warm.append(time_table(page, None))
                    context.close()
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    if refused:
        print(f"requests left the site (refused): {sorted(set(refused))}")
        return 1
    base_s = statistics.median(kernel)
    print(f"baseline, a bare kernel's first output (cold): median {base_s:.1f} s  {[round(x, 1) for x in kernel]}")
    for name, runs in (("first table, cold browser", cold), ("first table, warm browser", warm)):
        m = statistics.median(runs)
        print(f"{name}: median {m:.1f} s  ({m / base_s:.2f} x baseline)  {[round(x, 1) for x in runs]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
