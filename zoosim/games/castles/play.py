"""The Castles game loop in numba: setup, rounds, turns, rewards, the end (PROTOCOL.md 3-8), playing the games
reference.play_game plays for the same (seed, game index), rules and policies, event row for event row.

State: one int64 block `G` (offsets G_* and per-player P_* rows at G_PL + p * PB), the players' castle blocks
(rows of `CS`, engine_castle), the game's rules `RG` (offsets RG_*, per-player-count values already resolved by
`game_rules`) beside the castle's `R` (engine_castle.rules_array), the generator state (core.rng) and the event
log `EV` (rows of PROTOCOL.md 9, [kind, player, a, b, c, d, e]). Policies: UNIFORM (§9.1) and RANDOM (PROTOCOL.md 8)
by seat. `play_traced` returns the events and the per-seat results (tests compare them with the reference's).
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

from zoosim.core.rng import below, seed_stream, shuffle
from zoosim.errors import ZoosimError
from zoosim.games.castles import data
from zoosim.games.castles import engine_castle as EC
from zoosim.games.castles.rules import Rules, validate

UNIFORM, RANDOM = 0, 1
POLICY_CODES = {"uniform": UNIFORM, "random": RANDOM}

(SEATS, FAVOR, BONUS_DRAW, BONUS_RETURN, MARKET_IN, CARD_EMPTY, ROUND_START, UPKEEP, PRICE, BUY_ROOM, BUY_PIECE,
 PASS, PLACE, SCORE, COMPLETE, REWARD, SLEEPING_TAKE, EXTRA_ACTION, ROUND_END, LIVING_TARGET) = range(1, 21)

N_SIZES = data.N_SIZES
N_TYPES = data.N_TYPES
N_BONUS = data.N_BONUS_CARDS
N_FAVORS = data.N_FAVORS
HALLWAY, STAIRS, FOYER = data.HALLWAY, data.STAIRS, data.FOYER
N_ROOMS = data.N_ROOMS
LIVING, ACTIVITY, SLEEPING, OUTDOOR, UTILITY, FOOD, CORRIDOR, DOWNSTAIRS = range(8)
MAX_SLOTS = 16
MAX_DECK = 256
MAX_STACK = int(data.SIZE_TILES.shape[1])
MAX_EVENTS = 32768
MAX_PLAYERS = 4

# ---------------------------------------------------------------- the game's rules (RG)
(RG_N, RG_SMALL, RG_LARGE, RG_STAIRS, RG_HALL, RG_DECK_KEEP, RG_MKT, RG_NSLOTS, RG_NFAV_PLAY, RG_START_MONEY,
 RG_BDEAL, RG_BKEEP, RG_FIRST_RANDOM, RG_UNSOLD, RG_PIECE, RG_PASS, RG_COINS_COUNT, RG_SKIP, RG_SCOPE_ACTION,
 RG_MAX_ROUNDS, RG_ACT_PTS, RG_OUT_MONEY, RG_UT_DRAW, RG_UT_KEEP, RG_SLEEP_MAX, RG_FOOD_PASS, RG_CORR_ONCE,
 RG_DS_ONCE, RG_DS_EVERY, RG_LIV_ANY, RG_PIECES_REWARD, RG_EXHAUST, RG_MONEY_PER_PT, RG_MONEY_UNIT) = range(34)
RG_COMP = 40                       # [N_SIZES] room_card_composition
RG_PRICE = RG_COMP + N_SIZES       # [MAX_SLOTS] price_slots for N
RG_START_PTS = RG_PRICE + MAX_SLOTS  # [4]
RG_FAVPTS = RG_START_PTS + 4       # [4] favor_points (0 past the list)
RG_EXCL = RG_FAVPTS + 4            # [N_FAVORS] 1 for the exclusive favours
RG_SIZE = RG_EXCL + N_FAVORS

# metric vector: engine_castle's M_* then money and money // money_card_unit
K_MONEY = EC.M_SIZE
K_MONEY_UNITS = EC.M_SIZE + 1
K_SIZE = EC.M_SIZE + 2
ALL_NONE, ALL_SIZES, ALL_TYPES = 0, 1, 2


def game_rules(rules: Rules, players: int) -> np.ndarray:
    """The rules the loop reads, per-player-count values for `players` (offsets RG_*)."""
    validate(rules, players)
    r = np.zeros(RG_SIZE, np.int64)
    fp = rules.for_players
    prices = fp("price_slots", players)
    if len(prices) > MAX_SLOTS or fp("market_slots", players) > MAX_SLOTS:
        raise ZoosimError(f"castles play: at most {MAX_SLOTS} price slots and market slots")
    if sum(rules.room_card_composition) > MAX_DECK:
        raise ZoosimError(f"castles play: at most {MAX_DECK} room cards")
    r[RG_N] = players
    r[RG_SMALL] = fp("small_stack", players)
    r[RG_LARGE] = fp("large_stack", players)
    r[RG_STAIRS] = fp("stairs", players)
    r[RG_HALL] = fp("hallways", players)
    r[RG_DECK_KEEP] = rules.deck_cards_per_player * players
    r[RG_MKT] = fp("market_slots", players)
    r[RG_NSLOTS] = len(prices)
    r[RG_NFAV_PLAY] = fp("favors_in_play", players)
    r[RG_START_MONEY] = rules.start_money
    r[RG_BDEAL] = rules.bonus_deal
    r[RG_BKEEP] = rules.bonus_keep
    r[RG_FIRST_RANDOM] = rules.first_mb == "random"
    r[RG_UNSOLD] = rules.unsold_increment
    r[RG_PIECE] = rules.piece_price
    r[RG_PASS] = rules.pass_income
    r[RG_COINS_COUNT] = rules.coins_count_toward_price
    r[RG_SKIP] = rules.on_empty_stack == "skip"
    r[RG_SCOPE_ACTION] = rules.once_per_turn_scope == "action"
    r[RG_MAX_ROUNDS] = rules.max_rounds
    r[RG_ACT_PTS] = rules.activity_reward_points
    r[RG_OUT_MONEY] = rules.outdoor_reward_money
    r[RG_UT_DRAW] = rules.utility_reward_draw
    r[RG_UT_KEEP] = rules.utility_reward_keep
    r[RG_SLEEP_MAX] = rules.sleeping_reward_max_tiles
    r[RG_FOOD_PASS] = rules.food_extra_action_may_pass
    r[RG_CORR_ONCE] = rules.corridor_reward_once_per_turn
    r[RG_DS_ONCE] = rules.downstairs_reward_once_per_turn
    r[RG_DS_EVERY] = rules.downstairs_reward_every
    r[RG_LIV_ANY] = rules.ds_wild_living_target == "any_completed_room"
    r[RG_PIECES_REWARD] = rules.pieces_give_rewards
    r[RG_EXHAUST] = rules.exhaust_bonus
    r[RG_MONEY_PER_PT] = rules.money_per_point
    r[RG_MONEY_UNIT] = rules.money_card_unit
    for s in range(N_SIZES):
        r[RG_COMP + s] = rules.room_card_composition[s]
    for k, v in enumerate(prices):
        r[RG_PRICE + k] = v
    for k in range(players):
        r[RG_START_PTS + k] = rules.start_points[k]
    for k, v in enumerate(rules.favor_points[:4]):
        r[RG_FAVPTS + k] = v
    for f in rules.exclusive_favors:
        r[RG_EXCL + data.FAVOR_INDEX[f]] = 1
    return r


_M_COUNT, _M_AREA, _M_SET, _M_MONEY = (data.METRICS.index(m) for m in ("count", "area_sqft", "set", "money"))
_SQUARE = (data.SIZES_SQFT.index(100), data.SIZES_SQFT.index(400))      # §7.2/7.3 square rooms: 100, 400
_CIRCULAR = (data.SIZES_SQFT.index(150), data.SIZES_SQFT.index(500))    # circular rooms: 150, 500
# the special cards (no type or size of their own), by source_key: the metric offsets they add up (castles-bonus.csv)
_FAVOR_SPECIAL = {
    "ExternalEntrancesFavor": (EC.M_ENTRANCES,), "CompletedRoomsFavor": (EC.M_COMPLETED,),
    "IncompleteRoomsFavor": (EC.M_INCOMPLETE,),
    "SmallRoomsFavor": tuple(EC.M_COUNT_BY_SIZE + s for s in data.SMALL_SIZES),
    "CircularRoomsFavor": tuple(EC.M_COUNT_BY_SIZE + s for s in _CIRCULAR),
    "LargeRoomsFavor": tuple(EC.M_COUNT_BY_SIZE + s for s in data.LARGE_SIZES),
    "SquareRoomsFavor": tuple(EC.M_COUNT_BY_SIZE + s for s in _SQUARE),
}
_BONUS_SPECIAL = {
    "GalleriesBonusCard": (EC.M_HALLWAYS,), "ExternalEntrancesBonusCard": (EC.M_ENTRANCES,),
    "SquareRoomsBonusCard": tuple(EC.M_COUNT_BY_SIZE + s for s in _SQUARE),
    "MoneyBonusCard": (K_MONEY_UNITS,),                # floor(money / money_card_unit) per unit
    "StairsBonusCard": (EC.M_STAIRS,), "CompletedRoomsBonusCard": (EC.M_COMPLETED,),
    "CircularRoomsBonusCard": tuple(EC.M_COUNT_BY_SIZE + s for s in _CIRCULAR),
}
_BONUS_SETS = {"AllFigureTypesBonusCard": ALL_SIZES, "AllRoomPurposesBonusCard": ALL_TYPES}


def card_tables(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Favours and bonus cards (spec §7.2, §7.3; data.FAVOR_*, data.BONUS_*) as linear forms over the metric vector
    (K_*): a favour's row gives its ranked metric, a bonus card's row its points (unit points per unit); the two
    set cards (kind ALL_SIZES / ALL_TYPES) score their unit points when every size / type is present. `rules` is
    accepted for the caller's convenience: money_card_unit enters through K_MONEY_UNITS."""
    del rules
    fav = np.zeros((N_FAVORS, K_SIZE), np.int64)
    for f, card in enumerate(data.FAVORS):
        metric, ttype = int(data.FAVOR_METRIC[f]), int(data.FAVOR_TYPE[f])
        if ttype >= 0 and metric == _M_AREA:
            fav[f, EC.M_AREA_BY_TYPE + ttype] = 1
        elif ttype >= 0 and metric == _M_COUNT:
            fav[f, EC.M_COUNT_BY_TYPE + ttype] = 1
        elif metric == _M_MONEY:
            fav[f, K_MONEY] = 1
        elif metric == _M_COUNT and card.source_key in _FAVOR_SPECIAL:
            for k in _FAVOR_SPECIAL[card.source_key]:
                fav[f, k] = 1
        else:
            raise ZoosimError(f"castles play: King's Favor {card.id} ({card.source_key}, metric "
                              f"{data.METRICS[metric]}) has no reading (spec §7.2)")
    bon = np.zeros((N_BONUS, K_SIZE), np.int64)
    kind = np.zeros(N_BONUS, np.int64)
    unit = np.zeros(N_BONUS, np.int64)
    for c, card in enumerate(data.BONUS_CARDS):
        metric, ttype, size = int(data.BONUS_METRIC[c]), int(data.BONUS_TYPE[c]), int(data.BONUS_SIZE[c])
        u = unit[c] = int(data.BONUS_UNIT_POINTS[c])
        if metric == _M_SET and card.source_key in _BONUS_SETS:
            kind[c] = _BONUS_SETS[card.source_key]
        elif metric == _M_COUNT and ttype >= 0:
            bon[c, EC.M_COUNT_BY_TYPE + ttype] = u
        elif metric == _M_COUNT and size >= 0:
            bon[c, EC.M_COUNT_BY_SIZE + size] = u
        elif metric == _M_COUNT and card.source_key in _BONUS_SPECIAL:
            for k in _BONUS_SPECIAL[card.source_key]:
                bon[c, k] = u
        else:
            raise ZoosimError(f"castles play: bonus card {card.id} ({card.source_key}, metric "
                              f"{data.METRICS[metric]}) has no reading (spec §7.3)")
    return fav, bon, kind, unit


# ---------------------------------------------------------------- the state block (G)
(G_N, G_ROUND, G_MB, G_FINAL, G_END, G_TURNS, G_CORR_USED, G_DS_USED, G_NEV, G_SUP_H, G_SUP_S, G_DECK_HEAD,
 G_DECK_N, G_BD_N, G_MKT_N, G_PEND_N, G_NFAV, G_QH, G_QT, G_OVERFLOW) = range(20)
G_SEATPOL = 24
G_STN = G_SEATPOL + MAX_PLAYERS
G_STK = G_STN + N_SIZES
G_DECK = G_STK + N_SIZES * MAX_STACK
G_BD = G_DECK + MAX_DECK
G_FAV = G_BD + N_BONUS
G_MKT_T = G_FAV + N_FAVORS
G_MKT_C = G_MKT_T + MAX_SLOTS
G_SLOT = G_MKT_C + MAX_SLOTS
G_PEND = G_SLOT + MAX_SLOTS
MAX_PEND = 128
G_Q = G_PEND + MAX_PEND
MAX_Q = 2 * EC.MAX_TILES
G_HAND = G_Q + MAX_Q               # scratch: a bonus hand being drawn
G_OPT = G_HAND + N_BONUS           # scratch: option codes
MAX_OPT = 64
G_SCR = G_OPT + MAX_OPT           # scratch (favour pile, sleeping picks, final metrics)
G_PL = G_SCR + 256
(P_MONEY, P_BONUS_N, P_DS, P_PASSES, P_TMB, P_MMB, P_START, P_PLACE, P_COMPL, P_EXH, P_FAVP, P_BONP,
 P_MONEYPTS) = range(13)
P_BONUS = 16
PB = P_BONUS + N_BONUS
G_SIZE = G_PL + MAX_PLAYERS * PB

OPT_PIECE, OPT_PASS = 1000, 2000

# per-seat results (int64 rows)
(O_POLICY, O_SCORE, O_START, O_PLACE, O_COMPL, O_EXH, O_FAV, O_BON, O_MONEYPTS, O_RANK, O_WINNERS, O_MONEY, O_AREA,
 O_HALLWAYS, O_STAIRS, O_COMPLETED, O_BLOCKED, O_TMB, O_MMB, O_PASSES, O_ROUNDS, O_TURNS, O_END) = range(23)
O_BY_TYPE = 23
N_OUT = O_BY_TYPE + N_TYPES


@njit(cache=True, _nrt=False, inline="always")
def _log(G, EV, kind, player, a, b, c, d, e):
    n = G[G_NEV]
    if n >= EV.shape[0]:
        if EV.shape[0] > 0:   # an empty log (play_many) records nothing
            G[G_OVERFLOW] = 1
        return
    EV[n, 0] = kind
    EV[n, 1] = player
    EV[n, 2] = a
    EV[n, 3] = b
    EV[n, 4] = c
    EV[n, 5] = d
    EV[n, 6] = e
    G[G_NEV] = n + 1


@njit(cache=True, _nrt=False, inline="always")
def _choose(rng, n):
    """A hook's choice among n options: no draw with one (PROTOCOL.md 4)."""
    if n <= 1:
        return 0
    return below(rng, n)


@njit(cache=True, _nrt=False)
def _comb(n, k):
    if k < 0 or k > n:
        return 0
    c = 1
    for i in range(k):
        c = c * (n - i) // (i + 1)
    return c


# ---------------------------------------------------------------- setup (PROTOCOL.md 3)
@njit(cache=True, _nrt=False)
def _draw_bonus(G, RG, EV, rng, p, draw, keep):
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
        k = _choose(rng, h)
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
def setup(G, CS, R, RG, EV, rng, policies):
    """PROTOCOL.md 3, in its draw order."""
    for i in range(G.shape[0]):
        G[i] = 0
    n = RG[RG_N]
    G[G_N] = n
    m = 0
    if RG[RG_FIRST_RANDOM]:
        m = below(rng, n)
    for s in range(n):
        G[G_SEATPOL + s] = (s + m) % n
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
        _draw_bonus(G, RG, EV, rng, p, RG[RG_BDEAL], RG[RG_BKEEP])
    for k in range(MAX_SLOTS):
        G[G_SLOT + k] = -1
    _refill(G, RG, EV)


# ---------------------------------------------------------------- placing, rewards (PROTOCOL.md 5-6)
@njit(cache=True, _nrt=False)
def _place(G, CS, R, EV, rng, p, tile, keys, opts, cbuf):
    """Hook place over the distinct legal placements; PLACE and SCORE rows; completions to the queue."""
    C = CS[p]
    m = EC.legal_placements(C, R, tile, keys, opts)
    k = _choose(rng, m)
    rot = opts[k, 0]
    x = opts[k, 1]
    y = opts[k, 2]
    lv = opts[k, 3]
    gained = EC.add_tile(C, R, tile, rot, x, y, lv)
    idx = C[EC.H_N] - 1
    _log(G, EV, PLACE, p, tile, rot, x, y, lv)
    pts = EC.placement_points(C, R, idx)
    G[G_PL + p * PB + P_PLACE] += pts
    _log(G, EV, SCORE, p, tile, pts, 0, 0, 0)
    nc = EC.completions(C, idx, gained, cbuf)
    for i in range(nc):
        G[G_Q + G[G_QT]] = cbuf[i]
        G[G_QT] += 1


@njit(cache=True, _nrt=False)
def _act_options(G, CS, R, RG, p, extra):
    """The legal actions in canonical order into G[G_OPT:] (codes: slot, OPT_PIECE + piece, OPT_PASS)."""
    C = CS[p]
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
        if budget >= RG[RG_PRICE + slot] and EC.can_place(C, R, tile):
            G[G_OPT + n] = slot
            n += 1
    if G[G_SUP_H] > 0 and money >= RG[RG_PIECE] and EC.can_place(C, R, HALLWAY):
        G[G_OPT + n] = OPT_PIECE + HALLWAY
        n += 1
    if G[G_SUP_S] > 0 and money >= RG[RG_PIECE] and EC.can_place(C, R, STAIRS):
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
    C = CS[p]
    m = 0
    if G[G_SUP_H] > 0 and EC.can_place(C, R, HALLWAY):
        m |= 1
    if G[G_SUP_S] > 0 and EC.can_place(C, R, STAIRS):
        m |= 2
    return m


@njit(cache=True, _nrt=False)
def _sleeping(G, RG, EV, rng, p, policy):
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
                total += _comb(ns, k)
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
    elif policy == UNIFORM:
        q = below(rng, nsizes)
        for s in range(N_SIZES):
            if G[G_STN + s] > 0:
                if q == 0:
                    size = s
                    break
                q -= 1
        ns = G[G_STN + size]
        k = below(rng, min(mx, ns) + 1)
        j = below(rng, _comb(ns, k))
    else:
        q = below(rng, total)
        for s in range(N_SIZES):
            ns = G[G_STN + s]
            if ns == 0:
                continue
            for kk in range(min(mx, ns) + 1):
                c = _comb(ns, kk)
                if q < c:
                    size = s
                    k = kk
                    j = q
                    break
                q -= c
            if size >= 0:
                break
    at = G_STK + size * MAX_STACK
    ns = G[G_STN + size]
    srt = G[G_SCR:G_SCR + MAX_STACK]
    for i in range(ns):
        v = G[at + i]
        q = i
        while q > 0 and srt[q - 1] > v:
            srt[q] = srt[q - 1]
            q -= 1
        srt[q] = v
    picked = G[G_SCR + MAX_STACK:G_SCR + 2 * MAX_STACK]
    c0 = 0
    for i in range(k):   # the j-th k-subset in lexicographic order
        while True:
            cnt = _comb(ns - c0 - 1, k - i - 1)
            if j < cnt:
                break
            j -= cnt
            c0 += 1
        picked[i] = srt[c0]
        c0 += 1
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
def _give_reward(G, CS, R, RG, EV, rng, p, policy, kind, t, wild, keys, opts, cbuf):
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
            t = cbuf[_choose(rng, n)]
            _log(G, EV, LIVING_TARGET, p, C[EC.T_TILE + t], 0, 0, 0, 0)
        pts = EC.living_rescore(C, R, t)
        G[at + P_COMPL] += pts
        _log(G, EV, REWARD, p, kind, pts, wild, 0, 0)
    elif kind == ACTIVITY:
        G[at + P_COMPL] += RG[RG_ACT_PTS]
        _log(G, EV, REWARD, p, kind, RG[RG_ACT_PTS], wild, 0, 0)
    elif kind == SLEEPING:
        taken = _sleeping(G, RG, EV, rng, p, policy)
        _log(G, EV, REWARD, p, kind, max(taken, 0), wild, 1 if taken < 0 else 0, 0)
    elif kind == OUTDOOR:
        G[at + P_MONEY] += RG[RG_OUT_MONEY]
        _log(G, EV, REWARD, p, kind, RG[RG_OUT_MONEY], wild, 0, 0)
    elif kind == UTILITY:
        lost = 1 if G[G_BD_N] == 0 else 0
        _log(G, EV, REWARD, p, kind, min(RG[RG_UT_DRAW], G[G_BD_N]), wild, lost, 0)
        _draw_bonus(G, RG, EV, rng, p, RG[RG_UT_DRAW], RG[RG_UT_KEEP])
    elif kind == FOOD:
        _log(G, EV, REWARD, p, kind, 1, wild, 0, 0)
        return 1
    elif kind == CORRIDOR:
        piece = -1
        if not (RG[RG_CORR_ONCE] and G[G_CORR_USED]):
            G[G_CORR_USED] = 1
            mask = _corridor_kinds(G, CS, R, p)
            if mask != 0:
                if mask == 3:
                    piece = HALLWAY if _choose(rng, 2) == 0 else STAIRS
                else:
                    piece = HALLWAY if mask == 1 else STAIRS
                if piece == HALLWAY:
                    G[G_SUP_H] -= 1
                else:
                    G[G_SUP_S] -= 1
                _place(G, CS, R, EV, rng, p, piece, keys, opts, cbuf)
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
def _resolve(G, CS, R, RG, EV, rng, p, policy, keys, opts, cbuf):
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
            if policy == UNIFORM:
                w = below(rng, 7)
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
            extras += _give_reward(G, CS, R, RG, EV, rng, p, policy, w, -1, 1, keys, opts, cbuf)
        elif kind >= 0:
            extras += _give_reward(G, CS, R, RG, EV, rng, p, policy, kind, t, 0, keys, opts, cbuf)
    return extras


@njit(cache=True, _nrt=False)
def _action(G, CS, R, RG, EV, rng, p, policy, extra, keys, opts, cbuf):
    """One action of seat p (PROTOCOL.md 5 'A turn') and its completions; returns the food extras earned."""
    if RG[RG_SCOPE_ACTION] or not extra:
        G[G_CORR_USED] = 0
        G[G_DS_USED] = 0
    G[G_TURNS] += 1
    if extra:
        _log(G, EV, EXTRA_ACTION, p, 0, 0, 0, 0, 0)
    n = _act_options(G, CS, R, RG, p, extra)
    if n == 0:
        return 0
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
        _place(G, CS, R, EV, rng, p, piece, keys, opts, cbuf)
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
        _place(G, CS, R, EV, rng, p, tile, keys, opts, cbuf)
    return _resolve(G, CS, R, RG, EV, rng, p, policy, keys, opts, cbuf)


@njit(cache=True, _nrt=False)
def play_round(G, CS, R, RG, EV, rng, policies, keys, opts, cbuf):
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
    for k in range(RG[RG_NSLOTS]):
        G[G_SLOT + k] = -1
    for i in range(G[G_MKT_N]):
        tile = G[G_MKT_T + i]
        nf = 0
        for k in range(RG[RG_NSLOTS]):
            if G[G_SLOT + k] < 0:
                nf += 1
        q = _choose(rng, nf)
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
        policy = policies[G[G_SEATPOL + p]]
        todo = _action(G, CS, R, RG, EV, rng, p, policy, 0, keys, opts, cbuf)
        while todo > 0:
            todo -= 1
            todo += _action(G, CS, R, RG, EV, rng, p, policy, 1, keys, opts, cbuf)
    reason = -1
    if G[G_FINAL]:
        reason = 0
    elif r >= RG[RG_MAX_ROUNDS]:
        reason = 1
    _log(G, EV, ROUND_END, -1, r, G[G_FINAL], reason, 0, 0)
    G[G_END] = reason


# ---------------------------------------------------------------- the end (PROTOCOL.md 7)
@njit(cache=True, _nrt=False)
def final_scoring(G, CS, R, RG, FAV, BON, BKIND, BUNIT, out):
    """Exhausted stacks, favours, bonus cards, money; ranks by (score, area); per-seat rows into out."""
    n = G[G_N]
    mv = G[G_SCR:G_SCR + MAX_PLAYERS * K_SIZE].reshape((MAX_PLAYERS, K_SIZE))
    for p in range(n):
        C = CS[p]
        at = G_PL + p * PB
        EC.castle_metrics(C, R, mv[p])
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
            c = G[at + P_BONUS + i]
            if BKIND[c] == ALL_SIZES:
                ok = True
                for s in range(N_SIZES):
                    if mv[p, EC.M_COUNT_BY_SIZE + s] == 0:
                        ok = False
                bp += BUNIT[c] if ok else 0
            elif BKIND[c] == ALL_TYPES:
                ok = True
                for s in range(N_TYPES):
                    if mv[p, EC.M_COUNT_BY_TYPE + s] == 0:
                        ok = False
                bp += BUNIT[c] if ok else 0
            else:
                for k in range(K_SIZE):
                    bp += BON[c, k] * mv[p, k]
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
        o[O_AREA] = mv[p, EC.M_AREA]
        o[O_HALLWAYS] = mv[p, EC.M_HALLWAYS]
        o[O_STAIRS] = mv[p, EC.M_STAIRS]
        o[O_COMPLETED] = mv[p, EC.M_COMPLETED]
        o[O_BLOCKED] = mv[p, EC.M_BLOCKED]
        o[O_TMB] = G[at + P_TMB]
        o[O_MMB] = G[at + P_MMB]
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


@njit(cache=True, _nrt=False)
def play_game(G, CS, R, RG, EV, rng, policies, FAV, BON, BKIND, BUNIT, keys, opts, cbuf, out):
    """A whole game on the stream `rng`: setup, rounds until the end, final scoring. Returns the event rows."""
    setup(G, CS, R, RG, EV, rng, policies)
    while True:
        play_round(G, CS, R, RG, EV, rng, policies, keys, opts, cbuf)
        if G[G_END] >= 0 or G[G_OVERFLOW]:
            break
    final_scoring(G, CS, R, RG, FAV, BON, BKIND, BUNIT, out)
    return G[G_NEV]


SIZE_TILES = np.ascontiguousarray(data.SIZE_TILES)
SMALL_SIZE = np.array([s in data.SMALL_SIZES for s in range(N_SIZES)], np.int64)
TL_TYPE = np.ascontiguousarray(data.TILE_TYPE).astype(np.int64)
TL_SIZE = np.ascontiguousarray(data.TILE_SIZE).astype(np.int64)


class Pack:
    """Everything a game needs for one (rules, players): arrays built once, reused across games."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules, self.players = rules, players
        self.R = EC.rules_array(rules)
        self.RG = game_rules(rules, players)
        self.FAV, self.BON, self.BKIND, self.BUNIT = card_tables(rules)
        self.G = np.zeros(G_SIZE, np.int64)
        self.CS = np.zeros((MAX_PLAYERS, EC.castle_size(rules.grid_size)), np.int64)
        self.EV = np.zeros((MAX_EVENTS, 7), np.int64)
        self.keys = np.zeros(EC.MAX_CANDIDATES, np.int64)
        self.opts = np.zeros((EC.MAX_CANDIDATES, 4), np.int64)
        self.cbuf = np.zeros(2 * EC.MAX_TILES, np.int64)
        self.out = np.zeros((MAX_PLAYERS, N_OUT), np.int64)
        self.rng = np.zeros(4, np.uint64)


def _policy_codes(policies) -> np.ndarray:
    codes = np.zeros(MAX_PLAYERS, np.int64)
    for i, name in enumerate(policies):
        if name not in POLICY_CODES:
            raise ZoosimError(f"unknown castles policy {name!r} (accepted: {', '.join(POLICY_CODES)})")
        codes[i] = POLICY_CODES[name]
    return codes


def play_traced(rules: Rules, players: int, policies, seed: int, game_index: int, pack: Pack | None = None):
    """One game: (events as a list of 7-tuples, per-seat result rows int64 [players, N_OUT]). `policies` are names
    (uniform, random), one per policy index (rotated over the seats by first_mb)."""
    if len(policies) != players:
        raise ZoosimError(f"need one policy per seat ({players}), got {len(policies)}")
    pk = pack if pack is not None else Pack(rules, players)
    seed_stream(pk.rng, seed, game_index)
    n = play_game(pk.G, pk.CS, pk.R, pk.RG, pk.EV, pk.rng, _policy_codes(policies), pk.FAV, pk.BON, pk.BKIND,
                  pk.BUNIT, pk.keys, pk.opts, pk.cbuf, pk.out)
    if pk.G[G_OVERFLOW]:
        raise ZoosimError(f"castles play: more than {MAX_EVENTS} events")
    events = [tuple(int(v) for v in row) for row in pk.EV[:n]]
    return events, pk.out[:players].copy()


@njit(cache=True, nogil=True)
def play_many(R, RG, FAV, BON, BKIND, BUNIT, policies, seed, first_index, count, castle_len, rows):
    """Games first_index .. first_index + count - 1 without an event log; rows[g * players + seat, :] get the
    per-seat results (O_*). Releases the GIL: `play_block` runs one call per thread on disjoint ranges."""
    players = RG[RG_N]
    G = np.zeros(G_SIZE, np.int64)
    CS = np.zeros((MAX_PLAYERS, castle_len), np.int64)
    EV = np.zeros((0, 7), np.int64)
    rng = np.zeros(4, np.uint64)
    keys = np.zeros(EC.MAX_CANDIDATES, np.int64)
    opts = np.zeros((EC.MAX_CANDIDATES, 4), np.int64)
    cbuf = np.zeros(2 * EC.MAX_TILES, np.int64)
    out = np.zeros((MAX_PLAYERS, N_OUT), np.int64)
    for g in range(count):
        seed_stream(rng, seed, first_index + g)
        play_game(G, CS, R, RG, EV, rng, policies, FAV, BON, BKIND, BUNIT, keys, opts, cbuf, out)
        for p in range(players):
            for k in range(N_OUT):
                rows[g * players + p, k] = out[p, k]


def play_block(rules: Rules, players: int, policies, seed: int, first_index: int, count: int,
               threads: int = 1) -> np.ndarray:
    """Per-seat result rows [count * players, N_OUT] of games first_index .. first_index + count - 1, split
    over `threads` (results do not depend on it: each game has its own stream)."""
    if len(policies) != players:
        raise ZoosimError(f"need one policy per seat ({players}), got {len(policies)}")
    pk = Pack(rules, players)
    codes = _policy_codes(policies)
    rows = np.zeros((count * players, N_OUT), np.int64)
    size = EC.castle_size(rules.grid_size)
    cuts = [first_index + count * k // threads for k in range(threads + 1)]

    def run(k: int) -> None:
        a, b = cuts[k], cuts[k + 1]
        part = rows[(a - first_index) * players:(b - first_index) * players]
        play_many(pk.R, pk.RG, pk.FAV, pk.BON, pk.BKIND, pk.BUNIT, codes, seed, a, b - a, size, part)

    if threads <= 1:
        run(0)
    else:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(run, range(threads)))
    return rows
