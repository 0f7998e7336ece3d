"""What the table marks beyond the cards: the teaching aid ("9 > 7", "A beats K"), the banner ("WAR!",
"You win!") and the highlighted winner, each changed by the beats the engine emits.
Derived from the events, so Back and a jump simply start from none."""
from __future__ import annotations

from collections.abc import Sequence

from ..game.events import Collected, Compared, Event, FaceDownLaid, Flipped, GameOver, Outcome, Returned, WarDeclared
from ..game.rules import Rules
from ..text.i18n import label
from .view import compare_text

__all__ = ["Highlights", "end_banner"]


def end_banner(outcome: Outcome | None, mode: str, names: Sequence[str], reg: str) -> str | None:
    """The banner at the end of a game ("You win!", "Player 2 wins!", "It's a draw")."""
    o = outcome
    if o is None:
        return None
    if o.winning_team is not None:
        return label("banner_team", reg, n=o.winning_team + 1)
    if o.winner is not None:
        if mode == "cpu" and o.winner == 0:
            return label("banner_you", reg)
        return label("banner_win", reg, name=names[o.winner])
    if o.loser is not None:
        return label("banner_loser", reg, name=names[o.loser])
    return label("banner_draw", reg)


class Highlights:
    """The aid, the banner and the winner shown on the table now."""

    def __init__(self) -> None:
        self.aid: str | None = None
        self.banner: str | None = None
        self.winner: int | None = None

    def clear(self) -> None:
        self.aid = self.banner = self.winner = None

    def on_event(self, event: Event, aids: bool, reg: str, over_banner: str | None,
                 rules: Rules | None = None) -> None:
        """One beat: what the table marks next (``over_banner`` is shown when the game ends;
        ``rules`` decide how the aid writes the comparison: numbers "K > 7", words for strength
        "A beats K", the school variants "7 + 5 > 3 + 6  →  12 > 9"; ``reg`` its language)."""
        if isinstance(event, Flipped) and event.battle == 1:
            self.clear()
        elif isinstance(event, Compared):
            if aids:
                self.aid = compare_text(event.cards, event.winner, event.tied, label("war_bang", reg),
                                        event.values, rules, reg)
            if event.winner is not None:
                self.winner, self.banner = event.winner, None
        elif isinstance(event, WarDeclared):
            # "WAR!" in big letters, unless the teaching aid already says "Q = Q  WAR!"
            self.banner = None if aids else label("war_bang", reg)
        elif isinstance(event, FaceDownLaid):
            self.banner = None      # "WAR!" has been read: it would lie over the cards of the war
        elif isinstance(event, Collected):
            self.winner, self.banner = event.winner, None
        elif isinstance(event, Returned):
            self.winner, self.banner = None, None
        elif isinstance(event, GameOver):
            # the game's winner is marked now, not the last round's ("You win!" beside a gold badge
            # of the computer's); a draw or a team's win marks no pile
            self.banner, self.winner = over_banner, event.outcome.winner
