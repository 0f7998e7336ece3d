"""Print-ready pages for the comparison lesson, made from the code so they never drift from it.

- ``record_sheet``: a pair records each battle as 「○ > ○」: two blank circles for the numbers and a
  box for the sign, with a number line 0-13 to point at, and a reflection with faces to colour,
  on one A4 page;
- ``dot_cards``: one card for each rank A-K with its number (A = 1 ... K = 13, from
  ``text.number_mode.number_value``) as dots in ten-frames, each dot numbered so the pips are counted
  one by one, and the sum the frames show ("13 = 10 + 3"): the desk set, nine cards to a page with
  cutting lines; ``dot_cards_board``: the same cards one to an A4 page, for the board;
- ``rules_card``: how to play in pairs with real cards, how a tie and the end of the game work, in
  the children's words, on one page.

Every page is one HTML document (A4, the style sheet ``print.css`` beside this module, inlined) in
English or in Japanese; the Japanese pages children read keep to the 80 kanji of grade 1 (the
children's register: かず, おなじ, かい in kana), so a first-grader reads the rules card.
"""
from __future__ import annotations

import html
from importlib import resources

from ..game.cards import Card
from ..text.i18n import check_lang
from ..text.number_mode import number_value

__all__ = ["RANKS", "number_line_svg", "ten_frames_svg", "faces_svg", "record_sheet", "dot_cards", "dot_cards_board",
           "rules_card", "page"]

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
                             f"fill='#1565c0'/><text x='{x + size / 2}' y='{y + size * 0.66:.1f}' "
                             f"font-size='{size * 0.46:.0f}' "
                             f"fill='#fff' text-anchor='middle'>{k}</text>")
    return (f"<svg class='tenframe' role='img' aria-label='{n}' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}'>{''.join(parts)}</svg>")


_WORDS: dict[str, dict[str, str]] = {
    "en": {"sheet": "Which is bigger? My record", "name": "Name", "date": "Date", "round": "Round",
           "mine": "My card", "sign": "> = <", "partner": "My partner's card", "say": "Say it",
           "line_help": "Put a finger on each number on the number line: the one further right is bigger.",
           "reflect": "Today I found out:", "faces": "How sure am I with > and <? Colour one face.",
           "example": "Example: K and 7 — 13 > 7 — “K is bigger”",
           "dots": "Dot cards: every card is a number", "board": "Dot cards for the board",
           "equals": "{n} = 10 + {rest}", "is": "{rank} is {n}",
           "cut": "Cut along the dashed lines.",
           "rules": "How to play (in pairs)", "values": "Card numbers", "tie": "The same number?",
           "end": "The end of the game"},
    "ja": {"sheet": "どっちが 大きい？ きろくカード", "name": "なまえ", "date": "ひづけ", "round": "かいめ",
           "mine": "じぶんの カード", "sign": "> = <", "partner": "あいての カード", "say": "ことばで いうと",
           "line_help": "かずの せんで 2つの かずを ゆびで さがそう。右に ある ほうが 大きいよ。",
           "reflect": "きょう わかった こと：", "faces": "> と < が どれくらい わかったかな？ かおに いろを ぬろう。",
           "example": "れい：Kと 7 — 13 > 7 — 「Kの ほうが 大きい」",
           "dots": "ドットカード：カードは かず", "board": "こくばんの ドットカード",
           "equals": "{n} = 10 + {rest}", "is": "{rank}は {n}",
           "cut": "てんせんで きりましょう。",
           "rules": "あそびかた（2人で）", "values": "カードの かず", "tie": "おなじ かずの ときは？",
           "end": "おわりかた"},
}

# The rules card: how to play, then a tie, then the end, in the order the game meets them.  The
# rules are those of the number lesson (the kids' rules with A = 1): no card face down in a tie,
# won cards under your pile, your last card played again when you have none to turn (zero="reuse"),
# and a time limit: more cards wins, the same is a draw (tests/lessons checks them on the engine).
_STEPS: dict[str, dict[str, list[str]]] = {
    "en": {"play": ["Shuffle the cards. Each of you takes half, face down. Do not look!",
                    "Say “ready, set, go!” and turn over your top card at the same time.",
                    "Which number is bigger? A is 1, J is 11, Q is 12, K is 13. Say it: “K is bigger than 7.”",
                    "The bigger card takes both cards. Put them under your pile."],
           "tie": ["Leave the two cards on the table. Each of you turns one more card: one more battle.",
                   "The bigger card takes all the cards on the table. The same again? One more battle again.",
                   "No card left to turn? Your last card stays in and plays again."],
           "end": ["A player who wins all the cards wins the game.",
                   "When the time is up (10 minutes), count your cards. More cards wins. The same number is a draw."]},
    "ja": {"play": ["カードを よく まぜて、はんぶんずつ うらむきに もつよ。見ないでね。",
                    "「せーの」で 1まいずつ どうじに めくるよ。",
                    "どっちの かずが 大きいかな？ Aは 1、Jは 11、Qは 12、Kは 13。"
                    "「Kは 7より 大きい」と いって みよう。",
                    "大きい かずの 人が 2まい もらって、じぶんの 山の 下に 入れるよ。"],
           "tie": ["2まいは そのまま おいて、もう1まいずつ めくって もういっしょうぶ。",
                   "大きい かずの 人が ばの カードを ぜんぶ もらうよ。また おなじ かずなら、また もういっしょうぶ。",
                   "めくる カードが ない ときは、さいごに 出した カードで もういちど しょうぶ するよ。"],
           "end": ["カードを ぜんぶ あつめた 人の かち。",
                   "10ぷん たったら、カードを かぞえよう。おおい 人の かち。おなじ かずなら ひきわけ。"]},
}


def faces_svg(size_mm: int = 26) -> str:
    """Three faces to colour (unsure, nearly, sure), outlines only, each ``size_mm`` wide."""
    mouths = ("M 14 36 Q 25 30 36 36", "M 14 33 L 36 33", "M 13 31 Q 25 42 37 31")
    faces = "".join(
        f"<svg class='face' data-face='{i}' viewBox='0 0 50 50' width='{size_mm}mm' height='{size_mm}mm'>"
        f"<circle cx='25' cy='25' r='23' fill='none' stroke='#222' stroke-width='1.5'/>"
        f"<circle cx='17' cy='19' r='2.5' fill='#222'/><circle cx='33' cy='19' r='2.5' fill='#222'/>"
        f"<path d='{m}' fill='none' stroke='#222' stroke-width='1.5'/></svg>" for i, m in enumerate(mouths))
    return f"<div class='faces'>{faces}</div>"


def record_sheet(lang: str = "en", rows: int = 8) -> str:
    """The pair's record on one A4 page: each row two blank circles and a sign box (「○ > ○」), a
    number line 0-13 at the top, a worked example, and a reflection with three faces to colour."""
    w = _WORDS[check_lang(lang)]
    kids = lang == "ja"
    head = (f"<div class='page sheet' data-printable='record_sheet'><h1>{html.escape(w['sheet'])}</h1>"
            f"<div class='meta'>{w['name']} <span></span> {w['date']} <span></span></div>"
            f"<p>{html.escape(w['line_help'])}</p>{number_line_svg((7, 13))}"
            f"<p>{html.escape(w['example'])}</p>")
    cells = "<span class='blank'></span> <span class='sign'></span> <span class='blank'></span>"
    body = "".join(f"<tr data-row='{i}'><td>{i}</td><td>{cells}</td><td></td></tr>" for i in range(1, rows + 1))
    table = (f"<table class='record'><tr><th>{w['round']}</th><th>{html.escape(w['mine'])} {w['sign']} "
             f"{html.escape(w['partner'])}</th><th>{html.escape(w['say'])}</th></tr>{body}</table>")
    foot = (f"<div class='reflect'><div class='write'><b>{html.escape(w['reflect'])}</b></div>"
            f"<div><p>{html.escape(w['faces'])}</p>{faces_svg()}</div></div></div>")
    return page(w["sheet"], head + table + foot, lang, kids)


def _dot_card(rank: str, w: dict[str, str], size: int) -> str:
    n = number_value(Card.parse(rank + "S"))
    assert n is not None
    name = f"<div class='sum'>{html.escape(w['is'].format(rank=rank, n=n))}</div>" if rank in "AJQK" else ""
    sums = f"<div class='sum'>{w['equals'].format(n=n, rest=n - 10)}</div>" if n > 10 else ""
    return (f"<div class='dotcard' data-rank='{rank}' data-value='{n}'><div class='rank'>{rank}</div>"
            f"{ten_frames_svg(n, size)}{sums}{name}</div>")


def dot_cards(lang: str = "en") -> str:
    """The desk set: one card a rank, A-K, nine to an A4 page with cutting lines: the rank, its
    number in dots in ten-frames, the ten-frame sum."""
    w = _WORDS[check_lang(lang)]
    cards = [_dot_card(rank, w, 28) for rank in RANKS]
    title = f"<p class='cut'>{html.escape(w['dots'])} — {html.escape(w['cut'])}</p>"
    sheets = "".join(f"<div class='page' data-printable='dot_cards'>{title if i == 0 else ''}"
                     f"<div class='cards'>{''.join(cards[i:i + 9])}</div></div>" for i in range(0, len(cards), 9))
    return page(w["dots"], sheets, lang, lang == "ja")


def dot_cards_board(lang: str = "en") -> str:
    """The board set: the same thirteen cards, one to an A4 page, big enough to read across a room."""
    w = _WORDS[check_lang(lang)]
    sheets = "".join(f"<div class='page boardcard' data-printable='dot_cards_board'>{_dot_card(rank, w, 120)}</div>"
                     for rank in RANKS)
    return page(w["board"], sheets, lang, lang == "ja")


def rules_card(lang: str = "en") -> str:
    """How to play the comparison game in pairs with a real deck: the play, a tie, the end of the
    game, and the cards' numbers, on one A4 page."""
    w = _WORDS[check_lang(lang)]
    steps = _STEPS[lang]

    def ol(key: str, start: int) -> str:
        return (f"<ol class='steps' data-part='{key}' start='{start}'>"
                + "".join(f"<li>{html.escape(s)}</li>" for s in steps[key]) + "</ol>")

    values = "".join(f"<td>{r}</td>" for r in RANKS)
    numbers = "".join(f"<td>{number_value(Card.parse(r + 'S'))}</td>" for r in RANKS)
    n_play, n_tie = len(steps["play"]), len(steps["tie"])
    body = (f"<div class='page' data-printable='rules_card'><h1>{html.escape(w['rules'])}</h1>{ol('play', 1)}"
            f"<h2>{html.escape(w['tie'])}</h2>{ol('tie', n_play + 1)}"
            f"<h2>{html.escape(w['end'])}</h2>{ol('end', n_play + n_tie + 1)}"
            f"<h2>{html.escape(w['values'])}</h2>"
            f"<table class='values'><tr>{values}</tr><tr>{numbers}</tr></table>"
            f"{number_line_svg()}</div>")
    return page(w["rules"], body, lang, lang == "ja")
