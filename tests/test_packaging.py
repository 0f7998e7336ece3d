"""The package as a stranger gets it (issue 20): a real ``python -m build`` of a clean copy of the
checkout, its wheel and sdist read back (licence expression and file, classifiers, URLs, one version,
what each holds), the README's first command's install step in a fresh venv, and the engine's
tests on every other Python the package claims.  (The wheel without extras in an empty venv:
``tests/test_packaging_light.py``.)

The long jobs (the quick start's install, the other Pythons' test runs) start together right
after the build and run side by side while the quick tests go on (see ``background``)."""
from __future__ import annotations

import email.parser
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_packaging_urls import PUBLISHED

import war_widget

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = war_widget.__version__
# What a checkout never holds (MANIFEST.in prunes the same).
NOT_IN_A_CHECKOUT = (".git", ".venv", "node_modules", "build", "dist", "docs/_build", "docs/notebooks", "docs/_static",
                     "tests/browser/artifacts", "tests/site/artifacts", "site/.cache", "_site",
                     "tests/lessons/artifacts", "notebooks/lesson_pages", "docs/teachers/guides",
                     "__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache",
                     ".ipynb_checkpoints")
REQUIRED_CLASSIFIERS = {"Framework :: Jupyter", "Intended Audience :: Education",
                        "Topic :: Games/Entertainment :: Board Games", "Programming Language :: Python :: 3 :: Only"}
# A pip that does not ask about its own version, with no prompt for root.
PIP_ENV = {"PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_ROOT_USER_ACTION": "ignore", "PIP_NO_INPUT": "1"}


def claimed_pythons() -> list[str]:
    """The Python versions the package claims (its classifiers), e.g. ["3.11", "3.12", "3.13"]."""
    found = [c.rsplit(" :: ", 1)[1] for c in PYPROJECT["project"]["classifiers"]
             if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    return sorted(found, key=lambda v: int(v.split(".")[1]))


def not_in_a_checkout(rel: str) -> bool:
    """A path (relative to the root) under one of NOT_IN_A_CHECKOUT; caches at any depth."""
    parts = rel.split("/")
    return any(rel.startswith(p + "/") for p in NOT_IN_A_CHECKOUT if "/" in p or p.startswith(".")) or any(
        part in NOT_IN_A_CHECKOUT for part in (parts[:1] + [q for q in parts[1:-1] if q.startswith((".", "__"))]))


def checkout_files() -> list[str]:
    """The repository's files as a clean checkout has them (git's list; without git, the tree
    less what a checkout never holds, as in an unpacked sdist)."""
    if (ROOT / ".git").exists() and shutil.which("git"):
        out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-co", "--exclude-standard"], capture_output=True,
                             text=True, check=True).stdout.splitlines()
        return sorted(name for name in out if (ROOT / name).is_file())
    names = []
    for folder, dirs, files in os.walk(ROOT):
        rel_folder = Path(folder).relative_to(ROOT).as_posix()
        dirs[:] = [d for d in dirs if not not_in_a_checkout(f"{rel_folder}/{d}/x".removeprefix("./"))]
        names += [name for f in files if not not_in_a_checkout(name := f"{rel_folder}/{f}".removeprefix("./"))]
    return sorted(names)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(PIP_ENV, **extra)
    return env


def _run(args: list[str], timeout: float = 900, **kw: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=False,
                          **{"env": _env(), **kw})  # type: ignore[call-overload]
    assert done.returncode == 0, f"{' '.join(map(str, args))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def clean_copy(dest: Path) -> Path:
    """A clean copy of the checkout (what a fresh clone holds) at ``dest``."""
    for name in checkout_files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    return dest


def build_dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A real ``python -m build`` of a clean copy of the checkout (sdist, then the wheel from the
    sdist), as a packager runs it, with ``WAR_WIDGET_REQUIRE_KERNEL=1`` as cibuildwheel sets it (a
    failed compile of the C kernel fails the build).  Made once a run: tests/conftest.py's
    ``package_dists`` hands it to every test of the built package (here, test_packaging_light,
    sim/test_wheel)."""
    source = clean_copy(tmp_path_factory.mktemp("build-checkout") / "war-widget")
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
         env=_env(WAR_WIDGET_REQUIRE_KERNEL="1"))
    wheels, sdists = sorted(out.glob("*.whl")), sorted(out.glob("*.tar.gz"))
    assert len(wheels) == len(sdists) == 1
    return {"wheel": wheels[0], "sdist": sdists[0]}


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean copy of the checkout (what a fresh clone holds), to install from."""
    return clean_copy(tmp_path_factory.mktemp("checkout") / "war-widget")


@pytest.fixture(scope="module")
def dists(package_dists: dict[str, Path]) -> dict[str, Path]:
    """The run's one build (``build_dists``)."""
    return package_dists


@pytest.fixture(scope="module")
def background(source: Path, dists: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Job]:
    """The long jobs, started at once after the build and run side by side while the quick tests
    go on: the README's first command's install step, and the engine's tests on each other
    claimed Python.  Each test below waits for its own job."""
    jobs: dict[str, Job] = {}
    work = tmp_path_factory.mktemp("background")
    clone = work / "clone"
    shutil.copytree(source, clone)
    install = quick_start_command().split(" && jupyter lab")[0]
    jobs["quick start"] = Job(install, cwd=clone, where=clone)
    here = f"{sys.version_info.major}.{sys.version_info.minor}"
    tests = [t for t in OTHER_PYTHON_TESTS if (ROOT / t).is_dir()]
    for version in claimed_pythons():
        exe = find_python(version) if version != here else None
        if version == here:
            continue
        if exe is None:
            jobs[version] = Job(None, cwd=work, where=work)
            continue
        venv = work / f"py{version}"
        # the sdist, built into that Python's venv: the wheel here carries the C kernel compiled for
        # this Python (cp311), which another Python refuses; the sdist compiles it for its own
        script = (f"'{exe}' -m venv '{venv}' && '{venv}/bin/python' -m pip install -q '{dists['sdist']}' "
                  f"pytest hypothesis && '{venv}/bin/python' -m pytest -q -p no:cacheprovider "
                  f"-o addopts= --rootdir '{ROOT}' -k '{OTHER_PYTHON_SKIP}' "
                  + " ".join(f"'{ROOT / t}'" for t in tests)
                  + f" && '{venv}/bin/python' -c 'import war_widget, sys; print(war_widget.__file__, sys.version)'")
        jobs[version] = Job(script, cwd=work, where=venv)
    return jobs


class Job:
    """A bash command run in the background; ``wait()`` gives its status and output."""

    def __init__(self, script: str | None, cwd: Path, where: Path) -> None:
        self.where = where
        self.proc = None if script is None else subprocess.Popen(
            ["bash", "-euo", "pipefail", "-c", script], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, env=_env())
        self.out: str | None = None

    def wait(self, timeout: float = 1500) -> tuple[int, str]:
        if self.proc is None:
            return 127, "not found on this machine"
        if self.out is None:
            try:
                self.out, _ = self.proc.communicate(timeout=timeout)
            finally:
                if self.proc.poll() is None:  # pragma: no cover - the failure is the point
                    self.proc.kill()
        return self.proc.returncode, self.out


def _metadata(text: str) -> email.message.Message:
    return email.parser.Parser().parsestr(text)


def _wheel_metadata(wheel: Path) -> tuple[email.message.Message, list[str], zipfile.ZipFile]:
    archive = zipfile.ZipFile(wheel)
    names = archive.namelist()
    info = f"war_widget-{VERSION}.dist-info"
    return _metadata(archive.read(f"{info}/METADATA").decode()), names, archive


# --- the version, written once -----------------------------------------------------------------
def test_one_version_written_once() -> None:
    assert "version" not in PYPROJECT["project"] and "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "war_widget.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)
    assert f'version: "{VERSION}"' in (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f"## [{VERSION}]" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    # no other file of the package writes a version number down
    for path in (ROOT / "war_widget").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert path.name == "__init__.py" or VERSION not in text or "__version__" not in text, path


def test_the_build_backend_is_bounded_and_reads_spdx() -> None:
    requires = PYPROJECT["build-system"]["requires"]
    assert len(requires) == 1
    low, high = re.fullmatch(r"setuptools>=([\d.]+),<(\d+)", requires[0]).groups()  # type: ignore[union-attr]
    assert tuple(map(int, low.split("."))) >= (77, 0, 3) and int(high) > 77     # PEP 639 from 77
    assert PYPROJECT["project"]["license"] == "MIT" and PYPROJECT["project"]["license-files"] == ["LICENSE"]


# --- the wheel ---------------------------------------------------------------------------------
def test_wheel_metadata(dists: dict[str, Path], background: dict[str, Job]) -> None:
    meta, names, archive = _wheel_metadata(dists["wheel"])
    assert meta["Name"] == "war-widget" and meta["Version"] == VERSION
    assert meta["Metadata-Version"] >= "2.4"                       # the SPDX fields exist from 2.4
    assert meta["License-Expression"] == "MIT" and meta.get_all("License-File") == ["LICENSE"]
    assert meta["License"] is None                                 # the deprecated free-text field is gone
    licence = archive.read(f"war_widget-{VERSION}.dist-info/licenses/LICENSE").decode()
    assert licence == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and re.search(r"^Copyright \(c\) 20\d\d \S", licence, re.M)
    classifiers = set(meta.get_all("Classifier"))
    assert REQUIRED_CLASSIFIERS <= classifiers
    assert not any(c.startswith("License ::") for c in classifiers)    # PEP 639: the expression says it
    pythons = claimed_pythons()
    assert pythons and meta["Requires-Python"] == f">={pythons[0]}"
    assert {f"Programming Language :: Python :: {v}" for v in pythons} <= classifiers
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert urls == PUBLISHED                       # only real addresses (none yet: tests/test_packaging_urls.py)
    assert meta["Author"] or meta["Author-email"]
    assert meta.get_content_type() == "text/plain" and meta["Description-Content-Type"] == "text/markdown"
    assert "## Quick start" in meta.get_payload()                 # the README is the long description
    extras = set(meta.get_all("Provides-Extra") or [])
    assert {"notebook", "test", "docs"} <= extras and "fast" not in extras      # the kernel is built in: no "fast"


def test_no_requirement_is_numba_and_the_wheel_carries_the_compiled_kernel(dists: dict[str, Path]) -> None:
    meta, names, _ = _wheel_metadata(dists["wheel"])
    requires = meta.get_all("Requires-Dist") or []
    assert not any(r.startswith(("numba", "llvmlite")) for r in requires), requires
    core = [r for r in requires if "extra ==" not in r]
    assert any(r.startswith("numpy") for r in core)       # simulate() returns numpy arrays
    assert any(n.startswith("war_widget/sim/fastsim/_compiled") and n.endswith(".so") for n in names), names
    assert "-py3-none-any" not in dists["wheel"].name       # a platform wheel: it holds the extension


SOURCES = ROOT / "war_widget" / "views" / "component" / "src"   # bundled into table.js
CLASS_SOURCES = ROOT / "war_widget" / "classmode" / "src"       # bundled into classmode's seat.js and board.js


def test_wheel_contents(dists: dict[str, Path]) -> None:
    _, names, _ = _wheel_metadata(dists["wheel"])
    package = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "war_widget").rglob("*")
                     if p.is_file() and "__pycache__" not in p.parts
                     and p.suffix in (".py", ".js", ".css", ".typed", ".c")
                     and SOURCES not in p.parents and CLASS_SOURCES not in p.parents)
    assert "war_widget/py.typed" in package and "war_widget/views/component/table.js" in package
    assert set(package) <= set(names), sorted(set(package) - set(names))
    # the front end's source modules are not needed at run time (table.js is their bundle): the
    # sdist carries them for a rebuild (test_sdist_holds_the_checkout), the wheel does not
    assert list(SOURCES.glob("*.js")) and not [n for n in names if n.startswith("war_widget/views/component/src/")]
    assert list(CLASS_SOURCES.glob("*.js")) and not [n for n in names if n.startswith("war_widget/classmode/src/")]
    assert {"war_widget/classmode/seat.js", "war_widget/classmode/board.js"} <= set(names)    # their bundles
    template = "war_widget/classmode/jupyter/voila/templates/war_class/"
    assert {template + "conf.json", template + "index.html.j2"} <= set(names)    # the class pages' Voila template
    top = {n.split("/")[0] for n in names}
    assert top == {"war_widget", f"war_widget-{VERSION}.dist-info"}, top       # no tests, notebooks, docs
    assert f"war_widget-{VERSION}.dist-info/entry_points.txt" in names


# --- the sdist ---------------------------------------------------------------------------------
def test_sdist_holds_the_checkout(dists: dict[str, Path]) -> None:
    with tarfile.open(dists["sdist"]) as sdist:
        members = {m.name.split("/", 1)[1] for m in sdist.getmembers() if m.isfile() and "/" in m.name}
        meta = _metadata(sdist.extractfile(f"war_widget-{VERSION}/PKG-INFO").read().decode())  # type: ignore[union-attr]
    wanted = set(checkout_files())
    assert wanted <= members, sorted(wanted - members)[:20]
    for needed in ("ARCHITECTURE.md", "LICENSE", "CHANGELOG.md", "CITATION.cff", "README.md", "tests/conftest.py",
                   "notebooks/01_play.ipynb", "docs/rules.md"):
        assert needed in members, needed
    extra = {m for m in members if not_in_a_checkout(m)}
    assert extra == set(), sorted(extra)[:20]
    assert meta["Version"] == VERSION and meta["License-Expression"] == "MIT"


def test_the_sdists_own_tests_find_what_they_need(dists: dict[str, Path], tmp_path: Path) -> None:
    """The tests that read the repository's other files (the architecture map, the notebooks, the
    README, the rules reference) pass when run from the unpacked sdist."""
    with tarfile.open(dists["sdist"]) as sdist:
        sdist.extractall(tmp_path, filter="data")
    unpacked = tmp_path / f"war_widget-{VERSION}"
    tests = ["tests/test_architecture.py", "tests/docs/test_rules_reference.py"]
    done = _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", *tests],
                cwd=unpacked, env=_env(PYTHONPATH=str(unpacked)))
    assert re.search(r"\d+ passed", done.stdout) and "failed" not in done.stdout


# --- the README's first command ----------------------------------------------------------------
def quick_start_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- quick-start-command -->\s*```bash\n(.*?)\n\s*```\s*<!-- /quick-start-command -->",
                      readme, re.S)
    assert block, "README.md: the quick start's first command stands between <!-- quick-start-command --> markers"
    return block.group(1).strip()


def test_the_quick_start_command_works_for_root_and_for_a_normal_user() -> None:
    command = quick_start_command()
    steps = [s.strip() for s in command.split("&&")]
    assert steps[:3] == ["python3 -m venv .venv", ". .venv/bin/activate", 'pip install -e ".[notebook]"']
    assert steps[3].startswith("jupyter lab --allow-root ") and len(steps) == 4   # root needs it, others ignore it
    assert (ROOT / steps[3].split()[-1]).is_file()


def test_the_quick_start_install_step_in_a_fresh_venv(background: dict[str, Job], tmp_path: Path) -> None:
    """The first command up to ``jupyter lab``, run in a clean copy of the checkout (in the
    background, from the start of this module); then that JupyterLab starts (as this user: root
    in CI) with the README's own flags and serves."""
    job = background["quick start"]
    status, out = job.wait()
    assert status == 0, out[-4000:]
    clone = job.where
    bin_ = clone / ".venv" / "bin"
    code = "import war_widget, war_widget.sim.fastsim._compiled, jupyterlab, voila; print(war_widget.__file__)"
    check = _run([str(bin_ / "python"), "-c", code], cwd=tmp_path)
    assert check.stdout.strip() == str(clone / "war_widget" / "__init__.py")       # the editable install
    flags = quick_start_command().split(" && jupyter lab")[1].split()[:-1]            # --allow-root
    lab = subprocess.Popen([str(bin_ / "jupyter"), "lab", *flags, "--no-browser", "--ServerApp.port=0",
                            "--ServerApp.token=", f"--ServerApp.root_dir={clone}"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=clone,
                           env=_env(HOME=str(tmp_path), JUPYTER_CONFIG_DIR=str(tmp_path / "jc"),
                                    JUPYTER_DATA_DIR=str(tmp_path / "jd"), JUPYTER_RUNTIME_DIR=str(tmp_path / "jr")))
    try:
        assert lab.stdout is not None
        served = [line for line in _lines_until(lab.stdout, "http://") if "http://" in line]
    finally:
        lab.terminate()
        lab.wait(timeout=30)
    assert served, "JupyterLab did not start"


def _lines_until(stream: object, marker: str, limit: int = 400) -> Iterator[str]:
    for _, line in zip(range(limit), iter(stream.readline, ""), strict=False):  # type: ignore[attr-defined]
        yield line
        if marker in line:
            return


# --- every Python the package claims -------------------------------------------------------------
# The engine's and the sessions' tests on each claimed Python but the running one (which runs the
# whole suite), against the wheel installed without extras.  The simulator studies of
# test_policies (200,000 games through the compiled simulator) stay on the running Python.
OTHER_PYTHON_TESTS = ["tests/game", "tests/session"]
# Nor do the tests that run mypy (the type check is one, for python_version 3.11, in the main suite).
OTHER_PYTHON_SKIP = ("not measure_policy and not recorded_pagat and not strong_beats_shuffling "
                     "and not order_is_irrelevant and not mypy")


def find_python(version: str) -> str | None:
    """An interpreter of that version on this machine that runs: one of pyenv's, or ``pythonX.Y``
    on PATH (pyenv's shim there fails for a version that is not selected)."""
    roots = [os.environ.get("PYENV_ROOT", ""), str(Path.home() / ".pyenv"), "/root/.pyenv"]
    candidates = [str(c) for root in dict.fromkeys(filter(None, roots))
                  for c in sorted(Path(root, "versions").glob(f"{version}.*/bin/python{version}"), reverse=True)]
    candidates += list(filter(None, [shutil.which(f"python{version}")]))
    for exe in candidates:
        ran = subprocess.run([exe, "-c", "import sys, venv; print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True, timeout=60, check=False)
        if ran.returncode == 0 and ran.stdout.strip() == version:
            return exe
    return None


def test_the_engine_tests_pass_on_every_claimed_python(background: dict[str, Job]) -> None:
    here = f"{sys.version_info.major}.{sys.version_info.minor}"
    pythons = claimed_pythons()
    assert here in pythons, f"the tests run on Python {here}, which the package does not claim ({pythons})"
    assert len(pythons) >= 3
    for version in pythons:
        if version == here:
            continue
        status, out = background[version].wait()
        assert status != 127 or "not found on this machine" not in out, (
            f"the package claims Python {version}, not found here (pyenv's versions or python{version} on PATH); "
            f"install it (pyenv install {version}) so its tests can run")
        assert status == 0, f"Python {version}:\n{out[-4000:]}"
        summary = [line for line in out.splitlines() if " passed" in line]
        assert summary and "failed" not in summary[-1], out[-2000:]
        assert int(re.search(r"(\d+) passed", summary[-1]).group(1)) > 400       # type: ignore[union-attr]
        installed = out.strip().splitlines()[-1]
        venv = background[version].where
        assert installed.startswith(str(venv)) and installed.split()[1].startswith(f"{version}."), installed
