"""Golden playthroughs: one file per preset at a fixed seed, round by round.  The test replays
each game and compares the text; ``python tools/make_golden.py`` rewrites the files after a
deliberate change (review the diff: every changed line is a changed rule or deal)."""
from __future__ import annotations

from pathlib import Path

import pytest

from war_widget import Game, Rules
from war_widget.game.events import (
    Collected,
    Compared,
    Event,
    FaceDownLaid,
    Outcome,
    PlayerOut,
    Returned,
    Shuffled,
    WarDeclared,
)

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
SEED = 2026
SHOWN = 200          # rounds written out; the rest of a longer game is summed up in its outcome


def _p(player: int) -> str:
    return f"P{player + 1}"


def beat_text(event: Event) -> str | None:
    """One short token per beat (flips are shown by their comparison)."""
    if isinstance(event, Shuffled):
        return f"{_p(event.player)} turns over {event.cards}{' shuffled' if event.shuffled else ''}"
    if isinstance(event, Compared):
        cards = " ".join(c.code for _, c in event.cards)
        if event.values:                     # the school variants: each player's cards = value
            cards = " ".join(" ".join(c.code for q, c in event.cards if q == p) + f"={v}" for p, v in event.values)
        return f"{cards} -> {_p(event.winner)}" if event.winner is not None else f"{cards} tie"
    if isinstance(event, WarDeclared):
        text = "war " + " ".join(f"{_p(p)}:{n}" for p, n in event.face_down)
        if event.short:
            text += " short " + ",".join(map(_p, event.short))
        if event.reusing:
            text += " reuse " + ",".join(map(_p, event.reusing))
        return text.replace("war  ", "war ")
    if isinstance(event, FaceDownLaid):
        return "down " + " / ".join(" ".join(c.code for c in cards) for _, cards in event.cards)
    if isinstance(event, Collected):
        return f"{_p(event.winner)} takes {len(event.cards)}"
    if isinstance(event, Returned):
        return "table returned"
    if isinstance(event, PlayerOut):
        return f"{_p(event.player)} out"
    return None


def outcome_text(outcome: Outcome) -> str:
    parts = [f"outcome: {outcome.reason.name}"]
    if outcome.winner is not None:
        parts.append(f"winner {_p(outcome.winner)}")
    if outcome.loser is not None:
        parts.append(f"loser {_p(outcome.loser)}")
    if outcome.winning_team is not None:
        parts.append(f"team {outcome.winning_team + 1}")
    if outcome.drawn:
        parts.append("draw " + ",".join(map(_p, outcome.drawn)))
    if outcome.cycle_period is not None:
        parts.append(f"cycle from round {outcome.cycle_start}, period {outcome.cycle_period}")
    parts.append("counts " + "-".join(map(str, outcome.counts)))
    return " · ".join(parts)


def transcript(preset: str, seed: int = SEED, shown: int = SHOWN) -> str:
    """The golden text of one game: the deal, one line per round, the outcome."""
    game = Game(preset, seed=seed)
    lines = [f"# {preset}: game number {game.code}", f"# {game.rules.describe()}"]
    lines += [f"deal {_p(p)}: {' '.join(c.code for c in hand)}" for p, hand in enumerate(game.dealt)]
    if game.unused:
        lines.append("unused: " + " ".join(c.code for c in game.unused))
    while not game.is_over and game.round_number < shown:
        record = game.play_round()
        beats = [t for t in map(beat_text, record.events) if t]
        lines.append(f"{record.number:4d}  {' | '.join(beats)}  [{'-'.join(map(str, record.counts))}]")
    if not game.is_over:
        game.play_to_end()
        lines.append(f"... rounds {shown + 1} to {game.round_number} not shown")
    assert isinstance(game.outcome, Outcome)
    lines.append(outcome_text(game.outcome))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("preset", Rules.presets())
def test_golden_playthrough(preset):
    path = GOLDEN / f"{preset}.txt"
    assert path.exists(), f"missing {path}: run python tools/make_golden.py"
    expected = path.read_text(encoding="utf-8")
    assert transcript(preset) == expected, f"{preset} plays differently: diff it with python tools/make_golden.py"
