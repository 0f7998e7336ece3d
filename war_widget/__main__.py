"""Command line: ``python -m war_widget simulate --preset classic_long --games 1000 --seed 1``."""
from __future__ import annotations

import argparse
import sys

from .rules import Rules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m war_widget", description="The card game War.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="simulate many games and print a summary")
    sim.add_argument("--preset", default="classic", choices=Rules.presets())
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "simulate":
        from .simulation import simulate

        try:
            print(simulate(args.preset, args.games, args.seed))
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
