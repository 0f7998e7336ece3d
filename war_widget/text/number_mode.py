"""The comparison lesson's questions and words: which number is bigger, or which card is stronger.

A card is a number the way a child counts its pips: an ace is 1 (one pip), 2 to 10 are
themselves, and the pictures are 11, 12, 13 (J, Q, K).  War's order is another thing: in most
rules the ace is the strongest card, under two-high the 2 is.  So a question about *size* is
answered by the numbers, never by who wins the battle, and a question about the game asks
"which is stronger?" and says why ("2が いちばん つよい きまり"), with no made-up numbers such as
"2（15）".

Modes (``MODES``):

- ``"number"``: every card is asked as a number, A = 1, J Q K = 11 12 13;
- ``"to10"``: the youngest: only A-10 are asked (a picture card is not a number yet; no question);
- ``"rules"``: the game's own order.  Under plain number order (K high, A = 1 low: ``ace_low``)
  that is the same as "which is bigger?"; under any other order the question is "which is
  stronger?", with the reason, and the engine's battle result is the answer.

Pure functions of cards and rules: the play session asks ``question()`` when two cards are up,
shows its buttons, and grades with ``number_truth()`` (sizes) or the engine's ``Compared`` event.

>>> from war_widget import Card, Rules
>>> q = question(Card.parse("KS"), Card.parse("7H"), Rules.preset("classic"), "number", "ja_kids")
>>> q.text, q.buttons[">"], q.buttons["="], q.buttons["<"]
('Kと 7、どっちが 大きい？', 'Kの ほうが 大きい', '同じ', '7の ほうが 大きい')
>>> question(Card.parse("KS"), Card.parse("2H"), Rules.preset("classic").replace(rank_order="two_high"),
...          "rules", "ja_kids").text
'Kと 2、どっちが つよい？（2が いちばん つよい きまり）'
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..game.cards import Card
from ..game.rules import Rules
from .i18n import register

__all__ = ["MODES", "Question", "guess_setting", "truth_of", "aid_values", "number_value", "number_truth",
           "plain_number_order", "question", "feedback", "rule_reason", "value_line", "value_question",
           "value_feedback"]

MODES = ("number", "to10", "rules")

_PICTURES = {11: "J", 12: "Q", 13: "K"}


def check_mode(mode: object) -> str:
    """``mode`` if it is one of ``MODES``, else a ValueError naming them."""
    if mode not in MODES:
        raise ValueError(f"the number mode must be one of {', '.join(map(repr, MODES))}; got {mode!r}")
    return str(mode)


def guess_setting(value: object) -> tuple[bool, str]:
    """A widget's ``guess`` argument as (on, mode): ``True`` asks about the game (``"rules"``),
    ``"number"`` / ``"to10"`` ask about the numbers, ``False`` asks nothing."""
    if isinstance(value, bool):
        return value, "rules"
    if value in MODES:
        return True, str(value)
    raise ValueError(f"guess must be True or False, or a number mode ('number': A = 1 ... K = 13, 'to10': "
                     f"A-10 only, 'rules': the game's own order); got {value!r}")


def truth_of(q: Question, a: Card, b: Card, engine_truth: str) -> str:
    """The right answer to ``q``: the numbers for a "bigger" question asked in a number mode, the
    engine's battle result for a question about the game (``engine_truth``: ">", "=" or "<" from
    its ``Compared`` event; under plain number order the two agree)."""
    return number_truth(a, b) if q.kind == "bigger" and q.mode != "rules" else engine_truth


def number_value(card: Card, mode: str = "number") -> int | None:
    """The number a child counts on ``card``: A = 1, 2-10, J Q K = 11 12 13 (``"to10"``: None for a
    picture).  A joker is no number (None)."""
    check_mode(mode)
    if not isinstance(card, Card):
        raise ValueError(f"number_value needs a Card (Card.parse('KS')); got {card!r}")
    if card.is_joker:
        return None
    value = 1 if card.rank == 14 else card.rank
    if mode == "to10" and value > 10:
        return None
    return value


def aid_values(rules: Rules) -> dict[int, int]:
    """The numbers the teaching aid writes on cards (rank -> number): J Q K are 11 12 13 in every
    order, and the ace is 1 where the rules count it so (K high).  Never a strength made up for the
    game's order: no "A = 14", no "2 = 15" (an ace has one pip)."""
    out = {11: 11, 12: 12, 13: 13}
    if rules.rank_order == "ace_low":
        out[14] = 1
    return out


def number_truth(a: Card, b: Card) -> str:
    """">", "=" or "<": how the number on ``a`` compares with the number on ``b`` (A = 1)."""
    x, y = number_value(a), number_value(b)
    if x is None or y is None:
        raise ValueError(f"a joker is not a number; got {a} and {b}")
    return ">" if x > y else "<" if x < y else "="


def plain_number_order(rules: Rules) -> bool:
    """True when the game's order is the children's number order: K strongest, A = 1 weakest, no
    suits deciding and no joker; then "which is stronger?" and "which is bigger?" agree."""
    return rules.rank_order == "ace_low" and rules.tiebreak == "none" and not rules.jokers


_REASONS = {
    "en": {"ace_high": "in these rules the ace is the strongest card", "two_high": "in these rules 2 is the strongest",
           "low_beats_ace": "in these rules the ace is the strongest, but {low} beats an ace",
           "ace_low": "in these rules K is the strongest and the ace is 1",
           "suits": "equal numbers are decided by the suit (♣<♦<♥<♠)", "joker": "a joker beats every card"},
    "ja": {"ace_high": "Aがいちばん強いきまりです", "two_high": "2がいちばん強いきまりです",
           "low_beats_ace": "Aがいちばん強いけれど、{low}だけはAに勝つきまりです",
           "ace_low": "Kがいちばん強く、Aは1のきまりです",
           "suits": "同じ数ならマークで決めるきまりです（♣<♦<♥<♠）", "joker": "ジョーカーはどの札にも勝ちます"},
    "ja_kids": {"ace_high": "Aが いちばん つよい きまり", "two_high": "2が いちばん つよい きまり",
                "low_beats_ace": "Aが いちばん つよいけど、{low}だけは Aに かつ きまり",
                "ace_low": "Kが いちばん つよくて、Aは 1の きまり",
                "suits": "同じ 数なら マークで きめる きまり（♣<♦<♥<♠）", "joker": "ジョーカーは どの カードにも かつ"},
}

_WORDS = {
    "en": {"ask_bigger": "Which is bigger: {a} or {b}?", "ask_stronger": "Which is stronger: {a} or {b}? ({why})",
           "bigger": "{a} is bigger", "same": "the same", "stronger": "{a} is stronger",
           "same_strength": "just as strong", "own": "{name}'s {card}", "your": "your {card}",
           "right": "Right: {answer}.", "wrong": "Not this time: {answer}.",
           "is": "{card} is {n}", "and": " and ", "then": ": ", "sign": "{x} {sign} {y}.", "why": "({why})"},
    "ja": {"ask_bigger": "{a}と{b}、どちらが大きい？", "ask_stronger": "{a}と{b}、どちらが強い？（{why}）",
           "bigger": "{a}のほうが大きい", "same": "同じ", "stronger": "{a}のほうが強い", "same_strength": "同じ強さ",
           "own": "{name}の{card}", "right": "正解！{answer}。",
           "wrong": "ざんねん。答えは「{answer}」です。",
           "is": "{card}は{n}", "and": "、", "then": "。", "sign": "{x} {sign} {y}です。", "why": "（{why}）"},
    "ja_kids": {"ask_bigger": "{a}と {b}、どっちが 大きい？", "ask_stronger": "{a}と {b}、どっちが つよい？（{why}）",
                "bigger": "{a}の ほうが 大きい", "same": "同じ", "stronger": "{a}の ほうが つよい",
                "same_strength": "同じ つよさ", "own": "{name}の {card}", "right": "せいかい！ {answer}。",
                "wrong": "ざんねん。こたえは「{answer}」。", "is": "{card}は {n}", "and": "、", "then": "。",
                "sign": "{x} {sign} {y}。",
                "why": "（{why}）"},
}


@dataclass(frozen=True)
class Question:
    """One question about two face-up cards: its kind ("bigger": the numbers; "stronger": the
    rules in force), what it says, why (a stronger question names its rule), and the words of
    the three answer buttons keyed by the sign they mean (">" = the first card)."""

    kind: str
    text: str
    reason: str
    buttons: dict[str, str]
    mode: str = "number"


def _glyph(card: Card, reg: str) -> str:
    if card.is_joker:
        return "Joker" if reg == "en" else "ジョーカー"
    return card.rank_name


def rule_reason(rules: Rules, lang: str = "en", cards: Sequence[Card] = ()) -> str:
    """Why the game's order is not plain number order, in words (a joker among ``cards`` first)."""
    reg = register(lang)
    if any(c.is_joker for c in cards):
        return _REASONS[reg]["joker"]
    if rules.tiebreak == "suits" and rules.rank_order == "ace_low":
        return _REASONS[reg]["suits"]
    low = _PICTURES.get(rules.lowest_rank, str(rules.lowest_rank))
    return _REASONS[reg][rules.rank_order].format(low=low)


def question(a: Card, b: Card, rules: Rules, mode: str = "number", lang: str = "en",
             names: Sequence[str] = ()) -> Question | None:
    """The question about ``a`` (the first seat's card) and ``b``, or None when ``mode`` asks
    nothing about them (``"to10"`` and a picture card, or a joker in a number mode).

    Two cards of one rank are told apart by their owners' ``names`` in the buttons."""
    check_mode(mode)
    reg = register(lang)
    words = _WORDS[reg]
    ga, gb = _glyph(a, reg), _glyph(b, reg)
    if ga == gb and len(names) >= 2:
        ga, gb = _own(words, names[0], ga), _own(words, names[1], gb)
    if mode == "rules" and not plain_number_order(rules) or (mode == "rules" and (a.is_joker or b.is_joker)):
        why = rule_reason(rules, reg, (a, b))
        return Question("stronger", words["ask_stronger"].format(a=_glyph(a, reg), b=_glyph(b, reg), why=why), why,
                        {">": words["stronger"].format(a=ga), "=": words["same_strength"],
                         "<": words["stronger"].format(a=gb)}, mode)
    if mode != "rules" and (number_value(a, mode) is None or number_value(b, mode) is None):
        return None
    return Question("bigger", words["ask_bigger"].format(a=_glyph(a, reg), b=_glyph(b, reg)), "",
                    {">": words["bigger"].format(a=ga), "=": words["same"], "<": words["bigger"].format(a=gb)}, mode)


def value_line(a: Card, b: Card, lang: str = "en") -> str:
    """The numbers of the letter cards and the sign between the two numbers: "Kは 13。13 > 7。"
    (A = 1; a number card is its own number and is not named again)."""
    reg = register(lang)
    words = _WORDS[reg]
    x, y = number_value(a), number_value(b)
    named = list(dict.fromkeys(words["is"].format(card=_glyph(c, reg), n=n) for c, n in ((a, x), (b, y))
                               if _glyph(c, reg) != str(n)))
    sign = words["sign"].format(x=x, y=y, sign=number_truth(a, b))
    return words["and"].join(named) + (words["then"] if named else "") + sign


def _verdict(q: Question, truth: str, right: bool, reg: str) -> tuple[str, str]:
    """"Right: ..." or "Not this time: ..." with the right answer in the button's words, and the
    space that follows it in the register (none in everyday Japanese)."""
    words = _WORDS[reg]
    answer = q.buttons[truth]
    if right and reg == "en":
        answer = answer[0].upper() + answer[1:]
    return words["right" if right else "wrong"].format(answer=answer), "" if reg == "ja" else " "


def feedback(q: Question, a: Card, b: Card, truth: str, right: bool, lang: str = "en") -> str:
    """What the child reads after answering: right or not, the right answer in the button's words,
    and why (the numbers for a bigger question, the rule for a stronger one)."""
    reg = register(lang)
    words = _WORDS[reg]
    head, sep = _verdict(q, truth, right, reg)
    if q.kind == "bigger":
        return f"{head}{sep}{value_line(a, b, reg)}"
    if reg == "en":
        return f"{head} {q.reason[0].upper()}{q.reason[1:]}."
    return f"{head}{words['why'].format(why=q.reason)}"


# --- the school variants (issue 18): the question is about the two values -------------------------
def _own(words: dict[str, str], name: str, card: str) -> str:
    """``card`` told apart by its owner: "Ann's 7", but "your 7" (never "You's 7")."""
    if name == "You" and "your" in words:
        return words["your"].format(card=card)
    return words["own"].format(name=name, card=card)


def value_question(a: str, b: str, lang: str = "en", names: Sequence[str] = ()) -> Question:
    """The question when each player turned up two or three cards: which VALUE is bigger, the
    two written as a child works them out (``a`` = "7 + 5", ``b`` = "3 + 6"; place value: the
    digits).  Two equal terms are told apart by their owners' ``names``.

    >>> value_question("7 + 5", "3 + 6", "ja_kids").text
    '7 + 5と 3 + 6、どっちが 大きい？'
    """
    reg = register(lang)
    words = _WORDS[reg]
    ga, gb = a, b
    if a == b and len(names) >= 2:
        ga, gb = _own(words, names[0], a), _own(words, names[1], b)
    return Question("value", words["ask_bigger"].format(a=a, b=b), "",
                    {">": words["bigger"].format(a=ga), "=": words["same"], "<": words["bigger"].format(a=gb)},
                    "number")


def value_feedback(q: Question, a: str, b: str, x: int, y: int, truth: str, right: bool, lang: str = "en") -> str:
    """What the child reads after answering a value question: right or not, the answer in the
    button's words, then both values and the sign (``a``/``b`` the expressions, "7 + 5 = 12";
    ``truth`` the engine's result)."""
    reg = register(lang)
    words = _WORDS[reg]
    head, sep = _verdict(q, truth, right, reg)
    sign = words["sign"].format(x=x, y=y, sign=truth)
    named = [e for e, n in ((a, x), (b, y)) if e != str(n)]
    return f"{head}{sep}" + (words["and"].join(named) + words["then"] if named else "") + sign
