"""New York Zoo's numba state: one game is one flat int64 array `S`, laid out here.

Every array argument of a non-inlined numba function costs reference counting in the hot loop
(NUMBA-NOTES); with the game state as a tuple of ten arrays that was over half of the engine's time. So
one game is one int64 array `S` (rules, game, players, enclosures, option scratch, random stream, event
log) and the component tables are one read-only int64 array `T` (components/tables.py); only the scored
policies add their parameters (float64 `F`, one row per seat). Bit masks are stored as int64 and read
back with `np.uint64(...)` (a free reinterpretation). Offsets below are module constants, so numba folds them.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import scaled, seed_stream, step
from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.rules import MAX_PLAYERS, R_SIZE

MAX_ENCLOSURES = 32
MAX_OPTIONS = 640
N_TILES = data.N_TILES
N_HARBOURS = len(data.HARBOUR_SPACES)

# ---- S: the packed rules (rules.pack) at 0..R_SIZE, then the game scalars
(G_ELEPHANT, G_TURNS, G_OVER, G_END_REASON, G_TRAVELLED, G_FACE_UP, G_NEVENTS, G_MOVER,
 G_LOG_ROWS) = range(R_SIZE, R_SIZE + 9)
G_RNG = R_SIZE + 9                  # 4 entries: the xoshiro256** state (zoosim.core.rng) as int64
G_POLICY = G_RNG + 4                # MAX_PLAYERS entries: policy id per seat
G_SUPPLY = G_POLICY + MAX_PLAYERS   # 8 entries: attraction tiles left per kind
G_HEIGHT = G_SUPPLY + 8             # N_HARBOURS entries: tiles in each stack
G_STACK = G_HEIGHT + 16             # N_HARBOURS * 3 entries: tile index, bottom first
G_LINES = G_STACK + 3 * N_HARBOURS  # 8 entries: spaces entered by the lines the move crossed
PLAYERS = G_LINES + 8
# per player, at PLAYERS + p * P_SIZE (see `pb`)
P_BOARD, P_HOUSES, P_NENC, P_ENCLOSURES_PLACED, P_ATTRACTIONS, P_BREEDINGS, P_OWN_TURNS, P_TURNS_TO_FINISH = range(8)
P_HOUSE = 8                         # N_SPECIES entries: animals of each species in houses
P_COVERED = P_HOUSE + 8             # 2 entries: covered cells (house corner + tiles), 128-bit mask lo, hi
P_FITS = P_COVERED + 2              # N_TILES entries: 0 never fits, o * 128 + anchor + 1 fitted last time (placements.fits)
P_SIZE = P_FITS + N_TILES
# per enclosure, at ENCLOSURES + (p * MAX_ENCLOSURES + e) * E_SIZE (see `eb`)
ENCLOSURES = PLAYERS + MAX_PLAYERS * P_SIZE
E_CAPACITY, E_SPECIES, E_COUNT, E_ADDED, E_RECEIVED = range(5)
E_SIZE = 5
OPT = ENCLOSURES + MAX_PLAYERS * MAX_ENCLOSURES * E_SIZE  # MAX_OPTIONS rows of 4: the current decision's options
LOG = OPT + 4 * MAX_OPTIONS         # event log rows of 6 (G_LOG_ROWS of them, and a spare) follow the state
STATE_SIZE = LOG


def new_state(log_rows: int) -> np.ndarray:
    """A zeroed game array with room for `log_rows` event log rows (and engine/actions.log_event's spare row)."""
    s = np.zeros(STATE_SIZE + 6 * (log_rows + 1), np.int64)
    s[G_LOG_ROWS] = log_rows
    return s


@njit(cache=True, nogil=True, inline="always")
def pb(p):
    """Start of player p's block in S."""
    return PLAYERS + p * P_SIZE


@njit(cache=True, nogil=True, inline="always")
def eb(p, e):
    """Start of enclosure e of player p in S."""
    return ENCLOSURES + (p * MAX_ENCLOSURES + e) * E_SIZE


@njit(cache=True, nogil=True, inline="always")
def add_option(S, n, first, second):
    """Write option row n as (first, second) and return the option count, n + 1 (the rows' other slots are unused)."""
    S[OPT + 4 * n] = first
    S[OPT + 4 * n + 1] = second
    return n + 1


# ---- the game's random stream: zoosim.core.rng's xoshiro256** and below(n), on S[G_RNG..G_RNG+4]
@njit(cache=True, nogil=True)
def seed_game(S, seed, game_index):
    """Seed the stream of (seed, game index) exactly as zoosim.core.rng.seed_stream does."""
    state = np.zeros(4, np.uint64)
    seed_stream(state, seed, game_index)
    for k in range(4):
        S[G_RNG + k] = np.int64(state[k])


@njit(cache=True, nogil=True, inline="always")
def draw(S, n):
    """A draw from 0..n-1: zoosim.core.rng.below on the stream in S (same numbers, no extra array)."""
    x, s0, s1, s2, s3 = step(np.uint64(S[G_RNG]), np.uint64(S[G_RNG + 1]), np.uint64(S[G_RNG + 2]),
                             np.uint64(S[G_RNG + 3]))
    S[G_RNG] = np.int64(s0)
    S[G_RNG + 1] = np.int64(s1)
    S[G_RNG + 2] = np.int64(s2)
    S[G_RNG + 3] = np.int64(s3)
    return scaled(x, n)


