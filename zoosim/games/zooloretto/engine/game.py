"""The game loop: setup, rounds, turns, and `play_out`, which plays on until the game ends or a lookahead
or search seat is on turn. `play.py` plays whole games (and those seats' turns) on top of it; the rollouts of
`lookahead.py` and `search.py` run `play_out` too, so this module imports none of them.

The loop owns the hidden stack (`deck`); policies get the public state only. The `uniform` policy is
written inline here (it is the measuring stick and the speed benchmark); the others are called through
`policies.py`. See PROTOCOL.md for the exact order of random draws.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.bits import bit_count, next_bit, nth_bit
from zoosim.core.rng import below, shuffle
from zoosim.core.tiles import lay_out_animals, lay_out_kinds, species_in_play
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.engine import money as M
from zoosim.games.zooloretto.engine.state import (
    H_BANK, H_DRAW_PTR, H_GAME_OVER, H_LAST_ROUND, H_LOADABLE, H_MAIN_LEN, H_ROUND, H_START_PLAYER, H_TAKEABLE,
    H_TOTAL, H_TRUCKS_TAKEN, H_TURNS, H_WAITING, OUT, P_COINS, P_HAS_TRUCK, SUPPLY, T_CAPACITY, T_COUNT, T_TAKEN_BY, T_TILES, emit, player_at,
)
from zoosim.games.zooloretto.engine.policies import (
    choose_placement, choose_truck_for_tile, choose_turn, uniform_destination,
)
from zoosim.games.zooloretto.engine.valuation import RANDOM, UNIFORM
from zoosim.games.zooloretto.rules import (
    MAX_TRUCK_CAPACITY, R_BANK, R_COIN_TILES, R_END_STACK, R_END_TRIGGER, R_FEMALES, R_MALES,
    R_MAX_ROUNDS, R_OFFSPRING, R_PLAYERS, R_REMOVED, R_SPECIES, R_START_COINS, R_STALL_KINDS,
    R_STALLS_PER_KIND, R_TILES_PER_SPECIES, R_TRUCKS, STALL_BASE, COIN,
)

# Columns of the integer result rows (one row per seat).
(O_SCORE, O_RANK, O_FULL, O_ONE_SHORT, O_PARTIAL, O_STALLS, O_BARN_ANIMALS, O_BARN_STALLS, O_COINS,
 O_EXPANSIONS, O_OFFSPRING, O_BARN_TILES, O_MONEY_ACTIONS, O_ROUNDS, O_TURNS) = range(15)
N_OUT = 15
MAX_DECK = 16 * 16 + 8 * 16 + 64
TURN_CAP = 100_000  # a safety net against rule settings that let money actions go on forever
NO_STOP = 1 << 30  # play_out's stop_policy when no seat is to stop (playouts: every seat plays in the loop)


@njit(cache=True, _nrt=False)
def setup(S, R, deck, rng):
    """PROTOCOL 3: remove species at random, shuffle the tiles in play, split main and end stack."""
    E.reset_state(S, R)
    in_play = species_in_play(rng, S[R_SPECIES], S[R_REMOVED], deck)
    for s in range(S[R_SPECIES]):
        if (in_play >> s) & 1:
            S[SUPPLY + s] = S[R_OFFSPRING]
    n = lay_out_animals(deck, 0, in_play, S[R_SPECIES], S[R_MALES], S[R_FEMALES], S[R_TILES_PER_SPECIES])
    n = lay_out_kinds(deck, n, STALL_BASE, S[R_STALL_KINDS], S[R_STALLS_PER_KIND])
    n = lay_out_kinds(deck, n, COIN, 1, S[R_COIN_TILES])
    shuffle(deck, n, rng)
    S[H_TOTAL] = n
    S[H_MAIN_LEN] = n - S[R_END_STACK]
    S[H_DRAW_PTR] = 0
    S[H_BANK] = S[R_BANK] - S[R_START_COINS] * S[R_PLAYERS]
    for p in range(S[R_PLAYERS]):
        S[player_at(p) + P_COINS] = S[R_START_COINS]


@njit(cache=True, _nrt=False)
def start_round(S):
    """Empty trucks, nobody has one; the bit sets say so (E.sync_truck_masks)."""
    S[E.H_ROUND_START_DRAW] = S[H_DRAW_PTR]
    loadable = 0
    for t in range(S[R_TRUCKS]):
        S[T_COUNT + t] = 0
        S[T_TAKEN_BY + t] = -1
        for k in range(MAX_TRUCK_CAPACITY):
            S[T_TILES + t * MAX_TRUCK_CAPACITY + k] = -1
        loadable |= int(S[T_CAPACITY + t] > 0) << t
    for p in range(S[R_PLAYERS]):
        S[player_at(p) + P_HAS_TRUCK] = 0
    S[H_TRUCKS_TAKEN] = 0
    S[H_LOADABLE] = loadable
    S[H_TAKEABLE] = 0
    S[H_WAITING] = (1 << S[R_PLAYERS]) - 1


@njit(cache=True, _nrt=False)
def end_round(S, last_taker):
    """Face-up tiles left on untaken trucks leave the game (only possible with more trucks than players)."""
    left = 0
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0:
            for k in range(S[T_COUNT + t]):
                S[OUT + S[T_TILES + t * MAX_TRUCK_CAPACITY + k]] += 1
                left += 1
    emit(S, E.EV_ROUND_END, last_taker, S[H_ROUND], left, 0, 0)


@njit(cache=True, _nrt=False)
def record_round_scores(S, scores, components):
    """The rounds log: every player's score if the game ended now."""
    for p in range(S[R_PLAYERS]):
        scores[p] = E.score_player(S, p, components)


@njit(cache=True, _nrt=False, inline="always")
def draw_tile(S, deck):
    """Spec 3A: the top tile of the main stack, or of the end stack once the main stack is empty."""
    ptr = S[H_DRAW_PTR]
    code = deck[ptr]
    S[H_DRAW_PTR] = ptr + 1
    from_end = ptr >= S[H_MAIN_LEN]
    last = from_end if S[R_END_TRIGGER] == 0 else ptr + 1 >= S[H_MAIN_LEN]
    return code, from_end, last


@njit(cache=True, _nrt=False, inline="always")
def load_truck(S, p, code, t, from_end, last):
    slot = S[T_COUNT + t]
    S[T_TILES + t * MAX_TRUCK_CAPACITY + slot] = code
    S[T_COUNT + t] = slot + 1
    S[H_TAKEABLE] |= 1 << t
    S[H_LOADABLE] &= ~(int(slot + 1 >= S[T_CAPACITY + t]) << t)
    emit(S, E.EV_DRAW, p, code, t, 1 if from_end else 0, 0)
    if last and S[H_LAST_ROUND] == 0:
        S[H_LAST_ROUND] = 1
        emit(S, E.EV_LAST_ROUND, p, S[H_ROUND], 0, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def take_truck(S, rng, p, t, policy, params, workspace, memory):
    """Spec 3B and 4: the player takes truck t and places its tiles one at a time."""
    S[T_TAKEN_BY + t] = p
    S[player_at(p) + P_HAS_TRUCK] = 1
    S[H_TRUCKS_TAKEN] += 1
    S[H_LOADABLE] &= ~(1 << t)
    S[H_TAKEABLE] &= ~(1 << t)
    S[H_WAITING] &= ~(1 << p)
    emit(S, E.EV_TAKE, p, t, 0, 0, 0)
    base = T_TILES + t * MAX_TRUCK_CAPACITY
    count = S[T_COUNT + t]
    for k in range(count):
        if policy == UNIFORM or policy == RANDOM:
            slot = k
            code = S[base + slot]
            dest = uniform_destination(S, rng, p, code)
        else:
            choice = choose_placement(policy, params, S, p, t, workspace, memory)
            slot = choice >> 8
            dest = (choice & 255) - 2
            code = S[base + slot]
            if code < 0 or not E.is_legal_destination(S, p, code, dest):
                raise ValueError("policy chose an illegal placement")
        S[base + slot] = -1
        emit(S, E.EV_PLACE, p, code, dest, 0, 0)
        E.place_tile(S, p, code, dest)
    S[T_COUNT + t] = 0


@njit(cache=True, _nrt=False)
def sit_out(S, rng, p, policy, params, workspace, memory):
    """PROTOCOL 6: a player who can neither draw nor take (nor pay) takes an empty truck (dry stacks only)."""
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0:
            take_truck(S, rng, p, t, policy, params, workspace, memory)
            return


@njit(cache=True, _nrt=False)
def apply_turn_option(S, deck, rng, p, opt, policy, params, workspace, memory):
    """Play turn option `opt` (a state.option code; -1: sit the round out) for player p; `policy`
    makes the follow-up choices: the truck for a drawn tile, the places of a taken truck's tiles."""
    if opt < 0:
        sit_out(S, rng, p, policy, params, workspace, memory)
        return
    kind = E.option_kind(opt)
    if kind == E.OPT_DRAW:
        code, from_end, last = draw_tile(S, deck)
        t = choose_truck_for_tile(policy, params, S, p, rng, code, workspace, memory)
        if S[T_TAKEN_BY + t] >= 0 or S[T_COUNT + t] >= S[T_CAPACITY + t]:
            raise ValueError("policy chose a truck without a free space")
        load_truck(S, p, code, t, from_end, last)
    elif kind == E.OPT_TAKE:
        t = (opt >> 16) & 255
        if S[T_TAKEN_BY + t] >= 0 or S[T_COUNT + t] == 0:
            raise ValueError("policy chose a truck it cannot take")
        take_truck(S, rng, p, t, policy, params, workspace, memory)
    else:
        M.apply_money_option(S, p, opt)


@njit(cache=True, _nrt=False)
def finish_round(S, last_taker, round_scores, components):
    """Close the round (log its scores); the player who took the last truck starts the next one.

    Returns that player, or -1 when the game is over (PROTOCOL 6).
    """
    end_round(S, last_taker)
    if S[H_ROUND] <= round_scores.shape[0]:
        record_round_scores(S, round_scores[S[H_ROUND] - 1], components)
    if S[H_LAST_ROUND] != 0 or S[H_DRAW_PTR] >= S[H_TOTAL] or S[H_ROUND] >= S[R_MAX_ROUNDS] \
            or S[H_TURNS] > TURN_CAP:
        S[H_START_PLAYER] = last_taker
        S[H_GAME_OVER] = 1
        return -1
    S[H_ROUND] += 1
    start_round(S)
    return last_taker


@njit(cache=True, _nrt=False)
def play_out(S, deck, rng, p, played, policy_ids, policy_params, options, workspace, memory, round_scores,
             components, stop_policy):
    """Play on from player p (whose turn is already played if `played`) until the game ends (returns -1)
    or a seat whose policy id is `stop_policy` or above is on turn (returns that seat, its turn unplayed).

    The one game loop: `play.play_game` runs it with stop_policy = LOOKAHEAD and plays the turns of the
    policies from there on (lookahead, search) itself, and their playouts run it to the end (stop_policy =
    NO_STOP) after playing a candidate, so it never calls them (numba cannot compile that cycle). The end
    of a turn is written out here, not called: a call with arrays on every turn costs `uniform` about 12%.
    """
    players = S[R_PLAYERS]
    E.sync_truck_masks(S)  # the bit sets are derived state: right on any position the loop starts from
    while True:
        if played:
            played = False
        elif policy_ids[p] >= stop_policy:
            return p
        elif policy_ids[p] == UNIFORM:
            policy = policy_ids[p]
            drawable = S[H_DRAW_PTR] < S[H_TOTAL] and S[H_LOADABLE] != 0  # E.can_draw, from the bit set
            takeable = S[H_TAKEABLE] != 0
            if not drawable and not takeable:
                sit_out(S, rng, p, policy, policy_params[p], workspace, memory)
            else:
                draw = drawable
                if drawable and takeable:
                    draw = below(rng, 2) == 0
                if draw:
                    code, from_end, last = draw_tile(S, deck)
                    loadable = S[H_LOADABLE]
                    load_truck(S, p, code, nth_bit(loadable, below(rng, bit_count(loadable))), from_end, last)
                else:
                    full = S[H_TAKEABLE]
                    t = nth_bit(full, below(rng, bit_count(full)))
                    take_truck(S, rng, p, t, policy, policy_params[p], workspace, memory)
        else:
            policy = policy_ids[p]
            params = policy_params[p]
            opt = -1
            if E.can_draw(S) or S[H_TAKEABLE] != 0 or M.any_money_option(S, p):
                opt = choose_turn(policy, params, S, p, rng, options, workspace, memory)
            apply_turn_option(S, deck, rng, p, opt, policy, params, workspace, memory)
        # the turn is over: the next seat without a truck, or the round's end (PROTOCOL 6)
        S[H_TURNS] += 1
        if S[H_TRUCKS_TAKEN] == players or S[H_TURNS] > TURN_CAP:
            p = finish_round(S, p, round_scores, components)
            if p < 0:
                return -1
        else:
            p = next_bit(S[H_WAITING], p)  # a table lookup, not a loop that mispredicts
