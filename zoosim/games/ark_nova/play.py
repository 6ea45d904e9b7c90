"""Ark Nova games for the simulation layer: `play_many` (blocks.play_kernel_block's kernel), `play_traced` (one game
with its event log, for replay and tests) and `play_block` (result rows, for tests and benchmarks). Every game is
engine.game.play_game on the stream (seed, game index) — the game reference.game.play_game plays, event for event.

Seats (rule `start_seat_random`, default true). The policies given to `simulate` are by *seat index* (a log row's
`seat`); inside a game, seat 0 moves first. With the rule on, each game rotates the policies over the game's seats:

    side = seed_stream(seed ^ SEAT_SALT, game_index)      # core.rng; SEAT_SALT = 0x5EA75A170FA2C0DE (< 2^63)
    first = below(side, players)                          # one draw; the game's own stream is not touched
    game seat s is played by policy index (first + s) % players
    so policy index i sits at position (i - first) % players      (0 = moved first)

With the rule off, first = 0 and position = seat. The game itself never sees the rule (PROTOCOL.md 2): the same
(rules, seed, game index) is the same game whichever policies sit where. Seeds are below 2^63, so `seed ^ SEAT_SALT`
is a non-negative int64 and PyRng(seed ^ SEAT_SALT, game_index).below(players) gives the same `first` in Python.

Result rows (int64, one per player): O_SCORE, O_RANK (§13.3: score, then projects supported, else shared),
O_ROUNDS, O_TURNS, O_WINNERS (how many share rank 1), O_POLICY (the policy index), then from O_START the log's
columns in columns.LOG_COLUMNS order (`position` last). The core column `rounds` is the number of break-delimited
periods of play, breaks resolved + 1 (a game that ends without a break after its last turn still counts the period
that turn was in); `turns` is the game's turns (every seat's turns together, engine G_TURN), capped by the rules'
`max_turns` per seat.

Rounds log (`simulate --rounds-log`): each player's score *in play* (appeal + cp_value(CP), clamped as §13.1, before
final scoring) at the end of each period: after each break (its income and effects included, taken when the next
turn starts) and, for the last period, when the game ends (END, before final scoring). So a game has `rounds` =
breaks + 1 entries; with `break_after_last_turn` the last two can be equal. The kernel reads them off the game's
event rows (GAIN appeal/CP, BREAK, TURN, END), so only a block with the rounds log keeps an event log.

Cards log (`simulate --cards-log`): one row per card a player *played*, in the order played, read off the game's
event rows (PROTOCOL.md 7) after the game:
- a PLAY row with a card (a > 0): an animal or a sponsor put into the player's zoo, whatever the source (hand, display
  folder, the sponsor tile, Okapi Stable, WAZA Small Animals); the PLAY rows with card 0 only close the after-queue;
- a SUPPORT row of a zoo conservation project (113-132) that is *not on the board* when it is supported: the project
  came from the player's hand or a display folder, entered the project row and was supported at once (§10.1). A
  project already in the row is not played again by a later support (of anyone, nor a release project supported
  twice). Base projects (101-112) are never counted, also when one taken into a hand (Assertion, Dominance) enters the
  row: they are not cards of the zoo deck. The events do not say where a supported project came from, so the row is
  followed: it starts empty; a SUPPORT of a project not in it and not a base project in play enters it at the left,
  and beyond `project_row_limit` the rightmost card leaves (R9), as in engine.projects. A base project is in play
  (fixed positions from setup) unless it was ever drawn from the base-project pile (DRAW with source -3): only those
  reach a hand.
Each row: the policy index (the log's `seat`), the printed card id, `turn` = the player's own turn number at the time
(the `b` of its latest TURN row; 0 before its first turn) and `round` = BREAK rows before it + 1 (the main dataset's
`rounds` periods). Nearly every card is played in the player's own turn; the rare one played during a break (a
sponsor from the CP bonus tile that break income reached, about 1 in 5,000 uniform plays) has the player's latest
turn and the round the break opens. A card played twice (an animal released and
played again) has two rows. The kernel keeps at most MAX_CARD_ROWS rows a game and refuses (ZoosimError) a game
that plays more rather than drop rows; only a block with a rounds or cards log keeps an event log, and neither log
changes a game.

Policies: `policy_ids` / `policy_params` are by policy index (base.policy_arrays), codes and rows of `policies`
(PROTOCOL.md 10); the kernel maps them to the game's seats (`seat_ids`, `seat_params`), stores them in the game
(engine.game.set_seat_policy) and plays engine.game.play_game_planned with one planner workspace per call.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import below, seed_stream
from zoosim.errors import ZoosimError
from zoosim.games.ark_nova import policies as policy_data
from zoosim.games.ark_nova.columns import LOG_COLUMNS
from zoosim.games.ark_nova.engine import game as eg
from zoosim.games.ark_nova import search
from zoosim.games.ark_nova.engine import planner
from zoosim.games.ark_nova.engine.chain import run
from zoosim.games.ark_nova.engine.planner import plan_turn, start_turn
from zoosim.games.ark_nova.engine.setup import setup
from zoosim.games.ark_nova.engine.turn import WHOLE, push_turn
from zoosim.games.ark_nova.engine.scoring import score
from zoosim.games.ark_nova.engine.state import (
    E_BREAK, E_DRAW, E_END, E_GAIN, E_PLAY, E_SUPPORT, E_TURN, G_BREAKS, G_CURRENT, G_END_REASON, G_GAME_OVER, G_NEV,
    G_OVERFLOW, G_PL, G_POLICY, G_SIZE, G_TURN, G_UNSUPPORTED, MAX_EVENTS, MAX_PLAYERS, P_ANIMALS_N, P_APPEAL,
    P_BUILDINGS_N, P_CP, P_END_CP_FINALS, P_END_CP_SPONSORS, P_MONEY, P_PARTNERS_N, P_REP, P_SIZE, P_SPONSORS_N,
    P_SUPPORTS, P_UNIVS_N, new_events,
)
from zoosim.games.ark_nova.pack import (
    R_CP_POINTS, R_MAX_APPEAL, R_MAX_CP, R_PLAYERS, R_PROJECT_ROW_LIMIT, R_START_APPEAL,
)
from zoosim.games.ark_nova.pack import pack as pack_rules
from zoosim.games.ark_nova.rules import Rules
from zoosim.games.blocks import named_policy_arrays, result_rows
from zoosim.search.clock import new_timings, now, recorded, record

__all__ = ["CARD_COLUMNS", "MAX_CARD_ROWS", "N_OUT", "N_POLICY_PARAMS", "O_POLICY", "O_RANK", "O_ROUNDS", "O_SCORE", "O_START", "O_TURNS",
           "O_WINNERS", "POLICY_CODES", "SEAT_SALT", "UNIFORM", "first_seat", "offset", "pack", "play_block",
           "play_many", "play_traced"]

UNIFORM = policy_data.UNIFORM
POLICY_CODES = policy_data.POLICY_CODES
N_POLICY_PARAMS = policy_data.N_POLICY_PARAMS
SEAT_SALT = 0x5EA75A170FA2C0DE

# the packed array: [start_seat_random, pack.pack(rules, players) ...]
K_RANDOM_SEATS = 0
K_RULES = 1

O_SCORE, O_RANK, O_ROUNDS, O_TURNS, O_WINNERS, O_POLICY = range(6)
MAX_CARD_ROWS = 256  # cards log rows a game (module doc); a game of 2-4 players plays far fewer
CARD_COLUMNS = ("seat", "card", "turn", "round")  # a cards-log row in the kernel: policy index, card id, turn, round
FIRST_BASE_ID, LAST_BASE_ID, LAST_PROJECT_ID = 101, 112, 132
SOURCE_BASE_PILE = -3  # a DRAW row's source: the base-project pile
MAX_LOG_ROW = 64  # the project row the cards log follows (project_row_limit is at most 20)
O_START = 6
_NAMES = [c.name for c in LOG_COLUMNS]
N_OUT = O_START + len(_NAMES)


def offset(name: str) -> int:
    """The result-row offset of a log column."""
    return O_START + _NAMES.index(name)


O_APPEAL = offset("appeal")
O_CONSERVATION = offset("conservation")
O_CONSERVATION_POINTS = offset("conservation_points")
O_REPUTATION = offset("reputation")
O_MONEY = offset("money")
O_END_CP_SPONSORS = offset("end_conservation_sponsors")
O_END_CP_FINALS = offset("end_conservation_final_cards")
O_ANIMALS = offset("animals")
O_SPONSORS = offset("sponsors")
O_SUPPORTS = offset("projects_supported")
O_PARTNERS = offset("partner_zoos")
O_UNIVERSITIES = offset("universities")
O_BUILDINGS = offset("buildings")
O_BREAKS = offset("breaks")
O_END_REASON = offset("end_reason")
O_POSITION = offset("position")
assert O_POSITION == N_OUT - 1


def pack(rules: Rules, players: int) -> np.ndarray:
    """The kernel's one int64 array for (rules, players): [start_seat_random, then pack.pack's rules array]."""
    return np.concatenate([[int(rules.start_seat_random)], pack_rules(rules, players)]).astype(np.int64)


@njit(cache=True, _nrt=False)
def first_seat(seed, game_index, players, random_seats, side):
    """The policy index that moves first in this game (module doc): 0, or one draw from the side stream."""
    if not random_seats:
        return 0
    seed_stream(side, seed ^ SEAT_SALT, game_index)
    return below(side, players)


@njit(cache=True)
def _results(G, R, first, out):
    """out[policy index] = that player's result row (module doc), from a finished game G."""
    n = R[R_PLAYERS]
    for q in range(n):
        at = G_PL + q * P_SIZE
        row = (first + q) % n
        cp = G[at + P_CP]
        out[row, O_SCORE] = score(G, R, q)
        out[row, O_ROUNDS] = G[G_BREAKS] + 1
        out[row, O_TURNS] = G[G_TURN]
        out[row, O_POLICY] = row
        out[row, O_APPEAL] = min(G[at + P_APPEAL], R[R_MAX_APPEAL])
        out[row, O_CONSERVATION] = cp
        out[row, O_CONSERVATION_POINTS] = R[R_CP_POINTS + min(max(cp, 0), R[R_MAX_CP])]
        out[row, O_REPUTATION] = G[at + P_REP]
        out[row, O_MONEY] = G[at + P_MONEY]
        out[row, O_END_CP_SPONSORS] = G[at + P_END_CP_SPONSORS]
        out[row, O_END_CP_FINALS] = G[at + P_END_CP_FINALS]
        out[row, O_ANIMALS] = G[at + P_ANIMALS_N]
        out[row, O_SPONSORS] = G[at + P_SPONSORS_N]
        out[row, O_SUPPORTS] = G[at + P_SUPPORTS]
        out[row, O_PARTNERS] = G[at + P_PARTNERS_N]
        out[row, O_UNIVERSITIES] = G[at + P_UNIVS_N]
        out[row, O_BUILDINGS] = G[at + P_BUILDINGS_N]
        out[row, O_BREAKS] = G[G_BREAKS]
        out[row, O_END_REASON] = G[G_END_REASON]
        out[row, O_POSITION] = q
    winners = 0
    for i in range(n):  # §13.3: the higher score, then more projects supported; still equal, a shared place
        rank = 1
        for o in range(n):
            if out[o, O_SCORE] > out[i, O_SCORE] or (out[o, O_SCORE] == out[i, O_SCORE]
                                                     and out[o, O_SUPPORTS] > out[i, O_SUPPORTS]):
                rank += 1
        out[i, O_RANK] = rank
        if rank == 1:
            winners += 1
    for i in range(n):
        out[i, O_WINNERS] = winners


@njit(cache=True)
def _score_in_play(R, appeal, cp):
    return min(appeal, R[R_MAX_APPEAL]) + R[R_CP_POINTS + min(max(cp, 0), R[R_MAX_CP])]


@njit(cache=True)
def _round_log(G, R, EV, first, log, appeal, cp):
    """log[r, policy index] = that player's score in play at the end of period r (module doc), from the events."""
    n = R[R_PLAYERS]
    for q in range(n):
        appeal[q] = R[R_START_APPEAL + q]
        cp[q] = 0
    r = 0
    pending = False
    for i in range(G[G_NEV]):
        kind = EV[i, 0]
        if kind == E_GAIN and EV[i, 1] >= 0:
            if EV[i, 2] == 0:
                appeal[EV[i, 1]] = EV[i, 4]
            elif EV[i, 2] == 4:
                cp[EV[i, 1]] = EV[i, 4]
        elif kind == E_BREAK:
            pending = True
        elif kind == E_TURN or kind == E_END:
            if pending or kind == E_END:
                if pending and kind == E_END and r < log.shape[0]:  # a break after the very last turn
                    for q in range(n):
                        log[r, (first + q) % n] = _score_in_play(R, appeal[q], cp[q])
                    r += 1
                if r < log.shape[0]:
                    for q in range(n):
                        log[r, (first + q) % n] = _score_in_play(R, appeal[q], cp[q])
                r += 1
                pending = False
            if kind == E_END:
                break


@njit(cache=True)
def _card_log(G, R, EV, first, log, turns, drawn, row):
    """log[k] = (policy index, card id, turn, round) of the k-th card played (module doc), from the events; returns
    the number of rows, or -1 when the game played more than log.shape[0] cards."""
    n = R[R_PLAYERS]
    limit = R[R_PROJECT_ROW_LIMIT]
    for q in range(n):
        turns[q] = 0
    for i in range(drawn.shape[0]):
        drawn[i] = 0
    row_n = 0
    breaks = 0
    k = 0
    for i in range(G[G_NEV]):
        kind = EV[i, 0]
        q = EV[i, 1]
        card = EV[i, 2]
        played = False
        if kind == E_TURN:
            turns[q] = EV[i, 3]
        elif kind == E_BREAK:
            breaks += 1
        elif kind == E_DRAW:
            if FIRST_BASE_ID <= card <= LAST_BASE_ID and EV[i, 3] == SOURCE_BASE_PILE:
                drawn[card - FIRST_BASE_ID] = 1
        elif kind == E_PLAY:
            played = card > 0 and q >= 0
        elif kind == E_SUPPORT:
            on_board = FIRST_BASE_ID <= card <= LAST_BASE_ID and drawn[card - FIRST_BASE_ID] == 0
            for j in range(row_n):
                if row[j] == card:
                    on_board = True
            if not on_board:
                for j in range(min(row_n, row.shape[0] - 1), 0, -1):
                    row[j] = row[j - 1]
                row[0] = card
                row_n = min(row_n + 1, limit)
                played = card > LAST_BASE_ID and card <= LAST_PROJECT_ID
        elif kind == E_END:
            break
        if played:
            if k >= log.shape[0]:
                return -1
            log[k, 0] = (first + q) % n
            log[k, 1] = card
            log[k, 2] = turns[q]
            log[k, 3] = breaks + 1
            k += 1
    return k


@njit(cache=True, inline="always")
def _seat(packed, seed, game_index, side, policy_ids, policy_params, seat_ids, seat_params):
    """The seats of a game (module doc): seat s gets policy index (first + s) % n, its code into seat_ids[s] and
    its parameters into seat_params[s]. Returns first."""
    n = packed[K_RULES + R_PLAYERS]
    first = first_seat(seed, game_index, n, packed[K_RANDOM_SEATS], side)
    for s in range(n):
        seat_ids[s] = policy_ids[(first + s) % n]
        for k in range(policy_params.shape[1]):
            seat_params[s, k] = policy_params[(first + s) % n, k]
    return first


@njit(cache=True, inline="always")
def _play_one(G, packed, EV, rng, side, seed, game_index, policy_ids, policy_params, seat_ids, seat_params, W, WR,
              out):
    """One whole game: the seats' policies (module doc), the game on stream (seed, game_index), the result rows
    by policy index. Returns 0, or the engine's G_UNSUPPORTED code if the game met a rule it does not play.
    Inlined into _play_many: a separate function linking the whole rule graph costs ~20 s of cold compile."""
    R = packed[K_RULES:]
    n = R[R_PLAYERS]
    first = _seat(packed, seed, game_index, side, policy_ids, policy_params, seat_ids, seat_params)
    for s in range(n):
        eg.set_seat_policy(G, s, seat_ids[s], seat_params[s], seed, game_index)
    seed_stream(rng, seed, game_index)
    eg.play_game_planned(G, R, EV, rng, W, WR)
    if G[G_UNSUPPORTED] != 0:
        return G[G_UNSUPPORTED]
    _results(G, R, first, out)
    return 0


@njit(cache=True)
def _scratch(n_params):
    """The work arrays a block's game loop (_play_many, _play_many_search) makes once: the logs' (appeal, cp, turns,
    drawn, project_row: _record's `logs`), then rng, side, seat_ids, seat_params, the planner's W and WR, out."""
    logs = (np.zeros(MAX_PLAYERS, np.int64), np.zeros(MAX_PLAYERS, np.int64), np.zeros(MAX_PLAYERS, np.int64),
            np.zeros(LAST_BASE_ID - FIRST_BASE_ID + 1, np.int64), np.zeros(MAX_LOG_ROW, np.int64))
    return (logs, np.zeros(4, np.uint64), np.zeros(4, np.uint64), np.zeros(MAX_PLAYERS, np.int64),
            np.zeros((MAX_PLAYERS, n_params)), np.zeros(planner.WORKSPACE, np.int64), np.zeros(8, np.uint64),
            np.zeros((MAX_PLAYERS, N_OUT), np.int64))


@njit(cache=True, inline="always")
def _record(g, G, packed, EV, out, rows, shares, round_scores, card_counts, card_rows, logs):
    """Game g of a block, played (out: its result rows), into the block: the rounds and cards logs where they are
    kept (round_scores, card_rows with columns; `logs` their work arrays, see _scratch), its result rows and win
    shares."""
    appeal, cp, turns, drawn, project_row = logs
    players = packed[K_RULES + R_PLAYERS]
    first = (players - out[0, O_POSITION]) % players  # policy index 0 sits at (0 - first) % players
    if round_scores.shape[1] > 0:
        _round_log(G, packed[K_RULES:], EV, first, round_scores[g], appeal, cp)
    if card_rows.shape[1] > 0:
        card_counts[g] = _card_log(G, packed[K_RULES:], EV, first, card_rows[g], turns, drawn, project_row)
    for i in range(players):
        row = g * players + i
        for k in range(N_OUT):
            rows[row, k] = out[i, k]
        shares[row] = 1.0 / out[i, O_WINNERS] if out[i, O_RANK] == 1 else 0.0


@njit(cache=True, nogil=True)
def _play_many(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores, card_counts,
               card_rows):
    """play_many's numba loop (no checks; see play_many). Returns the first game index the engine could not play
    to its end (G_UNSUPPORTED), or -1. A game with more cards than the cards log holds gets card_counts[g] = -1."""
    logging = round_scores.shape[1] > 0 or card_rows.shape[1] > 0
    G = np.zeros(G_SIZE, np.int64)
    EV = np.zeros((MAX_EVENTS if logging else 0, 6), np.int64)
    logs, rng, side, seat_ids, seat_params, W, WR, out = _scratch(policy_params.shape[1])
    for g in range(count):
        if _play_one(G, packed, EV, rng, side, seed, first_index + g, policy_ids, policy_params, seat_ids,
                     seat_params, W, WR, out) != 0 or G[G_OVERFLOW]:
            return first_index + g
        _record(g, G, packed, EV, out, rows, shares, round_scores, card_counts, card_rows, logs)
    return -1


@njit(cache=True, inline="always")
def _play_one_search(G, packed, EV, rng, side, seed, game_index, policy_ids, policy_params, heuristic_row, seat_ids,
                     seat_params, W, WR, S, SR, stats, alive, EXV, EVN, explain, timings, out):
    """_play_one with `search` seats (PROTOCOL.md 12): the game loop of engine.game's _play, where a search seat's
    turn is decided by search.search_turn (its script in the block, played as heuristic's plan) and a search seat
    otherwise plays as heuristic (its code and row in the block are heuristic's). Returns 0 or G_UNSUPPORTED."""
    R = packed[K_RULES:]
    n = R[R_PLAYERS]
    first = _seat(packed, seed, game_index, side, policy_ids, policy_params, seat_ids, seat_params)
    for s in range(n):
        if seat_ids[s] == policy_data.SEARCH:
            eg.set_seat_policy(G, s, policy_data.HEURISTIC, heuristic_row, seed, game_index)
        else:
            eg.set_seat_policy(G, s, seat_ids[s], seat_params[s], seed, game_index)
    seed_stream(rng, seed, game_index)
    search.new_game(S, heuristic_row)
    setup(G, R, EV, rng)
    while not G[G_GAME_OVER] and G[G_UNSUPPORTED] == 0:
        p = G[G_CURRENT]
        start_turn(G)
        if seat_ids[p] == policy_data.SEARCH:
            started = now() if timings.shape[0] > 0 else 0.0
            search.search_turn(G, R, EV, EVN, W, WR, S, SR, stats, alive, EXV, p, seat_params[p], explain)
            if timings.shape[0] > 0:
                record(timings, now() - started)
        elif G[G_POLICY + p] == policy_data.GREEDY or G[G_POLICY + p] == policy_data.HEURISTIC:
            plan_turn(G, R, EV, W, WR, p)
        push_turn(G, p, 0, WHOLE)
        run(G, R, EV, rng, 0)
        start_turn(G)
    if G[G_UNSUPPORTED] != 0:
        return G[G_UNSUPPORTED]
    _results(G, R, first, out)
    return 0


@njit(cache=True, nogil=True)
def _play_many_search(packed, seed, first_index, count, policy_ids, policy_params, heuristic_row, rows, shares,
                      round_scores, card_counts, card_rows, G, EV, explain, timings):
    """_play_many for lineups with a `search` seat (one compile of its own, so that the other policies' kernel keeps
    its compile time): G and EV (the event log: empty without the rounds and cards logs and tracing) are the caller's;
    `explain` writes the search's SEARCH rows (a traced game); a non-empty `timings` (search.clock) gets the seconds
    of every search decision. Returns as _play_many."""
    logs, rng, side, seat_ids, seat_params, W, WR, out = _scratch(policy_params.shape[1])
    S = np.zeros(search.S_SIZE, np.int64)
    SR = np.zeros(4, np.uint64)
    stats = np.zeros((policy_data.MAX_CANDIDATES, search.N_STATS))
    alive = np.zeros(policy_data.MAX_CANDIDATES, np.int64)
    EXV = np.zeros((search.EXPLAIN_EVENTS if explain else 0, 6), np.int64)
    EVN = np.zeros((0, 6), np.int64)
    for g in range(count):
        if _play_one_search(G, packed, EV, rng, side, seed, first_index + g, policy_ids, policy_params,
                            heuristic_row, seat_ids, seat_params, W, WR, S, SR, stats, alive, EXV, EVN, explain,
                            timings, out) != 0 or G[G_OVERFLOW]:
            return first_index + g
        _record(g, G, packed, EV, out, rows, shares, round_scores, card_counts, card_rows, logs)
    return -1


def _search_game(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores, card_counts,
                 card_rows, events: int = 0, explain: bool = False, timings=None):
    """_play_many_search with its own block and event log: (first failed game index or -1, G, EV)."""
    G = np.zeros(G_SIZE, np.int64)
    EV = new_events(events)
    heuristic_row = np.array(policy_data.params_row(policy_data.HEURISTIC), np.float64)
    failed = _play_many_search(packed, np.int64(seed), np.int64(first_index), np.int64(count), policy_ids,
                               policy_params, heuristic_row, rows, shares, round_scores, card_counts, card_rows, G,
                               EV, bool(explain), np.zeros(0) if timings is None else timings)
    return failed, G, EV


def check_policies(policy_ids: np.ndarray, policy_params: np.ndarray) -> np.ndarray:
    """The parameter rows the engine plays, before any game starts: an unknown policy id is refused; `greedy`'s row is
    its fixed one (policies.GREEDY_PARAMS) and uniform's and random's are the (unread) defaults, so that a spec
    without values never reaches the planner as a row of zero weights; heuristic's row is taken as given."""
    names = {v: k for k, v in POLICY_CODES.items()}
    ids = np.asarray(policy_ids).ravel()
    bad = [int(i) for i in ids if int(i) not in names]
    if bad:
        raise ZoosimError(f"unknown ark-nova policy id {bad[0]}; accepted: "
                          + ", ".join(f"{k} ({v})" for k, v in POLICY_CODES.items()))
    if policy_params.shape[1] < N_POLICY_PARAMS:
        raise ZoosimError(f"ark-nova policy rows need {N_POLICY_PARAMS} values, got {policy_params.shape[1]}")
    rows = np.array(policy_params, dtype=np.float64, copy=True)
    for i, code in enumerate(ids):
        if int(code) == policy_data.SEARCH:
            budget = rows[i, policy_data.SP_BUDGET]
            if not (budget >= 1 and float(budget).is_integer()):
                raise ZoosimError(f"ark-nova search: budget must be a whole number >= 1, got {budget:g}")
        elif int(code) != policy_data.HEURISTIC:
            rows[i, :N_POLICY_PARAMS] = policy_data.params_row(int(code))
    return rows


def play_many(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores,
              card_counts=None, card_rows=None) -> None:
    """Games first_index .. first_index + count - 1 (blocks.play_kernel_block's kernel; an event log only for the
    rounds or cards log): rows[g * players + i] and shares[...] get the results of the player of policy index i (O_*;
    O_POSITION says where it sat). round_scores is (count, width, players) for the rounds log (module doc) or (0, 0,
    players); card_counts (count,) and card_rows (count, MAX_CARD_ROWS, 4) int16 get the cards log (module doc:
    rows of CARD_COLUMNS, card_counts[g] of them, -1 for a game with more cards than the log holds), or are None.
    The numba loop releases the GIL: one call per thread on disjoint ranges. An unknown policy id is refused here,
    before any game (check_policies)."""
    policy_params = check_policies(policy_ids, policy_params)
    if card_rows is None:
        card_counts, card_rows = np.zeros(0, np.int64), np.zeros((0, 0, len(CARD_COLUMNS)), np.int16)
    if (np.asarray(policy_ids) == policy_data.SEARCH).any():
        logging = round_scores.shape[1] > 0 or card_rows.shape[1] > 0
        failed = _search_game(packed, seed, first_index, count, policy_ids, policy_params, rows, shares,
                              round_scores, card_counts, card_rows, MAX_EVENTS if logging else 0)[0]
    else:
        failed = _play_many(packed, np.int64(seed), np.int64(first_index), np.int64(count), policy_ids,
                            policy_params, rows, shares, round_scores, card_counts, card_rows)
    if failed >= 0:
        raise ZoosimError(f"ark-nova: game {failed} of seed {seed} reached a rule the engine does not play (or "
                          f"overflowed the event log)")


def policy_codes(policies) -> tuple[np.ndarray, np.ndarray]:
    """Codes and parameter rows by policy index from names or PolicySpecs (id, values)."""
    return named_policy_arrays(policies, POLICY_CODES, policy_data.params_row, N_POLICY_PARAMS, "ark-nova")


def play_traced(rules: Rules, players: int, policies, seed: int, game_index: int, events: int = MAX_EVENTS,
                explain: bool = False):
    """One game with its event log: (event rows as 6-tuples (PROTOCOL.md 7), result rows int64 [players, N_OUT]
    by policy index, the final state G). `policies` (names or PolicySpecs) are by policy index; `explain` adds the
    search seats' SEARCH rows (PROTOCOL.md 12)."""
    if len(policies) != players:
        raise ZoosimError(f"need one policy per seat ({players}), got {len(policies)}")
    codes, params = policy_codes(policies)
    params = check_policies(codes, params)
    packed = pack(rules, players)
    if (codes == policy_data.SEARCH).any():
        rows = np.zeros((players, N_OUT), np.int64)
        failed, G, EV = _search_game(packed, seed, game_index, 1, codes, params, rows, np.zeros(players),
                                     np.zeros((1, 0, players), np.int16), np.zeros(0, np.int64),
                                     np.zeros((0, 0, len(CARD_COLUMNS)), np.int16), events, explain)
        if failed >= 0:
            raise ZoosimError(f"ark-nova: game {game_index} of seed {seed} reached a rule the engine does not play "
                              f"(or more than {events} events)")
        return [tuple(int(v) for v in EV[i]) for i in range(int(G[G_NEV]))], rows, G
    G = np.zeros(G_SIZE, np.int64)
    EV = new_events(events)
    out = np.zeros((MAX_PLAYERS, N_OUT), np.int64)
    code = _play_one(G, packed, EV, np.zeros(4, np.uint64), np.zeros(4, np.uint64), np.int64(seed),
                     np.int64(game_index), codes, params, np.zeros(MAX_PLAYERS, np.int64),
                     np.zeros((MAX_PLAYERS, N_POLICY_PARAMS)), *planner.new_workspace(), out)
    if code != 0:
        raise ZoosimError(f"ark-nova: game {game_index} of seed {seed} reached a rule the engine does not play")
    if G[G_OVERFLOW]:
        raise ZoosimError(f"ark-nova play: more than {events} events")
    rows = [tuple(int(v) for v in EV[i]) for i in range(int(G[G_NEV]))]
    return rows, out[:players].copy(), G


def play_block(rules: Rules, players: int, policies, seed: int, first_index: int, count: int,
               threads: int = 1) -> np.ndarray:
    """Result rows [count * players, N_OUT] by game and policy index (see play_many), split over `threads` (the
    results do not depend on it: each game has its own streams). For tests and benchmarks; zoosim plays through
    the game's kernel (ark_nova GAME)."""
    codes, params = policy_codes(policies)
    return result_rows(play_many, pack(rules, players), players, codes, params, seed, first_index, count, N_OUT,
                       threads)


def search_timings(rules: Rules, players: int, policies, seed: int, first_index: int, count: int) -> np.ndarray:
    """Seconds of every search decision in games first_index .. + count - 1 on this thread (zoosim.search.clock)."""
    codes, params = policy_codes(policies)
    params = check_policies(codes, params)
    if not (codes == policy_data.SEARCH).any():
        raise ZoosimError("search_timings: no seat plays search")
    timings = new_timings(200 * count * players + 16)
    rows = np.zeros((count * players, N_OUT), np.int64)
    failed = _search_game(pack(rules, players), seed, first_index, count, codes, params, rows, np.zeros(count * players),
                          np.zeros((count, 0, players), np.int16), np.zeros(0, np.int64),
                          np.zeros((0, 0, len(CARD_COLUMNS)), np.int16), 0, False, timings)[0]
    if failed >= 0:
        raise ZoosimError(f"ark-nova: game {failed} of seed {seed} reached a rule the engine does not play")
    return recorded(timings)
