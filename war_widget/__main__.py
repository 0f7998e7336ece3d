"""Command line: ``python -m war_widget simulate --preset classic_long --games 1000 --seed 1``.

Prints the summary of a simulation (see ``war_widget.sim.simulation``).  Bad arguments print a
one-line error and exit with status 2, as argparse does for its own errors."""
from __future__ import annotations

import argparse
import sys

from .game.rules import Rules


def _whole_number(text: str, least: int, allowed: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise argparse.ArgumentTypeError(f"expected {allowed}, got {text!r}")
    return value


def _positive(text: str) -> int:
    return _whole_number(text, 1, "a positive whole number")


def _seed(text: str) -> int:
    return _whole_number(text, 0, "a whole number >= 0")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m war_widget", description="The card game War.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="simulate many games and print a summary",
                         description="Simulate many games of War and print a summary: the share of games "
                                     "ending before the limit, mean / median / 90th percentile length, wars "
                                     "per game and each player's win share.")
    sim.add_argument("--preset", default="classic", choices=Rules.presets(), help="the rules (default: classic)")
    sim.add_argument("--games", type=_positive, default=1000, help="how many games (default: 1000)")
    sim.add_argument("--seed", type=_seed, default=0, help="simulation seed; game i is dealt from (seed, i)")
    sim.add_argument("--workers", type=_positive, default=None,
                     help="play on N cores (threads of the compiled simulator; processes for the engine)")
    sim.add_argument("--max-rounds", type=_positive, default=100_000,
                     help="stop a game after this many rounds, decided by counts (default: 100000)")
    sim.add_argument("--method", choices=("auto", "fast", "engine"), default="auto",
                     help="the compiled simulator (fast), one engine game at a time (engine), or fast when it "
                          "can (auto: every rule set with named gather orders)")
    sim.add_argument("--progress", action="store_true", help="show a progress bar")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        from .sim.simulation import simulate

        try:
            result = simulate(args.preset, args.games, args.seed, max_rounds=args.max_rounds, method=args.method,
                              workers=args.workers, progress=bool(args.progress))
        except ValueError as exc:
            print(f"python -m war_widget simulate: error: {exc}", file=sys.stderr)
            return 2
        print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
