"""New York Zoo breeding (spec 7) in numba: one player's part of a breeding event, and which lines breed.

Apart from `actions.py` so that each module stays readable; the state is `engine/state.py`'s.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.sort import sort_run
from zoosim.games.new_york_zoo.components.data import N_SPACES
from zoosim.games.new_york_zoo.components.tables import LINE_SPECIES
from zoosim.games.new_york_zoo.engine.actions import house_bonus, log_event, resolve_if_full, under_cap
from zoosim.games.new_york_zoo.engine.decide import decide
from zoosim.games.new_york_zoo.protocol import D_BONUS_BREED, D_BREED, EV_BRED
from zoosim.games.new_york_zoo.rules import (
    R_BONUS_BREEDING, R_BREEDING_LINE_INDEX_ORDER, R_BREEDING_OPTIONAL, R_MAX_ADDED, R_MAX_BREEDINGS,
)
from zoosim.games.new_york_zoo.engine.state import (
    E_ADDED, E_COUNT, E_RECEIVED, E_SPECIES, G_LINES, G_OVER, OPT, P_BREEDINGS, P_NENC, add_option, eb, pb,
)


@njit(cache=True, nogil=True, inline="always")
def breed_one(S, p, e, bonus):
    k = eb(p, e)
    S[k + E_COUNT] += 1
    S[k + E_ADDED] += 1
    S[k + E_RECEIVED] = 1
    S[pb(p) + P_BREEDINGS] += 1
    log_event(S, EV_BRED, p, e, S[k + E_SPECIES], bonus, 0)


@njit(cache=True, nogil=True)
def breed(S, T, F, p, species):
    """One player's part of a breeding event: breed up to 2, house bonus, full enclosures, bonus breeding."""
    n_enc = S[pb(p) + P_NENC]
    n_eligible = 0
    mask = 0  # bit e: enclosure e may breed
    for e in range(n_enc):  # eligible: species X, 2+ animals, under the cap (branch-free)
        k = eb(p, e)
        S[k + E_RECEIVED] = 0
        ok = (S[k + E_SPECIES] == species) & (S[k + E_COUNT] >= 2) & under_cap(S[k + E_ADDED], S[R_MAX_ADDED])
        n_eligible += ok
        mask |= ok << e
    optional = S[R_BREEDING_OPTIONAL] != 0
    n = 0
    if optional:
        S[OPT] = -1
        S[OPT + 1] = -1
        n = 1
    if optional or n_eligible < 2:
        for e in range(n_enc):
            if (mask >> e) & 1:
                n = add_option(S, n, e, -1)
    for e in range(n_enc):
        if (mask >> e) & 1:
            for f in range(e + 1, n_enc):
                if (mask >> f) & 1:
                    n = add_option(S, n, e, f)
    if n == 0:
        return
    i = decide(D_BREED, p, n, species, S, T, F)
    first = S[OPT + 4 * i]
    second = S[OPT + 4 * i + 1]
    if first < 0:
        return
    breed_one(S, p, first, 0)
    if second >= 0:
        breed_one(S, p, second, 0)
    house_bonus(S, T, F, p, first)
    if second >= 0:
        house_bonus(S, T, F, p, second)
    resolve_if_full(S, T, F, p, first)
    if S[G_OVER]:
        return
    if second >= 0:
        resolve_if_full(S, T, F, p, second)
        if S[G_OVER]:
            return
    if S[R_BONUS_BREEDING] == 0:
        return
    S[OPT] = -1
    n = 1
    for e in range(n_enc):
        k = eb(p, e)
        if S[k + E_COUNT] >= 2 and S[k + E_RECEIVED] == 0 and under_cap(S[k + E_ADDED], S[R_MAX_ADDED]):
            S[OPT + 4 * n] = e
            n += 1
    if n == 1:
        return
    e = S[OPT + 4 * decide(D_BONUS_BREED, p, n, species, S, T, F)]
    if e < 0:
        return
    breed_one(S, p, e, 1)
    house_bonus(S, T, F, p, e)
    resolve_if_full(S, T, F, p, e)


@njit(cache=True, nogil=True)
def breeding_lines(S, raw, start):
    """Write the lines that breed (spaces entered), in breeding order, to S[G_LINES..]; return their number."""
    n = 0
    pos = start
    for _ in range(raw):
        pos = pos % N_SPACES + 1
        if LINE_SPECIES[pos - 1] >= 0:
            S[G_LINES + n] = pos
            n += 1
    cap = S[R_MAX_BREEDINGS]
    if cap > 0 and n > cap:
        keep_first = cap - 1 if cap > 1 else 1
        kept = 0
        for i in range(n):  # keep the first keep_first lines in index order, and the last one if cap > 1
            rank = 0  # position of line i in index order (spaces 4, 9, 14, 19, 24)
            for j in range(n):
                if S[G_LINES + j] < S[G_LINES + i]:
                    rank += 1
            if rank < keep_first or (cap > 1 and rank == n - 1):
                S[G_LINES + kept] = S[G_LINES + i]
                kept += 1
        n = kept
    if S[R_BREEDING_LINE_INDEX_ORDER] != 0:
        sort_run(S, G_LINES, n)  # by space
    return n
