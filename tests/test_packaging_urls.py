"""The package's addresses are honest (issue 20): the metadata a packager or a citer reads
(``pyproject.toml``, ``CITATION.cff``) holds no placeholder (example.com, TODO, ...) and no address
the project does not have.  The project has no public home yet, so it claims none; the
documentation travels in the repository (README.md, docs/, CHANGELOG.md)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The project's real, published addresses (name -> URL), once it has them; then pyproject.toml's
# [project.urls] lists exactly these.  None yet.
PUBLISHED: dict[str, str] = {}
PLACEHOLDER = re.compile(r"example\.(com|org|net)|\bTODO\b|\bFIXME\b|\bXXX\b|your[-_](name|org|user)|<owner>|"
                         r"\bchangeme\b|\blorem ipsum\b", re.I)
URL = re.compile(r"https?://[^\s\"'<>)]+")
METADATA = ["pyproject.toml", "CITATION.cff"]


def placeholders(text: str) -> list[str]:
    return [m.group(0) for m in PLACEHOLDER.finditer(text)]


@pytest.mark.parametrize("name", METADATA + ["README.md", "docs/conf.py", "docs/index.md"])
def test_no_placeholder_in_what_a_packager_or_citer_reads(name: str) -> None:
    assert placeholders((ROOT / name).read_text(encoding="utf-8")) == [], name


@pytest.mark.parametrize("name", METADATA)
def test_the_metadata_claims_only_published_addresses(name: str) -> None:
    urls = URL.findall((ROOT / name).read_text(encoding="utf-8"))
    assert set(urls) <= set(PUBLISHED.values()), f"{name}: addresses the project does not have: {urls}"


def test_project_urls_are_the_published_ones() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project.get("urls", {}) == PUBLISHED
    if not PUBLISHED:   # then the reader is told why there are none and where the documentation is
        text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
        assert "No [project.urls]" in text and "docs/" in text


def test_citation_points_to_no_invented_repository() -> None:
    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    keys = {line.split(":", 1)[0] for line in cff.splitlines() if re.match(r"^[a-z-]+:", line)}
    assert {"cff-version", "title", "authors", "version", "license"} <= keys
    assert not ({"repository-code", "url", "repository"} & keys) or PUBLISHED


@pytest.mark.parametrize("text, found", [("Homepage = 'https://example.com/war'", True),
                                         ("# TODO: the real address", True),
                                         ("Documentation = 'docs/index.md'", False)])
def test_a_placeholder_would_be_found(text: str, found: bool) -> None:
    assert bool(placeholders(text)) is found
