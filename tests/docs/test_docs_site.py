"""The documentation site builds from the repository alone, offline, with warnings as errors, by
exactly the command the README gives, and holds what it promises: the README's material, the rules
reference, every notebook rendered with its stored outputs, the API from the docstrings, and the
teacher guides' section.  (In the whole suite the build reuses nbval's executions; run alone,
``pytest tests/docs``, it executes every notebook itself, as the README's command does for a user.)"""
from __future__ import annotations

import html
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from executed_notebooks import executed_copies

ROOT = Path(__file__).resolve().parents[2]


def readme_docs_command() -> list[str]:
    """The command of the README's "Documentation" section, split as a shell splits it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Documentation\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, re.S)
    assert len(blocks) == 1 and len(blocks[0].strip().splitlines()) == 1, blocks
    return shlex.split(blocks[0].strip())


def test_the_readmes_docs_command_is_a_strict_html_build_of_docs() -> None:
    """What the fixture below runs is the README's command, and it builds what the README says it
    builds: HTML, warnings as errors, from docs/ into docs/_build/html."""
    command = readme_docs_command()
    assert command[:3] == ["python", "-m", "sphinx"] and "-W" in command, command
    assert command[-2:] == ["docs", "docs/_build/html"] and command[command.index("-b") + 1] == "html", command


@pytest.fixture(scope="module")
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, list[str]]:
    """The site, built by the README's command in the checkout; sphinx's output; and the notebooks
    nbval executed in this run (handed to the build, which executes the others itself)."""
    command = readme_docs_command()
    out = ROOT / command[-1]
    if out.exists():            # a fresh build: sphinx would otherwise skip (and not warn on) unchanged pages
        shutil.rmtree(out)
    executed = tmp_path_factory.mktemp("executed")
    handed = executed_copies(list(request.session.items), executed)
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    # no network: any fetch (intersphinx, a theme's fonts, ...) would fail through this proxy
    env.update(http_proxy="http://127.0.0.1:9", https_proxy="http://127.0.0.1:9", PYTHONPATH=str(ROOT),
               WAR_WIDGET_EXECUTED_NOTEBOOKS=str(executed))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"     # "python": this one
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=1500, env=env)
    assert done.returncode == 0, f"the README's docs command fails:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    print(f"docs build: {time.perf_counter() - started:.1f} s; {done.stdout.strip().splitlines()[-1:]}")
    return out, done.stdout, handed


@pytest.fixture(scope="module")
def site(built: tuple[Path, str, list[str]]) -> Path:
    return built[0]


def _page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def _text(site: Path, name: str) -> str:
    """A page's text, without its tags (highlighted code is split into spans)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", _page(site, name))))


def test_the_readme_and_the_rules_are_pages(site: Path) -> None:
    readme = _text(site, "readme.html")
    assert "Quick start" in readme and "war-widget simulate --preset classic_long" in readme
    rules = _text(site, "rules.html")
    assert "Worked examples" in rules and "pagat_last_card" in rules and "[004]" in rules


def _executed(name: str) -> dict:
    """The copy of a notebook the site was built from (docs/notebooks/, written by the build)."""
    return json.loads((ROOT / "docs" / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))


def _lines(nb: dict) -> list[str]:
    """The first line of each printed output of a notebook."""
    found = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            text = "".join(out["text"]) if out.get("output_type") == "stream" else ""
            first = next((line.strip() for line in text.splitlines() if line.strip()), "")
            if first:
                found.append(re.sub(r"\s+", " ", first))
    return found


def test_every_notebook_is_rendered_executed(site: Path) -> None:
    notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert len(notebooks) >= 10
    for name in notebooks:
        nb = _executed(name)
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        # executed in one fresh kernel, top to bottom, none failing
        assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1)), name
        assert not [o for c in code for o in c["outputs"] if o["output_type"] == "error"], name
        page = _page(site, f"notebooks/{name}.html")
        text = _text(site, f"notebooks/{name}.html")
        assert "cell_output" in page, name
        printed = _lines(nb)
        assert printed or name.startswith("01_"), name
        for line in printed:                                       # every printed result is on the page
            assert html.unescape(line) in text, (name, line)
    assert "Traceback" not in _page(site, "notebooks/01_play.html")


def test_a_simulate_table_computed_in_the_build_is_on_the_page(site: Path) -> None:
    """Notebook 04's table of game lengths, as the kernel printed it, and the same numbers as
    simulate() gives here (so the page shows a real execution, not a stored or made-up text)."""
    text = _text(site, "notebooks/04_how_long_does_war_last.html")
    assert "2000 games per preset (seed 1); lengths in rounds" in text
    from war_widget.sim.simulation import simulate

    summary = simulate("kids", 2000, seed=1, progress=False).summary()
    row = rf"kids\s+{summary['median_length']:g}\s+\d+-\d+\s+{summary['mean_length']:.1f}\s+{summary['p90_length']}\b"
    assert re.search(row, text), (row, text[:3000])


def test_the_widgets_show_their_text_and_the_charts_their_plotly_html(site: Path) -> None:
    play = _text(site, "notebooks/01_play.html")
    assert re.search(r"<WarWidget code='classic-\d+' mode='cpu' round 0 counts \(26, 26\)>", play)
    charts = _page(site, "notebooks/04_how_long_does_war_last.html")
    assert charts.count('class="plotly-graph-div"') >= 1
    assert 'src="../_static/plotly.min.js"' in charts                      # plotly.js from the site, offline
    assert (site / "_static" / "plotly.min.js").stat().st_size > 1_000_000


def test_ci_executes_each_notebook_once(built: tuple[Path, str, list[str]], request: pytest.FixtureRequest) -> None:
    """In a run with the notebooks (as CI's), the build reuses every notebook nbval executed."""
    _, stdout, handed = built
    ran = {i.path.name for i in request.session.items if i.path.suffix == ".ipynb"}
    reused = re.search(r"notebooks: (\d+) executed by the tests, (\d+) executed now", stdout)
    assert reused, stdout[-2000:]
    total = len(list((ROOT / "notebooks").glob("*.ipynb")))
    assert int(reused.group(1)) == len(handed) and int(reused.group(1)) + int(reused.group(2)) == total
    if ran:
        assert set(handed) == ran, sorted(ran - set(handed))


def test_the_api_comes_from_the_docstrings(site: Path) -> None:
    api = _page(site, "api.html")
    for name in ("war_widget.game.rules.Rules", "war_widget.sim.simulation.simulate", "war_widget.game.engine.Game"):
        assert f'id="{name}"' in api, name
    import war_widget.sim.simulation as simulation

    first_line = (simulation.simulate.__doc__ or "").strip().splitlines()[0]
    assert first_line.split("``")[0][:40] in api


def test_the_teacher_guides_and_printables_are_published(site: Path) -> None:
    guides = sorted(p.stem for p in (ROOT / "docs" / "teachers" / "guides").glob("guide_*.md"))
    assert len(guides) >= 4 and {"guide_play_en", "guide_play_ja"} <= set(guides)     # written by the build
    index = _page(site, "teachers/index.html")
    for guide in guides:
        assert f'href="guides/{guide}.html"' in index, guide
        assert (site / "teachers" / "guides" / f"{guide}.html").is_file(), guide
    assert 'href="writing_a_guide.html"' in index
    for printable in ("record_sheet_en", "dot_cards_ja", "rules_card_en"):
        assert "<html" in _page(site, f"{printable}.html").lower(), printable
