"""The docstring examples of the engine modules run as tests (so plain ``pytest`` covers them)."""
from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["war_widget.cards", "war_widget.rules", "war_widget.engine", "war_widget.rng", "war_widget.codes",
           "war_widget.events", "war_widget.stats", "war_widget.persistence"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name in ("war_widget.cards", "war_widget.rules", "war_widget.engine"):
        assert result.attempted > 0              # these modules promise examples
