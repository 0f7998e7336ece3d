"""The class store: one class's seats, the game the teacher dealt, the pause, and every seat's
play and answers, shared by the teacher's board and every child's kernel through one SQLite file.

Each child's page is its own kernel (Voila runs one per page) and the board is another: they
share nothing but this file.  It follows the records store's practice (``session/store.py``):
WAL, every change one ``BEGIN IMMEDIATE`` transaction that rolls back on any exception, ``KeyboardInterrupt``
included (``session.store._transact``), a ``busy_timeout`` so thirty kernels writing at once wait
for each other instead of failing.  Each seat's play and each answer is its own row of JSON, so
a damaged row is moved to ``set_aside`` (with what was wrong) and hides nothing else; a file
that SQLite cannot read at all is renamed aside (``rename_aside``, never deleted) and a fresh
class store is made, with one sentence in ``problems``.

Durability: ``synchronous=NORMAL`` (a commit is in the file's log, not yet forced to the disk), so
a committed result survives any kernel's or the server's crash or restart; forced to the disk by
``sync()`` (a checkpoint), which the board's poll and the serve command run every ``SYNC_SECONDS``:
a power cut loses at most those last seconds.  Not ``FULL`` (the records store's): thirty kernels
each forcing every beat's report to the disk queued behind each other's fsync, and a child's
next tap waited for it (bench_class: p95 over 300 ms of writes alone at 30 writers, 0.7 ms now).

How kernels learn of a change: a page polls (its browser sends a message about once a second)
and calls :meth:`ClassStore.poll`, one indexed ``SELECT`` of the class's change counter
(``meta.class_version``, raised by a deal, a pause, "new class") and of the seat's own row.

Seats (出席番号 1..``size``) are written only by the tablet that holds them: ``join`` gives the
tablet a secret (kept in the tablet's localStorage), the store keeps only its SHA-256, and every
write for a seat names the seat and its secret (``SeatTaken`` if another tablet took it over).
A seat held by another tablet is not taken without asking: ``join`` raises ``SeatInUse`` and
the page offers "take it over / choose another" (``take_over=True``).  Two seats joined together
are a pair: one tablet, two players.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ..game.codes import decode_code
from ..game.rules import PRESETS
from ..session.store import _roll_back, _transact, open_waiting, rename_aside

try:
    import sqlite3
except ImportError:          # pragma: no cover - a Python without sqlite3 (Pyodide before loading it)
    sqlite3 = None  # type: ignore[assignment]

__all__ = ["ClassStore", "Deal", "SeatRow", "Play", "Answer", "Tally", "SeatInUse", "SeatTaken", "GUESS_MODES",
           "MAX_SEATS", "SYNC_SECONDS", "FORMAT", "VERSION", "APPLICATION_ID", "QUESTION_KINDS", "check_seats"]

T = TypeVar("T")

FORMAT = "war_widget.class"
VERSION = 1
APPLICATION_ID = 0x57415243        # "WARC": a war_widget class store
MAX_SEATS = 60                     # 出席番号 1..60 at most (a class is 20 to 40)
SYNC_SECONDS = 5.0                 # a power cut loses at most this many seconds of the class (sync())
GUESS_MODES = (False, True, "number", "to10")   # "Which is bigger?": off, on, the number lesson's modes
QUESTION_KINDS = ("bigger", "stronger")
ANSWERS = (">", "=", "<")
_MAX_ROW = 1 << 20
_TABLES = ("meta", "deals", "seats", "plays", "answers", "set_aside")
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS deals (id INTEGER PRIMARY KEY, data TEXT NOT NULL, at REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seats (seat INTEGER PRIMARY KEY, secret TEXT NOT NULL, "
    "together TEXT NOT NULL, joined REAL NOT NULL, seen REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS plays (seat INTEGER NOT NULL, deal INTEGER NOT NULL, data TEXT NOT NULL, "
    "updated REAL NOT NULL, PRIMARY KEY (seat, deal))",
    "CREATE TABLE IF NOT EXISTS answers (deal INTEGER NOT NULL, seat INTEGER NOT NULL, question TEXT NOT NULL, "
    "data TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (deal, seat, question))",
    "CREATE TABLE IF NOT EXISTS set_aside (id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT NOT NULL, "
    "data TEXT NOT NULL, problem TEXT NOT NULL, at REAL NOT NULL)",
)


class SeatInUse(ValueError):
    """The seat is held by another tablet: ask the child (take it over, or choose another)."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} is in use on another tablet: take it over (take_over=True) or choose another")
        self.seat = seat


class SeatTaken(PermissionError):
    """This tablet's seat was taken over by another tablet (or the class was cleared)."""


@dataclass(frozen=True)
class Deal:
    """The game the teacher dealt to everyone: ``id`` (1, 2, ... in this class), the game number
    ``code`` (which holds the preset's rules and the deal), the preset's name and the "Which is
    bigger?" mode (False, True, "number", "to10")."""

    id: int
    code: str
    preset: str
    guess: bool | str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "code": self.code, "preset": self.preset, "guess": self.guess}


@dataclass(frozen=True)
class SeatRow:
    """A seat that joined: its number, the seats on the same tablet (itself included, lowest
    first: a pair is two), when it joined and when its tablet was last heard from (Unix time)."""

    seat: int
    together: tuple[int, ...]
    joined: float
    seen: float


@dataclass(frozen=True)
class Play:
    """A seat's play of one dealt game, as its tablet last reported it.

    ``player`` is the seat's player on its table (0; a pair's second seat 1); ``round`` the rounds
    played, ``counts`` every player's cards, ``over`` whether the game ended and ``won`` whether
    this seat's player won it (None: not over, or a draw); ``wars`` the rounds with a war,
    ``longest_war`` the most wars in one round, ``lowest`` the fewest cards this seat's player
    held (a comeback when it then won); ``asked``/``right`` the questions of this game; ``game``
    the game's JSON (``Game.to_json()``: rules, deal, beats), so a tablet that reloads goes on
    from where it was."""

    seat: int
    deal: int
    player: int = 0
    round: int = 0
    counts: tuple[int, ...] = ()
    over: bool = False
    won: bool | None = None
    wars: int = 0
    longest_war: int = 0
    lowest: int = 0
    asked: int = 0
    right: int = 0
    kind: str = "bigger"
    game: str = ""
    updated: float = 0.0

    FIELDS = ("player", "round", "counts", "over", "won", "wars", "longest_war", "lowest", "asked", "right", "kind",
              "game")

    @property
    def comeback(self) -> int:
        """Cards won back from the lowest point, in a game this seat won (else 0)."""
        return (sum(self.counts) - self.lowest) if self.won and self.counts else 0


@dataclass(frozen=True)
class Answer:
    """One seat's answer to one question of a dealt game: the question's key (the same on every
    tablet playing that deal: its round, its battle and its two cards), the question as asked
    ("7 ? 5"), the answer (> = <), whether it was right, its kind ("bigger"/"stronger")."""

    deal: int
    seat: int
    question: str
    asked: str
    symbol: str
    right: bool
    kind: str
    at: float


@dataclass(frozen=True)
class Tally:
    """How a question was answered: how many said each of > = <, how many were right, of how
    many answers (a pair's tablet counts once: its lower seat's answer)."""

    question: str
    asked: str
    counts: dict[str, int] = field(default_factory=dict)
    right: int = 0
    answers: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.question, "asked": self.asked, "counts": dict(self.counts), "right": self.right,
                "answers": self.answers}


def check_seats(seats: Any, size: int) -> tuple[int, ...]:
    """One seat number or two (a pair on one tablet), each 1..``size``, different: sorted.  Else
    a ValueError that says what is allowed."""
    if isinstance(seats, int) and not isinstance(seats, bool):
        seats = (seats,)
    if not isinstance(seats, (tuple, list)) or not 1 <= len(seats) <= 2:
        raise ValueError(f"seats must be one seat number or two (a pair on one tablet); got {seats!r}")
    out = []
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= size:
            raise ValueError(f"a seat number is a whole number from 1 to {size} (this class's seats); got {s!r}")
        out.append(s)
    if len(set(out)) != len(out):
        raise ValueError(f"a pair is two different seat numbers; got {seats!r}")
    return tuple(sorted(out))


def _check_guess(guess: Any) -> bool | str:
    if not any(guess is g or (isinstance(g, str) and guess == g) for g in GUESS_MODES):
        raise ValueError(f"guess (\"Which is bigger?\") must be False, True, 'number' or 'to10'; got {guess!r}")
    return guess  # type: ignore[no-any-return]


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _loads(text: Any) -> Any:
    if not isinstance(text, str) or len(text) > _MAX_ROW:
        raise ValueError("not a row of JSON text")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _count(value: Any, name: str, top: int = 1 << 31) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(f"{name} must be a whole number from 0 to {top}; got {str(value)[:40]}")
    return value


class ClassStore:
    """The class store at ``path`` (a SQLite file, created with its folder if missing).

    ``size`` is the number of seats the first time a class is made (later: ``set_size``).
    ``problems`` says what could not be read when it was opened (set aside, never lost)."""

    def __init__(self, path: str | os.PathLike[str], *, size: int = 40, timeout: float = 15.0,
                 clock: Callable[[], float] = time.time) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise ValueError(f"the class store needs a file path (str or pathlib.Path); got {path!r}")
        _count(size, "size", MAX_SEATS)
        if size < 1:
            raise ValueError(f"size (the number of seats) must be from 1 to {MAX_SEATS}; got {size}")
        self.path = Path(path)
        self.problems: list[str] = []
        self.damaged_file: Path | None = None
        self._timeout = timeout
        self._clock = clock
        self._size = size
        self._synced: float | None = None
        self._db = self._open()

    # --- opening --------------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if sqlite3 is None:
            raise OSError("the class store needs Python's sqlite3 module")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists() and not self.path.is_file():
            raise ValueError(f"the class store {self.path} is not a regular file")
        db = sqlite3.connect(str(self.path), timeout=self._timeout, isolation_level=None, check_same_thread=False)
        db.execute(f"PRAGMA busy_timeout = {int(self._timeout * 1000)}")
        db.execute("PRAGMA journal_size_limit = 4194304")
        return db

    def _open(self) -> sqlite3.Connection:
        def ready(db: sqlite3.Connection) -> None:
            self._prepare(db)
            self._verify(db)

        # busy (another kernel writing, a checkpoint) is waited for, then refused: never set aside
        found = open_waiting(self._connect, ready, self._timeout, f"the class store {self.path}")
        if isinstance(found, sqlite3.Connection):
            return found
        error = found
        self.damaged_file = rename_aside(self.path)
        db = self._connect()
        self._prepare(db)
        self.problems.append(f"{self.path.name} could not be read ({str(error)[:80]}); it was kept as "
                             f"{self.damaged_file.name} and a new class was started")
        return db

    def _prepare(self, db: sqlite3.Connection) -> None:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} - {"sqlite_sequence"}
        if app != APPLICATION_ID and (app != 0 or tables):
            raise ValueError(f"{self.path} is a SQLite file of another program (application_id {app:#x}); the class "
                             "store is a file war_widget makes: give the path of a new file. The file was not changed")
        if not tables:
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")          # the disk is forced by sync() (the module)
        if set(_TABLES) - tables:
            def create(db: sqlite3.Connection) -> None:
                for statement in _SCHEMA:
                    db.execute(statement)
                db.executemany("INSERT OR IGNORE INTO meta VALUES (?, ?)",
                               [("format", FORMAT), ("version", str(VERSION)), ("class_version", "1"),
                                ("class_id", secrets.token_hex(8)), ("size", str(self._size)), ("paused", "0"),
                                ("address", "")])
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {VERSION}")
            _transact(db, create)
            if tables:
                self.problems.append(f"the class store {self.path.name} had lost tables; they were made again, empty")

    def _verify(self, db: sqlite3.Connection) -> None:
        for table in _TABLES:
            db.execute(f"SELECT * FROM {table}").fetchall()
        check = db.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            raise sqlite3.DatabaseError(f"database disk image is malformed ({str(check[0][0])[:80]})")

    def sync(self, every: float = 0.0) -> bool:
        """Force what was committed to the disk (a checkpoint: the log forced, copied into the file,
        the file forced), if ``every`` seconds passed since this connection's last sync; True when
        the whole log is in the file (False: skipped, or a reader keeps part of it for now)."""
        now = time.monotonic()
        if self._synced is not None and now - self._synced < every:
            return False
        self._synced = now
        try:
            busy, log, done = self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.OperationalError:          # locked for a moment: the next sync
            return False
        return bool(busy == 0 and log == done)

    def close(self) -> None:
        """Force what was committed to the disk (``sync``), close the connection (the store cannot
        be used after)."""
        try:
            self.sync()
        finally:
            self._db.close()

    def __enter__(self) -> ClassStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _change(self, work: Callable[[sqlite3.Connection], T]) -> T:
        _roll_back(self._db)
        try:
            return _transact(self._db, work)
        except sqlite3.OperationalError as exc:        # busy beyond the timeout, disk full
            raise OSError(f"the class store {self.path} could not be written: {exc}") from None

    def _meta(self, key: str, db: sqlite3.Connection | None = None) -> str:
        row = (db or self._db).execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return "" if row is None else str(row[0])

    @staticmethod
    def _bump(db: sqlite3.Connection) -> None:
        db.execute("UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'class_version'")

    def _set_aside(self, db: sqlite3.Connection, what: str, data: str, problem: str) -> None:
        db.execute("INSERT INTO set_aside (what, data, problem, at) VALUES (?, ?, ?, ?)",
                   (what, data, problem, self._clock()))

    # --- the class ------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of seats (出席番号 1..size)."""
        try:
            return max(1, min(MAX_SEATS, int(self._meta("size"))))
        except ValueError:
            return self._size

    @property
    def class_id(self) -> str:
        """A new one for each "new class" (a tablet's remembered seat of another class is forgotten)."""
        return self._meta("class_id")

    @property
    def version(self) -> int:
        """The class's change counter: raised by a deal, a pause or resume, a new class, a size, a
        seat taken or freed."""
        try:
            return int(self._meta("class_version"))
        except ValueError:
            return 0

    @property
    def paused(self) -> bool:
        return self._meta("paused") == "1"

    @property
    def address(self) -> str:
        """The children's address (set by the command that starts the class), or ""."""
        return self._meta("address")

    def set_address(self, address: str) -> None:
        if not isinstance(address, str) or len(address) > 500:
            raise ValueError(f"the children's address must be text of at most 500 characters; got {address!r}")
        self._change(lambda db: db.execute("UPDATE meta SET value = ? WHERE key = 'address'", (address,)))

    def set_size(self, size: int) -> None:
        """The number of seats, 1..MAX_SEATS (seats above it that joined are kept)."""
        _count(size, "size", MAX_SEATS)
        if size < 1:
            raise ValueError(f"size (the number of seats) must be from 1 to {MAX_SEATS}; got {size}")

        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE meta SET value = ? WHERE key = 'size'", (str(size),))
            self._bump(db)
        self._change(work)

    def pause(self, on: bool = True) -> None:
        """Pause (or resume) every table: the pages stop their play and say "look at the teacher"."""
        if not isinstance(on, bool):
            raise ValueError(f"pause takes True or False; got {on!r}")

        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE meta SET value = ? WHERE key = 'paused'", ("1" if on else "0",))
            self._bump(db)
        self._change(work)

    def new_class(self) -> None:
        """Clear the class: every seat, deal, play and answer (what was set aside is kept); a new
        class id, so a tablet's remembered seat does not come back."""
        def work(db: sqlite3.Connection) -> None:
            for table in ("deals", "seats", "plays", "answers"):
                db.execute(f"DELETE FROM {table}")
            db.execute("UPDATE meta SET value = ? WHERE key = 'class_id'", (secrets.token_hex(8),))
            db.execute("UPDATE meta SET value = '0' WHERE key = 'paused'")
            self._bump(db)
        self._change(work)

    # --- deals ------------------------------------------------------------------------------
    def deal(self, code: str | None = None, preset: str = "number_lesson", guess: bool | str = "number") -> Deal:
        """Deal one game to everyone: the game number ``code`` (a new one of ``preset`` when None),
        with the "Which is bigger?" mode ``guess``.  A game number carries its own rules: the
        preset named is checked against it."""
        guess = _check_guess(guess)
        if not isinstance(preset, str) or preset not in PRESETS:
            raise ValueError(f"preset must be one of {', '.join(sorted(PRESETS))}; got {preset!r}")
        if code is None:
            from ..game.engine import Game
            code = Game(preset, secrets.randbits(32)).code
            assert code is not None
        if not isinstance(code, str):
            raise ValueError(f"code must be a game number (text such as the table shows); got {code!r}")
        try:
            rules, _seed = decode_code(code)
        except ValueError as exc:
            raise ValueError(f"{code!r} is not a game number: {exc}") from None
        if rules.preset_name != preset:
            raise ValueError(f"the game number {code} is a game of {rules.preset_name!r}, not {preset!r}")

        def work(db: sqlite3.Connection) -> Deal:
            row = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM deals").fetchone()
            d = Deal(int(row[0]), code, preset, guess)
            db.execute("INSERT INTO deals VALUES (?, ?, ?)", (d.id, json.dumps(d.to_dict()), self._clock()))
            db.execute("UPDATE meta SET value = '0' WHERE key = 'paused'")
            self._bump(db)
            return d
        return self._change(work)

    def deals(self) -> list[Deal]:
        """Every game dealt in this class, the first first (a damaged row is skipped)."""
        out = []
        for id_, text in self._db.execute("SELECT id, data FROM deals ORDER BY id").fetchall():
            try:
                d = _loads(text)
                out.append(Deal(int(id_), str(d["code"]), str(d["preset"]), _check_guess(d["guess"])))
            except (ValueError, KeyError, TypeError):
                continue
        return out

    @property
    def current_deal(self) -> Deal | None:
        """The last game dealt (None before the first deal)."""
        row = self._db.execute("SELECT id FROM deals ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        return next((d for d in reversed(self.deals()) if d.id == row[0]), None)

    # --- seats --------------------------------------------------------------------------------
    def join(self, seats: int | Iterable[int], *, take_over: bool = False) -> str:
        """Sit a tablet at ``seats`` (one seat, or two for a pair); its secret (keep it on the
        tablet: every write for these seats needs it).  ``SeatInUse`` if another tablet holds
        one of them, unless ``take_over``."""
        seats = check_seats(list(seats) if not isinstance(seats, int) else seats, self.size)
        if not isinstance(take_over, bool):
            raise ValueError(f"take_over must be True or False; got {take_over!r}")
        secret = secrets.token_urlsafe(18)
        now = self._clock()

        def work(db: sqlite3.Connection) -> str:
            for s in seats:
                if not take_over and db.execute("SELECT 1 FROM seats WHERE seat = ?", (s,)).fetchone():
                    raise SeatInUse(s)
            for s in seats:          # a pair taken apart: its other seat stays with the old tablet
                db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?)",
                           (s, _hash(secret), json.dumps(list(seats)), now, now))
            self._bump(db)           # the other tablets' pickers mark the seat taken
            return secret
        return self._change(work)

    def rejoin(self, seats: int | Iterable[int], secret: str) -> bool:
        """A tablet back (a reload, a wake): True if it still holds ``seats`` with ``secret``."""
        try:
            seats = check_seats(list(seats) if not isinstance(seats, int) else seats, MAX_SEATS)
        except ValueError:
            return False
        if not isinstance(secret, str):
            return False
        rows = self._db.execute(f"SELECT seat, secret FROM seats WHERE seat IN ({','.join('?' * len(seats))})",
                                seats).fetchall()
        return len(rows) == len(seats) and all(h == _hash(secret) for _, h in rows)

    def leave(self, seats: int | Iterable[int], secret: str) -> None:
        """Free the tablet's seats (what they played is kept)."""
        seats = self._own(seats, secret)

        def work(db: sqlite3.Connection) -> None:
            db.executemany("DELETE FROM seats WHERE seat = ? AND secret = ?", [(s, _hash(secret)) for s in seats])
            self._bump(db)
        self._change(work)

    def _own(self, seats: int | Iterable[int], secret: str, db: sqlite3.Connection | None = None) -> tuple[int, ...]:
        seats = check_seats(list(seats) if not isinstance(seats, int) else seats, MAX_SEATS)
        if not isinstance(secret, str) or not secret:
            raise ValueError("a seat's secret is the text join() gave this tablet")
        rows = dict((db or self._db).execute(
            f"SELECT seat, secret FROM seats WHERE seat IN ({','.join('?' * len(seats))})", seats).fetchall())
        for s in seats:
            if rows.get(s) != _hash(secret):
                raise SeatTaken(f"seat {s} is no longer this tablet's (another tablet took it, or a new class began)")
        return seats

    def poll(self, seats: int | Iterable[int] | None = None, secret: str | None = None,
             heartbeat: float = 10.0) -> tuple[int, bool]:
        """What a page asks about once a second: the class's change counter, and whether this
        tablet still holds its seats (True when it has none to hold).  Every ``heartbeat`` seconds
        the seats' ``seen`` time is written (the board's "gone quiet")."""
        version = self.version
        if seats is None or secret is None:
            return version, True
        try:
            seats = self._own(seats, secret)
        except (SeatTaken, ValueError):
            return version, False
        now = self._clock()
        marks = ",".join("?" * len(seats))
        seen = self._db.execute(f"SELECT MIN(seen) FROM seats WHERE seat IN ({marks})", seats).fetchone()[0]
        if not isinstance(seen, (int, float)) or now - seen >= heartbeat:
            self._change(lambda db: db.executemany("UPDATE seats SET seen = ? WHERE seat = ? AND secret = ?",
                                                   [(now, s, _hash(secret)) for s in seats]))
        return version, True

    def seats(self) -> list[SeatRow]:
        """The seats that joined, by number."""
        out = []
        for seat, together, joined, seen in self._db.execute(
                "SELECT seat, together, joined, seen FROM seats ORDER BY seat").fetchall():
            try:
                t = tuple(int(x) for x in _loads(together))
            except (ValueError, TypeError):
                t = (int(seat),)
            out.append(SeatRow(int(seat), t, _time(joined), _time(seen)))
        return out

    # --- play and answers ------------------------------------------------------------------------
    def report(self, seat: int, secret: str, deal: int, **play: Any) -> Play:
        """A tablet says where its game of ``deal`` stands for ``seat`` (fields of ``Play``:
        round, counts, over, won, wars, longest_war, lowest, asked, right, kind, player)."""
        unknown = set(play) - set(Play.FIELDS)
        if unknown:
            raise ValueError(f"report takes {', '.join(Play.FIELDS)}; got {', '.join(sorted(unknown))}")
        _count(deal, "deal")
        p = _play(seat, deal, play, self._clock())
        text = json.dumps({k: getattr(p, k) for k in Play.FIELDS})

        def work(db: sqlite3.Connection) -> None:
            self._own(seat, secret, db)
            db.execute("INSERT OR REPLACE INTO plays VALUES (?, ?, ?, ?)", (seat, deal, text, p.updated))
            db.execute("UPDATE seats SET seen = ? WHERE seat = ?", (p.updated, seat))
        self._change(work)
        return p

    def answer(self, seat: int, secret: str, deal: int, question: str, asked: str, symbol: str, right: bool,
               kind: str = "bigger") -> Answer:
        """A seat's answer to ``question`` (its key) of ``deal``; the first answer stands (a
        second one for the same question, e.g. after a reload replays it, is not counted)."""
        _count(deal, "deal")
        if not isinstance(question, str) or not 0 < len(question) <= 200:
            raise ValueError(f"question is the question's key, text of 1 to 200 characters; got {question!r}")
        if not isinstance(asked, str) or len(asked) > 200:
            raise ValueError(f"asked is the question as asked, text of at most 200 characters; got {asked!r}")
        if symbol not in ANSWERS:
            raise ValueError(f"an answer is one of '>', '=' or '<'; got {symbol!r}")
        if not isinstance(right, bool):
            raise ValueError(f"right must be True or False; got {right!r}")
        if kind not in QUESTION_KINDS:
            raise ValueError(f"kind must be one of {', '.join(QUESTION_KINDS)}; got {kind!r}")
        a = Answer(deal, seat, question, asked, symbol, right, kind, self._clock())
        text = json.dumps({"asked": asked, "symbol": symbol, "right": right, "kind": kind})

        def work(db: sqlite3.Connection) -> None:
            self._own(seat, secret, db)
            db.execute("INSERT OR IGNORE INTO answers VALUES (?, ?, ?, ?, ?)", (deal, seat, question, text, a.at))
        self._change(work)
        return a

    def plays(self, deal: int | None = None) -> list[Play]:
        """Every seat's play (of ``deal``, or of every deal), by seat then deal.  A row that is
        not a play is set aside (kept, with what was wrong) and left out."""
        query = "SELECT seat, deal, data, updated FROM plays"
        rows = self._db.execute(query + (" WHERE deal = ?" if deal is not None else "") + " ORDER BY seat, deal",
                                (deal,) if deal is not None else ()).fetchall()
        out, bad = [], []
        for seat, d, text, updated in rows:
            try:
                data = _loads(text)
                if not isinstance(data, dict):
                    raise ValueError("not an object")
                out.append(_play(int(seat), int(d), data, _time(updated)))
            except (ValueError, TypeError) as exc:
                bad.append((seat, d, text, str(exc)[:200]))
        if bad:
            self._put_aside("plays", bad)
        return out

    def answers(self, deal: int | None = None) -> list[Answer]:
        """Every answer (to ``deal``'s questions, or to all), in the order given."""
        query = "SELECT deal, seat, question, data, at FROM answers"
        rows = self._db.execute(query + (" WHERE deal = ?" if deal is not None else "") + " ORDER BY at, seat",
                                (deal,) if deal is not None else ()).fetchall()
        out, bad = [], []
        for d, seat, question, text, at in rows:
            try:
                data = _loads(text)
                symbol, right, kind = data["symbol"], data["right"], data["kind"]
                if symbol not in ANSWERS or not isinstance(right, bool) or kind not in QUESTION_KINDS:
                    raise ValueError("not an answer")
                out.append(Answer(int(d), int(seat), str(question), str(data.get("asked", "")), symbol, right, kind,
                                  _time(at)))
            except (ValueError, TypeError, KeyError) as exc:
                bad.append((d, seat, question, text, str(exc)[:200]))
        if bad:
            self._put_aside("answers", bad)
        return out

    def _put_aside(self, table: str, bad: list[tuple[Any, ...]]) -> None:
        """Move damaged rows of ``plays`` or ``answers`` to ``set_aside`` (the read goes on)."""
        def work(db: sqlite3.Connection) -> None:
            for row in bad:
                *key, text, problem = row
                self._set_aside(db, f"{table} {key}", text if isinstance(text, str) else repr(text), problem)
                if table == "plays":
                    db.execute("DELETE FROM plays WHERE seat = ? AND deal = ?", key)
                else:
                    db.execute("DELETE FROM answers WHERE deal = ? AND seat = ? AND question = ?", key)
        try:
            self._change(work)
        except OSError:                      # busy: set aside on a later read
            return
        self.problems.append(f"{len(bad)} damaged row(s) of {table} were set aside")

    def questions(self, deal: int) -> list[str]:
        """The keys of ``deal``'s questions answered so far, in the order first answered."""
        seen: dict[str, None] = {}
        for a in self.answers(deal):
            seen.setdefault(a.question)
        return list(seen)

    def tally(self, deal: int, question: str) -> Tally:
        """How ``question`` of ``deal`` was answered: > = < counts and how many right; a pair's
        tablet counts once."""
        pairs = {r.seat: r.together for r in self.seats()}
        counts = dict.fromkeys(ANSWERS, 0)
        right = n = 0
        asked = ""
        for a in self.answers(deal):
            if a.question != question or pairs.get(a.seat, (a.seat,))[0] != a.seat:
                continue
            counts[a.symbol] += 1
            right += a.right
            n += 1
            asked = a.asked
        return Tally(question, asked, counts, right, n)

    def set_aside(self) -> list[tuple[str, str, str]]:
        """Everything set aside: (what, the text as it was, what was wrong), oldest first."""
        return [tuple(r) for r in self._db.execute("SELECT what, data, problem FROM set_aside ORDER BY id")]


def _time(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return 0.0


def _play(seat: int, deal: int, data: dict[str, Any], updated: float) -> Play:
    """A ``Play`` from reported fields, each checked (ValueError naming a bad one)."""
    _count(seat, "seat", MAX_SEATS)
    counts = data.get("counts", ())
    if not isinstance(counts, (list, tuple)) or len(counts) > 8:
        raise ValueError(f"counts must be a list of each player's cards; got {str(counts)[:40]}")
    won = data.get("won")
    if won not in (None, True, False):
        raise ValueError(f"won must be True, False or None; got {won!r}")
    over = data.get("over", False)
    if not isinstance(over, bool):
        raise ValueError(f"over must be True or False; got {over!r}")
    kind = data.get("kind", "bigger")
    if kind not in QUESTION_KINDS:
        raise ValueError(f"kind must be one of {', '.join(QUESTION_KINDS)}; got {kind!r}")
    game = data.get("game", "")
    if not isinstance(game, str) or len(game) > 65536:
        raise ValueError("game must be the game's JSON text (Game.to_json())")
    nums = {k: _count(data.get(k, 0), k) for k in ("player", "round", "wars", "longest_war", "lowest", "asked",
                                                    "right")}
    if nums["right"] > nums["asked"]:
        raise ValueError(f"right ({nums['right']}) cannot be more than asked ({nums['asked']})")
    return Play(seat, deal, nums["player"], nums["round"], tuple(_count(c, "a count") for c in counts), over, won,
                nums["wars"], nums["longest_war"], nums["lowest"], nums["asked"], nums["right"], kind, game, updated)
