"""Benchmark: ``simulate()`` (the compiled simulator) against a plain C loop and a plain Python loop.

Run ``python benchmarks/bench_simulate.py``; in one run, medians of repeated runs, interleaved so
every side sees the same machine load:

* the first call in a fresh process, ``simulate("pagat", 1000, seed=1)``: the extension's build for
  pagat, nothing compiled (wall and CPU time, import included);
* rounds per CPU second on one core for pagat, classic_long, three_down, kids and pagat with 4
  players: a plain C loop of each rule set (written below, ``cc -O2``; it draws from SplitMix64 as
  the engine does and gathers in the engine's order, so it plays the very same games: checked game
  by game before timing), ``simulate()`` (the extension's build for those rules) and the general
  build (every rule read from the table); their ratios to the C loop, and the worst (goal 0.9 for
  ``simulate()``);
* the general build on random rule sets against a build made for each (``WAR_WIDGET_KERNEL=build``,
  ``cc -O2``: the rules fixed as constants, as a hand-written loop would have them; goal 0.5);
* the plain Python loop most people write for pagat (ints, ``random.shuffle``, a ``deque`` per
  player), and ``simulate()``'s ratio to it; the pure-Python path's ratio to that loop
  (``benchmarks/bench_pure_python.py``'s ``measure()``, when that file is there);
* the wall-clock speed-up of ``simulate(..., workers=2)`` over one worker on the same games: 10^6
  pagat games by the compiled kernel (two threads), 2,000 by the engine (two worker processes, the
  pure-Python path); the arrays checked equal to a serial run's, the CPU time used, the load average
  at the runs, and, as the baseline of the same moment, what two plain C loop processes at once gain
  over one on this machine (2.00 when two cores are idle; ``--workers 1 2 3 4`` for more counts,
  ``--only-workers`` for this part alone);
* 1,000,000 pagat games on one core in a child process of its own (time and peak RSS).
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from war_widget import Rules  # noqa: E402
from war_widget.sim.fastsim import kernel_build, simulate_range  # noqa: E402
from war_widget.sim.simulation import simulate  # noqa: E402

C_SOURCE = r"""
/* Three rule sets of War as plain C loops, one function each, as a person would write them for
   those rules alone.  Cards are 0..51 in the engine's deck order (rank = card / 4 + 2); SplitMix64
   with rejection, Fisher-Yates from the last index down, won cards gathered in the engine's played
   order (battle by battle, seat by seat) before they are shuffled, so they play simulate()'s games.
   pagat: 1 card down, won cards shuffled to the bottom of the hand, a player who cannot finish a
   war loses (both short: fewer cards loses, equal: the game ends).
   classic_long: 1 down, won cards to a won pile (shuffled into the hand when the hand is empty),
   a short player lays what they have and turns up their last card (none at all: they lose), 240
   rounds at most.
   three_down: 3 down, won cards shuffled to the bottom of the hand, a short player turns up their
   last card, a player with no card left reuses their face-up card (both: the game ends).
   kids: three_down with no card down (a war is one more card each, face up).
   pagat4: pagat for four players (cards dealt round the table): the tied players fight the war; a
   fighter short of the war's two cards forfeits the cards they hold (all short: the most cards fight
   on, a tie of them ends the game); when every fighter is short while a player outside the war holds
   cards, the fighters forfeit and the others' face-up cards decide; a war's cards are gathered battle
   by battle, seat by seat, then shuffled; the last player holding cards wins. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
static inline void deal(Hand *h) {
    int deck[52];
    memset(h, 0, 2 * sizeof(Hand));
    for (int i = 0; i < 52; i++) deck[i] = i;
    shuffle(deck, 52);
    for (int i = 0; i < 52; i++) push(&h[i & 1], deck[i]);
}

static long pagat(uint64_t seed) {
    int table[52], owner[52];
    Hand h[2];
    st = seed;
    deal(h);
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

static long classic_long(uint64_t seed) {
    int table[52], pile[52];
    Hand h[2], won[2];
    st = seed;
    deal(h);
    memset(won, 0, sizeof won);
    long rounds = 0;
    for (;;) {
        rounds++;
        for (int p = 0; p < 2; p++)                                /* an empty hand takes up the won pile */
            if (h[p].len == 0) {
                int n = 0;
                while (won[p].len) pile[n++] = pop(&won[p]);
                won[p].head = 0;
                shuffle(pile, n);
                for (int i = 0; i < n; i++) push(&h[p], pile[i]);
            }
        int t = 0, winner, a = pop(&h[0]), b = pop(&h[1]);
        int down[2][2], up[2], nd[2];
        table[t++] = a; table[t++] = b;
        while (a / 4 == b / 4) {                                   /* war: 1 down, 1 up */
            int have0 = h[0].len + won[0].len, have1 = h[1].len + won[1].len;
            if (have0 == 0 && have1 == 0) {                        /* nobody can go on: the game ends */
                return rounds;
            }
            if (have0 == 0 || have1 == 0) { winner = have0 == 0 ? 1 : 0; goto collect; }
            for (int p = 0; p < 2; p++) {
                nd[p] = (p ? have1 : have0) > 1 ? 1 : 0;
                if (won[p].len && h[p].len <= nd[p]) {             /* the won pile under the hand first */
                    int n = 0;
                    while (won[p].len) pile[n++] = pop(&won[p]);
                    won[p].head = 0;
                    shuffle(pile, n);
                    for (int i = 0; i < n; i++) push(&h[p], pile[i]);
                }
            }
            for (int p = 0; p < 2; p++)
                for (int i = 0; i < nd[p]; i++) down[p][i] = pop(&h[p]);
            up[0] = a = pop(&h[0]);
            up[1] = b = pop(&h[1]);
            for (int p = 0; p < 2; p++) {                          /* played order: seat by seat */
                for (int i = 0; i < nd[p]; i++) table[t++] = down[p][i];
                table[t++] = up[p];
            }
        }
        winner = a / 4 > b / 4 ? 0 : 1;
    collect:
        shuffle(table, t);
        for (int i = 0; i < t; i++) push(&won[winner], table[i]);
        if (h[1 - winner].len + won[1 - winner].len == 0 || rounds >= 240) return rounds;
    }
}

static long reuse_war(uint64_t seed, int down) {
    int table[52];
    Hand h[2];
    st = seed;
    deal(h);
    long rounds = 0;
    for (;;) {
        int t = 0, winner, reuse0 = 0, reuse1 = 0;
        rounds++;
        int a = pop(&h[0]), b = pop(&h[1]);
        table[t++] = a; table[t++] = b;
        while (a / 4 == b / 4) {                                   /* war: `down` down, 1 up */
            if (h[0].len == 0) reuse0 = 1;                         /* no card left: turn up the last again */
            if (h[1].len == 0) reuse1 = 1;
            if (reuse0 && reuse1) return rounds;                   /* both reuse: the game ends */
            int n0 = reuse0 ? 0 : (h[0].len - 1 < down ? h[0].len - 1 : down);
            int n1 = reuse1 ? 0 : (h[1].len - 1 < down ? h[1].len - 1 : down);
            int d0[3], d1[3];
            for (int i = 0; i < n0; i++) d0[i] = pop(&h[0]);
            for (int i = 0; i < n1; i++) d1[i] = pop(&h[1]);
            if (!reuse0) a = pop(&h[0]);
            if (!reuse1) b = pop(&h[1]);
            for (int i = 0; i < n0; i++) table[t++] = d0[i];       /* played order: seat by seat */
            if (!reuse0) table[t++] = a;
            for (int i = 0; i < n1; i++) table[t++] = d1[i];
            if (!reuse1) table[t++] = b;
        }
        winner = a / 4 > b / 4 ? 0 : 1;
        shuffle(table, t);
        for (int i = 0; i < t; i++) push(&h[winner], table[i]);
        if (h[1 - winner].len == 0) return rounds;
    }
}

static inline int listed(const int *a, int n, int p) {
    for (int i = 0; i < n; i++) if (a[i] == p) return 1;
    return 0;
}
static inline int without(int *a, int n, int p) {              /* remove p from a[0..n): the new n */
    int k = 0;
    for (int i = 0; i < n; i++) if (a[i] != p) a[k++] = a[i];
    return k;
}

static long pagat4(uint64_t seed) {
    int tc[52], tp[52], tb[52], g[52], deck[52];
    Hand h[4];
    st = seed;
    memset(h, 0, sizeof h);
    for (int i = 0; i < 52; i++) deck[i] = i;
    shuffle(deck, 52);
    for (int i = 0; i < 52; i++) push(&h[i & 3], deck[i]);
    long rounds = 0;
    for (;;) {
        int in[4], nin = 0, f[4], nf, t = 0, battle = 0, wars = 0, face[4], winner = -1, compare_only = 0;
        rounds++;
        for (int p = 0; p < 4; p++) if (h[p].len) in[nin++] = p;
        for (int i = 0; i < nin; i++) f[i] = in[i];
        nf = nin;
        for (;;) {
            if (!compare_only) {                                   /* every fighter turns up a card */
                battle++;
                for (int i = 0; i < nf; i++) {
                    int p = f[i];
                    face[p] = pop(&h[p]); tp[t] = p; tc[t] = face[p]; tb[t++] = battle;
                }
            }
            compare_only = 0;
            int top = -1, best[4], nb = 0;
            for (int i = 0; i < nf; i++) if (face[f[i]] / 4 > top) top = face[f[i]] / 4;
            for (int i = 0; i < nf; i++) if (face[f[i]] / 4 == top) best[nb++] = f[i];
            if (nb == 1) { winner = best[0]; break; }
            wars++;                                                /* war among the tied */
            nf = nb;
            for (int i = 0; i < nb; i++) f[i] = best[i];
            int outside = 0, all_short = 1;
            for (int j = 0; j < nin; j++) if (!listed(f, nf, in[j]) && h[in[j]].len) outside = 1;
            for (int i = 0; i < nf; i++) if (h[f[i]].len >= 2) all_short = 0;
            if (outside && all_short) {                            /* the fighters forfeit, the others decide */
                int hold[4], nh = 0;
                for (int j = 0; j < nin; j++) if (!listed(f, nf, in[j]) && h[in[j]].len) hold[nh++] = in[j];
                for (int i = 0; i < nf; i++) {
                    int p = f[i];
                    while (h[p].len) { tp[t] = p; tc[t] = pop(&h[p]); tb[t++] = battle + 1; }
                    nin = without(in, nin, p);
                }
                nf = nh;
                for (int i = 0; i < nh; i++) f[i] = hold[i];
                if (nf == 1) { winner = f[0]; break; }
                compare_only = 1;
                continue;
            }
            int shortl[4], ns = 0;
            for (int i = 0; i < nf; i++) if (h[f[i]].len < 2) shortl[ns++] = f[i];
            if (ns && ns == nf) {                                  /* all short: the most cards fight on */
                int most = 0;
                for (int i = 0; i < nf; i++) if (h[f[i]].len > most) most = h[f[i]].len;
                ns = 0;
                for (int i = 0; i < nf; i++) if (h[f[i]].len < most) shortl[ns++] = f[i];
                if (nf - ns > 1) return rounds;                    /* tied for the most: the game ends */
            }
            for (int k = 0; k < ns; k++) {
                int p = shortl[k];
                while (h[p].len) { tp[t] = p; tc[t] = pop(&h[p]); tb[t++] = battle + 1; }
                nin = without(in, nin, p);
                nf = without(f, nf, p);
            }
            if (nf == 1) { winner = f[0]; break; }
            for (int i = 0; i < nf; i++) { int p = f[i]; tp[t] = p; tc[t] = pop(&h[p]); tb[t++] = battle + 1; }
        }
        int *won = tc;
        if (wars) {                                                /* battle by battle, seat by seat */
            int k = 0;
            for (int i = 0, j; i < t; i = j) {
                for (j = i; j < t && tb[j] == tb[i]; j++) {}
                for (int p = 0; p < 4; p++)
                    for (int m = i; m < j; m++) if (tp[m] == p) g[k++] = tc[m];
            }
            won = g;
        }
        shuffle(won, t);
        for (int i = 0; i < t; i++) push(&h[winner], won[i]);
        int holding = 0;
        for (int p = 0; p < 4; p++) holding += h[p].len > 0;
        if (holding == 1) return rounds;
    }
}

static long three_down(uint64_t seed) { return reuse_war(seed, 3); }
static long kids(uint64_t seed) { return reuse_war(seed, 0); }

int main(int argc, char **argv) {
    long (*play)(uint64_t) = !strcmp(argv[1], "pagat") ? pagat : !strcmp(argv[1], "classic_long") ? classic_long
                             : !strcmp(argv[1], "kids") ? kids : !strcmp(argv[1], "pagat4") ? pagat4 : three_down;
    uint64_t seed = strtoull(argv[2], 0, 10);
    long games = atol(argv[3]);
    int each = argc > 4;
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


def run_c(binary: Path, preset: str, seed: int, games: int, each: bool = False) -> tuple[float, float, int, list[int]]:
    """(wall seconds, CPU seconds, rounds, each game's rounds if asked)."""
    out = subprocess.run([str(binary), preset, str(seed), str(games)] + (["each"] if each else []), check=True,
                         capture_output=True, text=True).stdout.split("\n")
    total, wall, cpu = out[-2].split()
    return float(wall), float(cpu), int(total), [int(x) for x in out[:-2]]


def run_kernel(rules: Any, seed: int, games: int, fixed: bool = True, threads: int = 1) -> tuple[float, float, int]:
    """One run of the compiled simulator: (wall seconds, CPU seconds of this process, rounds)."""
    start, cpu = time.perf_counter(), time.process_time()
    rows = simulate_range(rules, seed, 0, games, fixed=fixed, threads=threads)
    return time.perf_counter() - start, time.process_time() - cpu, int(rows.lengths.sum(dtype=np.int64))


def fresh_process(code: str, env: dict[str, str] | None = None) -> str:
    drop = ("WAR_WIDGET_CACHE_DIR", "WAR_WIDGET_KERNEL")
    base = {k: v for k, v in os.environ.items() if k not in drop}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**base, "PYTHONPATH": str(ROOT), **(env or {})})
    return done.stdout.strip()


FIRST_CALL = ("import resource, time; t = time.perf_counter()\n"
              "from war_widget.sim.simulation import simulate\n"
              "r = simulate('pagat', 1000, seed=1, progress=False)\n"
              "wall = time.perf_counter() - t\n"
              "me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)\n"
              "cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime\n"
              "print(f'{wall:.3f} {cpu:.3f} {r.lengths.sum()}')")
MILLION = ("import resource, time, sys\n"
           "from war_widget.sim.simulation import simulate\n"
           "simulate('pagat', 10, progress=False)\n"
           "t, c = time.perf_counter(), time.process_time()\n"
           "r = simulate('pagat', {games}, seed=1, progress=False)\n"
           "dt, dc = time.perf_counter() - t, time.process_time() - c\n"
           "print(f'{{dt:.2f}} {{dc:.2f}} {{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}} "
           "{{r.lengths.mean():.1f}}')")
# the rule sets with a plain C loop: name -> (the loop's name, the rules)
PRESETS: dict[str, tuple[str, Rules]] = {
    "pagat": ("pagat", Rules.preset("pagat")),
    "classic_long": ("classic_long", Rules.preset("classic_long")),
    "three_down": ("three_down", Rules.preset("three_down")),
    "kids": ("kids", Rules.preset("kids")),
    "pagat x4": ("pagat4", Rules.preset("pagat").replace(players=4)),
}


def first_calls(repeats: int) -> None:
    """The first call in a fresh process: the extension's pagat build, nothing compiled."""
    values: list[tuple[float, float]] = []
    sums = set()
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as cache:
            wall, cpu, total = fresh_process(FIRST_CALL, {"WAR_WIDGET_CACHE_DIR": cache}).split()
            values.append((float(wall), float(cpu)))
            sums.add(total)
            assert not os.listdir(cache), "the first call built something"
    assert len(sums) == 1, f"the first calls played different games: {sums}"
    print(f"first simulate('pagat', 1000, seed=1) in a fresh process (import + play, nothing compiled; medians of "
          f"{repeats}): wall {statistics.median(v[0] for v in values):.3f} s, "
          f"CPU {statistics.median(v[1] for v in values):.3f} s")


def random_rule_sets(count: int, seed: int) -> list[Rules]:
    """``count`` valid rule sets the kernel plays, each field drawn from its option list."""
    from war_widget.game import rules as r
    from war_widget.sim.fastsim import unsupported_reason
    options: dict[str, tuple[Any, ...]] = {
        "deck": tuple(d for d in r.DECKS if d != 40), "jokers": r.JOKER_COUNTS, "joker_deal": r.JOKER_DEALS,
        "rank_order": r.RANK_ORDERS, "players": r.PLAYER_COUNTS, "face_down": r.FACE_DOWNS, "capture": r.CAPTURES,
        "gather": r.GATHER_ORDERS, "shuffle_won_pile": (False, True), "shortage": r.SHORTAGES, "zero": r.ZEROS,
        "war_players": r.WAR_PLAYERS, "teams": (False, True), "round_limit": (None, 240), "goal": r.GOALS,
        "deal": r.DEALS, "tiebreak": r.TIEBREAKS}
    rnd = random.Random(seed)
    found: list[Rules] = []
    while len(found) < count:
        try:
            rules = Rules(**{k: rnd.choice(v) for k, v in options.items()})
        except ValueError:
            continue
        if unsupported_reason(rules) is None and kernel_build(rules) == "general":
            found.append(rules)
    return found


def general_on_random_rules(repeats: int, games: int, count: int = 8) -> None:
    """The general build against a build made for each rule set (its rules fixed as constants)."""
    sets = random_rule_sets(count, 2026)
    os.environ["WAR_WIDGET_KERNEL"] = "build"
    try:
        for rules in sets:                                  # build (and check) before timing
            assert kernel_build(rules) == "built here", "no C compiler for the run-time builds"
            a, b = simulate_range(rules, 3, 0, 200), simulate_range(rules, 3, 0, 200, fixed=False)
            assert np.array_equal(a.lengths, b.lengths) and np.array_equal(a.winners, b.winners)
        ratios: list[float] = []
        for rules in sets:
            per: list[float] = []
            for rep in range(repeats):
                _, c_fixed, n_fixed = run_kernel(rules, rep, games, fixed=True)
                _, c_general, n_general = run_kernel(rules, rep, games, fixed=False)
                assert n_fixed == n_general
                per.append(c_fixed / c_general)             # rounds per CPU second, general / built for it
            ratios.append(statistics.median(per))
    finally:
        del os.environ["WAR_WIDGET_KERNEL"]
    print(f"\nthe general build on {count} random rule sets, rounds per CPU second / a build made for each "
          f"(cc -O2, its rules fixed; medians of {repeats} runs of {games:,} games): median "
          f"{statistics.median(ratios):.2f}, worst {min(ratios):.2f} (goal 0.5); each: "
          + " ".join(f"{x:.2f}" for x in ratios))


def pure_python() -> None:
    """The pure-Python path's ratio to the plain Python loop (bench_pure_python.py, the quiet mode's)."""
    try:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import bench_pure_python  # type: ignore[import-not-found]
    except ImportError:
        print("  pure-Python path: benchmarks/bench_pure_python.py is not here yet")
        return
    m = bench_pure_python.measure()
    print(f"  pure-Python path (simulate() by the engine's quiet mode, bench_pure_python.measure(): medians of "
          f"{m['repeats']} runs of {m['games']} games, CPU): {m['engine_rounds_per_s']:,.0f} rounds/s, the plain "
          f"Python deque loop {m['plain_rounds_per_s']:,.0f}: ratio {m['ratio']:.2f} (goal 0.33)")


def main(argv: list[str] | None = None) -> int:
    began = time.perf_counter()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--worker-repeats", type=int, default=3)
    parser.add_argument("--worker-games", type=int, default=1_000_000, help="games per timed run of the workers")
    parser.add_argument("--python-games", type=int, default=1_000)
    parser.add_argument("--games", type=int, default=50_000, help="games per timed run of the kernels and C loops")
    parser.add_argument("--random-games", type=int, default=5_000, help="games per run on each random rule set")
    parser.add_argument("--million", type=int, default=1_000_000, help="games for the one-core run (0 to skip)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="worker counts to time (1 first)")
    parser.add_argument("--engine-worker-games", type=int, default=2_000,
                        help="games per timed run of the engine's worker processes")
    parser.add_argument("--only-workers", action="store_true", help="time the workers only")
    args = parser.parse_args(argv)
    if args.only_workers:
        with tempfile.TemporaryDirectory() as tmp:
            binary = build_c(Path(tmp))
            if binary is None:
                print("no C compiler (cc, gcc, clang) found: the machine's baseline is skipped")
                return 1
            workers(args.worker_repeats, args.worker_games, sorted(set(args.workers) | {1}), binary,
                    args.engine_worker_games)
        return 0
    first_calls(args.repeats)
    with tempfile.TemporaryDirectory() as tmp:
        binary = build_c(Path(tmp))
        if binary is None:
            print("no C compiler (cc, gcc, clang) found: the C loops are skipped")
            return 1
        for name, (loop, rules) in PRESETS.items():
            check = simulate_range(rules, 99, 0, 2_000).lengths.tolist()
            assert run_c(binary, loop, 99, 2_000, each=True)[3] == check, f"the {name} C loop must play its games"
        sides = ("C loop", "simulate()", "general build")
        cpu: dict[tuple[str, str], list[float]] = {}
        python: list[float] = []
        for r in range(args.repeats):      # interleaved: every side sees the same machine load
            w, c, rounds = run_python(r, args.python_games)
            python.append(rounds / c)
            for name, (loop, rules) in PRESETS.items():
                for side in sides:
                    if side == "C loop":
                        w, c, rounds, _ = run_c(binary, loop, r, args.games)
                    else:
                        w, c, rounds = run_kernel(rules, r, args.games, fixed=side == "simulate()")
                    cpu.setdefault((name, side), []).append(rounds / c)
        med = {k: statistics.median(v) for k, v in cpu.items()}
        print(f"\nrounds per CPU second, one core (medians of {args.repeats} interleaved runs of {args.games:,} games; "
              "the same games on every side; simulate() is the extension's build for the rules, 'general build' "
              "its build that reads every rule from the table):")
        print(f"  {'':30s}" + "".join(f"{p:>14s}" for p in PRESETS))
        for side in sides:
            print(f"  {side:30s}" + "".join(f"{med[(p, side)]:14,.0f}" for p in PRESETS))
        for side in sides[1:]:
            ratios = [med[(p, side)] / med[(p, "C loop")] for p in PRESETS]
            print(f"  {side + ' / C loop':30s}" + "".join(f"{x:14.2f}" for x in ratios) + f"   worst {min(ratios):.2f}")
        py = statistics.median(python)
        print(f"  plain Python loop (pagat, ints, random.shuffle, deque): {py:,.0f}; simulate() / Python loop: "
              f"{med[('pagat', 'simulate()')] / py:.1f}x")
        pure_python()
        general_on_random_rules(args.repeats, args.random_games)
        workers(args.worker_repeats, args.worker_games, sorted(set(args.workers) | {1}), binary,
                args.engine_worker_games)
    if args.million:
        dt, dc, rss, mean = fresh_process(MILLION.format(games=args.million)).split()
        print(f"\n{args.million:,} games of pagat on one core in a child process of its own: {float(dt):.1f} s wall, "
              f"{float(dc):.1f} s CPU (mean length {mean} rounds); peak RSS of that process {rss} MB")
    print(f"\n(the benchmark took {time.perf_counter() - began:.0f} s)")
    return 0


def machine_parallelism(binary: Path, games: int, repeats: int) -> float:
    """How much two workers can gain on this machine right now: the wall time of one plain C loop
    process playing ``games`` pagat games over that of two processes playing half each at once
    (2.0 on two idle cores; less when other work shares them)."""
    ratios = []
    for r in range(repeats):
        start = time.perf_counter()
        run_c(binary, "pagat", 100 + r, games)
        one = time.perf_counter() - start
        start = time.perf_counter()
        both = [subprocess.Popen([str(binary), "pagat", str(200 + r + k), str(games // 2)], stdout=subprocess.DEVNULL)
                for k in range(2)]
        for process in both:
            process.wait()
        ratios.append(one / (time.perf_counter() - start))
    return statistics.median(ratios)


def _load() -> float:
    """The 1-minute load average now (runnable processes, averaged; 2 cores: above 2, others wait)."""
    return os.getloadavg()[0]


def _children_cpu() -> float:
    """CPU seconds of this process's finished (waited-for) children: the engine's worker processes."""
    t = os.times()
    return t.children_user + t.children_system


def workers(repeats: int, games: int, counts: list[int], binary: Path, engine_games: int = 2_000) -> None:
    """Wall-clock speed-up of N workers over one on the same games (``simulate(..., workers=N)``;
    medians of ``repeats`` interleaved runs, the arrays checked equal to the serial run's), with the
    CPU time used, the load average at each run, and, as the baseline of the same moment, what two
    plain C loop processes at once gain over one.  Two paths: the compiled kernel (N threads of one
    process, ``games`` games) and the engine (N worker processes, ``engine_games`` games, the
    pure-Python path where no kernel is installed)."""
    walls: dict[tuple[str, int], list[float]] = {}
    cpus: dict[tuple[str, int], list[float]] = {}
    loads: list[float] = []
    for method, count in (("fast", 20_000), ("engine", 200)):
        reference = simulate("pagat", count, seed=5, method=method, progress=False)
        for n in counts:
            same = simulate("pagat", count, seed=5, method=method, workers=n, progress=False)
            for f in ("lengths", "winners", "reasons", "wars", "double_wars", "cycle_starts", "cycle_periods"):
                assert np.array_equal(getattr(same, f), getattr(reference, f)), f"workers={n} changed the {f}"
    machine = []
    for r in range(repeats):
        machine.append(machine_parallelism(binary, games // 4, 1))
        for method, total in (("fast", games), ("engine", engine_games)):
            for n in counts:
                loads.append(_load())
                start, cpu0, kids0 = time.perf_counter(), time.process_time(), _children_cpu()
                simulate("pagat", total, seed=r, method=method, workers=n, progress=False)
                walls.setdefault((method, n), []).append(time.perf_counter() - start)
                cpus.setdefault((method, n), []).append(time.process_time() - cpu0 + _children_cpu() - kids0)
                loads.append(_load())
    print(f"\nworkers on pagat (simulate(..., workers=N), the same games for every N; medians of {repeats} "
          f"interleaved runs; {os.cpu_count()} cores; the 1-minute load average during the runs "
          f"{min(loads):.1f} to {max(loads):.1f}, so about {max(0.0, statistics.median(loads) - 1):.0f} other "
          "runnable processes shared the cores; the arrays equal the serial run's):")
    for method, total, how in (("fast", games, "threads of one process: the compiled kernel"),
                               ("engine", engine_games, "worker processes: the engine's quiet mode, the "
                                                        "pure-Python path")):
        one = statistics.median(walls[(method, 1)])
        print(f"  {total:,} games, N {how}:")
        for n in counts[1:]:
            wall, cpu = statistics.median(walls[(method, n)]), statistics.median(cpus[(method, n)])
            print(f"    workers={n}: WALL-CLOCK SPEED-UP {one / wall:4.2f}x over workers=1 "
                  f"({one:.2f} s -> {wall:.2f} s); "
                  f"CPU time {cpu / statistics.median(cpus[(method, 1)]):4.2f}x one worker's; CPU / wall / workers "
                  f"{cpu / wall / n:4.2f} (1.00: every worker ran all the time)")
    print(f"  this machine meanwhile: two plain C loop processes at once finish {statistics.median(machine):4.2f}x "
          "sooner than one (2.00 on two idle cores: the most two workers could gain here then)")


if __name__ == "__main__":
    sys.exit(main())
