"""The C kernel (``kernel.c``) built at run time with the machine's C compiler, loaded with ctypes: opt-in
(``WAR_WIDGET_KERNEL=build``), for rule sets the extension has no specialised build for.

Each rule set gets its own build, the rules in force fixed as constants (``-DFIX_SHORTAGE=1``...), so
the compiler drops every branch of a rule not in force: about half a second of ``cc -O2`` the first
time, a cached shared library (a few tens of KB) after that.  The C source is package
data, and without a compiler (or on a build error) :func:`library` returns None
and the caller falls back to the extension's general build or the engine.

Where builds go (the first writable of): ``$WAR_WIDGET_CACHE_DIR``, the user cache directory
(platformdirs), the system temporary directory; a library is written under a temporary name and
renamed into place, so processes building the same rules at once never see half a file.
``$CC`` names the compiler (else ``cc``, ``gcc`` or ``clang`` on the PATH).
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
from importlib import resources
from pathlib import Path

import numpy as np

from .table import (
    R_CAPTURE,
    R_DEAL,
    R_DECK_SIZE,
    R_DETECT,
    R_FACE_DOWN,
    R_GATHER,
    R_GOAL,
    R_JOKER_SPLIT,
    R_LAST_WINNER_MATTERS,
    R_LOW_BEATS_ACE,
    R_LOWEST,
    R_PLAYERS,
    R_ROUND_LIMIT,
    R_SHORTAGE,
    R_SHUFFLE_PILE,
    R_TEAMS,
    R_WAR_ALL,
    R_ZERO,
)

__all__ = ["CFLAGS", "FIXED_RULES", "build_flags", "cache_directory", "compiler", "library", "source"]

CFLAGS = ("-O2", "-shared", "-fPIC", "-std=c99")
# The rule-table entries a build fixes as constants: the C macro (FIX_<name>) of each.
FIXED_RULES = {"PLAYERS": R_PLAYERS, "FACE_DOWN": R_FACE_DOWN, "CAPTURE": R_CAPTURE, "SHUFFLE_PILE": R_SHUFFLE_PILE,
               "SHORTAGE": R_SHORTAGE, "ZERO": R_ZERO, "WAR_ALL": R_WAR_ALL, "TEAMS": R_TEAMS,
               "ROUND_LIMIT": R_ROUND_LIMIT, "GOAL": R_GOAL, "DEAL": R_DEAL, "JOKER_SPLIT": R_JOKER_SPLIT,
               "LOW_BEATS_ACE": R_LOW_BEATS_ACE, "LOWEST": R_LOWEST, "DETECT": R_DETECT, "DECK_SIZE": R_DECK_SIZE,
               "LAST_WINNER_MATTERS": R_LAST_WINNER_MATTERS}
_LOCK = threading.Lock()
_LOADED: dict[tuple[str, ...], ctypes.CDLL | None] = {}


def source() -> str:
    """The kernel's C source (package data)."""
    return resources.files(__package__).joinpath("kernel.c").read_text(encoding="utf-8")


def compiler() -> str | None:
    """The C compiler to use: ``$CC`` if set (None when it is not found), else cc, gcc or clang."""
    if "CC" in os.environ:
        return shutil.which(os.environ["CC"])
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return found
    return None


def build_flags(table: np.ndarray, fixed: bool = True) -> tuple[str, ...]:
    """The -D flags that fix this rule table's rules (none with ``fixed=False``: every rule read
    from the table at run time, one build for all rule sets)."""
    if not fixed:
        return ()
    flags = [f"-DFIX_{name}={int(table[index])}" for name, index in FIXED_RULES.items()]
    players = int(table[R_PLAYERS])
    gathers = {int(g) for g in table[R_GATHER:R_GATHER + players]}
    if len(gathers) == 1:
        flags.append(f"-DFIX_GATHER={gathers.pop()}")
    return tuple(flags)


def _writable(directory: Path) -> bool:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=directory):
            pass
    except OSError:
        return False
    return True


def cache_directory() -> Path | None:
    """The first writable place for builds (see the module docstring), None if there is none."""
    places: list[Path] = []
    if os.environ.get("WAR_WIDGET_CACHE_DIR"):
        places.append(Path(os.environ["WAR_WIDGET_CACHE_DIR"]))
    try:
        import platformdirs
        places.append(Path(platformdirs.user_cache_dir("war_widget")) / "kernels")
    except Exception:  # noqa: BLE001 - no home directory, or no platformdirs: the next place
        pass
    uid = os.getuid() if hasattr(os, "getuid") else "user"
    places.append(Path(tempfile.gettempdir()) / f"war_widget-{uid}")
    for place in places:
        if _writable(place):
            return place
    return None


def _build(cc: str, code: str, flags: tuple[str, ...], target: Path) -> bool:
    """Compile ``code`` with ``flags`` into ``target`` (written under a temporary name, then renamed)."""
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        c_file = Path(work) / "kernel.c"
        c_file.write_text(code, encoding="utf-8")
        so_file = Path(work) / target.name
        try:
            done = subprocess.run([cc, *CFLAGS, *flags, "-o", str(so_file), str(c_file)], capture_output=True,
                                  text=True, timeout=120, check=False)
        except (OSError, subprocess.SubprocessError):
            return False
        if done.returncode != 0 or not so_file.exists():
            return False
        os.replace(so_file, target)
    return True


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    u64, i64, ptr = ctypes.c_uint64, ctypes.c_int64, ctypes.c_void_p
    lib.war_play_games.argtypes = [u64, i64, ptr, i64, ptr, i64]
    lib.war_play_games.restype = None
    lib.war_play_from.argtypes = [ptr, ptr, u64, i64, ptr]
    lib.war_play_from.restype = i64
    lib.war_layout.argtypes = [ptr]
    lib.war_layout.restype = None
    return lib


def library(flags: tuple[str, ...] = ()) -> ctypes.CDLL | None:
    """The kernel built with ``flags`` (cached on disk and in this process), or None when it cannot
    be built here (no compiler, nothing writable, a failed build)."""
    with _LOCK:
        if flags in _LOADED:
            return _LOADED[flags]
        _LOADED[flags] = lib = _load(flags)
        return lib


def _load(flags: tuple[str, ...]) -> ctypes.CDLL | None:
    cc = compiler()
    if cc is None:
        return None
    code = source()
    key = hashlib.sha256("\0".join([code, cc, platform.machine(), sys.platform, *CFLAGS, *flags]).encode())
    name = f"war_kernel_{key.hexdigest()[:24]}.so"
    directory = cache_directory()
    scratch = None
    if directory is None:                       # nothing writable to keep it in: a directory for this process
        try:
            scratch = directory = Path(tempfile.mkdtemp(prefix="war_widget-"))
        except OSError:
            return None
    target = directory / name
    try:
        if not target.exists() and not _build(cc, code, flags, target):
            return None
        return _declare(ctypes.CDLL(str(target)))
    except OSError:
        return None
    finally:
        if scratch is not None:                 # loaded (or failed): the file is no longer needed
            shutil.rmtree(scratch, ignore_errors=True)
