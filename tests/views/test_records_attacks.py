"""Issue 28, "Records": the attacks on the widget's records (Back after the end, a resumed game,
a copied folder, served pages' visitors, opening with many abandoned games), each as a test."""
from __future__ import annotations

from pathlib import Path

from war_widget import WarWidget
from war_widget.views.records import Records


def _games(path: Path) -> int:
    return Records(path).record["games"]


def test_back_after_the_end_then_the_end_again_counts_once_and_offers_no_resume(tmp_path: Path) -> None:
    """Finish, Back, finish again, then new tables: the slot is not left in progress, no Resume
    is offered and the result is in the record once (it was 1, 2, 3, 4 ... before)."""
    path = tmp_path / "records.json"
    w = WarWidget(records=path, seed=3)
    for _ in range(3):
        w.flip()
    w.fast_forward()
    assert w.session.game.is_over and _games(path) == 1
    assert w.session.back() and not w.session.game.is_over
    assert Records(path).saved_games() == []          # a reviewed finished game is not in progress
    w.fast_forward()
    assert w.session.game.is_over and _games(path) == 1
    for _ in range(3):
        table = WarWidget(records=path)
        assert table.session.saved_offer() is None and not table.session.resume()
        table.fast_forward()
    assert Records(path).saved_games() == []
    assert _games(path) == 4                         # the first game once, the three new tables' games


def test_a_resumed_game_that_ends_before_its_next_save_clears_its_slot(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    w = WarWidget(records=path, seed=5)
    for _ in range(4):
        w.flip()
    assert len(Records(path).saved_games()) == 1
    other = WarWidget(records=path)
    assert other.session.resume()
    other.fast_forward()                              # to the end at once: nothing saved since
    assert other.session.game.is_over
    assert Records(path).saved_games() == [] and _games(path) == 1
    assert WarWidget(records=path).session.saved_offer() is None
