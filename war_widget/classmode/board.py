"""The teacher's board: one widget for the projector, in the teacher's own Jupyter (never served to
the children), over the class store.

It shows the children's address and its QR code, the seats that joined (each one's round and
cards, who is waiting, who has gone quiet), and has the teacher's buttons: deal one game to
everyone (a game number, a preset, the "Which is bigger?" mode), pause and resume everyone, the
number lesson's tally of each question (how many said ``>``, ``=``, ``<`` and how many were
right: the counts are not even sent to the browser until the teacher reveals them), the class's
totals (wars, the longest war, the biggest comeback) as a chart, the results as CSV, and "new
class".  The browser polls (about once a second); each poll reads the store once.

>>> import tempfile, pathlib
>>> from war_widget.classmode.store import ClassStore
>>> store = ClassStore(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3", size=30)
>>> board = ClassBoard(store)
>>> board.deal_game("number_lesson-7", "number_lesson", "number").code
'number_lesson-7'
>>> board.view["deal"]["code"], board.view["joined"]
('number_lesson-7', 0)
"""
from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..game.rules import PRESETS
from ..text.classmode import board_words, check_board_lang
from ..text.i18n import preset_text
from .export import csv_filename, results_csv
from .qr import qr_svg_path
from .store import GUESS_MODES, SYNC_SECONDS, ClassStore, Deal, Play, SeatRow

__all__ = ["ClassBoard", "QUIET_AFTER", "IDLE_AFTER", "BOARD_PRESETS"]

HERE = Path(__file__).parent
QUIET_AFTER = 30.0      # seconds without a word from a tablet: "no signal" (asleep, off the Wi-Fi)
IDLE_AFTER = 20.0       # seconds since a seat's last play: "waiting" (stuck, or waiting for a partner)
BOARD_PRESETS = ("number_lesson", "number_lesson_10", "kids", "classic", "addition", "subtraction",
                 "multiplication", "place_value")


class ClassBoard(anywidget.AnyWidget):
    """The teacher's board over ``store`` (a ``ClassStore`` or its path); ``lang`` "en" or "ja"."""

    _esm = HERE / "board.js"
    _css = HERE / "board.css"

    view: Any = traitlets.Dict().tag(sync=True)       # everything the board shows (see _read)

    def __init__(self, store: ClassStore | str | Path, lang: str = "en", *,
                 clock: Callable[[], float] = time.time, **kwargs: Any) -> None:
        self.lang = check_board_lang(lang)
        self.store = store if isinstance(store, ClassStore) else ClassStore(store)
        self.clock = clock
        self.revealed: set[tuple[int, str]] = set()     # (deal, question) the teacher revealed
        self.question: str | None = None                  # the question shown (None: the latest)
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)
        self.refresh()

    # --- the teacher's buttons (each is also a method) ----------------------------------------
    def deal_game(self, code: str | None = None, preset: str = "number_lesson",
                  guess: bool | str = "number") -> Deal:
        """Deal one game to everyone (see ``ClassStore.deal``); the pause ends."""
        deal = self.store.deal(code or None, preset, guess)
        self.question = None
        self.refresh()
        return deal

    def pause(self, on: bool = True) -> None:
        """Pause (True) or resume (False) every table."""
        self.store.pause(on)
        self.refresh()

    def reveal(self, question: str | None = None, on: bool = True) -> None:
        """Show (or hide again) the tally of ``question`` (default: the one on the board)."""
        deal = self.store.current_deal
        key = question or self.view.get("question", {}).get("key")
        if deal is None or not key:
            raise ValueError("no question to reveal yet: deal a game with \"Which is bigger?\" and wait for answers")
        if key not in self.store.questions(deal.id):
            raise ValueError(f"no answers to question {key!r} in this game")
        (self.revealed.add if on else self.revealed.discard)((deal.id, key))
        self.question = key
        self.refresh()

    def show_question(self, step: int) -> None:
        """The previous (-1) or next (+1) question answered in this game."""
        keys = self._questions()
        if not keys:
            return
        now = self.view.get("question", {}).get("key")
        i = keys.index(now) if now in keys else len(keys) - 1
        self.question = keys[max(0, min(len(keys) - 1, i + step))]
        self.refresh()

    def csv(self) -> str:
        """The results as CSV text in the teacher's language (``export.results_csv``)."""
        return results_csv(self.store, self.lang)

    def new_class(self) -> None:
        """Clear the class: seats, deals, plays and answers (download the CSV first)."""
        self.store.new_class()
        self.revealed.clear()
        self.question = None
        self.refresh()

    # --- what the board shows -------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the store and show it (the browser's poll calls this); every ``SYNC_SECONDS``,
        force the class's results to the disk (``ClassStore.sync``)."""
        self.store.sync(every=SYNC_SECONDS)
        view = self._read()
        if view != self.view:
            self.view = view

    def _questions(self) -> list[str]:
        deal = self.store.current_deal
        return self.store.questions(deal.id) if deal is not None else []

    def _read(self) -> dict[str, Any]:
        store, now = self.store, self.clock()
        deal = store.current_deal
        rows = {r.seat: r for r in store.seats()}
        plays = {p.seat: p for p in store.plays(deal.id)} if deal is not None else {}
        size = store.size
        seats = [self._seat(n, rows.get(n), plays.get(n), now) for n in range(1, max([size, *rows]) + 1)]
        question: dict[str, Any] = {}
        if deal is not None:
            keys = store.questions(deal.id)
            if keys:
                key = self.question if self.question in keys else keys[-1]
                tally = store.tally(deal.id, key)
                shown = (deal.id, key) in self.revealed
                question = {"key": key, "n": keys.index(key) + 1, "of": len(keys), "asked": tally.asked,
                            "answers": tally.answers, "revealed": shown}
                if shown:                # hidden until revealed: not even in the browser before
                    question.update(counts=tally.counts, right=tally.right)
        words = board_words(self.lang)
        return {"lang": self.lang, "words": words, "size": size, "seats": seats, "joined": len(rows),
                "paused": store.paused, "deal": deal.to_dict() if deal is not None else None,
                "deal_name": preset_text(deal.preset, self.lang) if deal is not None else "",
                "question": question, "totals": _totals(list(plays.values())),
                "address": store.address, "qr": qr_svg_path(store.address) if store.address else None,
                "presets": [[p, preset_text(p, self.lang)] for p in BOARD_PRESETS if p in PRESETS],
                "guesses": [[_guess_key(g), words[f"guess_{_guess_key(g)}"]] for g in GUESS_MODES],
                "problems": list(store.problems)}

    def _seat(self, n: int, row: SeatRow | None, play: Play | None, now: float) -> dict[str, Any]:
        if row is None and play is None:
            return {"seat": n, "status": "absent"}
        status = "waiting"
        if row is not None and now - row.seen > QUIET_AFTER:
            status = "quiet"
        elif play is not None and play.over:
            status = "done"
        elif play is not None and play.round and now - play.updated <= IDLE_AFTER:
            status = "playing"
        out: dict[str, Any] = {"seat": n, "status": status if row is not None else "quiet"}
        if row is not None and len(row.together) == 2:
            out["pair"] = next(s for s in row.together if s != n)
        if play is not None:
            out.update(round=play.round, counts=list(play.counts), player=play.player, asked=play.asked,
                       right=play.right)
        return out

    def _on_msg(self, _widget: object, content: Any, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        do = content.get("do")
        try:
            if do == "poll":
                self.refresh()
            elif do == "deal":
                guess = {_guess_key(g): g for g in GUESS_MODES}.get(str(content.get("guess")), "number")
                self.deal_game(str(content.get("code") or "").strip() or None, str(content.get("preset")), guess)
            elif do == "pause":
                self.pause(bool(content.get("on")))
            elif do == "reveal":
                self.reveal(on=bool(content.get("on", True)))
            elif do == "question":
                self.show_question(-1 if content.get("step") == -1 else 1)
            elif do == "export":
                self.send({"do": "csv", "name": csv_filename(self.lang), "text": self.csv()})
            elif do == "new_class":
                self.new_class()
        except (ValueError, OSError) as exc:           # said on the board, never a traceback
            self.view = {**self.view, "error": str(exc)[:300]}


def _guess_key(guess: bool | str) -> str:
    return {False: "off", True: "on"}.get(guess, str(guess)) if isinstance(guess, bool) else str(guess)


def _totals(plays: list[Play]) -> dict[str, Any]:
    """The class's totals of one dealt game: wars, the longest war and the biggest comeback (with
    their seats), and each seat's for the chart."""
    longest = max(plays, key=lambda p: (p.longest_war, -p.seat), default=None)
    comeback = max(plays, key=lambda p: (p.comeback, -p.seat), default=None)
    return {"wars": sum(p.wars for p in plays if p.player == 0),
            "longest_war": [longest.longest_war, longest.seat] if longest and longest.longest_war else None,
            "comeback": [comeback.comeback, comeback.seat] if comeback and comeback.comeback else None,
            "seats": [[p.seat, p.wars, p.longest_war, p.comeback, p.round] for p in plays]}


def board_page() -> ClassBoard:
    """The teacher's board as the board notebook shows it: the class store and language the command
    that started the class named (``config``; in the teacher's own Jupyter, set
    ``WAR_WIDGET_CLASS`` or give ``ClassBoard(path)``)."""
    from .config import board_lang, store_path

    return ClassBoard(ClassStore(store_path()), lang=board_lang())
