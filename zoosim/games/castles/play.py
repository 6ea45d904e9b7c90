"""The Castles engine's entry for the simulation layer: `play_many` (the nogil kernel blocks.play_kernel_block runs on
thread ranges), `pack` (its one int64 array of the rules), `play_traced` (one game with its event rows, for replay and
the differential tests) and `play_block` (result rows, for tests and benchmarks).

The game itself is engine.game's (turns, rounds, a whole game) on engine.state's layout; a seat's result row holds
the columns O_* of engine.state, the first four (score, rank, rounds, turns) and from O_START on the log's own
columns (castles.columns).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from zoosim.core.rng import seed_stream
from zoosim.errors import ZoosimError
from zoosim.games.base import PolicySpec
from zoosim.games.blocks import named_policy_arrays, result_rows
from zoosim.games.castles.engine import castle as EC
from zoosim.games.castles.engine import legal as EL
from zoosim.games.castles.engine.game import play_game
from zoosim.games.castles.engine.state import (
    DEFAULT_PARAMS, G_OVERFLOW, G_SIZE, MAX_EVENTS, MAX_PLAYERS, N_OUT, N_POLICY_PARAMS, O_POLICY, O_RANK, O_ROUNDS,
    O_SCORE, O_START, O_TURNS, O_WINNERS, POLICY_CODES, RG_N, SEARCH, game_rules,
)
from zoosim.games.castles import search as S
from zoosim.games.castles.policies import SEARCH_DEFAULTS
from zoosim.games.castles.rules import Rules
from zoosim.search.clock import new_timings, recorded
from zoosim.search.halving import N_STATS

# the result offsets blocks.play_kernel_block reads (O_START: the first of castles.columns)
__all__ = ["N_OUT", "O_RANK", "O_ROUNDS", "O_SCORE", "O_START", "O_TURNS", "Pack", "pack", "play_block", "play_many",
           "play_traced", "search_timings"]


class Pack:
    """Everything a traced game needs for one (rules, players): arrays built once, reused across games."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules, self.players = rules, players
        self.R = EC.rules_array(rules)
        self.RG = game_rules(rules, players)
        self.G = np.zeros(G_SIZE, np.int64)
        self.CS = np.zeros((MAX_PLAYERS, EC.castle_size(rules.grid_size)), np.int64)
        self.EV = np.zeros((MAX_EVENTS, 7), np.int64)
        self.PW = np.zeros((MAX_PLAYERS, N_POLICY_PARAMS))
        self.keys = np.zeros(EL.KEYS_SIZE, np.int64)
        self.opts = np.zeros((EC.MAX_CANDIDATES, 4), np.int64)
        self.cbuf = np.zeros(2 * EC.MAX_TILES, np.int64)
        self.out = np.zeros((MAX_PLAYERS, N_OUT), np.int64)
        self.rng = np.zeros(4, np.uint64)
        self.no_log = np.zeros((0, MAX_PLAYERS), np.int16)
        self._workspace: S.Workspace | None = None

    def workspace(self) -> S.Workspace:
        """The search's workspace (search.Workspace), made on first use."""
        if self._workspace is None:
            self._workspace = S.Workspace(self.CS.shape[1])
        return self._workspace


def pack(rules: Rules, players: int) -> np.ndarray:
    """The kernel's one int64 array for (rules, players): [castle block length, R (engine.castle), RG
    (engine.state)]."""
    return np.concatenate([[EC.castle_size(rules.grid_size)], EC.rules_array(rules), game_rules(rules, players)])


def _policy_arrays(policies: Sequence[PolicySpec | str]) -> tuple[np.ndarray, np.ndarray]:
    """Codes and parameter rows by policy index from names (heuristic and search at their defaults) or PolicySpecs
    (id, values)."""
    return named_policy_arrays(policies, POLICY_CODES, lambda code: _SEARCH_ROW if code == SEARCH else DEFAULT_PARAMS,
                               N_POLICY_PARAMS, "castles")


_SEARCH_ROW = np.zeros(N_POLICY_PARAMS)
_SEARCH_ROW[:len(SEARCH_DEFAULTS)] = SEARCH_DEFAULTS


def play_traced(rules: Rules, players: int, policies: Sequence[PolicySpec | str], seed: int, game_index: int,
                pack: Pack | None = None) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """One game: (events as a list of 7-tuples, per-seat result rows int64 [players, N_OUT] by position from the
    first MB). `policies` (names or PolicySpecs) are by policy index, rotated over the seats by first_mb."""
    if len(policies) != players:
        raise ZoosimError(f"need one policy per seat ({players}), got {len(policies)}")
    pk = pack if pack is not None else Pack(rules, players)
    codes, params = _policy_arrays(policies)
    seed_stream(pk.rng, seed, game_index)
    if (codes == SEARCH).any():
        w = pk.workspace()
        n = S.play_game(pk.G, pk.CS, pk.R, pk.RG, pk.EV, pk.rng, codes, params, pk.PW, pk.keys, pk.opts, pk.cbuf,
                        pk.out, pk.no_log, seed, game_index, w.WG, w.WCS, w.WPW, w.EV0, w.rs, w.out, w.info, w.cand,
                        w.plans, w.vals, w.stats, w.alive, w.scratch, w.fp, w.decisions, _NO_TIMINGS)
    else:
        n = play_game(pk.G, pk.CS, pk.R, pk.RG, pk.EV, pk.rng, codes, params, pk.PW, pk.keys, pk.opts, pk.cbuf,
                      pk.out, pk.no_log)
    if pk.G[G_OVERFLOW]:
        raise ZoosimError(f"castles play: more than {MAX_EVENTS} events")
    events = [tuple(int(v) for v in row) for row in pk.EV[:n]]
    return events, pk.out[:players].copy()


@njit(cache=True, nogil=True)
def _block_arrays(packed):
    """The rules (R, RG: views of `packed`) and the arrays a block of games reuses (made once per play_many call):
    (castle_len, R, RG, players, G, CS, EV (no rows: no log), rng, PW, keys, opts, cbuf, out, no_log)."""
    castle_len = packed[0]
    R = packed[1:1 + EC.R_SIZE]
    RG = packed[1 + EC.R_SIZE:]
    players = RG[RG_N]
    G = np.zeros(G_SIZE, np.int64)
    CS = np.zeros((MAX_PLAYERS, castle_len), np.int64)
    EV = np.zeros((0, 7), np.int64)
    rng = np.zeros(4, np.uint64)
    PW = np.zeros((MAX_PLAYERS, N_POLICY_PARAMS))
    keys = np.zeros(EL.KEYS_SIZE, np.int64)
    opts = np.zeros((EC.MAX_CANDIDATES, 4), np.int64)
    cbuf = np.zeros(2 * EC.MAX_TILES, np.int64)
    out = np.zeros((MAX_PLAYERS, N_OUT), np.int64)
    no_log = np.zeros((0, MAX_PLAYERS), np.int16)
    return castle_len, R, RG, players, G, CS, EV, rng, PW, keys, opts, cbuf, out, no_log


@njit(cache=True, nogil=True)
def play_many_plain(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores):
    """Games first_index .. first_index + count - 1 without an event log, no seat searching (play_many's kernel)."""
    castle_len, R, RG, players, G, CS, EV, rng, PW, keys, opts, cbuf, out, no_log = _block_arrays(packed)
    for g in range(count):
        seed_stream(rng, seed, first_index + g)
        log = round_scores[g] if round_scores.shape[1] > 0 else no_log
        play_game(G, CS, R, RG, EV, rng, policy_ids, policy_params, PW, keys, opts, cbuf, out, log)
        _result_rows(out, players, g, rows, shares)


@njit(cache=True, _nrt=False)
def _result_rows(out, players, g, rows, shares):
    for p in range(players):
        row = g * players + out[p, O_POLICY]
        for k in range(N_OUT):
            rows[row, k] = out[p, k]
        shares[row] = 1.0 / out[p, O_WINNERS] if out[p, O_RANK] == 1 else 0.0


@njit(cache=True, nogil=True)
def play_many_search(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores,
                     timings):
    """play_many's kernel when a seat searches (search.play_game; its workspace made once per call); `timings`
    (zoosim.search.clock, empty: off) gets each search decision's seconds."""
    castle_len, R, RG, players, G, CS, EV, rng, PW, keys, opts, cbuf, out, no_log = _block_arrays(packed)
    WG = np.zeros(G_SIZE, np.int64)
    WCS = np.zeros((MAX_PLAYERS, castle_len), np.int64)
    WPW = np.zeros((MAX_PLAYERS, N_POLICY_PARAMS))
    rs = np.zeros(4, np.uint64)
    out2 = np.zeros((MAX_PLAYERS, N_OUT), np.int64)
    info = np.zeros(8, np.int64)
    cand = np.zeros(S.MAX_CANDIDATES, np.int64)
    plans = np.zeros((S.MAX_CANDIDATES, 16), np.int64)
    vals = np.zeros(S.MAX_CANDIDATES + 4)
    stats = np.zeros((S.MAX_CANDIDATES, N_STATS))
    alive = np.zeros(S.MAX_CANDIDATES, np.int64)
    scratch = np.zeros(256, np.int64)
    fp = np.zeros(4)
    decisions = np.zeros(MAX_PLAYERS, np.int64)
    for g in range(count):
        seed_stream(rng, seed, first_index + g)
        log = round_scores[g] if round_scores.shape[1] > 0 else no_log
        S.play_game(G, CS, R, RG, EV, rng, policy_ids, policy_params, PW, keys, opts, cbuf, out, log, seed,
                    first_index + g, WG, WCS, WPW, EV, rs, out2, info, cand, plans, vals, stats, alive, scratch, fp,
                    decisions, timings)
        _result_rows(out, players, g, rows, shares)


_NO_TIMINGS = np.zeros(0)


def play_many(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores):
    """Games first_index .. first_index + count - 1 without an event log (blocks.play_kernel_block's kernel):
    rows[g * players + i] and shares[...] get the results of the player of policy index i (O_*; O_POSITION says
    where it sat). round_scores is (count, rounds, players) for the rounds log or (0, 0, players). The kernels release
    the GIL: one call per thread on disjoint ranges. A lineup with a search seat plays play_many_search (compiled only
    when first asked for), any other play_many_plain."""
    if (np.asarray(policy_ids) == SEARCH).any():
        play_many_search(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores,
                         _NO_TIMINGS)
    else:
        play_many_plain(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores)


def search_timings(rules: Rules, players: int, policies: Sequence[PolicySpec | str], seed: int, first_index: int,
                   count: int) -> np.ndarray:
    """Seconds of every search decision of games first_index .. first_index + count - 1 on one thread
    (zoosim.search.clock; an empty array without a search seat)."""
    codes, params = _policy_arrays(policies)
    timings = new_timings(400 * count)
    rows = np.zeros((count * players, N_OUT), np.int64)
    shares = np.zeros(count * players)
    play_many_search(pack(rules, players), seed, first_index, count, codes, params, rows, shares,
                     np.zeros((0, 0, players), np.int16), timings)
    return recorded(timings)


def play_block(rules: Rules, players: int, policies: Sequence[PolicySpec | str], seed: int, first_index: int,
               count: int, threads: int = 1) -> np.ndarray:
    """Result rows [count * players, N_OUT] by game and policy index (see play_many), split over `threads` (the
    results do not depend on it: each game has its own stream). For tests and benchmarks; zoosim plays through
    the game's kernel (castles GAME)."""
    codes, params = _policy_arrays(policies)
    return result_rows(play_many, pack(rules, players), players, codes, params, seed, first_index, count, N_OUT,
                       threads)
