"""Single-line mutants of the kernels' rule branches, and whether the guard catches each.

Run ``python tests/sim/mutants.py`` (minutes: each mutant runs tests/sim/test_guard.py on a copy
of the package with that one line changed; a kernel.c mutant first compiles the copy's extension,
every build of it, with the C compiler Python was built with).  A mutant is caught when the guard
fails on it.  Not collected by pytest: a tool, like a benchmark.
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
C = "war_widget/sim/fastsim/kernel.c"
STEAL = "war_widget/sim/steal.py"
TIMEOUT = 900        # seconds for one mutant's guard run: a guard that runs longer hangs, a failure of its own

# (file, the line as it is, the mutant, what it breaks)
MUTANTS: list[tuple[str, str, str, str]] = [
    (C, "i32 enough = SHORTAGE == SHORT_LOSE ? need : 1;", "i32 enough = need;",
     "drop-out under last_card_up needs a whole war's cards (the issue's mutant)"),
    (C, "return fd == BY_RANK ? (tie_rank >= 14 ? 11 : (tie_rank < 10 ? tie_rank : 10)) : fd + 1;",
     "return fd == BY_RANK ? (tie_rank >= 14 ? 11 : (tie_rank < 10 ? tie_rank : 10)) : fd + 2;",
     "one card too many face down in a war"),
    (C, "return fd == BY_RANK ? (tie_rank >= 14 ? 11 : (tie_rank < 10 ? tie_rank : 10)) : fd + 1;",
     "return fd == BY_RANK ? (tie_rank >= 14 ? 10 : (tie_rank < 10 ? tie_rank : 10)) : fd + 1;",
     "by_rank: an ace's war lays 9 down, not 10"),
    (C, "e.reason = short_end ? K_SHORTAGE : K_ALL_CARDS;", "e.reason = K_ALL_CARDS;",
     "a game won by a shortage is reported as all cards"),
    (C, "static inline i32 drunkard_winner(const i32 *r, i32 loser) { return PLAYERS == 2 ? 1 - loser : -1; }",
     "static inline i32 drunkard_winner(const i32 *r, i32 loser) { return PLAYERS == 2 ? loser : -1; }",
     "the drunkard goals name the loser as the winner"),
    (C, "} else if (ZERO == 0) {                 /* zero=\"lose\" */",
     "} else if (ZERO == 1) {                 /* zero=\"lose\" */", "zero=lose and zero=reuse swapped"),
    (C, "        if (WAR_ALL) {", "        if (!WAR_ALL) {", "war_players=all and tied swapped"),
    (C, "            adjust = ace && low;", "            adjust = ace || low;",
     "low_beats_ace: the lowest card beats any card"),
    (C, "            if (SHORTAGE == SHORT_SPLIT && nshort) {",
     "            if (SHORTAGE == SHORT_SPLIT && nshort > 1) {",
     "split only when two run short"),
    (C, "                    if (s[HAVE + p] < most) s[SHORT + nshort++] = p;",
     "                    if (s[HAVE + p] <= most) s[SHORT + nshort++] = p;",
     "everyone short: the one with most cards loses too"),
    (C, "            if (n == 2 && CAPTURE != CAPTURE_ASIDE) {", "            if (n == 2) {",
     "both reusing: aside games end as a two-player tie"),
    (C, "        seat_first(s, tlen, winner, 1);", "        seat_first(s, tlen, winner, 0);",
     "loser_first gathers the winner's cards first"),
    (C, "        if (extreme < 0 || (goal == GOAL_LOSER_FIRST_OUT ? c < extreme : c > extreme)) extreme = c;",
     "        if (extreme < 0 || c > extreme) extreme = c;", "loser_first_out: counts decide the wrong way"),
    (C, "        if (remaining == 1 || (TEAMS && teams_left != 3)) {", "        if (remaining == 1) {",
     "teams: a team out does not end the game"),
    (C, "                if (s[WLEN + p] && s[HLEN + p] <= s[PLAN + p]) turn_over(s, rng, r, p);",
     "                if (s[WLEN + p] && s[HLEN + p] < s[PLAN + p]) turn_over(s, rng, r, p);",
     "won_pile: the pile is taken up one card too late in a war"),
    (C, "    if (SHUFFLE_PILE) shuffle_at(rng, s + CARDS, n);", "    if (!SHUFFLE_PILE) shuffle_at(rng, s + CARDS, n);",
     "shuffle_won_pile inverted"),
    (C, "\n        if (ra == 14 && rb == low) sb = r[STRENGTH + 64 + b];",
     "\n        if (ra == 14 && rb == low + 1) sb = r[STRENGTH + 64 + b];",
     "low_beats_ace on the two-player short path: the wrong card beats the ace"),
    (C, "if (len[0] == 0 && s[WLEN]) turn_over(s, rng, r, 0);",
     "if (len[0] == 0 && s[WLEN + 1]) turn_over(s, rng, r, 0);",
     "quick_rounds: an empty hand takes up its won pile only if the other player has one (equivalent: "
     "play_round's general path takes it up then, drawing the same numbers)"),
    (C, "int loser_empty = len[loser] + (CAPTURE == CAPTURE_WON_PILE ? s[WLEN + loser] : 0) == 0;",
     "int loser_empty = len[loser] == 0;",
     "quick_rounds: a player with only a won pile counts as out (equivalent: it only stops the short path "
     "for check_end, which counts the won pile and lets the game go on)"),
    (C, "    if (ROUND_LIMIT && rounds >= ROUND_LIMIT) return by_counts(s, r, K_ROUND_LIMIT);",
     "    if (ROUND_LIMIT && rounds > ROUND_LIMIT) return by_counts(s, r, K_ROUND_LIMIT);",
     "the round limit one round late"),
    (C, "        if (!listed(s, FIGHTERS, *nf, p) && (s[HLEN + p] + s[WLEN + p]) > 0) s[SHORT + holders++] = p;",
     "        if (!listed(s, FIGHTERS, *nf, p) && s[HLEN + p] > 0) s[SHORT + holders++] = p;",
     "drop-out: a holder with only a won pile is not in the fight"),
    (C, "    if (spec == G_SHUFFLE) {                           /* SplitMix64.shuffle of two cards: one below(2) */",
     "    if (spec == G_PLAYED) {                           /* SplitMix64.shuffle of two cards: one below(2) */",
     "the two-player short path shuffles played-order gathers"),
    (C, "if (s[HLEN] < need || s[HLEN + 1] < need) {", "if (s[HLEN] < need && s[HLEN + 1] < need) {",
     "war_two plays on when one hand holds too few cards for a battle"),
    (C, "i32 *laid = s + CARDS + tlen + p * need;", "i32 *laid = s + CARDS + tlen + p * down;",
     "war_two: the second seat's cards overwrite the first's face-up card in the gathered order"),
    (C, "            winner = sa < sb;\n            break;", "            winner = sa > sb;\n            break;",
     "war_two: the war's loser takes the cards"),
    (C, "    else if (spec != G_PLAYED) gather(s, rng, r, tlen, winner);",
     "    else if (spec == G_PLAYED) gather(s, rng, r, tlen, winner);",
     "war_two: a winner-first / high-first / ... gather after a war leaves the cards as played"),
    (C, "        if (SHUFFLE_PILE) shuffle_at(rng, s + HAND + p * CAP, n);",
     "        if (!SHUFFLE_PILE) shuffle_at(rng, s + HAND + p * CAP, n);",
     "an empty hand takes up its won pile: shuffle_won_pile inverted on the one-copy path"),
    (C, "        winner = sa < sb;\n        if (GATHER_OF(winner) == G_SHUFFLE) {",
     "        winner = sa > sb;\n        if (GATHER_OF(winner) == G_SHUFFLE) {",
     "quick_rounds: the lower card wins"),
    (C, "            a ^= x & (keep - 1);", "            a ^= x & -keep;",
     "quick_rounds: the shuffle of two cards keeps the first card when the second moves"),
    (STEAL, "                stake = len(table) + 2", "                stake = len(table) + 1",
     "Steal War's replica: greedy weighs a smaller stake"),
    (STEAL, "            short = [p for p in (0, 1) if have[p] < 4]",
     "            short = [p for p in (0, 1) if have[p] < 3]",
     "Steal War's replica: a war needs 3 cards, not 4"),
    (STEAL, "                prot0 = t0 and R[h0] == t0", "                prot0 = t0 and R[h0] != t0",
     "Steal War's replica: the wrong pile is protected"),
    (STEAL, "                top = min(cards, key=lambda c: (_COPIES_OF[c] - seen[R[c]], -R[c]))",
     "                top = max(cards, key=lambda c: (_COPIES_OF[c] - seen[R[c]], -R[c]))",
     "Steal War's replica: greedy tops its pile with the wrong card"),
]

# Mutants that change no game (an argument, not a measurement: say why in the description).
EQUIVALENT = {i for i, m in enumerate(MUTANTS) if "(equivalent:" in m[3]}


def build_extension(copy: Path) -> None:
    """Compile the copy's extension in place (as ``setup.py build_ext --inplace`` does, without
    setuptools): _kernelmodule.c and every build of kernel.c, into one shared library."""
    fastsim = copy / "war_widget" / "sim" / "fastsim"
    target = fastsim / ("_compiled" + sysconfig.get_config_var("EXT_SUFFIX"))
    for old in fastsim.glob("_compiled*"):
        old.unlink()
    cc = shlex.split(sysconfig.get_config_var("CC") or "cc")
    sources = [str(fastsim / "_kernelmodule.c"), *map(str, sorted((fastsim / "builds").glob("*.c")))]
    subprocess.run([*cc, "-shared", "-fPIC", "-std=c99", "-O2", "-I" + sysconfig.get_paths()["include"], *sources,
                    "-o", str(target)], check=True, capture_output=True, text=True)


def run(index: int, file: str, old: str, new: str, work: Path) -> tuple[str, float, str]:
    """("caught" / "MISSED" / "HUNG", seconds, the first failing test's line) for one mutant on a fresh copy."""
    copy = work / f"m{index}"
    shutil.copytree(ROOT / "war_widget", copy / "war_widget", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    path = copy / file
    text = path.read_text()
    assert text.count(old) == 1, f"mutant {index}: the line must occur once in {file}: {old!r}"
    path.write_text(text.replace(old, new))
    build_extension(copy)
    env = {**os.environ, "PYTHONPATH": str(copy), "WAR_WIDGET_CACHE_DIR": str(copy / "cache"), "GUARD_NO_SHRINK": "1"}
    env.pop("WAR_WIDGET_KERNEL", None)
    select = "steal" if file == STEAL else "not steal"
    where = subprocess.run([sys.executable, "-c", "import war_widget; print(war_widget.__file__)"], env=env, cwd=copy,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert where.startswith(str(copy)), f"the tests would import {where}, not the mutant"
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-k", select,
                               str(ROOT / "tests/sim/test_guard.py")], capture_output=True, text=True, env=env,
                              cwd=copy, timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return "HUNG", time.perf_counter() - start, f"the guard did not finish in {TIMEOUT} s"
    failed = next((line for line in done.stdout.splitlines() if line.startswith("FAILED")), "")
    status = "caught" if done.returncode != 0 else "MISSED"
    return status, time.perf_counter() - start, failed or done.stdout.strip().splitlines()[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", type=int, nargs="*", help="mutant numbers to run (default all)")
    args = parser.parse_args()
    chosen = args.only if args.only else range(len(MUTANTS))
    counts = {"caught": 0, "MISSED": 0, "HUNG": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for i in chosen:
            file, old, new, what = MUTANTS[i]
            status, seconds, line = run(i, file, old, new, Path(tmp))
            counts[status] += 1
            note = " (equivalent: changes no game)" if i in EQUIVALENT else ""
            print(f"{i:2d} {status} {seconds:6.1f}s  {Path(file).name}: {what}{note}\n      {line[:150]}", flush=True)
    changing = [i for i in chosen if i not in EQUIVALENT]
    print(f"{counts['caught']} of {len(changing)} mutants that change a game caught ({len(chosen)} run, "
          f"{len(chosen) - len(changing)} equivalent); {counts['HUNG']} hung")
    return 0 if counts["caught"] >= len(changing) and not counts["HUNG"] else 1

if __name__ == "__main__":
    sys.exit(main())
