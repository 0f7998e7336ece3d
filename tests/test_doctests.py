"""The docstring examples of the engine modules run as tests (so plain ``pytest`` covers them)."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["war_widget.game.cards", "war_widget.game.rules", "war_widget.game.engine", "war_widget.game.rng",
           "war_widget.game.codes", "war_widget.game.events", "war_widget.game.stats", "war_widget.game.persistence",
           "war_widget.variants.casino", "war_widget.variants.casino.game", "war_widget.variants.casino.odds"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name in ("war_widget.game.cards", "war_widget.game.rules", "war_widget.game.engine",
                "war_widget.variants.casino", "war_widget.variants.casino.game", "war_widget.variants.casino.odds"):
        assert result.attempted > 0              # these modules promise examples
