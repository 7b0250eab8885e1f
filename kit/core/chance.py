"""Seeded chance: one small counter-based generator, the same on every machine, every Python version
and in the compiled kernels (kit/kernels/chance.py is its numba twin: same numbers, same order).

The generator (splitmix64's output function on a counter, as in Steele, Lea and Flood's SplittableRandom):

- the key: 64 bits derived once from the seed. The seed's two's-complement words (64 bits each,
  lowest first, the fewest that hold it and its sign: one word for any seed in [-2**63, 2**63))
  are folded as ``h = len(words) * GAMMA; h = mix(h ^ word)`` for each word (mod 2**64). `mix` is a bijection of 64-bit
  words, so two seeds of one word never share a key.
- the i-th value (i = 1, 2, ...): ``mix((key + i * GAMMA) mod 2**64)``; the counter says how many
  values were drawn. Any state is two 64-bit numbers (key, counter), which is what the kernels keep.
- ``below(n)``: Lemire's multiply-shift on the value's 32 high bits, ``((x >> 32) * n) >> 32``: one
  value, no rejection loop; for the n a game uses (below a few hundred) no outcome is more than
  n / 2**32 (under one in ten million) away from 1/n.
- ``random()``: the value's 53 high bits as a float in [0, 1), ``(x >> 11) * 2**-53``.
- ``shuffle``: Fisher-Yates, ``j = below(i + 1)`` for i from the end.

Different seeds give streams that are one and the same cycle of 2**64 values entered at unrelated
points (keys are mixed seeds); a game draws thousands of values, so two games' draws overlapping
needs of the order of 2**64 / (games x draws) games.

Pure Python pays for 64-bit arithmetic on Python ints: the values are made in blocks, many counters
at once as lanes of one big integer (128 bits a lane, so that a lane's product never spills into the
next), which costs about a third of computing them one by one. Blocks grow from 8 to 256 values,
so that a generator that draws a handful of values (a fork, a hotel side) computes only a few; a
shuffle computes the values it needs at once (in blocks of at most 256).
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15  # 2**64 / the golden ratio, odd: the counter's step
MIX1, MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # splitmix64's finalizer (Stafford's mix 13)
TO_FLOAT = 2.0**-53
FIRST_BLOCK, LAST_BLOCK = 8, 256  # values per block: doubling from the first to the last


def mix(z: int) -> int:
    """splitmix64's finalizer: a bijection of 64-bit words that spreads every bit over the others."""
    z = ((z ^ (z >> 30)) * MIX1) & MASK
    z = ((z ^ (z >> 27)) * MIX2) & MASK
    return z ^ (z >> 31)


def key_of(seed: int) -> int:
    """The 64-bit key of `seed` (see the module's docstring)."""
    words = ((seed if seed >= 0 else ~seed).bit_length() + 64) // 64  # value bits and a sign bit
    data = seed.to_bytes(8 * words, "little", signed=True)
    key = (words * GAMMA) & MASK
    for w in range(words):
        key = mix(key ^ int.from_bytes(data[8 * w : 8 * w + 8], "little"))
    return key


class _Lanes:
    """The constants to compute `size` values at once, one per 128-bit lane of a big integer."""

    def __init__(self, size: int):
        self.size = size
        self.mask = sum(MASK << (128 * i) for i in range(size))
        self.ones = sum(1 << (128 * i) for i in range(size))
        # lane i holds the (size - i)-th value of the block: reversed, so that list.pop() takes them in order
        self.steps = sum((((size - 1 - i) * GAMMA) & MASK) << (128 * i) for i in range(size))

    def values(self, key: int, counter: int) -> list[int]:
        """The values for counters counter + 1 .. counter + size, the last one first."""
        m = self.mask
        z = ((((key + (counter + 1) * GAMMA) & MASK) * self.ones) + self.steps) & m
        z = ((z ^ (z >> 30) & m) * MIX1) & m
        z = ((z ^ (z >> 27) & m) * MIX2) & m
        z ^= (z >> 31) & m
        return memoryview(z.to_bytes(16 * self.size, "little")).cast("Q")[::2].tolist()


_LANES: dict[int, _Lanes] = {}


def _lanes(size: int) -> _Lanes:
    """The lanes of `size` values (made once per size: the pool's blocks, a deck's shuffle)."""
    lanes = _LANES.get(size)
    if lanes is None:
        lanes = _LANES[size] = _Lanes(size)
    return lanes


class Chance:
    """The random generator a game carries in its state. Never use the global `random` module.

    >>> chance = Chance(2026)
    >>> 0 <= chance.below(6) < 6 and 0.0 <= chance.random() < 1.0
    True
    """

    __slots__ = ("seed", "key", "_pool", "_pop", "_end", "_block")

    def __init__(self, seed: int):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed must be an integer, not {seed!r}")
        self.seed = seed
        self.key = key_of(seed)
        self._start(0)

    def _start(self, counter: int) -> None:
        """Continue after `counter` values, with an empty pool (the next draw computes a block)."""
        self._pool: list[int] = []  # the current block's values not drawn yet, the next one last
        self._pop = self._pool.pop
        self._end = counter  # the counter once the pool is empty
        self._block = FIRST_BLOCK

    def _refill(self) -> None:
        size = self._block
        self._pool.extend(_lanes(size).values(self.key, self._end))
        self._end += size
        self._block = min(2 * size, LAST_BLOCK)

    @property
    def counter(self) -> int:
        """How many values have been drawn so far."""
        return self._end - len(self._pool)

    def state(self) -> tuple[int, int]:
        """(key, counter): all there is to the generator (the kernels keep the same two numbers)."""
        return self.key, self.counter

    def set_state(self, state: tuple[int, int]) -> None:
        """Go on from `state` (as `state()` gave it; a kernel that drew from a copy writes it back)."""
        key, counter = state
        self.key = int(key)
        self._start(int(counter))

    def next64(self) -> int:
        """The next 64-bit value of the stream (`below` and `random` are made from it)."""
        try:
            return self._pop()
        except IndexError:
            self._refill()
            return self._pop()

    def below(self, n: int) -> int:
        """A uniformly drawn integer in ``range(n)``, for 0 < n <= 2**32 (one value: see the module)."""
        try:
            return ((self._pop() >> 32) * n) >> 32
        except IndexError:
            self._refill()
            return ((self._pop() >> 32) * n) >> 32

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        try:
            return (self._pop() >> 11) * TO_FLOAT
        except IndexError:
            self._refill()
            return (self._pop() >> 11) * TO_FLOAT

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place: ``j = below(i + 1)`` for i from the end, the values drawn in one batch."""
        last = len(items) - 1
        if last < 1:
            return
        for i, x in zip(range(last, 0, -1), self._take(last)):
            j = ((x >> 32) * (i + 1)) >> 32  # below(i + 1)
            items[i], items[j] = items[j], items[i]

    def _take(self, count: int) -> list[int]:
        """The next `count` values of the stream in order, at once: the pool's first, then blocks of the rest."""
        pool, first = self._pool, len(self._pool) - count
        if first >= 0:
            taken = pool[first:]
            del pool[first:]
            taken.reverse()
            return taken
        taken = pool[::-1]
        pool.clear()
        for start in range(0, -first, LAST_BLOCK):  # blocks of at most LAST_BLOCK: few sizes of lanes
            size = min(-first - start, LAST_BLOCK)
            taken += _lanes(size).values(self.key, self._end)[::-1]
            self._end += size
        return taken

    def clone(self) -> Chance:
        """An independent generator that will produce exactly what this one would."""
        copy = Chance.__new__(Chance)
        copy.seed, copy.key = self.seed, self.key
        copy._pool = list(self._pool)
        copy._pop = copy._pool.pop
        copy._end, copy._block = self._end, self._block
        return copy

    def fork(self) -> Chance:
        """A new independent generator seeded from this one (for bots, determinization, ...)."""
        return Chance(self.next64() >> 11)

    def __reduce__(self):
        # copy, deepcopy and pickle go through the state (a bound list.pop must never be shared)
        return _restored, (self.seed, self.key, self.counter)

    def __repr__(self) -> str:
        return f"Chance(seed={self.seed!r}, counter={self.counter})"


def _restored(seed: int, key: int, counter: int) -> Chance:
    chance = Chance.__new__(Chance)
    chance.seed, chance.key = seed, key
    chance._start(counter)
    return chance
