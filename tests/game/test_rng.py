"""SplitMix64: the project's own generator, pinned against the published reference algorithm."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from war_widget import Game
from war_widget.game.rng import MASK64, SplitMix64


def reference_splitmix64(seed: int, n: int) -> list[int]:
    """Vigna's splitmix64.c, written out independently of war_widget.game.rng:
    x += 0x9e3779b97f4a7c15; z = x; z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9;
    z = (z ^ z >> 27) * 0x94d049bb133111eb; return z ^ z >> 31   (all mod 2**64)."""
    out, x = [], seed % 2**64
    for _ in range(n):
        x = (x + 0x9E3779B97F4A7C15) % 2**64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        out.append(z ^ (z >> 31))
    return out


@pytest.mark.parametrize("seed", [0, 1234567])
def test_first_outputs_match_the_reference_formula(seed):
    gen = SplitMix64(seed)
    assert [gen.next64() for _ in range(8)] == reference_splitmix64(seed, 8)


def test_published_values():
    # Widely quoted outputs of the reference splitmix64.c: seed 0 starts with 0xe220a8397b1dcdaf,
    # seed 1234567 with 6457827717110365317, 3203168211198807973.
    assert SplitMix64(0).next64() == 0xE220A8397B1DCDAF
    gen = SplitMix64(1234567)
    assert [gen.next64(), gen.next64()] == [6457827717110365317, 3203168211198807973]


def test_state_is_one_integer_and_from_state_resumes():
    gen = SplitMix64(42)
    for _ in range(5):
        gen.next64()
    copy = SplitMix64.from_state(gen.state)
    assert [copy.next64() for _ in range(5)] == [gen.next64() for _ in range(5)]
    assert eval(repr(gen), {"SplitMix64": SplitMix64}).state == gen.state


@pytest.mark.parametrize("bad", [-1, 1.5, "7", None, True, 2**64])
def test_bad_seed(bad):
    # 2**64 used to wrap round to seed 0 (issue 11): now an error like every other bad seed
    with pytest.raises(ValueError, match=r"seed must be a whole number from 0 to 2\*\*64-1"):
        SplitMix64(bad)


@given(st.integers(0, MASK64), st.integers(1, 10**6))
def test_below_stays_in_range(seed, n):
    gen = SplitMix64(seed)
    assert all(0 <= gen.below(n) < n for _ in range(20))


def test_below_rejects_the_biased_top_of_the_range():
    # With n = 2**63 + 1, 2**64 % n == 2**63 - 1, so every output >= n is rejected (about half
    # of them) and the next output is tried: the result is the first output below n, mod n.
    n = 2**63 + 1
    rejected = 0
    for seed in range(100):
        outs = reference_splitmix64(seed, 40)
        first_ok = next(x for x in outs if x < n)
        rejected += outs.index(first_ok)
        gen = SplitMix64(seed)
        assert gen.below(n) == first_ok % n
        assert gen.state == (seed + (outs.index(first_ok) + 1) * 0x9E3779B97F4A7C15) % 2**64
    assert rejected > 20


def test_below_needs_a_positive_bound():
    with pytest.raises(ValueError, match="positive whole-number bound"):
        SplitMix64(1).below(0)


def test_below_is_uniform_enough():
    gen = SplitMix64(7)
    counts = Counter(gen.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(850 < c < 1150 for c in counts.values())


@given(st.integers(0, MASK64), st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    SplitMix64(seed).shuffle(shuffled)
    assert Counter(shuffled) == Counter(items)


def test_shuffle_is_fisher_yates_from_the_top():
    items = list(range(10))
    SplitMix64(99).shuffle(items)
    expected, gen = list(range(10)), SplitMix64(99)
    for i in range(9, 0, -1):
        j = gen.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected


def _state_before(output: int) -> int:
    """The state whose next64() is ``output`` (SplitMix64's mixing steps are invertible)."""
    z = output
    z ^= (z >> 31) ^ (z >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) % 2**64
    z ^= (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) % 2**64
    z ^= (z >> 30) ^ (z >> 60)
    return (z - 0x9E3779B97F4A7C15) % 2**64


def test_shuffle_rejects_as_below_does():
    """A draw in the biased top of the range is drawn again, in shuffle as in below(): here the
    first draw for the last of three places is 2**64 - 1, which below(3) rejects."""
    state = _state_before(MASK64)
    assert SplitMix64.from_state(state).next64() == MASK64
    items, gen = ["a", "b", "c"], SplitMix64.from_state(state)
    gen.shuffle(items)
    expected, ref = ["a", "b", "c"], SplitMix64.from_state(state)
    for i in (2, 1):
        j = ref.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and gen.state == ref.state
    assert ref.state == (state + 3 * 0x9E3779B97F4A7C15) % 2**64      # three draws for two places


def test_same_code_same_deal():
    a, b = Game("classic", seed=123456789), Game.from_code("classic-123456789")
    assert a.dealt == b.dealt and a.code == b.code == "classic-123456789"
    assert Game("classic", seed=123456790).dealt != a.dealt


@pytest.mark.parametrize("call", [lambda g: g.below(1.5), lambda g: g.below("3"), lambda g: g.shuffle(None),
                                  lambda g: g.shuffle("abc"), lambda g: SplitMix64.from_state(-1),
                                  lambda g: SplitMix64.from_state(2**64)])
def test_bad_bounds_states_and_shuffles_are_value_errors(call):
    with pytest.raises(ValueError, match=r"whole-number bound|mutable sequence|state must be a whole number"):
        call(SplitMix64(1))
