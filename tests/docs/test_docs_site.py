"""The documentation site builds from the repository alone, offline, with warnings as errors, and
holds what it promises: the README's material, the rules reference, every notebook rendered with
its stored outputs, the API from the docstrings, and the teacher guides' section."""
from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    # no network: any fetch (intersphinx, a theme's fonts, ...) would fail through this proxy
    env.update(http_proxy="http://127.0.0.1:9", https_proxy="http://127.0.0.1:9", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-q",
                           str(ROOT / "docs"), str(out)], capture_output=True, text=True, timeout=900, env=env)
    assert done.returncode == 0, f"the site does not build cleanly:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    return out


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


def test_every_notebook_is_rendered_with_its_outputs(site: Path) -> None:
    notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert len(notebooks) >= 10
    for name in notebooks:
        page = _page(site, f"notebooks/{name}.html")
        assert "cell_output" in page, name                        # the stored outputs are shown
    assert "Traceback" not in _page(site, "notebooks/01_play.html")


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
