"""What the truck engines (Zooloretto's and Mini's numba code) read alike of their trucks, written once.

Both states hold the trucks alike: per truck its capacity (T_CAPACITY), tile count (T_COUNT), taker or -1 (T_TAKEN_BY)
and tiles (T_TILES, -1 for a free space); both PROTOCOLs code a turn option as kind << 24 | a << 16 | b << 8 | c,
DRAW 1 and TAKE 2.
Zooloretto keeps its rules in the state, Mini in an array of their own, so a game passes its truck count and its
offsets; the kernels are small and compiled inline, so the constants fold as in the game's own code.
"""
from __future__ import annotations

from numba import njit

OPT_DRAW, OPT_TAKE = 1, 2  # the turn options both PROTOCOLs number alike


@njit(cache=True, _nrt=False, inline="always")
def option(kind, a, b, c):
    return (kind << 24) | (a << 16) | (b << 8) | c


@njit(cache=True, _nrt=False, inline="always")
def free_space_share(S, trucks, capacity_at, count_at, taken_at):
    """Share of truck spaces still free among untaken trucks: the heuristic waits less as trucks fill."""
    free = 0
    total = 0
    for t in range(trucks):
        if S[taken_at + t] < 0:
            free += S[capacity_at + t] - S[count_at + t]
            total += S[capacity_at + t]
    return free / max(total, 1)


@njit(cache=True, _nrt=False, inline="always")
def draw_and_take_options(S, drawable, trucks, count_at, taken_at, out):
    """DRAW if `drawable`, then TAKE t for each untaken truck with a tile, ascending, into out[0:n]; returns n."""
    n = 0
    if drawable:
        out[n] = option(OPT_DRAW, 0, 0, 0)
        n += 1
    for t in range(trucks):
        if S[taken_at + t] < 0 and S[count_at + t] > 0:
            out[n] = option(OPT_TAKE, t, 0, 0)
            n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def count_truck_tiles(S, trucks, count_at, tiles_at, capacity, counts):
    """Add each tile on the trucks to counts[its code] (truck t's k-th tile: S[tiles_at + t * capacity + k])."""
    for t in range(trucks):
        for k in range(S[count_at + t]):
            code = S[tiles_at + t * capacity + k]
            if code >= 0:
                counts[code] += 1
