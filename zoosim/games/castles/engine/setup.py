"""Castles setup and the market refill in numba (PROTOCOL.md 3, spec §2, §3.2): the board, the bonus hands, the
favours in play, the deck and the market. State layout in engine.state.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.rng import below, shuffle
from zoosim.games.castles.engine import castle as EC
from zoosim.games.castles.engine.greedy_heuristic import keep_choice
from zoosim.games.castles.engine.state import (
    BONUS_DRAW, BONUS_RETURN, CARD_EMPTY, FAVOR, G_BD, G_BD_N, G_DECK, G_DECK_HEAD, G_DECK_N, G_FAV, G_FINAL, G_HAND,
    G_MKT_C, G_MKT_N, G_MKT_T, G_N, G_NFAV, G_PEND, G_PEND_N, G_PL, G_SCR, G_SEATCODE, G_SEATPOL, G_SLOT, G_STK, G_STN, G_SUP_H,
    G_SUP_S, MARKET_IN, MAX_SLOTS, MAX_STACK, N_BONUS, N_FAVORS, N_SIZES, PB, P_BONUS, P_BONUS_N, P_MONEY, P_START,
    RG_BDEAL, RG_BKEEP, RG_COMP, RG_DECK_KEEP, RG_EXCL, RG_FIRST_RANDOM, RG_HALL, RG_LARGE, RG_MKT, RG_N, RG_NFAV_PLAY,
    RG_SKIP, RG_SMALL, RG_STAIRS, RG_START_MONEY, RG_START_PTS, SEATS, SIZE_TILES, SMALL_SIZE, GREEDY_PARAMS, GREEDY, N_POLICY_PARAMS, _choose,
    DEFAULT_PARAMS, SEARCH,
    _log,
)


# ---------------------------------------------------------------- setup (PROTOCOL.md 3)
@njit(cache=True, _nrt=False)
def _draw_bonus(G, CS, R, RG, EV, rng, p, draw, keep):
    """Draw `draw` cards (fewer if short), give back all but `keep` (hook keep_bonus) to the bottom."""
    n = min(draw, G[G_BD_N])
    for i in range(n):
        G[G_HAND + i] = G[G_BD + i]
        _log(G, EV, BONUS_DRAW, p, G[G_BD + i], 0, 0, 0, 0)
    m = G[G_BD_N] - n
    for i in range(m):
        G[G_BD + i] = G[G_BD + n + i]
    G[G_BD_N] = m
    h = n
    while h > keep:
        k = keep_choice(G, CS, R, RG, p, h, G_HAND) if G[G_SEATCODE + p] >= GREEDY else _choose(rng, h)
        c = G[G_HAND + k]
        for i in range(k, h - 1):
            G[G_HAND + i] = G[G_HAND + i + 1]
        h -= 1
        G[G_BD + G[G_BD_N]] = c
        G[G_BD_N] += 1
        _log(G, EV, BONUS_RETURN, p, c, 0, 0, 0, 0)
    at = G_PL + p * PB
    for i in range(h):
        G[at + P_BONUS + G[at + P_BONUS_N]] = G[G_HAND + i]
        G[at + P_BONUS_N] += 1


@njit(cache=True, _nrt=False)
def _refill(G, RG, EV):
    """PROTOCOL.md 5 Refill: pending tiles first, then room cards; an empty deck makes the round the last."""
    empty = RG[RG_MKT] - G[G_MKT_N]
    while empty > 0 and G[G_PEND_N] > 0:
        tile = G[G_PEND]
        for i in range(G[G_PEND_N] - 1):
            G[G_PEND + i] = G[G_PEND + i + 1]
        G[G_PEND_N] -= 1
        G[G_MKT_T + G[G_MKT_N]] = tile
        G[G_MKT_C + G[G_MKT_N]] = 0
        G[G_MKT_N] += 1
        _log(G, EV, MARKET_IN, -1, tile, 1, 0, 0, 0)
        empty -= 1
    while empty > 0 and G[G_DECK_N] > 0:
        size = G[G_DECK + G[G_DECK_HEAD]]
        G[G_DECK_HEAD] += 1
        G[G_DECK_N] -= 1
        if G[G_STN + size] > 0:
            at = G_STK + size * MAX_STACK
            tile = G[at]
            for i in range(G[G_STN + size] - 1):
                G[at + i] = G[at + i + 1]
            G[G_STN + size] -= 1
            G[G_MKT_T + G[G_MKT_N]] = tile
            G[G_MKT_C + G[G_MKT_N]] = 0
            G[G_MKT_N] += 1
            _log(G, EV, MARKET_IN, -1, tile, 0, 0, 0, 0)
            empty -= 1
        else:
            _log(G, EV, CARD_EMPTY, -1, size, RG[RG_SKIP], 0, 0, 0)
            if RG[RG_SKIP]:
                empty -= 1
    if G[G_DECK_N] == 0:
        G[G_FINAL] = 1


@njit(cache=True, _nrt=False)
def setup(G, CS, R, RG, EV, rng, policies, params, PW):
    """PROTOCOL.md 3, in its draw order. Seat s plays policy (s + m) mod N: its code goes to G[G_SEATCODE + s], its
    parameter row to PW[s] (greedy: its fixed weights; search: heuristic's defaults, PROTOCOL.md 8)."""
    for i in range(G.shape[0]):
        G[i] = 0
    n = RG[RG_N]
    G[G_N] = n
    m = 0
    if RG[RG_FIRST_RANDOM]:
        m = below(rng, n)
    for s in range(n):
        pol = (s + m) % n
        G[G_SEATPOL + s] = pol
        G[G_SEATCODE + s] = policies[pol]
        for k in range(N_POLICY_PARAMS):
            if policies[pol] == GREEDY:
                PW[s, k] = GREEDY_PARAMS[k]
            elif policies[pol] == SEARCH:   # search's own hooks are heuristic's at its defaults
                PW[s, k] = DEFAULT_PARAMS[k]
            else:
                PW[s, k] = params[pol, k]
    _log(G, EV, SEATS, -1, G[G_SEATPOL], 0, 0, 0, 0)
    for s in range(N_SIZES):
        at = G_STK + s * MAX_STACK
        k = 0
        for j in range(MAX_STACK):
            t = SIZE_TILES[s, j]
            if t >= 0:
                G[at + k] = t
                k += 1
        shuffle(G[at:at + k], k, rng)
        keep = RG[RG_SMALL] if SMALL_SIZE[s] else RG[RG_LARGE]
        G[G_STN + s] = min(keep, k)
    G[G_SUP_H] = RG[RG_HALL]
    G[G_SUP_S] = RG[RG_STAIRS]
    k = 0
    for s in range(N_SIZES):
        for _ in range(RG[RG_COMP + s]):
            G[G_DECK + k] = s
            k += 1
    shuffle(G[G_DECK:G_DECK + k], k, rng)
    G[G_DECK_HEAD] = 0
    G[G_DECK_N] = min(k, RG[RG_DECK_KEEP])
    for c in range(N_BONUS):
        G[G_BD + c] = c
    G[G_BD_N] = N_BONUS
    shuffle(G[G_BD:G_BD + N_BONUS], N_BONUS, rng)
    pile = G[G_SCR:G_SCR + N_FAVORS]
    for f in range(N_FAVORS):
        pile[f] = f
    shuffle(pile, N_FAVORS, rng)
    for i in range(N_FAVORS):
        if G[G_NFAV] == RG[RG_NFAV_PLAY]:
            break
        f = pile[i]
        ok = 1
        if RG[RG_EXCL + f]:
            for j in range(G[G_NFAV]):
                if RG[RG_EXCL + G[G_FAV + j]]:
                    ok = 0
        if ok:
            G[G_FAV + G[G_NFAV]] = f
            G[G_NFAV] += 1
        _log(G, EV, FAVOR, -1, f, ok, 0, 0, 0)
    for p in range(n):
        EC.init_castle(CS[p], R)
        at = G_PL + p * PB
        G[at + P_MONEY] = RG[RG_START_MONEY]
        G[at + P_START] = RG[RG_START_PTS + p]
    for p in range(n):
        _draw_bonus(G, CS, R, RG, EV, rng, p, RG[RG_BDEAL], RG[RG_BKEEP])
    for k in range(MAX_SLOTS):
        G[G_SLOT + k] = -1
    _refill(G, RG, EV)
