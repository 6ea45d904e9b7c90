"""Ark Nova's card abilities that move cards or tokens (spec §11, §11.2) in numba, as reference.effects' hunter,
perception, scavenging, snapping, digging, sunbathing, pouch, resistance, assertion, dominance, sponsor magnet,
search, venom, constriction and pilfering: the same decisions, draws and event rows.

Every one is a leaf: nothing it does sets off a chain (money, appeal and X-tokens are `gain_leaf`), so
engine.effects calls them from inside its frame. Revealed or drawn cards are kept at G[SCR_EFFECT + 16:].
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import below, shuffle
from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.engine.build import has_passive
from zoosim.games.ark_nova.engine.piles import discard_card, draw_deck, refill_display, snap, take_from_display, to_hand
from zoosim.games.ark_nova.engine.state import (
    E_TOKEN, G_BASE_PILE, G_BASE_PILE_N, G_DISCARD, G_DISCARD_N, G_DISPLAY, G_DISPLAY_N, G_FINAL_PILE, G_FINAL_PILE_N,
    G_HIDDEN, G_PL, G_PLAYERS, H_BASE_PROJECT, H_COIN, H_DIG_KIND, H_HAND_CARD, H_KEEP_CARD, H_PILFER_GIVE,
    H_RESISTANCE, H_SEARCH_CLASS, H_SNAP_FOLDER, H_TARGET, INDEX_OF_ID, P_APPEAL, P_CONSTRICTION, P_CP, P_FINALS,
    P_FINALS_N, P_HAND, P_HAND_N, P_MONEY, P_POUCH_ANIMAL, P_POUCH_CARD, P_POUCH_N, P_SIZE, P_SLOTS, P_VENOM,
    P_WAZA_CLASS, SCR_EFFECT, SOURCE_DECK, _choose, _log,
)
from zoosim.games.ark_nova.engine.tracks import gain_leaf, pay

CARDS_AT = SCR_EFFECT + 16
C_KIND = cards.CARDS.kind.astype(np.int64)
C_SIZE = cards.CARDS.size.astype(np.int64)
ANIMAL = int(cards.ANIMAL)
SPONSOR = int(cards.SPONSOR)
OP_IMMUNE = int(Op.IMMUNE_HOSTILE)
SOURCE_DISCARD, SOURCE_BASE, SOURCE_HAND = -2, -3, -4


@njit(cache=True, _nrt=False)
def coin(G, EV, rng, p):
    return _choose(G, EV, rng, p, H_COIN, 2)


@njit(cache=True, _nrt=False)
def hand_take(G, p, i):
    """Remove and return the i-th hand card (the hand keeps its order)."""
    b = G_PL + p * P_SIZE
    n = G[b + P_HAND_N]
    card = G[b + P_HAND + i]
    for k in range(i, n - 1):
        G[b + P_HAND + k] = G[b + P_HAND + k + 1]
    G[b + P_HAND_N] = n - 1
    return card


@njit(cache=True, _nrt=False)
def _reveal(G, R, EV, rng, n):
    """Up to n cards drawn from the deck into G[CARDS_AT:] (fewer when the deck runs out); returns how many."""
    m = 0
    for _ in range(n):
        c = draw_deck(G, R, EV, rng)
        if c >= 0:
            G[CARDS_AT + m] = c
            m += 1
    return m


@njit(cache=True, _nrt=False)
def hunter(G, R, EV, rng, p, n):
    """§11 hunter: reveal n, keep 1 animal (KEEP_CARD over the animals), discard the rest in reveal order."""
    m = _reveal(G, R, EV, rng, n)
    na = 0
    for i in range(m):
        if C_KIND[G[CARDS_AT + i]] == ANIMAL:
            na += 1
    keep = -1
    if na > 0:
        k = _choose(G, EV, rng, p, H_KEEP_CARD, na)
        for i in range(m):
            if C_KIND[G[CARDS_AT + i]] == ANIMAL:
                if k == 0:
                    keep = G[CARDS_AT + i]
                k -= 1
    for i in range(m):
        c = G[CARDS_AT + i]
        if c == keep:
            to_hand(G, EV, p, c, SOURCE_DECK)
        else:
            discard_card(G, EV, p, c)


@njit(cache=True, _nrt=False)
def perception(G, R, EV, rng, p, n, keep):
    """§11 perception: draw n, keep min(keep, drawn) (lexicographic subsets; keep <= 2), discard the rest."""
    m = _reveal(G, R, EV, rng, n)
    if m == 0:
        return
    kk = min(keep, m)
    a, b = -1, -1
    if kk == 1:
        a = _choose(G, EV, rng, p, H_KEEP_CARD, m)
    else:
        k = _choose(G, EV, rng, p, H_KEEP_CARD, m * (m - 1) // 2)
        for i in range(m):
            for j in range(i + 1, m):
                if k == 0:
                    a, b = i, j
                k -= 1
    for i in range(m):
        if i == a or i == b:
            to_hand(G, EV, p, G[CARDS_AT + i], SOURCE_DECK)
        else:
            discard_card(G, EV, p, G[CARDS_AT + i])


@njit(cache=True, _nrt=False)
def scavenging(G, EV, rng, p, n):
    """§11 scavenging: shuffle the discard pile, draw n from its top, keep 1, the rest back at its bottom."""
    total = G[G_DISCARD_N]
    shuffle(G[G_DISCARD:G_DISCARD + total], total, rng)
    m = min(n, total)
    if m == 0:
        return
    for i in range(m):
        G[CARDS_AT + i] = G[G_DISCARD + i]
    for i in range(total - m):
        G[G_DISCARD + i] = G[G_DISCARD + m + i]
    G[G_DISCARD_N] = total - m
    k = _choose(G, EV, rng, p, H_KEEP_CARD, m)
    to_hand(G, EV, p, G[CARDS_AT + k], SOURCE_DISCARD)
    for i in range(m):
        if i != k:
            G[G_DISCARD + G[G_DISCARD_N]] = G[CARDS_AT + i]
            G[G_DISCARD_N] += 1


@njit(cache=True, _nrt=False)
def snapping(G, R, EV, rng, p, times):
    """§11 snapping: SNAP_FOLDER, the card into hand and the display refilled, `times` times (nothing, not even
    a refill, while every folder is empty)."""
    for _ in range(times):
        if _display_cards(G) == 0:
            continue
        snap(G, R, EV, rng, p, CARDS_AT)
        refill_display(G, R, EV, rng)


@njit(cache=True, _nrt=False)
def _display_cards(G):
    n = 0
    for f in range(G[G_DISPLAY_N]):
        if G[G_DISPLAY + f] >= 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def digging(G, R, EV, rng, p, times):
    """§11 digging: up to `times`, replace a display card (its folder refilled from the deck) or a hand card."""
    b = G_PL + p * P_SIZE
    for _ in range(times):
        nd = _display_cards(G)
        nh = G[b + P_HAND_N]
        n_kinds = (1 if nd > 0 else 0) + (1 if nh > 0 else 0)
        if n_kinds == 0 or coin(G, EV, rng, p) == 0:
            break
        kind = _choose(G, EV, rng, p, H_DIG_KIND, n_kinds)
        if nd == 0:
            kind = 1
        if kind == 0:
            k = _choose(G, EV, rng, p, H_SNAP_FOLDER, nd)
            f = 0
            for g in range(G[G_DISPLAY_N]):
                if G[G_DISPLAY + g] >= 0:
                    if k == 0:
                        f = g + 1
                    k -= 1
            discard_card(G, EV, p, take_from_display(G, f))
            G[G_DISPLAY + f - 1] = draw_deck(G, R, EV, rng)
        else:
            c = hand_take(G, p, _choose(G, EV, rng, p, H_HAND_CARD, nh))
            discard_card(G, EV, p, c)
            to_hand(G, EV, p, draw_deck(G, R, EV, rng), SOURCE_DECK)


@njit(cache=True, _nrt=False)
def sell_or_pouch(G, R, EV, rng, p, card, times, value, pouch):
    """§11 sunbathing (sell for `value` money) / pouch (under `card`, `value` appeal): up to `times` hand cards."""
    b = G_PL + p * P_SIZE
    for _ in range(times):
        if G[b + P_HAND_N] == 0 or coin(G, EV, rng, p) == 0:
            break
        c = hand_take(G, p, _choose(G, EV, rng, p, H_HAND_CARD, G[b + P_HAND_N]))
        if pouch:
            k = G[b + P_POUCH_N]
            G[b + P_POUCH_ANIMAL + k] = card
            G[b + P_POUCH_CARD + k] = c
            G[b + P_POUCH_N] = k + 1
            gain_leaf(G, R, EV, p, 0, value)
        else:
            discard_card(G, EV, p, c)
            gain_leaf(G, R, EV, p, 1, value)


@njit(cache=True, _nrt=False)
def resistance(G, EV, rng, p, n):
    """§11 resistance: draw n final cards, keep 1, the rest to the bottom of the final pile."""
    m = min(n, G[G_FINAL_PILE_N])
    if m == 0:
        return
    total = G[G_FINAL_PILE_N]
    for i in range(m):
        G[CARDS_AT + i] = G[G_FINAL_PILE + i]
    for i in range(total - m):
        G[G_FINAL_PILE + i] = G[G_FINAL_PILE + m + i]
    G[G_FINAL_PILE_N] = total - m
    G[G_HIDDEN] = 1
    k = _choose(G, EV, rng, p, H_RESISTANCE, m)
    b = G_PL + p * P_SIZE
    G[b + P_FINALS + G[b + P_FINALS_N]] = G[CARDS_AT + k]
    G[b + P_FINALS_N] += 1
    for i in range(m):
        if i != k:
            G[G_FINAL_PILE + G[G_FINAL_PILE_N]] = G[CARDS_AT + i]
            G[G_FINAL_PILE_N] += 1


@njit(cache=True, _nrt=False)
def _base_pile_take(G, i):
    n = G[G_BASE_PILE_N]
    card = G[G_BASE_PILE + i]
    for k in range(i, n - 1):
        G[G_BASE_PILE + k] = G[G_BASE_PILE + k + 1]
    G[G_BASE_PILE_N] = n - 1
    return card


@njit(cache=True, _nrt=False)
def assertion(G, EV, rng, p):
    """§11 assertion: BASE_PROJECT over the base projects not in play, ascending (rows ascend with ids)."""
    n = G[G_BASE_PILE_N]
    if n == 0:
        return
    k = _choose(G, EV, rng, p, H_BASE_PROJECT, n)
    best = -1
    for _ in range(k + 1):                  # the (k+1)-th smallest
        nxt = 1 << 30
        for i in range(n):
            c = G[G_BASE_PILE + i]
            if best < c < nxt:
                nxt = c
        best = nxt
    for i in range(n):
        if G[G_BASE_PILE + i] == best:
            to_hand(G, EV, p, _base_pile_take(G, i), SOURCE_BASE)
            return


@njit(cache=True, _nrt=False)
def dominance(G, EV, p, project_id):
    row = INDEX_OF_ID[project_id]
    for i in range(G[G_BASE_PILE_N]):
        if G[G_BASE_PILE + i] == row:
            to_hand(G, EV, p, _base_pile_take(G, i), SOURCE_BASE)
            return


@njit(cache=True, _nrt=False)
def sponsor_magnet(G, EV, p):
    for f in range(1, G[G_DISPLAY_N] + 1):
        c = G[G_DISPLAY + f - 1]
        if c >= 0 and C_KIND[c] == SPONSOR:
            to_hand(G, EV, p, take_from_display(G, f), f)


@njit(cache=True, _nrt=False)
def search_animal_class(G, R, EV, rng, p):
    """§12.1 imm_search (227): small or large; reveal until such an animal, take it, discard the rest."""
    cls = _choose(G, EV, rng, p, H_SEARCH_CLASS, 2)
    G[G_PL + p * P_SIZE + P_WAZA_CLASS] = cls
    while True:
        c = draw_deck(G, R, EV, rng)
        if c < 0:
            return
        size = C_SIZE[c]
        if C_KIND[c] == ANIMAL and ((cls == 0 and size <= 2) or (cls == 1 and size >= 4)):
            to_hand(G, EV, p, c, SOURCE_DECK)
            return
        discard_card(G, EV, p, c)


@njit(cache=True, _nrt=False)
def exposed(G, R, p, q):
    """§11.2: q may be touched by p's interactive ability: another player, appeal >= 5, no Quarantine Lab."""
    return q != p and G[G_PL + q * P_SIZE + P_APPEAL] >= 5 and not has_passive(G, R, q, OP_IMMUNE)


@njit(cache=True, _nrt=False)
def venom(G, R, EV, p, n):
    mine = G[G_PL + p * P_SIZE + P_APPEAL]
    for q in range(G[G_PLAYERS]):
        bq = G_PL + q * P_SIZE
        if exposed(G, R, p, q) and G[bq + P_APPEAL] > mine:
            for slot in range(n):
                a = G[bq + P_SLOTS + slot]
                if not G[bq + P_VENOM + a]:
                    G[bq + P_VENOM + a] = 1
                    _log(G, EV, E_TOKEN, q, 1, a, 0, 0)


@njit(cache=True, _nrt=False)
def constriction(G, R, EV, p):
    b = G_PL + p * P_SIZE
    for q in range(G[G_PLAYERS]):
        bq = G_PL + q * P_SIZE
        if exposed(G, R, p, q):
            n = (1 if G[bq + P_APPEAL] > G[b + P_APPEAL] else 0) + (1 if G[bq + P_CP] > G[b + P_CP] else 0)
            for i in range(n):
                a = G[bq + P_SLOTS + 4 - i]
                if not G[bq + P_CONSTRICTION + a]:
                    G[bq + P_CONSTRICTION + a] = 1
                    _log(G, EV, E_TOKEN, q, 2, a, 0, 0)


@njit(cache=True, _nrt=False)
def _pilfer_target(G, R, EV, rng, p, field, floor):
    """The exposed player with the most `field` (>= floor), TARGET among the tied, ascending; -1 if none."""
    top = -1
    for q in range(G[G_PLAYERS]):
        v = G[G_PL + q * P_SIZE + field]
        if exposed(G, R, p, q) and v >= floor and v > top:
            top = v
    if top < 0:
        return -1
    n = 0
    for q in range(G[G_PLAYERS]):
        if exposed(G, R, p, q) and G[G_PL + q * P_SIZE + field] == top:
            n += 1
    k = _choose(G, EV, rng, p, H_TARGET, n)
    for q in range(G[G_PLAYERS]):
        if exposed(G, R, p, q) and G[G_PL + q * P_SIZE + field] == top:
            if k == 0:
                return q
            k -= 1
    return -1


@njit(cache=True, _nrt=False)
def pilfering(G, R, EV, rng, p, n):
    """§11.2 pilfering: the top-appeal, then (n = 2) the top-CP exposed player gives 5 money or a random card."""
    b = G_PL + p * P_SIZE
    t1 = _pilfer_target(G, R, EV, rng, p, P_APPEAL, max(G[b + P_APPEAL], 5))
    t2 = -1
    if n >= 2:
        t2 = _pilfer_target(G, R, EV, rng, p, P_CP, max(G[b + P_CP], 1))
    for i in range(2):
        q = t1 if i == 0 else t2
        if q < 0:
            continue
        bq = G_PL + q * P_SIZE
        money5 = G[bq + P_MONEY] >= 5
        has_hand = G[bq + P_HAND_N] > 0
        if not money5 and not has_hand:
            amount = G[bq + P_MONEY]
            pay(G, EV, q, amount)
            gain_leaf(G, R, EV, p, 1, amount)
            continue
        give = _choose(G, EV, rng, q, H_PILFER_GIVE, (1 if money5 else 0) + (1 if has_hand else 0))
        if not money5:
            give = 1
        if give == 0:
            pay(G, EV, q, 5)
            gain_leaf(G, R, EV, p, 1, 5)
        else:
            c = hand_take(G, q, below(rng, G[bq + P_HAND_N]))
            G[G_HIDDEN] = 1
            to_hand(G, EV, p, c, SOURCE_HAND)
