"""The results panel: the numbers of the game (from ``game.stats``), how it ended, a short
story derived from the round history, and the lifetime record."""
from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from ...game.stats import Leads
from ...text.i18n import counts_text, label, reason_text, record_line, register, value_text
from ...text.i18n_ja import to_kana

__all__ = ["ResultsPanel", "story", "story_of", "guess_line"]

_WAR_EN = {1: "the war", 2: "the double war", 3: "the triple war"}


def guess_line(kind: str, right: int, asked: int, lang: str = "en") -> str:
    """The results' line of the questions, as HTML, under the name of the questions asked:
    "Which is bigger? 3 of 4 right" for the numbers, "Which is stronger? ..." for a strength
    quiz (``kind``: ``Guess.kind``), never "which is bigger?" for a quiz about strength."""
    if kind not in ("bigger", "stronger"):
        raise ValueError(f"kind must be 'bigger' or 'stronger'; got {kind!r}")
    title = label("res_guess" if kind == "bigger" else "res_guess_strong", lang)
    value = label("res_guess_value", lang, right=right, asked=asked)
    return f"<p>{html.escape(title)} <b>{html.escape(value)}</b></p>"


def story(history: Sequence[tuple[int | None, int, tuple[int, ...]]], dealt: Sequence[int],
          names: Sequence[str], lang: str = "en", over: bool = True) -> str:
    """A few short sentences about the game a child can follow: who was ahead longest, what
    ended that lead, and who was ahead at the end (``over``) or is now.

    "You were ahead from round 9 to round 17.  In round 18, with the war, Computer took the
    lead.  At the end you were ahead again (You 30, Computer 22)."  Derived only from the
    engine's round history (counts after each round and wars per round)."""
    leads = Leads(tuple(dealt))
    for _, wars, counts in history:
        leads.add(wars, counts)
    last = tuple(history[-1][2]) if history else tuple(dealt)
    return story_of(leads, last, len(history), names, lang, over)


def story_of(leads: Leads, counts: Sequence[int], rounds: int, names: Sequence[str], lang: str = "en",
             over: bool = True) -> str:
    """The story from the leads kept round by round (``RunningStats.leads``): no pass over the
    history, so it costs the same at round 5,000 as at round 5."""
    lang = register(lang)
    if not rounds:
        return {"en": "No rounds played yet.", "ja": "まだ1ラウンドもめくっていません。",
                "ja_kids": "まだ 1かいも めくって いないよ。", "ja_kana": "まだ 1かいも めくって いないよ。"}[lang]
    best = leads.best
    if best is None:
        return {"en": "Nobody was ever ahead: the counts stayed level.",
                "ja": "どちらもリードしないまま、ずっと同じ枚数でした。",
                "ja_kids": "ずっと おなじ まいすうだったよ。", "ja_kana": "ずっと おなじ まいすうだったよ。"}[lang]
    length, first, who = best.length, best.first, best.who
    end = first + length  # first round without this leader (== rounds + 1 if it lasted)
    last = rounds
    text = _SAY[lang]
    sentences = [text["stretch"](names[who], first, end - 1, end > last, over, last)]
    if end <= last:
        sentences.append(text["lost"](end, best.ended_wars, best.next_leader, names))
        final = leads.now
        final_counts = counts_text(names, counts, lang)
        sentences.append(text["final"](None if final is None else names[final], final == who, over, final_counts))
    join: str = text["join"]
    return join.join(sentences)


def _be(name: str) -> str:
    return f"{'you' if name in ('You', 'you') else name} {'were' if name in ('You', 'you') else 'was'}"


def _en_stretch(name: str, first: int, until: int, to_end: bool, over: bool, last: int) -> str:
    since = "the deal" if first == 0 else f"round {first}"
    head = _be(name)
    head = head[0].upper() + head[1:]
    if to_end:
        return f"{head} ahead from {since} to the end (round {last})." if over else \
            f"{head} ahead from {since} until now (round {last})."
    if until == first:
        return f"{head} ahead in round {first} only."
    return f"{head} ahead from {since} to round {until}."


def _en_lost(rnd: int, wars: int, new: int | None, names: Sequence[str]) -> str:
    how = f", with {_WAR_EN.get(wars, f'a {wars}-fold war')}," if wars else ""
    if new is None:
        return f"In round {rnd}{how} the counts became level."
    who = "you" if names[new] in ("You", "you") else names[new]
    return f"In round {rnd}{how} {who} took the lead."


def _en_final(name: str | None, again: bool, over: bool, counts: str) -> str:
    when = "At the end" if over else "Now"
    if name is None:
        return f"{when} the counts {'were' if over else 'are'} level ({counts})."
    verb = ("were" if over else "are") if name in ("You", "you") else ("was" if over else "is")
    who = "you" if name in ("You", "you") else name
    return f"{when} {who} {verb} ahead{' again' if again else ''} ({counts})."


def _ja_stretch(name: str, first: int, until: int, to_end: bool, over: bool, last: int) -> str:
    since = "配ったとき" if first == 0 else f"{first}ラウンド目"
    if to_end:
        return (f"{name}は{since}から最後（{last}ラウンド目）までリードしていました。" if over
                else f"{name}は{since}から、いま（{last}ラウンド目）までずっとリードしています。")
    if until == first:
        return f"{name}は{first}ラウンド目だけリードしていました。"
    return f"{name}は{since}から{until}ラウンド目までリードしていました。"


def _ja_lost(rnd: int, wars: int, new: int | None, names: Sequence[str]) -> str:
    how = "" if not wars else ("の戦争" if wars == 1 else f"の{wars}回続いた戦争")
    if new is None:
        return f"{rnd}ラウンド目{how}で、同じ枚数になりました。"
    return f"{rnd}ラウンド目{how}で、{names[new]}がリードを奪いました。"


def _ja_final(name: str | None, again: bool, over: bool, counts: str) -> str:
    """Who is ahead at the end (or now) and the counts, said as counts: never 「リードしていました
    （あなた0枚、コンピューター52枚）」."""
    when, be = ("最後は", "でした") if over else ("いまは", "です")
    if name is None:
        return f"{when}{counts}で、同じ枚数{be}。"
    if again:
        return f"{name}がリードを取り返し、{when}{counts}{be}。"
    return f"{when}{counts}で、{name}のほうが多く持って{'いました' if over else 'います'}。"


def _kid_stretch(name: str, first: int, until: int, to_end: bool, over: bool, last: int) -> str:
    since = "はじめ" if first == 0 else f"{first}かいめ"
    if to_end:
        return (f"{name}は {since}から さいごまで ずっと おおく もって いたよ。" if over
                else f"{name}は {since}から いままで ずっと おおく もって いるよ。")
    if until == first:
        return f"{name}は {first}かいめだけ おおく もって いたよ。"
    return f"{name}は {since}から {until}かいめまで おおく もって いたよ。"


def _kid_lost(rnd: int, wars: int, new: int | None, names: Sequence[str]) -> str:
    how = "の もういっしょうぶ" if wars else ""
    if new is None:
        return f"{rnd}かいめ{how}で おなじ まいすうに なったよ。"
    return f"{rnd}かいめ{how}で {names[new]}が おいこしたよ。"


def _kid_final(name: str | None, again: bool, over: bool, counts: str) -> str:
    """Who has more cards at the end (or now), with the counts: never 「また おおく なったよ」."""
    when = "さいごは" if over else "いまは"
    if name is None:
        return f"{when} おなじ まいすう{'だったよ' if over else 'だよ'}（{counts}）。"
    more = f"{name}が おおく もって {'いたよ' if over else 'いるよ'}"
    return f"{when} {'また ' if again else ''}{more}（{counts}）。"


_SAY: dict[str, dict[str, Any]] = {
    "en": {"stretch": _en_stretch, "lost": _en_lost, "final": _en_final, "join": " "},
    "ja": {"stretch": _ja_stretch, "lost": _ja_lost, "final": _ja_final, "join": ""},
    "ja_kids": {"stretch": _kid_stretch, "lost": _kid_lost, "final": _kid_final, "join": ""},
}
# the first-grade register: the children's sentences with no kanji
def _in_kana(say: Callable[..., str]) -> Callable[..., str]:
    return lambda *args: to_kana(say(*args))


_SAY["ja_kana"] = {**{k: _in_kana(f) for k, f in _SAY["ja_kids"].items() if k != "join"}, "join": ""}


class ResultsPanel:
    """Rounds, wars, wars won, longest streak, largest lead, how it ended, the story, the record,
    as HTML (``value``: the table component shows it under the table).

    ``numbers`` holds the values shown, for tests and for screen readers."""

    def __init__(self) -> None:
        self.value = ""
        self.numbers: dict[str, Any] = {}
        self.story = ""
        # more lines from the lesson features (guess.py): f(lang) -> (HTML, numbers), shown last
        self.extras: list[Callable[[str], tuple[str, dict[str, Any]]]] = []

    def update(self, session: Any, you: int | None) -> None:
        """Show the session's game; ``you`` is the seat the numbers speak for (None: everyone).

        ``numbers`` holds plain whole numbers for ``you`` (``numbers["wars_won"] == 2``), or one
        number per player's name when the numbers speak for everyone (``{"Player 1": 2, ...}``).
        The numbers come from the session's running statistics (no pass over the history)."""
        game, names, lang, record = session.game, session.names, session.reg, session.record
        stats = session.stats
        seats = [you] if you is not None else list(range(len(names)))

        def pick(values: Sequence[int]) -> int | dict[str, int]:
            return values[you] if you is not None else {names[p]: values[p] for p in seats}

        self.numbers = {
            "rounds": stats.rounds, "wars": stats.wars,
            "wars_won": pick(stats.wars_won),
            "longest_streak": pick(stats.longest_streak),
            "largest_lead": pick(stats.largest_lead),
            "ended": reason_text(game.outcome.reason, lang) if game.outcome else label("res_playing", lang),
        }
        self.story = story_of(stats.leads, game.counts, stats.rounds, names, lang, over=game.outcome is not None)

        def per(kind: str, values: int | dict[str, int]) -> str:
            if isinstance(values, int):
                return html.escape(value_text(kind, values, lang))
            return html.escape(label("v_sep", lang).join(
                label("v_per", lang, name=name, value=value_text(kind, v, lang)) for name, v in values.items()))

        wars_won_label = label("res_wars_won" if you is not None else "res_wars_won_all", lang)
        rows = [(label("res_rounds", lang), html.escape(value_text("rounds", stats.rounds, lang))),
                (label("res_wars", lang), html.escape(value_text("times", stats.wars, lang))),
                (wars_won_label, per("times", self.numbers["wars_won"])),
                (label("res_streak", lang), per("streak", self.numbers["longest_streak"])),
                # whose lead: every player's largest, by name ("You 0 · Computer 14", not a bare 0)
                (label("res_lead", lang), per("cards", {names[p]: v for p, v in enumerate(stats.largest_lead)})),
                (label("res_ended", lang), html.escape(self.numbers["ended"]))]
        cells = "".join(f"<tr><td style='padding-right:1em'>{html.escape(k)}</td><td><b>{v}</b></td></tr>"
                        for k, v in rows)
        if record is None:
            rec = html.escape(label("res_record_off", lang))
        else:
            rec = html.escape(record_line(record, lang))  # no 0連勝, no 0戦0勝 (text/i18n.py)
        title = label("res_record" if you is not None else "res_record_cpu_only", lang)
        colon = ": " if register(lang) == "en" else "："
        if record is None and register(lang) != "en":  # 「戦績は残していません。」 says it all
            title = colon = ""
        self.value = (f"<div role='status'><b>{html.escape(label('res_title', lang))}</b>"
                      f"<table>{cells}</table><p><i>{html.escape(self.story)}</i></p>"
                      f"<p>{html.escape(title)}{colon}{rec}</p>{self._extra_html(lang)}</div>")

    def _extra_html(self, lang: str) -> str:
        out = []
        for extra in self.extras:
            text, numbers = extra(lang)
            self.numbers.update(numbers)
            out.append(text)
        return "".join(out)
