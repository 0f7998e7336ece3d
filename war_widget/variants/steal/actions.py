"""The decisions of Steal War, as small immutable values.

``StealWarGame.legal_actions()`` lists them for the player to act and ``apply(action)`` performs
one.  They carry no player: the game knows who is to act (``game.to_act``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...game.cards import Card

__all__ = ["Play", "Steal", "ChooseTop", "Action"]


@dataclass(frozen=True)
class Play:
    """Keep the card you are looking at and play it (decline every steal open to you now)."""

    def __repr__(self) -> str:
        return "Play()"


@dataclass(frozen=True)
class Steal:
    """Put the card you are looking at on ``victim``'s capture pile and take the whole pile."""

    victim: int


@dataclass(frozen=True)
class ChooseTop:
    """Put ``card`` (one of the cards just won) on top of your capture pile."""

    card: Card


Action = Play | Steal | ChooseTop
PLAY = Play()
