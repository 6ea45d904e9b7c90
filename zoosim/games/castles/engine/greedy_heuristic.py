"""`greedy` and `heuristic` in numba (PROTOCOL.md 8): every hook's choice as the first option of highest value, no
draws. The seat's code is G[G_SEATCODE + p] and its parameter row PW[p] (greedy's holds the defaults); the loop asks
these functions only for those two codes, `uniform` and `random` keep their draws in the loop.

Values are float64 evaluated in PROTOCOL.md 8's order, so reference.policies (which places on a copy of the castle
where this module calls engine.points.preview) makes the same choices. Scratch: G[G_PSCR:] (metrics, facts,
the pricing plan).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.combinatorics import comb
from zoosim.games.castles.engine import castle as EC
from zoosim.games.castles.engine import legal as EL
from zoosim.games.castles.engine import points as EP
from zoosim.games.castles.engine.end import card_points
from zoosim.games.castles.engine.state import (
    ACTIVITY, FOOD, FOYER, G_FAV, G_MKT_C, G_MKT_N, G_MKT_T, G_NFAV, G_OPT, G_PL, G_PSCR, G_SEATCODE, G_SLOT, G_STN,
    GREEDY, HALLWAY, K_MONEY, K_MONEY_UNITS, K_SIZE, LIVING, MAX_SLOTS, MAX_STACK, N_SIZES, OPT_PASS, OPT_PIECE,
    OUTDOOR, P_BONUS, P_BONUS_N, P_MONEY, PB, RG_ACT_PTS, RG_FAV, RG_MONEY_UNIT, RG_NSLOTS, RG_OUT_MONEY, RG_PIECE,
    RG_PIECES_REWARD, RG_PRICE, STAIRS, TL_SIZE, TL_TYPE, UTILITY, kth_subset, placeable, sorted_stack,
)
from zoosim.games.castles.policies import (
    W_BLOCK, W_CARDS, W_COMPLETE, W_INTENT, W_MARK, W_OPEN, W_PASS, W_PIECE, W_SHORTLIST,
)

MV = G_PSCR                      # [K_SIZE] the deciding seat's metrics
FACTS = MV + K_SIZE              # [EP.F_SIZE] a placement's facts
PLAN = FACTS + EP.F_SIZE         # [16] pricing: the slot of each market position
MEMO_TILE = PLAN + 16            # the tile whose place-hook choice act already made (-1: none), and that placement
MEMO = MEMO_TILE + 1             # [4] (rot, x, y, level)
MAX_ACT = MAX_SLOTS + 3          # act options: the slots, two pieces, PASS
BEST = MEMO + 4                  # [4 per option] act: each evaluated buy's best placement
ESTIMATE = BEST + 4 * MAX_ACT    # [1 per option] act: a buy's placement-free value (float64 bits)
_END = ESTIMATE + MAX_ACT
assert _END <= G_PSCR + 192


# ---------------------------------------------------------------- values (PROTOCOL.md 8)
@njit(cache=True, _nrt=False)
def seat_metrics(G, CS, R, RG, p):
    """Seat p's metric vector (castle metrics, money, money units) into G[MV:]."""
    mv = G[MV:MV + K_SIZE]
    EP.castle_metrics(CS[p], R, mv)
    money = G[G_PL + p * PB + P_MONEY]
    mv[K_MONEY] = money
    mv[K_MONEY_UNITS] = money // RG[RG_MONEY_UNIT]


@njit(cache=True, _nrt=False)
def reward_value(RG, PW, p, tile):
    """RV: what completing a castle tile of this tile is worth (PROTOCOL.md 8)."""
    if tile == HALLWAY or tile == STAIRS or tile == FOYER:
        return 1.0 if RG[RG_PIECES_REWARD] else 0.0
    return type_reward_value(RG, PW, p, TL_TYPE[tile], EC.TL_BASE[tile])


@njit(cache=True, _nrt=False)
def type_reward_value(RG, PW, p, kind, living):
    """RV by reward type; `living` is the living reward's value (a room's base, or 3 for a wild pick)."""
    if kind == LIVING:
        return float(living)
    if kind == ACTIVITY:
        return float(RG[RG_ACT_PTS])
    if kind == OUTDOOR:
        return PW[p, W_MARK] * RG[RG_OUT_MONEY] / 1000
    if kind == UTILITY:
        return 2.0
    if kind == FOOD:
        return 3.0
    return 1.0   # sleeping, corridor, downstairs


@njit(cache=True, _nrt=False)
def progress(G, RG, p, tile, mv):
    """cards(p, t) + favours(t): the bonus-card points and favours in play a room like t would raise."""
    return _progress(G, RG, p, tile, mv, True)


@njit(cache=True, _nrt=False)
def tile_value(G, RG, PW, p, tile, mv, own):
    """TV(p, t) (own) or PTV(t): base + w_complete · RV / doors + w_cards · (cards + favours)."""
    if tile == HALLWAY or tile == STAIRS:
        return PW[p, W_PIECE]
    base = EC.TL_BASE[tile]
    rv = type_reward_value(RG, PW, p, TL_TYPE[tile], base)
    return base + PW[p, W_COMPLETE] * rv / EC.TL_N_DOORS[tile] + PW[p, W_CARDS] * _progress(G, RG, p, tile, mv, own)


@njit(cache=True, _nrt=False)
def _progress(G, RG, p, tile, mv, own):
    """cards(p, t) (when own) + favours(t) of a room tile."""
    kind = TL_TYPE[tile]
    size = TL_SIZE[tile]
    cards = 0
    if own:
        at = G_PL + p * PB
        for i in range(G[at + P_BONUS_N]):
            c = G[at + P_BONUS + i]
            cards += card_points(RG, c, mv, kind, size) - card_points(RG, c, mv, -1, -1)
    favours = 0
    for i in range(G[G_NFAV]):
        row = RG_FAV + G[G_FAV + i] * K_SIZE
        if (RG[row + EP.M_COUNT_BY_TYPE + kind] + RG[row + EP.M_AREA_BY_TYPE + kind]
                + RG[row + EP.M_COUNT_BY_SIZE + size]) > 0:
            favours += 1
    return cards + favours


@njit(cache=True, _nrt=False)
def placement_value(G, C, R, RG, PW, p, tile, rot, x, y, lv, castle_pts, touch_among):
    """PV of one placement (PROTOCOL.md 8): greedy's first key, or heuristic's value. The facts stay in G[FACTS:].
    castle_pts and touch_among: EP.preview_in's, computed once per tile and castle."""
    F = G[FACTS:FACTS + EP.F_SIZE]
    EP.preview_in(C, R, tile, rot, x, y, lv, F, castle_pts, touch_among)
    total = 0.0
    if F[EP.F_SELF_COMPLETE]:
        total += reward_value(RG, PW, p, tile)
    done = F[EP.F_OLD_COMPLETE]
    for b in range(C[EC.H_N]):
        if (done >> b) & 1:
            total += reward_value(RG, PW, p, C[EC.T_TILE + b])
    if G[G_SEATCODE + p] == GREEDY:
        return F[EP.F_POINTS] + total
    blocked = F[EP.F_OWN_BLOCKED] + F[EP.F_OLD_BLOCKED]
    return (F[EP.F_POINTS] + PW[p, W_COMPLETE] * total - PW[p, W_BLOCK] * blocked
            + PW[p, W_OPEN] * (F[EP.F_OPENED] - F[EP.F_LINKS] - F[EP.F_OLD_BLOCKED]))


# ---------------------------------------------------------------- hooks
@njit(cache=True, _nrt=False)
def _first_best(G, C, R, RG, PW, p, tile, opts, m):
    """(index, PV) of the placement hook place chooses among opts[:m]: the highest PV, greedy breaking ties by fewer
    newly blocked doors; (0, -1e300) with none."""
    best = 0
    best_value = -1e300
    best_blocked = 0
    greedy = G[G_SEATCODE + p] == GREEDY
    castle_pts = EP.castle_points(C, R, tile, C[EC.H_N])
    touch_among = EP.touch_scoring(C, R, tile)
    for k in range(m):
        v = placement_value(G, C, R, RG, PW, p, tile, opts[k, 0], opts[k, 1], opts[k, 2], opts[k, 3], castle_pts,
                            touch_among)
        blocked = G[FACTS + EP.F_OWN_BLOCKED] + G[FACTS + EP.F_OLD_BLOCKED]
        if v > best_value or (greedy and v == best_value and blocked < best_blocked):
            best, best_value, best_blocked = k, v, blocked
    return best, best_value


@njit(cache=True, _nrt=False)
def place_choice(G, CS, R, RG, PW, p, tile, opts, m):
    """Hook place: the highest PV; greedy breaks ties by fewer newly blocked doors."""
    return _first_best(G, CS[p], R, RG, PW, p, tile, opts, m)[0]


@njit(cache=True, _nrt=False)
def best_placement_value(G, CS, R, RG, PW, p, tile, keys, opts):
    """The highest PV over the tile's legal placements (-1e300 with none)."""
    return best_placement(G, CS, R, RG, PW, p, tile, keys, opts, BEST)


@njit(cache=True, _nrt=False)
def best_placement(G, CS, R, RG, PW, p, tile, keys, opts, into):
    """The highest PV over the tile's legal placements (-1e300 with none); the placement the place hook would choose
    (place_choice's rule) goes to G[into:into + 4] as (rot, x, y, level)."""
    C = CS[p]
    m = EL.legal_placements(C, R, tile, keys, opts)
    best, best_value = _first_best(G, C, R, RG, PW, p, tile, opts, m)
    for j in range(4):
        G[into + j] = opts[best, j]
    return best_value


@njit(cache=True, _nrt=False)
def _coins(G, tile):
    for i in range(G[G_MKT_N]):
        if G[G_MKT_T + i] == tile:
            return G[G_MKT_C + i]
    return 0


@njit(cache=True, _nrt=False)
def _buy(G, RG, i):
    """Option i's (tile, cost): cost = the price less the coins the buyer takes, or the piece price."""
    code = G[G_OPT + i]
    if code >= OPT_PIECE:
        return code - OPT_PIECE, RG[RG_PIECE]
    tile = G[G_SLOT + code]
    return tile, RG[RG_PRICE + code] - _coins(G, tile)


@njit(cache=True, _nrt=False)
def _per_cost(PW, p, gain, cost, greedy):
    """A buy's value: gain (heuristic: plus the coin surplus when cost < 0) · 1000 / max(cost, 1000)."""
    if not greedy and cost < 0:   # the coins exceed the price: the surplus is money in hand (no stalled market)
        gain = gain - PW[p, W_MARK] * cost / 1000
    return gain * 1000 / max(cost, 1000)


@njit(cache=True, _nrt=False)
def act_choice(G, CS, R, RG, PW, p, n, keys, opts):
    """Hook act over the n options in G[G_OPT:] (slot, OPT_PIECE + piece, OPT_PASS). Heuristic evaluates the
    placements of its `shortlist` best buys by placement-free value only. The chosen buy's best placement is
    remembered (G[MEMO_TILE], G[MEMO:]) for the place hook, which would choose it again on the same castle."""
    greedy = G[G_SEATCODE + p] == GREEDY
    seat_metrics(G, CS, R, RG, p)
    mv = G[MV:MV + K_SIZE]
    locked = 0   # market rooms p cannot place now: a piece may open the castle to them (worth 0 at piece_value 0)
    if not greedy and PW[p, W_PIECE] != 0:
        for i in range(G[G_MKT_N]):
            if not placeable(G, CS, R, p, G[G_MKT_T + i]):
                locked += 1
    estimate = G[ESTIMATE:ESTIMATE + n].view(np.float64)
    buys = 0
    for i in range(n):
        if G[G_OPT + i] != OPT_PASS:
            buys += 1
    keep = buys if greedy else max(1, int(PW[p, W_SHORTLIST]))
    if keep < buys:
        for i in range(n):
            if G[G_OPT + i] != OPT_PASS:
                tile, cost = _buy(G, RG, i)
                free = PW[p, W_PIECE] * locked if G[G_OPT + i] >= OPT_PIECE else tile_value(G, RG, PW, p, tile, mv, True)
                estimate[i] = _per_cost(PW, p, free, cost, greedy)
    best = -1
    best_value = -1e300
    pass_at = -1
    for i in range(n):
        code = G[G_OPT + i]
        if code == OPT_PASS:
            pass_at = i
            continue
        if keep < buys:   # on the shortlist: fewer than `keep` buys rank before it (higher estimate, or equal and earlier)
            rank = 0
            for j in range(n):
                if G[G_OPT + j] != OPT_PASS and (estimate[j] > estimate[i] or (estimate[j] == estimate[i] and j < i)):
                    rank += 1
            if rank >= keep:
                continue
        tile, cost = _buy(G, RG, i)
        gain = best_placement(G, CS, R, RG, PW, p, tile, keys, opts, BEST + 4 * i)
        if not greedy:
            if code >= OPT_PIECE:
                gain = gain + PW[p, W_PIECE] * locked
            else:
                gain = gain + PW[p, W_CARDS] * progress(G, RG, p, tile, mv)
        v = _per_cost(PW, p, gain, cost, greedy)
        if v > best_value:
            best, best_value = i, v
    threshold = 0.0 if greedy else PW[p, W_PASS]
    if pass_at >= 0 and not (best >= 0 and best_value > threshold):
        return pass_at
    code = G[G_OPT + best]
    G[MEMO_TILE] = code - OPT_PIECE if code >= OPT_PIECE else G[G_SLOT + code]
    for j in range(4):
        G[MEMO + j] = G[BEST + 4 * best + j]
    return best


@njit(cache=True, _nrt=False)
def _price_key(G, RG, PW, mb, tile, mv):
    own = tile_value(G, RG, PW, mb, tile, mv, True)
    if G[G_SEATCODE + mb] == GREEDY:
        return own
    return own - PW[mb, W_INTENT] * tile_value(G, RG, PW, mb, tile, mv, False)


@njit(cache=True, _nrt=False)
def price_plan(G, CS, R, RG, PW, mb):
    """Hook price, planned once per round: the market tiles ranked by TV(MB, t) (heuristic: minus w_intent ·
    PTV(t)) descending, ties in market order; the j-th gets the j-th cheapest slot (price_choice). Writes
    G[PLAN + i] = the rank of market position i (pairwise: a market holds a handful of tiles)."""
    seat_metrics(G, CS, R, RG, mb)
    mv = G[MV:MV + K_SIZE]
    n = G[G_MKT_N]
    key = G[ESTIMATE:ESTIMATE + n].view(np.float64)
    for i in range(n):
        key[i] = _price_key(G, RG, PW, mb, G[G_MKT_T + i], mv)
    for i in range(n):
        rank = 0
        for j in range(n):
            if key[j] > key[i] or (key[j] == key[i] and j < i):
                rank += 1
        G[PLAN + i] = rank


@njit(cache=True, _nrt=False)
def price_choice(G, RG, i):
    """The option (index among the free slots, ascending) that is market position i's planned slot: the slot of its
    rank among the slots ordered by price (ties: lower slot first; price lists need not be ascending)."""
    rank = G[PLAN + i]
    slot = 0
    for k in range(RG[RG_NSLOTS]):
        order = 0
        for j in range(RG[RG_NSLOTS]):
            if RG[RG_PRICE + j] < RG[RG_PRICE + k] or (RG[RG_PRICE + j] == RG[RG_PRICE + k] and j < k):
                order += 1
        if order == rank:
            slot = k
    q = 0
    for k in range(slot):
        if G[G_SLOT + k] < 0:
            q += 1
    return q


@njit(cache=True, _nrt=False)
def keep_choice(G, CS, R, RG, p, h, hand_at):
    """Hook keep_bonus over the h cards at G[hand_at:]: give back the card worth least now (first on ties)."""
    seat_metrics(G, CS, R, RG, p)
    mv = G[MV:MV + K_SIZE]
    best = 0
    low = 0
    for i in range(h):
        v = card_points(RG, G[hand_at + i], mv, -1, -1)
        if i == 0 or v < low:
            best, low = i, v
    return best


@njit(cache=True, _nrt=False)
def sleeping_choice(G, CS, R, RG, PW, p, mx, out):
    """Hook sleeping_pick: the (size, k, j) of the option with the highest Σ TV(p, t) over its tiles (the empty
    subset 0), in option order (sizes ascending, k ascending, the j-th k-subset lexicographic) into out[0:3]."""
    seat_metrics(G, CS, R, RG, p)
    mv = G[MV:MV + K_SIZE]
    best = -1e300
    srt = G[FACTS:FACTS + MAX_STACK]
    pick = G[PLAN:PLAN + MAX_STACK]
    for s in range(N_SIZES):
        if G[G_STN + s] == 0:
            continue
        ns = sorted_stack(G, s, srt)
        for k in range(min(mx, ns) + 1):
            for j in range(comb(ns, k)):
                kth_subset(srt, ns, k, j, pick)
                value = 0.0
                for i in range(k):
                    value += tile_value(G, RG, PW, p, pick[i], mv, True)
                if value > best:
                    best = value
                    out[0] = s
                    out[1] = k
                    out[2] = j


@njit(cache=True, _nrt=False)
def wild_choice(RG, PW, p, usable):
    """Hook ds_wild: among the usable reward types (bit mask; all 7 when none) the highest of living 3, else RV."""
    if usable == 0:
        usable = 127
    best = 0
    best_value = -1e300
    for kind in range(7):
        if (usable >> kind) & 1:
            v = type_reward_value(RG, PW, p, kind, 3)
            if v > best_value:
                best, best_value = kind, v
    return best


@njit(cache=True, _nrt=False)
def living_choice(CS, R, p, targets, n):
    """Hook living_target: the target with the highest living re-score (first on ties)."""
    best = 0
    best_value = 0
    for i in range(n):
        v = EP.living_rescore(CS[p], R, targets[i])
        if i == 0 or v > best_value:
            best, best_value = i, v
    return best


@njit(cache=True, _nrt=False)
def corridor_choice(G, CS, R, RG, PW, p, keys, opts):
    """Hook corridor_pick between hallway and stairs (both possible): the higher best PV, hallway on ties."""
    hallway = best_placement_value(G, CS, R, RG, PW, p, HALLWAY, keys, opts)
    stairs = best_placement_value(G, CS, R, RG, PW, p, STAIRS, keys, opts)
    return HALLWAY if hallway >= stairs else STAIRS
