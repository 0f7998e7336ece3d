"""The release is written down consistently: one version and date in the package, the changelog and
the citation; the changelog claims nothing the metadata does not have; and the ``notebook`` extra
installs every program the README runs after installing it."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import war_widget

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _releases() -> list[tuple[str, str | None]]:
    """The changelog's release headings, newest first: (version, date or None)."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return [(m.group(1), m.group(2))
            for m in re.finditer(r"^## \[(\d+\.\d+\.\d+)\](?: - (\d{4}-\d\d-\d\d))?", text, re.M)]


def _citation(key: str) -> str | None:
    match = re.search(rf'^{key}: "?([^"\n]+)"?$', (ROOT / "CITATION.cff").read_text(encoding="utf-8"), re.M)
    return match.group(1) if match else None


def test_the_version_is_the_newest_release_of_the_changelog_and_the_citation() -> None:
    releases = _releases()
    assert releases, "CHANGELOG.md has no release heading like '## [0.2.0] - 2026-12-01'"
    newest, date = releases[0]
    assert war_widget.__version__ == newest, (war_widget.__version__, newest)
    assert date is not None, f"the release {newest} in CHANGELOG.md has no date"
    assert _citation("version") == newest and _citation("date-released") == date
    versions = [tuple(map(int, v.split("."))) for v, _ in releases]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)


def test_the_changelog_claims_no_project_urls_the_metadata_lacks() -> None:
    urls = PYPROJECT["project"].get("urls", {})
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    claims = re.findall(r"^- .*?(?:\n  .*?)*$", text, re.M)
    added = [c for c in claims if re.search(r"project\s+URLs", c) and not re.search(r"no\s+project\s+URLs", c)]
    assert urls or not added, added


def _extra(name: str) -> set[str]:
    """The distributions an extra installs, its own ``war-widget[...]`` references followed."""
    found: set[str] = set()
    for requirement in PYPROJECT["project"]["optional-dependencies"][name]:
        base = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower()  # type: ignore[union-attr]
        if base == "war-widget":
            inner = re.search(r"\[(.*?)\]", requirement).group(1)  # type: ignore[union-attr]
            for other in inner.split(","):
                found |= _extra(other.strip())
        else:
            found.add(base)
    return found


def test_the_notebook_extra_installs_what_the_readme_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pip install -e ".[notebook]"' in readme
    programs = {"jupyter lab": "jupyterlab", "voila ": "voila", "marimo run": "marimo"}
    extra = _extra("notebook")
    for command, distribution in programs.items():
        assert command in readme, command
        assert distribution in extra, f"the README runs `{command}` but the notebook extra does not install it"
