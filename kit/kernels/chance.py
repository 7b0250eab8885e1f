"""The core generator (kit/core/chance.py, which documents it) in numba: the same numbers in the same
order, so a kernel draws exactly what the readable engine draws from its `Chance`.

A generator's state is two uint64 words, ``[key, counter]`` (`state` makes it from a `Chance`,
`restore` writes it back); `keys` gives the keys of many seeds at once. The drawing functions
(`next64`, `below`, `random`) are plain Python here and numba-compiled, inlined, when numba is
installed; everything is in uint64 (numba turns mixed int64 and uint64 arithmetic into floats).

    >>> st = state(Chance(7))
    >>> below(st, 6) == Chance(7).below(6)
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from kit.core.chance import GAMMA, MIX1, MIX2, Chance, key_of

try:  # the kernels are optional: see kit/lostcities/fast.py
    import numba
    import numpy as np
except ImportError:  # pragma: no cover - exercised without numba
    numba = None
    np = None

AVAILABLE = numba is not None
STATE = 2  # words of a generator's state: the key and the counter
KEY, COUNTER = 0, 1

if AVAILABLE:
    _GAMMA, _MIX1, _MIX2 = np.uint64(GAMMA), np.uint64(MIX1), np.uint64(MIX2)
    _ONE, _S11, _S27, _S30, _S31, _S32 = (np.uint64(k) for k in (1, 11, 27, 30, 31, 32))
    _TO_FLOAT = 2.0**-53


def state(chance: Chance):
    """`chance`'s state as a kernel keeps it: uint64 ``[key, counter]``."""
    return np.array(chance.state(), np.uint64)


def restore(chance: Chance, st) -> None:
    """Let `chance` go on from the kernel state `st` (a copy the kernel advanced)."""
    chance.set_state((int(st[KEY]), int(st[COUNTER])))


def states(seeds: Sequence[int]):
    """Fresh states (counter 0) for ``Chance(seed)`` of each seed, as a (seeds x 2) uint64 array."""
    out = np.zeros((len(seeds), STATE), np.uint64)
    out[:, KEY] = keys(seeds)
    return out


def keys(seeds: Sequence[int]):
    """`key_of` of every seed, as uint64: in the kernel when all fit in int64, else one by one."""
    try:
        values = np.asarray(seeds, np.int64)
    except OverflowError:
        return np.array([key_of(int(seed)) for seed in seeds], np.uint64)
    out = np.empty(len(values), np.uint64)
    _keys(values, out)
    return out


# ---------------------------------------------------------------------- the compiled functions
def mix(z):
    """splitmix64's finalizer on a uint64."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


def seed_key(seed):
    """`key_of` for a seed that fits in int64 (one two's-complement word)."""
    return mix(_GAMMA ^ np.uint64(seed))


def _keys(values, out):
    for i in range(values.shape[0]):
        out[i] = seed_key(values[i])


def seed(st, seed_value):
    """Set `st` to the fresh state of ``Chance(seed_value)`` (an int64 seed)."""
    st[KEY] = seed_key(seed_value)
    st[COUNTER] = 0


def next64(st):
    """The next 64-bit value (`Chance.next64`)."""
    st[COUNTER] += _ONE
    return mix(st[KEY] + st[COUNTER] * _GAMMA)


def below(st, n):
    """`Chance.below(n)`: ((x >> 32) * n) >> 32, as int64."""
    return np.int64(((next64(st) >> _S32) * np.uint64(n)) >> _S32)


def random(st):
    """`Chance.random()`: a float in [0, 1) from the value's 53 high bits."""
    return np.float64(next64(st) >> _S11) * _TO_FLOAT


if AVAILABLE:
    # numba's cache watches this file only; the constants come from kit/core/chance.py (a stamp
    # watches both). Kernels that inline these functions name both files in their own stamps.
    from pathlib import Path

    import kit.core.chance
    from kit.kernels.kernel_cache import compile_in_place, refresh

    SOURCES = [Path(__file__), Path(kit.core.chance.__file__)]
    refresh(__file__, SOURCES)
    compile_in_place(
        globals(),
        ["mix", "seed_key", "_keys", "seed", "next64", "below", "random"],
        inlined={"mix", "seed_key", "seed", "next64", "below", "random"},
    )
