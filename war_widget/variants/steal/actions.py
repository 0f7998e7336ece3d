"""The decisions of Steal War, as small immutable values.

``StealWarGame.legal_actions()`` lists them for the player to act and ``apply(action)`` performs
one.  They carry no player: the game knows who is to act (``game.to_act``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...game.cards import Card

__all__ = ["Play", "Steal", "ChooseTop", "Action", "action_to_json", "action_from_json"]


@dataclass(frozen=True)
class Play:
    """Keep the card you are looking at and play it (decline every steal open to you now)."""

    def __repr__(self) -> str:
        return "Play()"


@dataclass(frozen=True)
class Steal:
    """Put the card you are looking at on ``victim``'s capture pile and take the whole pile."""

    victim: int

    def __post_init__(self) -> None:
        if isinstance(self.victim, bool) or not isinstance(self.victim, int) or not 0 <= self.victim <= 3:
            raise ValueError(f"Steal needs the victim's seat, a whole number 0 to 3 (not True or False); "
                             f"got {self.victim!r}")


@dataclass(frozen=True)
class ChooseTop:
    """Put ``card`` (one of the cards just won) on top of your capture pile."""

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise ValueError(f"ChooseTop needs a Card (Card.parse('KS')); got {self.card!r}")


Action = Play | Steal | ChooseTop
PLAY = Play()


def action_to_json(action: Action) -> list[object]:
    """A decision as plain data: ``["play"]``, ``["steal", victim]``, ``["top", "KS"]``."""
    if isinstance(action, Steal):
        return ["steal", action.victim]
    if isinstance(action, ChooseTop):
        return ["top", action.card.code]
    return ["play"]


def action_from_json(data: object) -> Action:
    """The decision written by :func:`action_to_json`; ValueError if it is not one."""
    if data == ["play"]:
        return PLAY
    if isinstance(data, list) and len(data) == 2 and data[0] == "steal":
        return Steal(data[1])
    if isinstance(data, list) and len(data) == 2 and data[0] == "top" and isinstance(data[1], str):
        return ChooseTop(Card.parse(data[1]))
    raise ValueError(f"a decision is [\"play\"], [\"steal\", seat] or [\"top\", card]; got {str(data)[:60]}")
