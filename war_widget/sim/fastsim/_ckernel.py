"""The C kernel (``kernel.c``) built at run time with the machine's C compiler, loaded with ctypes: opt-in
(``WAR_WIDGET_KERNEL=build``), for rule sets the extension has no specialised build for.

Each rule set gets its own build, the rules in force fixed as constants (``-DFIX_SHORTAGE=1``...), so
the compiler drops every branch of a rule not in force: about half a second of ``cc -O2`` the first
time, a cached shared library (a few tens of KB) after that.  Without a compiler, on a build error or
a build that runs past :data:`BUILD_TIMEOUT` seconds (``$WAR_WIDGET_BUILD_TIMEOUT``), :func:`library`
returns None, :func:`failure` says why, and the caller plays otherwise (the extension's general build
or the engine).

Nothing is loaded that this user did not build.  The cache is a private folder: created by this user,
owned by this user (``st_uid == os.getuid()``), mode 0700, not a symbolic link, in folders no other user
can write (a sticky folder such as ``/tmp`` excepted), checked every time before use; a folder that
fails is refused and said so once (:class:`CacheNotPrivate`).  Where builds go: ``$WAR_WIDGET_CACHE_DIR``
if set (refused if not private), else the user cache directory (platformdirs; made private if an older
version left it only readable by others), else, with nowhere private to keep builds, a fresh
``tempfile.mkdtemp()`` folder for this process, removed at exit.  Beside each library lies its record
(``.json``): the SHA-256 of the library and of the source, flags and compiler it was built from.  Before
loading, the file's digest is recomputed and the record compared with what this build would be; anything
else (truncated, empty, altered, another rule set's library, a file with no record) is rebuilt, never
loaded.  Library and record are each written under a temporary name and renamed into place, so processes
building the same rules at once never see half a file.  ``$CC`` names the compiler (else ``cc``, ``gcc``
or ``clang`` on the PATH); it runs in a process group of its own, ended whole if it overruns.
"""
from __future__ import annotations

import atexit
import ctypes
import hashlib
import json
import os
import platform
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import warnings
from importlib import resources
from pathlib import Path
from typing import Any

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

__all__ = ["BUILD_TIMEOUT", "CFLAGS", "FIXED_RULES", "BuildFailed", "CacheNotPrivate", "build_flags",
           "cache_directory", "compiler", "failure", "library", "library_name", "say_failed", "source"]

CFLAGS = ("-O2", "-shared", "-fPIC", "-std=c99")
# The rule-table entries a build fixes as constants: the C macro (FIX_<name>) of each.
FIXED_RULES = {"PLAYERS": R_PLAYERS, "FACE_DOWN": R_FACE_DOWN, "CAPTURE": R_CAPTURE, "SHUFFLE_PILE": R_SHUFFLE_PILE,
               "SHORTAGE": R_SHORTAGE, "ZERO": R_ZERO, "WAR_ALL": R_WAR_ALL, "TEAMS": R_TEAMS,
               "ROUND_LIMIT": R_ROUND_LIMIT, "GOAL": R_GOAL, "DEAL": R_DEAL, "JOKER_SPLIT": R_JOKER_SPLIT,
               "LOW_BEATS_ACE": R_LOW_BEATS_ACE, "LOWEST": R_LOWEST, "DETECT": R_DETECT, "DECK_SIZE": R_DECK_SIZE,
               "LAST_WINNER_MATTERS": R_LAST_WINNER_MATTERS}
#: seconds a build may take before the compiler's whole process group is ended (``cc -O2`` takes
#: about half a second); ``$WAR_WIDGET_BUILD_TIMEOUT`` overrides it
BUILD_TIMEOUT = 10.0
RECORD_FORMAT = 1
_MAX_LIBRARY = 64 << 20          # bytes: a kernel is a few tens of KB; a bigger file is not ours
_MAX_RECORD = 64 << 10
_LOCK = threading.Lock()
_LOADED: dict[tuple[str, ...], ctypes.CDLL | None] = {}
_WHY: dict[tuple[str, ...], str] = {}   # why library(flags) gave None
_BROKEN: list[str] = []          # the compiler failed or hung once: not run again by this process
_SCRATCH: list[Path] = []        # this process's own build folder, when there is no private cache
_SAID: set[str] = set()          # the refusals already said


class CacheNotPrivate(UserWarning):
    """A cache folder for the C kernel was refused because other users could change it (said once)."""


class BuildFailed(UserWarning):
    """The run-time build failed and another compiled build plays instead (said once a process)."""


class _Refused(Exception):
    """A folder is not private: the one sentence that says why."""


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


def failure(flags: tuple[str, ...] = ()) -> str | None:
    """Why :func:`library` returned None for ``flags`` (a clause: "the C compiler ... exited with status 1")."""
    return _WHY.get(flags)


# --- private folders ---------------------------------------------------------------------------------
def _uid() -> int:
    return os.getuid()


def _check_private(path: Path) -> None:
    """Refuse ``path`` unless it is a folder (not a link) of this user that no other user can read or write."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        raise _Refused(f"{path} is a symbolic link")
    if not stat.S_ISDIR(st.st_mode):
        raise _Refused(f"{path} is not a folder")
    if st.st_uid != _uid():
        raise _Refused(f"{path} belongs to another user (uid {st.st_uid})")
    if st.st_mode & 0o077:
        raise _Refused(f"{path} is open to other users (mode {stat.S_IMODE(st.st_mode):o}, not 700)")


def _check_ancestors(path: Path) -> None:
    """Refuse a folder above the cache that another user could change (and so swap the cache
    folder for one of theirs): each must belong to this user or root, and be writable by no one
    else unless sticky (as /tmp is: there only a folder's owner can rename it)."""
    for folder in (path, *path.parents):
        st = os.stat(folder)
        if st.st_uid not in (0, _uid()):
            raise _Refused(f"{folder} belongs to another user (uid {st.st_uid}), who could replace what is in it")
        if st.st_mode & 0o022 and not st.st_mode & stat.S_ISVTX:
            raise _Refused(f"{folder} can be written by other users (mode {stat.S_IMODE(st.st_mode):o})")


def _private_folder(path: Path, tighten: bool = False) -> Path:
    """``path`` as a private folder: each missing folder created (mode 0700) and checked, the existing
    ones above checked (:func:`_check_ancestors`).  ``tighten``: a folder of ours that others may only
    read (an older version made the default cache 0755) is made 0700.  Raises :class:`_Refused` for a
    folder that is not private, OSError when it cannot be made."""
    path = Path(os.path.abspath(path))
    missing: list[str] = []
    top = path
    while not os.path.lexists(top):
        missing.append(top.name)
        top = top.parent
    if not missing:                                     # the folder exists: it, not a link to it
        top = Path(os.path.realpath(path.parent))
        _check_ancestors(top)
        folder = top / path.name
        st = os.lstat(folder)
        if (tighten and stat.S_ISDIR(st.st_mode) and st.st_uid == _uid() and not st.st_mode & 0o022
                and st.st_mode & 0o077):
            os.chmod(folder, 0o700)                     # lstat: a folder, not a link; no one else can swap it
        _check_private(folder)
        return folder
    folder = Path(os.path.realpath(top))
    if not folder.is_dir():
        raise NotADirectoryError(f"{folder} is not a folder")
    _check_ancestors(folder)
    for name in reversed(missing):
        folder = folder / name
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:                         # made by another process at the same moment
            pass
        _check_private(folder)
    return folder


def _say(sentence: str) -> None:
    if sentence not in _SAID:
        _SAID.add(sentence)
        warnings.warn(sentence, CacheNotPrivate, stacklevel=4)


def say_failed(sentence: str) -> None:
    """Say once a process that a build failed and what plays instead (:class:`BuildFailed`)."""
    if "failed" not in _SAID:
        _SAID.add("failed")
        warnings.warn(sentence, BuildFailed, stacklevel=5)


def cache_directory() -> Path | None:
    """The private folder where builds are kept (checked now, see the module docstring), None when
    there is none: then :func:`library` builds in a temporary folder of this process."""
    if not hasattr(os, "getuid"):       # no owners to check here (not a POSIX system): nothing is kept
        return None
    chosen = os.environ.get("WAR_WIDGET_CACHE_DIR")
    if chosen:
        try:
            return _private_folder(Path(chosen))
        except (_Refused, OSError) as why:
            _say(f"WAR_WIDGET_CACHE_DIR={chosen} is not a private folder ({_reason(why)}), so the C kernel is not "
                 "kept there: it is built in a temporary folder for this process")
            return None
    try:
        import platformdirs
        default = Path(platformdirs.user_cache_dir("war_widget")) / "kernels"
    except Exception:  # noqa: BLE001 - no home directory, or no platformdirs: no cache
        return None
    try:
        return _private_folder(default, tighten=True)
    except _Refused as why:
        _say(f"the C kernel's cache {default} is not private ({why}), so it is not used: the kernel is built "
             "in a temporary folder for this process")
    except OSError:                     # no home, a read-only one (a service account): nothing to say
        pass
    return None


def _reason(why: BaseException) -> str:
    if isinstance(why, OSError) and why.strerror:
        return f"it cannot be made: {why.strerror.lower()}"
    return str(why)


def _scratch() -> Path | None:
    """This process's own build folder (``mkdtemp``: a fresh name, mode 0700, in a temporary folder
    no other user can change), removed when this process exits; None if it cannot be made."""
    if not _SCRATCH:
        try:
            _check_ancestors(Path(os.path.realpath(tempfile.gettempdir())))
            made = Path(tempfile.mkdtemp(prefix="war_widget-"))
        except (_Refused, OSError):
            return None
        atexit.register(_remove_scratch, made, os.getpid())
        _SCRATCH.append(made)
    return _SCRATCH[0]


def _remove_scratch(folder: Path, owner: int) -> None:
    if os.getpid() == owner:            # not from a forked child that exits first
        shutil.rmtree(folder, ignore_errors=True)


# --- records and verified reads ----------------------------------------------------------------------
def _inputs(cc: str, code: str, flags: tuple[str, ...]) -> dict[str, Any]:
    """What a build is made from, as its record holds it."""
    real = os.path.realpath(cc)
    try:
        st = os.stat(real)
        made_by: list[Any] = [real, st.st_size, st.st_mtime_ns]
    except OSError:
        made_by = [real, -1, -1]
    return {"format": RECORD_FORMAT, "source_sha256": hashlib.sha256(code.encode()).hexdigest(),
            "compiler": cc, "compiler_file": made_by, "cflags": list(CFLAGS), "flags": list(flags),
            "machine": platform.machine(), "platform": sys.platform}


def library_name(flags: tuple[str, ...] = (), cc: str | None = None) -> str | None:
    """The file name of the build with ``flags`` (a hash of source, compiler, machine and flags), None
    without a compiler."""
    cc = cc or compiler()
    if cc is None:
        return None
    key = hashlib.sha256("\0".join([source(), cc, platform.machine(), sys.platform, *CFLAGS, *flags]).encode())
    return f"war_kernel_{key.hexdigest()[:24]}.so"


def _record_path(library: Path) -> Path:
    return library.with_suffix(".json")


def _read_own_file(path: Path, limit: int) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (not a link) of this user that no one else can
    write, at most ``limit`` bytes; else None."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != _uid() or st.st_mode & 0o022 or st.st_size > limit:
            return None
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read(limit + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def _verified(library: Path, inputs: dict[str, Any]) -> bool:
    """Whether ``library`` is the build of ``inputs``: its record says so and its bytes have the
    digest recorded."""
    raw = _read_own_file(_record_path(library), _MAX_RECORD)
    data = _read_own_file(library, _MAX_LIBRARY)
    if raw is None or not data:
        return False
    try:
        record = json.loads(raw)
    except ValueError:
        return False
    return bool(record == {**inputs, "library_sha256": hashlib.sha256(data).hexdigest()})


def _replace_with(target: Path, data: bytes, work: Path) -> None:
    """Write ``data`` to ``target`` whole: under a temporary name in ``work``, then renamed."""
    part = work / f"{target.name}.part"
    with open(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(part, target)


# --- the build -----------------------------------------------------------------------------------------
def _timeout() -> float:
    try:
        chosen = float(os.environ.get("WAR_WIDGET_BUILD_TIMEOUT", BUILD_TIMEOUT))
    except ValueError:
        return BUILD_TIMEOUT
    return chosen if chosen > 0 else BUILD_TIMEOUT


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """End the compiler and every process it started (its own session's process group), then reap it."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait()


def _build(cc: str, code: str, flags: tuple[str, ...], target: Path, inputs: dict[str, Any]) -> str | None:
    """Compile ``code`` with ``flags`` into ``target`` and write its record; None when done, else why not."""
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=target.parent))
    try:
        c_file, so_file, log = work / "kernel.c", work / "kernel.so", work / "log"
        c_file.write_text(code, encoding="utf-8")
        limit = _timeout()
        with open(log, "wb") as out:
            try:
                process = subprocess.Popen([cc, *CFLAGS, *flags, "-o", str(so_file), str(c_file)], cwd=work,
                                           stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                           start_new_session=True)
            except OSError as exc:
                return f"the C compiler {cc} could not be started ({exc.strerror or exc})"
            try:
                status = process.wait(timeout=limit)
            except subprocess.TimeoutExpired:
                _end_group(process)
                return f"the C compiler {cc} did not finish building the kernel within {limit:g} s and was stopped"
            except BaseException:
                _end_group(process)
                raise
        if status != 0:
            said = [line.strip() for line in log.read_text(errors="replace").splitlines() if line.strip()]
            how = f"exited with status {status}" if status > 0 else f"was ended by signal {-status}"
            last = f": {said[-1][:200]}" if said else ""
            return f"the C compiler {cc} {how} building the kernel{last}"
        try:
            data = so_file.read_bytes()
        except OSError:
            return f"the C compiler {cc} wrote no library"
        if not data:
            return f"the C compiler {cc} wrote an empty library"
        record = json.dumps({**inputs, "library_sha256": hashlib.sha256(data).hexdigest()}, sort_keys=True)
        os.chmod(so_file, 0o700)
        os.replace(so_file, target)
        _replace_with(_record_path(target), record.encode(), work)
        return None
    finally:
        shutil.rmtree(work, ignore_errors=True)


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
    be built here (no compiler, a failed or overrunning build; :func:`failure` says why)."""
    with _LOCK:
        if flags in _LOADED:
            return _LOADED[flags]
        try:
            lib, why = _load(flags)
        except _Refused as refused:
            lib, why = None, f"the C kernel's folder changed before loading ({refused})"
        except Exception as exc:  # noqa: BLE001 - any failure here means "no C kernel", said by failure()
            lib, why = None, f"the C kernel could not be loaded ({type(exc).__name__}: {exc})"
        _LOADED[flags] = lib
        if why is not None:
            _WHY[flags] = why
        return lib


def _load(flags: tuple[str, ...]) -> tuple[ctypes.CDLL | None, str | None]:
    """The verified build of ``flags``, built first if there is none; else None and why not."""
    if _BROKEN:
        return None, _BROKEN[0]
    cc = compiler()
    if cc is None:
        return None, (f"the compiler CC={os.environ['CC']} was not found" if "CC" in os.environ
                      else "no C compiler was found")
    code = source()
    name = library_name(flags, cc)
    folder = cache_directory() or _scratch()
    if folder is None or name is None:
        return None, "there is no private folder to build the C kernel in"
    _check_private(folder)
    target = folder / name
    inputs = _inputs(cc, code, flags)
    if not _verified(target, inputs):
        why = _build(cc, code, flags, target, inputs)
        if why is not None:
            _BROKEN[:] = [why]
            return None, why
        if not _verified(target, inputs):
            return None, f"the C kernel built in {folder} does not match its record"
    _check_private(folder)                      # checked again just before loading
    return _declare(ctypes.CDLL(str(target))), None
