"""Zooloretto Mini's scripted policies, in numba.

A policy sees the public state `S` only (zoos, barns, trucks, supply, how many tiles are left); the
stack order lives in `deck`, which is never passed here. Lookahead applies candidate moves with the
engine's own functions on a scratch copy of the state, so no rule is written twice.

- `uniform` (0): spec section 8 (PROTOCOL 8). Its turn choice is inline in play.py; its placement and
  bonus draws are `uniform_destination` and `uniform_bonus` below.
- `random` (1): uniform over the canonical option lists (PROTOCOL 9).
- `greedy` (2): the choice that most raises its score-if-the-game-ended-now; draws when no truck raises
  it; loads a drawn tile on the truck it would most like to take; places tiles one at a time where the
  score is highest; resolves each bonus by the option that raises its score most (ties: the first in
  canonical order, so SKIP when nothing helps).
- `heuristic` (3): like greedy, but values a zoo by its projected worth (see `zoo_value`).
"""
from __future__ import annotations

from numba import njit

from zoosim.core.bits import bit_count, nth_bit
from zoosim.core.borrow import copy_array
from zoosim.core.rng import below
from zoosim.games.family import engine as F
from zoosim.games.zooloretto_mini.engine import state as E
from zoosim.games.zooloretto_mini.engine.state import (
    H_DRAW_PTR, H_EARNED, H_FREE_TRUCKS, H_LAST_ROUND, H_TOTAL, P_ANIMALS, P_BARN, P_BARN_TILES, P_FEMALE, P_LANDS,
    P_MALE, P_SIZE, P_SPECIES, PLAYERS_AT, SUPPLY, T_CAPACITY, T_COUNT, T_TAKEN_BY, T_TILES, player_at,
)
from zoosim.games.zooloretto_mini.rules import (
    MAX_TRUCK_CAPACITY, R_ANIMAL_POINTS, R_ENCLOSURE_SIZE, R_ENCLOSURES, R_LANDSCAPE_POINTS,
    R_TRUCKS,
)

UNIFORM, RANDOM, GREEDY, HEURISTIC = 0, 1, 2, 3

# heuristic parameters (indices into its parameter vector)
HP_BARN_WEIGHT, HP_COMMITMENT, HP_TAKE_THRESHOLD, HP_BONUS_VALUE, HP_PAIR_VALUE, HP_LANDSCAPE_COST = range(6)
NO_CHOICE = -1.0e18


# ---- uniform and random --------------------------------------------------------------------------
@njit(cache=True, _nrt=False, inline="always")
def uniform_destination(S, R, rng, p, code):
    """Spec 8.3: one of [each enclosure that can take the tile, in board order] + [barn], uniformly.
    nth_bit gives -1 (the barn) for k = the number of enclosures."""
    legal = E.enclosures_that_take(S, R, p, code)
    return nth_bit(legal, below(rng, bit_count(legal) + 1))


@njit(cache=True, _nrt=False, inline="always")
def uniform_bonus(S, R, rng, p):
    """Spec 8.4: discard a uniformly chosen tile of the own barn; nothing (SKIP) if the barn is empty."""
    at = player_at(p)
    n = S[at + P_BARN_TILES]
    if n == 0:
        return E.option(E.OPT_SKIP, 0, 0, 0)
    k = below(rng, n)
    code = 0
    while k >= S[at + P_BARN + code]:
        k -= S[at + P_BARN + code]
        code += 1
    return E.option(E.OPT_BONUS_DISCARD, 0, code, 0)


@njit(cache=True, _nrt=False, inline="always")
def uniform_truck(S, R, rng):
    """D[below(len(D))]: the truck that receives a drawn tile under uniform and random (D from its mask)."""
    free = S[H_FREE_TRUCKS]
    return nth_bit(free, below(rng, bit_count(free)))


# ---- valuing a zoo -------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def tiles_left_share(S):
    if S[H_LAST_ROUND] != 0:
        return 0.0
    return (S[H_TOTAL] - S[H_DRAW_PTR]) / max(S[H_TOTAL], 1)


@njit(cache=True, _nrt=False)
def zoo_value(policy, params, S, R, p, components):
    """What the policy thinks player p's zoo is worth (greedy: its score if the game ended now).

    Heuristic: barn penalties weigh `barn_weight` times; an enclosure with animals and free spaces is
    credited `commitment` x (share of tiles left) x the points its free spaces could still add; a
    landscape beyond the first of its kind costs `landscape_cost` while tiles are left (it blocks an
    animal space); an unpaired fertile animal whose offspring is still in the supply is worth
    `pair_value` x the share of tiles left.
    """
    score = E.score_player(S, R, p, components)
    if policy != HEURISTIC:
        return float(score)
    at = player_at(p)
    left = tiles_left_share(S)
    value = score + (params[HP_BARN_WEIGHT] - 1.0) * (components[E.C_BARN_ANIMALS] + components[E.C_BARN_LANDSCAPES])
    size = R[R_ENCLOSURE_SIZE]
    lands = 0
    for e in range(R[R_ENCLOSURES]):
        animals = S[at + P_ANIMALS + e]
        lands += S[at + P_LANDS + e]
        free = size - animals - S[at + P_LANDS + e]
        if animals > 0 and free > 0:
            gain = R[R_ANIMAL_POINTS + animals + free] - R[R_ANIMAL_POINTS + animals]
            value += params[HP_COMMITMENT] * left * gain * animals / (animals + free)
            species = S[at + P_SPECIES + e]
            if S[SUPPLY + species] > 0 and (S[at + P_MALE + e] > 0) != (S[at + P_FEMALE + e] > 0):
                value += params[HP_PAIR_VALUE] * left
    kinds = components[E.C_LANDSCAPES] // max(R[R_LANDSCAPE_POINTS], 1)
    if lands > kinds:
        value -= params[HP_LANDSCAPE_COST] * left * (lands - kinds)
    return value


@njit(cache=True, _nrt=False, inline="always")
def copy_for_player(scratch, S, p):
    """scratch = S as far as one candidate move of player p reads it: the header, the supply and p's own
    block, a fifth of the state. The rest is left as it was: placing a tile and `zoo_value` for p never
    read the trucks or other players' blocks, and the seller's barn that a bonus TAKE changes in scratch
    is never read back (options are listed from S)."""
    copy_array(scratch, S[:T_CAPACITY])
    copy_array(scratch[SUPPLY:], S[SUPPLY:PLAYERS_AT])
    at = player_at(p)
    copy_array(scratch[at:], S[at:at + P_SIZE])


@njit(cache=True, _nrt=False)
def best_placement(policy, params, S, R, p, codes, n, scratch, components, no_trace):
    """The (index into codes, destination) whose placement is worth most to p."""
    best_value = NO_CHOICE
    best = -1
    best_dest = E.BARN_DEST
    enclosures = R[R_ENCLOSURES]
    bonus_value = params[HP_BONUS_VALUE] if policy == HEURISTIC else 0.0
    for i in range(n):
        code = codes[i]
        if code < 0:
            continue
        for d in range(enclosures + 1):
            dest = d if d < enclosures else E.BARN_DEST
            if dest >= 0 and not E.can_take(S, R, p, dest, code):
                continue
            copy_for_player(scratch, S, p)
            E.place_tile(scratch, R, no_trace, p, code, dest, True)
            value = zoo_value(policy, params, scratch, R, p, components)
            value += bonus_value * (scratch[H_EARNED] - S[H_EARNED])
            if value > best_value:
                best_value = value
                best = i
                best_dest = dest
    return best, best_dest


@njit(cache=True, _nrt=False)
def best_bonus(policy, params, S, R, p, options, scratch, components, no_trace):
    """The bonus option worth most to p (the first in canonical order on ties, so SKIP if none helps)."""
    n = E.list_bonus_options(S, R, p, options)
    best = options[0]
    best_value = NO_CHOICE
    for k in range(n):
        copy_for_player(scratch, S, p)
        E.apply_bonus(scratch, R, no_trace, p, options[k])
        value = zoo_value(policy, params, scratch, R, p, components)
        if value > best_value + 1e-9:
            best_value = value
            best = options[k]
    return best


@njit(cache=True, _nrt=False)
def truck_value(policy, params, S, R, p, t, extra, work, scratch, options, codes, components, no_trace):
    """p's value after taking truck t (plus tile `extra` if >= 0): tiles placed and bonuses resolved as
    this policy would. `codes` (MAX_TRUCK_CAPACITY + 1) holds the tiles still to place."""
    n = S[T_COUNT + t]
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
    if extra >= 0:
        codes[n] = extra
        n += 1
    copy_array(work, S[:E.OUT])  # the tiles out of the game are never read here
    work[H_EARNED] = 0
    for _ in range(n):
        i, dest = best_placement(policy, params, work, R, p, codes, n, scratch, components, no_trace)
        E.place_tile(work, R, no_trace, p, codes[i], dest, True)
        codes[i] = -1
    for _ in range(work[H_EARNED]):
        opt = best_bonus(policy, params, work, R, p, options, scratch, components, no_trace)
        E.apply_bonus(work, R, no_trace, p, opt)
    return zoo_value(policy, params, work, R, p, components)


@njit(cache=True, _nrt=False)
def free_space_share(S, R):
    """Share of truck spaces still free among untaken trucks (family.engine)."""
    return F.free_space_share(S, R[R_TRUCKS], T_CAPACITY, T_COUNT, T_TAKEN_BY)


# ---- decisions -----------------------------------------------------------------------------------
# Each decision gets the lookahead's workspace from play_many (nothing is allocated per decision):
# `work` and `scratch` (states), `codes` (MAX_TRUCK_CAPACITY + 1 tiles), `components` (N_COMPONENTS) and
# `no_trace` (an event log without rows, so the lookahead records nothing).
@njit(cache=True, _nrt=False)
def choose_turn(policy, params, S, R, p, rng, options, work, scratch, codes, components, no_trace):
    """DRAW or TAKE t (engine.option codes) for random, greedy and heuristic."""
    if policy == RANDOM:
        n = E.list_turn_options(S, R, options)
        return options[below(rng, n)]
    now = zoo_value(policy, params, S, R, p, components)
    best = -1
    best_gain = NO_CHOICE
    for t in range(R[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] > 0:
            gain = truck_value(policy, params, S, R, p, t, -1, work, scratch, options, codes, components,
                               no_trace) - now
            if gain > best_gain:
                best_gain = gain
                best = E.option(E.OPT_TAKE, t, 0, 0)
    threshold = 0.0
    if policy == HEURISTIC:
        threshold = params[HP_TAKE_THRESHOLD] * free_space_share(S, R)
    if E.can_draw(S, R) and (best < 0 or best_gain <= threshold):
        return E.option(E.OPT_DRAW, 0, 0, 0)
    return best


@njit(cache=True, _nrt=False)
def choose_truck_for_tile(policy, params, S, R, p, rng, code, options, work, scratch, codes, components, no_trace):
    """The truck that receives a drawn tile: uniform for random; else the truck the tile makes best for p
    (heuristic: the largest gain the tile brings to that truck)."""
    if policy == RANDOM:
        return uniform_truck(S, R, rng)
    best = -1
    best_value = NO_CHOICE
    for t in range(R[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
            value = truck_value(policy, params, S, R, p, t, code, work, scratch, options, codes, components,
                                no_trace)
            if policy == HEURISTIC and S[T_COUNT + t] > 0:
                value -= truck_value(policy, params, S, R, p, t, -1, work, scratch, options, codes, components,
                                     no_trace)
            if value > best_value:
                best_value = value
                best = t
    return best


@njit(cache=True, _nrt=False)
def choose_placement(policy, params, S, R, p, t, scratch, codes, components, no_trace):
    """Next tile of taken truck t and its destination: slot << 8 | (destination + 2)."""
    n = S[T_CAPACITY + t]
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
    i, dest = best_placement(policy, params, S, R, p, codes, n, scratch, components, no_trace)
    return (i << 8) | (dest + 2)


@njit(cache=True, _nrt=False)
def choose_bonus(policy, params, S, R, p, rng, options, scratch, components, no_trace):
    """One bonus option for random, greedy and heuristic."""
    if policy == RANDOM:
        n = E.list_bonus_options(S, R, p, options)
        return options[below(rng, n)]
    return best_bonus(policy, params, S, R, p, options, scratch, components, no_trace)
