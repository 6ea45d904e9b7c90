"""Ark Nova in numba: a player's score and what a final scoring card is worth (spec §13.1-§13.2 step 3) —
reference.game.score, final_metric and final_card_cp. The sponsor end effects (§13.2 step 2) need the card-effect
dispatcher and come with it.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.vocab import CATEGORY_ICONS, ROCK, SCIENCE, WATER
from zoosim.games.ark_nova.engine.animals import animals_of_size, icon_counts
from zoosim.games.ark_nova.engine.build import connected
from zoosim.games.ark_nova.engine.state import (
    BORDER_CELLS, G_PL, G_PLAYERS, P_APPEAL, P_COVERED, P_CP, P_REP, P_SIZE, P_SPONSORS_N, P_SUPPORTS, PLAIN_CELLS,
    ROCK_CELLS, WATER_CELLS, _ones,
)
from zoosim.games.ark_nova.pack import R_CP_POINTS, R_MAX_APPEAL, R_MAX_CP, R_MAX_FINAL_CARD_CP

C_FINAL_METRIC = cards.CARDS.final_metric.astype(np.int64)
C_FINAL_THRESHOLDS = np.ascontiguousarray(cards.CARDS.final_thresholds.astype(np.int64))
C_FINAL_CP = np.ascontiguousarray(cards.CARDS.final_cp.astype(np.int64))
(LARGE_ANIMALS, SMALL_ANIMALS, SCIENCE_ICONS, ARCHITECTURE, SUPPORTS, EMPTY_SPACES, REPUTATION, SPONSORS,
 CATEGORY_MAJORITY, ROCK_ICONS, WATER_ICONS) = range(11)
assert cards.FINAL_METRICS == ("large_animals", "small_animals", "science_icons", "architecture", "supports",
                               "empty_spaces", "reputation", "sponsors", "category_majority_vs_previous",
                               "rock_icons", "water_icons")
FIRST_CATEGORY, LAST_CATEGORY = CATEGORY_ICONS[0], CATEGORY_ICONS[-1]


@njit(cache=True, _nrt=False)
def score(G, R, q):
    """§13.1: appeal + the CP track's value, both clamped."""
    b = G_PL + q * P_SIZE
    return min(G[b + P_APPEAL], R[R_MAX_APPEAL]) + R[R_CP_POINTS + min(max(G[b + P_CP], 0), R[R_MAX_CP])]


@njit(cache=True, _nrt=False)
def final_metric(G, q, metric, at):
    """§13.2: the count a final card measures (G[at:at + 30] is scratch for two icon counts)."""
    b = G_PL + q * P_SIZE
    if metric == LARGE_ANIMALS or metric == SMALL_ANIMALS:
        return animals_of_size(G, q, metric == LARGE_ANIMALS)
    if metric == ARCHITECTURE:
        conn = connected(G, q)
        cov = G[b + P_COVERED]
        return ((1 if WATER_CELLS & ~conn == 0 else 0) + (1 if ROCK_CELLS & ~conn == 0 else 0)
                + (1 if PLAIN_CELLS & ~cov == 0 else 0) + (1 if BORDER_CELLS & PLAIN_CELLS & ~cov == 0 else 0))
    if metric == SUPPORTS:
        return G[b + P_SUPPORTS]
    if metric == EMPTY_SPACES:
        return _ones(PLAIN_CELLS & ~G[b + P_COVERED])
    if metric == REPUTATION:
        return G[b + P_REP]
    if metric == SPONSORS:
        return G[b + P_SPONSORS_N]
    icon_counts(G, q, at)
    if metric == SCIENCE_ICONS:
        return G[at + SCIENCE]
    if metric == ROCK_ICONS:
        return G[at + ROCK]
    if metric == WATER_ICONS:
        return G[at + WATER]
    icon_counts(G, (q - 1) % G[G_PLAYERS], at + 15)          # category majority over the previous seat
    n = 0
    for k in range(FIRST_CATEGORY, LAST_CATEGORY + 1):
        if G[at + k] > G[at + 15 + k]:
            n += 1
    return min(4, n)


@njit(cache=True, _nrt=False)
def final_card_cp(G, R, q, card, at):
    """§13.2 step 3: the CP of the highest threshold the card's metric reaches, at most max_final_card_cp."""
    value = final_metric(G, q, C_FINAL_METRIC[card], at)
    best = 0
    for k in range(C_FINAL_THRESHOLDS.shape[1]):
        if value >= C_FINAL_THRESHOLDS[card, k]:
            best = C_FINAL_CP[card, k]
    return min(best, R[R_MAX_FINAL_CARD_CP])
