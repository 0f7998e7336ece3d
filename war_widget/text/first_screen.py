"""The first screen a child reads (issue 30 item 5): the line under the table before the first
flip, which says whose turn it is and what to press, and the rules line in plain words.

The game's number is not in the first line (a child reads "Your turn", not
"Game classic-232079732610089"); it stays in the game number box beside Replay.  The rules
line says in words what the engine's ``Rules.describe()`` says in its own shorthand
("A high · war: 1 down + 1 up · short: last card up (0 cards loses)"), which stays the engine's
(golden files, notebooks of the rules).

>>> from war_widget.game.rules import Rules
>>> START["en"]["cpu"]
'Your turn: press Flip to turn your top card.'
>>> for part in plain_rules(Rules.preset("classic")).split(" · "):
...     print(part)
A is highest
Same number: war! 1 card face down, then one more
Too few cards: your last card plays; none left, you lose
"""
from __future__ import annotations

from typing import Any

__all__ = ["START", "plain_rules"]

# The first line (``i18n.start_line``), per register and mode ("cpu": you against the computer(s); "two_player": the
# seats share the screen, each with a Flip of their own; "watch": nobody plays, the table turns).
# Words of the sources: 「めくる」を押す [000], 手札の いちばん 上 [001] (手ふだ in the children's).
START: dict[str, dict[str, str]] = {
    "en": {
        "cpu": "Your turn: press Flip to turn your top card.",
        "two_player": "{names}: each press your own Flip to turn your top card.",
        "watch": "Press Flip to turn the top cards, or Autoplay to watch the game play itself.",
    },
    "ja": {
        "cpu": "あなたの番です。「めくる」を押して、手札のいちばん上の札をめくってください。",
        "two_player": "{names}の番です。それぞれ自分の「めくる」を押して、手札のいちばん上の札をめくってください。",
        "watch": "「めくる」を押すと、みんなの手札のいちばん上の札をめくります。「自動めくり」なら自動で進みます。",
    },
    "ja_kids": {
        "cpu": "あなたの ばんだよ。「めくる」を おして、手ふだの いちばん 上の カードを めくってね。",
        "two_player": "{names}の ばんだよ。じぶんの 「めくる」を おして、手ふだの いちばん 上の カードを めくってね。",
        "watch": "「めくる」を おすと、みんなの カードを めくるよ。「じどうで めくる」なら どんどん すすむよ。",
    },
}


def plain_rules(rules: Any) -> str:
    """The rules in force in one line of plain English: which card is highest, what a tie
    does, what happens when someone has too few cards for it.  No engine names (a test checks
    every preset): "Same number: war! 1 card face down, then one more", never
    "war: 1 down + 1 up"."""
    top = {40: "10", "A9": "9"}.get(rules.deck, "K")      # the highest card of the deck
    order = {"ace_high": "A is highest", "ace_low": f"{top} is highest, A is 1",
             "two_high": "2 is highest, then A",
             "low_beats_ace": f"A is highest, but {rules.lowest_rank} beats A"}[rules.rank_order]
    if not rules.school and rules.rank_order != "ace_low" and rules.deck in (40, "A9"):
        order += f" · cards A to {top}"
    k = rules.battle_cards
    more = "one more" if k == 1 else f"{k} more"
    if rules.face_down == "by_rank":
        war = "as many cards as the number (J Q K: 10, A: 11), the last one face up"
    elif rules.face_down:
        n = rules.face_down
        war = f"{n} card{'s' if n != 1 else ''} face down, then {more}"
    else:
        war = f"turn {more}"
    zero = "none left, you lose" if rules.zero == "lose" else "none left, it plays again"
    short = {"last_card_up": f"Too few cards: your last card plays; {zero}",
             "lose": "Too few cards for a war: you lose",
             "split": "A tie on the last cards: they are shared",
             "fewest": f"Too few cards: all lay as many as the fewest; {zero}",
             }[rules.shortage]
    if rules.school:
        what = {"sum": "the bigger sum wins", "difference": "the bigger difference wins",
                "product": "the bigger product wins",
                "place_value": "the biggest number made with them wins"}[rules.battle_value]
        numbers = ("A = 1, 10 = 0" if rules.battle_value == "place_value" else
                   "cards A to 10, A = 1" if rules.deck == 40 else "cards A to 9, A = 1" if rules.deck == "A9"
                   else "A = 1, J Q K = 11 12 13")
        same = {"sum": "Same sum", "difference": "Same difference", "product": "Same product",
                "place_value": "Same number"}[rules.battle_value]
        return f"Turn {k} cards each: {what} ({numbers}) · {same}: war! {war} · {short}"
    if rules.tiebreak == "suits":
        return f"{order} · Same number: the suit decides (♣ < ♦ < ♥ < ♠) · {short}"
    return f"{order} · Same number: war! {war[0].upper() + war[1:]} · {short}"
