"""Reading the rows of a damaged records store page by page, without SQLite's b-tree.

A store with a malformed page, cut short by a page, or with a damaged header cannot be queried
whole: SQLite stops at the first bad page.  Its rows still lie in the file, each in a table leaf
page (SQLite's file format, https://sqlite.org/fileformat2.html).  ``salvage(path)`` reads every
page of the file (and the committed frames of its write-ahead log) that parses as a table leaf,
decodes each cell as a row, and keeps the rows that have the shape of one of the store's tables.
A page that does not parse gives nothing; every other page gives its rows.

Which copy of a row wins (a file holds old copies of rows in free pages): a row of the log over
one of the file (the log is newer), and among the file's copies of the record the one with the
most games (the record only grows, except by a reset); of a game in progress the latest saved.
"""
from __future__ import annotations

import json
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Salvaged", "salvage"]

_MAGIC = b"SQLite format 3\x00"
_PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)


@dataclass
class Salvaged:
    """The rows read from a damaged store, by table."""

    record: str | None = None                              # the record row's JSON text
    games: dict[str, tuple[str, float]] = field(default_factory=dict)   # slot -> (data, updated)
    meta: dict[str, str] = field(default_factory=dict)
    set_aside: dict[int, tuple[str, str, str, float]] = field(default_factory=dict)
    found_format: bool = False                             # a meta row naming our format was read

    @property
    def rows(self) -> int:
        return (self.record is not None) + len(self.games) + len(self.meta) + len(self.set_aside)


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    value = 0
    for k in range(9):
        if i >= len(buf):
            raise ValueError("varint past the end")
        b = buf[i]
        i += 1
        if k == 8:
            return (value << 8) | b, i
        value = (value << 7) | (b & 0x7F)
        if b < 0x80:
            return value, i
    raise ValueError("bad varint")   # pragma: no cover


def _values(payload: bytes) -> list[Any]:
    """A record's values (SQLite's record format)."""
    size, i = _varint(payload, 0)
    if not 1 <= size <= len(payload):
        raise ValueError("bad record header")
    types: list[int] = []
    while i < size:
        t, i = _varint(payload, i)
        types.append(t)
    pos, out = size, list[Any]()
    for t in types:
        if t == 0:
            out.append(None)
        elif 1 <= t <= 6:
            n = (1, 2, 3, 4, 6, 8)[t - 1]
            out.append(int.from_bytes(payload[pos:pos + n], "big", signed=True))
            pos += n
        elif t == 7:
            out.append(struct.unpack(">d", payload[pos:pos + 8])[0])
            pos += 8
        elif t in (8, 9):
            out.append(t - 8)
        elif t >= 12:
            n = (t - 12) // 2
            chunk = payload[pos:pos + n]
            if len(chunk) != n:
                raise ValueError("value past the end")
            out.append(chunk.decode("utf-8") if t % 2 else bytes(chunk))
            pos += n
        else:
            raise ValueError("reserved serial type")
    if pos > len(payload):
        raise ValueError("record past the end")
    return out


class _Pages:
    """The pages of a file (and of its log frames): page number -> bytes."""

    def __init__(self, data: bytes, size: int) -> None:
        self.size = size
        self.pages = {n + 1: data[n * size:(n + 1) * size] for n in range(len(data) // size)}

    def get(self, n: int) -> bytes | None:
        return self.pages.get(n)


def _cells(page: bytes, number: int, pages: _Pages) -> list[tuple[int, list[Any]]]:
    """The (rowid, values) of a table leaf page; [] if it is not one."""
    start = 100 if number == 1 else 0
    if len(page) < start + 8 or page[start] != 0x0D:
        return []
    usable = pages.size
    count = int.from_bytes(page[start + 3:start + 5], "big")
    out = []
    for k in range(min(count, usable // 4)):
        at = start + 8 + 2 * k
        ptr = int.from_bytes(page[at:at + 2], "big")
        try:
            length, i = _varint(page, ptr)
            rowid, i = _varint(page, i)
            local_max = usable - 35
            if length <= local_max:
                payload = page[i:i + length]
            else:
                m = (usable - 12) * 32 // 255 - 23
                local = m + (length - m) % (usable - 4)
                local = local if local <= local_max else m
                payload = page[i:i + local]
                nxt = int.from_bytes(page[i + local:i + local + 4], "big")
                hops = 0
                while len(payload) < length and nxt and hops < 4096:
                    over = pages.get(nxt)
                    if over is None:
                        raise ValueError("overflow page missing")
                    payload += over[4:]
                    nxt = int.from_bytes(over[:4], "big")
                    hops += 1
                payload = payload[:length]
            if len(payload) != length:
                raise ValueError("cell cut short")
            out.append((rowid, _values(payload)))
        except (ValueError, UnicodeDecodeError, struct.error):
            continue
    return out


def _shape(found: Salvaged, rowid: int, values: list[Any], from_log: bool) -> bool:
    """Keep a row that has the shape of one of the store's tables; True if kept."""
    if len(values) == 2 and values[0] is None and rowid == 1 and isinstance(values[1], str):
        try:
            data = json.loads(values[1])
        except ValueError:
            return False
        if not isinstance(data, dict) or "games" not in data:
            return False
        if from_log or found.record is None or _games(found.record) <= data.get("games", 0):
            found.record = values[1]
        return True
    if len(values) == 3 and isinstance(values[0], str) and isinstance(values[1], str):
        try:
            data = json.loads(values[1])
        except ValueError:
            return False
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            return False
        updated = float(values[2]) if isinstance(values[2], (int, float)) and values[2] == values[2] else 0.0
        old = found.games.get(values[0])
        if from_log or old is None or old[1] <= updated:
            found.games[values[0]] = (values[1], updated)
        return True
    if len(values) == 2 and isinstance(values[0], str) and isinstance(values[1], str):
        if values[0] in ("format", "version", "writable_by") or values[0].startswith("imported:"):
            found.meta[values[0]] = values[1]
            found.found_format |= values == ["format", "war_widget.records"]
            return True
        return False
    if (len(values) == 5 and values[0] is None and all(isinstance(v, str) for v in values[1:4])
            and isinstance(values[4], (int, float))):
        found.set_aside[rowid] = (values[1], values[2], values[3], float(values[4]))
        return True
    return False


def _games(text: str) -> int:
    try:
        value = json.loads(text).get("games", 0)
    except (ValueError, AttributeError):
        return -1
    return value if isinstance(value, int) else -1


def _read(data: bytes, size: int, log: list[tuple[int, bytes]]) -> Salvaged:
    found = Salvaged()
    pages = _Pages(data, size)
    for number, page in pages.pages.items():
        for rowid, values in _cells(page, number, pages):
            _shape(found, rowid, values, False)
    for number, page in log:
        pages.pages[number] = page
    for number, page in log:
        for rowid, values in _cells(page, number, pages):
            _shape(found, rowid, values, True)
    return found


def _log_frames(path: Path, size: int) -> list[tuple[int, bytes]]:
    """The committed frames of the write-ahead log beside ``path`` (page number, page)."""
    try:
        data = path.with_name(path.name + "-wal").read_bytes()
    except OSError:
        return []
    if len(data) < 32 or int.from_bytes(data[:4], "big") not in (0x377F0682, 0x377F0683):
        return []
    if int.from_bytes(data[8:12], "big") != size:
        return []
    salts = data[16:24]
    frames, committed, at = [], 0, 32
    while at + 24 + size <= len(data):
        head = data[at:at + 24]
        if head[8:16] != salts:
            break
        frames.append((int.from_bytes(head[:4], "big"), data[at + 24:at + 24 + size]))
        if int.from_bytes(head[4:8], "big"):      # a commit frame: everything so far is committed
            committed = len(frames)
        at += 24 + size
    return frames[:committed]


def salvage(path: Path) -> Salvaged:
    """Every row of the store at ``path`` that can be read page by page."""
    data = path.read_bytes()
    sizes: tuple[int, ...] = _PAGE_SIZES
    if data[:16] == _MAGIC:
        given = int.from_bytes(data[16:18], "big")
        given = 65536 if given == 1 else given
        if given in _PAGE_SIZES:
            sizes = (given,) + tuple(s for s in _PAGE_SIZES if s != given)
    best = Salvaged()
    for size in sizes:
        if len(data) < size and size != sizes[0]:
            continue
        found = _read(data + b"\x00" * (-len(data) % size), size, _log_frames(path, size))
        if found.rows > best.rows:
            best = found
        if found.found_format and size == sizes[0]:
            break
    return best
