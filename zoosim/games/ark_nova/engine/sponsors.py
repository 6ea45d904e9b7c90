"""Ark Nova in numba: which sponsor cards may be played (spec §5.5, §6.9, §8.2, §12.6) — reference.actions'
`sponsor_playable`, the SPONSOR_PLAY card options of the Sponsors action (`sponsor_options`), of the sponsor tile
and of Okapi Stable, with the same answers in the same canonical order. Options are (source, card row) pairs as
engine.animals' (source -1 = hand, f = display folder f); `acting` is the side-II bit mask of the acting cards.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.engine.animals import conditions_hold, icon_counts
from zoosim.games.ark_nova.engine.build import footprints
from zoosim.games.ark_nova.engine.piles import range_folders
from zoosim.games.ark_nova.engine.state import (
    G_DISPLAY, G_PL, IMMEDIATE, P_HAND, P_HAND_N, P_MONEY, P_SIDE2, P_SIZE, PROG_COUNT, PROG_OPS, PROG_START, SCR_HOMES,
    SCR_ICONS,
)
from zoosim.games.ark_nova.pack import R_PEACEFUL, R_PLACE_UNIQUE

C_KIND = cards.CARDS.kind.astype(np.int64)
C_LEVEL = cards.CARDS.level.astype(np.int64)
SPONSOR = cards.SPONSOR
OP_PLACE_UNIQUE = int(Op.PLACE_UNIQUE_BUILDING)
BUILD_ACTION = 2
TILE_SPONSOR_LEVEL = 5   # rules.BONUS_SPONSOR_RULES "hand_level5_free"


@njit(cache=True, _nrt=False)
def sponsor_playable(G, R, p, card, budget, extra, acting, icons_at):
    """A sponsor of level <= budget, `extra` money payable (a folder's number), its conditions met and, with
    place_unique_buildings, room for its unique building (§6.9)."""
    if C_KIND[card] != SPONSOR or C_LEVEL[card] > budget or extra > G[G_PL + p * P_SIZE + P_MONEY]:
        return False
    if not conditions_hold(G, R, p, card, acting, icons_at):
        return False
    if R[R_PLACE_UNIQUE]:
        peaceful = R[R_PEACEFUL]
        start = PROG_START[peaceful, card, IMMEDIATE]
        build2 = G[G_PL + p * P_SIZE + P_SIDE2 + BUILD_ACTION]
        for r in range(start, start + PROG_COUNT[peaceful, card, IMMEDIATE]):
            if PROG_OPS[r, 0] == OP_PLACE_UNIQUE and footprints(G, R, p, PROG_OPS[r, 1], build2, SCR_HOMES, 1) == 0:
                return False
    return True


@njit(cache=True, _nrt=False)
def sponsor_options(G, R, p, budget, side2, acting, at):
    """SPONSOR_PLAY card options (hook 24, without the stop): playable hand sponsors in hand order, then (side II)
    playable folders in range. Pairs at G[at:]; returns their count."""
    b = G_PL + p * P_SIZE
    icon_counts(G, p, SCR_ICONS)
    n = 0
    for i in range(G[b + P_HAND_N]):
        card = G[b + P_HAND + i]
        if sponsor_playable(G, R, p, card, budget, 0, acting, SCR_ICONS):
            G[at + 2 * n] = -1
            G[at + 2 * n + 1] = card
            n += 1
    if side2:
        for f in range(1, range_folders(G, R, p) + 1):
            card = G[G_DISPLAY + f - 1]
            if card >= 0 and sponsor_playable(G, R, p, card, budget, f, acting, SCR_ICONS):
                G[at + 2 * n] = f
                G[at + 2 * n + 1] = card
                n += 1
    return n


@njit(cache=True, _nrt=False)
def hand_sponsor_options(G, R, p, budget, at):
    """The sponsor tile's (budget 5) and Okapi Stable's (budget = money) options: playable hand sponsors under the
    player's own sides (R8), (-1, card) pairs in hand order."""
    b = G_PL + p * P_SIZE
    acting = 0
    for a in range(5):
        if G[b + P_SIDE2 + a]:
            acting |= 1 << a
    return sponsor_options(G, R, p, budget, False, acting, at)
