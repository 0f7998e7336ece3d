"""What the teacher keeps: per seat, the games, rounds and wars played and the questions right of
asked (in all and by kind), as rows and as CSV in the teacher's language.  Nothing about a child
but the seat number (and the seat they shared a tablet with).

>>> import tempfile, pathlib
>>> from war_widget.classmode.store import ClassStore
>>> store = ClassStore(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3", size=30)
>>> results_csv(store, "en").splitlines()[0].split(",")[:5]
['seat', 'partner seat', 'games', 'games finished', 'rounds']
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..text.classmode import check_board_lang, csv_headers
from .store import ClassStore

__all__ = ["SeatResult", "results", "results_csv", "csv_filename"]


@dataclass(frozen=True)
class SeatResult:
    """One seat's results in this class (every dealt game it played)."""

    seat: int
    partner: int | None
    games: int
    finished: int
    rounds: int
    wars: int
    right: int
    asked: int
    bigger_right: int
    bigger_asked: int
    stronger_right: int
    stronger_asked: int

    def row(self) -> list[object]:
        return [self.seat, "" if self.partner is None else self.partner, self.games, self.finished, self.rounds,
                self.wars, self.right, self.asked, self.bigger_right, self.bigger_asked, self.stronger_right,
                self.stronger_asked]


def results(store: ClassStore) -> list[SeatResult]:
    """Every seat that played or answered, by seat number.  A game counts once the seat has
    played a round of it; questions are counted from the answers kept, one a question."""
    plays = store.plays()
    answers = store.answers()
    partner: dict[int, int] = {}
    for row in store.seats():
        if len(row.together) == 2:
            partner[row.seat] = next(s for s in row.together if s != row.seat)
    seats = sorted({p.seat for p in plays if p.round} | {a.seat for a in answers})
    out = []
    for seat in seats:
        mine = [p for p in plays if p.seat == seat and p.round]
        said = [a for a in answers if a.seat == seat]
        by = {k: [a for a in said if a.kind == k] for k in ("bigger", "stronger")}
        out.append(SeatResult(
            seat, partner.get(seat), len(mine), sum(p.over for p in mine), sum(p.round for p in mine),
            sum(p.wars for p in mine), sum(a.right for a in said), len(said),
            sum(a.right for a in by["bigger"]), len(by["bigger"]),
            sum(a.right for a in by["stronger"]), len(by["stronger"])))
    return out


def results_csv(store: ClassStore, lang: str = "en") -> str:
    """The results as CSV text (a header row in ``lang``, "en" or "ja", then one row a seat);
    written with a byte-order mark by the board's download so that spreadsheet programs read
    the Japanese headers."""
    check_board_lang(lang)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(csv_headers(lang))
    for r in results(store):
        writer.writerow(r.row())
    return buffer.getvalue()


def csv_filename(lang: str = "en") -> str:
    """The download's file name."""
    return "class_results.csv" if check_board_lang(lang) == "en" else "クラスの結果.csv"
