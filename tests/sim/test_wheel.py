"""The Linux wheel as CI builds it: it carries the compiled kernel, links only the C library, and in
a fresh environment with no C compiler on the PATH the first ``simulate("pagat", 1000, seed=1)``
plays on the kernel compiled into it, quickly, giving this checkout's very games.

The wheel is built once a run (tests/conftest.py's ``package_dists``: ``python -m build`` of a clean
copy, the wheel from its sdist, with ``WAR_WIDGET_REQUIRE_KERNEL=1`` as cibuildwheel sets it, so a
failed compile fails here).  The fresh
environment is a venv without system site packages, the wheel installed with ``--no-deps`` and
numpy (the one dependency ``simulate()`` imports) reached through a folder of links to this
environment's copy: no network, no compiler, no build.
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import numpy as np
import pytest

import war_widget
from war_widget import Game
from war_widget.sim.simulation import game_seed, simulate

ROOT = Path(war_widget.__file__).resolve().parent.parent
FIELDS = ("lengths", "winners", "reasons", "wars", "double_wars", "cycle_starts", "cycle_periods")
# what a manylinux wheel may link: the C library and its parts (auditwheel's whitelist, abridged)
SYSTEM_LIBRARIES = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "ld-linux-x86-64.so.2",
                    "ld-linux-aarch64.so.1"}

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux wheel")


@pytest.fixture(scope="module")
def wheel(package_dists: dict[str, Path]) -> Path:
    """The wheel of a clean copy of the checkout, built with ``WAR_WIDGET_REQUIRE_KERNEL=1`` (the
    run's one ``python -m build``: tests/conftest.py's ``package_dists``)."""
    return package_dists["wheel"]


def _extension(wheel: Path, where: Path) -> Path:
    with zipfile.ZipFile(wheel) as z:
        (name,) = [n for n in z.namelist() if n.startswith("war_widget/sim/fastsim/_compiled") and n.endswith(".so")]
        return Path(z.extract(name, where))


def _needed(library: Path) -> set[str]:
    """The ELF's DT_NEEDED entries (pyelftools, auditwheel's own reader, else binutils' readelf)."""
    try:
        from elftools.elf.dynamic import DynamicSection
        from elftools.elf.elffile import ELFFile
    except ImportError:
        done = subprocess.run(["readelf", "-d", str(library)], capture_output=True, text=True, check=True)
        return {line.split("[", 1)[1].rstrip("]") for line in done.stdout.splitlines() if "(NEEDED)" in line}
    with library.open("rb") as f:
        elf = ELFFile(f)
        return {tag.needed for section in elf.iter_sections() if isinstance(section, DynamicSection)
                for tag in section.iter_tags() if tag.entry.d_tag == "DT_NEEDED"}


def test_the_wheel_carries_the_kernel_and_links_only_the_c_library(wheel: Path, tmp_path: Path) -> None:
    assert "-cp3" in wheel.name and wheel.name.endswith(("_x86_64.whl", "_aarch64.whl")), wheel.name
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    assert not any(n.endswith("_kernel.py") for n in names)                   # numba's kernel is gone
    needed = _needed(_extension(wheel, tmp_path))
    assert "libc.so.6" in needed and needed <= SYSTEM_LIBRARIES, needed
    auditwheel = shutil.which("auditwheel") or (Path(sys.executable).parent / "auditwheel")
    if Path(auditwheel).exists():                                             # the test extra installs it
        done = subprocess.run([str(auditwheel), "show", str(wheel)], capture_output=True, text=True, check=False)
        said = " ".join((done.stdout + done.stderr).split())
        assert done.returncode == 0, said
        assert 'is consistent with the following platform tag: "manylinux_' in said, said
        assert "external shared libraries are required" not in said, said     # only system libraries


CHILD = textwrap.dedent("""
    import json, shutil, time
    from war_widget import simulate
    t = time.perf_counter()
    r = simulate("pagat", 1000, seed=1)
    first = time.perf_counter() - t
    from war_widget.sim.fastsim import kernel_build
    import war_widget
    print(json.dumps({"first": first, "method": r.method, "build": kernel_build("pagat"), "file": war_widget.__file__,
                      "compilers": [c for c in ("cc", "gcc", "clang") if shutil.which(c)],
                      "arrays": {f: getattr(r, f).tolist() for f in %r}}))
""") % (FIELDS,)


def test_in_a_fresh_venv_without_a_compiler_the_first_simulate_plays_the_compiled_kernel(wheel: Path,
                                                                                          tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = next((venv / "lib").glob("python3*/site-packages"))
    links = tmp_path / "numpy-only"                                            # numpy, and nothing else of ours
    links.mkdir()
    numpy_dir = Path(np.__file__).parent
    for p in numpy_dir.parent.iterdir():
        if p.name == "numpy" or p.name.startswith("numpy.libs") or p.name.startswith("numpy-"):
            (links / p.name).symlink_to(p)
    (site / "numpy_only.pth").write_text(str(links) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "-q",
                    "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True)
    env = {"PATH": str(venv / "bin"), "HOME": str(tmp_path), "WAR_WIDGET_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([str(venv / "bin" / "python"), "-c", CHILD], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.splitlines()[-1])
    assert got["compilers"] == [] and got["file"].startswith(str(site))
    assert (got["method"], got["build"]) == ("fast", "pagat")                  # the preset's compiled-in build
    here = simulate("pagat", 1000, seed=1)                                   # this checkout's games (test_fastsim:
    assert got["arrays"] == {f: getattr(here, f).tolist() for f in FIELDS}    # the engine's), and the engine's own
    for i in range(0, 1000, 50):
        game = Game("pagat", game_seed(1, i))
        outcome = game.play_to_end()
        assert (got["arrays"]["lengths"][i], got["arrays"]["winners"][i]) == (game.round_number, outcome.winner)
    assert not (tmp_path / "cache").exists()                                 # nothing built at run time
    assert got["first"] <= 0.3, got["first"]
    assert done.stderr == ""                                                 # nothing said: no warning
