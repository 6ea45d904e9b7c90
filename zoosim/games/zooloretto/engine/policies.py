"""Zooloretto's scripted policies, in numba.

A policy sees the public state `S` only (zoos, barns, trucks, coins, how many tiles are left); the stack
order lives in `deck`, which is never passed here. Policies value a candidate move with valuation.py,
which makes it with the engine's own functions and unmakes it, so they never re-implement a rule; here
are the choices and the memory that spares revaluing what has not changed.

- `uniform` (id 0): spec section 11, the measuring stick. Written inline in game.py for speed; its
  placement draw is `uniform_destination` below.
- `random` (id 1): uniform over every legal turn option (money actions included), PROTOCOL section 8.
- `greedy` (id 2): the option that most raises (score if the game ended now + coin_value x coins);
  coin_value = 1. Draws when nothing raises it; places each tile where that value is highest.
- `heuristic` (id 3): values a zoo by its projected worth, not just its current score, with weights.
- `lookahead` (id 4): rollouts of `heuristic` games from each candidate turn, in ../lookahead.py (above this folder: it plays games out with game.py).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.bits import bit_count, nth_bit
from zoosim.core.rng import below
from zoosim.games.family import engine as F
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.engine import money as M
from zoosim.games.zooloretto.engine.state import (
    H_BANK, H_BARN_CHANGES, H_LAST_ROUND, H_RECORDING, H_ROUND, H_ROUND_START_DRAW, H_TOTAL, P_COINS,
    P_ENCLOSURES, P_MONEY_ACTIONS, SUPPLY, T_CAPACITY, T_COUNT, T_TAKEN_BY, T_TILES, player_at,
)
from zoosim.games.zooloretto.rules import (
    COIN, ENC_COINS, MAX_ENCLOSURES, MAX_PLAYERS, MAX_TRUCK_CAPACITY, MAX_TRUCKS, N_CODES, R_ENCLOSURE, R_PLAYERS,
    R_PURCHASE_COST, R_PURCHASE_PRICE, R_SPECIES, R_TRUCKS, STALL_BASE,
)
from zoosim.games.zooloretto.engine.valuation import (
    HEURISTIC, HP_MONEY_THRESHOLD, HP_TAKE_THRESHOLD, KNOWN_SLACK, NO_CHOICE, RANDOM, UNKNOWN, coin_value,
    known_money_gain, make_placement, money_option_gain, placement_gain, unmake_placement,
)

LEVEL = 2 * 32 + 1  # cells per undo record in the chain buffer (a count, cells, old values)


@njit(cache=True, _nrt=False, inline="always")
def uniform_destination(S, rng, p, code):
    """Spec 11.3: one of [each enclosure that can take the tile, in board order] + [barn], uniformly."""
    if code == COIN:
        return E.MONEY_DEST
    at = player_at(p)
    legal = 0  # a bit set of the enclosures that can take the tile
    if code >= STALL_BASE:
        for e in range(S[at + P_ENCLOSURES]):
            legal |= int(E.can_take_stall(S, p, e)) << e
    else:
        for e in range(S[at + P_ENCLOSURES]):
            legal |= int(E.can_take_animal(S, p, e, code >> 2)) << e
    # the k-th legal enclosure; k == the number of them is the barn (nth_bit's -1 is BARN_DEST)
    return nth_bit(legal, below(rng, bit_count(legal) + 1))


# ---- policy memory --------------------------------------------------------------------------------
# Valuations are cached in a float64 array per thread, keyed by what they depend on. A player's zoo
# changes only by its own take or money action (after a take it sits the round out) or a sale from its
# barn (another player's Purchase, which pays it the price); its valuations also read the offspring
# supply (births), the bank (fill coins: no valuation can be paid more than every enclosure's fill coins,
# so the bank counts only up to that) and the heuristic's horizon, the share of tiles left when the
# round began. So p's truck values, money options and placement gains are kept while (round, last round,
# bank up to the fill coins, supply) and (p's money actions, p's coins) stay the same (with a price of 0
# a sale shows only in the count of all money actions, which then joins p's key), truck values until a
# tile is loaded on the truck; Purchases also see the other barns, so they are kept only while no barn
# changes either (state.H_BARN_CHANGES). The cache gives exactly what recomputing would.
M_LEFT, M_ROUND, M_FILL_COINS, M_PLAN_OF, M_PLAN_KEY, M_PLAN_ACTIVE, M_EPOCH = range(7)
M_PLAYER = M_EPOCH + 1  # per player: the shared key, p's own key and the barn changes last seen, p's epoch
PLAN_SIZE = MAX_TRUCK_CAPACITY + 1
M_PLAN = M_PLAYER + 4 * MAX_PLAYERS  # the placements planned for the truck being taken (-> decide_placement)
M_TRUCKS = M_PLAN + PLAN_SIZE  # per (player, truck): gain of taking it, tile count + 1 if known
M_MONEY = M_TRUCKS + 2 * MAX_PLAYERS * MAX_TRUCKS  # per player and part: best money option, its gain, known
M_PLANS = M_MONEY + 9 * MAX_PLAYERS  # per (player, truck): the placements truck_gain made
# per (player, tile code, destination slot): the gain of that placement on the zoo as it is, and p's epoch
# (drawn from M_EPOCH, which counts key changes) it was computed in; stamped rather than cleared, as it is large
GAIN_DESTS = MAX_ENCLOSURES + 1
GAINS_PER_PLAYER = 2 * N_CODES * GAIN_DESTS
M_GAINS = M_PLANS + PLAN_SIZE * MAX_PLAYERS * MAX_TRUCKS
MEMORY_SIZE = M_GAINS + GAINS_PER_PLAYER * MAX_PLAYERS


@njit(cache=True, _nrt=False)
def forget(memory):
    """A new game: every remembered valuation is stale. Resetting the keys is enough, as refresh_memory
    clears a player's caches when its key changes; placement gains are stamped with an epoch that only grows."""
    for k in range(M_EPOCH):
        memory[k] = -1.0
    for k in range(M_PLAYER, M_PLAN):
        memory[k] = -1.0


@njit(cache=True, _nrt=False)
def refresh_memory(memory, S, p):
    """Bring p's part of the memory up to date with S (see above); other players' parts wait for their turn."""
    round_key = float(S[H_ROUND] * 2 + S[H_LAST_ROUND] + 1)
    if memory[M_ROUND] != round_key:
        memory[M_ROUND] = round_key
        memory[M_LEFT] = 0.0
        if S[H_LAST_ROUND] == 0:
            memory[M_LEFT] = (S[H_TOTAL] - S[H_ROUND_START_DRAW]) / max(S[H_TOTAL], 1)
    supply = 0
    for species in range(S[R_SPECIES]):
        supply += S[SUPPLY + species]
    if memory[M_FILL_COINS] < 1.0:  # once a game (a new game's memory is all -1): fill coins + 1
        fill_coins = 1
        for e in range(MAX_ENCLOSURES):
            fill_coins += S[R_ENCLOSURE + 5 * e + ENC_COINS]
        memory[M_FILL_COINS] = fill_coins
    bank = min(float(S[H_BANK]), memory[M_FILL_COINS] - 1.0)
    shared = (round_key * 65536 + bank) * 4096 + supply  # exact: below 2 ** 53
    at = player_at(p)
    own = float(S[at + P_MONEY_ACTIONS]) * 65536 + S[at + P_COINS]
    if S[R_PURCHASE_PRICE] == 0:  # a sale from p's barn then leaves p's coins as they were
        money = 0
        for q in range(S[R_PLAYERS]):
            money += S[player_at(q) + P_MONEY_ACTIONS]
        own = own * 4096 + money
    keys = M_PLAYER + 4 * p
    if memory[keys] != shared or memory[keys + 1] != own:
        memory[keys] = shared
        memory[keys + 1] = own
        memory[keys + 2] = -1.0
        for t in range(MAX_TRUCKS):
            memory[M_TRUCKS + 2 * (p * MAX_TRUCKS + t) + 1] = 0.0
        for k in range(9):
            memory[M_MONEY + 9 * p + k] = 0.0
        memory[M_EPOCH] = max(memory[M_EPOCH], 0.0) + 1.0
        memory[keys + 3] = memory[M_EPOCH]
    barns = float(S[H_BARN_CHANGES])  # the other barns, where p's Purchases come from
    if memory[keys + 2] != barns:
        memory[keys + 2] = barns
        memory[M_MONEY + 9 * p + 5] = 0.0  # the Purchases part of p's money cache


@njit(cache=True, _nrt=False, inline="always")
def epoch_of(memory, p):
    return memory[M_PLAYER + 4 * p + 3]


@njit(cache=True, _nrt=False)
def best_placement(policy, params, S, p, codes, n, left, undo, gains, epoch):
    """The (index into codes, destination) whose placement raises p's value most, and that gain.

    Candidates in order: tiles as listed, destinations in board order then the barn; the first best wins.
    With epoch > 0, S is p's zoo as it is in that epoch, and `gains` (p's part of M_GAINS) keeps the gains.
    """
    best_gain = NO_CHOICE
    best = -1
    best_dest = E.BARN_DEST
    enclosures = S[player_at(p) + P_ENCLOSURES]
    for i in range(n):
        code = codes[i]
        if code < 0:
            continue
        dests = 1 if code == COIN else enclosures + 1
        for d in range(dests):
            dest = E.MONEY_DEST if code == COIN else (d if d < enclosures else E.BARN_DEST)
            if dest >= 0 and not E.is_legal_destination(S, p, code, dest):
                continue
            gain = remembered_placement_gain(policy, params, S, p, code, dest, d, left, undo, gains, epoch)
            if gain > best_gain:
                best_gain = gain
                best = i
                best_dest = dest
    return best, best_dest, best_gain


@njit(cache=True, _nrt=False, inline="always")
def remembered_placement_gain(policy, params, S, p, code, dest, d, left, undo, gains, epoch):
    """placement_gain of `code` at `dest` (slot d: the enclosure, or the number of enclosures for the
    barn), kept in `gains` when epoch > 0 (S is then p's zoo as it is in that epoch)."""
    slot = 2 * (code * GAIN_DESTS + d)
    if epoch > 0.0 and gains[slot + 1] == epoch:
        return gains[slot]
    gain = placement_gain(policy, params, S, p, code, dest, left, undo)
    if epoch > 0.0:
        gains[slot] = gain
        gains[slot + 1] = epoch
    return gain


@njit(cache=True, _nrt=False)
def truck_gain(policy, params, S, p, t, workspace, left, plan, gains, epoch):
    """How much taking truck t would raise p's value, placing as it would;
    plan[step] gets each placement as decide_placement returns it."""
    codes, trial_undo, chain, _money = workspace_views(workspace)
    n = S[T_COUNT + t]
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
    total = 0.0
    for step in range(n):
        i, dest, gain = best_placement(policy, params, S, p, codes, n, left, trial_undo, gains,
                                       epoch if step == 0 else 0.0)
        total += gain
        plan[step] = (i << 8) | (dest + 2)
        place_step(S, p, codes, i, dest, chain, step)
    undo_steps(S, chain, n)
    return total


@njit(cache=True, _nrt=False, inline="always")
def place_step(S, p, codes, i, dest, chain, step):
    """Step `step` of a placement plan: tile codes[i] to `dest`, its undo record in the chain's level `step`; the
    tile is used up (codes[i] = -1)."""
    level = chain[LEVEL * step:LEVEL * (step + 1)]
    level[0] = make_placement(S, p, codes[i], dest, level[1:])
    codes[i] = -1


@njit(cache=True, _nrt=False, inline="always")
def undo_steps(S, chain, n):
    """Unmake place_step's steps n-1 .. 0: S is as it was before the plan."""
    for step in range(n - 1, -1, -1):
        level = chain[LEVEL * step:LEVEL * (step + 1)]
        unmake_placement(S, level[1:], level[0])


@njit(cache=True, _nrt=False, inline="always")
def known_truck_value(policy, params, S, p, t, workspace, memory):
    """truck_gain of truck t for p, remembered (with its plan) until the truck or the epoch changes."""
    at = M_TRUCKS + 2 * (p * MAX_TRUCKS + t)
    count = S[T_COUNT + t]
    if memory[at + 1] != count + 1:
        plan = memory[M_PLANS + PLAN_SIZE * (p * MAX_TRUCKS + t):M_PLANS + PLAN_SIZE * (p * MAX_TRUCKS + t + 1)]
        memory[at] = truck_gain(policy, params, S, p, t, workspace, memory[M_LEFT], plan, gains_of(memory, p),
                                epoch_of(memory, p))
        memory[at + 1] = count + 1
    return memory[at]


@njit(cache=True, _nrt=False, inline="always")
def known_gain(policy, params, S, p, opt, left, undo, gains, epoch):
    """known_money_gain, and a Purchase into an enclosure: the gain of placing that tile there (kept per
    epoch) less what p pays, when the bank can pay the enclosure's fill coins with or without the
    purchase's cost in it (the purchase pays the bank before placing)."""
    if E.option_kind(opt) != E.OPT_PURCHASE:
        return known_money_gain(policy, params, S, p, opt, left)
    _seller, code, dest = E.option_fields(opt)
    if dest == E.DEST_FIELD_BARN or S[H_BANK] < S[R_ENCLOSURE + 5 * dest + ENC_COINS]:
        return UNKNOWN
    return remembered_placement_gain(policy, params, S, p, code, dest, dest, left, undo, gains, epoch) \
        - coin_value(policy, params) * (S[R_PURCHASE_COST] + S[R_PURCHASE_PRICE])


@njit(cache=True, _nrt=False)
def best_of(policy, params, S, p, options, n, undo, left, gains, epoch):
    """The first of options[:n] that raises p's value most and that gain; (-1, NO_CHOICE) if none beats
    money_threshold (heuristic): an action known not to beat it or the best so far (known_gain) is
    skipped unmade, since the heuristic only pays for a gain above that threshold."""
    floor = params[HP_MONEY_THRESHOLD] if policy == HEURISTIC else NO_CHOICE
    best = -1
    best_value = NO_CHOICE
    for k in range(n):
        opt = options[k]
        if known_gain(policy, params, S, p, opt, left, undo, gains, epoch) + KNOWN_SLACK <= max(best_value, floor):
            continue
        value = money_option_gain(policy, params, S, p, opt, left, undo)
        if value > best_value:
            best_value = value
            best = opt
    return best, best_value


@njit(cache=True, _nrt=False)
def best_money_option(policy, params, S, p, options, undo, memory):
    """The money action that raises p's value most, and that gain: the first best in canonical order.

    The canonical list comes in three parts, each cached apart (see above): Moves and Exchanges, and
    Discards and Expand, depend on p's own zoo; Purchases also on the other barns, which change
    whenever a truck is taken. Purchases are listed distinct: a tile from a later seller is worth the
    same, and one into the barn only costs, so neither can be the first best.
    """
    at = M_MONEY + 9 * p
    left = memory[M_LEFT]
    gains = gains_of(memory, p)
    epoch = epoch_of(memory, p)
    if memory[at + 2] == 0.0:
        memory[at], memory[at + 1] = best_of(policy, params, S, p, options,
                                             M.list_moves_and_exchanges(S, p, options, 0), undo, left, gains, epoch)
        memory[at + 2] = 1.0
    if memory[at + 5] == 0.0:
        memory[at + 3], memory[at + 4] = best_of(policy, params, S, p, options,
                                                 M.list_purchases(S, p, options, 0, True), undo, left, gains, epoch)
        memory[at + 5] = 1.0
    if memory[at + 8] == 0.0:
        memory[at + 6], memory[at + 7] = best_of(policy, params, S, p, options,
                                                 M.list_discards_and_expand(S, p, options, 0), undo, left, gains,
                                                 epoch)
        memory[at + 8] = 1.0
    best = memory[at]
    best_value = memory[at + 1]
    for part in (3, 6):
        if memory[at + part + 1] > best_value:
            best = memory[at + part]
            best_value = memory[at + part + 1]
    return np.int64(best), best_value


@njit(cache=True, _nrt=False, inline="always")
def workspace_views(workspace):
    """Preallocated buffers: tile codes, the undo record of a trial move, the undo records of chained
    placements (LEVEL cells each), a spare row."""
    return workspace[0, 0:MAX_TRUCK_CAPACITY + 1], workspace[0, 16:16 + 2 * E.UNDO_CELLS], workspace[1], workspace[2]


# ---- decisions --------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def decide_turn(policy, params, S, p, rng, options, workspace, memory):
    """The turn option (state.option code) chosen by a non-uniform policy; -1 for none.

    greedy/heuristic: the take with the largest gain, unless drawing is possible and no take gains more
    than the threshold (greedy 0; heuristic take_threshold x share of free truck spaces); then a money
    action replaces that choice if it gains more (heuristic: and at least money_threshold).
    """
    if policy == RANDOM:
        n = M.list_turn_options(S, p, options)
        if n == 0:
            return -1
        return options[below(rng, n)]
    refresh_memory(memory, S, p)
    best_option = -1
    best_gain = NO_CHOICE
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] > 0:
            gain = known_truck_value(policy, params, S, p, t, workspace, memory)
            if gain > best_gain:
                best_gain = gain
                best_option = E.option(E.OPT_TAKE, t, 0, 0)
    threshold = 0.0
    if policy == HEURISTIC:
        threshold = params[HP_TAKE_THRESHOLD] * free_space_share(S)
    if E.can_draw(S) and (best_option < 0 or best_gain <= threshold):
        best_option = E.option(E.OPT_DRAW, 0, 0, 0)
        best_gain = threshold
    if best_option < 0:
        best_gain = 0.0  # nothing to draw or take: sitting the round out is worth nothing
    if M.any_money_option(S, p):
        money_bar = best_gain
        if policy == HEURISTIC:
            money_bar = max(best_gain, params[HP_MONEY_THRESHOLD])
        _codes, undo, _chain, _spare = workspace_views(workspace)
        opt, gain = best_money_option(policy, params, S, p, options, undo, memory)
        if opt >= 0 and gain > money_bar + KNOWN_SLACK:  # a tie with the bar, up to rounding, does not pay
            best_option = opt
    if E.option_kind(best_option) == E.OPT_TAKE:
        hand_over_plan(S, p, (best_option >> 16) & 255, memory)
    return best_option


@njit(cache=True, _nrt=False)
def hand_over_plan(S, p, t, memory):
    """Keep the placements truck_gain planned for truck t, for decide_placement: the take that follows
    places the same tiles on the same zoo, so the plan is what best_placement would choose step by step."""
    source = M_PLANS + PLAN_SIZE * (p * MAX_TRUCKS + t)
    for step in range(PLAN_SIZE):
        memory[M_PLAN + step] = memory[source + step]
    memory[M_PLAN_OF] = 1 + (p * MAX_TRUCKS + t) * 16 + S[T_COUNT + t]
    memory[M_PLAN_KEY] = epoch_of(memory, p)


@njit(cache=True, _nrt=False)
def free_space_share(S):
    """Share of truck spaces still free among untaken trucks (family.engine)."""
    return F.free_space_share(S, S[R_TRUCKS], T_CAPACITY, T_COUNT, T_TAKEN_BY)


@njit(cache=True, _nrt=False)
def decide_truck_for_tile(policy, params, S, p, rng, code, workspace, memory):
    """The truck that receives a drawn tile: uniform for `random`. greedy and heuristic: a tile that
    would raise p's value goes on the truck p already values most (to take it soon), any other tile on
    the truck p values least; an empty truck is worth 0, ties go to the lowest truck number."""
    trucks = S[R_TRUCKS]
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
    refresh_memory(memory, S, p)
    codes, trial_undo, _chain, _spare = workspace_views(workspace)
    codes[0] = code
    _i, _dest, tile_gain = best_placement(policy, params, S, p, codes, 1, memory[M_LEFT], trial_undo,
                                          gains_of(memory, p), epoch_of(memory, p))
    wanted = tile_gain > 0.0
    best = -1
    best_value = NO_CHOICE
    for t in range(trucks):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] < S[T_CAPACITY + t]:
            value = 0.0
            if S[T_COUNT + t] > 0:
                value = known_truck_value(policy, params, S, p, t, workspace, memory)
            if not wanted:
                value = -value
            if value > best_value:
                best_value = value
                best = t
    return best


@njit(cache=True, _nrt=False)
def decide_placement(policy, params, S, p, t, workspace, memory):
    """Next tile of taken truck t and its destination: slot << 8 | (destination + 2).

    The plan decide_turn handed over is used if it was made for this truck, with these tiles, in this
    epoch; else best_placement chooses."""
    refresh_memory(memory, S, p)
    codes, trial_undo, _chain, _money = workspace_views(workspace)
    n = S[T_COUNT + t]
    step = 0
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
        step += codes[k] < 0
    if step == 0:
        planned = memory[M_PLAN_OF] == 1 + (p * MAX_TRUCKS + t) * 16 + n and memory[M_PLAN_KEY] == epoch_of(memory, p)
        memory[M_PLAN_ACTIVE] = 1.0 if planned else 0.0
    if memory[M_PLAN_ACTIVE] == 1.0:
        return np.int64(memory[M_PLAN + step])
    i, dest, _gain = best_placement(policy, params, S, p, codes, n, memory[M_LEFT], trial_undo, gains_of(memory, p),
                                    epoch_of(memory, p) if step == 0 else 0.0)
    return (i << 8) | (dest + 2)


@njit(cache=True, _nrt=False, inline="always")
def gains_of(memory, p):
    return memory[M_GAINS + GAINS_PER_PLAYER * p:M_GAINS + GAINS_PER_PLAYER * (p + 1)]


@njit(cache=True, _nrt=False, inline="always")
def choose_turn(policy, params, S, p, rng, options, workspace, memory):
    """decide_turn with the event log muted: the policy makes and unmakes moves on the live state."""
    recording = S[H_RECORDING]
    S[H_RECORDING] = 0
    choice = decide_turn(policy, params, S, p, rng, options, workspace, memory)
    S[H_RECORDING] = recording
    return choice


@njit(cache=True, _nrt=False, inline="always")
def choose_truck_for_tile(policy, params, S, p, rng, code, workspace, memory):
    """decide_truck_for_tile with the event log muted: the policy makes and unmakes moves on the live state."""
    recording = S[H_RECORDING]
    S[H_RECORDING] = 0
    choice = decide_truck_for_tile(policy, params, S, p, rng, code, workspace, memory)
    S[H_RECORDING] = recording
    return choice


@njit(cache=True, _nrt=False, inline="always")
def choose_placement(policy, params, S, p, t, workspace, memory):
    """decide_placement with the event log muted: the policy makes and unmakes moves on the live state."""
    recording = S[H_RECORDING]
    S[H_RECORDING] = 0
    choice = decide_placement(policy, params, S, p, t, workspace, memory)
    S[H_RECORDING] = recording
    return choice
