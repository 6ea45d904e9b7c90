"""Ark Nova in numba: the action cards' slots and strength (§4.1-§4.2), the break track (§9.1) and the Cards action
(§5.1) — reference.actions' `strength`, `move_card`, `cards_action` and reference.state's `advance_break`, with
the same decisions (CARDS_MODE, SNAP_FOLDER, TAKE_SOURCE, DISCARD), draws and event rows.

None of these can chain (the break token's X-token is a leaf gain), so they run without the effect stack.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.engine.piles import (
    discard_card, draw_deck, range_folders, take_card, take_from_display, to_hand,
)
from zoosim.games.ark_nova.engine.state import (
    E_GAIN, G_BREAK_PENDING, G_BREAK_TOKEN, G_BREAK_TRIGGER, G_DISPLAY, G_DISPLAY_N, G_PL, H_CARDS_MODE, H_DISCARD,
    H_SNAP_FOLDER, P_CONSTRICTION, P_HAND, P_HAND_N, P_SIZE, P_SLOTS, P_VENOM, SCR_TAKE, SOURCE_DECK, _choose, _log,
)
from zoosim.games.ark_nova.engine.tracks import gain_leaf
from zoosim.games.ark_nova.pack import (
    R_BREAK_LEN, R_CARDS_BREAK_STEPS, R_CARDS_DISCARD, R_CARDS_DRAW, R_CARDS_SNAP, R_SNAP_IGNORES_REPUTATION,
)

G_BREAK_TOKEN_RESOURCE = 6   # E_GAIN resource of the break token (reference.state.G_BREAK_TOKEN)


@njit(cache=True, _nrt=False)
def slot_of(G, p, action):
    at = G_PL + p * P_SIZE + P_SLOTS
    for k in range(5):
        if G[at + k] == action:
            return k + 1
    return 0


@njit(cache=True, _nrt=False)
def strength(G, p, action):
    """§4.1, §11.2: the card's slot number, minus 2 while a constriction token is on it."""
    return slot_of(G, p, action) - 2 * G[G_PL + p * P_SIZE + P_CONSTRICTION + action]


@njit(cache=True, _nrt=False)
def move_card(G, p, action, slot, used):
    """§4.2: the card out of its slot and in at `slot`; a used card loses its venom/constriction tokens (R3)."""
    b = G_PL + p * P_SIZE
    at = b + P_SLOTS
    k = slot_of(G, p, action) - 1
    for j in range(k, 4):
        G[at + j] = G[at + j + 1]
    for j in range(4, slot - 1, -1):
        G[at + j] = G[at + j - 1]
    G[at + slot - 1] = action
    if used:
        G[b + P_VENOM + action] = 0
        G[b + P_CONSTRICTION + action] = 0


@njit(cache=True, _nrt=False)
def advance_break(G, R, EV, p, steps):
    """§9.1: the token moves; reaching the end gives the mover 1 X-token and a break after the turn."""
    length = R[R_BREAK_LEN]
    if G[G_BREAK_TOKEN] >= length or steps <= 0:
        return
    G[G_BREAK_TOKEN] = min(length, G[G_BREAK_TOKEN] + steps)
    _log(G, EV, E_GAIN, p, G_BREAK_TOKEN_RESOURCE, steps, G[G_BREAK_TOKEN], 0)
    if G[G_BREAK_TOKEN] >= length:
        G[G_BREAK_PENDING] = 1
        G[G_BREAK_TRIGGER] = p
        gain_leaf(G, R, EV, p, 2, 1)


@njit(cache=True, _nrt=False)
def _snap_folders(G, R, p, at):
    top = G[G_DISPLAY_N] if R[R_SNAP_IGNORES_REPUTATION] else range_folders(G, R, p)
    n = 0
    for f in range(1, top + 1):
        if G[G_DISPLAY + f - 1] >= 0:
            G[at + n] = f
            n += 1
    return n


@njit(cache=True, _nrt=False)
def cards_action(G, R, EV, rng, p, strength_, side2, at):
    """§5.1: the break token moves; then snap (CARDS_MODE 1, if the strength allows and a folder in reach holds a
    card) or draw (side I from the deck, side II from range or deck) and discard from the hand (DISCARD, one card
    at a time). G[at:] is scratch for the options."""
    b = G_PL + p * P_SIZE
    advance_break(G, R, EV, p, R[R_CARDS_BREAK_STEPS])
    k = min(strength_, 5) - 1
    side = 1 if side2 else 0
    any_card = 0
    for f in range(G[G_DISPLAY_N]):
        if G[G_DISPLAY + f] >= 0:
            any_card = 1
    n_modes = 1
    if min(strength_, 5) >= R[R_CARDS_SNAP + side] and any_card and _snap_folders(G, R, p, at) > 0:
        n_modes = 2
    if _choose(G, EV, rng, p, H_CARDS_MODE, n_modes) == 1:
        n = _snap_folders(G, R, p, at)
        f = G[at + _choose(G, EV, rng, p, H_SNAP_FOLDER, n)]
        to_hand(G, EV, p, take_from_display(G, f), f)
        return
    for _ in range(R[R_CARDS_DRAW + side * 5 + k]):
        if side2:
            take_card(G, R, EV, rng, p, SCR_TAKE)   # taken folders stay empty until the turn ends
        else:
            card = draw_deck(G, R, EV, rng)
            if card < 0:
                break
            to_hand(G, EV, p, card, SOURCE_DECK)
    for _ in range(R[R_CARDS_DISCARD + side * 5 + k]):
        n = G[b + P_HAND_N]
        if n == 0:
            break
        i = _choose(G, EV, rng, p, H_DISCARD, n)
        card = G[b + P_HAND + i]
        for j in range(i, n - 1):
            G[b + P_HAND + j] = G[b + P_HAND + j + 1]
        G[b + P_HAND_N] = n - 1
        discard_card(G, EV, p, card)
