"""The results panel: the numbers of the game (from ``game.stats``), how it ended, a one-line
story derived from the round history, and the lifetime record."""
from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets as widgets

from ..i18n import label, reason_text

__all__ = ["ResultsPanel", "story"]

_WAR_EN = {1: "the war", 2: "the double war", 3: "the triple war"}
_WAR_JA = {1: "戦争", 2: "二重戦争", 3: "三重戦争"}


def _leaders(counts: Sequence[Sequence[int]]) -> list[int | None]:
    out: list[int | None] = []
    for c in counts:
        top = max(c)
        best = [p for p, v in enumerate(c) if v == top]
        out.append(best[0] if len(best) == 1 else None)
    return out


def story(history: Sequence[tuple[int | None, int, tuple[int, ...]]], dealt: Sequence[int],
          names: Sequence[str], lang: str = "en") -> str:
    """One line about the game: the longest time one player led, and what ended it.

    "You led from round 12 until the double war in round 31."  Derived only from the engine's
    round history (counts after each round and wars per round)."""
    if not history:
        return "No rounds played yet." if lang == "en" else "まだラウンドがありません。"
    counts = [tuple(dealt)] + [tuple(c) for _, _, c in history]
    leaders = _leaders(counts)
    best: tuple[int, int, int] | None = None  # (length, start, leader)
    start = 0
    for r in range(1, len(leaders) + 1):
        if r == len(leaders) or leaders[r] != leaders[start]:
            if leaders[start] is not None and (best is None or r - start > best[0]):
                best = (r - start, start, leaders[start])
            start = r
    if best is None:
        return ("Nobody ever led: the counts stayed level." if lang == "en"
                else "どちらもリードしないまま、同点が続きました。")
    length, first, who = best
    end = first + length  # first round without this leader (== len(counts) if it lasted)
    name = names[who]
    if lang == "en":
        since = "the deal" if first == 0 else f"round {first}"
        if end >= len(counts):
            return f"{name} led from {since} to the end (round {len(counts) - 1})."
        wars = history[end - 1][1]
        cause = f"{_WAR_EN.get(wars, f'a {wars}-fold war')} in round {end}" if wars else f"round {end}"
        return f"{name} led from {since} until {cause}."
    since = "配った時" if first == 0 else f"ラウンド {first}"
    if end >= len(counts):
        return f"{name}は{since} から最後（ラウンド {len(counts) - 1}）までリードしました。"
    wars = history[end - 1][1]
    cause = f"ラウンド {end} の{_WAR_JA.get(wars, f'{wars} 重の戦争')}" if wars else f"ラウンド {end}"
    return f"{name}は{since} から{cause}までリードしていました。"


class ResultsPanel(widgets.HTML):
    """Rounds, wars, wars won, longest streak, largest lead, how it ended, the story, the record.

    ``numbers`` holds the values shown, for tests and for screen readers."""

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(width="800px"))
        self.numbers: dict[str, Any] = {}
        self.story = ""

    def update(self, game, names: Sequence[str], lang: str, you: int | None,
               record: dict[str, int] | None) -> None:
        """Show ``game``'s numbers; ``you`` is the seat the numbers speak for (None: everyone)."""
        stats = game.stats
        seats = [you] if you is not None else list(range(len(names)))
        self.numbers = {
            "rounds": stats.rounds, "wars": stats.wars,
            "wars_won": tuple(stats.wars_won[p] for p in seats),
            "longest_streak": tuple(stats.longest_streak[p] for p in seats),
            "largest_lead": tuple(stats.largest_lead[p] for p in seats),
            "ended": reason_text(game.outcome.reason, lang) if game.outcome else label("res_playing", lang),
        }
        self.story = story(game.history, [len(h) for h in game.dealt], names, lang)

        def per(values: tuple[int, ...]) -> str:
            if you is not None:
                return str(values[0])
            return " · ".join(f"{html.escape(names[p])} {v}" for p, v in zip(seats, values))

        wars_won_label = label("res_wars_won" if you is not None else "res_wars_won_all", lang)
        rows = [(label("res_rounds", lang), str(stats.rounds)), (label("res_wars", lang), str(stats.wars)),
                (wars_won_label, per(self.numbers["wars_won"])),
                (label("res_streak", lang), per(self.numbers["longest_streak"])),
                (label("res_lead", lang), per(self.numbers["largest_lead"])),
                (label("res_ended", lang), html.escape(self.numbers["ended"]))]
        cells = "".join(f"<tr><td style='padding-right:1em'>{html.escape(k)}</td><td><b>{v}</b></td></tr>"
                        for k, v in rows)
        if record is None:
            rec = html.escape(label("res_record_off", lang))
        else:
            rec = html.escape(label("res_record_line", lang, games=record["games"], wins=record["wins"],
                                    draws=record["draws"], current=record["current_streak"],
                                    best=record["best_streak"]))
        self.value = (f"<div role='status'><b>{html.escape(label('res_title', lang))}</b>"
                      f"<table>{cells}</table><p><i>{html.escape(self.story)}</i></p>"
                      f"<p>{html.escape(label('res_record', lang))}: {rec}</p></div>")
