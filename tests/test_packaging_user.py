"""The README's first command for a normal user (issue 20): its install step (``python3 -m venv
.venv && . .venv/bin/activate && pip install -e ".[notebook]"``) run by an unprivileged user in a
copy of the checkout that user owns, with a HOME of its own and the system's ``python3`` first in
PATH (Debian's, as on a fresh machine: root's pyenv Python is not readable by other users); then,
as that user, ``war_widget`` imports from the clone, ``jupyter lab --version`` answers and
JupyterLab starts with the README's own flags and serves.

Run as root (CI), the user is ``nobody`` (``setpriv``); run as anyone else, the test runs as that
user.  ``tests/test_packaging.py`` runs the same step as root."""
from __future__ import annotations

import os
import pwd
import shlex
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_packaging import ROOT, checkout_files, quick_start_command

SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
# What a user's shell passes on: pip's settings (index, certificates, wheels folder), proxies,
# the locale.  Nothing of root's Python (PYTHONPATH, VIRTUAL_ENV, pyenv).
PASSED = ("PIP_", "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "no_proxy", "NO_PROXY",
          "SSL_CERT_", "REQUESTS_CA_BUNDLE", "LANG", "LC_ALL", "TZ")


def _user() -> tuple[int, int, str]:
    """(uid, gid, name) of the user the test plays: nobody under root, else the current user."""
    if os.geteuid() == 0:
        entry = pwd.getpwnam("nobody")
    else:
        entry = pwd.getpwuid(os.geteuid())
    return entry.pw_uid, entry.pw_gid, entry.pw_name


def as_user(args: list[str], home: Path) -> list[str]:
    """``args`` run as the test's user with a clean environment (its HOME, the system's PATH)."""
    env = [f"{k}={v}" for k, v in sorted(os.environ.items()) if k.startswith(PASSED)]
    env += [f"HOME={home}", f"PATH={SYSTEM_PATH}", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_INPUT=1",
            f"XDG_CACHE_HOME={home}/.cache", f"JUPYTER_RUNTIME_DIR={home}/jr"]
    command = ["env", "-i", *env, *args]
    if os.geteuid() != 0:
        return command
    uid, gid, _ = _user()
    return ["setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups", *command]


@pytest.fixture(scope="module")
def user_clone() -> Iterator[tuple[Path, Path, float]]:
    """A copy of the checkout owned by the test's user, its HOME, and the install step run there
    as that user (seconds it took)."""
    uid, gid, _ = _user()
    top = Path(tempfile.mkdtemp(prefix="war-widget-user-", dir="/tmp"))
    try:
        top.chmod(0o755)                         # the user can reach its folders
        clone, home = top / "war-widget", top / "home"
        for name in checkout_files():
            target = clone / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target)
        home.mkdir()
        if os.geteuid() == 0:
            for folder, dirs, files in os.walk(top):
                for name in [*dirs, *files]:
                    os.chown(Path(folder) / name, uid, gid, follow_symlinks=False)
            os.chown(top, uid, gid)
        install = quick_start_command().split(" && jupyter lab")[0]
        started = time.perf_counter()
        done = subprocess.run(as_user(["bash", "-euo", "pipefail", "-c", install], home), cwd=clone,
                              capture_output=True, text=True, timeout=1500, check=False)
        seconds = time.perf_counter() - started
        assert done.returncode == 0, (f"the install step failed for {_user()[2]}:\n"
                                      f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
        yield clone, home, seconds
    finally:
        shutil.rmtree(top, ignore_errors=True)


def test_the_user_is_not_root_and_uses_the_systems_python(user_clone: tuple[Path, Path, float]) -> None:
    clone, home, seconds = user_clone
    print(f"quick start install as {_user()[2]}: {seconds:.0f} s")
    code = "import os, sys; print(os.geteuid(), sys.base_prefix, sys.prefix)"
    done = subprocess.run(as_user([str(clone / ".venv" / "bin" / "python"), "-c", code], home), cwd=home,
                          capture_output=True, text=True, timeout=120, check=True)
    euid, base, prefix = done.stdout.split()
    assert int(euid) == _user()[0]
    if os.geteuid() == 0:
        assert int(euid) != 0
        assert not base.startswith("/root")          # not root's pyenv: the system's python3
    assert prefix == str(clone / ".venv")
    assert (clone / ".venv").stat().st_uid == _user()[0]   # made by the user, in the clone


def test_the_user_imports_war_widget_and_plays(user_clone: tuple[Path, Path, float]) -> None:
    clone, home, _ = user_clone
    code = ("import war_widget, war_widget.sim.fastsim._compiled, voila; from war_widget import Game; "
            "g = Game('classic', seed=3); g.play_to_end(); print(war_widget.__file__, sum(g.counts) + len(g.table))")
    done = subprocess.run(as_user([str(clone / ".venv" / "bin" / "python"), "-c", code], home), cwd=home,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    where, cards = done.stdout.split()
    assert where == str(clone / "war_widget" / "__init__.py") and cards == "52"     # the editable install


def test_the_user_starts_jupyterlab(user_clone: tuple[Path, Path, float]) -> None:
    clone, home, _ = user_clone
    jupyter = str(clone / ".venv" / "bin" / "jupyter")
    version = subprocess.run(as_user([jupyter, "lab", "--version"], home), cwd=clone, capture_output=True,
                             text=True, timeout=300, check=False)
    assert version.returncode == 0 and version.stdout.strip()[:1].isdigit(), version.stderr[-2000:]
    flags = shlex.split(quick_start_command().split(" && jupyter lab")[1])[:-1]      # --allow-root
    notebook = shlex.split(quick_start_command())[-1]
    log = home / "lab.log"              # a file, not a pipe: a full pipe would block the server's shutdown
    with log.open("w") as out:
        lab = subprocess.Popen(as_user([jupyter, "lab", *flags, "--no-browser", "--ServerApp.port=0",
                                        "--ServerApp.token=", f"--ServerApp.root_dir={clone}"], home),
                               stdout=out, stderr=subprocess.STDOUT, cwd=clone)
    try:
        deadline = time.monotonic() + 300
        while "http://" not in log.read_text() and lab.poll() is None and time.monotonic() < deadline:
            time.sleep(0.5)
        lines = log.read_text().splitlines()
    finally:
        lab.terminate()
        try:
            lab.wait(timeout=30)
        except subprocess.TimeoutExpired:         # a loaded machine: the server's own shutdown may lag
            lab.kill()
            lab.wait(timeout=30)
    assert any("http://" in line for line in lines), "\n".join(lines)[-3000:]
    assert not any("Running as root" in line for line in lines)
    assert (clone / notebook).is_file()
