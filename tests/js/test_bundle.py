"""The shipped table.js is the esbuild bundle of the source modules (issue 30, item 6): built
again into a temporary file it is the same, byte for byte, and a source edited without a rebuild
makes the check fail.

Needs the npm packages of package.json (``npm ci``, part of the README's test command)."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPONENT = ROOT / "war_widget" / "views" / "component"
SHIPPED = COMPONENT / "table.js"
BUILD = ROOT / "tools" / "build_table.mjs"
CLASSMODE = ROOT / "war_widget" / "classmode"
CLASS_BUNDLES = ("seat.js", "board.js")      # the class mode's pages, from classmode/src/ (link.js in both)


def _build(root: Path, out: Path, option: str = "--out") -> bytes:
    """Run the repository's build (tools/build_table.mjs, as `npm run build` does) from `root`
    into `out` (the table's file; with ``--outdir``, a folder for every bundle); the bytes of the
    table's file it wrote."""
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the bundle is built with node (apt-get install nodejs)")
    if not (ROOT / "node_modules" / "esbuild").exists():
        pytest.fail("esbuild is not installed: run `npm ci` in the repository (the README's test command does)")
    done = subprocess.run(["node", str(root / "tools" / "build_table.mjs"), option, str(out)],
                          cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return (out / SHIPPED.relative_to(ROOT) if option == "--outdir" else out).read_bytes()


def test_shipped_table_js_is_the_bundle_of_the_sources(tmp_path: Path) -> None:
    """table.js as the package ships it is what `npm run build` makes of src/ now, and so are
    the class mode's seat.js and board.js of classmode/src/: a source module edited without
    `npm run build` fails here (run it and commit the bundles)."""
    built = _build(ROOT, tmp_path, "--outdir")
    assert built == SHIPPED.read_bytes(), (
        "war_widget/views/component/table.js is not the bundle of war_widget/views/component/src/: "
        "run `npm run build` and commit table.js")
    for name in CLASS_BUNDLES:
        shipped = (CLASSMODE / name).read_text(encoding="utf-8")
        assert (tmp_path / "war_widget" / "classmode" / name).read_text(encoding="utf-8") == shipped, (
            f"war_widget/classmode/{name} is not the bundle of war_widget/classmode/src/: run `npm run build`")
        assert re.search(r"^\s*import\b", shipped, re.M) is None          # it stands alone (anywidget's one module)
        assert shipped.startswith("// GENERATED FILE, do not edit") and f"entry src/{name}" in shipped.split("\n\n")[0]


def test_a_source_edited_without_a_rebuild_is_caught(tmp_path: Path) -> None:
    """The same comparison on a copy of the sources with one module edited: the built file
    differs from the shipped one (the check above would fail), and says the edit."""
    copy = tmp_path / "repo"
    shutil.copytree(COMPONENT / "src", copy / "war_widget" / "views" / "component" / "src")
    (copy / "tools").mkdir()
    shutil.copy2(BUILD, copy / "tools" / "build_table.mjs")
    (copy / "node_modules").symlink_to(ROOT / "node_modules")
    assert _build(copy, tmp_path / "same.js") == SHIPPED.read_bytes()     # the copy builds the same
    helpers = copy / "war_widget" / "views" / "component" / "src" / "helpers.js"
    text = helpers.read_text(encoding="utf-8")
    assert "export const AUTOPLAY_GAP_MS = 350;" in text
    helpers.write_text(text.replace("export const AUTOPLAY_GAP_MS = 350;", "export const AUTOPLAY_GAP_MS = 351;"),
                       encoding="utf-8")
    stale = _build(copy, tmp_path / "stale.js")
    assert stale != SHIPPED.read_bytes()
    assert b"AUTOPLAY_GAP_MS = 351" in stale and b"AUTOPLAY_GAP_MS = 351" not in SHIPPED.read_bytes()


def test_the_shipped_bundle_needs_no_source_module() -> None:
    """table.js stands alone (the wheel ships it without src/): it imports nothing, says it is
    generated and from what, and is not minified (one statement a line, the sources' names)."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert re.search(r"^\s*import\b", text, re.M) is None and "import(" not in text
    header = text.split("\n\n")[0]
    assert header.startswith("// GENERATED FILE, do not edit") and "war_widget/views/component/src/" in header
    assert "function renderCasino(" in text and "function renderSteal(" in text and "function render(" in text
    assert max(len(line) for line in text.splitlines()) < 400
