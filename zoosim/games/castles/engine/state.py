"""The Castles game loop's layout (engine.game): event kinds, the game's rules `RG` (offsets RG_*, built by
`game_rules`), the favour and bonus-card tables over the metric vector (K_*, built by `card_tables` from the data
layer and spec §7), the state block `G` (offsets G_*, per-player P_* rows), the per-seat result columns (O_*) and the
small helpers every part of the loop uses (the event log, a uniform choice).

The njit parts (engine.setup, engine.rewards, engine.end, engine.greedy_heuristic, engine.game, play) freeze these
offsets as compile-time constants. numba keys its cache on each function's own file, but zoosim keys the whole cache
directory on every source under games/ (zoosim/__init__.py), so a change here recompiles them all; no stale copy can
be loaded.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.combinatorics import comb
from zoosim.core.rng import below
from zoosim.core.trace import emit_row
from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data
from zoosim.games.castles.engine import castle as EC
from zoosim.games.castles.engine import legal as EL
from zoosim.games.castles.engine import points as EP
from zoosim.games.castles.policies import (  # noqa: F401  (the loop's modules import them from here)
    DEFAULTS, GREEDY, GREEDY_WEIGHTS, HEURISTIC, N_POLICY_PARAMS, POLICY_CODES, RANDOM, SEARCH, UNIFORM,
)
from zoosim.games.castles.rules import Rules, validate


# policy codes and heuristic parameters: castles.policies (the seat's code is G[G_SEATCODE + p], its parameter row
# PW[p], greedy's the defaults)

(SEATS, FAVOR, BONUS_DRAW, BONUS_RETURN, MARKET_IN, CARD_EMPTY, ROUND_START, UPKEEP, PRICE, BUY_ROOM, BUY_PIECE,
 PASS, PLACE, SCORE, COMPLETE, REWARD, SLEEPING_TAKE, EXTRA_ACTION, ROUND_END, LIVING_TARGET, SEARCH_OPTION) = range(1, 22)

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

DEFAULT_PARAMS = np.array(DEFAULTS, np.float64)   # heuristic's defaults (PROTOCOL.md 8)
GREEDY_PARAMS = np.array(GREEDY_WEIGHTS, np.float64)   # greedy's fixed row

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
RG_CARDS = RG_EXCL + N_FAVORS      # card_tables: FAV [N_FAVORS, K_SIZE], BON [N_BONUS, K_SIZE], BKIND, BUNIT

# metric vector: engine.points' M_* then money and money // money_card_unit
K_MONEY = EP.M_SIZE
K_MONEY_UNITS = EP.M_SIZE + 1
K_SIZE = EP.M_SIZE + 2
ALL_NONE, ALL_SIZES, ALL_TYPES = 0, 1, 2
RG_FAV = RG_CARDS
RG_BON = RG_FAV + N_FAVORS * K_SIZE
RG_BKIND = RG_BON + N_BONUS * K_SIZE
RG_BUNIT = RG_BKIND + N_BONUS
RG_SIZE = RG_BUNIT + N_BONUS


# the Rules fields the loop reads as they are (a switch as 0 / 1), by offset; and those given per player count
RG_FIELDS = {
    RG_START_MONEY: "start_money", RG_BDEAL: "bonus_deal", RG_BKEEP: "bonus_keep", RG_UNSOLD: "unsold_increment",
    RG_PIECE: "piece_price", RG_PASS: "pass_income", RG_COINS_COUNT: "coins_count_toward_price",
    RG_MAX_ROUNDS: "max_rounds", RG_ACT_PTS: "activity_reward_points", RG_OUT_MONEY: "outdoor_reward_money",
    RG_UT_DRAW: "utility_reward_draw", RG_UT_KEEP: "utility_reward_keep", RG_SLEEP_MAX: "sleeping_reward_max_tiles",
    RG_FOOD_PASS: "food_extra_action_may_pass", RG_CORR_ONCE: "corridor_reward_once_per_turn",
    RG_DS_ONCE: "downstairs_reward_once_per_turn", RG_DS_EVERY: "downstairs_reward_every",
    RG_PIECES_REWARD: "pieces_give_rewards", RG_EXHAUST: "exhaust_bonus", RG_MONEY_PER_PT: "money_per_point",
    RG_MONEY_UNIT: "money_card_unit",
}
RG_PER_PLAYERS = {
    RG_SMALL: "small_stack", RG_LARGE: "large_stack", RG_STAIRS: "stairs", RG_HALL: "hallways",
    RG_MKT: "market_slots", RG_NFAV_PLAY: "favors_in_play",
}


def game_rules(rules: Rules, players: int) -> np.ndarray:
    """The rules the loop reads, per-player-count values for `players` (offsets RG_*)."""
    validate(rules, players)
    r = np.zeros(RG_SIZE, np.int64)
    prices = rules.for_players("price_slots", players)
    if len(prices) > MAX_SLOTS or rules.for_players("market_slots", players) > MAX_SLOTS:
        raise ZoosimError(f"castles play: at most {MAX_SLOTS} price slots and market slots")
    if sum(rules.room_card_composition) > MAX_DECK:
        raise ZoosimError(f"castles play: at most {MAX_DECK} room cards")
    for at, name in RG_FIELDS.items():
        r[at] = getattr(rules, name)
    for at, name in RG_PER_PLAYERS.items():
        r[at] = rules.for_players(name, players)
    r[RG_N] = players
    r[RG_DECK_KEEP] = rules.deck_cards_per_player * players
    r[RG_NSLOTS] = len(prices)
    r[RG_FIRST_RANDOM] = rules.first_mb == "random"
    r[RG_SKIP] = rules.on_empty_stack == "skip"
    r[RG_SCOPE_ACTION] = rules.once_per_turn_scope == "action"
    r[RG_LIV_ANY] = rules.ds_wild_living_target == "any_completed_room"
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
    fav, bon, kind, unit = card_tables(rules)
    r[RG_FAV:RG_BON] = fav.ravel()
    r[RG_BON:RG_BKIND] = bon.ravel()
    r[RG_BKIND:RG_BUNIT] = kind
    r[RG_BUNIT:RG_SIZE] = unit
    return r


_M_COUNT, _M_AREA, _M_SET, _M_MONEY = (data.METRICS.index(m) for m in ("count", "area_sqft", "set", "money"))
_SQUARE = (data.SIZES_SQFT.index(100), data.SIZES_SQFT.index(400))      # §7.2/7.3 square rooms: 100, 400
_CIRCULAR = (data.SIZES_SQFT.index(150), data.SIZES_SQFT.index(500))    # circular rooms: 150, 500
# the special cards (no type or size of their own), by source_key: the metric offsets they add up (castles-bonus.csv)
_FAVOR_SPECIAL = {
    "ExternalEntrancesFavor": (EP.M_ENTRANCES,), "CompletedRoomsFavor": (EP.M_COMPLETED,),
    "IncompleteRoomsFavor": (EP.M_INCOMPLETE,),
    "SmallRoomsFavor": tuple(EP.M_COUNT_BY_SIZE + s for s in data.SMALL_SIZES),
    "CircularRoomsFavor": tuple(EP.M_COUNT_BY_SIZE + s for s in _CIRCULAR),
    "LargeRoomsFavor": tuple(EP.M_COUNT_BY_SIZE + s for s in data.LARGE_SIZES),
    "SquareRoomsFavor": tuple(EP.M_COUNT_BY_SIZE + s for s in _SQUARE),
}
_BONUS_SPECIAL = {
    "GalleriesBonusCard": (EP.M_HALLWAYS,), "ExternalEntrancesBonusCard": (EP.M_ENTRANCES,),
    "SquareRoomsBonusCard": tuple(EP.M_COUNT_BY_SIZE + s for s in _SQUARE),
    "MoneyBonusCard": (K_MONEY_UNITS,),                # floor(money / money_card_unit) per unit
    "StairsBonusCard": (EP.M_STAIRS,), "CompletedRoomsBonusCard": (EP.M_COMPLETED,),
    "CircularRoomsBonusCard": tuple(EP.M_COUNT_BY_SIZE + s for s in _CIRCULAR),
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
            fav[f, EP.M_AREA_BY_TYPE + ttype] = 1
        elif ttype >= 0 and metric == _M_COUNT:
            fav[f, EP.M_COUNT_BY_TYPE + ttype] = 1
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
            bon[c, EP.M_COUNT_BY_TYPE + ttype] = u
        elif metric == _M_COUNT and size >= 0:
            bon[c, EP.M_COUNT_BY_SIZE + size] = u
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
G_KNOWN = 20                       # [2 per seat] bit t: can_place of tile t in seat p's castle is in G_CAN
G_CAN = G_KNOWN + 2 * MAX_PLAYERS  # [2 per seat] bit t: ... and it is True (both cleared when that castle changes)
G_SEATPOL = G_CAN + 2 * MAX_PLAYERS
G_SEATCODE = G_SEATPOL + MAX_PLAYERS
G_STN = G_SEATCODE + MAX_PLAYERS
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
G_PSCR = G_SCR + 256               # scratch of the scripted policies (engine.greedy_heuristic)
G_PL = G_PSCR + 192
(P_MONEY, P_BONUS_N, P_DS, P_PASSES, P_TMB, P_MMB, P_START, P_PLACE, P_COMPL, P_EXH, P_FAVP, P_BONP,
 P_MONEYPTS, P_PTS_MB, P_PTS_ROUND) = range(15)
P_BONUS = 16
PB = P_BONUS + N_BONUS
G_PHASE = G_PL + MAX_PLAYERS * PB  # where engine.game.play_on resumes: PH_START, PH_PRICE or PH_TURNS
G_TURNK = G_PHASE + 1              # PH_TURNS: the next seat to act is (MB + G[G_TURNK]) mod N
G_MBPTS = G_TURNK + 1              # the MB's placement and reward points when the round began (P_PTS_MB)
G_FORCED = G_MBPTS + 1             # a search seat's chosen act option code + 1 for its next action (0: none)
G_PLAN_SET = G_FORCED + 1          # 1: the MB's pricing plan (greedy_heuristic.PLAN) was set by a search
G_SIZE = G_PLAN_SET + 1
PH_START, PH_PRICE, PH_TURNS = 0, 1, 2
# what play_on stopped at: the round's end, or a search seat's decision (only when asked to stop there)
STOP_ROUND, STOP_PRICE, STOP_ACT = 0, 1, 2
assert data.N_TILES <= 128   # placeable's two words

OPT_PIECE, OPT_PASS = 1000, 2000

# per-seat results (int64 rows): the kernel's four first (blocks.play_kernel_block), then the log's own columns from
# O_START on in castles.columns.COLUMNS order (rooms by type last)
(O_SCORE, O_RANK, O_ROUNDS, O_TURNS, O_POLICY, O_WINNERS, O_START, O_PLACE, O_COMPL, O_EXH, O_FAV, O_BON, O_MONEYPTS,
 O_MONEY, O_AREA, O_HALLWAYS, O_STAIRS, O_COMPLETED, O_BLOCKED, O_TMB, O_MMB, O_PTS_MB, O_PASSES, O_END, O_POSITION,
 O_REFUSED) = range(26)
O_BY_TYPE = 26
N_OUT = O_BY_TYPE + N_TYPES


@njit(cache=True, _nrt=False, inline="always")
def _log(G, EV, kind, player, a, b, c, d, e):
    """One event row of seven (PROTOCOL.md 9); an empty log (play_many) records nothing, a full one sets G_OVERFLOW."""
    n = G[G_NEV]
    if n >= EV.shape[0] and EV.shape[0] > 0:
        G[G_OVERFLOW] = 1
    emit_row(G, G_NEV, EV, kind, player, a, b, c, d)
    if n < EV.shape[0]:
        EV[n, 6] = e


@njit(cache=True, _nrt=False)
def placeable(G, CS, R, p, tile):
    """EL.can_place(CS[p], R, tile), asked once per state of seat p's castle: the act options, the heuristic's locked
    rooms and the corridor rewards ask it of the same rooms, turn after turn until p lays a tile (`castle_changed`)."""
    word = 2 * p + (tile >> 6)
    bit = np.int64(1) << (tile & 63)
    if G[G_KNOWN + word] & bit:
        return (G[G_CAN + word] & bit) != 0
    ok = EL.can_place(CS[p], R, tile)
    G[G_KNOWN + word] |= bit
    if ok:
        G[G_CAN + word] |= bit
    return ok


@njit(cache=True, _nrt=False, inline="always")
def castle_changed(G, p):
    """Forget what `placeable` knew of seat p's castle: a tile was laid in it."""
    G[G_KNOWN + 2 * p] = 0
    G[G_KNOWN + 2 * p + 1] = 0
    G[G_CAN + 2 * p] = 0
    G[G_CAN + 2 * p + 1] = 0


@njit(cache=True, _nrt=False, inline="always")
def _choose(rng, n):
    """A hook's choice among n options: no draw with one (PROTOCOL.md 4)."""
    if n <= 1:
        return 0
    return below(rng, n)


@njit(cache=True, _nrt=False)
def sorted_stack(G, size, out):
    """Stack `size`'s tiles in ascending order into out[:n]; returns n (the sleeping_pick option order)."""
    at = G_STK + size * MAX_STACK
    ns = G[G_STN + size]
    for i in range(ns):
        v = G[at + i]
        q = i
        while q > 0 and out[q - 1] > v:
            out[q] = out[q - 1]
            q -= 1
        out[q] = v
    return ns


@njit(cache=True, _nrt=False)
def kth_subset(items, n, k, j, out):
    """The j-th k-subset of items[:n] in lexicographic order into out[:k] (PROTOCOL.md 4, sleeping_pick)."""
    c0 = 0
    for i in range(k):
        while True:
            cnt = comb(n - c0 - 1, k - i - 1)
            if j < cnt:
                break
            j -= cnt
            c0 += 1
        out[i] = items[c0]
        c0 += 1


# tables the njit parts read as constants
SIZE_TILES = np.ascontiguousarray(data.SIZE_TILES)
SMALL_SIZE = np.array([s in data.SMALL_SIZES for s in range(N_SIZES)], np.int64)
TL_TYPE = np.ascontiguousarray(data.TILE_TYPE).astype(np.int64)
TL_SIZE = np.ascontiguousarray(data.TILE_SIZE).astype(np.int64)
