"""Zooloretto's scripted policies, in numba.

A policy sees the public state `S` only (zoos, barns, trucks, coins, how many tiles are left); the stack
order lives in `deck`, which is never passed here. Policies that look ahead apply candidate moves with
the engine's own functions on a scratch copy of the state, so they never re-implement a rule.

- `uniform` (id 0): spec section 11, the measuring stick. Written inline in play.py for speed; its
  placement draw is `uniform_destination` below.
- `random` (id 1): uniform over every legal turn option (money actions included), PROTOCOL section 8.
- `greedy` (id 2): the option that most raises (score if the game ended now + coin_value x coins);
  coin_value = 1. Draws when nothing raises it; places each tile where that value is highest.
- `heuristic` (id 3): values a zoo by its projected worth, not just its current score, with weights.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import below
from zoosim.games.zooloretto import engine as E
from zoosim.games.zooloretto.engine import (
    H_BANK, H_DRAW_PTR, H_LAST_ROUND, H_TOTAL, P_COINS, P_COUNT, P_ENCLOSURES, P_EXPANSIONS, P_FEMALE, P_MALE,
    P_SIZE, P_SPECIES, P_STALL_COUNT, SUPPLY, T_CAPACITY, T_COUNT, T_TAKEN_BY, T_TILES, can_take_animal,
    can_take_stall, player_at,
)
from zoosim.games.zooloretto.rules import (
    COIN, ENC_FULL, MAX_SPECIES, MAX_TRUCK_CAPACITY, R_BARN_PENALTY, R_ENCLOSURE, R_EXPAND_COST,
    R_MAX_EXPANSIONS, R_PLAYERS, R_SPECIES, R_STALL_KIND_POINTS, R_STALL_KINDS, R_TRUCKS, STALL_BASE,
)

UNIFORM, RANDOM, GREEDY, HEURISTIC = 0, 1, 2, 3

# heuristic parameters (indices into its parameter vector)
HP_COIN_VALUE, HP_BARN_WEIGHT, HP_COMMITMENT, HP_TAKE_THRESHOLD, HP_MONEY_THRESHOLD, HP_EXPAND_VALUE, \
    HP_PAIR_VALUE = range(7)
GREEDY_COIN_VALUE = 1.0
NO_CHOICE = -1.0e18


@njit(cache=True)
def uniform_destination(S, R, rng, p, code):
    """Spec 11.3: one of [each enclosure that can take the tile, in board order] + [barn], uniformly."""
    if code == COIN:
        return E.MONEY_DEST
    enclosures = S[player_at(p) + P_ENCLOSURES]
    legal = 0
    for e in range(enclosures):
        if E.is_legal_destination(S, R, p, code, e):
            legal += 1
    k = below(rng, legal + 1)
    if k == legal:
        return E.BARN_DEST
    for e in range(enclosures):
        if E.is_legal_destination(S, R, p, code, e):
            if k == 0:
                return e
            k -= 1
    return E.BARN_DEST


# ---- valuing a zoo -------------------------------------------------------------------------------
@njit(cache=True)
def zoo_value(policy, params, S, R, p, components):
    """What the policy thinks player p's zoo is worth now (greedy: its score plus its coins)."""
    at = player_at(p)
    score = E.score_player(S, R, p, components)
    if policy != HEURISTIC:
        return score + GREEDY_COIN_VALUE * S[at + P_COINS]
    # Heuristic: barn penalties weigh barn_weight times; partly filled enclosures are worth a share of
    # their full value (commitment), fading as the stacks run out; open pairs are worth pair_value.
    left = (S[H_TOTAL] - S[H_DRAW_PTR]) / max(S[H_TOTAL], 1)
    if S[H_LAST_ROUND] != 0:
        left = 0.0
    value = score + (params[HP_BARN_WEIGHT] - 1.0) * (components[E.C_BARN_ANIMALS] + components[E.C_BARN_STALLS])
    value += params[HP_COIN_VALUE] * S[at + P_COINS]
    for e in range(S[at + P_ENCLOSURES]):
        count = S[at + P_COUNT + e]
        spaces = E.spaces_of(R, e)
        if count == 0 or count >= spaces - 1:
            continue
        which, points = E.enclosure_points(S, R, p, e)
        projected = params[HP_COMMITMENT] * left * R[R_ENCLOSURE + 5 * e + ENC_FULL] * count / spaces
        if projected > points:
            value += projected - points
        species = S[at + P_SPECIES + e]
        if S[SUPPLY + species] > 0 and (S[at + P_MALE + e] > 0 or S[at + P_FEMALE + e] > 0):
            value += params[HP_PAIR_VALUE] * left
    return value


@njit(cache=True)
def copy_player(source, target, p):
    at = player_at(p)
    for k in range(P_SIZE):
        target[at + k] = source[at + k]
    target[H_BANK] = source[H_BANK]
    for s in range(MAX_SPECIES):
        target[SUPPLY + s] = source[SUPPLY + s]


@njit(cache=True)
def best_placement(policy, params, S, R, p, codes, n, scratch, components, no_trace):
    """The (index into codes, destination) whose placement is worth most to p, and that value."""
    best_value = NO_CHOICE
    best = -1
    best_dest = E.BARN_DEST
    enclosures = S[player_at(p) + P_ENCLOSURES]
    for i in range(n):
        code = codes[i]
        if code < 0:
            continue
        if code == COIN:
            dests = 1
        else:
            dests = enclosures + 1
        for d in range(dests):
            dest = E.MONEY_DEST if code == COIN else (d if d < enclosures else E.BARN_DEST)
            if dest >= 0 and not E.is_legal_destination(S, R, p, code, dest):
                continue
            copy_player(S, scratch, p)
            E.place_tile(scratch, R, no_trace, p, code, dest)
            value = zoo_value(policy, params, scratch, R, p, components)
            if value > best_value:
                best_value = value
                best = i
                best_dest = dest
    copy_player(S, scratch, p)
    return best, best_dest, best_value


@njit(cache=True)
def truck_value(policy, params, S, R, p, t, extra, scratch, work, components, no_trace):
    """p's value after taking truck t (plus tile `extra` if >= 0), placing tiles greedily by value."""
    codes = np.empty(MAX_TRUCK_CAPACITY + 1, np.int64)
    n = S[T_COUNT + t]
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
    if extra >= 0:
        codes[n] = extra
        n += 1
    copy_player(S, work, p)
    for _ in range(n):
        i, dest, _value = best_placement(policy, params, work, R, p, codes, n, scratch, components, no_trace)
        E.place_tile(work, R, no_trace, p, codes[i], dest)
        codes[i] = -1
    return zoo_value(policy, params, work, R, p, components)


# ---- decisions --------------------------------------------------------------------------------
@njit(cache=True)
def choose_turn(policy, params, S, R, p, rng, options, scratch):
    """The turn option (engine.option code) chosen by a non-uniform policy."""
    if policy == RANDOM:
        n = E.list_turn_options(S, R, p, options)
        if n == 0:
            return -1
        return options[below(rng, n)]
    components = np.zeros(E.N_COMPONENTS, np.int64)
    no_trace = np.zeros((0, 6), np.int64)
    work = np.empty_like(scratch)
    work[:] = S
    scratch[:] = S
    now = zoo_value(policy, params, S, R, p, components)
    best_option = -1
    best_gain = NO_CHOICE
    drawable = E.can_draw(S, R)
    for t in range(R[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] > 0:
            gain = truck_value(policy, params, S, R, p, t, -1, scratch, work, components, no_trace) - now
            if gain > best_gain:
                best_gain = gain
                best_option = E.option(E.OPT_TAKE, t, 0, 0)
    threshold = 0.0
    if policy == HEURISTIC:
        threshold = params[HP_TAKE_THRESHOLD] * free_space_share(S, R)
    take_gain = best_gain
    if drawable and (best_option < 0 or take_gain <= threshold):
        best_option = E.option(E.OPT_DRAW, 0, 0, 0)
        best_gain = 0.0 if policy == GREEDY else threshold
    if best_option < 0:
        best_gain = 0.0  # nothing to draw or take: sitting the round out is worth nothing
    n = E.list_money_options(S, R, p, options, 0)
    money_bar = best_gain
    if policy == HEURISTIC:
        money_bar = max(best_gain, params[HP_MONEY_THRESHOLD])
    for k in range(n):
        opt = options[k]
        copy_player(S, scratch, p)
        E.apply_money_option(scratch, R, no_trace, p, opt)
        gain = zoo_value(policy, params, scratch, R, p, components) - now
        if E.option_kind(opt) == E.OPT_EXPAND and policy == HEURISTIC:
            gain += params[HP_EXPAND_VALUE] * (S[H_TOTAL] - S[H_DRAW_PTR]) / max(S[H_TOTAL], 1)
        if gain > money_bar:
            money_bar = gain
            best_option = opt
    copy_player(S, scratch, p)
    return best_option


@njit(cache=True)
def free_space_share(S, R):
    """Share of truck spaces still free among untaken trucks: the heuristic waits less as trucks fill."""
    free = 0
    total = 0
    for t in range(R[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0:
            free += S[T_CAPACITY + t] - S[T_COUNT + t]
            total += S[T_CAPACITY + t]
    return free / max(total, 1)


@njit(cache=True)
def choose_truck_for_tile(policy, params, S, R, p, rng, code, scratch):
    """The truck that receives a drawn tile: uniform for `random`; else where the tile serves p best."""
    trucks = R[R_TRUCKS]
    if policy == RANDOM:
        free = 0
        for t in range(trucks):
            if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
                free += 1
        k = below(rng, free)
        for t in range(trucks):
            if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
                if k == 0:
                    return t
                k -= 1
    components = np.zeros(E.N_COMPONENTS, np.int64)
    no_trace = np.zeros((0, 6), np.int64)
    work = np.empty_like(scratch)
    work[:] = S
    scratch[:] = S
    best = -1
    best_gain = NO_CHOICE
    for t in range(trucks):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
            with_tile = truck_value(policy, params, S, R, p, t, code, scratch, work, components, no_trace)
            gain = with_tile
            if policy == HEURISTIC and S[T_COUNT + t] > 0:
                gain -= truck_value(policy, params, S, R, p, t, -1, scratch, work, components, no_trace)
            if gain > best_gain:
                best_gain = gain
                best = t
    return best


@njit(cache=True)
def choose_placement(policy, params, S, R, p, t, scratch):
    """Next tile of taken truck t and its destination: slot << 8 | (destination + 2)."""
    components = np.zeros(E.N_COMPONENTS, np.int64)
    no_trace = np.zeros((0, 6), np.int64)
    codes = np.empty(MAX_TRUCK_CAPACITY, np.int64)
    n = S[T_COUNT + t]
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
    scratch[:] = S
    i, dest, _value = best_placement(policy, params, S, R, p, codes, n, scratch, components, no_trace)
    return (i << 8) | (dest + 2)
