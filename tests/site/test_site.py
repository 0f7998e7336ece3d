"""The classroom site: built from the repository, served as static files, played offline in Chromium."""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import subprocess
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from lite_page import ARTIFACTS, build_site, outputs, record_artifact, repl_url, wait_output

from war_widget.sim.simulation import NO_NUMPY

pytestmark = pytest.mark.browser

# The same source runs in CPython here and in Pyodide in the page: every preset, three game numbers
# each, played round by round to the end; one digest of the rounds (winner, counts, cards moved).
REPLAY = """
import hashlib, json
from war_widget import Game, Rules
digests = {}
for preset in Rules.presets():
    for seed in (1, 42, 2026):
        game = Game(preset, seed=seed)
        h = hashlib.sha256()
        while (record := game.play_round()) is not None:
            h.update(repr((record.number, record.winner, record.counts, [str(c) for c in record.cards_moved])).encode())
        outcome = game.play_to_end()
        h.update(repr((outcome.reason.value, outcome.winner, outcome.counts) if outcome else None).encode())
        digests[game.code] = h.hexdigest()[:16]
from war_widget.views.component import TableComponent
table = TableComponent(rules="kids", lang="ja", code="kids-7")
for _ in range(3):
    table.flip()
digests["kids-7 ja table"] = hashlib.sha256("\\n".join(table.narration_log).encode()).hexdigest()[:16]
print("WAR-DIGESTS " + json.dumps(digests, sort_keys=True))
"""


# A lesson's simulate() cell as the notebook has it (notebook 04: its helpers, then the table of
# game lengths), with fewer games; its printed table is sent back as one line.  In the browser
# simulate() plays with the engine (no numpy there) and says so once; here, the compiled simulator.
LESSON = build_site.ROOT / "notebooks" / "04_how_long_does_war_last.ipynb"
LESSON_GAMES = 30


def lesson_code() -> str:
    cells = {c.get("id"): "".join(c["source"]) for c in json.loads(LESSON.read_text())["cells"]
             if c["cell_type"] == "code"}
    table = cells["cell-03"]
    assert "GAMES = 2000\n" in table and "simulate(" in table, table
    table = table.replace("GAMES = 2000\n", f"GAMES = {LESSON_GAMES}\n")
    return ("import contextlib, io, json\n" + cells["cell-01"] + "\n_out = io.StringIO()\n"
            "with contextlib.redirect_stdout(_out):\n" + textwrap.indent(table, "    ") +
            "\nprint('LESSON-04 ' + json.dumps(_out.getvalue()))\n")


# The play lessons (WarWidget), as the site holds them in /drive: every code cell run in order in
# one namespace, the printed text of each kept; the cells nbval checks must print what the
# notebook holds (CPython's output, checked by nbval in CI).
WIDGET_LESSONS = ("01_play.ipynb", "01_play_ja.ipynb")
WIDGET_LESSONS_CODE = """
import contextlib, io, json
_printed = {}
for _name in NAMES:
    with open("/drive/" + _name, encoding="utf-8") as _file:
        _cells = [c for c in json.load(_file)["cells"] if c["cell_type"] == "code"]
    _ns = {}
    for _cell in _cells:
        _out = io.StringIO()
        with contextlib.redirect_stdout(_out):
            exec(compile("".join(_cell["source"]), _name + ":" + _cell["id"], "exec"), _ns)
        _printed[_name + ":" + _cell["id"]] = _out.getvalue()
print("LESSON-WIDGETS " + json.dumps(_printed))
""".replace("NAMES", repr(WIDGET_LESSONS))


def checked_outputs() -> dict[str, str]:
    """The stored output of every cell nbval checks in the widget lessons, sanitised as nbval does."""
    out = {}
    for name in WIDGET_LESSONS:
        for cell in json.loads((build_site.ROOT / "notebooks" / name).read_text())["cells"]:
            if cell["cell_type"] == "code" and "NBVAL_CHECK_OUTPUT" in "".join(cell["source"]):
                text = "".join("".join(o.get("text", "")) for o in cell["outputs"] if o["output_type"] == "stream")
                out[f"{name}:{cell['id']}"] = sanitised(text)
    return out


def sanitised(text: str) -> str:
    """notebooks/sanitize.cfg's replacements (what nbval ignores)."""
    import configparser
    import re

    config = configparser.ConfigParser()
    config.read(build_site.ROOT / "notebooks" / "sanitize.cfg")
    for section in config.sections():
        text = re.sub(config[section]["regex"], config[section]["replace"], text)
    return text


def run_here(code: str, marker: str) -> str:
    """Run ``code`` here (CPython) as the page does; the line it printed after ``marker``."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code, {})  # noqa: S102 - our own snippet, the very text the page runs
    return next(line for line in printed.getvalue().splitlines() if line.startswith(marker)).removeprefix(marker)


def replay_here() -> dict[str, str]:
    return dict(json.loads(run_here(REPLAY, "WAR-DIGESTS ")))


def test_the_site_holds_everything_it_loads(site_build: dict[str, Any]) -> None:
    """The Pyodide core, every wheel in the lock file (hash checked) and the widget front ends are inside."""
    site = Path(site_build["output"])
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    pyodide = site / "static" / "pyodide"
    for name in build_site.PYODIDE_FILES:
        assert (pyodide / name).stat().st_size > 0, name
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    assert {"war-widget", "anywidget", "ipywidgets", "plotly", "comm", "micropip"} <= set(lock)
    for name, entry in lock.items():
        wheel = pyodide / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(lock), (name, entry["depends"])
    pins = {p.name: p for p in build_site.read_pins(build_site.SITE / "wheels.txt")}
    for name, pin in pins.items():
        assert lock[name]["version"] == pin.version and lock[name]["sha256"] == pin.sha256, name
    extensions = {e["name"]: e for e in config["federated_extensions"]}
    assert {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager",
            "anywidget"} <= set(extensions)
    for name, ext in extensions.items():
        assert (site / "extensions" / name / ext["load"]).is_file(), name
    assert all("://" not in json.dumps(v) for k, v in kernel.items()), kernel
    listing = {c["name"]: c for c in json.loads((site / "api" / "contents" / "all.json").read_text())["content"]}
    lessons = {p.name for p in (build_site.ROOT / "notebooks").glob("*.ipynb")}
    assert lessons <= set(listing), lessons - set(listing)
    assert listing["teachers"]["type"] == "directory"
    teachers = json.loads((site / "api" / "contents" / "teachers" / "all.json").read_text())
    guides = {c["name"] for c in teachers["content"]}
    assert {"guide_play_en.html", "guide_play_ja.html"} <= guides, guides


def test_the_classroom_pages_hand_out_every_game(site_build: dict[str, Any]) -> None:
    """Each classroom page at the site's root is the table its code makes (site/bridge), in its
    language, loading only what the table needs from the site itself; that code makes that game's
    table here too; games.html lists every page."""
    import html
    import re

    site = Path(site_build["output"])
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    kinds = {}
    for page in build_site.CLASSROOM_PAGES:
        text = (site / page.file).read_text(encoding="utf-8")
        assert f'<html lang="{page.lang}">' in text, page.file
        config = json.loads(html.unescape(re.search(r'<script type="application/json" id="war-config">(.*?)</script>',
                                                    text, re.S)[1]))
        assert config["code"] == page.code
        # the page's Python: the package and traitlets, the very wheels of the lock file (no anywidget,
        # ipywidgets, IPython or plotly package)
        assert config["wheels"] == [f"static/pyodide/{lock[n]['file_name']}" for n in ("war-widget", "traitlets")]
        scripts = re.findall(r'<script[^>]*src="([^"]+)"', text)
        assert scripts == ["bridge/bridge.js"], scripts
        for url in [*config["wheels"], config["model"], config["table"], config["plotly"], *scripts,
                    f"{config['pyodide']}pyodide.mjs", *re.findall(r'href="([^"]+)"', text)]:
            assert "://" not in url and (site / url).is_file(), url
        namespace: dict[str, Any] = {}
        *setup, last = page.code.splitlines()
        exec("\n".join(setup), namespace)  # noqa: S102 - the page's own code, as the page runs it
        table = eval(last, namespace)  # noqa: S307
        kinds[page.file] = (type(table).__name__, table.lang)
    assert kinds == {"classroom.html": ("WarWidget", "en"), "classroom_ja.html": ("WarWidget", "ja"),
                     "classroom_kids.html": ("WarWidget", "ja"), "steal.html": ("StealWarWidget", "en"),
                     "casino.html": ("CasinoWarWidget", "en")}
    # the page runs the component's own table.js and table.css, as the package ships them
    for name in ("table.js", "table.css"):
        assert (site / "bridge" / name).read_bytes() == (build_site.COMPONENT / name).read_bytes(), name
    games = (site / build_site.GAMES_PAGE).read_text(encoding="utf-8")
    assert re.findall(r'<a href="([^"]+)"', games) == [p.file for p in build_site.CLASSROOM_PAGES] + ["lab/index.html"]
    assert (site / "lab" / "index.html").is_file()


def test_the_engine_replays_the_same_games_in_the_browser(offline: Any, site_server: str) -> None:
    """Pyodide boots from the site alone, imports war_widget and plays every preset as CPython does,
    and the Japanese table's narration (kids rules) is CPython's too; then a lesson's simulate()
    cell prints CPython's numbers, saying once that the engine plays there; then the play lessons
    (WarWidget), read from the site's /drive, print what they print in CPython."""
    state = offline()
    page = state.new_page()
    started = time.perf_counter()
    lesson = lesson_code()
    page.goto(repl_url(site_server, REPLAY + "\n" + lesson + "\n" + WIDGET_LESSONS_CODE))
    text = wait_output(page, "WAR-DIGESTS ")
    seconds = time.perf_counter() - started
    record_artifact("site", {"engine_page_seconds_to_output": round(seconds, 1)})
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "engine_repl.png"))
    line = next(li for li in text.strip().splitlines() if li.startswith("WAR-DIGESTS "))
    in_browser = json.loads(line.removeprefix("WAR-DIGESTS "))
    assert len(in_browser) == 3 * len(build_site_presets()) + 1  # and the Japanese table
    assert in_browser == replay_here()

    started = time.perf_counter()
    text = wait_output(page, "LESSON-04 ")
    record_artifact("site", {"lesson_simulate_seconds": round(time.perf_counter() - started, 1)})
    line = next(li for li in text.strip().splitlines() if li.startswith("LESSON-04 "))
    table = json.loads(line.removeprefix("LESSON-04 "))
    assert table == json.loads(run_here(lesson, "LESSON-04 ")), table
    assert f"{LESSON_GAMES} games per preset" in table and len(table.splitlines()) == 7, table
    said = [t for t in outputs(page) if NO_NUMPY in t]
    assert len(said) == 1 and said[0].count(NO_NUMPY) == 1, outputs(page)

    # the play lessons (WarWidget, English and Japanese) print in the browser what they print in CPython
    text = wait_output(page, "LESSON-WIDGETS ")
    line = next(li for li in text.strip().splitlines() if li.startswith("LESSON-WIDGETS "))
    printed = {k: sanitised(v) for k, v in json.loads(line.removeprefix("LESSON-WIDGETS ")).items()}
    expected = checked_outputs()
    assert len(expected) >= 12 and all(expected.values()), expected
    assert {k: printed.get(k) for k in expected} == expected
    assert set(printed) == {k for k in printed if k.split(":")[0] in WIDGET_LESSONS} and len(printed) == 19


def build_site_presets() -> list[str]:
    from war_widget import Rules

    return Rules.presets()


def test_the_classroom_extension_is_lint_clean() -> None:
    """The hand-written prebuilt extension of the classroom REPL and the classroom page's own
    modules (site/bridge) pass the repository's ESLint."""
    eslint = build_site.ROOT / "node_modules" / ".bin" / "eslint"
    if not eslint.exists():
        pytest.fail("eslint is not installed: run `npm ci` in the repository (the README's test command does)")
    done = subprocess.run([str(eslint), "--max-warnings", "0", "site/classroom-extension", "site/bridge"],
                          cwd=build_site.ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
