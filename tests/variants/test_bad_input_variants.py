"""Issue 19: bad input to the variants is a clear ValueError naming what is allowed, never a
hang, an OverflowError or a silent guess (each case passed on the code before, wrongly)."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from war_widget import Game
from war_widget.variants.casino import CasinoWar
from war_widget.variants.steal import StealWarGame
from war_widget.variants.steal.actions import ChooseTop, Steal

BAD: list[tuple[str, Callable[[], Any], str]] = [
    ("bankroll=inf", lambda: CasinoWar(seed=1, bankroll=math.inf),
     r"bankroll must be a number of chips from 1 to 1,000,000,000,000 \(whole or half chips\); got inf"),
    ("bankroll=nan", lambda: CasinoWar(seed=1, bankroll=math.nan), r"bankroll must be a number of chips.*got nan"),
    ("bankroll=10**400", lambda: CasinoWar(seed=1, bankroll=10**400), r"bankroll must be a number of chips .*\.\.\.$"),
    ("bankroll=1e-9", lambda: CasinoWar(seed=1, bankroll=1e-9), r"bankroll must be .*from 1 to.*; got 1e-09"),
    ("bankroll=0.5", lambda: CasinoWar(seed=1, bankroll=0.5), r"bankroll must be .*from 1 to"),
    ("bankroll=10.3", lambda: CasinoWar(seed=1, bankroll=10.3), r"whole or half chips\); got 10\.3"),
    ("bankroll=True", lambda: CasinoWar(seed=1, bankroll=True), r"bankroll must be .*; got True"),
    ("bankroll='100'", lambda: CasinoWar(seed=1, bankroll="100"), r"bankroll must be .*; got '100'"),
    ("play_hands('x')", lambda: CasinoWar(seed=1).play_hands("x", 1),
     r"the number of hands must be a whole number from 0 to 1,000,000; got 'x'"),
    ("play_hands(2.5)", lambda: CasinoWar(seed=1).play_hands(2.5, 1), r"number of hands must be a whole number.*2\.5"),
    ("play_hands(10**12)", lambda: CasinoWar(seed=1, bankroll=10**12).play_hands(10**12, 1),
     r"the number of hands must be a whole number from 0 to 1,000,000; got 1000000000000"),
    ("play_hands(-1)", lambda: CasinoWar(seed=1).play_hands(-1, 1), r"number of hands .*; got -1"),
    ("play_hands(bet=2.5)", lambda: CasinoWar(seed=1).play_hands(3, 2.5), r"bet must be a whole number of chips"),
    ("play_hands(choice='fold')", lambda: CasinoWar(seed=1).play_hands(3, 1, "fold"),
     r"choice must be 'war' or 'surrender'"),
    ("tie_bet='no'", lambda: CasinoWar(seed=1, tie_bet="no"), r"tie_bet must be True or False; got 'no'"),
    ("tie_bonus=1", lambda: CasinoWar(seed=1, tie_bonus=1), r"tie_bonus must be True or False; got 1"),
    ("Steal(True)", lambda: Steal(True), r"Steal needs the victim's seat, a whole number 0 to 3 \(not True or False\)"),
    ("Steal(False)", lambda: Steal(False), r"Steal needs the victim's seat"),
    ("Steal('1')", lambda: Steal("1"), r"Steal needs the victim's seat.*got '1'"),
    ("Steal(7)", lambda: Steal(7), r"Steal needs the victim's seat.*got 7"),
    ("ChooseTop('KS')", lambda: ChooseTop("KS"), r"ChooseTop needs a Card"),
    ("from_code('steal_war-５')", lambda: StealWarGame.from_code("steal_war-５"), r"ASCII letters and digits only"),
    ("from_code('steal_war-١٢')", lambda: StealWarGame.from_code("steal_war-١٢"), r"ASCII letters and digits only"),
    ("from_code(' steal_war-5')", lambda: StealWarGame.from_code(" steal_war-5"), r"no spaces or line breaks"),
    ("from_code(5)", lambda: StealWarGame.from_code(5), r"a Steal War game number is text"),
]


@pytest.mark.parametrize(("call", "message"), [(c, m) for _, c, m in BAD], ids=[n for n, _, _ in BAD])
def test_bad_input_is_a_clear_value_error(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_the_casino_session_is_unchanged_by_a_rejected_call() -> None:
    table = CasinoWar(seed=3, bankroll=100)
    for bad in ("x", 2.5, True, -1):
        with pytest.raises(ValueError):
            table.play_hands(bad, 5)  # type: ignore[arg-type]
    assert table.history == [] and table.bankroll == 100
    assert len(table.play_hands(3, 5)) == 3          # a whole number still plays that many


def test_half_chip_bankrolls_are_still_allowed() -> None:
    assert CasinoWar(seed=1, bankroll=12.5).bankroll == 12.5 and CasinoWar(seed=1, bankroll=1).bankroll == 1


@pytest.mark.parametrize("make", [lambda c: Game.from_code(c), lambda c: StealWarGame.from_code(c)])
def test_a_pasted_megabyte_is_not_echoed_whole(make: Callable[[str], Any]) -> None:
    for code in ("7" * 1_000_000, "classic-" + "x" * 1_000_000, "steal_war-5" + " " * 1_000_000,
                 "steal_war-" + "9" * 1_000_000):
        with pytest.raises(ValueError) as info:
            make(code)
        assert len(str(info.value)) < 400


def test_the_casino_widget_chip_takes_only_positive_chips() -> None:
    from war_widget.views.casino import CasinoWarWidget

    w = CasinoWarWidget(seed=1, bankroll=100)
    w.chip(5)
    for bad, message in ((-5, r"a chip must be positive \(1 or more\), got -5"),
                         (True, r"a chip must be a whole number of chips, got True"), (2.5, r"got 2\.5")):
        with pytest.raises(ValueError, match=message):
            w.chip(bad)  # type: ignore[arg-type]
    assert w.session.current_bet == 5
