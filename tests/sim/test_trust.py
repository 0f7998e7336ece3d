"""The C kernel's run-time build under attack (issue 28): nothing runs that this user did not build, and
simulate() always answers.

Each attack is tried as a hostile user on a shared machine, a damaged disk or a broken compiler would:
a library planted in a cache folder another user made, in a folder others can write, behind a symbolic
link, in the old shared ``/tmp/war_widget-<uid>``; a cached library truncated, emptied, bit-flipped,
another rule set's, with no record or a false one; a compiler that fails, one that hangs and leaves a
child behind, an exception from the compiled path.  A planted library is a real shared library whose
constructor writes a marker file: if it is ever loaded, the marker exists.  Loads run in a fresh Python
process (a crash there fails the test instead of ending the run), which reports the arrays, the
warnings and every ``war_kernel_*`` file it mapped (``/proc/self/maps``).
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import war_widget
from war_widget import Rules
from war_widget.sim import fastsim, simulation
from war_widget.sim.fastsim import _ckernel, encode_rules
from war_widget.sim.simulation import FastSimulatorMissing, simulate

ROOT = Path(war_widget.__file__).resolve().parent.parent
FIELDS = ("lengths", "winners", "reasons", "wars", "double_wars", "cycle_starts", "cycle_periods")
# two rule sets the extension has no specialised build for (so WAR_WIDGET_KERNEL=build builds them
# here), which the engine plays quickly
RULES = ("classic", "kids_aside")
PLAYERS = 3
GAMES = 40
NOBODY = 65534
CC = _ckernel.compiler()
assert CC is not None, "these tests attack the C kernel's build: they need a C compiler on the machine"

CHILD = """
import json, os, sys, warnings
{prelude}
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from war_widget import Rules
    from war_widget.sim.simulation import simulate
    from war_widget.sim.fastsim import _ckernel
    results = [simulate(Rules.preset(name).replace(players={players}), {games}, seed=1) for name in {rules!r}]
    again = simulate(Rules.preset({rules!r}[0]).replace(players={players}), {games}, seed=1)
with open("/proc/self/maps") as maps:
    mapped = sorted({{line.split()[-1] for line in maps if "war_kernel_" in line}})
print(json.dumps({{"methods": [r.method for r in results], "again": again.method,
                  "arrays": [{{f: getattr(r, f).tolist() for f in {fields!r}}} for r in results],
                  "warnings": [[w.category.__name__, str(w.message)] for w in caught],
                  "mapped": mapped, "scratch": [str(p) for p in _ckernel._SCRATCH]}}))
"""
# the lstat/stat/fstat of FOREIGN paths report another owner (a non-root run cannot chown)
FOREIGN_PRELUDE = """
import os
FOREIGN = {foreign!r}
def _foreign(path):
    path = os.fspath(path).rstrip("/")
    return path in FOREIGN if {exact!r} else any(path == f or path.startswith(f + "/") for f in FOREIGN)
def _as_other(st):
    return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, {nobody}, st.st_gid, st.st_size,
                           int(st.st_atime), int(st.st_mtime), int(st.st_ctime)))
def _wrap(real):
    def stat(path, *args, **kwargs):
        st = real(path, *args, **kwargs)
        return _as_other(st) if isinstance(path, (str, os.PathLike)) and _foreign(path) else st
    return stat
os.lstat, os.stat = _wrap(os.lstat), _wrap(os.stat)
"""
NO_EXTENSION = 'sys.modules["war_widget.sim.fastsim._compiled"] = None   # an install with no compiled kernel'
PLANTED_C = """
#include <stdio.h>
__attribute__((constructor)) static void planted(void) {
    FILE *f = fopen("%s", "w");
    if (f) { fputs("the planted library ran", f); fclose(f); }
}
"""


def rules_of(name: str) -> Rules:
    return Rules.preset(name).replace(players=PLAYERS)


def engine_arrays(name: str, games: int = GAMES) -> dict[str, list[int]]:
    r = simulate(rules_of(name), games, seed=1, method="engine")
    return {f: getattr(r, f).tolist() for f in FIELDS}


EXPECTED = {name: engine_arrays(name) for name in RULES}


def flags_of(name: str) -> tuple[str, ...]:
    return _ckernel.build_flags(encode_rules(rules_of(name)))


def name_of(name: str) -> str:
    file_name = _ckernel.library_name(flags_of(name))
    assert file_name is not None
    return file_name


def child_env() -> dict[str, str]:
    """This environment for a child that opts in to the run-time build, less what would choose for it."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("WAR_WIDGET_CACHE_DIR", "WAR_WIDGET_BUILD_TIMEOUT", "CC", "XDG_CACHE_HOME", "TMPDIR")}
    return {**base, "PYTHONPATH": str(ROOT), "WAR_WIDGET_KERNEL": "build"}


def run_child(tmp_path: Path, env: dict[str, str], prelude: str = "", rules: tuple[str, ...] = RULES
              ) -> dict[str, Any]:
    """simulate() each of ``rules`` (and the first again) in a fresh process; it must not crash."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    code = CHILD.format(prelude=prelude, games=GAMES, rules=rules, fields=FIELDS, players=PLAYERS)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600,
                          env={**child_env(), "HOME": str(home), **env}, cwd=tmp_path, check=False)
    assert done.returncode == 0, f"the child ended with {done.returncode}: {done.stderr[-3000:]}"
    got: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["arrays"] == [EXPECTED[name] for name in rules]     # the engine's games, whatever happened
    return got


def plant(folder: Path, name: str, marker: Path, record: bool = True) -> Path:
    """A real shared library under the name the kernel for ``name`` gets, whose constructor writes
    ``marker`` when loaded; with ``record``, a record an attacker can forge: the right inputs and this
    file's true digest (only the folder checks can stop it)."""
    folder.mkdir(parents=True, exist_ok=True)
    c_file = folder / "planted.c"
    c_file.write_text(PLANTED_C % marker)
    target = folder / name_of(name)
    subprocess.run([CC, "-shared", "-fPIC", "-o", str(target), str(c_file)], check=True)
    c_file.unlink()
    if record:
        inputs = _ckernel._inputs(CC, _ckernel.source(), flags_of(name))
        digest = hashlib.sha256(target.read_bytes()).hexdigest()
        target.with_suffix(".json").write_text(json.dumps({**inputs, "library_sha256": digest}))
    return target


def give_away(paths: list[Path], exact: bool = False) -> str:
    """Make ``paths`` (and what they hold, unless ``exact``) another user's: chown to nobody as root,
    else a prelude that makes the child see them so."""
    if os.geteuid() == 0:
        for path in paths:
            for p in [path] if exact else [path, *path.rglob("*")]:
                os.chown(p, NOBODY, NOBODY, follow_symlinks=False)
        return ""
    return FOREIGN_PRELUDE.format(foreign=tuple(str(p) for p in paths), nobody=NOBODY, exact=exact)


def kept_files() -> list[str]:
    """The cache's files after both rule sets are built: each library and its record."""
    return sorted([name_of(n) for n in RULES] + [name_of(n).replace(".so", ".json") for n in RULES])


def private_warnings(got: dict[str, Any]) -> list[str]:
    return [message for category, message in got["warnings"] if category == "CacheNotPrivate"]


def assert_fresh_build(got: dict[str, Any], marker: Path, outside: Path) -> None:
    """Both rule sets played by the C kernel, none of it loaded from ``outside``, the planted code never run."""
    assert got["methods"] == ["fast", "fast"] and got["again"] == "fast"
    assert not marker.exists(), "the planted library was loaded and ran"
    assert len(got["mapped"]) == 2 and not any(m.startswith(str(outside)) for m in got["mapped"]), got["mapped"]


# --- 1. a private cache ----------------------------------------------------------------------------------
def test_the_cache_and_each_folder_made_for_it_are_private(tmp_path: Path) -> None:
    """A cache folder three levels down that does not exist yet: each level is made mode 0700, owned
    by this user; the libraries and their records are kept there and nothing else is."""
    cache = tmp_path / "a" / "b" / "c"
    got = run_child(tmp_path, {"WAR_WIDGET_CACHE_DIR": str(cache)})
    assert got["methods"] == ["fast", "fast"] and got["warnings"] == []
    for folder in (tmp_path / "a", tmp_path / "a" / "b", cache):
        st = folder.lstat()
        assert (st.st_uid, oct(st.st_mode & 0o777)) == (os.getuid(), "0o700"), folder
    assert sorted(p.name for p in cache.iterdir()) == kept_files()
    assert sorted(got["mapped"]) == sorted(str(cache / name_of(n)) for n in RULES)


@pytest.mark.parametrize("where", ["WAR_WIDGET_CACHE_DIR", "user cache"])
def test_a_library_planted_in_a_folder_another_user_made_is_never_loaded(tmp_path: Path, where: str) -> None:
    """Another user made the cache folder (mode 0700, theirs) and planted a library with a forged,
    correct record under the name the next build gets: it never runs; the kernel is built in a
    folder of this process's own instead, and the refusal is said once in one sentence."""
    marker = tmp_path / "ran"
    if where == "WAR_WIDGET_CACHE_DIR":
        folder = tmp_path / "theirs"
        env = {"WAR_WIDGET_CACHE_DIR": str(folder)}
    else:
        folder = tmp_path / "xdg" / "war_widget" / "kernels"
        env = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    for name in RULES:
        plant(folder, name, marker)
    folder.chmod(0o700)
    prelude = give_away([folder])
    got = run_child(tmp_path, {**env, "TMPDIR": str(tmp_path)}, prelude)
    assert_fresh_build(got, marker, folder)
    said = private_warnings(got)
    assert len(said) == 1, got["warnings"]                 # once, for three calls and two builds
    assert f"{folder}" in said[0] and "belongs to another user" in said[0] and "temporary folder" in said[0]
    assert said[0].count(". ") == 0                        # one sentence
    assert got["scratch"] and all(m.startswith(got["scratch"][0]) for m in got["mapped"])
    assert not Path(got["scratch"][0]).exists(), "this process's build folder is removed at exit"


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o755])
def test_a_library_in_a_folder_others_can_open_is_never_loaded(tmp_path: Path, mode: int) -> None:
    """This user's folder, but writable (or readable) by the group or everyone: refused, said once."""
    marker, folder = tmp_path / "ran", tmp_path / "open"
    for name in RULES:
        plant(folder, name, marker)
    folder.chmod(mode)
    got = run_child(tmp_path, {"WAR_WIDGET_CACHE_DIR": str(folder), "TMPDIR": str(tmp_path)})
    assert_fresh_build(got, marker, folder)
    said = private_warnings(got)
    assert len(said) == 1 and f"mode {mode:o}, not 700" in said[0], got["warnings"]
    assert oct(folder.stat().st_mode & 0o777) == oct(mode), "a folder the user named is left as it is"


def test_a_cache_folder_that_is_a_symbolic_link_is_refused(tmp_path: Path) -> None:
    marker, real = tmp_path / "ran", tmp_path / "real"
    for name in RULES:
        plant(real, name, marker)
    real.chmod(0o700)
    (tmp_path / "link").symlink_to(real)
    got = run_child(tmp_path, {"WAR_WIDGET_CACHE_DIR": str(tmp_path / "link"), "TMPDIR": str(tmp_path)})
    assert_fresh_build(got, marker, real)
    said = private_warnings(got)
    assert len(said) == 1 and "is a symbolic link" in said[0]


@pytest.mark.parametrize("parent_mode", [0o777, "another user's"])
def test_a_private_folder_inside_one_others_can_change_is_refused(tmp_path: Path, parent_mode: object) -> None:
    """The cache folder is ours and 0700, but the folder above it is world-writable (not sticky) or
    another user's: they could swap ours for theirs, so it is refused too."""
    marker, parent = tmp_path / "ran", tmp_path / "shared"
    cache = parent / "cache"
    for name in RULES:
        plant(cache, name, marker)
    cache.chmod(0o700)
    prelude = ""
    if parent_mode == 0o777:
        parent.chmod(0o777)
    else:
        parent.chmod(0o755)
        prelude = give_away([parent], exact=True)
    got = run_child(tmp_path, {"WAR_WIDGET_CACHE_DIR": str(cache), "TMPDIR": str(tmp_path)}, prelude)
    assert_fresh_build(got, marker, cache)
    said = private_warnings(got)
    assert len(said) == 1 and str(parent) in said[0], got["warnings"]


def test_with_nowhere_private_the_shared_tmp_name_is_never_used(tmp_path: Path) -> None:
    """No cache can be made (the user cache directory's place is a file, as an unwritable home
    is) and another user has made the old fallback ``$TMPDIR/war_widget-<uid>`` with a library
    under the next build's name: it is never read; the kernel is built in a fresh folder of this
    process (a random name, mode 0700) that is gone once the process ends; nothing is said."""
    marker, tmp = tmp_path / "ran", tmp_path / "tmp"
    tmp.mkdir()
    old = tmp / f"war_widget-{os.getuid()}"
    for name in RULES:
        plant(old, name, marker)
    prelude = give_away([old])
    (tmp_path / "not-a-folder").write_text("")
    got = run_child(tmp_path, {"XDG_CACHE_HOME": str(tmp_path / "not-a-folder"), "TMPDIR": str(tmp)}, prelude)
    assert_fresh_build(got, marker, old)
    assert got["warnings"] == []
    scratch = Path(got["scratch"][0])
    assert scratch.parent == tmp and scratch.name.startswith("war_widget-") and scratch != old
    assert all(m.startswith(str(scratch) + "/") for m in got["mapped"])
    assert sorted(p.name for p in tmp.iterdir()) == [old.name], "the process's build folder is removed at exit"


def test_an_older_versions_readable_default_cache_is_made_private_and_its_library_rebuilt(tmp_path: Path) -> None:
    """The default cache made 0755 by an older version, holding a library with no record: the folder
    is made 0700 (it is ours and no one else could write it) and the library is rebuilt, not loaded."""
    marker = tmp_path / "ran"
    folder = tmp_path / "xdg" / "war_widget" / "kernels"
    for name in RULES:
        plant(folder, name, marker, record=False)
    for f in (folder, folder.parent, folder.parent.parent):
        f.chmod(0o755)
    got = run_child(tmp_path, {"XDG_CACHE_HOME": str(tmp_path / "xdg")})
    assert got["methods"] == ["fast", "fast"] and got["warnings"] == [] and not marker.exists()
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    assert sorted(got["mapped"]) == sorted(str(folder / name_of(n)) for n in RULES)


# --- 2. verified loads -----------------------------------------------------------------------------------
def truncated(lib: Path, other: Path, marker: Path) -> None:
    lib.write_bytes(lib.read_bytes()[:len(lib.read_bytes()) // 2])


def emptied(lib: Path, other: Path, marker: Path) -> None:
    lib.write_bytes(b"")


def bit_flipped(lib: Path, other: Path, marker: Path) -> None:
    data = bytearray(lib.read_bytes())
    data[len(data) // 2] ^= 0x10
    lib.write_bytes(bytes(data))


def another_rule_sets_library(lib: Path, other: Path, marker: Path) -> None:
    shutil.copyfile(other, lib)


def another_rule_sets_library_and_record(lib: Path, other: Path, marker: Path) -> None:
    shutil.copyfile(other, lib)
    shutil.copyfile(other.with_suffix(".json"), lib.with_suffix(".json"))


def planted_with_no_record(lib: Path, other: Path, marker: Path) -> None:
    lib.with_suffix(".json").unlink()
    replacement = plant(marker.parent / "elsewhere", "classic", marker, record=False)
    os.replace(replacement, lib)


def planted_under_the_true_record(lib: Path, other: Path, marker: Path) -> None:
    replacement = plant(marker.parent / "elsewhere", "classic", marker, record=False)
    os.replace(replacement, lib)


def record_that_does_not_match(lib: Path, other: Path, marker: Path) -> None:
    record = json.loads(lib.with_suffix(".json").read_text())
    record["flags"] = record["flags"][:-1]
    lib.with_suffix(".json").write_text(json.dumps(record))


def garbled_record(lib: Path, other: Path, marker: Path) -> None:
    lib.with_suffix(".json").write_bytes(b"\x00{not json")


TAMPERS = [truncated, emptied, bit_flipped, another_rule_sets_library, another_rule_sets_library_and_record,
           planted_with_no_record, planted_under_the_true_record, record_that_does_not_match, garbled_record]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private cache holding both rule sets' verified builds (made by a child, as a user's first run)."""
    tmp = tmp_path_factory.mktemp("built")
    run_child(tmp, {"WAR_WIDGET_CACHE_DIR": str(tmp / "cache")})
    return tmp / "cache"


@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda t: t.__name__)
def test_a_damaged_or_swapped_cached_library_is_rebuilt_not_loaded(tmp_path: Path, built: Path, tamper: Any) -> None:
    cache, marker = tmp_path / "cache", tmp_path / "ran"
    shutil.copytree(built, cache)
    cache.chmod(0o700)
    lib, other = cache / name_of("classic"), cache / name_of("kids_aside")
    good = lib.read_bytes()
    tamper(lib, other, marker)
    assert lib.read_bytes() != good or lib.with_suffix(".json").read_text() != (built / lib.name).with_suffix(
        ".json").read_text()
    got = run_child(tmp_path, {"WAR_WIDGET_CACHE_DIR": str(cache)})
    assert got["methods"] == ["fast", "fast"] and got["warnings"] == [] and not marker.exists()
    assert sorted(got["mapped"]) == sorted(str(cache / name_of(n)) for n in RULES)
    record = json.loads(lib.with_suffix(".json").read_text())
    assert record["library_sha256"] == hashlib.sha256(lib.read_bytes()).hexdigest()     # rebuilt and recorded
    assert record["flags"] == list(flags_of("classic"))
    assert sorted(p.name for p in cache.iterdir()) == kept_files()


@pytest.mark.parametrize("tamper", [bit_flipped, planted_with_no_record], ids=lambda t: t.__name__)
def test_a_damaged_library_with_a_failing_compiler_is_refused_and_the_engine_plays(tmp_path: Path, built: Path,
                                                                                tamper: Any) -> None:
    """No rebuild possible: the damaged file is not loaded either; the engine plays and says why, once."""
    cache, marker = tmp_path / "cache", tmp_path / "ran"
    shutil.copytree(built, cache)
    cache.chmod(0o700)
    lib = cache / name_of("classic")
    good = hashlib.sha256(lib.read_bytes()).hexdigest()
    tamper(lib, cache / name_of("kids_aside"), marker)
    # under the name and with the record the failing compiler's build would have: only the damage differs
    fake = fake_compiler(tmp_path, "exit 1")
    moved = cache / str(_ckernel.library_name(flags_of("classic"), str(fake)))
    os.replace(lib, moved)
    if lib.with_suffix(".json").exists():
        lib.with_suffix(".json").unlink()
        record = {**_ckernel._inputs(str(fake), _ckernel.source(), flags_of("classic")), "library_sha256": good}
        moved.with_suffix(".json").write_text(json.dumps(record))
    got = run_child(tmp_path, {"WAR_WIDGET_CACHE_DIR": str(cache), "CC": str(fake)}, NO_EXTENSION, rules=("classic",))
    assert got["methods"] == ["engine"] and got["again"] == "engine" and got["mapped"] == [] and not marker.exists()
    said = [m for c, m in got["warnings"] if c == "FastSimulatorMissing"]
    assert len(said) == 1 and "exited with status 1" in said[0] and "with the engine" in said[0]


def test_processes_building_the_same_rules_at_once_never_load_half_a_file(tmp_path: Path) -> None:
    """Three processes start on an empty cache together: each gets the C kernel and the engine's
    games, and the cache holds one verified library and record per rule set, no partial files."""
    cache = tmp_path / "cache"
    code = CHILD.format(prelude="", games=GAMES, rules=RULES, fields=FIELDS, players=PLAYERS)
    env = {**child_env(), "WAR_WIDGET_CACHE_DIR": str(cache)}
    children = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, env=env) for _ in range(3)]
    for child in children:
        out, err = child.communicate(timeout=600)
        assert child.returncode == 0, err[-3000:]
        got = json.loads(out.strip().splitlines()[-1])
        assert got["methods"] == ["fast", "fast"] and got["arrays"] == [EXPECTED[n] for n in RULES]
    for name in RULES:
        lib = cache / name_of(name)
        record = json.loads(lib.with_suffix(".json").read_text())
        assert record["library_sha256"] == hashlib.sha256(lib.read_bytes()).hexdigest()
    assert len(list(cache.iterdir())) == 2 * len(RULES)


# --- 3. simulate() always answers ------------------------------------------------------------------------
def fake_compiler(tmp_path: Path, body: str) -> Path:
    """A `cc` that runs ``body`` (a shell script), noting each run in ``runs``."""
    path = tmp_path / "bin" / "cc"
    path.parent.mkdir(exist_ok=True)
    path.write_text(f"#!/bin/sh\necho $$ >> {tmp_path / 'runs'}\n{body}\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def fresh_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """This process as a fresh one opting in to the run-time build, in an install without the compiled
    kernel: no C kernel loaded, nothing said, an empty private cache."""
    monkeypatch.setattr(_ckernel, "_LOADED", {})
    monkeypatch.setattr(_ckernel, "_BROKEN", [])
    monkeypatch.setattr(_ckernel, "_WHY", {})
    monkeypatch.setattr(simulation, "_FELL_BACK_SAID", [])
    monkeypatch.setattr(simulation, "_WARNED", [])
    monkeypatch.setattr(_ckernel, "_SAID", set())
    monkeypatch.setattr(fastsim, "_compiled", None)
    monkeypatch.setenv("WAR_WIDGET_KERNEL", "build")
    monkeypatch.setenv("WAR_WIDGET_CACHE_DIR", str(tmp_path / "cache"))
    return monkeypatch


def play_all() -> tuple[list[str], list[str]]:
    """Each rule set twice (the second time on two threads): the methods and the warnings said."""
    methods = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for workers in (None, 2):
            for name in RULES:
                r = simulate(rules_of(name), GAMES, seed=1, workers=workers)
                methods.append(r.method)
                assert {f: getattr(r, f).tolist() for f in FIELDS} == EXPECTED[name]
    return methods, [str(w.message) for w in caught if w.category is FastSimulatorMissing]


def test_a_failing_compiler_means_the_engine_plays_and_says_so_once(tmp_path: Path,
                                                                    fresh_kernel: pytest.MonkeyPatch) -> None:
    """A Mac without its developer tools: `cc` is there but fails.  Every call answers with the
    engine's numbers, the reason is said once in one sentence, and the compiler is run once."""
    fake = fake_compiler(tmp_path, 'echo "xcrun: error: invalid active developer path" >&2\nexit 1')
    fresh_kernel.setenv("CC", str(fake))
    methods, said = play_all()
    assert methods == ["engine"] * 4
    assert said == [f"the compiled simulator failed here (the C compiler {fake} exited with status 1 building the "
                    "kernel: xcrun: error: invalid active developer path), so simulate() plays the games with the "
                    "engine: the same results, more slowly"]
    assert len((tmp_path / "runs").read_text().split()) == 1


def test_a_failing_compiler_with_the_compiled_kernel_installed_plays_its_general_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The opt-in build fails where the extension is installed: its general build plays the same
    games, and the failed build is said once."""
    assert fastsim.compiled_available(), "this test needs the compiled kernel (the package's build)"
    for name, empty in (("_LOADED", {}), ("_BROKEN", []), ("_WHY", {}), ("_SAID", set())):
        monkeypatch.setattr(_ckernel, name, empty)
    fake = fake_compiler(tmp_path, "exit 1")
    for name, value in (("WAR_WIDGET_KERNEL", "build"), ("WAR_WIDGET_CACHE_DIR", str(tmp_path / "cache")),
                        ("CC", str(fake))):
        monkeypatch.setenv(name, value)
    methods = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for name in (*RULES, *RULES):
            r = simulate(rules_of(name), GAMES, seed=1)
            methods.append(r.method)
            assert {f: getattr(r, f).tolist() for f in FIELDS} == EXPECTED[name]
    assert methods == ["fast"] * 4 and fastsim.kernel_build(rules_of("classic")) == "general"
    said = [str(w.message) for w in caught]
    assert said == [f"the C compiler {fake} exited with status 1 building the kernel, so the compiled simulator's "
                    "general build plays these rules: the same results"]


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting for its parent to reap it does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


def test_a_hanging_compiler_is_stopped_with_its_whole_process_group(tmp_path: Path,
                                                                    fresh_kernel: pytest.MonkeyPatch) -> None:
    """A `cc` that starts a child and sleeps: after the time limit (1 s here) the compiler and its
    child are both ended, the engine plays, said once; the next rule sets do not wait again."""
    pids = tmp_path / "pids"
    fake = fake_compiler(tmp_path, f"sleep 300 &\necho $! >> {pids}\necho $$ >> {pids}\nsleep 300")
    fresh_kernel.setenv("CC", str(fake))
    fresh_kernel.setattr(_ckernel, "BUILD_TIMEOUT", 1.0)
    start = time.perf_counter()
    methods, said = play_all()
    took = time.perf_counter() - start
    assert methods == ["engine"] * 4
    assert len(said) == 1 and f"the C compiler {fake} did not finish building the kernel within 1 s and was stopped" \
        in said[0], said
    child, compiler = map(int, pids.read_text().split())
    deadline = time.monotonic() + 5
    while (alive(child) or alive(compiler)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(child), "the compiler's child (sleep 300) is still running"
    assert not alive(compiler)
    assert len((tmp_path / "runs").read_text().split()) == 1
    assert took < 60, took                      # one 1 s wait, not one per rule set (the engine plays the rest)


def test_the_build_time_limit_can_be_set_from_the_environment(tmp_path: Path, fresh_kernel: pytest.MonkeyPatch) -> None:
    fake = fake_compiler(tmp_path, "sleep 30")
    fresh_kernel.setenv("CC", str(fake))
    fresh_kernel.setenv("WAR_WIDGET_BUILD_TIMEOUT", "0.5")
    start = time.perf_counter()
    assert _ckernel.library(flags_of("classic")) is None
    assert time.perf_counter() - start < 10
    assert "within 0.5 s" in str(_ckernel.failure(flags_of("classic")))


class Broken:
    """A loaded kernel whose calls fail (as a damaged library's might raise in ctypes)."""

    def __getattr__(self, name: str) -> Any:
        def fail(*args: object) -> None:
            raise OSError("exception: access violation reading 0x0")
        return fail


@pytest.mark.parametrize("how", ["the kernel's call", "simulate_range"])
def test_any_exception_from_the_compiled_path_falls_back_to_the_engine(fresh_kernel: pytest.MonkeyPatch,
                                                                       how: str) -> None:
    """An exception in the C kernel's call (serial and on two threads) or anywhere in the compiled
    path: the engine's numbers, said once."""
    if how == "simulate_range":
        def boom(*args: object, **kwargs: object) -> None:
            raise MemoryError("cannot allocate the rows")
        fresh_kernel.setattr(fastsim, "simulate_range", boom)
        expected = "MemoryError: cannot allocate the rows"
    else:
        fresh_kernel.setattr(_ckernel, "library", lambda flags=(): Broken())
        expected = "OSError: exception: access violation reading 0x0"
    methods, said = play_all()
    assert methods == ["engine"] * 4
    assert len(said) == 1 and expected in said[0] and "plays the games with the engine" in said[0]


def test_the_progress_bar_counts_each_game_once_when_the_engine_takes_over(fresh_kernel: pytest.MonkeyPatch) -> None:
    """The compiled path fails after it has counted some games: the bar still ends at the number of games."""
    counted: list[int] = []

    class Bar:
        def update(self, n: int) -> None:
            counted.append(n)

        def close(self) -> None:
            pass

    def half_then_fail(rules: object, seed: int, start: int, stop: int, *args: object, progress: Any = None,
                       **kwargs: object) -> None:
        progress((stop - start) // 2)
        raise RuntimeError("the kernel stopped half way")
    fresh_kernel.setattr(fastsim, "simulate_range", half_then_fail)
    fresh_kernel.setattr(simulation, "_progress_bar", lambda games, rules, show: Bar())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FastSimulatorMissing)
        r = simulate(rules_of("classic"), GAMES, seed=1, progress=True)
    assert r.method == "engine" and sum(counted) == GAMES and np.array_equal(r.lengths, EXPECTED["classic"]["lengths"])


def test_an_interrupted_build_ends_the_compilers_process_group(tmp_path: Path, fresh_kernel: pytest.MonkeyPatch
                                                               ) -> None:
    """Ctrl-C while the compiler runs: the interrupt goes on up, and the compiler and its child are ended."""
    pids = tmp_path / "pids"
    fake = fake_compiler(tmp_path, f"sleep 300 &\necho $! >> {pids}\necho $$ >> {pids}\nsleep 300")
    fresh_kernel.setenv("CC", str(fake))
    real_wait = subprocess.Popen.wait

    def interrupted(self: subprocess.Popen[bytes], timeout: float | None = None) -> int:
        if timeout is None:
            return real_wait(self)
        deadline = time.monotonic() + 10
        while not (pids.exists() and len(pids.read_text().split()) == 2) and time.monotonic() < deadline:
            time.sleep(0.05)
        raise KeyboardInterrupt
    fresh_kernel.setattr(subprocess.Popen, "wait", interrupted)
    with pytest.raises(KeyboardInterrupt):
        _ckernel.library(flags_of("classic"))
    child, compiler = map(int, pids.read_text().split())
    deadline = time.monotonic() + 5
    while (alive(child) or alive(compiler)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(child) and not alive(compiler)


def test_with_no_private_folder_at_all_the_engine_plays_and_says_why(tmp_path: Path,
                                                                    fresh_kernel: pytest.MonkeyPatch) -> None:
    """No cache (its place is a file) and a temporary folder anyone may change (mode 777, not sticky):
    nothing is built there; the engine plays, said once."""
    open_tmp = tmp_path / "open-tmp"
    open_tmp.mkdir()
    open_tmp.chmod(0o777)
    (tmp_path / "not-a-folder").write_text("")
    fresh_kernel.delenv("WAR_WIDGET_CACHE_DIR")
    fresh_kernel.setenv("XDG_CACHE_HOME", str(tmp_path / "not-a-folder"))
    fresh_kernel.setattr("tempfile.tempdir", str(open_tmp))
    fresh_kernel.setattr(_ckernel, "_SCRATCH", [])
    methods, said = play_all()
    assert methods == ["engine"] * 4 and list(open_tmp.iterdir()) == []
    assert len(said) == 1 and "there is no private folder to build the C kernel in" in said[0]
