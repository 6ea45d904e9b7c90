"""Ark Nova's card piles and display in numba (spec §9.4, PROTOCOL.md 1, 4, 9): drawing from the deck with the
reshuffle of the discard pile, a card to a hand, a discard (base projects back to their pile), taking from the
display, the refill, and the two card-taking decisions TAKE_SOURCE (take 1 from range or deck, §15.2 G6) and
SNAP_FOLDER — the same draws, decisions and event rows as reference.state's functions of the same names.

Leaf operations only: none of them gains a resource, so none can start a chain of bonuses.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.rng import shuffle
from zoosim.games.ark_nova.engine.state import (
    BASE_ROWS, CARD_ID, E_DISCARD, E_DISPLAY, E_DRAW, E_RESHUFFLE, G_BASE_PILE, G_BASE_PILE_N, G_DECK, G_DECK_HEAD,
    G_DECK_N, G_HIDDEN, G_DISCARD, G_DISCARD_N, G_DISPLAY, G_DISPLAY_DIRTY, G_DISPLAY_N, G_PL, H_SNAP_FOLDER,
    H_TAKE_SOURCE, P_HAND, P_HAND_N, P_REP, P_SIZE, SOURCE_DECK, _choose, _log,
)
from zoosim.games.ark_nova.pack import R_REPUTATION_RANGE, R_RESHUFFLE_DISCARD

FIRST_BASE, LAST_BASE = int(BASE_ROWS[0]), int(BASE_ROWS[-1])


@njit(cache=True, _nrt=False)
def draw_deck(G, R, EV, rng):
    """The deck's top card, -1 if the deck and (with reshuffle_discard) the discard pile are empty; an empty deck
    first becomes the shuffled discard pile (one RESHUFFLE row)."""
    if G[G_DECK_N] == 0 and R[R_RESHUFFLE_DISCARD] and G[G_DISCARD_N] > 0:
        n = G[G_DISCARD_N]
        for i in range(n):
            G[G_DECK + i] = G[G_DISCARD + i]
        G[G_DECK_HEAD] = 0
        G[G_DECK_N] = n
        G[G_DISCARD_N] = 0
        shuffle(G[G_DECK:G_DECK + n], n, rng)
        _log(G, EV, E_RESHUFFLE, -1, n, 0, 0, 0)
    if G[G_DECK_N] == 0:
        return -1
    card = G[G_DECK + G[G_DECK_HEAD]]
    G[G_DECK_HEAD] += 1
    G[G_DECK_N] -= 1
    G[G_HIDDEN] = 1         # a hidden card was drawn this turn (the planners stop following a plan, PROTOCOL.md 10)
    return card


@njit(cache=True, _nrt=False)
def deck_available(G, R):
    return 1 if G[G_DECK_N] > 0 or (R[R_RESHUFFLE_DISCARD] and G[G_DISCARD_N] > 0) else 0


@njit(cache=True, _nrt=False)
def to_hand(G, EV, p, card, source):
    """A card (>= 0) into the player's hand, logged as a DRAW from `source`."""
    if card >= 0:
        b = G_PL + p * P_SIZE
        G[b + P_HAND + G[b + P_HAND_N]] = card
        G[b + P_HAND_N] += 1
        _log(G, EV, E_DRAW, p, CARD_ID[card], source, 0, 0)


@njit(cache=True, _nrt=False, inline="always")
def put_away(G, card):
    """To the discard pile; a base project goes back to the base-project pile (PROTOCOL.md 9). Not logged."""
    if FIRST_BASE <= card <= LAST_BASE:
        G[G_BASE_PILE + G[G_BASE_PILE_N]] = card
        G[G_BASE_PILE_N] += 1
    else:
        G[G_DISCARD + G[G_DISCARD_N]] = card
        G[G_DISCARD_N] += 1


@njit(cache=True, _nrt=False)
def discard_card(G, EV, p, card):
    """put_away with its DISCARD row."""
    put_away(G, card)
    _log(G, EV, E_DISCARD, p, CARD_ID[card], 0, 0, 0)


@njit(cache=True, _nrt=False)
def take_from_display(G, folder):
    card = G[G_DISPLAY + folder - 1]
    G[G_DISPLAY + folder - 1] = -1
    G[G_DISPLAY_DIRTY] = 1
    return card


@njit(cache=True, _nrt=False)
def refill_display(G, R, EV, rng):
    """§9.4: the cards left slide towards folder 1 in order, the deck fills the highest folders (one DISPLAY row);
    a full display is left alone (and keeps its dirty flag, as the reference does)."""
    size = G[G_DISPLAY_N]
    kept = 0
    for f in range(size):
        card = G[G_DISPLAY + f]
        if card >= 0:
            G[G_DISPLAY + kept] = card
            kept += 1
    if kept == size:
        return
    for f in range(kept, size):
        G[G_DISPLAY + f] = -1
    while kept < size:
        card = draw_deck(G, R, EV, rng)
        if card < 0:
            break
        G[G_DISPLAY + kept] = card
        kept += 1
    G[G_DISPLAY_DIRTY] = 0
    _log(G, EV, E_DISPLAY, -1, 0, 0, 0, 0)


@njit(cache=True, _nrt=False)
def range_folders(G, R, p):
    """§8.3: folders 1..f within the player's reputation range (at most the display's size)."""
    rep = G[G_PL + p * P_SIZE + P_REP]
    n = 0
    for k in range(6):
        if rep >= R[R_REPUTATION_RANGE + k]:
            n += 1
    return min(n, G[G_DISPLAY_N])


@njit(cache=True, _nrt=False)
def take_card_options(G, R, p, at):
    """TAKE_SOURCE options (hook 7) at G[at:]: 0 = the deck if it or the discard pile holds a card, then each
    non-empty folder in range ascending. Returns the count."""
    n = 0
    if deck_available(G, R):
        G[at] = SOURCE_DECK
        n = 1
    for f in range(1, range_folders(G, R, p) + 1):
        if G[G_DISPLAY + f - 1] >= 0:
            G[at + n] = f
            n += 1
    return n


@njit(cache=True, _nrt=False)
def take_card(G, R, EV, rng, p, at):
    """Take 1 card from the display in range or from the deck (§6.7, §8.3); G[at:] is the options' scratch."""
    n = take_card_options(G, R, p, at)
    if n == 0:
        return
    source = G[at + _choose(G, EV, rng, p, H_TAKE_SOURCE, n)]
    if source == SOURCE_DECK:
        card = draw_deck(G, R, EV, rng)
    else:
        card = take_from_display(G, source)
    to_hand(G, EV, p, card, source)


@njit(cache=True, _nrt=False)
def snap(G, R, EV, rng, p, at):
    """Take any display card (§5.1 snap): SNAP_FOLDER (hook 6) over the non-empty folders ascending."""
    n = 0
    for f in range(1, G[G_DISPLAY_N] + 1):
        if G[G_DISPLAY + f - 1] >= 0:
            G[at + n] = f
            n += 1
    if n == 0:
        return
    f = G[at + _choose(G, EV, rng, p, H_SNAP_FOLDER, n)]
    to_hand(G, EV, p, take_from_display(G, f), f)
