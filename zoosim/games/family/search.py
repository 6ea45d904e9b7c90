"""The truck games' shared side of the `search` policy (Zooloretto Mini and Tractor Zooloretto): written once.

Both games search alike (their search.py modules give only what is their own: the candidates, the determinisation
of what nobody can see, one playout, the scores): at a search seat's decision
1. `begin` keys the decision (zoosim.search.streams: seed, game index, seat, the seat's count of searched decisions),
   sets every seat of the playouts to the rollout policy and starts the clock (benchmarks only);
2. the game lists its candidates in `common[C_CANDS]`, best first by the heuristic's own preference (candidate 0 is
   the heuristic's choice, so ties and small budgets fall back on it), and calls `halve` (the shared kernel
   zoosim.search.halving.sequential_halving, compiled inline at the call: `evaluate` is then a static call and
   everything caches) with its own `evaluate(ctx, candidate, sample)`;
3. in `evaluate`, `new_sample` says when a sample's determinisation is due (every candidate alive plays sample j
   in a row, on the same deal and the same rollout draws: common random numbers); the game deals it from
   `common[C_STREAM]`, `keep_sample` remembers the stream after the deal, and `rollout_stream` sets each playout's
   stream `common[C_RNG]` to it afresh; `outcome` values the final scores for the searching seat;
4. `finish` records the decision's seconds and, when the game is traced with `explain`, writes its event rows:
   EV_SEARCH (seat, decision kind, its tile or -1, playouts spent, candidates) and one EV_SEARCH_OPTION per
   candidate (seat, the candidate's code, playouts, mean outcome x 100 rounded, chosen + 2 x decision kind).

The parameters every truck game's search takes come first in its parameter vector (SP_*; family.policies documents
them). Nothing allocates per decision: `new_common` is made once per block of games (play_many) or traced game.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.trace import emit_row
from zoosim.search.clock import now, record
from zoosim.search.halving import N_STATS, S_PLAYOUTS, S_TOTAL, sequential_halving
from zoosim.search.streams import decision_key, sample_stream

# The shared kernel, compiled inline where a game calls it: called as is, it receives `evaluate` as a runtime value
# (a pointer to the Python dispatcher object, numba's first-class function model), a dynamic global that makes every
# caller up to play_many uncacheable (numba recompiles the engine in every process). Inlined, the call of `evaluate`
# is static and the pointer is dead code.
halve = njit(cache=True, inline="always")(sequential_halving.py_func)

SEARCH = 4  # the policy id of `search` in both games
# parameters of every truck game's search (indices into its parameter vector; family.policies documents them)
SP_BUDGET, SP_CANDIDATES, SP_WIN_WEIGHT, SP_ROLLOUT = range(4)
N_SEARCH_PARAMS = 4
DECIDE_TURN = 0  # the decision kind of a whole turn (a game may number others from 1)

# int64 slots of common[C_INFO]: the decision being searched (a game's own slots start at I_GAME)
I_SEAT, I_KIND, I_CODE, I_KEY, I_SAMPLE, I_EXPLAIN = range(6)
I_GAME = 6
N_INFO = 12
# float64 slots of common[C_REAL]
R_WIN_WEIGHT, R_STARTED = range(2)

# the common workspace's members (new_common)
(C_INFO, C_REAL, C_CANDS, C_PREFS, C_STATS, C_ALIVE, C_IDS, C_PARAMS, C_STREAM, C_SAVED, C_RNG, C_DECISIONS,
 C_TIMINGS) = range(13)


@njit(cache=True)
def playouts(params, players):
    """The decision's playouts: `budget` at 2 players, scaled by 2/players at more (a playout of n seats plays n/2
    times a 2-player playout's turns, so the time of a decision stays about the same), at least 1."""
    return max(1, int(params[SP_BUDGET]) * 2 // max(2, players))


@njit(cache=True)
def new_common(players, explain, timings, max_candidates, rollout_row):
    """The arrays every search seat of a game shares, a tuple indexed by C_*. `explain` (0/1) writes the
    decisions' event rows into a traced game; `timings` (clock.new_timings, or an empty array) records each searched
    decision's seconds; `rollout_row` is the parameter row of every seat in the playouts (the heuristic's default
    weights)."""
    info = np.zeros(N_INFO, np.int64)
    info[I_EXPLAIN] = explain
    params = np.zeros((players, rollout_row.shape[0]))
    for q in range(players):
        params[q, :] = rollout_row
    return (info, np.zeros(2), np.zeros(max_candidates, np.int64), np.zeros(max_candidates),
            np.zeros((max_candidates, N_STATS)), np.zeros(max_candidates, np.int64), np.zeros(players, np.int64),
            params, np.zeros(4, np.uint64), np.zeros(4, np.uint64), np.zeros(4, np.uint64),
            np.zeros(players, np.int64), timings)


@njit(cache=True, _nrt=False)
def new_game(common):
    """Forget the decision counts of the last game."""
    decisions = common[C_DECISIONS]
    for q in range(decisions.shape[0]):
        decisions[q] = 0


@njit(cache=True, _nrt=False)
def order_by_preference(cands, prefs, n):
    """Sort candidates by preference, highest first; ties keep their order (stable insertion sort)."""
    for a in range(1, n):
        c = cands[a]
        v = prefs[a]
        b = a - 1
        while b >= 0 and prefs[b] < v:
            cands[b + 1] = cands[b]
            prefs[b + 1] = prefs[b]
            b -= 1
        cands[b + 1] = c
        prefs[b + 1] = v


@njit(cache=True)
def begin(common, p, kind, code, params, seed, game_index):
    """Start searched decision `kind` (with its tile `code`, or -1) of seat p: its key, the rollout seats, the win
    weight, the clock."""
    info, real, timings = common[C_INFO], common[C_REAL], common[C_TIMINGS]
    real[R_STARTED] = now() if timings.shape[0] > 0 else 0.0
    decisions = common[C_DECISIONS]
    info[I_KEY] = decision_key(seed, game_index, p, decisions[p])
    decisions[p] += 1
    info[I_SEAT] = p
    info[I_KIND] = kind
    info[I_CODE] = code
    info[I_SAMPLE] = -1
    ids = common[C_IDS]
    for q in range(ids.shape[0]):
        ids[q] = int(params[SP_ROLLOUT])
    real[R_WIN_WEIGHT] = params[SP_WIN_WEIGHT]


@njit(cache=True, _nrt=False)
def new_sample(common, sample):
    """True when sample `sample` is not dealt yet: common[C_STREAM] is then its stream, to deal it with (then call
    keep_sample). Every candidate alive plays sample j in a row, so each sample is dealt once."""
    info = common[C_INFO]
    if info[I_SAMPLE] == sample:
        return False
    sample_stream(common[C_STREAM], info[I_KEY], sample)
    return True


@njit(cache=True, _nrt=False)
def keep_sample(common, sample):
    """Remember the sample's stream after its deal: every playout on it starts from there (rollout_stream)."""
    stream, saved = common[C_STREAM], common[C_SAVED]
    for k in range(4):
        saved[k] = stream[k]
    common[C_INFO][I_SAMPLE] = sample


@njit(cache=True, _nrt=False)
def rollout_stream(common):
    """common[C_RNG] = the random stream of one playout on the current sample (the same for every candidate)."""
    rng, saved = common[C_RNG], common[C_SAVED]
    for k in range(4):
        rng[k] = saved[k]


@njit(cache=True, _nrt=False)
def outcome(totals, ties, players, p, win_weight):
    """The searching seat p's value of a finished playout: own score - best other score + win_weight x own win
    share (ranked by `totals`, then `ties` (a game's tie-break; zeros for none); a tie on both shares)."""
    own = totals[p]
    best_other = -1_000_000
    beaten = False
    tied = 1
    for q in range(players):
        if q == p:
            continue
        best_other = max(best_other, totals[q])
        if totals[q] > own or (totals[q] == own and ties[q] > ties[p]):
            beaten = True
        elif totals[q] == own and ties[q] == ties[p]:
            tied += 1
    share = 0.0 if beaten else 1.0 / tied
    return float(own - best_other) + win_weight * share


@njit(cache=True)
def finish(common, S, trace_at, trace, ev_search, ev_option, n, best):
    """End the decision: its seconds (benchmarks) and, with explain on a traced game, its event rows (module doc)."""
    info, real, timings, stats, cands = common[C_INFO], common[C_REAL], common[C_TIMINGS], common[C_STATS], common[
        C_CANDS]
    if timings.shape[0] > 0:
        record(timings, now() - real[R_STARTED])
    if info[I_EXPLAIN] == 0 or trace.shape[0] == 0:
        return
    p, kind = info[I_SEAT], info[I_KIND]
    spent = 0.0
    for c in range(n):
        spent += stats[c, S_PLAYOUTS]
    emit_row(S, trace_at, trace, ev_search, p, kind, info[I_CODE], int(spent), n)
    for c in range(n):
        playouts = stats[c, S_PLAYOUTS]
        mean = stats[c, S_TOTAL] / playouts if playouts > 0 else 0.0
        emit_row(S, trace_at, trace, ev_option, p, cands[c], int(playouts), int(np.round(mean * 100.0)),
                 (1 if c == best else 0) + 2 * kind)


def search_timings(play_one, R: np.ndarray, ids: np.ndarray, params: np.ndarray, seed: int, first_index: int,
                   count: int) -> np.ndarray:
    """Seconds of every searched decision (one with two or more candidates) in games first_index ..
    first_index+count-1, on this thread: `play_one(R, seed, game_index, ids, params, max_events, explain, timings)`
    (a game's play.play_traced) plays one game, untraced, with the timings array (zoosim/search/clock.py). For the
    benchmarks (play.search_timings)."""
    from zoosim.search.clock import new_timings, recorded

    out = []
    for g in range(first_index, first_index + count):
        timings = new_timings(10_000)
        play_one(R, seed, g, ids, params, 0, False, timings)
        out.append(recorded(timings))
    return np.concatenate(out) if out else np.zeros(0)
