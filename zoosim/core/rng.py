"""Per-game random streams: xoshiro256** seeded by splitmix64 from (master seed, game index).

Every game's stream depends only on (seed, game index), so results do not depend on worker count,
shard size or thread scheduling. `PyRng` is the same generator in plain Python for reference
implementations; both produce identical numbers (tested).

The numba functions work on a `uint64[4]` state array. `below(state, n)` is floor(u64 * n / 2^64),
computed with 64-bit multiplies because numba has no 128-bit integers.
"""
from __future__ import annotations

import numpy as np
from numba import njit

GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_MASK = (1 << 64) - 1

_U_GOLDEN = np.uint64(GOLDEN)
_U_M1 = np.uint64(_M1)
_U_M2 = np.uint64(_M2)
_U30 = np.uint64(30)
_U27 = np.uint64(27)
_U31 = np.uint64(31)
_U17 = np.uint64(17)
_U45 = np.uint64(45)
_U19 = np.uint64(19)
_U7 = np.uint64(7)
_U57 = np.uint64(57)
_U5 = np.uint64(5)
_U9 = np.uint64(9)
_U4 = np.uint64(4)
_U32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, _nrt=False, inline="always")
def mix64(z):
    z = (z ^ (z >> _U30)) * _U_M1
    z = (z ^ (z >> _U27)) * _U_M2
    return z ^ (z >> _U31)


@njit(cache=True, _nrt=False)
def seed_stream(state, seed, game_index):
    """Fill `state` (uint64[4]) with the stream of game `game_index` of master seed `seed`."""
    sm = mix64(np.uint64(seed)) + _U4 * np.uint64(game_index) * _U_GOLDEN
    for k in range(4):
        sm = sm + _U_GOLDEN
        state[k] = mix64(sm)


@njit(cache=True, _nrt=False, inline="always")
def step(s0, s1, s2, s3):
    """next_u64 on a state held in locals: (result, new state). For loops that keep the state in registers
    (`shuffle`) and engines that keep it inside their own state array."""
    x = s1 * _U5
    result = ((x << _U7) | (x >> _U57)) * _U9
    t = s1 << _U17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << _U45) | (s3 >> _U19)
    return result, s0, s1, s2, s3


@njit(cache=True, _nrt=False, inline="always")
def next_u64(state):
    result, s0, s1, s2, s3 = step(state[0], state[1], state[2], state[3])
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@njit(cache=True, _nrt=False, inline="always")
def below(state, n):
    """A draw from 0..n-1 (n >= 1, n < 2^32): the high word of next_u64() * n."""
    return scaled(next_u64(state), n)


@njit(cache=True, _nrt=False, inline="always")
def scaled(x, n):
    """floor(x * n / 2^64) for a u64 draw x: below's draw from 0..n-1."""
    un = np.uint64(n)
    high = (x >> _U32) * un + (((x & _LOW32) * un) >> _U32)
    return np.int64(high >> _U32)


@njit(cache=True, _nrt=False)
def shuffle(values, n, state):
    """Fisher-Yates over values[0:n], from the last element down: j = below(state, i + 1) for each i.

    The same draws as calling `below` in a loop, with the generator's state held in locals for the whole
    loop: numba cannot tell that `values` and `state` do not overlap, so `below` would reload and store
    the state around every write (a tenth of a Tractor game)."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    for i in range(n - 1, 0, -1):
        x, s0, s1, s2, s3 = step(s0, s1, s2, s3)
        j = scaled(x, i + 1)
        held = values[i]
        values[i] = values[j]
        values[j] = held
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3


class PyRng:
    """The same stream in plain Python integers (for the reference implementations)."""

    def __init__(self, seed: int, game_index: int) -> None:
        sm = (self.mix64(seed & _MASK) + 4 * game_index * GOLDEN) & _MASK
        self.s = []
        for _ in range(4):
            sm = (sm + GOLDEN) & _MASK
            self.s.append(self.mix64(sm))

    @staticmethod
    def mix64(z: int) -> int:
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def next_u64(self) -> int:
        s0, s1, s2, s3 = self.s
        x = (s1 * 5) & _MASK
        result = ((((x << 7) | (x >> 57)) & _MASK) * 9) & _MASK
        t = (s1 << 17) & _MASK
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 45) | (s3 >> 19)) & _MASK
        self.s = [s0, s1, s2, s3]
        return result

    def below(self, n: int) -> int:
        """A draw from 0..n-1, exactly as the numba `below`."""
        return (self.next_u64() * n) >> 64
