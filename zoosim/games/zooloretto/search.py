"""The `search` policy (id 5): sequential halving over the turn's candidates (zoosim/search), each candidate judged
by heuristic games played on from it, on determinisations of the tiles the seat cannot see.

A decision sees the public state only (the game's `deck` is never read here, except through the draw that the
seat itself makes). Per decision:

- Candidates: the lookahead's (lookahead.list_candidates: draw, take each truck, the `money_candidates` money
  actions the heuristic values most after one step) and the heuristic's own choice, best first by the heuristic's
  preference: its choice first, then by the value it gives each (a take: the truck's gain placing as it would;
  draw: its take threshold; a money action: its one-step gain), canonical order on ties. At most `candidates` of
  them are searched (0: all).
- Samples: sample j of a decision runs on the search's stream `sample_stream(decision_key(seed, game index, seat,
  decision), j)` (zoosim/search/streams; `decision` counts the seat's searched decisions in the game): first the
  determinisation (lookahead.determinise: the unseen tiles shuffled into the positions still to be drawn), then
  the same stream goes on into the playout. Every candidate alive in a round of the halving meets the same
  samples (common random numbers).
- Playout: the candidate, then heuristic turns in every seat (this seat's weights) to the horizon: the game's end,
  or with `horizon` h > 0 the end of the round h rounds after this one.
- Value for the seat: at the game's end own score - best opponent score + win_weight x own win share
  (lookahead.outcome); at a horizon before the end, the same on the heuristic's projected zoo values. The
  heuristic's own choice gets `prior` points on top, so that noise must beat it by that much.
- `sequential_halving` spends `budget` playouts and names the candidate; `--explain` rows (EV_SEARCH) give each
  candidate's playouts and mean value.

The truck for a drawn tile is searched too (`trucks`): the drawn tile is public, the candidates are the trucks
with a free space, the heuristic's first. The places of a taken truck's tiles are the heuristic's.

The game loop (engine/game.play_out) never calls this module (numba cannot compile the cycle): play.py plays a
search seat's turns between the loop's stops, and the playouts run the loop from copies of the state.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.family.search import order_by_preference
from zoosim.games.zooloretto import lookahead as L
from zoosim.games.zooloretto.engine import game as P
from zoosim.games.zooloretto.engine import money as M
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.engine.policies import (
    M_LEFT, M_PLAN, M_PLAN_KEY, M_PLAN_OF, MEMORY_SIZE, PLAN_SIZE, best_placement, choose_truck_for_tile,
    choose_turn, epoch_of, forget, free_space_share, gains_of, known_truck_value, place_step, refresh_memory, undo_steps,
    workspace_views,
)
from zoosim.games.zooloretto.engine.state import (
    H_DRAW_PTR, H_LAST_ROUND, H_RECORDING, H_ROUND, H_TOTAL, H_TURNS, P_ENCLOSURES, T_CAPACITY, T_COUNT, T_TAKEN_BY,
    T_TILES, emit, player_at,
)
from zoosim.games.zooloretto.engine.valuation import (
    HEURISTIC, HP_TAKE_THRESHOLD, NO_CHOICE, money_option_gain, placement_gain, zoo_value,
)
from zoosim.games.zooloretto.rules import (
    COIN, MAX_PLAYERS, MAX_SPECIES, MAX_TRUCK_CAPACITY, MAX_TRUCKS, N_CODES, R_MAX_ROUNDS, R_PLAYERS, R_TRUCKS,
)
from zoosim.search.clock import now, record
from zoosim.search.halving import N_STATS, S_PLAYOUTS, S_TOTAL, sequential_halving
from zoosim.search.streams import decision_key, sample_stream

# Parameters (indices into its parameter vector); the heuristic's weights follow, in the heuristic's order.
SP_BUDGET, SP_CANDIDATES, SP_MONEY_CANDIDATES, SP_WIN_WEIGHT, SP_PRIOR, SP_HORIZON, SP_TRUCKS, SP_PLACES = range(8)
SP_WEIGHTS = 8
MAX_CANDIDATES = L.MAX_CANDIDATES

# The shared kernel, inlined into `run` at numba's IR level: a jitted function passed as a value (evaluate) makes
# numba embed its address, and a function doing that cannot be cached (every process would compile the search, and
# with it play_many, again); inlined, `evaluate` is an ordinary call. The algorithm is zoosim/search/halving's.
halving = njit(inline="always")(sequential_halving.py_func)

# info cells of the workspace: what evaluate needs besides the arrays
I_SEAT, I_KEY, I_SAMPLE, I_POOL, I_UNKNOWN, I_IN_PLAY, I_STAGE, I_CODE, I_FROM_END, I_LAST, I_MAX_ROUNDS = range(11)
N_INFO = 11
F_WIN_WEIGHT, F_PRIOR = 0, 1
N_FLOAT = 2
STAGE_TURN, STAGE_TRUCK, STAGE_PLACES = 0, 1, 2


@njit(cache=True, _nrt=True)
def new_workspace(players, width):
    """Everything a search seat's decisions use, made once per game: the arrays of `evaluate`'s context."""
    return (
        np.zeros(E.STATE_SIZE, np.int64),  # 0 root: the public state at the decision, its log muted
        np.zeros(E.STATE_SIZE, np.int64),  # 1 trial: a playout's state
        np.zeros(P.MAX_DECK, np.int64),  # 2 deck: the current sample's stacks
        np.zeros(P.MAX_DECK, np.int64),  # 3 pool: the unseen tiles in canonical order
        np.zeros(P.MAX_DECK, np.int64),  # 4 tiles: determinise's scratch
        np.zeros(MAX_SPECIES, np.int64),  # 5 unknown: species in play nobody has seen
        np.zeros(MAX_SPECIES, np.int64),  # 6 their copy, permuted by a determinisation
        np.zeros(4, np.uint64),  # 7 stream: the current sample's stream after its determinisation
        np.zeros(4, np.uint64),  # 8 rng: a playout's stream
        np.zeros(E.MAX_OPTIONS, np.int64),  # 9 options
        np.zeros((3, E.STATE_SIZE), np.int64),  # 10 the policies' workspace
        np.zeros(MEMORY_SIZE),  # 11 the policies' memory
        np.zeros(MAX_CANDIDATES, np.int64),  # 12 candidates (option codes, or trucks)
        np.zeros(MAX_CANDIDATES),  # 13 the heuristic's value of each
        np.zeros((MAX_CANDIDATES, N_STATS)),  # 14 halving statistics
        np.zeros(MAX_CANDIDATES, np.int64),  # 15 halving survivors
        np.full(players, HEURISTIC, np.int64),  # 16 playout seats
        np.zeros((players, width)),  # 17 their parameter rows: the search seat's heuristic weights
        np.zeros((0, players), np.int16),  # 18 no rounds log
        np.zeros(E.N_COMPONENTS, np.int64),  # 19 score components
        np.zeros(N_INFO, np.int64),  # 20 info (I_*)
        np.zeros(N_FLOAT),  # 21 float info (F_*)
        np.zeros(E.MAX_OPTIONS),  # 22 money actions' values (list_candidates)
        np.zeros(E.MAX_OPTIONS, np.bool_),  # 23 money actions chosen (list_candidates)
        np.zeros(N_CODES, np.int64),  # 24 visible tile counts
        np.zeros(MAX_PLAYERS, np.int64),  # 25 searched decisions per seat
        np.zeros((MAX_CANDIDATES, PLAN_SIZE), np.int64),  # 26 placement plans (STAGE_PLACES candidates)
    )


@njit(cache=True)
def search_rows(params, rows):
    """Every playout seat plays the heuristic with the search seat's weights."""
    for q in range(rows.shape[0]):
        rows[q, :] = 0.0
        for k in range(L.HEURISTIC_WEIGHTS):
            rows[q, k] = params[SP_WEIGHTS + k]


# ---- the value of a playout ------------------------------------------------------------------------
@njit(cache=True)
def playout_value(S, p, win_weight, rows, components, max_rounds):
    """At the game's end lookahead.outcome; at a horizon before it, the same on the heuristic's zoo values
    (own - best other + win_weight x the share of the best value)."""
    if S[H_LAST_ROUND] != 0 or S[H_DRAW_PTR] >= S[H_TOTAL] or S[H_ROUND] >= max_rounds or S[H_TURNS] > P.TURN_CAP:
        return L.outcome(S, p, win_weight, components)
    left = (S[H_TOTAL] - S[H_DRAW_PTR]) / max(S[H_TOTAL], 1)
    own = zoo_value(HEURISTIC, rows[p], S, p, left)
    best_other = NO_CHOICE
    beaten = False
    tied = 1
    for q in range(S[R_PLAYERS]):
        if q == p:
            continue
        value = zoo_value(HEURISTIC, rows[q], S, q, left)
        best_other = max(best_other, value)
        if value > own:
            beaten = True
        elif value == own:
            tied += 1
    share = 0.0 if beaten else 1.0 / tied
    return own - best_other + win_weight * share


@njit(cache=True)
def evaluate(ws, c, sample):
    """One playout of candidate c on sample `sample` (sequential_halving's evaluate)."""
    root, trial, deck, pool, tiles, unknown, shuffled = ws[0], ws[1], ws[2], ws[3], ws[4], ws[5], ws[6]
    stream, rng, options, work, memory, candidates = ws[7], ws[8], ws[9], ws[10], ws[11], ws[12]
    ids, rows, no_log, components, info, floats = ws[16], ws[17], ws[18], ws[19], ws[20], ws[21]
    if info[I_SAMPLE] != sample:
        sample_stream(stream, info[I_KEY], sample)
        shuffled[:] = unknown
        L.determinise_in(root, pool, info[I_POOL], shuffled, info[I_UNKNOWN], info[I_IN_PLAY], deck, stream, tiles)
        info[I_SAMPLE] = sample
    trial[:] = root
    rng[:] = stream
    p = info[I_SEAT]
    forget(memory)
    stage = info[I_STAGE]
    if stage == STAGE_TURN:
        P.apply_turn_option(trial, deck, rng, p, candidates[c], HEURISTIC, rows[p], work, memory)
    elif stage == STAGE_TRUCK:
        P.load_truck(trial, p, info[I_CODE], candidates[c], info[I_FROM_END] != 0, info[I_LAST] != 0)
    else:
        t = info[I_CODE]
        install_plan(trial, p, t, ws[26][candidates[c]], memory)
        P.apply_turn_option(trial, deck, rng, p, E.option(E.OPT_TAKE, t, 0, 0), HEURISTIC, rows[p], work, memory)
    P.play_out(trial, deck, rng, p, True, ids, rows, options, work, memory, no_log, components, P.NO_STOP)
    value = playout_value(trial, p, floats[F_WIN_WEIGHT], rows, components, info[I_MAX_ROUNDS])
    if c == 0:
        value += floats[F_PRIOR]
    return value


# ---- a decision ---------------------------------------------------------------------------------
@njit(cache=True)
def order_by_prior(candidates, priors, n):
    """Keep candidate 0 (the heuristic's choice) first; sort the rest by prior, descending, stably (the truck
    games' sort, family.search.order_by_preference, on candidates 1 .. n-1)."""
    order_by_preference(candidates[1:], priors[1:], n - 1)


@njit(cache=True)
def prepare(S, p, params, ws, stage):
    """Copy the public state into the workspace, note its unseen tiles and the playouts' settings."""
    root, pool, unknown, rows, info, floats, counts = ws[0], ws[3], ws[5], ws[17], ws[20], ws[21], ws[24]
    root[:] = S[:E.STATE_SIZE]
    root[H_RECORDING] = 0
    search_rows(params, rows)
    info[I_SEAT] = p
    info[I_STAGE] = stage
    info[I_SAMPLE] = -1
    info[I_MAX_ROUNDS] = root[R_MAX_ROUNDS]
    horizon = int(params[SP_HORIZON])
    if horizon > 0:
        root[R_MAX_ROUNDS] = min(root[R_MAX_ROUNDS], root[H_ROUND] + horizon)
    floats[F_WIN_WEIGHT] = params[SP_WIN_WEIGHT]
    floats[F_PRIOR] = params[SP_PRIOR]
    m, n_unknown, in_play = L.unseen_tiles_in(root, pool, unknown, counts)
    info[I_POOL] = m
    info[I_UNKNOWN] = n_unknown
    info[I_IN_PLAY] = in_play


@njit(cache=True)
def run(S, p, seed, game_index, params, ws, n):
    """Sequential halving over candidates[0:n] (at most `candidates` of them); writes the explain rows into S
    (if it records) and returns the index of the chosen candidate."""
    candidates, stats, alive, info, decisions = ws[12], ws[14], ws[15], ws[20], ws[25]
    width = int(params[SP_CANDIDATES])
    if width > 0 and n > width:
        n = width
    if n <= 1:
        return 0
    info[I_KEY] = decision_key(seed, game_index, p, decisions[p])
    decisions[p] += 1
    budget = max(1, int(params[SP_BUDGET]))
    best = halving(ws, evaluate, n, budget, stats, alive)
    if S[H_RECORDING] != 0:  # --explain: one row per candidate (PROTOCOL 11)
        for c in range(n):
            playouts = stats[c, S_PLAYOUTS]
            mean = stats[c, S_TOTAL] / playouts if playouts > 0 else 0.0
            if c == 0:
                mean -= ws[21][F_PRIOR]
            flags = (1 if c == best else 0) | (2 if c == 0 else 0) | (info[I_STAGE] << 2)
            what = candidates[c]
            if info[I_STAGE] == STAGE_PLACES:  # the plan's first placement: tile code << 8 | destination + 2
                first = ws[26][what, 0]
                what = (ws[0][T_TILES + info[I_CODE] * MAX_TRUCK_CAPACITY + (first >> 8)] << 8) | (first & 255)
            emit(S, E.EV_SEARCH, p, what, int(playouts), int(np.round(mean * 100.0)), flags)
    return best


@njit(cache=True)
def decide_turn(S, p, seed, game_index, params, ws):
    """The turn option (state.option code; -1: none) of search seat p on the public state S."""
    root, options, work, memory, candidates, priors = ws[0], ws[9], ws[10], ws[11], ws[12], ws[13]
    rows, values, chosen, rng = ws[17], ws[22], ws[23], ws[8]
    prepare(S, p, params, ws, STAGE_TURN)
    weights = rows[p]
    _codes, undo, _chain, _spare = workspace_views(work)
    n = L.list_candidates_in(root, p, weights, int(params[SP_MONEY_CANDIDATES]), options, candidates, undo, values,
                             chosen)
    forget(memory)
    choice = -1
    if n > 0 or M.any_money_option(root, p):
        choice = choose_turn(HEURISTIC, weights, root, p, rng, options, work, memory)
    if choice < 0:
        return candidates[0] if n > 0 else -1
    at = 0
    while at < n and candidates[at] != choice:
        at += 1
    if at == n:  # a money action below the money_candidates cut
        n += 1
    candidates[at] = candidates[0]
    candidates[0] = choice
    if n == 1:
        return choice
    # the heuristic's value of each other candidate (its memory is fresh from choose_turn)
    refresh_memory(memory, root, p)
    left = 0.0 if root[H_LAST_ROUND] != 0 else (root[H_TOTAL] - root[H_DRAW_PTR]) / max(root[H_TOTAL], 1)
    for a in range(1, n):
        opt = candidates[a]
        kind = E.option_kind(opt)
        if kind == E.OPT_DRAW:
            priors[a] = weights[HP_TAKE_THRESHOLD] * free_space_share(root)
        elif kind == E.OPT_TAKE:
            priors[a] = known_truck_value(HEURISTIC, weights, root, p, (opt >> 16) & 255, work, memory)
        else:
            priors[a] = money_option_gain(HEURISTIC, weights, root, p, opt, left, undo)
    order_by_prior(candidates, priors, n)
    return candidates[run(S, p, seed, game_index, params, ws, n)]


@njit(cache=True)
def decide_truck(S, p, seed, game_index, params, ws, code, from_end, last, choice):
    """The truck for tile `code` just drawn by search seat p (the heuristic would take `choice`)."""
    root, memory, candidates, priors, rows, info, work = ws[0], ws[11], ws[12], ws[13], ws[17], ws[20], ws[10]
    # the drawn tile is seen: the unseen tiles are counted with it on the heuristic's truck
    slot = T_TILES + choice * MAX_TRUCK_CAPACITY + S[T_COUNT + choice]
    S[slot] = code
    S[T_COUNT + choice] += 1
    prepare(S, p, params, ws, STAGE_TRUCK)
    S[T_COUNT + choice] -= 1
    S[slot] = -1
    root[T_COUNT + choice] -= 1
    root[slot] = -1
    info[I_CODE] = code
    info[I_FROM_END] = 1 if from_end else 0
    info[I_LAST] = 1 if last else 0
    n = 1
    candidates[0] = choice
    forget(memory)
    refresh_memory(memory, root, p)
    for t in range(root[R_TRUCKS]):
        if t != choice and root[T_TAKEN_BY + t] < 0 and root[T_COUNT + t] < root[T_CAPACITY + t]:
            candidates[n] = t
            priors[n] = known_truck_value(HEURISTIC, rows[p], root, p, t, work, memory) if root[T_COUNT + t] > 0 \
                else 0.0
            n += 1
    if n <= 1:
        return choice
    order_by_prior(candidates, priors, n)
    return candidates[run(S, p, seed, game_index, params, ws, n)]


# ---- the places of a taken truck's tiles -------------------------------------------------------------
@njit(cache=True)
def plan_take(S, p, t, weights, work, memory, forced, forced_dest, plan):
    """Places for truck t's tiles as p would put them (plan[step] = slot << 8 | destination + 2, as
    decide_placement returns them): slot `forced` to `forced_dest` first if forced >= 0, then step by step the
    heuristic's best placement. Returns the heuristic's value of the plan. S is left as it was."""
    codes, trial_undo, chain, _spare = workspace_views(work)
    n = S[T_COUNT + t]
    for k in range(n):
        codes[k] = S[T_TILES + t * MAX_TRUCK_CAPACITY + k]
    left = memory[M_LEFT]
    gains = gains_of(memory, p)
    total = 0.0
    for step in range(n):
        if step == 0 and forced >= 0:
            i = forced
            dest = forced_dest
            gain = placement_gain(HEURISTIC, weights, S, p, codes[i], dest, left, trial_undo)
        else:
            i, dest, gain = best_placement(HEURISTIC, weights, S, p, codes, n, left, trial_undo, gains, 0.0)
        total += gain
        plan[step] = (i << 8) | (dest + 2)
        place_step(S, p, codes, i, dest, chain, step)
    undo_steps(S, chain, n)
    return total


@njit(cache=True)
def install_plan(S, p, t, plan, memory):
    """Make the heuristic place truck t's tiles by `plan` when p takes it (its memory's handed-over plan, which
    decide_placement follows: see engine/policies.hand_over_plan)."""
    refresh_memory(memory, S, p)
    for step in range(S[T_COUNT + t]):
        memory[M_PLAN + step] = plan[step]
    memory[M_PLAN_OF] = 1 + (p * MAX_TRUCKS + t) * 16 + S[T_COUNT + t]
    memory[M_PLAN_KEY] = epoch_of(memory, p)


@njit(cache=True)
def same_plan(a, b, n):
    for step in range(n):
        if a[step] != b[step]:
            return False
    return True


@njit(cache=True)
def decide_places(S, p, seed, game_index, params, ws, t):
    """The plan (an index into the workspace's plans) by which search seat p places the tiles of truck t, which
    it takes: the heuristic's plan first, then each other first placement of a tile (each kind of tile once,
    each legal destination) followed by the heuristic's placements."""
    root, work, memory, candidates, priors, rows, info, plans = ws[0], ws[10], ws[11], ws[12], ws[13], ws[17], \
        ws[20], ws[26]
    prepare(S, p, params, ws, STAGE_PLACES)
    info[I_CODE] = t
    weights = rows[p]
    forget(memory)
    refresh_memory(memory, root, p)
    count = root[T_COUNT + t]
    base = T_TILES + t * MAX_TRUCK_CAPACITY
    priors[0] = plan_take(root, p, t, weights, work, memory, -1, 0, plans[0])
    candidates[0] = 0
    n = 1
    enclosures = root[player_at(p) + P_ENCLOSURES]
    for i in range(count):
        code = root[base + i]
        repeated = code == COIN
        for j in range(i):
            repeated = repeated or root[base + j] == code
        if repeated:
            continue
        for d in range(enclosures + 1):
            dest = d if d < enclosures else E.BARN_DEST
            if dest >= 0 and not E.is_legal_destination(root, p, code, dest):
                continue
            if n == MAX_CANDIDATES:
                break
            priors[n] = plan_take(root, p, t, weights, work, memory, i, dest, plans[n])
            if not same_plan(plans[n], plans[0], count):
                candidates[n] = n
                n += 1
    if n <= 1:
        return 0
    order_by_prior(candidates, priors, n)
    return candidates[run(S, p, seed, game_index, params, ws, n)]


@njit(cache=True)
def play_turn(S, deck, rng, p, seed, game_index, params, ws, workspace, memory, timings):
    """One turn of search seat p, decided on the public state (the stacks, `deck`, only give the tile it draws);
    the truck for a drawn tile (`trucks`) and the places of a taken truck's tiles (`places`) searched too or the
    heuristic's. Returns the turn option played; `timings` (zoosim/search/clock) gets the turn's seconds."""
    started = now() if timings.shape[0] > 0 else 0.0
    opt = decide_turn(S, p, seed, game_index, params, ws)
    weights = ws[17][p]
    if opt >= 0 and E.option_kind(opt) == E.OPT_DRAW and params[SP_TRUCKS] != 0:
        code, from_end, last = P.draw_tile(S, deck)
        choice = choose_truck_for_tile(HEURISTIC, weights, S, p, rng, code, workspace, memory)
        t = decide_truck(S, p, seed, game_index, params, ws, code, from_end, last, choice)
        P.load_truck(S, p, code, t, from_end, last)
    else:
        if opt >= 0 and E.option_kind(opt) == E.OPT_TAKE and params[SP_PLACES] != 0:
            t = (opt >> 16) & 255
            install_plan(S, p, t, ws[26][decide_places(S, p, seed, game_index, params, ws, t)], memory)
        P.apply_turn_option(S, deck, rng, p, opt, HEURISTIC, weights, workspace, memory)
    if timings.shape[0] > 0:
        record(timings, now() - started)
    return opt
