"""Castles final scoring in numba (PROTOCOL.md 7, spec §7): exhausted stacks, King's Favors with their ties,
bonus cards, money, ranks by (score, area), the per-seat result rows (O_*). State layout in engine.state.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.castles.engine import castle as EC
from zoosim.games.castles.engine import points as EP
from zoosim.games.castles.engine.state import (
    FOYER, G_END, G_FAV, G_N, G_NFAV, G_PL, G_ROUND, G_SCR, G_SEATPOL, G_STN, G_SUP_H, G_SUP_S,
    G_TURNS, HALLWAY, K_MONEY, K_MONEY_UNITS, K_SIZE, MAX_PLAYERS, N_ROOMS, N_TYPES, O_AREA, O_BLOCKED, O_BON,
    O_BY_TYPE, O_COMPL, O_COMPLETED, O_END, O_EXH, O_FAV, O_HALLWAYS, O_MMB, O_MONEY, O_MONEYPTS, O_PASSES, O_PLACE,
    O_POLICY, O_RANK, O_ROUNDS, O_SCORE, O_STAIRS, O_START, O_TMB, O_TURNS, O_WINNERS, PB, P_BONP, P_BONUS, P_BONUS_N,
    P_COMPL, P_EXH, P_FAVP, P_MMB, P_MONEY, P_MONEYPTS, P_PASSES, P_PLACE, P_START, P_TMB, RG_EXHAUST, RG_FAVPTS,
    RG_MONEY_PER_PT, RG_MONEY_UNIT, STAIRS, TL_SIZE, TL_TYPE, N_FAVORS, O_POSITION, O_PTS_MB, O_REFUSED,
    P_PTS_MB, RG_FAV, ALL_SIZES, ALL_TYPES, N_SIZES, RG_BKIND, RG_BON, RG_BUNIT,
)


# ---------------------------------------------------------------- the end (PROTOCOL.md 7)
@njit(cache=True, _nrt=False)
def card_points(RG, c, mv, add_type, add_size):
    """Bonus card c's points (§7.3) at metrics mv with one more room of type add_type and of size add_size (-1: none
    added)."""
    kind = RG[RG_BKIND + c]
    if kind == ALL_SIZES or kind == ALL_TYPES:
        base = EP.M_COUNT_BY_SIZE if kind == ALL_SIZES else EP.M_COUNT_BY_TYPE
        extra = add_size if kind == ALL_SIZES else add_type
        count = N_SIZES if kind == ALL_SIZES else N_TYPES
        for s in range(count):
            if mv[base + s] == 0 and s != extra:
                return 0
        return RG[RG_BUNIT + c]
    row = RG_BON + c * K_SIZE
    pts = 0
    for k in range(K_SIZE):
        pts += RG[row + k] * mv[k]
    if add_type >= 0:
        pts += RG[row + EP.M_COUNT_BY_TYPE + add_type]
    if add_size >= 0:
        pts += RG[row + EP.M_COUNT_BY_SIZE + add_size]
    return pts


@njit(cache=True, _nrt=False)
def final_scoring(G, CS, R, RG, out):
    """Exhausted stacks, favours, bonus cards, money; ranks by (score, area); per-seat rows into out (by position)."""
    n = G[G_N]
    FAV = RG[RG_FAV:RG_FAV + N_FAVORS * K_SIZE].reshape((N_FAVORS, K_SIZE))
    mv = G[G_SCR:G_SCR + MAX_PLAYERS * K_SIZE].reshape((MAX_PLAYERS, K_SIZE))
    for p in range(n):
        C = CS[p]
        at = G_PL + p * PB
        EP.castle_metrics(C, R, mv[p])
        money = G[at + P_MONEY]
        mv[p, K_MONEY] = money
        mv[p, K_MONEY_UNITS] = money // RG[RG_MONEY_UNIT]
        ex = 0
        for t in range(C[EC.H_N]):
            tile = C[EC.T_TILE + t]
            if tile == HALLWAY:
                ex += RG[RG_EXHAUST] * (G[G_SUP_H] == 0)
            elif tile == STAIRS:
                ex += RG[RG_EXHAUST] * (G[G_SUP_S] == 0)
            elif tile != FOYER:
                ex += RG[RG_EXHAUST] * (G[G_STN + TL_SIZE[tile]] == 0)
        G[at + P_EXH] = ex
        G[at + P_FAVP] = 0
    vals = G[G_SCR + MAX_PLAYERS * K_SIZE:G_SCR + MAX_PLAYERS * K_SIZE + MAX_PLAYERS]
    for i in range(G[G_NFAV]):
        f = G[G_FAV + i]
        for p in range(n):
            v = 0
            for k in range(K_SIZE):
                v += FAV[f, k] * mv[p, k]
            vals[p] = v
        place = 0
        done = G[G_SCR + MAX_PLAYERS * K_SIZE + MAX_PLAYERS:G_SCR + MAX_PLAYERS * (K_SIZE + 2)]
        for p in range(n):
            done[p] = 0
        while True:
            best = 0
            for p in range(n):
                if not done[p] and vals[p] > best:
                    best = vals[p]
            if best <= 0:
                break
            tied = 0
            for p in range(n):
                if vals[p] == best:
                    tied += 1
            s = 0
            for q in range(place, min(place + tied, n)):
                s += RG[RG_FAVPTS + q]
            for p in range(n):
                if vals[p] == best:
                    G[G_PL + p * PB + P_FAVP] += s // tied
                    done[p] = 1
            place += tied
    for p in range(n):
        at = G_PL + p * PB
        bp = 0
        for i in range(G[at + P_BONUS_N]):
            bp += card_points(RG, G[at + P_BONUS + i], mv[p], -1, -1)
        G[at + P_BONP] = bp
        G[at + P_MONEYPTS] = G[at + P_MONEY] // RG[RG_MONEY_PER_PT]
    for p in range(n):
        at = G_PL + p * PB
        C = CS[p]
        o = out[p]
        o[O_POLICY] = G[G_SEATPOL + p]
        o[O_START] = G[at + P_START]
        o[O_PLACE] = G[at + P_PLACE]
        o[O_COMPL] = G[at + P_COMPL]
        o[O_EXH] = G[at + P_EXH]
        o[O_FAV] = G[at + P_FAVP]
        o[O_BON] = G[at + P_BONP]
        o[O_MONEYPTS] = G[at + P_MONEYPTS]
        o[O_SCORE] = (o[O_START] + o[O_PLACE] + o[O_COMPL] + o[O_EXH] + o[O_FAV] + o[O_BON] + o[O_MONEYPTS])
        o[O_MONEY] = G[at + P_MONEY]
        o[O_AREA] = mv[p, EP.M_AREA]
        o[O_HALLWAYS] = mv[p, EP.M_HALLWAYS]
        o[O_STAIRS] = mv[p, EP.M_STAIRS]
        o[O_COMPLETED] = mv[p, EP.M_COMPLETED]
        o[O_BLOCKED] = mv[p, EP.M_BLOCKED]
        o[O_TMB] = G[at + P_TMB]
        o[O_MMB] = G[at + P_MMB]
        o[O_PTS_MB] = G[at + P_PTS_MB]
        o[O_POSITION] = p
        o[O_REFUSED] = C[EC.H_REFUSED]
        o[O_PASSES] = G[at + P_PASSES]
        o[O_ROUNDS] = G[G_ROUND]
        o[O_TURNS] = G[G_TURNS]
        o[O_END] = G[G_END]
        for k in range(N_TYPES):
            o[O_BY_TYPE + k] = 0
        for t in range(C[EC.H_N]):
            tile = C[EC.T_TILE + t]
            if tile < N_ROOMS:
                o[O_BY_TYPE + TL_TYPE[tile]] += 1
    for p in range(n):
        r = 1
        for q in range(n):
            if (out[q, O_SCORE] > out[p, O_SCORE]
                    or (out[q, O_SCORE] == out[p, O_SCORE] and out[q, O_AREA] > out[p, O_AREA])):
                r += 1
        out[p, O_RANK] = r
    winners = 0
    for p in range(n):
        winners += out[p, O_RANK] == 1
    for p in range(n):
        out[p, O_WINNERS] = winners
