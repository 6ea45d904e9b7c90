"""The `lookahead` policy (id 4): each candidate turn is judged by heuristic games played out to the end.

A decision sees the public state `S` only. The hidden stacks are *determinised*: the tiles nobody can
see (all tiles in play minus every visible tile: trucks, zoos, barns, tiles out of the game, coin tiles
taken) are shuffled into the positions still to be drawn (how many are left in the main and end stack
is public). From each candidate, in each determinisation, the game is played to its end with
`heuristic` (this seat's weights) in every seat. The heuristic's own choice is kept unless another
candidate's mean outcome beats it by more than `confidence` standard errors (then the best such one is
taken): with few rollouts the noise would otherwise pick among candidates almost at random.

- Candidates, in the canonical order of money.list_turn_options: draw, take truck t, and the
  `money_candidates` money actions the heuristic values most after one step (the cap on candidates);
  the heuristic's choice is added if it is not among them.
- Common random numbers: every candidate is played out on the same determinisations (and streams), so
  differences between candidates are not drowned by the luck of the draw.
- Outcome of a rollout: own score - best opponent score + win_weight x own win share (ties by coins,
  then shared, as in the final ranking).
- The truck for a drawn tile and the places of a taken truck's tiles are the heuristic's choices.
- Random draws (PROTOCOL section 10): a stream of its own per game, seeded by (lookahead_seed(seed),
  game index); each decision takes one number from it, and rollout r of that decision runs on the stream
  (that number, r). The game's own stream is never touched, so the other seats play as they would.

The rollouts run engine/game.play_out, the game loop, which never calls this module (numba cannot compile the
cycle); play.play_searching_turns plays the lookahead's own turns.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import below, next_u64, seed_stream, shuffle
from zoosim.core.tiles import append_tiles
from zoosim.games.family import search as family_search
from zoosim.games.family.engine import count_truck_tiles
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.engine import money as M
from zoosim.games.zooloretto.engine import game as P  # the game loop for rollouts; play.py plays the lookahead's turns
from zoosim.games.zooloretto.engine.state import (
    H_COIN_TILES_TAKEN, H_DRAW_PTR, H_LAST_ROUND, H_RECORDING, H_TOTAL, OUT, P_BARN, P_COINS, P_COUNT,
    P_ENCLOSURES, P_FEMALE, P_MALE, P_OFFSPRING, P_SPECIES, P_STALLS, SUPPLY, T_COUNT, T_TAKEN_BY, T_TILES,
    player_at,
)
from zoosim.games.zooloretto.engine.policies import MEMORY_SIZE, choose_turn, forget, workspace_views
from zoosim.games.zooloretto.engine.valuation import HEURISTIC, HP_PAIR_VALUE, NO_CHOICE, money_option_gain
from zoosim.games.zooloretto.rules import (
    COIN, FEMALE, MALE, MAX_STALL_KINDS, MAX_TRUCK_CAPACITY, MAX_TRUCKS, N_CODES, OFFSPRING, R_COIN_TILES,
    R_FEMALES, R_MALES, R_OFFSPRING, R_PLAYERS, R_REMOVED, R_SPECIES, R_STALL_KINDS, R_STALLS_PER_KIND,
    R_TILES_PER_SPECIES, R_TRUCKS, STALL_BASE,
)

# Parameters (indices into its parameter vector); the heuristic's weights follow, in the heuristic's order.
LP_ROLLOUTS, LP_MONEY_CANDIDATES, LP_WIN_WEIGHT, LP_CONFIDENCE, LP_WEIGHTS = 0, 1, 2, 3, 4
HEURISTIC_WEIGHTS = HP_PAIR_VALUE + 1
MAX_MONEY_CANDIDATES = 16
MAX_CANDIDATES = 2 + MAX_TRUCKS + MAX_MONEY_CANDIDATES  # + the heuristic's choice
LOOKAHEAD_SALT = 0x4C4F4F4B41484541  # "LOOKAHEA"; below 2^63, so a salted seed is a valid seed


@njit(cache=True)
def lookahead_seed(seed):
    """The master seed of the lookahead's own stream (PROTOCOL 10)."""
    return seed ^ LOOKAHEAD_SALT


@njit(cache=True, _nrt=True)
def heuristic_rows(policy_params):
    """Each seat's heuristic weights (from its lookahead parameters) as a heuristic parameter row."""
    rows = np.zeros_like(policy_params)
    for q in range(policy_params.shape[0]):
        for k in range(HEURISTIC_WEIGHTS):
            rows[q, k] = policy_params[q, LP_WEIGHTS + k]
    return rows


# ---- determinisation: what nobody can see -----------------------------------------------------------
@njit(cache=True)
def visible_tiles(S, counts):
    """Count every visible tile by code: on trucks, in zoos and barns, out of the game, coin tiles taken.

    A fertile adult that bred shows as code 4s+0; `unseen_tiles` corrects for that with the births.
    """
    counts[:] = 0
    count_truck_tiles(S, S[R_TRUCKS], T_COUNT, T_TILES, MAX_TRUCK_CAPACITY, counts)
    for q in range(S[R_PLAYERS]):
        at = player_at(q)
        for e in range(S[at + P_ENCLOSURES]):
            count = S[at + P_COUNT + e]
            if count > 0:
                base = 4 * S[at + P_SPECIES + e]
                male = S[at + P_MALE + e]
                female = S[at + P_FEMALE + e]
                offspring = S[at + P_OFFSPRING + e]
                counts[base + MALE] += male
                counts[base + FEMALE] += female
                counts[base + OFFSPRING] += offspring
                counts[base] += count - male - female - offspring
            for kind in range(S[R_STALL_KINDS]):
                counts[STALL_BASE + kind] += S[at + P_STALLS + e * MAX_STALL_KINDS + kind]
        for code in range(N_CODES):
            counts[code] += S[at + P_BARN + code]
    for code in range(N_CODES):
        counts[code] += S[OUT + code]
    counts[COIN] += S[H_COIN_TILES_TAKEN]


@njit(cache=True, _nrt=True)
def unseen_tiles(S, pool, unknown):
    """unseen_tiles_in with a counts buffer of its own."""
    return unseen_tiles_in(S, pool, unknown, np.zeros(N_CODES, np.int64))


@njit(cache=True)
def unseen_tiles_in(S, pool, unknown, counts):
    """The tiles still in the stacks as far as the public state tells: written to pool[0:n].

    A species is known to be in play if its offspring supply is not empty or any of its tiles is seen;
    the species in play that are not known (only possible when the rules give no offspring) are listed
    in `unknown` (returned count), to be drawn per determinisation. Returns (n, unknown count, how many
    of them are in play). `counts` (N_CODES) is scratch.
    """
    visible_tiles(S, counts)
    plain = S[R_TILES_PER_SPECIES] - S[R_MALES] - S[R_FEMALES]
    n = 0
    known = 0
    n_unknown = 0
    for s in range(S[R_SPECIES]):
        seen = counts[4 * s] + counts[4 * s + MALE] + counts[4 * s + FEMALE] + counts[4 * s + OFFSPRING]
        if S[SUPPLY + s] == 0 and seen == 0:
            unknown[n_unknown] = s
            n_unknown += 1
            continue
        known += 1
        births = S[R_OFFSPRING] - S[SUPPLY + s]  # each birth turned a fertile male and female into 4s+0
        n = append_tiles(pool, n, 4 * s + MALE, S[R_MALES] - counts[4 * s + MALE] - births)
        n = append_tiles(pool, n, 4 * s + FEMALE, S[R_FEMALES] - counts[4 * s + FEMALE] - births)
        n = append_tiles(pool, n, 4 * s, plain - counts[4 * s] + 2 * births)
    for kind in range(S[R_STALL_KINDS]):
        n = append_tiles(pool, n, STALL_BASE + kind, S[R_STALLS_PER_KIND] - counts[STALL_BASE + kind])
    n = append_tiles(pool, n, COIN, S[R_COIN_TILES] - counts[COIN])
    return n, n_unknown, S[R_SPECIES] - S[R_REMOVED] - known


@njit(cache=True, _nrt=True)
def determinise(S, pool, n, unknown, n_unknown, unknown_in_play, deck, stream):
    """determinise_in with a scratch buffer of its own."""
    determinise_in(S, pool, n, unknown, n_unknown, unknown_in_play, deck, stream, np.empty(P.MAX_DECK, np.int64))


@njit(cache=True)
def determinise_in(S, pool, n, unknown, n_unknown, unknown_in_play, deck, stream, tiles):
    """Fill deck[draw pointer:total] with a shuffle of the unseen tiles pool[0:n] (PROTOCOL 10); `tiles`
    (MAX_DECK) is scratch, `unknown` is permuted."""
    tiles[:n] = pool[:n]
    for i in range(unknown_in_play):  # species in play nobody has seen yet, drawn uniformly
        j = i + below(stream, n_unknown - i)
        s = unknown[j]
        unknown[j] = unknown[i]
        unknown[i] = s
        n = append_tiles(tiles, n, 4 * s + MALE, S[R_MALES])
        n = append_tiles(tiles, n, 4 * s + FEMALE, S[R_FEMALES])
        n = append_tiles(tiles, n, 4 * s, S[R_TILES_PER_SPECIES] - S[R_MALES] - S[R_FEMALES])
    start = S[H_DRAW_PTR]
    if n != S[H_TOTAL] - start:
        raise ValueError("determinise: the unseen tiles do not match the tiles left in the stacks")
    shuffle(tiles, n, stream)
    for k in range(n):
        deck[start + k] = tiles[k]


# ---- candidates and rollouts -----------------------------------------------------------------------
@njit(cache=True, _nrt=True)
def list_candidates(S, p, weights, money_candidates, options, candidates, undo):
    """list_candidates_in with scratch buffers of its own."""
    return list_candidates_in(S, p, weights, money_candidates, options, candidates, undo, np.empty(E.MAX_OPTIONS),
                              np.zeros(E.MAX_OPTIONS, np.bool_))


@njit(cache=True)
def list_candidates_in(S, p, weights, money_candidates, options, candidates, undo, values, chosen):
    """Draw, each take, then the best `money_candidates` money actions by the heuristic's one-step value,
    all in canonical order (money.list_turn_options). S must not be recording (options are made).
    `values` and `chosen` (MAX_OPTIONS) are scratch."""
    n = 0
    if E.can_draw(S):
        candidates[n] = E.option(E.OPT_DRAW, 0, 0, 0)
        n += 1
    for t in range(S[R_TRUCKS]):
        if S[T_TAKEN_BY + t] < 0 and S[T_COUNT + t] > 0:
            candidates[n] = E.option(E.OPT_TAKE, t, 0, 0)
            n += 1
    keep = min(money_candidates, MAX_MONEY_CANDIDATES)
    if keep <= 0 or not M.any_money_option(S, p):
        return n
    m = M.list_money_options(S, p, options, 0)
    left = 0.0 if S[H_LAST_ROUND] != 0 else (S[H_TOTAL] - S[H_DRAW_PTR]) / max(S[H_TOTAL], 1)
    for k in range(m):
        values[k] = money_option_gain(HEURISTIC, weights, S, p, options[k], left, undo)
        chosen[k] = False
    for _ in range(min(keep, m)):
        best = -1
        for k in range(m):
            if not chosen[k] and values[k] > NO_CHOICE and (best < 0 or values[k] > values[best]):
                best = k
        if best < 0:
            break
        chosen[best] = True
    for k in range(m):
        if chosen[k]:
            candidates[n] = options[k]
            n += 1
    return n


@njit(cache=True)
def outcome(S, p, win_weight, components):
    """The truck games' value of a finished playout (family.search.outcome: own score - best other score +
    win_weight x own win share), ranked by score, then coins. Seat p is scored first, then the others in order."""
    players = S[R_PLAYERS]
    totals = np.empty(players, np.int64)
    coins = np.empty(players, np.int64)
    totals[p] = E.score_player(S, p, components)
    coins[p] = S[player_at(p) + P_COINS]
    for q in range(players):
        if q != p:
            totals[q] = E.score_player(S, q, components)
            coins[q] = S[player_at(q) + P_COINS]
    return family_search.outcome(totals, coins, players, p, win_weight)


@njit(cache=True)
def rollout(S, deck, rng, p, opt, ids, rows, options, workspace, memory, no_log, components, win_weight):
    """Play option `opt` for p, then heuristic turns for every seat to the game's end; the outcome."""
    forget(memory)
    P.apply_turn_option(S, deck, rng, p, opt, HEURISTIC, rows[p], workspace, memory)
    P.play_out(S, deck, rng, p, True, ids, rows, options, workspace, memory, no_log, components, P.NO_STOP)
    return outcome(S, p, win_weight, components)


@njit(cache=True, _nrt=True)
def decide_turn(S, p, params, look_rng):
    """The turn option (state.option code; -1: none) of a lookahead seat p on the public state S.

    `params` is the seat's parameter row, `look_rng` the lookahead's stream of this game (one number
    is taken per decision).
    """
    players = S[R_PLAYERS]
    weights = np.zeros((players, params.shape[0]))
    for q in range(players):
        for k in range(HEURISTIC_WEIGHTS):
            weights[q, k] = params[LP_WEIGHTS + k]
    trial = S[:E.STATE_SIZE].copy()
    trial[H_RECORDING] = 0
    options = np.zeros(E.MAX_OPTIONS, np.int64)
    workspace = np.zeros((3, E.STATE_SIZE), np.int64)
    candidates = np.zeros(MAX_CANDIDATES, np.int64)
    _codes, undo, _chain, _spare = workspace_views(workspace)
    n = list_candidates(trial, p, weights[p], int(params[LP_MONEY_CANDIDATES]), options, candidates, undo)
    key = next_u64(look_rng) >> np.uint64(1)
    if n <= 1:
        return candidates[0] if n == 1 else -1
    memory = np.full(MEMORY_SIZE, -1.0)
    rng = np.zeros(4, np.uint64)
    choice = choose_turn(HEURISTIC, weights[p], trial, p, rng, options, workspace, memory)
    base = 0
    while base < n and candidates[base] != choice:
        base += 1
    if base == n:  # a money action below the money_candidates cut
        candidates[n] = choice
        n += 1
    pool = np.zeros(P.MAX_DECK, np.int64)
    unknown = np.zeros(S[R_SPECIES], np.int64)
    m, n_unknown, unknown_in_play = unseen_tiles(S, pool, unknown)
    deck = np.zeros(P.MAX_DECK, np.int64)
    stream = np.zeros(4, np.uint64)
    ids = np.full(players, HEURISTIC, np.int64)
    no_log = np.zeros((0, players), np.int16)
    components = np.zeros(E.N_COMPONENTS, np.int64)
    rollouts = max(1, int(params[LP_ROLLOUTS]))
    outcomes = np.zeros((rollouts, n))
    win_weight = params[LP_WIN_WEIGHT]
    for r in range(rollouts):
        seed_stream(stream, key, r)
        determinise(S, pool, m, unknown, n_unknown, unknown_in_play, deck, stream)
        for c in range(n):
            trial[:] = S[:E.STATE_SIZE]
            trial[H_RECORDING] = 0
            rng[:] = stream
            outcomes[r, c] = rollout(trial, deck, rng, p, candidates[c], ids, weights, options, workspace, memory,
                                     no_log, components, win_weight)
    return candidates[confident_best(outcomes, base, params[LP_CONFIDENCE])]


@njit(cache=True)
def confident_best(outcomes, base, confidence):
    """The candidate whose mean outcome beats the heuristic's choice `base` most, among those that beat it
    by more than `confidence` standard errors of the paired differences (rollouts x candidates); else base.

    Rollouts share their determinisations, so the differences are paired (common random numbers).
    """
    rollouts, n = outcomes.shape
    best = base
    best_gain = 0.0
    for c in range(n):
        if c == base:
            continue
        mean = 0.0
        for r in range(rollouts):
            mean += outcomes[r, c] - outcomes[r, base]
        mean /= rollouts
        spread = 0.0
        for r in range(rollouts):
            spread += (outcomes[r, c] - outcomes[r, base] - mean) ** 2
        se = np.sqrt(spread / (rollouts - 1) / rollouts) if rollouts > 1 else 0.0
        if mean - confidence * se > 0.0 and mean > best_gain:
            best = c
            best_gain = mean
    return best
