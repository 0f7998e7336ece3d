"""Command line: ``war-widget simulate --preset classic_long --games 1000 --seed 1`` (or
``python -m war_widget ...``; ``war-widget --version`` prints the version).

Prints the summary of a simulation (see ``war_widget.sim.simulation``).  As command-line tools do,
every failure is one line on stderr and an exit status, never a traceback: bad arguments exit 2
(as argparse does for its own errors), not enough memory or an output that cannot be written
(a full disk, a closed pipe) exit 1, Ctrl-C exits 130 (128 + SIGINT)."""
from __future__ import annotations

import argparse
import os
import re
import sys

from . import __version__
from .game.rules import Rules

EXIT_BAD_ARGUMENTS = 2
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130          # 128 + SIGINT, what a shell reports for a tool stopped by Ctrl-C

_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: int() would also take "١٢", "５", "1_000", "+5", " 5"


def _whole_number(text: str, least: int, allowed: str) -> int:
    if not _DIGITS.fullmatch(text) or int(text) < least:
        raise argparse.ArgumentTypeError(f"expected {allowed} written with the digits 0-9 (no sign, spaces or "
                                         f"underscores), got {text!r}")
    return int(text)


def _positive(text: str) -> int:
    return _whole_number(text, 1, "a positive whole number")


def _seed(text: str) -> int:
    return _whole_number(text, 0, "a whole number >= 0")


def program_name(argv0: str | None = None) -> str:
    """``war-widget`` when run as the installed command, ``python -m war_widget`` when run as a module."""
    name = os.path.basename(sys.argv[0] if argv0 is None else argv0)
    return "python -m war_widget" if name in ("__main__.py", "-m", "-c", "") else "war-widget"


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog or program_name(), description="The card game War.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="print the version and exit")
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


def _run(args: argparse.Namespace, prog: str) -> int:
    if args.command == "simulate":
        from .sim.simulation import simulate

        try:
            result = simulate(args.preset, args.games, args.seed, max_rounds=args.max_rounds, method=args.method,
                              workers=args.workers, progress=bool(args.progress))
        except ValueError as exc:
            print(f"{prog} simulate: error: {exc}", file=sys.stderr)
            return EXIT_BAD_ARGUMENTS
        _write(f"{result}\n")
    return 0


class OutputError(Exception):
    """stdout could not be written (a full disk, a closed pipe): the OSError is the cause."""


def _write(text: str) -> None:
    try:
        sys.stdout.write(text)
        sys.stdout.flush()      # a write error surfaces here, not in the interpreter's flush at exit
    except OSError as exc:
        raise OutputError from exc


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout has no file descriptor
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (every failure is one line on stderr)."""
    prog = program_name()
    try:
        args = build_parser(prog).parse_args(argv)
        return _run(args, prog)
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except MemoryError:
        print(f"{prog}: error: not enough memory for this simulation; ask for fewer games at a time "
              "(--games) or raise the process's memory limit", file=sys.stderr)
        return EXIT_FAILED
    except OutputError as exc:
        _silence_stdout()
        cause = exc.__cause__
        why = ("it was closed before everything was written (broken pipe)" if isinstance(cause, BrokenPipeError)
               else getattr(cause, "strerror", None) or str(cause))
        print(f"{prog}: error: cannot write the output: {why}", file=sys.stderr)
        return EXIT_FAILED
    except OSError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
