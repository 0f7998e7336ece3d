"""Benchmark: ``simulate()`` (the compiled simulator) against a plain Python loop and a plain C loop.

Run ``python benchmarks/bench_simulate.py``.  On ``pagat`` (1 card down, won cards to the bottom
in random order, a player who cannot finish a war loses) it times, interleaved in one run so all
see the same machine load, as medians of repeated runs, in rounds per second:

* the plain Python loop most people write: ints, ``random.shuffle``, a ``deque`` per player;
* a plain C loop of the same rules, written below and compiled here with ``cc -O2`` (skipped
  with a message when there is no C compiler).  It draws from SplitMix64 exactly as the engine
  does, so it plays the very same games as ``simulate()``: the benchmark checks the round
  counts agree game by game before timing;
* ``simulate()`` on one core, and with ``workers=2``.

Then, each in a fresh process: 1,000,000 pagat games on one core (time and peak RSS), and the
first call's time (import + compile or cache load + 10 games), with the numba cache warm and
with an empty cache (``NUMBA_CACHE_DIR`` pointed at a new directory).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from war_widget.sim.simulation import simulate  # noqa: E402

C_SOURCE = r"""
/* pagat War as a plain C loop: 1 card down, won cards shuffled to the bottom of the hand, a
   player who cannot finish a war loses (both short: fewer cards loses, equal: counts decide).
   Cards are 0..51 in the engine's deck order (rank = card / 4 + 2); SplitMix64 with rejection,
   Fisher-Yates from the last index down, the table in the engine's played order. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t st;
static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline uint64_t next64(void) { st += 0x9E3779B97F4A7C15ULL; return mix(st); }
static inline uint64_t below(uint64_t n) {
    for (;;) {
        uint64_t x = next64();
        if (x <= (uint64_t)0 - n) return x % n;
        uint64_t rest = ((uint64_t)0 - n) % n;
        if (rest == 0 || x < (uint64_t)0 - rest) return x % n;
    }
}
static inline void shuffle(int *a, int n) {
    for (int i = n - 1; i > 0; i--) { int j = (int)below(i + 1); int t = a[i]; a[i] = a[j]; a[j] = t; }
}
typedef struct { int c[64]; int head, len; } Hand;
static inline int pop(Hand *h) { int c = h->c[h->head]; h->head = (h->head + 1) & 63; h->len--; return c; }
static inline void push(Hand *h, int c) { h->c[(h->head + h->len) & 63] = c; h->len++; }

static long play(uint64_t seed) {
    int deck[52], table[52], owner[52];
    Hand h[2];
    h[0].head = h[0].len = h[1].head = h[1].len = 0;
    st = seed;
    for (int i = 0; i < 52; i++) deck[i] = i;
    shuffle(deck, 52);
    for (int i = 0; i < 52; i++) push(&h[i & 1], deck[i]);
    long rounds = 0;
    for (;;) {
        int t = 0, winner;
        rounds++;
        int a = pop(&h[0]), b = pop(&h[1]);
        owner[t] = 0; table[t++] = a; owner[t] = 1; table[t++] = b;
        while (a / 4 == b / 4) {                                   /* war */
            int s0 = h[0].len < 2, s1 = h[1].len < 2;
            if (s0 && s1 && h[0].len == h[1].len) {                 /* nobody can settle it */
                for (int i = 0; i < t; i++) push(&h[owner[i]], table[i]);
                return rounds;
            }
            if (s0 || s1) {
                int loser = (s0 && s1) ? (h[0].len < h[1].len ? 0 : 1) : (s0 ? 0 : 1);
                while (h[loser].len) { owner[t] = loser; table[t++] = pop(&h[loser]); }
                winner = 1 - loser;
                goto collect;
            }
            owner[t] = 0; table[t++] = pop(&h[0]); owner[t] = 0; table[t++] = a = pop(&h[0]);
            owner[t] = 1; table[t++] = pop(&h[1]); owner[t] = 1; table[t++] = b = pop(&h[1]);
        }
        winner = a / 4 > b / 4 ? 0 : 1;
    collect:
        shuffle(table, t);
        for (int i = 0; i < t; i++) push(&h[winner], table[i]);
        if (h[1 - winner].len == 0) return rounds;
    }
}

int main(int argc, char **argv) {
    uint64_t seed = strtoull(argv[1], 0, 10);
    long games = atol(argv[2]);
    int each = argc > 3;
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    long total = 0;
    for (long g = 0; g < games; g++) {
        long r = play(mix(seed * 0x9E3779B97F4A7C15ULL + (uint64_t)g + 0x9E3779B97F4A7C15ULL) >> 1);
        total += r;
        if (each) printf("%ld\n", r);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    printf("%ld %.9f %.9f\n", total, (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9,
           (c1.tv_sec - c0.tv_sec) + (c1.tv_nsec - c0.tv_nsec) * 1e-9);
    return 0;
}
"""


def plain_python_game(rnd: random.Random) -> int:
    """One pagat game the way most people write it; returns its length in rounds."""
    deck = [rank for rank in range(2, 15) for _ in range(4)]
    rnd.shuffle(deck)
    hands = (deque(deck[0::2]), deque(deck[1::2]))
    rounds = 0
    while True:
        rounds += 1
        a, b = hands[0].popleft(), hands[1].popleft()
        table = [a, b]
        while a == b:
            if len(hands[0]) < 2 or len(hands[1]) < 2:      # cannot finish the war: game over
                return rounds
            table += [hands[0].popleft(), hands[1].popleft()]
            a, b = hands[0].popleft(), hands[1].popleft()
            table += [a, b]
        rnd.shuffle(table)
        hands[0 if a > b else 1].extend(table)
        if not hands[0] or not hands[1]:
            return rounds


def run_python(seed: int, games: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, rounds)."""
    rnd = random.Random(seed)
    start, cpu = time.perf_counter(), time.process_time()
    rounds = sum(plain_python_game(rnd) for _ in range(games))
    return time.perf_counter() - start, time.process_time() - cpu, rounds


def build_c(directory: Path) -> Path | None:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    source, binary = directory / "war.c", directory / "war"
    source.write_text(C_SOURCE)
    subprocess.run([cc, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def run_c(binary: Path, seed: int, games: int, each: bool = False) -> tuple[float, float, int, list[int]]:
    """(wall seconds, CPU seconds, rounds, each game's rounds if asked)."""
    out = subprocess.run([str(binary), str(seed), str(games)] + (["each"] if each else []), check=True,
                         capture_output=True, text=True).stdout.split("\n")
    total, wall, cpu = out[-2].split()
    return float(wall), float(cpu), int(total), [int(x) for x in out[:-2]]


def run_simulate(seed: int, games: int, workers: int | None = None) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of this process, all threads, rounds)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = simulate("pagat", games, seed, workers=workers, progress=False)
    return time.perf_counter() - start, time.process_time() - cpu, int(result.lengths.sum(dtype=np.int64))


def fresh_process(code: str, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, **(env or {})})
    return done.stdout.strip()


FIRST_CALL = ("import time; t = time.perf_counter()\n"
              "from war_widget.sim.simulation import simulate\n"
              "simulate('pagat', 10, progress=False)\n"
              "print(f'{time.perf_counter() - t:.2f}')")
MILLION = ("import resource, time, sys\n"
           "from war_widget.sim.simulation import simulate\n"
           "simulate('pagat', 10, progress=False)\n"
           "t = time.perf_counter(); r = simulate('pagat', {games}, seed=1, progress=False)\n"
           "dt = time.perf_counter() - t\n"
           "print(f'{{dt:.2f}} {{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}} "
           "{{r.lengths.mean():.1f}}')")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--python-games", type=int, default=1_000)
    parser.add_argument("--games", type=int, default=100_000, help="games per timed run of simulate() and C")
    parser.add_argument("--million", type=int, default=1_000_000, help="games for the one-core run (0 to skip)")
    parser.add_argument("--no-cold", action="store_true", help="skip the first call with an empty numba cache")
    args = parser.parse_args(argv)
    simulate("pagat", 10, progress=False)
    simulate("pagat", 10, workers=2, progress=False)             # compile / load both kernels first
    with tempfile.TemporaryDirectory() as tmp:
        binary = build_c(Path(tmp))
        if binary is None:
            print("no C compiler (cc, gcc, clang) found: the C loop is skipped")
        else:
            check = simulate("pagat", 2_000, seed=99, progress=False).lengths.tolist()
            assert run_c(binary, 99, 2_000, each=True)[3] == check, "the C loop must play simulate()'s games"
        wall: dict[str, list[float]] = {"python": [], "c": [], "simulate": [], "workers=2": []}
        cpu: dict[str, list[float]] = {"python": [], "c": [], "simulate": []}
        for r in range(args.repeats):      # interleaved: every side sees the same machine load
            w, c, rounds = run_python(r, args.python_games)
            wall["python"].append(rounds / w)
            cpu["python"].append(rounds / c)
            if binary is not None:
                w, c, rounds, _ = run_c(binary, r, args.games)
                wall["c"].append(rounds / w)
                cpu["c"].append(rounds / c)
            w, c, rounds = run_simulate(r, args.games)
            wall["simulate"].append(rounds / w)
            cpu["simulate"].append(rounds / c)
            w, _, rounds = run_simulate(r, args.games, workers=2)
            wall["workers=2"].append(rounds / w)
    med = {k: statistics.median(v) for k, v in wall.items() if v}
    medc = {k: statistics.median(v) for k, v in cpu.items() if v}
    print(f"pagat, rounds per second (medians of {args.repeats} interleaved runs; by wall clock, and by the "
          f"process's CPU time, which other programs on the machine do not slow down):")
    for name, label in (("python", "plain Python loop (ints, random.shuffle, deque)"), ("c", "plain C loop (cc -O2)"),
                        ("simulate", "simulate(), one core"), ("workers=2", "simulate(), workers=2")):
        if name in med:
            extra = f"   CPU time {medc[name]:14,.0f}" if name in medc else ""
            print(f"  {label:48s} wall {med[name]:14,.0f}{extra}")
    print(f"  simulate() / plain Python loop: wall {med['simulate'] / med['python']:6.1f}x   "
          f"CPU {medc['simulate'] / medc['python']:6.1f}x   workers=2 (wall) {med['workers=2'] / med['python']:6.1f}x")
    if "c" in med:
        print(f"  simulate() / plain C loop:      wall {med['simulate'] / med['c']:6.2f}    "
              f"CPU {medc['simulate'] / medc['c']:6.2f}    workers=2 (wall) {med['workers=2'] / med['c']:6.2f}")
    print(f"  workers=2 / one core (wall):    {med['workers=2'] / med['simulate']:6.2f}   "
          f"(load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    if args.million:
        dt, rss, mean = fresh_process(MILLION.format(games=args.million)).split()
        print(f"{args.million:,} games of pagat on one core in {float(dt):.1f} s (mean length {mean} rounds); "
              f"peak RSS of that process {rss} MB")
    warm = fresh_process(FIRST_CALL)
    print(f"first call in a fresh process (import + load the compiled kernel + 10 games): {warm} s")
    if not args.no_cold:
        with tempfile.TemporaryDirectory() as cache:
            cold = fresh_process(FIRST_CALL, {"NUMBA_CACHE_DIR": cache})
        print(f"first call with an empty numba cache (import + compile + 10 games): {cold} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
