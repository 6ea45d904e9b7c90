"""The game loop: setup, rounds, turns, and the scoring of a finished game (`play_game`, `score_game`).

The loop owns the hidden tiles; policies get the public state only. The `uniform` turn choice is written
inline (it is the measuring stick and the speed benchmark). See PROTOCOL.md for the exact order of random draws.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.bits import bit_count, next_bit, nth_bit
from zoosim.core.ranking import rank_rows
from zoosim.core.rng import below, seed_stream, shuffle
from zoosim.core.tiles import lay_out_animals, lay_out_kinds, species_in_play
from zoosim.games.zooloretto_mini.engine import state as E
from zoosim.games.zooloretto_mini.engine.state import (
    H_DRAW_PTR, H_EARNED, H_FREE_TRUCKS, H_LAST_ROUND, H_LOADED_TRUCKS, H_MAIN_LEN, H_OUT_TILES, H_ROUND,
    H_START_PLAYER, H_TOTAL, H_TRUCKS_TAKEN, H_TURNS, H_WAITING_SEATS, N_COMPONENTS, P_BARN_TILES, P_BONUSES_TAKEN,
    P_HAS_TRUCK, P_OFFSPRING_BORN, SUPPLY, T_CAPACITY, T_COUNT, T_TAKEN_BY, T_TILES, emit, player_at,
)
from zoosim.games.zooloretto_mini.engine.policies import (
    RANDOM, UNIFORM, choose_bonus, choose_placement, choose_truck_for_tile, choose_turn, uniform_bonus,
    uniform_destination, uniform_truck,
)
from zoosim.games.zooloretto_mini.rules import (
    LANDSCAPE_BASE, MAX_TRUCK_CAPACITY, R_END_STACK, R_FEMALES, R_LANDSCAPE_KINDS, R_LANDSCAPES_PER_KIND,
    R_MALES, R_MAX_ROUNDS, R_OFFSPRING, R_PLAYERS, R_REMOVED, R_SPECIES, R_TILES_PER_SPECIES, R_TRUCKS,
)
# Columns of the integer result rows (one row per seat); O_ENCLOSURES.. follow the log's COLUMNS order.
(O_SCORE, O_RANK, O_ENCLOSURES, O_LANDSCAPES, O_BARN_ANIMALS, O_BARN_LANDSCAPES, O_BONUSES, O_LANDSCAPE_TILES,
 O_OFFSPRING, O_BARN_TILES, O_ROUNDS, O_TURNS) = range(12)
N_OUT = 12
MAX_DECK = 16 * 32 + 8 * 32


@njit(cache=True, _nrt=False)
def setup(S, R, deck, rng):
    """PROTOCOL 3: remove species at random, shuffle the tiles in play, split bag and end stack."""
    E.reset_state(S, R)
    in_play = species_in_play(rng, R[R_SPECIES], R[R_REMOVED], deck)
    for s in range(R[R_SPECIES]):
        if (in_play >> s) & 1:
            S[SUPPLY + s] = R[R_OFFSPRING]
    n = lay_out_animals(deck, 0, in_play, R[R_SPECIES], R[R_MALES], R[R_FEMALES], R[R_TILES_PER_SPECIES])
    n = lay_out_kinds(deck, n, LANDSCAPE_BASE, R[R_LANDSCAPE_KINDS], R[R_LANDSCAPES_PER_KIND])
    shuffle(deck, n, rng)
    S[H_TOTAL] = n
    S[H_MAIN_LEN] = n - R[R_END_STACK]
    S[H_DRAW_PTR] = 0


@njit(cache=True, _nrt=False)
def start_round(S, R):
    for t in range(R[R_TRUCKS]):
        S[T_COUNT + t] = 0
        S[T_TAKEN_BY + t] = -1
        for k in range(MAX_TRUCK_CAPACITY):
            S[T_TILES + t * MAX_TRUCK_CAPACITY + k] = -1
    for p in range(R[R_PLAYERS]):
        S[player_at(p) + P_HAS_TRUCK] = 0
    S[H_TRUCKS_TAKEN] = 0
    S[H_FREE_TRUCKS] = (1 << R[R_TRUCKS]) - 1  # every capacity is at least 1
    S[H_LOADED_TRUCKS] = 0
    S[H_WAITING_SEATS] = (1 << R[R_PLAYERS]) - 1


@njit(cache=True, _nrt=False)
def end_round(S, R, trace, last_taker):
    """Spec 7: tiles left on untaken trucks leave the game (only with more trucks than players)."""
    left = 0
    for t in range(R[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0:
            count = S[T_COUNT + t]
            left += count
            for k in range(count):
                S[E.OUT + S[T_TILES + t * MAX_TRUCK_CAPACITY + k]] += 1
    S[H_OUT_TILES] += left
    emit(S, trace, E.EV_ROUND_END, last_taker, S[H_ROUND], left, 0)


@njit(cache=True, _nrt=False, inline="always")
def draw_and_load(S, R, deck, trace, p, t, code):
    """Spec 2A: the drawn tile goes face up on truck t; the first end-stack draw makes the round the last."""
    ptr = S[H_DRAW_PTR]
    S[H_DRAW_PTR] = ptr + 1
    from_end = 1 if ptr >= S[H_MAIN_LEN] else 0
    slot = S[T_COUNT + t]
    S[T_TILES + t * MAX_TRUCK_CAPACITY + slot] = code
    S[T_COUNT + t] = slot + 1
    S[H_LOADED_TRUCKS] |= 1 << t
    S[H_FREE_TRUCKS] &= ~(int(slot + 1 >= S[T_CAPACITY + t]) << t)
    emit(S, trace, E.EV_DRAW, p, code, t, from_end)
    if from_end == 1 and S[H_LAST_ROUND] == 0:
        S[H_LAST_ROUND] = 1
        emit(S, trace, E.EV_LAST_ROUND, p, S[H_ROUND], 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def take_truck(S, R, trace, rng, p, t, policy, params, options, work, scratch, codes, components):
    """Spec 2B, 3-5: take truck t, place its tiles one at a time, then resolve the bonuses earned.
    (work, scratch, codes, components: the lookahead's workspace, see policies.py.)"""
    S[T_TAKEN_BY + t] = p
    S[player_at(p) + P_HAS_TRUCK] = 1
    S[H_TRUCKS_TAKEN] += 1
    S[H_FREE_TRUCKS] &= ~(1 << t)
    S[H_LOADED_TRUCKS] &= ~(1 << t)
    S[H_WAITING_SEATS] &= ~(1 << p)
    S[H_EARNED] = 0
    emit(S, trace, E.EV_TAKE, p, t, 0, 0)
    base = T_TILES + t * MAX_TRUCK_CAPACITY
    count = S[T_COUNT + t]
    for k in range(count):
        if policy == UNIFORM or policy == RANDOM:
            slot = k
            code = S[base + slot]
            dest = uniform_destination(S, R, rng, p, code)
        else:
            choice = choose_placement(policy, params, S, R, p, t, scratch, codes, components, trace[:0])
            slot = choice >> 8
            dest = (choice & 255) - 2
            code = S[base + slot]
            if code < 0 or not E.is_legal_destination(S, R, p, code, dest):
                raise ValueError("policy chose an illegal placement")
        S[base + slot] = -1
        emit(S, trace, E.EV_PLACE, p, code, dest, 0)
        E.place_tile(S, R, trace, p, code, dest, True)
    S[T_COUNT + t] = 0
    for _ in range(S[H_EARNED]):
        if policy == UNIFORM:
            opt = uniform_bonus(S, R, rng, p)
        else:
            opt = choose_bonus(policy, params, S, R, p, rng, options, scratch, components, trace[:0])
            if not E.is_legal_bonus(S, R, p, opt):
                raise ValueError("policy chose an illegal bonus")
        E.apply_bonus(S, R, trace, p, opt)


@njit(cache=True, _nrt=False)
def take_empty_truck(S, R, trace, rng, p, policy, params, options, work, scratch, codes, components):
    """PROTOCOL 6: the stacks ran dry (non-default rules only): the player takes the lowest untaken truck
    and sits the round out. Not inlined: the turn loop stays small."""
    for t in range(R[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0:
            take_truck(S, R, trace, rng, p, t, policy, params, options, work, scratch, codes, components)
            return


@njit(cache=True, _nrt=False)
def policy_turn(S, R, deck, trace, rng, p, policy, params, options, work, scratch, codes, components, drawable):
    """A turn of random, greedy or heuristic: their choices, checked. Not inlined, so that the turn loop
    (with `uniform` written in it) keeps its values in registers."""
    opt = choose_turn(policy, params, S, R, p, rng, options, work, scratch, codes, components, trace[:0])
    if opt >> 24 == E.OPT_DRAW:
        if not drawable:
            raise ValueError("policy chose to draw when it cannot")
        code = deck[S[H_DRAW_PTR]]
        t = choose_truck_for_tile(policy, params, S, R, p, rng, code, options, work, scratch, codes, components,
                                  trace[:0])
        if t < 0 or S[T_TAKEN_BY + t] >= 0 or S[T_COUNT + t] >= S[T_CAPACITY + t]:
            raise ValueError("policy chose a truck without a free space")
        draw_and_load(S, R, deck, trace, p, t, code)
    else:
        t = (opt >> 16) & 255
        if opt >> 24 != E.OPT_TAKE or S[T_TAKEN_BY + t] >= 0 or S[T_COUNT + t] == 0:
            raise ValueError("policy chose a truck it cannot take")
        take_truck(S, R, trace, rng, p, t, policy, params, options, work, scratch, codes, components)


@njit(cache=True, _nrt=False)
def start_game(S, R, deck, rng, seed, game_index):
    """The game's stream, setup and round 1: seat 0 is on turn."""
    seed_stream(rng, seed, game_index)
    setup(S, R, deck, rng)
    S[H_ROUND] = 1
    start_round(S, R)


@njit(cache=True, _nrt=False)
def play_out(S, R, deck, trace, rng, p, played, policy_ids, policy_params, options, work, scratch, codes,
             round_scores, components, stop_policy):
    """Play on from seat p (whose turn is already played if `played`) until the game ends (returns -1) or a seat
    whose policy is `stop_policy` is on turn (returns that seat, its turn unplayed).

    The one game loop: `play.play_game` runs it with stop_policy = SEARCH and plays the search seats' turns itself
    (search.py), whose playouts run it to the end (stop_policy = -1) after a candidate turn, so it never calls the
    search (numba cannot compile that cycle). options, work, scratch, codes and components are the policies'
    workspace (components also scores the rounds log between turns).

    With a non-empty `round_scores` (rounds x players), each player's score if the game ended now is
    recorded at the end of every round that fits: the rounds log.
    """
    players = R[R_PLAYERS]
    while True:
        if played:
            played = False
        else:
            policy = policy_ids[p]
            if policy == stop_policy:
                return p
            params = policy_params[p]
            drawable = E.can_draw(S, R)
            takeable = E.can_take_truck(S, R)
            if not drawable and not takeable:
                take_empty_truck(S, R, trace, rng, p, policy, params, options, work, scratch, codes, components)
            elif policy == UNIFORM:
                draw = drawable
                if drawable and takeable:
                    draw = below(rng, 2) == 0
                if draw:
                    code = deck[S[H_DRAW_PTR]]
                    t = uniform_truck(S, R, rng)
                    draw_and_load(S, R, deck, trace, p, t, code)
                else:
                    loaded = S[H_LOADED_TRUCKS]
                    t = nth_bit(loaded, below(rng, bit_count(loaded)))
                    # UNIFORM, not `policy`: the inlined take_truck loses its policy tests
                    take_truck(S, R, trace, rng, p, t, UNIFORM, params, options, work, scratch, codes, components)
            else:
                policy_turn(S, R, deck, trace, rng, p, policy, params, options, work, scratch, codes, components,
                            drawable)
        S[H_TURNS] += 1
        if S[H_TRUCKS_TAKEN] == players:  # the round's end; the last taker starts the next round
            end_round(S, R, trace, p)
            if S[H_ROUND] <= round_scores.shape[0]:
                for q in range(players):
                    round_scores[S[H_ROUND] - 1, q] = E.score_player(S, R, q, components)
            if S[H_LAST_ROUND] != 0 or S[H_DRAW_PTR] >= S[H_TOTAL] or S[H_ROUND] >= R[R_MAX_ROUNDS]:
                S[H_START_PLAYER] = p
                return -1
            S[H_ROUND] += 1
            start_round(S, R)
        else:
            p = next_bit(S[H_WAITING_SEATS], p)  # the next seat without a truck, from the mask


@njit(cache=True, _nrt=False)
def play_game(R, seed, game_index, policy_ids, policy_params, S, deck, rng, options, work, scratch, codes, trace,
              round_scores, components):
    """Play one game without search seats to its end; the results are left in S (score them with `score_game`).
    (play.play_game also plays search seats.)"""
    start_game(S, R, deck, rng, seed, game_index)
    play_out(S, R, deck, trace, rng, 0, False, policy_ids, policy_params, options, work, scratch, codes, round_scores,
             components, -1)


@njit(cache=True, _nrt=False)
def score_game(S, R, rows, shares, components):
    """Each seat's score, rank (score, then landscape tiles in enclosures), win share and log columns."""
    players = R[R_PLAYERS]
    for p in range(players):
        at = player_at(p)
        rows[p, O_SCORE] = E.score_player(S, R, p, components)
        for k in range(N_COMPONENTS):
            rows[p, O_ENCLOSURES + k] = components[k]
        rows[p, O_BONUSES] = S[at + P_BONUSES_TAKEN]
        rows[p, O_LANDSCAPE_TILES] = E.landscape_tiles(S, R, p)
        rows[p, O_OFFSPRING] = S[at + P_OFFSPRING_BORN]
        rows[p, O_BARN_TILES] = S[at + P_BARN_TILES]
        rows[p, O_ROUNDS] = S[H_ROUND]
        rows[p, O_TURNS] = S[H_TURNS]
    rank_rows(rows, players, O_SCORE, O_LANDSCAPE_TILES, O_RANK, shares)
