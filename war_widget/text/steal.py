"""A plain one-line text for every beat of Steal War (ASCII card codes), used by the golden
playthrough, the notebook and the narration log's English fallback."""
from __future__ import annotations

from collections.abc import Sequence

from ..game import events as ev
from ..game.cards import Card
from ..variants.steal.events import Protected, StealDeclined, Stolen, Swapped, TopChosen

__all__ = ["describe_event"]


def _code(card: Card | None) -> str:
    """A card's code; the Steal War beats always carry their card (None only as a dataclass default)."""
    return "?" if card is None else card.code


def _names(names: Sequence[str] | None, p: int) -> str:
    return names[p] if names is not None else f"P{p + 1}"


def describe_event(event: ev.Event, names: Sequence[str] | None = None) -> str:
    """``"r12 steal: P2 plays 9H on P1's pile of 7 and takes it (counts 20-34)"``."""
    n = lambda p: _names(names, p)  # noqa: E731
    counts = lambda c: "-".join(map(str, c))  # noqa: E731
    head = f"r{event.round} {event.kind}: "
    if isinstance(event, ev.Flipped):
        body = f"battle {event.battle}: " + ", ".join(f"{n(p)} {c.code}" for p, c in event.cards)
    elif isinstance(event, ev.Compared):
        body = (f"{n(event.winner)} wins the battle" if event.winner is not None
                else "tie between " + " and ".join(n(p) for p in event.tied))
    elif isinstance(event, ev.WarDeclared):
        body = f"war {event.war} for " + " and ".join(n(p) for p in event.players)
        if event.short:
            body += "; short (loses at once): " + ", ".join(n(p) for p in event.short)
    elif isinstance(event, ev.FaceDownLaid):
        body = "; ".join(f"{n(p)} lays {' '.join(c.code for c in cards)} face down" for p, cards in event.cards)
    elif isinstance(event, TopChosen):
        body = f"{n(event.player)} puts {_code(event.card)} on top"
    elif isinstance(event, ev.Collected):
        body = (f"{n(event.winner)} takes {len(event.cards)} cards onto the pile, "
                f"top {event.cards[-1].code} (counts {counts(event.counts)})")
    elif isinstance(event, Stolen):
        body = (f"{n(event.player)} plays {_code(event.card)} on {n(event.victim)}'s pile of {event.pile_size} "
                f"and takes it (counts {counts(event.counts)})")
    elif isinstance(event, Swapped):
        (a, ca), (b, cb) = event.cards
        body = (f"{n(a)} ({ca.code}) and {n(b)} ({cb.code}) swap piles of {event.sizes[0]} and {event.sizes[1]} "
                f"(counts {counts(event.counts)})")
    elif isinstance(event, StealDeclined):
        body = f"{n(event.player)} keeps {_code(event.card)} to play (could steal from " + \
            ", ".join(n(v) for v in event.victims) + ")"
    elif isinstance(event, Protected):
        body = (f"{n(event.player)}'s {_code(event.card)} matches their own pile: protected from "
                + ", ".join(n(p) for p in event.thieves))
    elif isinstance(event, ev.Shuffled):
        body = f"{n(event.player)} turns over and shuffles a pile of {event.cards} into a new hand"
    elif isinstance(event, ev.Returned):
        body = "cards go back: " + "; ".join(f"{n(p)} {' '.join(c.code for c in cards)}" for p, cards in event.cards)
    elif isinstance(event, ev.PlayerOut):
        body = f"{n(event.player)} is out"
    elif isinstance(event, ev.GameOver):
        o = event.outcome
        who = (f"{n(o.winner)} wins" if o.winner is not None else
               "draw between " + " and ".join(n(p) for p in o.drawn))
        body = f"{who} ({o.reason.value}; counts {counts(o.counts)})"
    else:  # pragma: no cover
        body = repr(event)
    return head + body
