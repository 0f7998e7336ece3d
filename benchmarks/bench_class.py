"""A whole class at once (issue 31): 30 children joined and playing the teacher's dealt game.

Plain command: ``python benchmarks/bench_class.py [--children 30] [--browsers 5] [--seconds 45]``.
It starts the class the README's way (``python -m war_widget.classmode serve``, free ports, a
class store in a temporary folder, every Jupyter/XDG folder there too), deals a number lesson
through the teacher's board page, then lets ``--children`` children join and play at once:
``--browsers`` of them in real headless Chromium pages (Playwright, /usr/bin/chromium), the
others driven by a script through the server's own protocol (``class_client.Page``: the page over
HTTP, the kernel's websocket, the Jupyter messages the browser sends: the seat picker's choose,
Flip and the answers on the table; the comm updates that come back).  Each child taps about
every ``--pace`` seconds (seeded jitter) and answers each question after a think time.

It prints:

* memory: each child's kernel (RSS and USS, median and max) and the whole server (both Voila
  servers and every kernel);
* tap to cards (ms, median and p95): the script's child, Flip sent -> the comm update with the
  flip's beat received; the Chromium child, click -> the first animation frame (cards moving) and
  -> the flip's picture complete (``data-shown``);
* answer to board (ms, median and p95): an answer sent -> the board's page (polled once a second
  by its own protocol, as board.js does) shows that seat's count of answers including it;
* nothing lost: every seat's answers in the store equal what its driver answered (count and
  symbols, in order) and its play row stands at the round and counts its table last showed;
* the faults, each yes/no: a tablet whose Wi-Fi drops and comes back (the same kernel, the
  socket reconnected) goes on with its game; a tablet that slept and reloads (a new kernel, its
  saved seat) rejoins its seat at the round it left; two tablets on one seat get the choice and
  the first is told; the server restarting (Ctrl-C, the same command again) keeps every result
  and a child rejoins; the board's port does not answer on the children's address;
* the load average (1 min) at the start, during the play and at the end: the machine is shared.

Wall-clock figures of a 2-core machine shared with other work; the goals (issue 31): p95 tap to
cards <= 300 ms, the board within 2 s, nothing lost.  Not a test: run by hand (about 3-5 min).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_client import Page, ProtocolError  # noqa: E402

from war_widget.classmode.serve import lan_address  # noqa: E402
from war_widget.classmode.store import ClassStore  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
SYMBOLS = (">", "=", "<")
THINK = (0.6, 1.6)          # s a child thinks before answering
ANIMATION = 0.45            # s after a beat arrives until the script's child writes `shown` back (the browser's flight)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pct(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) of xs, nearest rank."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))] if s else float("nan")


def ms(xs: list[float]) -> str:
    if not xs:
        return "none measured"
    return f"median {statistics.median(xs) * 1000:.0f} ms, p95 {pct(xs, 0.95) * 1000:.0f} ms (n={len(xs)})"


def load() -> float:
    return os.getloadavg()[0]


@dataclass
class Child:
    """What one child's driver did and saw."""

    seat: int
    browser: bool = False
    join: float = 0.0                               # s: page opened -> the dealt game's table shown
    taps: list[float] = field(default_factory=list)         # s: Flip -> the flip's beat (script) / picture (browser)
    moving: list[float] = field(default_factory=list)       # s: click -> first animation frame (browser)
    answers: list[str] = field(default_factory=list)        # the symbols answered, in order
    answered_at: list[float] = field(default_factory=list)  # perf_counter of each answer
    round: int = 0
    counts: tuple[int, ...] = ()
    saved: dict[str, Any] | None = None             # what the tablet's localStorage keeps
    page: Any = None
    table: str | None = None
    picker: str | None = None
    errors: list[str] = field(default_factory=list)


# --- the server ------------------------------------------------------------------------------------
class Class:
    """``python -m war_widget.classmode serve`` on free ports over a temporary store."""

    def __init__(self, tmp: Path, seats: int) -> None:
        self.tmp, self.seats = tmp, seats
        self.store_path = tmp / "class.sqlite3"
        self.port, self.board_port = free_port(), free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.board = f"http://127.0.0.1:{self.board_port}/"
        self.env = dict(os.environ)
        folders = {"JUPYTER_CONFIG_DIR": "jc", "JUPYTER_DATA_DIR": "jd", "JUPYTER_RUNTIME_DIR": "jr",
                   "IPYTHONDIR": "ip", "XDG_DATA_HOME": "xd", "XDG_CONFIG_HOME": "xc", "XDG_CACHE_HOME": "xk"}
        for key, sub in folders.items():
            (tmp / sub).mkdir(exist_ok=True)
            self.env[key] = str(tmp / sub)
        self.env["PYTHONPATH"] = str(ROOT) + os.pathsep + self.env.get("PYTHONPATH", "")
        self.env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tmp / "serve.log"

    def start(self) -> float:
        t0 = time.perf_counter()
        out = open(self.log, "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "war_widget.classmode", "serve", "--store", str(self.store_path), "--seats",
             str(self.seats), "--port", str(self.port), "--board-port", str(self.board_port), "--lang", "en"],
            cwd=self.tmp, env=self.env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True)
        for port in (self.port, self.board_port):
            deadline = time.monotonic() + 180
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the serve command exited ({self.process.returncode}); see {self.log}")
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"nothing answered on port {port} in 180 s; see {self.log}") from None
                    time.sleep(0.25)
        return time.perf_counter() - t0

    def stop(self) -> None:
        """Ctrl-C, as the teacher stops it (the command stops both Voila servers)."""
        p = self.process
        if p is None or p.poll() is not None:
            return
        p.send_signal(signal.SIGINT)
        try:
            p.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=10)

    def memory(self) -> dict[str, Any]:
        """RSS/USS (MB) of the seat server's kernels, and of the whole process tree."""
        assert self.process is not None
        top = psutil.Process(self.process.pid)
        seat_kernels: list[tuple[float, float]] = []
        total = top.memory_info().rss
        for p in top.children(recursive=True):
            try:
                total += p.memory_info().rss
                cmd = " ".join(p.cmdline())
                if "ipykernel" in cmd and any(f"--port={self.port}" in " ".join(a.cmdline()) for a in p.parents()):
                    full = p.memory_full_info()
                    seat_kernels.append((full.rss / 2**20, full.uss / 2**20))
            except psutil.Error:
                continue
        return {"kernels": seat_kernels, "total": total / 2**20}


# --- the teacher's board, through its own page --------------------------------------------------
class Board:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.model = page.find("view")
        if self.model is None:
            raise ProtocolError("the board's page has no board")
        self.asked: dict[int, tuple[int, float]] = {}       # seat -> (answers shown, when first shown)
        self.seen: dict[tuple[int, int], float] = {}         # (seat, n-th answer) -> when the board showed it
        page.listeners.append(self._changed)
        self._take(page.models[self.model]["state"].get("view", {}))

    def _changed(self, model: str, state: dict[str, Any]) -> None:
        if model == self.model and "view" in state:
            self._take(state["view"])

    def _take(self, view: dict[str, Any]) -> None:
        now = time.perf_counter()
        for s in view.get("seats", []):
            n = int(s.get("asked") or 0)
            for k in range(1, n + 1):
                self.seen.setdefault((s["seat"], k), now)

    async def poll(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self.page.custom(self.model, {"do": "poll"})     # board.js: once a second
            try:
                await asyncio.wait_for(stop.wait(), 1.0)
            except TimeoutError:
                pass

    async def deal(self) -> dict[str, Any]:
        await self.page.custom(self.model, {"do": "deal", "preset": "number_lesson", "guess": "number", "code": ""})
        _, deal = await self.page.wait(lambda: self.page.models[self.model]["state"]["view"].get("deal"), 60)
        return dict(deal)


# --- a child through the protocol ---------------------------------------------------------------
def last_id(page: Page, table: str) -> int:
    beats = page.models[table]["state"].get("beats") or []
    return max((b["id"] for b in beats), default=0)


def newest(page: Page, table: str) -> dict[str, Any]:
    return page.models[table]["state"]["beats"][-1]


async def sit(child: Child, base: str, client: httpx.AsyncClient, saved: dict[str, Any] | None = None,
              seats: list[int] | None = None, timeout: float = 120) -> Page:
    """Open the page; rejoin with ``saved`` or tap ``seats``; wait for the dealt game's table."""
    t0 = time.perf_counter()
    page = await Page.open(base, client)
    picker = page.find("state")
    if picker is None:
        raise ProtocolError("the page has no seat picker")
    child.page, child.picker = page, picker
    await page.custom(picker, {"do": "hello", "saved": saved})
    if seats is not None:
        await page.custom(picker, {"do": "choose", "seats": seats})
    await wait_table(child, timeout)
    child.join = time.perf_counter() - t0

    def remembered() -> list[Any]:
        return [c[2] for c in page.customs if isinstance(c[2], dict) and c[2].get("do") == "remember"]

    if seats is not None:          # the kernel sends "remember" after the table: wait for it
        await page.wait(remembered, timeout)
    if remembered():
        child.saved = {k: remembered()[-1][k] for k in ("class_id", "seats", "secret")}
    return page


async def wait_table(child: Child, timeout: float = 90) -> None:
    page = child.page

    def ready() -> str | None:
        st = page.models.get(child.picker, {}).get("state", {}).get("state", {})
        t = page.find("beats")
        return t if st.get("phase") == "joined" and t and page.models[t]["state"].get("beats") else None

    _, child.table = await page.wait(ready, timeout)


def phase(child: Child) -> str:
    return str(child.page.models[child.picker]["state"]["state"].get("phase"))


async def seat_poll(child: Child, stop: asyncio.Event) -> None:
    """seat.js: "poll" once a second."""
    while not stop.is_set():
        try:
            if not child.page.closed:
                await child.page.custom(child.picker, {"do": "poll"})
        except Exception:       # a socket closing under a fault: the next poll goes on
            pass
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except TimeoutError:
            pass


async def tap(child: Child, do: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """Send one action; (seconds until the comm update with its first new beat, that beat)."""
    page, table = child.page, child.table
    assert table is not None
    before = last_id(page, table)
    t0 = time.perf_counter()
    await page.custom(table, do)
    t1, _ = await page.wait(lambda: last_id(page, table) > before, 30)
    beats = page.models[table]["state"]["beats"]
    first = next(b for b in beats if b["id"] > before)
    return t1 - t0, first


async def shown(child: Child) -> None:
    """The browser writes back the beat on screen once its flight is over."""
    await asyncio.sleep(ANIMATION)
    b = newest(child.page, child.table)
    child.round, child.counts = int(b["round"]), tuple(b["counts"])
    await child.page.set(child.table, {"shown": b["id"]})


async def play_script(child: Child, until: float, pace: float, rng: random.Random) -> None:
    while time.perf_counter() < until:
        await asyncio.sleep(pace * rng.uniform(0.6, 1.4))
        b = newest(child.page, child.table)
        if b["view"].get("over"):
            return
        if b["view"].get("asking"):
            await answer_script(child, rng)
            continue
        dt, _ = await tap(child, {"do": "flip"})
        child.taps.append(dt)
        await shown(child)
        if newest(child.page, child.table)["view"].get("asking"):
            await answer_script(child, rng)


async def answer_script(child: Child, rng: random.Random) -> None:
    await asyncio.sleep(rng.uniform(*THINK))
    sym = rng.choice(SYMBOLS)
    t0 = time.perf_counter()
    await tap(child, {"do": "answer", "symbol": sym})
    child.answers.append(sym)
    child.answered_at.append(t0)
    await shown(child)


# --- a child in Chromium ----------------------------------------------------------------------------
CLICK_AND_TIME = """async (sel) => {
  const root = document.querySelector('[data-war-table]');
  const before = root.dataset.shown;
  const t0 = performance.now();
  let moving = null;
  const done = new Promise((resolve) => {
    const check = () => {
      if (moving === null && root.dataset.idle === '') moving = performance.now() - t0;
      if (root.dataset.shown !== before) { obs.disconnect(); resolve(performance.now() - t0); }
    };
    const obs = new MutationObserver(check);
    obs.observe(root, { attributes: true });
  });
  document.querySelector(sel).click();
  const picture = await Promise.race([done, new Promise((r) => setTimeout(() => r(-1), 30000))]);
  return [moving === null ? picture : moving, picture];
}"""


async def open_browser_child(child: Child, browser: Any, base: str) -> None:
    t0 = time.perf_counter()
    context = await browser.new_context(viewport={"width": 1024, "height": 768})   # a tablet
    page = await context.new_page()
    page.set_default_timeout(120_000)
    page.on("pageerror", lambda exc: child.errors.append(f"page error: {exc}"))
    child.page = page
    await page.goto(base, wait_until="domcontentloaded")
    await page.click(f'button.ww-seat-n[data-seat="{child.seat}"]')
    await page.wait_for_selector("[data-war-table][data-shown]", timeout=120_000)
    await page.wait_for_function("document.querySelector('[data-war-table]').dataset.idle === '1'")
    child.join = time.perf_counter() - t0


async def browser_state(page: Any) -> dict[str, Any]:
    return dict(await page.evaluate("""() => { const r = document.querySelector('[data-war-table]');
      return { asking: r.classList.contains('wt-asking'), over: r.dataset.over === '1', idle: r.dataset.idle === '1',
               round: Number(r.dataset.round), counts: r.dataset.counts, shown: r.dataset.shown }; }"""))


async def settle(page: Any) -> dict[str, Any]:
    await page.wait_for_function("document.querySelector('[data-war-table]').dataset.idle === '1'", timeout=60_000)
    return await browser_state(page)


async def play_browser(child: Child, until: float, pace: float, rng: random.Random) -> None:
    page = child.page
    while time.perf_counter() < until:
        await asyncio.sleep(pace * rng.uniform(0.6, 1.4))
        st = await settle(page)
        if st["over"]:
            break
        if not st["asking"]:
            moving, picture = await page.evaluate(CLICK_AND_TIME, 'button[data-action="flip"]')
            if picture < 0:
                child.errors.append(f"a Flip showed nothing within 30 s (before it: {st})")
                await page.screenshot(path=str(Path(tempfile.gettempdir()) / f"bench_class-seat{child.seat}.png"))
                continue
            child.moving.append(moving / 1000)
            child.taps.append(picture / 1000)
            st = await settle(page)
        if st["asking"]:
            await asyncio.sleep(rng.uniform(*THINK))
            sym = rng.choice(SYMBOLS)
            child.answered_at.append(time.perf_counter())
            await page.click(f'button[data-action="answer{sym}"]')
            child.answers.append(sym)
            await page.wait_for_function("!document.querySelector('[data-war-table]').classList.contains('wt-asking')")
    st = await settle(page)
    child.round, child.counts = st["round"], tuple(int(x) for x in st["counts"].split(","))


# --- the run ----------------------------------------------------------------------------------------
async def run(args: argparse.Namespace) -> int:
    from playwright.async_api import async_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bench_class-"))
    spare = 4                                    # seats for the faults
    cls = Class(tmp, seats=args.children + spare)
    loads = [("start", load())]
    print(f"bench_class: {args.children} children ({args.browsers} in Chromium), {args.seconds:.0f} s of play; "
          f"load average {loads[0][1]:.2f} on {os.cpu_count()} cores")
    started = cls.start()
    print(f"  the serve command answered on both ports in {started:.1f} s")
    children = [Child(seat=n, browser=n > args.children - args.browsers) for n in range(1, args.children + 1)]
    stop = asyncio.Event()
    faults: dict[str, bool | str] = {}
    pw = browser = None
    tasks: list[asyncio.Task[Any]] = []
    try:
        async with httpx.AsyncClient(timeout=300) as client:
            board = Board(await Page.open(cls.board, client))
            deal = await board.deal()
            print(f"  the board dealt {deal['code']} (number lesson, 'Which is bigger?')")
            tasks.append(asyncio.create_task(board.poll(stop)))

            # the baseline, in the same run: the first child alone in the class, 10 taps
            alone = children[0]
            await sit(alone, cls.base, client, seats=[alone.seat])
            tasks.append(asyncio.create_task(seat_poll(alone, stop)))
            await play_script(alone, time.perf_counter() + 10 * args.pace, args.pace, random.Random(0))
            baseline = list(alone.taps)
            alone.taps.clear()
            print(f"  baseline, one child alone: tap to cards {ms(baseline)} (load average {load():.2f})")

            # everyone else joins at once (a few pages open at a time, as a class's tablets come in)
            gate = asyncio.Semaphore(args.opening)
            t_join = time.perf_counter()
            pw = await async_playwright().start()
            if args.browsers:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)

            async def join(c: Child) -> None:
                async with gate:
                    if c.browser:
                        await open_browser_child(c, browser, cls.base)
                    else:
                        await sit(c, cls.base, client, seats=[c.seat])
                        tasks.append(asyncio.create_task(seat_poll(c, stop)))

            await asyncio.gather(*(join(c) for c in children[1:]))
            joins = [c.join for c in children]
            print(f"  all {len(children)} joined in {time.perf_counter() - t_join:.1f} s; one child's page to its "
                  f"table: median {statistics.median(joins):.1f} s, max {max(joins):.1f} s "
                  f"(load average {load():.2f})")
            loads.append(("joined", load()))

            # play
            until = time.perf_counter() + args.seconds
            mem_at = asyncio.get_running_loop().time() + args.seconds / 2
            players = [asyncio.create_task((play_browser if c.browser else play_script)(
                c, until, args.pace, random.Random(c.seat))) for c in children]
            await asyncio.sleep(max(0.0, mem_at - asyncio.get_running_loop().time()))
            mem = cls.memory()
            loads.append(("playing", load()))
            results = await asyncio.gather(*players, return_exceptions=True)
            for c, r in zip(children, results, strict=True):
                if isinstance(r, BaseException):
                    c.errors.append(f"{type(r).__name__}: {r}")
            await asyncio.sleep(3.0)           # the board's next polls

            # the figures
            kernels = mem["kernels"]
            rss, uss = [k[0] for k in kernels], [k[1] for k in kernels]
            print(f"\nMemory (mid-play, {len(kernels)} children's kernels): per child RSS median "
                  f"{statistics.median(rss):.0f} MB "
                  f"(max {max(rss):.0f}), USS median {statistics.median(uss):.0f} MB; the whole server "
                  f"(both Voila servers, the board's and every child's kernel): {mem['total']:.0f} MB RSS"
                  if kernels else "\nMemory: no kernel found")
            script = [t for c in children if not c.browser for t in c.taps]
            chrome = [t for c in children if c.browser for t in c.taps]
            moving = [t for c in children if c.browser for t in c.moving]
            ratio = statistics.median(script) / statistics.median(baseline) if script and baseline else float("nan")
            print(f"Tap to cards, script children (Flip sent -> the flip's beat received): {ms(script)}; "
                  f"median {ratio:.1f}x the child alone")
            print(f"Tap to cards, Chromium children (click -> first frame of the cards moving): {ms(moving)}")
            print(f"Tap to cards, Chromium children (click -> the flip's picture complete): {ms(chrome)}")
            board_lag = []
            missing_board = 0
            for c in children:
                for k, t0 in enumerate(c.answered_at, start=1):
                    seen = board.seen.get((c.seat, k))
                    if seen is None:
                        missing_board += 1
                    else:
                        board_lag.append(seen - t0)
            print(f"Answer to the board (answer sent -> the board's page counts it; the board polls once a second): "
                  f"{ms(board_lag)}; not on the board: {missing_board}")

            # nothing lost
            store = ClassStore(cls.store_path)
            plays = {p.seat: p for p in store.plays(deal["id"])}
            answers: dict[int, list[str]] = {}
            for a in store.answers(deal["id"]):
                answers.setdefault(a.seat, []).append(a.symbol)
            lost: list[str] = []
            problems: list[str] = []
            for c in children:
                if answers.get(c.seat, []) != c.answers:
                    kept = len(answers.get(c.seat, []))
                    lost.append(f"seat {c.seat}: answered {len(c.answers)}, the store has {kept}")
                p = plays.get(c.seat)
                if p is None or p.round != c.round or tuple(p.counts) != c.counts:
                    lost.append(f"seat {c.seat}: table at round {c.round} {c.counts}, the store "
                                f"{None if p is None else (p.round, p.counts)}")
                problems += [f"seat {c.seat}: {e}" for e in c.errors]
            n_taps = sum(len(c.taps) for c in children)
            n_answers = sum(len(c.answers) for c in children)
            print(f"Nothing lost: {'yes' if not lost else 'NO'} ({n_taps} flips and {n_answers} answers by "
                  f"{len(children)} children; the store holds {sum(len(v) for v in answers.values())} answers "
                  f"and {len(plays)} play rows)")
            for line in lost[:10]:
                print("   ", line)
            if problems:
                print(f"Problems the drivers met ({len(problems)}):")
                for line in problems[:10]:
                    print("   ", line)
            store.close()
            loads.append(("played", load()))

            # the faults
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            stop.clear()
            tasks.clear()
            scripted = [c for c in children if not c.browser]
            faults.update(await run_faults(cls, client, scripted, args.children + 1))
    finally:
        stop.set()
        for t in tasks:
            t.cancel()
        if browser is not None:
            await browser.close()
        if pw is not None:
            await pw.stop()
        cls.stop()
    print("Faults:")
    for name, ok in faults.items():
        print(f"  {name}: {'yes' if ok is True else ok if isinstance(ok, str) else 'NO'}")
    print("Load average (1 min): " + ", ".join(f"{k} {v:.2f}" for k, v in loads + [("end", load())]))
    print(f"(the store and the server's log: {tmp})")
    return 0


async def run_faults(cls: Class, client: httpx.AsyncClient, scripted: list[Child], spare: int) -> dict[str, bool | str]:
    out: dict[str, bool | str] = {}
    a, b, d, e = scripted[0], scripted[1], scripted[2], scripted[3]
    rng = random.Random(99)

    async def go_on(c: Child) -> bool:
        """One more Flip (or answer) plays forward from where the child was."""
        nb = newest(c.page, c.table)
        if nb["view"].get("over"):
            return True
        before = int(nb["round"])
        if nb["view"].get("asking"):
            await answer_script(c, rng)
        else:
            await tap(c, {"do": "flip"})
            await shown(c)
            if newest(c.page, c.table)["view"].get("asking"):
                await answer_script(c, rng)
        return c.round >= before

    # the Wi-Fi drops for 3 s and comes back: the same kernel, a new socket
    try:
        at = (a.round, a.counts)
        await a.page.drop()
        await asyncio.sleep(3.0)
        await a.page.connect()
        a.table = a.page.find("beats")
        again = newest(a.page, a.table)
        out["Wi-Fi drops and comes back: the same game at the same round"] = (
            (int(again["round"]), tuple(again["counts"])) == at and phase(a) == "joined" and await go_on(a))
    except (ProtocolError, OSError, httpx.HTTPError) as exc:
        out["Wi-Fi drops and comes back: the same game at the same round"] = f"NO ({exc})"

    # the tablet sleeps, the page reloads: a new kernel, the saved seat
    try:
        at = (b.round, b.counts)
        await b.page.drop()
        old = b.page
        await sit(b, cls.base, client, saved=b.saved)
        again = newest(b.page, b.table)
        out["a reload (a new kernel) rejoins its seat at the round it left"] = (
            (int(again["round"]), tuple(again["counts"])) == at and await go_on(b))
        await old.close()
    except (ProtocolError, OSError, httpx.HTTPError) as exc:
        out["a reload (a new kernel) rejoins its seat at the round it left"] = f"NO ({exc})"

    # two tablets tap the same seat
    try:
        other = Child(seat=d.seat)
        page = await Page.open(cls.base, client)
        other.page, other.picker = page, page.find("state")
        await page.custom(other.picker, {"do": "hello", "saved": None})
        await page.custom(other.picker, {"do": "choose", "seats": [d.seat]})
        _, st = await page.wait(lambda: phase(other) == "in_use" and page.models[other.picker]["state"]["state"], 30)
        asked = st.get("in_use") == d.seat
        await page.custom(other.picker, {"do": "take_over"})
        await wait_table(other)
        await d.page.custom(d.picker, {"do": "poll"})
        _, _ = await d.page.wait(lambda: phase(d) == "taken", 30)
        out["two tablets on one seat: the second is asked, takes it over, the first is told"] = asked
        await page.close()
    except (ProtocolError, OSError, httpx.HTTPError) as exc:
        out["two tablets on one seat: the second is asked, takes it over, the first is told"] = f"NO ({exc})"

    # the board is this computer's only
    lan = lan_address()
    if lan.startswith("127."):
        out["the board's port closed on the children's address"] = "not measured (no network address)"
    else:
        try:
            socket.create_connection((lan, cls.board_port), timeout=2).close()
            out["the board's port closed on the children's address"] = False
        except OSError:
            out["the board's port closed on the children's address"] = True

    # the server restarts: Ctrl-C, the same command
    try:
        store = ClassStore(cls.store_path)
        before = ([(p.seat, p.deal, p.round, p.counts, p.asked, p.right, p.game) for p in store.plays()],
                  [(x.seat, x.deal, x.question, x.symbol, x.right) for x in store.answers()])
        store.close()
        at = (e.round, e.counts)
        for c in scripted:
            if not c.page.closed:
                await c.page.drop()
        t0 = time.perf_counter()
        cls.stop()
        cls.start()
        store = ClassStore(cls.store_path)
        after = ([(p.seat, p.deal, p.round, p.counts, p.asked, p.right, p.game) for p in store.plays()],
                 [(x.seat, x.deal, x.question, x.symbol, x.right) for x in store.answers()])
        store.close()
        async with httpx.AsyncClient(timeout=300) as fresh:   # the old server's kept-alive connections are gone
            await sit(e, cls.base, fresh, saved=e.saved, timeout=240)
        again = newest(e.page, e.table)
        back = time.perf_counter() - t0
        out[f"a server restart keeps every result ({len(before[0])} plays, {len(before[1])} answers) "
            f"and a child rejoins ({back:.0f} s)"] = (
            before == after and (int(again["round"]), tuple(again["counts"])) == at and await go_on(e))
        await e.page.close()
    except (ProtocolError, OSError, RuntimeError, httpx.HTTPError) as exc:
        out["a server restart keeps every result"] = f"NO ({exc})"
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--children", type=int, default=30, help="children joined and playing (default 30)")
    p.add_argument("--browsers", type=int, default=5, help="of them in headless Chromium (default 5)")
    p.add_argument("--seconds", type=float, default=45.0, help="seconds of play (default 45)")
    p.add_argument("--pace", type=float, default=2.0, help="seconds between a child's taps, on average (default 2)")
    p.add_argument("--opening", type=int, default=6, help="pages opening at the same moment (default 6)")
    args = p.parse_args()
    if not 4 <= args.children <= 60 or not 0 <= args.browsers <= args.children - 4:
        p.error("--children must be from 4 to 60, --browsers from 0 to children - 4 (4 script children do the faults)")
    if args.browsers and not os.path.exists(CHROMIUM):
        p.error(f"{CHROMIUM} not found (or run with --browsers 0)")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
