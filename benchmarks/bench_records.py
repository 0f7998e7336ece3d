"""Opening the records: a widget over a store with 3,000 games abandoned in earlier sessions
(pruned to the 20 most recent as it opens) against one with 20 games, the baseline measured in
the same run; medians of 5, each from a fresh copy of the store.  ``python benchmarks/bench_records.py``"""
from __future__ import annotations

import json
import shutil
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from war_widget import Game, WarWidget
from war_widget.views.records import Records


def store(folder: Path, games: int) -> Path:
    path = folder / f"records-{games}.json"
    Records(path).add_result("win")
    texts = []
    for seed in range(10):
        game = Game("classic", seed=seed)
        for _ in range(20):
            game.play_round()
        texts.append(game.to_json())
    db = sqlite3.connect(path.with_suffix(".sqlite3"))
    db.executemany("INSERT INTO games VALUES (?, ?, ?)",
                   [(f"old-{i}", json.dumps({"game": texts[i % 10], "mode": "cpu"}), 1_000_000.0 + i)
                    for i in range(games)])
    db.commit()
    db.close()
    return path


def open_time(template: Path, folder: Path) -> float:
    copy = folder / "copy.json"
    shutil.copy(template.with_suffix(".sqlite3"), copy.with_suffix(".sqlite3"))
    started = time.perf_counter()
    WarWidget(records=copy)
    took = time.perf_counter() - started
    copy.with_suffix(".sqlite3").unlink()
    return took


def main() -> None:
    WarWidget(seed=0, records=False).close()       # imports and first-use costs out of the way
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        baseline, many = store(folder, 20), store(folder, 3000)
        base = statistics.median(open_time(baseline, folder) for _ in range(5))
        big = statistics.median(open_time(many, folder) for _ in range(5))
    print(f"{'open, 20 games in progress (baseline)':<46}{base:8.3f} s")
    print(f"{'open, 3,000 abandoned games (pruned to 20)':<46}{big:8.3f} s   {big / base:5.2f} x baseline")


if __name__ == "__main__":
    main()
