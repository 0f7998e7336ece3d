"""Write the engine's results for the compiled simulator's distribution tests (tests/data/).

The engine plays about 50 pagat games a second, so 20,000 of them take minutes; the test
compares against this file and replays a sample of its games through the live engine, so a
stale file fails the test.  Usage: ``python tools/make_engine_reference.py``."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from war_widget.sim.simulation import simulate

GAMES, SEED = 20_000, 2024
OUT = Path(__file__).resolve().parent.parent / "tests" / "data"


def main(presets: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    for preset in presets:
        result = simulate(preset, GAMES, seed=SEED, method="engine", workers=2, progress=False)
        path = OUT / f"engine_{preset}_{GAMES}_seed{SEED}.npz"
        np.savez_compressed(path, lengths=result.lengths, winners=result.winners, reasons=result.reasons,
                            wars=result.wars)
        print(path, result.lengths.mean())


if __name__ == "__main__":
    main(sys.argv[1:] or ["classic_long", "pagat"])
