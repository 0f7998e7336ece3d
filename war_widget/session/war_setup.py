"""What the teacher set for a War table: the rules as the panel shows them, the mode (you against
the computer, two players, watch), the computer's strength and the speed.  One owner
(``Setup``) of these values; it also turns them into the rules the engine plays (``effective``:
a strong computer orders what it wins by its own policy)."""
from __future__ import annotations

from typing import Any

from ..game.engine import Game
from ..game.rules import Rules
from .options import LENGTH_LIMIT, MODES, SPEEDS, check_choice

__all__ = ["Setup", "plain"]


def plain(rules: Rules) -> Rules:
    """The rules as the panel shows them: one gather order for everyone."""
    if isinstance(rules.gather, tuple):
        return rules.replace(gather=rules.gather_for(0))
    return rules


class Setup:
    """The table's settings.  ``base``: the rules as the panel shows them (``plain``)."""

    def __init__(self, base: Rules, mode: str, opponent: str, speed: str) -> None:
        check_choice("mode", mode, MODES)
        check_choice("speed", speed, SPEEDS)
        check_choice("opponent", opponent, ("easy", "strong"))
        self.base = plain(base)
        self.mode, self.opponent, self.speed = mode, opponent, speed

    def effective(self, base: Rules | None = None) -> Rules:
        """The rules the engine plays (of ``base``, default the panel's)."""
        base = self.base if base is None else base
        if self.mode == "cpu" and self.opponent == "strong":
            return base.replace(gather=tuple(base.gather_for(0) if p == 0 else "strong"
                                             for p in range(base.players)))
        return base

    def option(self, name: str, value: object) -> Rules | None:
        """The panel's rules with one option changed (None: unchanged); a ValueError when the
        engine rejects the combination."""
        current = getattr(self.base, name)
        if current == value and type(current) is type(value):
            return None
        rules = self.base.replace(**{name: value})
        self.effective(rules)
        return rules

    def length(self, length: str) -> Rules:
        """The panel's rules with the game ``length`` ("40", "none", "3min", "<n>" rounds)."""
        return self.base.replace(round_limit=int(length) if length.isdigit() else LENGTH_LIMIT[length])

    def length_name(self, timed: bool) -> str:
        """The game length as the length picker names it ("40", "none", "3min", or "<n>")."""
        if timed:
            return "3min"
        limit = self.base.round_limit
        return "none" if limit is None else str(limit)

    def choose_opponent(self, choice: str) -> None:
        """The opponent picker: "easy" or "strong" computer, "two_player" or "watch"."""
        if choice in ("two_player", "watch"):
            self.mode = choice
        else:
            self.mode, self.opponent = "cpu", choice

    def follow(self, game: Game) -> None:
        """A game given to show (a game number): a strong computer if it plays one."""
        if isinstance(game.rules.gather, tuple) and self.mode == "cpu":
            self.opponent = "strong" if any(g == "strong" for g in game.rules.gather[1:]) else self.opponent

    def adopt(self, saved: dict[str, Any]) -> None:
        """The mode and opponent of a saved game (each kept only if it is one of ours)."""
        mode, opponent = saved.get("mode"), saved.get("opponent")
        self.mode = mode if isinstance(mode, str) and mode in MODES else self.mode
        self.opponent = opponent if isinstance(opponent, str) and opponent in ("easy", "strong") else self.opponent

    def saved(self) -> dict[str, Any]:
        """What a saved game keeps of the setup."""
        return {"mode": self.mode, "opponent": self.opponent}
