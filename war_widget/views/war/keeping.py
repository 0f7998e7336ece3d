"""The War widget's records: the lifetime record and the game in progress, kept in the records
file (``views.records``), and the Resume offer for a saved game.  A disk that refuses a
write stops the recording and says so; play goes on."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...game.engine import Game
from ...text.i18n import label, notice_text
from ..records import Records

if TYPE_CHECKING:
    from .app import WarWidget


def count_result(w: WarWidget) -> None:
    if w.mode != "cpu" or not w._recording:
        return
    o = w.game.outcome
    if o is None:                     # counted once the game is over
        return
    if o.winning_team is not None:
        result = "win" if o.winning_team == 0 else "loss"
    elif o.winner is not None:
        result = "win" if o.winner == 0 else "loss"
    elif o.loser is not None:
        result = "loss" if o.loser == 0 else "win"
    else:
        result = "draw"
    w._safely(w._records.add_result, result)


def save(w: WarWidget) -> None:
    if not w._recording or w._records.path is None:
        return
    if w.game.is_over:
        if w._saved_round != -2:
            w._safely(w._records.clear_game)
            w._saved_round = -2
        return
    if w.game.round_number == w._saved_round:
        return
    try:
        text = w.game.to_json()
    except ValueError:  # rules with a callable policy cannot be saved
        return
    used = w._time_used + (w._now() - w._started_at if w._started_at is not None else 0.0)
    w._safely(w._records.save_game, {"game": text, "mode": w.mode, "opponent": w.opponent,
                                     "time_limit": w._time_limit, "time_used": used})
    w._saved_round = w.game.round_number
    w.resume_button.layout.display = "none"  # the saved game is now this one


def open_records(w: WarWidget, path) -> Records:
    """The records file, or records kept in memory if the file cannot be used at all."""
    try:
        return Records(path)
    except (ValueError, OSError) as exc:
        w._records_problem = exc  # said when shown, in the register then known (a kids widget: children's words)
        w._recording = False
        return Records(None)


def safely(w: WarWidget, fn: Callable, *args: Any) -> None:
    """Write the records file; if the disk refuses, keep playing, stop recording, say so."""
    try:
        fn(*args)
    except OSError as exc:
        w._recording = False
        w._sync(lambda: setattr(w.controls.records, "value", False))
        w._notify(notice_text("records", exc, w._reg))


def offer_resume(w: WarWidget, saved: dict) -> None:
    try:
        game = Game.from_json(saved["game"])
    except ValueError:
        return
    if game.is_over:
        return
    w.resume_button.layout.display = None
    w._notify(label("notice_resume", w._reg, code=game.code or "-", round=game.round_number))
