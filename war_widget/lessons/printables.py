"""Print-ready pages for the comparison lesson, made from the code so they never drift from it.

- ``record_sheet``: a pair records each battle as 「○ > ○」: two blank circles for the numbers and a
  box for the sign, with a number line 0-13 to point at, and a reflection at the bottom;
- ``dot_cards``: one card for each rank A-K with its number (A = 1 ... K = 13, from
  ``text.number_mode.number_value``) as dots in ten-frames, each dot numbered so the pips are counted
  one by one, and the sum the frames show ("13 = 10 + 3");
- ``rules_card``: how to play in pairs with real cards, in the children's words.

Every page is one HTML document (A4, the style sheet ``print.css`` beside this module, inlined) in
English or in Japanese; the Japanese pages children read keep to the kanji of grades 1-2.
"""
from __future__ import annotations

import html
from importlib import resources

from ..game.cards import Card
from ..text.i18n import check_lang
from ..text.number_mode import number_value

__all__ = ["RANKS", "number_line_svg", "ten_frames_svg", "record_sheet", "dot_cards", "rules_card", "page"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _css() -> str:
    return resources.files("war_widget.lessons").joinpath("print.css").read_text(encoding="utf-8")


def page(title: str, body: str, lang: str, kids: bool = False) -> str:
    """A whole HTML document around ``body`` (the sheets' style inlined, so one file prints alone)."""
    cls = " class='kids'" if kids else ""
    return (f"<!DOCTYPE html>\n<html lang='{check_lang(lang)}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title><style>\n{_css()}</style></head><body{cls}>\n{body}\n</body></html>\n")


def number_line_svg(marks: tuple[int, ...] = (), top: int = 13, width: int = 640) -> str:
    """A number line 0..``top`` with a dot over each of ``marks`` (the two cards' numbers)."""
    step = (width - 40) / top
    ticks = "".join(f"<line x1='{20 + i * step:.1f}' y1='30' x2='{20 + i * step:.1f}' y2='42' stroke='#222'/>"
                    f"<text x='{20 + i * step:.1f}' y='60' font-size='16' text-anchor='middle'>{i}</text>"
                    for i in range(top + 1))
    dots = "".join(f"<circle cx='{20 + m * step:.1f}' cy='22' r='8' fill='#c62828' data-mark='{m}'/>" for m in marks)
    return (f"<svg class='numberline' role='img' aria-label='0-{top}' width='{width}' height='68' "
            f"viewBox='0 0 {width} 68'><line x1='20' y1='36' x2='{width - 20}' y2='36' stroke='#222' "
            f"stroke-width='2'/>{ticks}{dots}</svg>")


def ten_frames_svg(n: int, size: int = 24) -> str:
    """``n`` dots (1-20) in ten-frames of 2 x 5, each dot numbered 1, 2, 3 ... to count one by one."""
    if not 0 <= n <= 20:
        raise ValueError(f"ten_frames_svg shows 0 to 20 dots; got {n!r}")
    frames = 2 if n > 10 else 1
    gap = size // 2
    width = 5 * size + 8
    height = frames * (2 * size + 8) + (frames - 1) * gap
    parts = []
    for f in range(frames):
        y0 = f * (2 * size + 8 + gap)
        parts.append(f"<rect x='1' y='{y0 + 1}' width='{width - 2}' height='{2 * size + 6}' fill='none' "
                     f"stroke='#222' stroke-width='2' data-frame='{f}'/>")
        for cell in range(10):
            r, c = divmod(cell, 5)
            x, y = 4 + c * size, y0 + 4 + r * size
            parts.append(f"<rect x='{x}' y='{y}' width='{size}' height='{size}' fill='none' stroke='#999'/>")
            k = f * 10 + cell + 1
            if k <= n:
                parts.append(f"<circle class='dot' cx='{x + size / 2}' cy='{y + size / 2}' r='{size * 0.4:.1f}' "
                             f"fill='#1565c0'/><text x='{x + size / 2}' y='{y + size / 2 + 4}' font-size='11' "
                             f"fill='#fff' text-anchor='middle'>{k}</text>")
    return (f"<svg class='tenframe' role='img' aria-label='{n}' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}'>{''.join(parts)}</svg>")


_WORDS: dict[str, dict[str, str]] = {
    "en": {"sheet": "Which is bigger? My record", "name": "Name", "date": "Date", "round": "Round",
           "mine": "My card", "sign": "> = <", "partner": "My partner's card", "say": "Say it",
           "line_help": "Put a finger on each number on the number line: the one further right is bigger.",
           "reflect": "Today I found out:", "faces": "How did it go?  ☺  ☺☺  ☺☺☺",
           "example": "Example: K and 7 — 13 > 7 — “K is bigger”",
           "dots": "Dot cards: every card is a number", "equals": "{n} = 10 + {rest}", "is": "{rank} is {n}",
           "rules": "How to play (in pairs)",
           "values": "Card numbers"},
    "ja": {"sheet": "どっちが 大きい？ きろくカード", "name": "なまえ", "date": "ひづけ", "round": "回め",
           "mine": "じぶんの カード", "sign": "> = <", "partner": "あいての カード", "say": "ことばで いうと",
           "line_help": "数の 線で 2つの 数を ゆびで さがそう。右に ある ほうが 大きいよ。",
           "reflect": "きょう わかった こと：", "faces": "できたかな？  ☺  ☺☺  ☺☺☺",
           "example": "れい：Kと 7 — 13 > 7 — 「Kの ほうが 大きい」",
           "dots": "ドットカード：カードは 数", "equals": "{n} = 10 + {rest}", "is": "{rank}は {n}",
           "rules": "あそびかた（2人で）",
           "values": "カードの 数"},
}

_STEPS: dict[str, list[str]] = {
    "en": ["Shuffle the cards. Each of you takes half, face down. Do not look!",
           "Say “ready, set, go!” and turn over your top card at the same time.",
           "Which number is bigger? A is 1, J is 11, Q is 12, K is 13. Say it: “K is bigger than 7.”",
           "Write it on the record sheet: 13 > 7.",
           "The bigger card takes both cards. The same number? Turn one more card each (one more battle).",
           "Play for 10 minutes. Then count your cards."],
    "ja": ["カードを よく まぜて、半分ずつ うらむきに もつよ。見ないでね。",
           "「せーの」で 1まいずつ 同時に めくるよ。",
           "どっちの 数が 大きいかな？ Aは 1、Jは 11、Qは 12、Kは 13。"
           "「Kは 7より 大きい」と 言ってみよう。",
           "きろくカードに かこう：13 > 7",
           "大きい 数の 人が 2まい もらうよ。同じ 数なら もう1まい めくって もういっしょうぶ。",
           "10分 あそんだら、カードの 数を かぞえよう。"],
}


def record_sheet(lang: str = "en", rows: int = 8) -> str:
    """The pair's record: each row two blank circles and a sign box (「○ > ○」), a number line 0-13
    at the top, a worked example, and a reflection at the bottom."""
    w = _WORDS[check_lang(lang)]
    kids = lang == "ja"
    head = (f"<div class='page' data-printable='record_sheet'><h1>{html.escape(w['sheet'])}</h1>"
            f"<div class='meta'>{w['name']} <span></span> {w['date']} <span></span></div>"
            f"<p>{html.escape(w['line_help'])}</p>{number_line_svg((7, 13))}"
            f"<p>{html.escape(w['example'])}</p>")
    cells = "<span class='blank'></span> <span class='sign'></span> <span class='blank'></span>"
    body = "".join(f"<tr data-row='{i}'><td>{i}</td><td>{cells}</td><td></td></tr>" for i in range(1, rows + 1))
    table = (f"<table class='record'><tr><th>{w['round']}</th><th>{html.escape(w['mine'])} {w['sign']} "
             f"{html.escape(w['partner'])}</th><th>{html.escape(w['say'])}</th></tr>{body}</table>")
    foot = f"<h2>{html.escape(w['reflect'])}</h2><p style='height:22mm'></p><p>{w['faces']}</p></div>"
    return page(w["sheet"], head + table + foot, lang, kids)


def dot_cards(lang: str = "en") -> str:
    """One card a rank, A-K: the rank, its number in dots in ten-frames, the ten-frame sum."""
    w = _WORDS[check_lang(lang)]
    cards = []
    for rank in RANKS:
        n = number_value(Card.parse(rank + "S"))
        assert n is not None
        name = f"<div class='sum'>{html.escape(w['is'].format(rank=rank, n=n))}</div>" if rank in "AJQK" else ""
        sums = f"<div class='sum'>{w['equals'].format(n=n, rest=n - 10)}</div>" if n > 10 else ""
        cards.append(f"<div class='dotcard' data-rank='{rank}' data-value='{n}'><div class='rank'>{rank}</div>"
                     f"{ten_frames_svg(n)}{sums}{name}</div>")
    body = (f"<div class='page' data-printable='dot_cards'><h1>{html.escape(w['dots'])}</h1>"
            f"<div class='cards'>{''.join(cards)}</div></div>")
    return page(w["dots"], body, lang, lang == "ja")


def rules_card(lang: str = "en") -> str:
    """How to play the comparison game in pairs with a real deck, and the cards' numbers."""
    w = _WORDS[check_lang(lang)]
    steps = "".join(f"<li>{html.escape(s)}</li>" for s in _STEPS[lang])
    values = "".join(f"<td>{r}</td>" for r in RANKS)
    numbers = "".join(f"<td>{number_value(Card.parse(r + 'S'))}</td>" for r in RANKS)
    body = (f"<div class='page' data-printable='rules_card'><h1>{html.escape(w['rules'])}</h1>"
            f"<ol class='steps'>{steps}</ol><h2>{html.escape(w['values'])}</h2>"
            f"<table class='values'><tr>{values}</tr><tr>{numbers}</tr></table>"
            f"{number_line_svg()}</div>")
    return page(w["rules"], body, lang, lang == "ja")
