"""Ark Nova setup in numba (spec §3, PROTOCOL.md 2): the same draws in the same order as
`reference.state.setup`, the same event rows (the KEEP decisions and the discards of the cards not kept), on the
state block of engine.state. Rules arrive packed (`pack.pack`, offsets R_*).

The KEEP options (the hand_keep-subsets of the dealt positions, lexicographic; for the opening card's seat only
those holding position 0) are never listed: the chosen index is unranked into its subset (`_unrank_subset`).
"""
from __future__ import annotations

from numba import njit

from zoosim.core.combinatorics import comb
from zoosim.core.rng import shuffle
from zoosim.games.ark_nova.components.vocab import CONTINENT_ICONS
from zoosim.games.ark_nova.engine.state import (
    BASE_ROWS, BLOCKED, CARD_ID, E_DISCARD, FINAL_ROWS, FREE, G_BASE_PILE, G_BASE_PILE_N, G_BASE_PROJECTS,
    G_BASE_PROJECTS_N, G_BOARD_PARTNERS, G_BOARD_UNIVS, G_BREAK_TRIGGER, G_DECK, G_DECK_HEAD, G_DECK_N, G_DISCARD,
    G_DISCARD_N, G_DISPLAY, G_DISPLAY_N, G_END_REASON, G_FINAL_PILE, G_FINAL_PILE_N, G_GAME_INDEX, G_PL, G_PLAYERS,
    G_POLICY, G_SLOT_ON, G_SLOTS, G_TILES, G_TILES_N, H_KEEP, MAX_DISPLAY, MAX_HAND_DRAW, MAX_TILES_PER_SPACE,
    N_ANIMAL_CARDS, N_BASE, N_BONUS_SLOTS, N_FINALS, N_ZOO, P_APPEAL, P_B_KIND, P_B_MASK, P_BONUS_TOKENS, P_BUILDINGS_N,
    P_COVERED, P_FINALS, P_FINALS_N, P_HAND, P_HAND_N, P_HOME, P_MONEY, P_REP, P_SIZE, P_SLOTS, P_WAZA_CLASS,
    P_WORKERS_ACTIVE, P_WORKERS_SUPPLY, PROJECT_ROW0, SCR_SETUP, START_B_KIND, START_B_MASK, ZOO_ROWS, _choose, _log,
)
from zoosim.games.ark_nova.pack import (
    R_BASE_PROJECTS_SHOWN, R_BONUS_TILES_N, R_BONUS_TILES_PER_SPACE, R_DISPLAY_SIZE, R_FINAL_DEALT, R_HAND_DRAW,
    R_HAND_KEEP, R_OPENING_CARD, R_OPENING_CARD_SEAT, R_PLAYERS, R_RANDOM_ACTION_ORDER, R_START_APPEAL, R_START_MONEY,
    R_START_REPUTATION, R_TWO_PLAYER_BLOCKS, R_WORKERS_START, R_WORKERS_TOTAL,
)

_CONTINENTS_MASK = sum(1 << k for k in CONTINENT_ICONS)


@njit(cache=True, _nrt=False)
def _unrank_subset(G, at, first, n, k, index):
    """Write the `index`-th k-subset of first..first+n-1 in lexicographic order to G[at:at + k]."""
    x = first
    for j in range(k):
        while True:
            below_x = comb(first + n - x - 1, k - j - 1)   # subsets that take x next
            if index < below_x:
                break
            index -= below_x
            x += 1
        G[at + j] = x
        x += 1


@njit(cache=True, _nrt=False)
def _pop_top(G, at_n, at):
    """Take the top (index 0) of a short pile kept at G[at:at + G[at_n]], shifting the rest up."""
    top = G[at]
    n = G[at_n]
    for i in range(n - 1):
        G[at + i] = G[at + i + 1]
    G[at_n] = n - 1
    return top


@njit(cache=True, _nrt=False)
def _keep_opening_hand(G, R, EV, rng, seat, dealt_at):
    """KEEP (PROTOCOL.md 2.10): kept cards to the hand in dealt order, the others discarded in dealt order."""
    draw = R[R_HAND_DRAW]
    keep = R[R_HAND_KEEP]
    opening = R[R_OPENING_CARD] >= 0 and seat == R[R_OPENING_CARD_SEAT]
    kept_at = SCR_SETUP + MAX_HAND_DRAW * 4
    if opening:     # the subsets holding position 0 come first and are position 0 + the (keep-1)-subsets of 1..
        k = _choose(G, EV, rng, seat, H_KEEP, comb(draw - 1, keep - 1))
        G[kept_at] = 0
        _unrank_subset(G, kept_at + 1, 1, draw - 1, keep - 1, k)
    else:
        k = _choose(G, EV, rng, seat, H_KEEP, comb(draw, keep))
        _unrank_subset(G, kept_at, 0, draw, keep, k)
    b = G_PL + seat * P_SIZE
    j = 0
    for i in range(draw):
        card = G[dealt_at + i]
        if j < keep and G[kept_at + j] == i:
            G[b + P_HAND + G[b + P_HAND_N]] = card
            G[b + P_HAND_N] += 1
            j += 1
        else:
            G[G_DISCARD + G[G_DISCARD_N]] = card
            G[G_DISCARD_N] += 1
            _log(G, EV, E_DISCARD, seat, CARD_ID[card], 0, 0, 0)


@njit(cache=True, _nrt=False)
def _new_player(G, R, p):
    b = G_PL + p * P_SIZE
    G[b + P_MONEY] = R[R_START_MONEY]
    G[b + P_APPEAL] = R[R_START_APPEAL + p]
    G[b + P_REP] = R[R_START_REPUTATION]
    G[b + P_WORKERS_ACTIVE] = R[R_WORKERS_START]
    G[b + P_WORKERS_SUPPLY] = R[R_WORKERS_TOTAL] - R[R_WORKERS_START]
    G[b + P_WAZA_CLASS] = -1
    G[b + P_BONUS_TOKENS] = (1 << N_BONUS_SLOTS) - 1
    for a in range(5):
        G[b + P_SLOTS + a] = a
    for i in range(N_ANIMAL_CARDS):
        G[b + P_HOME + i] = -1
    covered = 0
    for i in range(START_B_KIND.shape[0]):
        G[b + P_B_KIND + i] = START_B_KIND[i]
        G[b + P_B_MASK + i] = START_B_MASK[i]
        covered |= START_B_MASK[i]
    G[b + P_BUILDINGS_N] = START_B_KIND.shape[0]
    G[b + P_COVERED] = covered


@njit(cache=True, _nrt=False)
def setup(G, R, EV, rng):
    """PROTOCOL.md 2 on a fresh block: every draw and decision in its order (decisions by the seats' policies, which
    with the game's seed and index are kept: G_POLICY .. G_GAME_INDEX, set by engine.game.set_policies)."""
    for i in range(G.shape[0]):
        if i < G_POLICY or i > G_GAME_INDEX:
            G[i] = 0
    n = R[R_PLAYERS]
    G[G_PLAYERS] = n
    G[G_END_REASON] = -1
    G[G_BREAK_TRIGGER] = -1
    G[G_BOARD_PARTNERS] = _CONTINENTS_MASK
    G[G_BOARD_UNIVS] = 7
    for p in range(n):
        _new_player(G, R, p)
    # 1-4: the zoo deck, the base projects, the final cards, the bonus tiles, each shuffled in id order
    for i in range(N_ZOO):
        G[G_DECK + i] = ZOO_ROWS[i]
    G[G_DECK_HEAD] = 0
    G[G_DECK_N] = N_ZOO
    shuffle(G[G_DECK:G_DECK + N_ZOO], N_ZOO, rng)
    for i in range(N_BASE):
        G[G_BASE_PILE + i] = BASE_ROWS[i]
    G[G_BASE_PILE_N] = N_BASE
    shuffle(G[G_BASE_PILE:G_BASE_PILE + N_BASE], N_BASE, rng)
    for i in range(N_FINALS):
        G[G_FINAL_PILE + i] = FINAL_ROWS[i]
    G[G_FINAL_PILE_N] = N_FINALS
    shuffle(G[G_FINAL_PILE:G_FINAL_PILE + N_FINALS], N_FINALS, rng)
    pool = G[SCR_SETUP:SCR_SETUP + R[R_BONUS_TILES_N]]
    for i in range(R[R_BONUS_TILES_N]):
        pool[i] = i
    shuffle(pool, R[R_BONUS_TILES_N], rng)
    per = R[R_BONUS_TILES_PER_SPACE]
    for space in range(2):
        G[G_TILES_N + space] = per
        for i in range(per):
            G[G_TILES + space * MAX_TILES_PER_SPACE + i] = pool[space * per + i]
    # 5: action cards Cards..Sponsors shuffled into slots 2-5
    if R[R_RANDOM_ACTION_ORDER]:
        for p in range(n):
            at = G_PL + p * P_SIZE + P_SLOTS + 1
            shuffle(G[at:at + 4], 4, rng)
    # 6: the opening card swapped into its seat's first dealt position (no draw)
    if R[R_OPENING_CARD] >= 0:
        target = R[R_DISPLAY_SIZE] + R[R_OPENING_CARD_SEAT] * R[R_HAND_DRAW]
        for i in range(N_ZOO):
            if G[G_DECK + i] == R[R_OPENING_CARD]:
                G[G_DECK + i] = G[G_DECK + target]
                G[G_DECK + target] = R[R_OPENING_CARD]
                break
    # 7: base projects in play, their slots (2 players: one blocked on each of the first 3)
    shown = R[R_BASE_PROJECTS_SHOWN]
    for i in range(shown):
        project = _pop_top(G, G_BASE_PILE_N, G_BASE_PILE)
        G[G_BASE_PROJECTS + i] = project
        k = project - PROJECT_ROW0
        G[G_SLOT_ON + k] = 1
        for s in range(3):
            G[G_SLOTS + 3 * k + s] = FREE
        if n == 2 and R[R_TWO_PLAYER_BLOCKS] and i < 3:
            G[G_SLOTS + 3 * k + i] = BLOCKED
    G[G_BASE_PROJECTS_N] = shown
    # 8: the display, then each seat's dealt cards (kept in scratch until KEEP)
    size = R[R_DISPLAY_SIZE]
    G[G_DISPLAY_N] = size
    for f in range(MAX_DISPLAY):
        G[G_DISPLAY + f] = -1
    for f in range(size):
        G[G_DISPLAY + f] = G[G_DECK + G[G_DECK_HEAD]]
        G[G_DECK_HEAD] += 1
        G[G_DECK_N] -= 1
    draw = R[R_HAND_DRAW]
    for p in range(n):
        for i in range(draw):
            G[SCR_SETUP + p * MAX_HAND_DRAW + i] = G[G_DECK + G[G_DECK_HEAD]]
            G[G_DECK_HEAD] += 1
            G[G_DECK_N] -= 1
    # 9: final scoring cards from the top of their pile
    for p in range(n):
        b = G_PL + p * P_SIZE
        for i in range(R[R_FINAL_DEALT]):
            G[b + P_FINALS + i] = _pop_top(G, G_FINAL_PILE_N, G_FINAL_PILE)
        G[b + P_FINALS_N] = R[R_FINAL_DEALT]
    # 10: KEEP, seat by seat
    for p in range(n):
        _keep_opening_hand(G, R, EV, rng, p, SCR_SETUP + p * MAX_HAND_DRAW)
