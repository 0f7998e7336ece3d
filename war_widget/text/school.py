"""The school variants' words (issue 18): each player's cards as the sum, difference, product or
number they make, and the comparison of two values as a teacher writes it: the expressions first,
then the numbers, "7 + 5 > 3 + 6  →  12 > 9", never a running equals ("7 + 5 = 12 > 3 + 6 = 9" says
12 > 3 + 6 = 9, which a teacher corrects).

The values come from the engine's events (``Flipped.values``, ``Compared.values``): nothing here
decides who wins.  The signs are the school's arithmetic signs, the same in every register and
half-width beside the half-width ``> = <`` of the term list (``text.terms_ja.INEQUALITY``):
``+``, ``−`` (the minus sign) and ``×``, with a space either side, as the comparison aid writes
"9 > 7".

>>> from war_widget import Card, Rules
>>> rules = Rules.preset("addition")
>>> cards = [(0, Card.parse("7S")), (0, Card.parse("5H")), (1, Card.parse("3D")), (1, Card.parse("6C"))]
>>> compare_line(cards, ((0, 12), (1, 9)), 0, (), rules)
'7 + 5 > 3 + 6  →  12 > 9'
"""
from __future__ import annotations

from collections.abc import Sequence

from ..game.cards import Card
from ..game.rules import Rules

__all__ = ["SIGNS", "THEN", "by_seat", "term", "expression", "compare_lines", "compare_line"]

SIGNS = {"sum": "+", "difference": "−", "product": "×"}
THEN = "  →  "      # between the two statements of one line: the expressions, then their values


def by_seat(cards: Sequence[tuple[int, Card]]) -> dict[int, tuple[Card, ...]]:
    """The cards an event lists, one ``(player, card)`` pair a card, grouped by seat in order."""
    out: dict[int, list[Card]] = {}
    for p, c in cards:
        out.setdefault(p, []).append(c)
    return {p: tuple(cs) for p, cs in out.items()}


def term(cards: Sequence[Card], rules: Rules) -> str:
    """What a child works out from one player's cards: "7 + 5", "9 − 4" (the larger first),
    "7 × 8"; for place value the number the cards make (the rules' own ``value``: 3, 10, 8 make
    830, so the question compares two numbers); one card alone is its number."""
    numbers = [rules.number(c) for c in cards]
    if len(numbers) == 1:
        return str(numbers[0])
    if rules.battle_value == "place_value":
        return str(rules.value(cards))
    if rules.battle_value == "difference":
        numbers.sort(reverse=True)
    return f" {SIGNS[rules.battle_value]} ".join(map(str, numbers))


def expression(cards: Sequence[Card], value: int, rules: Rules) -> str:
    """One player's cards and their value: "7 + 5 = 12"; for place value the number made,
    "830"; one card alone, its number."""
    if len(cards) == 1 or rules.battle_value == "place_value":
        return str(value)
    return f"{term(cards, rules)} = {value}"


def _relation(shown: dict[int, str], order: Sequence[int], winner: int | None, tied: Sequence[int]) -> str:
    """One statement of the comparison, "a > b", "a = b", or with more players "w > a, b"."""
    if len(order) == 2:
        p, q = order
        if winner is None:
            return f"{shown[p]} = {shown[q]}"
        return f"{shown[p]} {'>' if winner == p else '<'} {shown[q]}"
    if winner is None:
        return " = ".join(shown[p] for p in tied)
    return f"{shown[winner]} > " + ", ".join(shown[p] for p in order if p != winner)


def compare_lines(cards: Sequence[tuple[int, Card]], values: Sequence[tuple[int, int]], winner: int | None,
                  tied: Sequence[int], rules: Rules) -> tuple[str, ...]:
    """The comparison as a teacher writes it on the board, one statement a line: the expressions,
    "7 + 5 > 3 + 6", then the numbers, "12 > 9" (place value, or one card alone on both sides:
    the one statement "830 < 851").  The relation is the engine's ``winner`` / ``tied``."""
    seats = by_seat(cards)
    value = dict(values)
    order = [p for p, _ in values]
    terms = {p: term(seats[p], rules) if seats.get(p) else str(value[p]) for p in order}
    numbers = {p: str(value[p]) for p in order}
    first, second = _relation(terms, order, winner, tied), _relation(numbers, order, winner, tied)
    return (first,) if first == second else (first, second)


def compare_line(cards: Sequence[tuple[int, Card]], values: Sequence[tuple[int, int]], winner: int | None,
                 tied: Sequence[int], rules: Rules, war_word: str = "") -> str:
    """The teaching aid of a school battle on one line: ``compare_lines`` joined by an arrow,
    "7 + 5 > 3 + 6  →  12 > 9", a tie "7 + 5 = 9 + 3  →  12 = 12  WAR!" (``war_word`` after two
    spaces); with more players the winner first, "… > a, b"."""
    tail = f"  {war_word}" if war_word and winner is None else ""
    return THEN.join(compare_lines(cards, values, winner, tied, rules)) + tail
