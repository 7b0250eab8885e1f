"""The core's counter-based generator (kit/core/chance.py) and its numba twin (kit/kernels/chance.py).

The stream is checked against a second, deliberately plain implementation written here from the
description in kit/core/chance.py (one value at a time, the key by integer arithmetic), and against
a few literal values: if those change, every seeded game and every saved result changes with them."""

from __future__ import annotations

import copy
import pickle

import pytest

from kit.core import Chance

M64 = 2**64 - 1
SEEDS = [0, 1, -1, 7, 2**32, 2**63 - 1, -(2**63), 2**63, 2**64 - 1, 2**256, -(2**256)]


def plain_mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    return z ^ (z >> 31)


def plain_key(seed: int) -> int:
    words, rest = [], seed
    while True:  # two's-complement 64-bit words, lowest first, until the rest is only the sign
        words.append(rest % 2**64)
        rest >>= 64
        if rest == -(words[-1] >> 63):
            break
    key = len(words) * 0x9E3779B97F4A7C15 % 2**64
    for word in words:
        key = plain_mix(key ^ word)
    return key


def plain_stream(seed: int, count: int) -> list[int]:
    key = plain_key(seed)
    return [plain_mix((key + i * 0x9E3779B97F4A7C15) % 2**64) for i in range(1, count + 1)]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_stream_is_the_documented_one(seed):
    values = plain_stream(seed, 700)  # past several blocks of the pure-Python pool
    chance = Chance(seed)
    assert [chance.next64() for _ in range(700)] == values
    assert chance.counter == 700
    chance = Chance(seed)
    assert [chance.below(n) for n in range(1, 301)] == [((x >> 32) * n) >> 32 for n, x in zip(range(1, 301), values)]
    assert [chance.random() for _ in range(300)] == [(x >> 11) / 2**53 for x in values[300:600]]


def test_a_few_literal_values_stay_known():
    assert [hex(x) for x in plain_stream(1, 2)] == ["0x5dc20aa7b2a27137", "0xbda5668a01d7049c"]
    assert Chance(1).below(1000) == 366
    deck = list(range(12))
    Chance(1).shuffle(deck)
    assert deck == [7, 6, 2, 0, 3, 9, 1, 11, 10, 5, 8, 4]


@pytest.mark.parametrize("drawn", [0, 5, 8, 23, 300])  # a fresh pool, mid-block, at a block's end, later
@pytest.mark.parametrize("size", [0, 1, 2, 30, 60, 600])  # 600: more values than one block holds
def test_shuffle_is_fisher_yates_on_below(drawn, size):
    reference, chance = list(range(size)), Chance(5)
    for _ in range(drawn):
        chance.below(3)
    for i in range(size - 1, 0, -1):
        j = chance.below(i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    deck, shuffler = list(range(size)), Chance(5)
    for _ in range(drawn):
        shuffler.below(3)
    shuffler.shuffle(deck)
    assert deck == reference
    assert shuffler.counter == chance.counter
    assert [shuffler.next64() for _ in range(300)] == [chance.next64() for _ in range(300)]


def test_seeds_have_their_own_keys():
    keys = {plain_key(seed) for seed in SEEDS}
    assert len(keys) == len(SEEDS), "1 and -1, 2**64 - 1 and -1 ... are different seeds"
    assert {Chance(seed).key for seed in SEEDS} == keys
    with pytest.raises(TypeError):
        Chance(True)


def test_clone_copy_and_pickle_continue_identically_and_fork_is_independent():
    chance = Chance(3)
    for _ in range(13):  # mid-block
        chance.below(7)
    copies = [chance.clone(), copy.copy(chance), copy.deepcopy(chance), pickle.loads(pickle.dumps(chance))]
    ahead = [chance.below(100) for _ in range(600)]
    for other in copies:
        assert [other.below(100) for _ in range(600)] == ahead
    fork = chance.fork()
    assert fork.key != chance.key
    assert [fork.below(10**6) for _ in range(20)] != [chance.below(10**6) for _ in range(20)]
    drawn = [chance.next64() for _ in range(5)]
    restarted = Chance(0)
    restarted.set_state(copies[0].state())
    assert restarted.counter == copies[0].counter
    assert [restarted.next64() for _ in range(5)] != drawn  # copies[0] is 600 values behind
    restarted.set_state(chance.state())
    assert [restarted.next64() for _ in range(3)] == [chance.next64() for _ in range(3)]


def test_below_and_random_look_uniform():
    stats = pytest.importorskip("scipy.stats")
    chance, n, draws = Chance(20261201), 10, 60_000
    counts = [0] * n
    for _ in range(draws):
        counts[chance.below(n)] += 1
    assert stats.chisquare(counts).pvalue > 1e-3
    bins = [0] * 16
    for _ in range(draws):
        bins[int(chance.random() * 16)] += 1
    assert stats.chisquare(bins).pvalue > 1e-3
    pairs = [0] * 36  # consecutive draws independent: (first, second) uniform over 6 x 6
    for _ in range(draws // 2):
        pairs[6 * chance.below(6) + chance.below(6)] += 1
    assert stats.chisquare(pairs).pvalue > 1e-3


def test_the_numba_twin_draws_the_same_numbers():
    pytest.importorskip("numba")
    import numba
    import numpy as np

    from kit.kernels import chance as twin

    @numba.njit
    def draw(st, count, belows, randoms, values):
        for i in range(count):
            belows[i] = twin.below(st, 1 + i % 97)
            randoms[i] = twin.random(st)
            values[i] = twin.next64(st)

    int64_seeds = [s for s in SEEDS if -(2**63) <= s < 2**63]
    fresh = twin.states(SEEDS)
    assert [int(k) for k in fresh[:, twin.KEY]] == [plain_key(s) for s in SEEDS]
    assert [int(k) for k in twin.keys(int64_seeds)] == [plain_key(s) for s in int64_seeds]
    for seed, st in zip(SEEDS, fresh):
        belows, randoms, values = np.zeros(400, np.int64), np.zeros(400), np.zeros(400, np.uint64)
        draw(st, 400, belows, randoms, values)
        chance = Chance(seed)
        for i in range(400):
            expected = chance.below(1 + i % 97), chance.random(), chance.next64()
            assert (belows[i], randoms[i], int(values[i])) == expected
        assert int(st[twin.COUNTER]) == chance.counter == 1200
        mid = Chance(0)
        twin.restore(mid, st)
        assert mid.next64() == chance.next64()
        assert twin.state(chance).tolist() == list(chance.state())
