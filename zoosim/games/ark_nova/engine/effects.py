"""Ark Nova's effect dispatcher in numba (spec §11, §12): a card's effect rows (`engine.state.PROG_*`, layouts in
`effects`) executed as reference.effects' `run` / `dispatch` execute them — same events, state and draws.

    F_EFFECT  (p, card, moment + 8 * end row, row * 64 + sub-step, CP gained by the previous row)
    F_WORKERS (p, workers still to hire)

An F_EFFECT frame walks the card's rows at one moment from its row to its end row (exclusive). A row's
unit first moves the frame to the next row, then executes; what it sets off (reputation, CP spaces, workers, a
building) is pushed above the frame and resolves before the next row, as the reference's nested calls. The one
looping row that builds (posturing) keeps its row and counts its sub-step instead. The frame's last field is the
CP the previous row gained (OTHERS_MONEY_PER_CP, R20). TRIGGER rows carry (event, scope) first; their own
arguments start two columns later (`effects` module doc).

`EXECUTED[moment, op]` = 1 where the engine executes the opcode: here, or (the after-action rows that perform a
whole action: ACTION, DETERMINATION, HYPNOSIS; WAZA's Small Animals extra play; `TOP_LEVEL`) in engine.actions,
started by the turn that empties the after-queue. A TOP_LEVEL row reaching an F_EFFECT frame, and anything not in
EXECUTED, sets G[G_UNSUPPORTED] = UNSUPPORTED_EFFECT and does nothing. Entry points that run a chain to its end are
engine.moments'.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.sort import sort_run
from zoosim.games.ark_nova.components import board
from zoosim.games.ark_nova.components.effects import METRIC, N_MOMENTS, SCOPE_ALL, Moment, Op
from zoosim.games.ark_nova.components.vocab import KIOSK, LARGE_BIRD_AVIARY, N_ICONS, ROCK, SCIENCE, WATER
from zoosim.games.ark_nova.engine.abilities import (
    assertion, coin, constriction, digging, dominance, hunter, perception, pilfering, resistance, scavenging,
    search_animal_class, sell_or_pouch, snapping, sponsor_magnet, venom,
)
from zoosim.games.ark_nova.engine.animals import animals_of_size, icon_counts
from zoosim.games.ark_nova.engine.build import connected, free_build2, posture_type_options, side_entrance_buildings
from zoosim.games.ark_nova.engine.cards import advance_break, move_card
from zoosim.games.ark_nova.engine.piles import draw_deck, take_card, to_hand
from zoosim.games.ark_nova.engine.state import (
    BONUS_CELLS, BORDER_CELLS, E_TOKEN, F_BUILD, F_EFFECT, FR_A, FR_B, FR_C, FR_D, FR_P, G_PL, G_PLAYERS, G_STACK_N,
    G_UNSUPPORTED, H_BOOST, H_CLEVER, H_POSTURE_TYPE, P_B_ANIMALS_N, P_B_KIND, P_BUILDINGS_N, P_COVERED, P_MULT_PENDING,
    P_REP, P_SIDE2, P_SIZE, P_SPONSORS, P_SPONSORS_N, P_SLOTS, P_SUPPORTS, P_UNIVS_N, P_X, PLAIN_CELLS, PROG_COUNT,
    PROG_OPS, PROG_START, ROCK_CELLS, SCR_EFFECT, SCR_TAKE, SOURCE_DECK, TRIGGER, WATER_CELLS, _around, _choose, _log,
    _ones, _push,
)
from zoosim.games.ark_nova.engine.tracks import _hire_worker, gain_leaf, push_gain
from zoosim.games.ark_nova.pack import R_PEACEFUL, R_PEACOCKING_NEEDS_BUILD2, R_PLACE_UNIQUE

UNSUPPORTED_EFFECT = 3          # G_UNSUPPORTED code: an effect row this module does not execute yet
ICONS_AT = SCR_EFFECT
BUILD_ACTION = 2
N_CELLS = board.N_CELLS

# metric indices (effects.METRICS)
M_ROCKWATER, M_SCIENCE, M_UNIV, M_KIOSKS, M_ENC1, M_SUPPORTS, M_REP = (
    METRIC[k] for k in ("rockwater", "science", "univ", "kiosks", "enc1_occupied", "supports", "rep"))
M_DCAT, M_DCONT, M_DKINDS, M_SMALL, M_LARGE, M_X, M_PAIRS = (METRIC[k] for k in (
    "distinct_categories", "distinct_continents", "distinct_kinds", "small_animals", "large_animals", "x_tokens",
    "rockwater_pairs"))
M_CW, M_CR, M_CB, M_CBE, M_UW, M_UR, M_UB = (METRIC[k] for k in (
    "connected_water", "connected_rock", "connected_bonus", "connected_border_empty", "unconnected_water",
    "unconnected_rock", "unconnected_bonus"))
M_SIXES, M_SIDE, M_WALL, M_RALL, M_BORDER, M_FULL = (METRIC[k] for k in (
    "empty_group_sixes", "side_entrance_buildings", "water_all_connected", "rock_all_connected", "border_covered",
    "full_cover"))
N_CATEGORIES = 7

OP = {op.name: int(op) for op in Op}
_DONE = {
    Moment.IMMEDIATE: ("GAIN", "GAIN_PER_METRIC", "GAIN_BY_TIERS", "OTHERS_MONEY_PER_CP", "DRAW_FROM_DECK",
                       "TAKE_CARDS", "HUNTER", "PERCEPTION", "SCAVENGING", "SNAPPING", "DIGGING", "SUNBATHING",
                       "POUCH", "JUMPING", "RESISTANCE", "ASSERTION", "DOMINANCE", "SPONSOR_MAGNET", "POSTURING",
                       "FREE_BUILDING", "PLACE_UNIQUE_BUILDING", "MULTIPLIER", "VENOM", "CONSTRICTION", "PILFERING",
                       "SEARCH_ANIMAL_CLASS"),
    Moment.AFTER_ACTION: ("CLEVER", "BOOST", "ACTION", "DETERMINATION", "HYPNOSIS"),   # the last three: engine.actions
    Moment.INCOME: ("GAIN", "GAIN_PER_METRIC", "GAIN_BY_TIERS", "TAKE_CARDS"),
    Moment.TRIGGER: ("GAIN", "GAIN_PAIR", "HUNTER_X", "PERCEPTION", "SUNBATHING", "POUCH", "CLEVER", "FREE_BUILDING"),
    Moment.END_GAME: ("GAIN_PER_METRIC", "GAIN_BY_TIERS"),
    Moment.PASSIVE: ("OKAPI", "WAZA_SMALL_EXTRA_PLAY"),   # Okapi's play (engine.triggers), WAZA's (engine.actions)
}
EXECUTED = np.zeros((N_MOMENTS, 1 + max(int(op) for op in Op)), np.int64)
for _m, _names in _DONE.items():
    for _n in _names:
        EXECUTED[int(_m), OP[_n]] = 1
TOP_LEVEL = np.zeros_like(EXECUTED)   # executed by engine.actions at the top of a turn (they perform an action)
for _m, _n in ((Moment.AFTER_ACTION, "ACTION"), (Moment.AFTER_ACTION, "DETERMINATION"),
               (Moment.AFTER_ACTION, "HYPNOSIS"), (Moment.PASSIVE, "WAZA_SMALL_EXTRA_PLAY")):
    TOP_LEVEL[int(_m), OP[_n]] = 1

(O_GAIN, O_PAIR, O_METRIC, O_TIERS, O_OTHERS, O_DRAW, O_TAKE, O_HUNTER, O_HUNTER_X, O_PERCEPTION, O_SCAVENGING,
 O_SNAPPING, O_DIGGING, O_SUNBATHING, O_POUCH, O_JUMPING, O_RESISTANCE, O_ASSERTION, O_DOMINANCE, O_MAGNET,
 O_POSTURING, O_FREE, O_UNIQUE, O_MULTIPLIER, O_VENOM, O_CONSTRICTION, O_PILFERING, O_CLEVER, O_BOOST, O_SEARCH) = (
    OP[k] for k in ("GAIN", "GAIN_PAIR", "GAIN_PER_METRIC", "GAIN_BY_TIERS", "OTHERS_MONEY_PER_CP",
                    "DRAW_FROM_DECK", "TAKE_CARDS", "HUNTER", "HUNTER_X", "PERCEPTION", "SCAVENGING", "SNAPPING",
                    "DIGGING", "SUNBATHING", "POUCH", "JUMPING", "RESISTANCE", "ASSERTION", "DOMINANCE",
                    "SPONSOR_MAGNET", "POSTURING", "FREE_BUILDING", "PLACE_UNIQUE_BUILDING", "MULTIPLIER", "VENOM",
                    "CONSTRICTION", "PILFERING", "CLEVER", "BOOST", "SEARCH_ANIMAL_CLASS"))


# ---------------------------------------------------------------- metrics (reference.effects.metric)
@njit(cache=True, _nrt=False)
def _groups_of_six(empty):
    """Sum over the connected groups of `empty` cells of size // 6 (iterative flood fill)."""
    total = 0
    seen = 0
    for c in range(N_CELLS):
        bit = np.int64(1) << c
        if empty & bit and not seen & bit:
            group = 0
            frontier = bit
            while frontier:
                group |= frontier
                frontier = _around(group) & empty & ~group
            seen |= group
            total += _ones(group) // 6
    return total


@njit(cache=True, _nrt=False)
def metric(G, p, m, scope):
    """reference.effects.metric: what player p's zoo (icons: every zoo with SCOPE_ALL) measures by metric m."""
    b = G_PL + p * P_SIZE
    if m < N_ICONS:
        total = 0
        for q in range(G[G_PLAYERS]):
            if q == p or scope == SCOPE_ALL:
                icon_counts(G, q, ICONS_AT)
                total += G[ICONS_AT + m]
        return total
    icon_counts(G, p, ICONS_AT)
    cov = G[b + P_COVERED]
    conn = connected(G, p)
    if m == M_ROCKWATER:
        return G[ICONS_AT + ROCK] + G[ICONS_AT + WATER]
    if m == M_SCIENCE:
        return G[ICONS_AT + SCIENCE]
    if m == M_UNIV:
        return G[b + P_UNIVS_N]
    if m == M_KIOSKS or m == M_ENC1:
        n = 0
        for i in range(G[b + P_BUILDINGS_N]):
            kind = G[b + P_B_KIND + i]
            if (m == M_KIOSKS and kind == KIOSK) or (m == M_ENC1 and kind == 0 and G[b + P_B_ANIMALS_N + i] > 0):
                n += 1
        return n
    if m == M_SUPPORTS:
        return G[b + P_SUPPORTS]
    if m == M_REP:
        return G[b + P_REP]
    if m == M_DCAT or m == M_DCONT or m == M_DKINDS:
        lo = N_CATEGORIES if m == M_DCONT else 0
        hi = N_CATEGORIES if m == M_DCAT else SCIENCE
        n = 0
        for k in range(lo, hi):
            if G[ICONS_AT + k] > 0:
                n += 1
        return n
    if m == M_SMALL or m == M_LARGE:
        return animals_of_size(G, p, m == M_LARGE)
    if m == M_X:
        return G[b + P_X]
    if m == M_PAIRS:
        return min(G[ICONS_AT + ROCK], G[ICONS_AT + WATER])
    if m == M_CW:
        return _ones(conn & WATER_CELLS)
    if m == M_CR:
        return _ones(conn & ROCK_CELLS)
    if m == M_CB:
        return _ones(conn & BONUS_CELLS)
    if m == M_CBE:
        return _ones(conn & BORDER_CELLS & PLAIN_CELLS & ~cov)
    if m == M_UW:
        return _ones(WATER_CELLS & ~conn)
    if m == M_UR:
        return _ones(ROCK_CELLS & ~conn)
    if m == M_UB:
        return _ones(BONUS_CELLS & ~conn)
    if m == M_SIXES:
        return _groups_of_six(PLAIN_CELLS & ~cov)
    if m == M_SIDE:
        return side_entrance_buildings(G, p)
    if m == M_WALL:
        return 1 if WATER_CELLS & ~conn == 0 else 0
    if m == M_RALL:
        return 1 if ROCK_CELLS & ~conn == 0 else 0
    if m == M_BORDER:
        return 1 if BORDER_CELLS & PLAIN_CELLS & ~cov == 0 else 0
    if m == M_FULL:
        return 1 if PLAIN_CELLS & ~cov == 0 else 0
    return 0


# ---------------------------------------------------------------- workers hired one by one
@njit(cache=True, _nrt=False)
def workers_unit(G, R, EV, rng, fr):
    """F_WORKERS: one worker per unit, each resolved (its CP) before the next."""
    if G[fr + FR_A] <= 0:
        G[G_STACK_N] -= 1
        return
    G[fr + FR_A] -= 1
    _hire_worker(G, R, EV, G[fr + FR_P])


# ---------------------------------------------------------------- one row
@njit(cache=True, _nrt=False)
def _gain_rows(G, R, EV, p, op, row, a):
    """GAIN / GAIN_PAIR / GAIN_PER_METRIC / GAIN_BY_TIERS; returns the CP gained (R20)."""
    resource = PROG_OPS[row, a]
    if op == O_GAIN:
        amount = PROG_OPS[row, a + 1]
    elif op == O_PAIR:
        push_gain(G, R, EV, p, resource, PROG_OPS[row, a + 1])
        push_gain(G, R, EV, p, PROG_OPS[row, a + 2], PROG_OPS[row, a + 3])
        return 0
    elif op == O_METRIC:
        count = metric(G, p, PROG_OPS[row, a + 1], PROG_OPS[row, a + 5]) // max(PROG_OPS[row, a + 3], 1)
        cap = PROG_OPS[row, a + 4]
        if cap > 0:
            count = min(count, cap)
        amount = PROG_OPS[row, a + 2] * count
    else:
        value = metric(G, p, PROG_OPS[row, a + 1], 0)
        amount = 0
        for t in range(3):
            th = PROG_OPS[row, a + 2 + 2 * t]
            if th > 0 and value >= th:
                amount = PROG_OPS[row, a + 3 + 2 * t]
    push_gain(G, R, EV, p, resource, amount)
    return amount if resource == 4 and amount > 0 else 0


@njit(cache=True, _nrt=False)
def _posturing(G, R, EV, rng, fr, p, k, sub, times):
    """Up to `times`: a free kiosk or pavilion (COIN, POSTURE_TYPE), each built before the next is asked."""
    if sub >= times:
        return
    at = SCR_EFFECT + 16
    n = posture_type_options(G, R, p, at)
    if n == 0 or coin(G, EV, rng, p) == 0:
        return
    kind = G[at + _choose(G, EV, rng, p, H_POSTURE_TYPE, n)]
    G[fr + FR_C] = k * 64 + sub + 1             # come back to this row
    _push(G, F_BUILD, p, kind, free_build2(G, R, p), 0, 0)


@njit(cache=True, _nrt=False)
def effect_unit(G, R, EV, rng, fr):
    """F_EFFECT: the frame's next row (reference.effects.run / dispatch)."""
    p = G[fr + FR_P]
    card = G[fr + FR_A]
    moment = G[fr + FR_B] & 7
    end = G[fr + FR_B] >> 3
    k = G[fr + FR_C] >> 6
    sub = G[fr + FR_C] & 63
    if k >= end:
        G[G_STACK_N] -= 1
        return
    G[fr + FR_C] = (k + 1) * 64
    row = PROG_START[R[R_PEACEFUL], card, moment] + k
    op = PROG_OPS[row, 0]
    a = 3 if moment == TRIGGER else 1           # first argument column
    x = PROG_OPS[row, a]
    b = G_PL + p * P_SIZE
    if not EXECUTED[moment, op] or TOP_LEVEL[moment, op]:
        G[G_UNSUPPORTED] = UNSUPPORTED_EFFECT   # (TOP_LEVEL rows belong to the turn: engine.actions)
        return
    cp = 0
    if op == O_OTHERS:
        for q in range(G[G_PLAYERS]):
            if q != p:
                gain_leaf(G, R, EV, q, 1, x * G[fr + FR_D])
        return
    if op == O_GAIN or op == O_PAIR or op == O_METRIC or op == O_TIERS:
        cp = _gain_rows(G, R, EV, p, op, row, a)
    elif op == O_DRAW:
        for _ in range(x):
            to_hand(G, EV, p, draw_deck(G, R, EV, rng), SOURCE_DECK)
    elif op == O_TAKE:
        for _ in range(x):
            take_card(G, R, EV, rng, p, SCR_TAKE)
    elif op == O_HUNTER:
        hunter(G, R, EV, rng, p, x)
    elif op == O_HUNTER_X:
        icon_counts(G, p, ICONS_AT)
        hunter(G, R, EV, rng, p, G[ICONS_AT + PROG_OPS[row, 1]])
    elif op == O_PERCEPTION:
        perception(G, R, EV, rng, p, x, PROG_OPS[row, a + 1])
    elif op == O_SCAVENGING:
        scavenging(G, EV, rng, p, x)
    elif op == O_SNAPPING:
        snapping(G, R, EV, rng, p, x)
    elif op == O_DIGGING:
        digging(G, R, EV, rng, p, x)
    elif op == O_SUNBATHING or op == O_POUCH:
        sell_or_pouch(G, R, EV, rng, p, card, x, PROG_OPS[row, a + 1], op == O_POUCH)
    elif op == O_JUMPING:
        advance_break(G, R, EV, p, x)
        gain_leaf(G, R, EV, p, 1, x)
    elif op == O_RESISTANCE:
        resistance(G, EV, rng, p, x)
    elif op == O_ASSERTION:
        assertion(G, EV, rng, p)
    elif op == O_DOMINANCE:
        dominance(G, EV, p, x)
    elif op == O_MAGNET:
        sponsor_magnet(G, EV, p)
    elif op == O_POSTURING:
        _posturing(G, R, EV, rng, fr, p, k, sub, x)
    elif op == O_FREE:
        if not (x == LARGE_BIRD_AVIARY and R[R_PEACOCKING_NEEDS_BUILD2] and not G[b + P_SIDE2 + BUILD_ACTION]):
            _push(G, F_BUILD, p, x, free_build2(G, R, p), 0, 0)
    elif op == O_UNIQUE:
        if R[R_PLACE_UNIQUE]:
            _push(G, F_BUILD, p, x, G[b + P_SIDE2 + BUILD_ACTION], 0, 0)
    elif op == O_MULTIPLIER:
        G[b + P_MULT_PENDING + x] += 1
        _log(G, EV, E_TOKEN, p, 0, x, 0, 0)
    elif op == O_VENOM:
        venom(G, R, EV, p, x)
    elif op == O_CONSTRICTION:
        constriction(G, R, EV, p)
    elif op == O_PILFERING:
        pilfering(G, R, EV, rng, p, x)
    elif op == O_CLEVER:
        move_card(G, p, G[b + P_SLOTS + _choose(G, EV, rng, p, H_CLEVER, 5)], 1, False)
    elif op == O_BOOST:
        move_card(G, p, x, 1 if _choose(G, EV, rng, p, H_BOOST, 2) == 0 else 5, False)
    elif op == O_SEARCH:
        search_animal_class(G, R, EV, rng, p)
    G[fr + FR_D] = cp


@njit(cache=True, _nrt=False)
def push_effects(G, R, p, card, moment, first, end):
    """An F_EFFECT frame for rows first..end-1 of the card at `moment` (end -1: to its last row)."""
    if end < 0:
        end = PROG_COUNT[R[R_PEACEFUL], card, moment]
    _push(G, F_EFFECT, p, card, moment + 8 * end, first * 64, 0)



@njit(cache=True, _nrt=False)
def sponsors_by_id(G, p, at):
    """The player's sponsors copied to G[at:] in ascending card-id order (card rows ascend with ids), as income and
    the end run their effects; returns how many."""
    b = G_PL + p * P_SIZE
    n = G[b + P_SPONSORS_N]
    for i in range(n):
        G[at + i] = G[b + P_SPONSORS + i]
    sort_run(G, at, n)  # a zoo holds few sponsors
    return n
