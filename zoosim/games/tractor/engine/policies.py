"""Tractor Zooloretto's scripted policies, in numba.

A policy sees the public state `S` only (zoos, backyards, tractors, how many tiles the bag holds); the
bag's order is never passed here. Lookahead applies candidate moves with the engine's own functions on a
scratch copy of the state (overflow goes into a scratch bag), so no rule is written twice.

- `uniform` (0): the spec's reference policy (PROTOCOL 7), inline in play.py.
- `random` (1): each decision uniform over its canonical option list (PROTOCOL 8).
- `greedy` (2): the tractor, first-tile place and push that give the highest score if the game ended now
  (cards included); ties go to the first in canonical order (no push before any push).
- `heuristic` (3): like greedy, on a projected value (see `zoo_value`).
"""
from __future__ import annotations

from numba import njit

from zoosim.core.borrow import copy_array
from zoosim.core.rng import below
from zoosim.games.tractor.engine import state as E
from zoosim.games.tractor.engine.state import (
    C_BACKYARD, C_CARD_ATTRACTIONS, C_CARD_ENCLOSURE, C_CARD_SPECIES, P_ANIMALS, P_ATTRACTION,
    TR_COUNT, TR_TILES, player_at,
)
from zoosim.games.tractor.rules import (
    BACKYARD, MAX_TRACTOR_CAPACITY, R_ENCLOSURE_POINTS, R_ENCLOSURE_SIZE, R_ENCLOSURES, R_PLAYERS, R_TRACTORS,
)

UNIFORM, RANDOM, GREEDY, HEURISTIC = 0, 1, 2, 3
HP_COMMITMENT, HP_BACKYARD_WEIGHT, HP_CARD_WEIGHT, HP_RIVAL_WEIGHT = range(4)
NO_CHOICE = -1.0e18


@njit(cache=True, _nrt=False)
def zoo_value(policy, params, S, R, p, totals, components):
    """Greedy: p's score if the game ended now. Heuristic: that score with cards weighted `card_weight`
    (they can still change hands), backyard animals weighted `backyard_weight`, each partly filled
    enclosure credited `commitment` x its points x its filled share, minus `rival_weight` x the best
    rival's score."""
    E.score_all(S, R, totals, components)
    if policy != HEURISTIC:
        return float(totals[p])
    cards = components[p, C_CARD_SPECIES] + components[p, C_CARD_ENCLOSURE] + components[p, C_CARD_ATTRACTIONS]
    value = totals[p] + (params[HP_CARD_WEIGHT] - 1.0) * cards \
        + (params[HP_BACKYARD_WEIGHT] - 1.0) * components[p, C_BACKYARD]
    at = player_at(p)
    size = R[R_ENCLOSURE_SIZE]
    for e in range(R[R_ENCLOSURES]):
        tiles = S[at + P_ANIMALS + e] + S[at + P_ATTRACTION + e]
        if 0 < tiles < size:
            value += params[HP_COMMITMENT] * R[R_ENCLOSURE_POINTS + e] * tiles / size
    rival = -1.0e9
    for q in range(R[R_PLAYERS]):
        if q != p and totals[q] > rival:
            rival = totals[q]
    return value - params[HP_RIVAL_WEIGHT] * rival


@njit(cache=True, _nrt=False, inline="always")
def copy_in_play(scratch, S, R):
    """scratch = S up to the last player's block (the blocks of absent seats stay as they are)."""
    copy_array(scratch, S[:player_at(R[R_PLAYERS])])


@njit(cache=True, _nrt=False, inline="always")
def try_take(work, S, R, scratch_bag, no_trace, p, t, place):
    """work = S after p takes tractor t with its first tile to `place` (a take tried, S left alone)."""
    copy_in_play(work, S, R)
    E.take_tractor(work, R, scratch_bag, no_trace, p, t, place)


@njit(cache=True, _nrt=False)
def best_push(policy, params, S, R, p, options, scratch, scratch_bag, totals, components, no_trace):
    """(push option or NO_PUSH, value) that is worth most to p after its take."""
    best = E.NO_PUSH
    best_value = zoo_value(policy, params, S, R, p, totals, components)
    n = E.list_push_options(S, R, p, options)
    for k in range(n):
        copy_in_play(scratch, S, R)
        E.push_animal(scratch, R, no_trace, p, options[k] >> 8, options[k] & 255)
        value = zoo_value(policy, params, scratch, R, p, totals, components)
        if value > best_value + 1e-9:
            best_value = value
            best = options[k]
    return best, best_value


# Each decision gets the lookahead's workspace from play_many (nothing is allocated per decision):
# `work`, `scratch` (states), `scratch_bag`, `places` (MAX_ENCLOSURES), `totals` (players), `components`
# (players x N_COMPONENTS) and `no_trace` (an event log without rows, so the lookahead records nothing).
@njit(cache=True, _nrt=False)
def choose_take(policy, params, S, R, p, rng, options, work, scratch, scratch_bag, places, totals, components,
                no_trace):
    """Tractor and first-tile destination: t << 8 | (destination + 8)."""
    trucks = R[R_TRACTORS]
    if policy == RANDOM:
        n = 0
        for t in range(trucks):
            if S[TR_COUNT + t] > 0:
                n += 1
        k = below(rng, n)
        chosen = -1
        for t in range(trucks):
            if S[TR_COUNT + t] > 0:
                if k == 0:
                    chosen = t
                    break
                k -= 1
        nz = E.zoo_places(S, R, p, S[TR_TILES + chosen * MAX_TRACTOR_CAPACITY], places)
        dest = places[below(rng, nz)] if nz > 0 else BACKYARD
        return (chosen << 8) | (dest + 8)
    best = -1
    best_value = NO_CHOICE
    for t in range(trucks):
        if S[TR_COUNT + t] == 0:
            continue
        nz = E.first_tile_places(S, R, p, t, places)
        for i in range(nz):
            try_take(work, S, R, scratch_bag, no_trace, p, t, places[i])
            _push, value = best_push(policy, params, work, R, p, options, scratch, scratch_bag, totals, components,
                                     no_trace)
            if value > best_value + 1e-9:
                best_value = value
                best = (t << 8) | (places[i] + 8)
    return best


@njit(cache=True, _nrt=False)
def choose_push(policy, params, S, R, p, rng, options, scratch, scratch_bag, totals, components, no_trace):
    """After the take: a push option (code << 8 | tractor) or NO_PUSH."""
    if policy == RANDOM:
        n = E.list_push_options(S, R, p, options)
        if n == 0:
            return E.NO_PUSH
        k = below(rng, n + 1)
        return E.NO_PUSH if k == 0 else options[k - 1]
    push, _value = best_push(policy, params, S, R, p, options, scratch, scratch_bag, totals, components, no_trace)
    return push
