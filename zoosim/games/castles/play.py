"""The Castles game loop in numba: setup, rounds, turns, rewards, the end (PROTOCOL.md 3-8), playing the games
reference.play_game plays for the same (seed, game index), rules and policies, event row for event row.

State: one int64 block `G` (offsets G_* and per-player P_* rows at G_PL + p * PB), the players' castle blocks
(rows of `CS`, engine_castle), the game's rules `RG` (offsets RG_*, per-player-count values already resolved by
`game_rules`) beside the castle's `R` (engine_castle.rules_array), the generator state (core.rng) and the event
log `EV` (rows of PROTOCOL.md 9, [kind, player, a, b, c, d, e]). Policies: UNIFORM (§9.1) and RANDOM (PROTOCOL.md 8)
by seat. `play_traced` returns the events and the per-seat results (tests compare them with the reference's).

Parts: play_state (layout RG_/G_/P_/O_, game_rules, card_tables), play_setup (setup, refill), play_rewards
(placing, the eight rewards, the completion queue), play_end (final scoring); this module: turns, rounds, whole
games (play_game, play_traced, play_many, play_block) and the public names (__all__).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import seed_stream
from zoosim.core.threads import run_in_threads
from zoosim.errors import ZoosimError
from zoosim.games.castles import engine_castle as EC
from zoosim.games.castles import engine_legal as EL
from zoosim.games.castles import play_policies as PP
from zoosim.games.castles.play_end import final_scoring
from zoosim.games.castles.play_rewards import _act_options, _pay, _place, _resolve
from zoosim.games.castles.play_setup import _refill, setup
from zoosim.games.castles.play_state import (
    ALL_NONE, ALL_SIZES, ALL_TYPES, BONUS_DRAW, BONUS_RETURN, BUY_PIECE, BUY_ROOM, CARD_EMPTY, COMPLETE, EXTRA_ACTION,
    FAVOR, G_CORR_USED, G_DS_USED, G_END, G_FINAL, G_MB, G_MKT_C, G_MKT_N, G_MKT_T, G_N, G_NEV, G_OPT, G_OVERFLOW,
    G_PL, G_QH, G_QT, G_ROUND, G_SEATPOL, G_SIZE, G_SLOT, G_SUP_H, G_SUP_S, G_TURNS, HALLWAY, K_MONEY, K_MONEY_UNITS,
    K_SIZE, LIVING_TARGET, MARKET_IN, MAX_EVENTS, MAX_PLAYERS, N_OUT, N_SIZES, N_TYPES, OPT_PASS, OPT_PIECE, O_AREA,
    O_BLOCKED, O_BON, O_BY_TYPE, O_COMPL, O_COMPLETED, O_END, O_EXH, O_FAV, O_HALLWAYS, O_MMB, O_MONEY, O_MONEYPTS,
    O_PASSES, O_PLACE, O_POLICY, O_RANK, O_ROUNDS, O_SCORE, O_STAIRS, O_START, O_TMB, O_TURNS, O_WINNERS, PASS, PB,
    PLACE, POLICY_CODES, PRICE, P_MONEY, P_PASSES, P_TMB, RANDOM, REWARD, RG_MAX_ROUNDS, RG_N, RG_NSLOTS, RG_PASS,
    RG_PIECE, RG_PRICE, RG_SCOPE_ACTION, RG_UNSOLD, ROUND_END, ROUND_START, SCORE, SEATS, SLEEPING_TAKE, UNIFORM,
    UPKEEP, _choose, _log, card_tables, game_rules, DEFAULT_PARAMS, GREEDY, G_SEATCODE, N_POLICY_PARAMS, P_COMPL,
    P_PLACE, P_PTS_MB, P_START, O_POSITION, O_PTS_MB, O_REFUSED, HEURISTIC,
)
from zoosim.games.castles.rules import Rules

__all__ = [
    "ALL_NONE", "ALL_SIZES", "ALL_TYPES", "BONUS_DRAW", "BONUS_RETURN", "BUY_PIECE", "BUY_ROOM", "CARD_EMPTY",
    "COMPLETE", "EXTRA_ACTION", "FAVOR", "K_MONEY", "K_MONEY_UNITS", "K_SIZE", "LIVING_TARGET", "MARKET_IN",
    "MAX_EVENTS", "MAX_PLAYERS", "N_OUT", "N_SIZES", "N_TYPES", "O_AREA", "O_BLOCKED", "O_BON",
    "O_BY_TYPE", "O_COMPL", "O_COMPLETED", "O_END", "O_EXH", "O_FAV", "O_HALLWAYS", "O_MMB",
    "O_MONEY", "O_MONEYPTS", "O_PASSES", "O_PLACE", "O_POLICY", "O_RANK", "O_ROUNDS", "O_SCORE",
    "O_STAIRS", "O_START", "O_TMB", "O_TURNS", "O_WINNERS", "PASS", "PLACE", "POLICY_CODES",
    "PRICE", "Pack", "RANDOM", "REWARD", "ROUND_END", "ROUND_START", "SCORE", "SEATS",
    "SLEEPING_TAKE", "UNIFORM", "UPKEEP", "GREEDY", "HEURISTIC", "O_POSITION", "O_PTS_MB", "O_REFUSED", "pack",
    "policy_arrays", "card_tables", "final_scoring", "game_rules", "play_block", "play_game",
    "play_many", "play_round", "play_traced", "setup",
]


# ---------------------------------------------------------------- turns and rounds (PROTOCOL.md 4-5)
@njit(cache=True, _nrt=False)
def _action(G, CS, R, RG, PW, EV, rng, p, extra, keys, opts, cbuf):
    """One action of seat p (PROTOCOL.md 5 'A turn') and its completions; returns the food extras earned."""
    if RG[RG_SCOPE_ACTION] or not extra:
        G[G_CORR_USED] = 0
        G[G_DS_USED] = 0
    G[G_TURNS] += 1
    if extra:
        _log(G, EV, EXTRA_ACTION, p, 0, 0, 0, 0, 0)
    n = _act_options(G, CS, R, RG, p, extra)
    G[PP.MEMO_TILE] = -1
    if n == 0:
        return 0
    if G[G_SEATCODE + p] >= GREEDY and n > 1:
        code = G[G_OPT + PP.act_choice(G, CS, R, RG, PW, p, n, keys, opts)]
    else:
        code = G[G_OPT + _choose(rng, n)]
    at = G_PL + p * PB
    G[G_QH] = 0
    G[G_QT] = 0
    if code == OPT_PASS:
        G[at + P_MONEY] += RG[RG_PASS]
        G[at + P_PASSES] += 1
        _log(G, EV, PASS, p, RG[RG_PASS], extra, 0, 0, 0)
        return 0
    if code >= OPT_PIECE:
        piece = code - OPT_PIECE
        if piece == HALLWAY:
            G[G_SUP_H] -= 1
        else:
            G[G_SUP_S] -= 1
        payee = _pay(G, p, RG[RG_PIECE])
        _log(G, EV, BUY_PIECE, p, piece, RG[RG_PIECE], 0, 0, payee)
        _place(G, CS, R, RG, PW, EV, rng, p, piece, keys, opts, cbuf)
    else:
        slot = code
        tile = G[G_SLOT + slot]
        price = RG[RG_PRICE + slot]
        coins = 0
        w = 0
        for i in range(G[G_MKT_N]):
            if G[G_MKT_T + i] == tile:
                coins = G[G_MKT_C + i]
            else:
                G[G_MKT_T + w] = G[G_MKT_T + i]
                G[G_MKT_C + w] = G[G_MKT_C + i]
                w += 1
        G[G_MKT_N] = w
        G[G_SLOT + slot] = -1
        G[at + P_MONEY] += coins
        payee = _pay(G, p, price)
        _log(G, EV, BUY_ROOM, p, tile, slot, price, coins, payee)
        _place(G, CS, R, RG, PW, EV, rng, p, tile, keys, opts, cbuf)
    return _resolve(G, CS, R, RG, PW, EV, rng, p, keys, opts, cbuf)


@njit(cache=True, _nrt=False)
def play_round(G, CS, R, RG, PW, EV, rng, keys, opts, cbuf):
    """One round (PROTOCOL.md 5): the MB moves on, upkeep and refill, pricing, every seat's turn, ROUND_END. The
    MB's placement and reward points of the round go to its points_as_master_builder."""
    n = G[G_N]
    G[G_ROUND] += 1
    r = G[G_ROUND]
    if r > 1:
        G[G_MB] = (G[G_MB] + 1) % n
    mb = G[G_MB]
    _log(G, EV, ROUND_START, -1, r, mb, 0, 0, 0)
    if r > 1:
        inc = RG[RG_UNSOLD]
        for i in range(G[G_MKT_N]):
            G[G_MKT_C + i] += inc
        _log(G, EV, UPKEEP, -1, G[G_MKT_N], inc, 0, 0, 0)
        _refill(G, RG, EV)
    G[G_PL + mb * PB + P_TMB] += 1
    mb_points = G[G_PL + mb * PB + P_PLACE] + G[G_PL + mb * PB + P_COMPL]
    for k in range(RG[RG_NSLOTS]):
        G[G_SLOT + k] = -1
    scripted = G[G_SEATCODE + mb] >= GREEDY and G[G_MKT_N] > 0
    if scripted:
        PP.price_plan(G, CS, R, RG, PW, mb)
    for i in range(G[G_MKT_N]):
        tile = G[G_MKT_T + i]
        nf = 0
        for k in range(RG[RG_NSLOTS]):
            if G[G_SLOT + k] < 0:
                nf += 1
        q = PP.price_choice(G, RG, i) if scripted and nf > 1 else _choose(rng, nf)
        slot = -1
        for k in range(RG[RG_NSLOTS]):
            if G[G_SLOT + k] < 0:
                if q == 0:
                    slot = k
                    break
                q -= 1
        G[G_SLOT + slot] = tile
        _log(G, EV, PRICE, mb, tile, slot, RG[RG_PRICE + slot], 0, 0)
    for k in range(1, n + 1):
        p = (mb + k) % n
        todo = _action(G, CS, R, RG, PW, EV, rng, p, 0, keys, opts, cbuf)
        while todo > 0:
            todo -= 1
            todo += _action(G, CS, R, RG, PW, EV, rng, p, 1, keys, opts, cbuf)
    G[G_PL + mb * PB + P_PTS_MB] += G[G_PL + mb * PB + P_PLACE] + G[G_PL + mb * PB + P_COMPL] - mb_points
    reason = -1
    if G[G_FINAL]:
        reason = 0
    elif r >= RG[RG_MAX_ROUNDS]:
        reason = 1
    _log(G, EV, ROUND_END, -1, r, G[G_FINAL], reason, 0, 0)
    G[G_END] = reason


# ---------------------------------------------------------------- a game, many games
@njit(cache=True, _nrt=False)
def play_game(G, CS, R, RG, EV, rng, policies, params, PW, keys, opts, cbuf, out, round_log):
    """A whole game on the stream `rng`: setup, rounds until the end, final scoring; returns the event rows.
    `policies` and `params` are by policy index (codes of castles.policies, parameter rows); `round_log` gets each
    policy index's points after every round (placement, rewards and start points; rounds past its width are not
    kept)."""
    setup(G, CS, R, RG, EV, rng, policies, params, PW)
    n = G[G_N]
    while True:
        play_round(G, CS, R, RG, PW, EV, rng, keys, opts, cbuf)
        r = G[G_ROUND]
        if r <= round_log.shape[0]:
            for p in range(n):
                at = G_PL + p * PB
                round_log[r - 1, G[G_SEATPOL + p]] = G[at + P_START] + G[at + P_PLACE] + G[at + P_COMPL]
        if G[G_END] >= 0 or G[G_OVERFLOW]:
            break
    final_scoring(G, CS, R, RG, out)
    return G[G_NEV]


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


def pack(rules: Rules, players: int) -> np.ndarray:
    """The kernel's one int64 array for (rules, players): [castle block length, R (engine_castle), RG (play_state)]."""
    return np.concatenate([[EC.castle_size(rules.grid_size)], EC.rules_array(rules), game_rules(rules, players)])


def policy_arrays(policies) -> tuple[np.ndarray, np.ndarray]:
    """Codes and parameter rows by policy index from names (heuristic at its defaults) or PolicySpecs (id, values)."""
    codes = np.zeros(len(policies), np.int64)
    params = np.zeros((len(policies), N_POLICY_PARAMS))
    for i, policy in enumerate(policies):
        if isinstance(policy, str):
            if policy not in POLICY_CODES:
                raise ZoosimError(f"unknown castles policy {policy!r} (accepted: {', '.join(POLICY_CODES)})")
            codes[i] = POLICY_CODES[policy]
            params[i] = DEFAULT_PARAMS
        else:
            codes[i] = policy.id
            params[i, :len(policy.values)] = policy.values
    return codes, params


def play_traced(rules: Rules, players: int, policies, seed: int, game_index: int, pack: Pack | None = None):
    """One game: (events as a list of 7-tuples, per-seat result rows int64 [players, N_OUT] by position from the
    first MB). `policies` (names or PolicySpecs) are by policy index, rotated over the seats by first_mb."""
    if len(policies) != players:
        raise ZoosimError(f"need one policy per seat ({players}), got {len(policies)}")
    pk = pack if pack is not None else Pack(rules, players)
    codes, params = policy_arrays(policies)
    seed_stream(pk.rng, seed, game_index)
    n = play_game(pk.G, pk.CS, pk.R, pk.RG, pk.EV, pk.rng, codes, params, pk.PW, pk.keys, pk.opts, pk.cbuf, pk.out,
                  pk.no_log)
    if pk.G[G_OVERFLOW]:
        raise ZoosimError(f"castles play: more than {MAX_EVENTS} events")
    events = [tuple(int(v) for v in row) for row in pk.EV[:n]]
    return events, pk.out[:players].copy()


@njit(cache=True, nogil=True)
def play_many(packed, seed, first_index, count, policy_ids, policy_params, rows, shares, round_scores):
    """Games first_index .. first_index + count - 1 without an event log (blocks.play_kernel_block's kernel):
    rows[g * players + i] and shares[...] get the results of the player of policy index i (O_*; O_POSITION says
    where it sat). round_scores is (count, rounds, players) for the rounds log or (0, 0, players). Releases the GIL:
    one call per thread on disjoint ranges."""
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
    for g in range(count):
        seed_stream(rng, seed, first_index + g)
        log = round_scores[g] if round_scores.shape[1] > 0 else no_log
        play_game(G, CS, R, RG, EV, rng, policy_ids, policy_params, PW, keys, opts, cbuf, out, log)
        for p in range(players):
            row = g * players + out[p, O_POLICY]
            for k in range(N_OUT):
                rows[row, k] = out[p, k]
            shares[row] = 1.0 / out[p, O_WINNERS] if out[p, O_RANK] == 1 else 0.0


def play_block(rules: Rules, players: int, policies, seed: int, first_index: int, count: int,
               threads: int = 1) -> np.ndarray:
    """Result rows [count * players, N_OUT] by game and policy index (see play_many), split over `threads` (the
    results do not depend on it: each game has its own stream). For tests and benchmarks; zoosim plays through
    the game's kernel (castles GAME)."""
    if len(policies) != players:
        raise ZoosimError(f"need one policy per seat ({players}), got {len(policies)}")
    codes, params = policy_arrays(policies)
    rows = np.zeros((count * players, N_OUT), np.int64)
    shares = np.zeros(count * players)
    run_in_threads(play_many, pack(rules, players), seed, first_index, count, codes, params, rows, shares, players,
                   threads, np.zeros((0, 0, players), np.int16))
    return rows
