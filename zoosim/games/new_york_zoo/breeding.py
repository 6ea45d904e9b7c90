"""New York Zoo breeding (spec 7) in numba: one player's part of a breeding event, and which lines breed.

Split from `engine.py` (the actions) so that each module stays readable; the state layout is engine's.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.new_york_zoo.engine import (
    E_ADDED, E_COUNT, E_RECEIVED, E_SPECIES, G_LINES, G_OVER, LINE_SPECIES, N_SPACES, P_BREEDINGS, P_NENC, cap_ok,
    decide, house_bonus, log_event, resolve_if_full,
)
from zoosim.games.new_york_zoo.protocol import D_BONUS_BREED, D_BREED, EV_BRED
from zoosim.games.new_york_zoo.rules import (
    R_BONUS_BREEDING, R_BREEDING_LINE_INDEX_ORDER, R_BREEDING_OPTIONAL, R_MAX_BREEDINGS,
)


@njit(cache=True, nogil=True, inline="always")
def breed_one(S, p, e, bonus):
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    enc[p, e, E_COUNT] += 1
    enc[p, e, E_ADDED] += 1
    enc[p, e, E_RECEIVED] = 1
    pl[p, P_BREEDINGS] += 1
    log_event(g, log, EV_BRED, p, e, enc[p, e, E_SPECIES], bonus, 0)


@njit(cache=True, nogil=True)
def breed(S, T, p, species):
    """One player's part of a breeding event: breed up to 2, house bonus, full enclosures, bonus breeding."""
    g, pl, enc, cov, opt, rng, log, pol, par, R = S
    n_enc = pl[p, P_NENC]
    n_eligible = 0
    for e in range(n_enc):
        enc[p, e, E_RECEIVED] = 0
        if enc[p, e, E_SPECIES] == species and enc[p, e, E_COUNT] >= 2 and cap_ok(enc, R, p, e):
            n_eligible += 1
    optional = R[R_BREEDING_OPTIONAL] != 0
    n = 0
    if optional:
        opt[0, 0] = -1
        opt[0, 1] = -1
        n = 1
    if optional or n_eligible < 2:
        for e in range(n_enc):
            if enc[p, e, E_SPECIES] == species and enc[p, e, E_COUNT] >= 2 and cap_ok(enc, R, p, e):
                opt[n, 0] = e
                opt[n, 1] = -1
                n += 1
    for e in range(n_enc):
        if enc[p, e, E_SPECIES] == species and enc[p, e, E_COUNT] >= 2 and cap_ok(enc, R, p, e):
            for f in range(e + 1, n_enc):
                if enc[p, f, E_SPECIES] == species and enc[p, f, E_COUNT] >= 2 and cap_ok(enc, R, p, f):
                    opt[n, 0] = e
                    opt[n, 1] = f
                    n += 1
    if n == 0:
        return
    i = decide(D_BREED, p, n, species, S, T)
    first = opt[i, 0]
    second = opt[i, 1]
    if first < 0:
        return
    breed_one(S, p, first, 0)
    if second >= 0:
        breed_one(S, p, second, 0)
    house_bonus(S, T, p, first)
    if second >= 0:
        house_bonus(S, T, p, second)
    resolve_if_full(S, T, p, first)
    if g[G_OVER]:
        return
    if second >= 0:
        resolve_if_full(S, T, p, second)
        if g[G_OVER]:
            return
    if R[R_BONUS_BREEDING] == 0:
        return
    opt[0, 0] = -1
    n = 1
    for e in range(n_enc):
        if enc[p, e, E_COUNT] >= 2 and enc[p, e, E_RECEIVED] == 0 and cap_ok(enc, R, p, e):
            opt[n, 0] = e
            n += 1
    if n == 1:
        return
    e = opt[decide(D_BONUS_BREED, p, n, species, S, T), 0]
    if e < 0:
        return
    breed_one(S, p, e, 1)
    house_bonus(S, T, p, e)
    resolve_if_full(S, T, p, e)


@njit(cache=True, nogil=True)
def breeding_lines(g, R, raw, start):
    """Write the lines that breed (spaces entered), in breeding order, to g[G_LINES..]; return their number."""
    n = 0
    pos = start
    for _ in range(raw):
        pos = pos % N_SPACES + 1
        if LINE_SPECIES[pos - 1] >= 0:
            g[G_LINES + n] = pos
            n += 1
    cap = R[R_MAX_BREEDINGS]
    if cap > 0 and n > cap:
        keep_first = cap - 1 if cap > 1 else 1
        kept = 0
        for i in range(n):  # keep the first keep_first lines in index order, and the last one if cap > 1
            rank = 0  # position of line i in index order (spaces 4, 9, 14, 19, 24)
            for j in range(n):
                if g[G_LINES + j] < g[G_LINES + i]:
                    rank += 1
            if rank < keep_first or (cap > 1 and rank == n - 1):
                g[G_LINES + kept] = g[G_LINES + i]
                kept += 1
        n = kept
    if R[R_BREEDING_LINE_INDEX_ORDER] != 0:
        for i in range(1, n):  # insertion sort by space
            x = g[G_LINES + i]
            j = i - 1
            while j >= 0 and g[G_LINES + j] > x:
                g[G_LINES + j + 1] = g[G_LINES + j]
                j -= 1
            g[G_LINES + j + 1] = x
    return n
