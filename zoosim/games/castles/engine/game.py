"""The Castles game loop in numba (PROTOCOL.md 4-5): an action, a round, a whole game from setup to final scoring;
reference.game.play_game plays the same game for the same (seed, game index), rules and policies, event row for
event row.

The state is the layout of engine.state (G, the castles CS, the rules R and RG, the event log EV, the generator
state rng); setup and refill are engine.setup's, placing and the completion rewards engine.rewards', the end
engine.end's. A seat of code UNIFORM or RANDOM draws its choices here; one of GREEDY or HEURISTIC is asked through
engine.greedy_heuristic.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.castles.engine import greedy_heuristic as PP
from zoosim.games.castles.engine.end import final_scoring
from zoosim.games.castles.engine.rewards import _act_options, _pay, _place, _resolve
from zoosim.games.castles.engine.setup import _refill, setup
from zoosim.games.castles.engine.state import (
    BUY_PIECE, BUY_ROOM, EXTRA_ACTION, G_CORR_USED, G_DS_USED, G_END, G_FINAL, G_FORCED, G_MB, G_MBPTS, G_MKT_C,
    G_MKT_N, G_MKT_T, G_N, G_NEV, G_OPT, G_OVERFLOW, G_PHASE, G_PL, G_PLAN_SET, G_QH, G_QT, G_ROUND, G_SEATCODE,
    G_SEATPOL, G_SLOT, G_SUP_H, G_SUP_S, G_TURNK, G_TURNS, GREEDY, PH_PRICE, PH_START, PH_TURNS, SEARCH, STOP_ACT,
    STOP_PRICE, STOP_ROUND, HALLWAY, OPT_PASS, OPT_PIECE, P_COMPL, P_MONEY, P_PASSES, P_PLACE, P_PTS_MB, P_START, P_TMB, PASS, PB,
    PRICE, RG_MAX_ROUNDS, RG_NSLOTS, RG_PASS, RG_PIECE, RG_PRICE, RG_SCOPE_ACTION, RG_UNSOLD, ROUND_END, ROUND_START,
    UPKEEP, _choose, _log,
)


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
    if G[G_FORCED] > 0:   # a search seat's first action: the option it chose (one of these n)
        code = G[G_FORCED] - 1
        G[G_FORCED] = 0
    elif G[G_SEATCODE + p] >= GREEDY and n > 1:
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
def play_on(G, CS, R, RG, PW, EV, rng, keys, opts, cbuf, stop):
    """Play on from where G says (G_PHASE, G_TURNK; a fresh game starts a round) to the end of the round
    (PROTOCOL.md 5: the MB moves on, upkeep and refill, pricing, every seat's turn, ROUND_END) and return STOP_ROUND.
    With `stop`, return STOP_PRICE before a search MB prices (a market to price) and STOP_ACT before a search seat's
    first action of its turn (more than one option), unless its choice was set (G_PLAN_SET, G_FORCED): the search
    decides outside the loop (search.py) and calls play_on again. The MB's placement and reward points of the round
    go to its points_as_master_builder."""
    n = G[G_N]
    if G[G_PHASE] == PH_START:
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
        G[G_MBPTS] = G[G_PL + mb * PB + P_PLACE] + G[G_PL + mb * PB + P_COMPL]
        for k in range(RG[RG_NSLOTS]):
            G[G_SLOT + k] = -1
        G[G_PHASE] = PH_PRICE
    mb = G[G_MB]
    if G[G_PHASE] == PH_PRICE:
        scripted = G[G_SEATCODE + mb] >= GREEDY and G[G_MKT_N] > 0
        if scripted and G[G_PLAN_SET] == 0:
            if stop and G[G_SEATCODE + mb] == SEARCH:
                return STOP_PRICE
            PP.price_plan(G, CS, R, RG, PW, mb)
        G[G_PLAN_SET] = 0
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
        G[G_PHASE] = PH_TURNS
        G[G_TURNK] = 1
    while G[G_TURNK] <= n:
        p = (mb + G[G_TURNK]) % n
        if stop and G[G_SEATCODE + p] == SEARCH and G[G_FORCED] == 0 and _act_options(G, CS, R, RG, p, 0) > 1:
            return STOP_ACT
        G[G_TURNK] += 1
        todo = _action(G, CS, R, RG, PW, EV, rng, p, 0, keys, opts, cbuf)
        while todo > 0:
            todo -= 1
            todo += _action(G, CS, R, RG, PW, EV, rng, p, 1, keys, opts, cbuf)
    G[G_PL + mb * PB + P_PTS_MB] += G[G_PL + mb * PB + P_PLACE] + G[G_PL + mb * PB + P_COMPL] - G[G_MBPTS]
    r = G[G_ROUND]
    reason = -1
    if G[G_FINAL]:
        reason = 0
    elif r >= RG[RG_MAX_ROUNDS]:
        reason = 1
    _log(G, EV, ROUND_END, -1, r, G[G_FINAL], reason, 0, 0)
    G[G_END] = reason
    G[G_PHASE] = PH_START
    return STOP_ROUND


@njit(cache=True, _nrt=False)
def record_round(G, round_log):
    """The rounds log: each policy index's points after the round just played (placement, rewards and start points;
    rounds past its width are not kept)."""
    r = G[G_ROUND]
    if r <= round_log.shape[0]:
        for p in range(G[G_N]):
            at = G_PL + p * PB
            round_log[r - 1, G[G_SEATPOL + p]] = G[at + P_START] + G[at + P_PLACE] + G[at + P_COMPL]


# ---------------------------------------------------------------- a game
@njit(cache=True, _nrt=False)
def play_game(G, CS, R, RG, EV, rng, policies, params, PW, keys, opts, cbuf, out, round_log):
    """A whole game on the stream `rng`: setup, rounds until the end, final scoring; returns the event rows.
    `policies` and `params` are by policy index (codes of castles.policies, parameter rows); `round_log` gets each
    policy index's points after every round (record_round). A search seat plays as heuristic here: its games are
    search.play_game's, which stops the loop at its decisions."""
    setup(G, CS, R, RG, EV, rng, policies, params, PW)
    while True:
        play_on(G, CS, R, RG, PW, EV, rng, keys, opts, cbuf, False)
        record_round(G, round_log)
        if G[G_END] >= 0 or G[G_OVERFLOW]:
            break
    final_scoring(G, CS, R, RG, out)
    return G[G_NEV]

