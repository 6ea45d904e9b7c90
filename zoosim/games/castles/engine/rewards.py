"""Castles placing and the completion rewards in numba (PROTOCOL.md 5-6, spec §5-6): a placement through
engine.castle, the action options, the eight rewards, the completion queue. State layout in engine.state.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.combinatorics import comb
from zoosim.core.rng import below, shuffle
from zoosim.games.castles.engine import castle as EC
from zoosim.games.castles.engine import legal as EL
from zoosim.games.castles.engine import points as EP
from zoosim.games.castles.engine import greedy_heuristic as PP
from zoosim.games.castles.engine.setup import _draw_bonus
from zoosim.games.castles.engine.state import (
    ACTIVITY, COMPLETE, CORRIDOR, DOWNSTAIRS, FOOD, FOYER, G_BD_N, G_CORR_USED, G_DS_USED, G_MB, G_MKT_C, G_MKT_N,
    G_MKT_T, G_OPT, G_PEND, G_PEND_N, G_PL, G_Q, G_QH, G_QT, G_SCR, G_SLOT, G_STK, G_STN, G_SUP_H, G_SUP_S, HALLWAY,
    LIVING, LIVING_TARGET, MAX_STACK, N_ROOMS, N_SIZES, OPT_PASS, OPT_PIECE, OUTDOOR, PB, PLACE, P_COMPL, P_DS, P_MMB,
    P_MONEY, P_PLACE, REWARD, RG_ACT_PTS, RG_COINS_COUNT, RG_CORR_ONCE, RG_DS_EVERY, RG_DS_ONCE, RG_FOOD_PASS,
    RG_LIV_ANY, RG_NSLOTS, RG_OUT_MONEY, RG_PIECE, RG_PIECES_REWARD, RG_PRICE, RG_SLEEP_MAX, RG_UT_DRAW, RG_UT_KEEP,
    SCORE, SLEEPING, SLEEPING_TAKE, STAIRS, TL_TYPE, UNIFORM, UTILITY, _choose, _log, kth_subset,
    sorted_stack, G_SEATCODE, GREEDY, castle_changed, placeable,
)


# ---------------------------------------------------------------- placing, rewards (PROTOCOL.md 5-6)
@njit(cache=True, _nrt=False)
def _place(G, CS, R, RG, PW, EV, rng, p, tile, keys, opts, cbuf):
    """Hook place over the distinct legal placements; PLACE and SCORE rows; completions to the queue."""
    C = CS[p]
    if G[PP.MEMO_TILE] == tile:   # act chose this buy by its best placement: place_choice would choose it again
        rot = G[PP.MEMO]
        x = G[PP.MEMO + 1]
        y = G[PP.MEMO + 2]
        lv = G[PP.MEMO + 3]
        G[PP.MEMO_TILE] = -1
    elif G[G_SEATCODE + p] >= GREEDY:
        m = EL.legal_placements(C, R, tile, keys, opts)
        k = PP.place_choice(G, CS, R, RG, PW, p, tile, opts, m) if m > 1 else 0
        rot = opts[k, 0]
        x = opts[k, 1]
        y = opts[k, 2]
        lv = opts[k, 3]
    else:   # the drawn index into the sorted placements: only that one is picked out of the unsorted keys
        m = EL.legal_keys(C, R, tile, keys)
        key = EL.kth_key(keys, m, _choose(rng, m))
        rot = key >> 21
        x = (key >> 11) & 1023
        y = (key >> 1) & 1023
        lv = key & 1
    gained = EC.add_tile(C, R, tile, rot, x, y, lv)
    castle_changed(G, p)
    idx = C[EC.H_N] - 1
    _log(G, EV, PLACE, p, tile, rot, x, y, lv)
    pts = EP.placement_points(C, R, idx)
    G[G_PL + p * PB + P_PLACE] += pts
    _log(G, EV, SCORE, p, tile, pts, 0, 0, 0)
    nc = EP.completions(C, idx, gained, cbuf)
    for i in range(nc):
        G[G_Q + G[G_QT]] = cbuf[i]
        G[G_QT] += 1


@njit(cache=True, _nrt=False)
def _act_options(G, CS, R, RG, p, extra):
    """The legal actions in canonical order into G[G_OPT:] (codes: slot, OPT_PIECE + piece, OPT_PASS)."""
    money = G[G_PL + p * PB + P_MONEY]
    n = 0
    for slot in range(RG[RG_NSLOTS]):
        tile = G[G_SLOT + slot]
        if tile < 0:
            continue
        budget = money
        if RG[RG_COINS_COUNT]:
            for i in range(G[G_MKT_N]):
                if G[G_MKT_T + i] == tile:
                    budget += G[G_MKT_C + i]
        if budget >= RG[RG_PRICE + slot] and placeable(G, CS, R, p, tile):
            G[G_OPT + n] = slot
            n += 1
    if G[G_SUP_H] > 0 and money >= RG[RG_PIECE] and placeable(G, CS, R, p, HALLWAY):
        G[G_OPT + n] = OPT_PIECE + HALLWAY
        n += 1
    if G[G_SUP_S] > 0 and money >= RG[RG_PIECE] and placeable(G, CS, R, p, STAIRS):
        G[G_OPT + n] = OPT_PIECE + STAIRS
        n += 1
    if not extra or RG[RG_FOOD_PASS]:
        G[G_OPT + n] = OPT_PASS
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def _pay(G, p, amount):
    G[G_PL + p * PB + P_MONEY] -= amount
    mb = G[G_MB]
    if p == mb:
        return -1
    G[G_PL + mb * PB + P_MONEY] += amount
    G[G_PL + mb * PB + P_MMB] += amount
    return mb


@njit(cache=True, _nrt=False)
def _living_targets(G, CS, RG, p, out):
    C = CS[p]
    n = 0
    for t in range(C[EC.H_N]):
        tile = C[EC.T_TILE + t]
        if C[EC.T_COMPLETE + t] and tile < N_ROOMS and (RG[RG_LIV_ANY] or TL_TYPE[tile] == DOWNSTAIRS):
            out[n] = t
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _corridor_kinds(G, CS, R, p):
    """Bit 0 hallway, bit 1 stairs: supply and a legal placement."""
    m = 0
    if G[G_SUP_H] > 0 and placeable(G, CS, R, p, HALLWAY):
        m |= 1
    if G[G_SUP_S] > 0 and placeable(G, CS, R, p, STAIRS):
        m |= 2
    return m


@njit(cache=True, _nrt=False)
def _sleeping(G, CS, R, RG, PW, EV, rng, p):
    """Sleeping reward: hook sleeping_pick, the picks shuffled into the pending queue, the stack shuffled.
    Returns the tiles taken, -1 if lost."""
    mx = RG[RG_SLEEP_MAX]
    total = 0
    nsizes = 0
    for s in range(N_SIZES):
        ns = G[G_STN + s]
        if ns > 0:
            nsizes += 1
            for k in range(min(mx, ns) + 1):
                total += comb(ns, k)
    if total == 0:
        return -1
    size = -1
    k = 0
    j = 0
    if total == 1:
        for s in range(N_SIZES):
            if G[G_STN + s] > 0:
                size = s
                break
    elif G[G_SEATCODE + p] >= GREEDY:
        pick = G[G_SCR:G_SCR + 3]
        PP.sleeping_choice(G, CS, R, RG, PW, p, mx, pick)
        size = pick[0]
        k = pick[1]
        j = pick[2]
    elif G[G_SEATCODE + p] == UNIFORM:
        q = below(rng, nsizes)
        for s in range(N_SIZES):
            if G[G_STN + s] > 0:
                if q == 0:
                    size = s
                    break
                q -= 1
        ns = G[G_STN + size]
        k = below(rng, min(mx, ns) + 1)
        j = below(rng, comb(ns, k))
    else:
        q = below(rng, total)
        for s in range(N_SIZES):
            ns = G[G_STN + s]
            if ns == 0:
                continue
            for kk in range(min(mx, ns) + 1):
                c = comb(ns, kk)
                if q < c:
                    size = s
                    k = kk
                    j = q
                    break
                q -= c
            if size >= 0:
                break
    at = G_STK + size * MAX_STACK
    srt = G[G_SCR:G_SCR + MAX_STACK]
    ns = sorted_stack(G, size, srt)
    picked = G[G_SCR + MAX_STACK:G_SCR + 2 * MAX_STACK]
    kth_subset(srt, ns, k, j, picked)
    for i in range(k):
        t = picked[i]
        w = 0
        for q in range(G[G_STN + size]):
            if G[at + q] != t:
                G[at + w] = G[at + q]
                w += 1
        G[G_STN + size] = w
    shuffle(picked, k, rng)
    for i in range(k):
        G[G_PEND + G[G_PEND_N]] = picked[i]
        G[G_PEND_N] += 1
        _log(G, EV, SLEEPING_TAKE, p, size, picked[i], 0, 0, 0)
    shuffle(G[at:at + G[G_STN + size]], G[G_STN + size], rng)
    return k


@njit(cache=True, _nrt=False)
def _give_reward(G, CS, R, RG, PW, EV, rng, p, kind, t, wild, keys, opts, cbuf):
    """§6's table for type `kind` (t the completed castle tile, -1 for a wild reward); returns the food extra
    actions it grants."""
    at = G_PL + p * PB
    C = CS[p]
    if kind == LIVING:
        if wild:
            n = _living_targets(G, CS, RG, p, cbuf)
            if n == 0:
                _log(G, EV, REWARD, p, kind, 0, 1, 1, 0)
                return 0
            if G[G_SEATCODE + p] >= GREEDY and n > 1:
                t = cbuf[PP.living_choice(CS, R, p, cbuf, n)]
            else:
                t = cbuf[_choose(rng, n)]
            _log(G, EV, LIVING_TARGET, p, C[EC.T_TILE + t], 0, 0, 0, 0)
        pts = EP.living_rescore(C, R, t)
        G[at + P_COMPL] += pts
        _log(G, EV, REWARD, p, kind, pts, wild, 0, 0)
    elif kind == ACTIVITY:
        G[at + P_COMPL] += RG[RG_ACT_PTS]
        _log(G, EV, REWARD, p, kind, RG[RG_ACT_PTS], wild, 0, 0)
    elif kind == SLEEPING:
        taken = _sleeping(G, CS, R, RG, PW, EV, rng, p)
        _log(G, EV, REWARD, p, kind, max(taken, 0), wild, 1 if taken < 0 else 0, 0)
    elif kind == OUTDOOR:
        G[at + P_MONEY] += RG[RG_OUT_MONEY]
        _log(G, EV, REWARD, p, kind, RG[RG_OUT_MONEY], wild, 0, 0)
    elif kind == UTILITY:
        lost = 1 if G[G_BD_N] == 0 else 0
        _log(G, EV, REWARD, p, kind, min(RG[RG_UT_DRAW], G[G_BD_N]), wild, lost, 0)
        _draw_bonus(G, CS, R, RG, EV, rng, p, RG[RG_UT_DRAW], RG[RG_UT_KEEP])
    elif kind == FOOD:
        _log(G, EV, REWARD, p, kind, 1, wild, 0, 0)
        return 1
    elif kind == CORRIDOR:
        piece = -1
        if not (RG[RG_CORR_ONCE] and G[G_CORR_USED]):
            G[G_CORR_USED] = 1
            mask = _corridor_kinds(G, CS, R, p)
            if mask != 0:
                if mask == 3 and G[G_SEATCODE + p] >= GREEDY:
                    piece = PP.corridor_choice(G, CS, R, RG, PW, p, keys, opts)
                elif mask == 3:
                    piece = HALLWAY if _choose(rng, 2) == 0 else STAIRS
                else:
                    piece = HALLWAY if mask == 1 else STAIRS
                if piece == HALLWAY:
                    G[G_SUP_H] -= 1
                else:
                    G[G_SUP_S] -= 1
                _place(G, CS, R, RG, PW, EV, rng, p, piece, keys, opts, cbuf)
        _log(G, EV, REWARD, p, kind, max(piece, 0), wild, 1 if piece < 0 else 0, 0)
    return 0


@njit(cache=True, _nrt=False)
def _wild_usable(G, CS, R, RG, p, kind, cbuf):
    if kind == SLEEPING:
        for s in range(N_SIZES):
            if G[G_STN + s] > 0:
                return True
        return False
    if kind == UTILITY:
        return G[G_BD_N] > 0
    if kind == CORRIDOR:
        if RG[RG_CORR_ONCE] and G[G_CORR_USED]:
            return False
        return _corridor_kinds(G, CS, R, p) != 0
    if kind == LIVING:
        return _living_targets(G, CS, RG, p, cbuf) > 0
    if kind == FOOD:
        return RG[RG_FOOD_PASS] != 0 or _act_options(G, CS, R, RG, p, True) > 0
    return True


@njit(cache=True, _nrt=False)
def _resolve(G, CS, R, RG, PW, EV, rng, p, keys, opts, cbuf):
    """The completion queue front first (PROTOCOL.md 6); returns the food extra actions earned."""
    C = CS[p]
    at = G_PL + p * PB
    extras = 0
    while G[G_QH] < G[G_QT]:
        t = G[G_Q + G[G_QH]]
        G[G_QH] += 1
        tile = C[EC.T_TILE + t]
        kind = TL_TYPE[tile]
        if (tile == HALLWAY or tile == STAIRS or tile == FOYER) and not RG[RG_PIECES_REWARD]:
            kind = -1
        _log(G, EV, COMPLETE, p, tile, kind, 0, 0, 0)
        if kind == DOWNSTAIRS:
            G[at + P_DS] += 1
            if G[at + P_DS] % RG[RG_DS_EVERY] != 0:
                continue
            if RG[RG_DS_ONCE] and G[G_DS_USED]:
                _log(G, EV, REWARD, p, DOWNSTAIRS, 0, 1, 1, 0)
                continue
            G[G_DS_USED] = 1
            code = G[G_SEATCODE + p]
            if code == UNIFORM:
                w = below(rng, 7)
            elif code >= GREEDY:
                usable = 0
                for k in range(7):
                    if _wild_usable(G, CS, R, RG, p, k, cbuf):
                        usable |= 1 << k
                w = PP.wild_choice(RG, PW, p, usable)
            else:
                usable = 0
                nu = 0
                for k in range(7):
                    if _wild_usable(G, CS, R, RG, p, k, cbuf):
                        usable |= 1 << k
                        nu += 1
                if nu == 0:
                    w = below(rng, 7)
                else:
                    q = below(rng, nu)
                    w = 0
                    for k in range(7):
                        if (usable >> k) & 1:
                            if q == 0:
                                w = k
                                break
                            q -= 1
            extras += _give_reward(G, CS, R, RG, PW, EV, rng, p, w, -1, 1, keys, opts, cbuf)
        elif kind >= 0:
            extras += _give_reward(G, CS, R, RG, PW, EV, rng, p, kind, t, 0, keys, opts, cbuf)
    return extras
