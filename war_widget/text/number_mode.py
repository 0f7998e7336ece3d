"""The comparison lesson's questions and words: which number is bigger, or which card is stronger.

A card is a number the way a child counts its pips: an ace is 1 (one pip), 2 to 10 are
themselves, and the pictures are 11, 12, 13 (J, Q, K).  War's order is another thing: in most
rules the ace is the strongest card, under two-high the 2 is.  One number means one thing on the
screen, so the question follows the battle:

- where the battle's order IS the numbers (``plain_number_order``: K strongest, A = 1 weakest, no
  joker and no suit deciding: the number lessons ``Rules.preset("number_lesson")`` and
  ``"number_lesson_10"``) the question is "which is bigger?", and the numbers, the battle and
  the aid ("K > 7") all agree;
- under any other rules it is "which is stronger?", answered by the engine's battle, with a
  reason only when one is true and relevant to the two cards up ("Aが いちばん つよい きまり"
  only when an A meets another card; the joker; the suits when the numbers are equal), and no
  made-up numbers such as "2（15）".

So ``guess="number"`` under the kids' rules asks "which is stronger?" (our choice, over refusing
the rules: the panel can change the rules while the questions are on, and the one rule "the
question follows the battle" then holds at every moment; a teacher who wants the numbers picks
the number lesson, which the panel offers in one click).

Modes (``MODES``): ``"number"`` and ``"rules"`` ask about every pair; ``"to10"`` (the youngest)
only about two cards A-10 (a picture card or a joker is not a number yet: no question).

Pure functions of cards and rules: the play session asks ``question()`` when two cards are up,
shows its buttons, and grades with ``number_truth()`` (sizes) or the engine's ``Compared`` event.

>>> from war_widget import Card, Rules
>>> q = question(Card.parse("KS"), Card.parse("7H"), Rules.preset("number_lesson"), "number", "ja_kids")
>>> q.text, q.buttons[">"], q.buttons["="], q.buttons["<"]
('Kと 7、どっちが 大きい？', 'Kの ほうが 大きい', 'おなじ', '7の ほうが 大きい')
>>> question(Card.parse("KS"), Card.parse("2H"), Rules.preset("classic").replace(rank_order="two_high"),
...          "rules", "ja_kids").text
'Kと 2、どっちが つよい？（2が いちばん つよい きまり）'
>>> question(Card.parse("KS"), Card.parse("7H"), Rules.preset("kids"), "number", "ja_kids").text
'Kと 7、どっちが つよい？'
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..game.cards import Card
from ..game.rules import Rules
from .i18n import register
from .i18n_ja import to_kana

__all__ = ["MODES", "Question", "guess_setting", "truth_of", "aid_values", "number_value", "number_truth",
           "plain_number_order", "place_value_values", "question_kind", "question", "feedback", "rule_reason",
           "value_line", "value_question", "value_feedback", "strength_truth"]

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
    raise ValueError(f"guess must be True or False, or a number mode ('number': every pair, 'to10': A-10 only, "
                     f"'rules': every pair; the question follows the battle, 'which is bigger?' with A = 1 ... "
                     f"K = 13 in the number lessons, e.g. rules='number_lesson'); got {value!r}")


def truth_of(q: Question, a: Card, b: Card, engine_truth: str) -> str:
    """The right answer to ``q``: the engine's battle result (``engine_truth``: ">", "=" or "<" from
    its ``Compared`` event).  A "bigger" question is asked only where the battle's order is the
    numbers, so there the numbers say the same (``number_truth``); a mismatch is a bug, said loudly."""
    if q.kind == "bigger" and not (a.is_joker or b.is_joker) and number_truth(a, b) != engine_truth:
        raise RuntimeError(f"a 'which is bigger?' question about {a} and {b} under rules whose battle "
                           f"says {engine_truth!r}: the question must follow the battle")
    return engine_truth


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
    order, the ace is 1 where the rules count it so (K high), a 10 is 0 under place value.  Never a
    strength made up for the game's order: no "A = 14", no "2 = 15" (an ace has one pip)."""
    out = {11: 11, 12: 12, 13: 13}
    if rules.rank_order == "ace_low":
        out[14] = 1
    out.update(place_value_values(rules))
    return out


def place_value_values(rules: Rules) -> dict[int, int]:
    """What a card counts as where that is not its face: under place value a 10 is the digit 0
    (rank -> number; shown on the card, "=0", with or without the aids: it is the rule)."""
    return {10: 0} if rules.battle_value == "place_value" else {}


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


def question_kind(rules: Rules) -> str:
    """"bigger" where the battle's order is the numbers (the number lessons; the school variants
    compare values, also numbers), else "stronger": the one kind of question of a game."""
    return "bigger" if rules.school or plain_number_order(rules) else "stronger"


def strength_truth(a: Card, b: Card, rules: Rules) -> str:
    """">", "=" or "<": how ``a`` fares against ``b`` in a battle of the two under ``rules`` (the
    rules' own ``best``, the engine's comparison; used to tell which reason is relevant)."""
    best = rules.best([a, b])
    return "=" if len(best) == 2 else ">" if best == [0] else "<"


_REASONS = {
    "en": {"ace_high": "in these rules the ace is the strongest card", "two_high": "in these rules 2 is the strongest",
           "two_high_ace": "in these rules the ace is the strongest after 2",
           "low_beats_ace": "in these rules the ace is the strongest, but {low} beats an ace",
           "ace_low": "in these rules K is the strongest and the ace is 1",
           "suits": "equal numbers are decided by the suit (♣<♦<♥<♠)", "joker": "a joker beats every card"},
    "ja": {"ace_high": "Aがいちばん強いきまりです", "two_high": "2がいちばん強いきまりです",
           "two_high_ace": "2のつぎにAが強いきまりです",
           "low_beats_ace": "Aがいちばん強いけれど、{low}だけはAに勝つきまりです",
           "ace_low": "Kがいちばん強く、Aは1のきまりです",
           "suits": "同じ数ならマークで決めるきまりです（♣<♦<♥<♠）", "joker": "ジョーカーはどの札にも勝ちます"},
    "ja_kids": {"ace_high": "Aが いちばん つよい きまり", "two_high": "2が いちばん つよい きまり",
                "two_high_ace": "2の つぎに Aが つよい きまり",
                "low_beats_ace": "Aが いちばん つよいけど、{low}だけは Aに かつ きまり",
                "ace_low": "Kが いちばん つよくて、Aは 1の きまり",
                "suits": "おなじ かずなら マークで きめる きまり（♣<♦<♥<♠）",
                "joker": "ジョーカーは どの カードにも かつ"},
}
_REASONS["ja_kana"] = {key: to_kana(text) for key, text in _REASONS["ja_kids"].items()}

_WORDS = {
    "en": {"ask_bigger": "Which is bigger: {a} or {b}?", "ask_stronger": "Which is stronger: {a} or {b}? ({why})",
           "ask_stronger_plain": "Which is stronger: {a} or {b}?",
           "bigger": "{a} is bigger", "same": "the same", "stronger": "{a} is stronger",
           "same_strength": "just as strong", "own": "{name}'s {card}", "your": "your {card}",
           "right": "Right: {answer}.", "wrong": "Not this time: {answer}.",
           "is": "{card} is {n}", "and": " and ", "then": ": ", "sign": "{x} {sign} {y}.", "why": "({why})"},
    "ja": {"ask_bigger": "{a}と{b}、どちらが大きい？", "ask_stronger": "{a}と{b}、どちらが強い？（{why}）",
           "ask_stronger_plain": "{a}と{b}、どちらが強い？",
           "bigger": "{a}のほうが大きい", "same": "同じ", "stronger": "{a}のほうが強い", "same_strength": "同じ強さ",
           "own": "{name}の{card}", "right": "正解！\u3000{answer}。",
           "wrong": "ざんねん。答えは「{answer}」です。",
           "is": "{card}は{n}", "and": "、", "then": "。", "sign": "{x} {sign} {y}です。", "why": "（{why}）"},
    "ja_kids": {"ask_bigger": "{a}と {b}、どっちが 大きい？", "ask_stronger": "{a}と {b}、どっちが つよい？（{why}）",
                "ask_stronger_plain": "{a}と {b}、どっちが つよい？",
                "bigger": "{a}の ほうが 大きい", "same": "おなじ", "stronger": "{a}の ほうが つよい",
                "same_strength": "おなじ つよさ", "own": "{name}の {card}", "right": "せいかい！\u3000{answer}。",
                "wrong": "ざんねん。こたえは「{answer}」。", "is": "{card}は {n}", "and": "、", "then": "。",
                "sign": "{x} {sign} {y}。",
                "why": "（{why}）"},
}
# the first-grade register: the children's words with no kanji
_WORDS["ja_kana"] = {key: to_kana(text) for key, text in _WORDS["ja_kids"].items()}


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
    """Why the battle of ``cards`` is not decided by their numbers, in words, or "" when it is
    (then no reason is given: never "A is the strongest" when no A is up).  A joker first; then
    the suits, when the numbers are equal and the suits decide; then the rank order's own rule,
    only when it makes the battle go against the numbers.  With no ``cards``: the rank order's
    rule in general."""
    reg = register(lang)
    reasons = _REASONS[reg]
    low = _PICTURES.get(rules.lowest_rank, str(rules.lowest_rank))
    if not cards:
        return reasons[rules.rank_order].format(low=low)
    if any(c.is_joker for c in cards):
        return reasons["joker"]
    a, b = cards[0], cards[1]
    battle, numbers = strength_truth(a, b, rules), number_truth(a, b)
    if battle == numbers:
        return ""
    if numbers == "=":                    # one rank, told apart by the suits
        return reasons["suits"]
    ranks = {a.rank, b.rank}
    if rules.rank_order == "two_high" and 2 not in ranks:
        return reasons["two_high_ace"]    # A against 3..K: the ace beats them, the 2 is not up
    if rules.rank_order == "low_beats_ace" and rules.lowest_rank not in ranks:
        return reasons["ace_high"]        # the ace against a card that is not the lowest: it wins
    return reasons[rules.rank_order].format(low=low)


def question(a: Card, b: Card, rules: Rules, mode: str = "number", lang: str = "en",
             names: Sequence[str] = ()) -> Question | None:
    """The question about ``a`` (the first seat's card) and ``b``, or None when ``mode`` asks
    nothing about them (``"to10"`` and a picture card or a joker).  "Which is bigger?" where the
    battle's order is the numbers, else "which is stronger?" with its reason when there is one
    (``question_kind``): every mode follows the battle.

    Two cards of one rank are told apart by their owners' ``names`` in the buttons."""
    check_mode(mode)
    reg = register(lang)
    words = _WORDS[reg]
    ga, gb = _glyph(a, reg), _glyph(b, reg)
    if ga == gb and len(names) >= 2:
        ga, gb = _own(words, names[0], ga), _own(words, names[1], gb)
    if mode == "to10" and (number_value(a, mode) is None or number_value(b, mode) is None):
        return None
    if question_kind(rules) == "stronger":
        why = rule_reason(rules, reg, (a, b))
        ask = words["ask_stronger" if why else "ask_stronger_plain"]
        return Question("stronger", ask.format(a=_glyph(a, reg), b=_glyph(b, reg), why=why), why,
                        {">": words["stronger"].format(a=ga), "=": words["same_strength"],
                         "<": words["stronger"].format(a=gb)}, mode)
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
    space that follows it in the register (none in Japanese: no space after 「。」)."""
    words = _WORDS[reg]
    answer = q.buttons[truth]
    if right and reg == "en":
        answer = answer[0].upper() + answer[1:]
    return words["right" if right else "wrong"].format(answer=answer), " " if reg == "en" else ""


def feedback(q: Question, a: Card, b: Card, truth: str, right: bool, lang: str = "en") -> str:
    """What the child reads after answering: right or not, the right answer in the button's words,
    and why (the numbers for a bigger question, the rule for a stronger one)."""
    reg = register(lang)
    words = _WORDS[reg]
    head, sep = _verdict(q, truth, right, reg)
    if q.kind == "bigger":
        return f"{head}{sep}{value_line(a, b, reg)}"
    if not q.reason:                      # the battle went the numbers' way: nothing more to say
        return head
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
