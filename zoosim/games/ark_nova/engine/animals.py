"""Ark Nova in numba: what the Animals action may play (spec §5.3, §6.6, §7.1-§7.2, R6, R7, R17) — a zoo's icon
counts, a card's unmet conditions, an animal's cost, its homes (the ANIMAL_HOME options), whether it is playable,
the ANIMAL_PLAY card options and `can_animals` — the same answers, in the same canonical order, as
reference.state.icon_counts and reference.actions' functions of the same names.

`acting` is the bit mask of action cards on side II for the card's conditions (bit 0 Animals, bit 4 Sponsors):
the acting player's own sides, or another's under Hypnosis (R8). Options are written at a caller-given offset:
ANIMAL_PLAY options as (source, card row) pairs, source -1 = hand, f = display folder f.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.components.vocab import (
    CONTINENT_ICONS, LARGE_BIRD_AVIARY, N_ICONS, PETTING_ZOO, REPTILE_HOUSE, SCIENCE,
)
from zoosim.games.ark_nova.engine.build import has_passive, zoo_memo
from zoosim.games.ark_nova.engine.piles import range_folders
from zoosim.games.ark_nova.engine.place import special_fits_with, terrain_touched
from zoosim.games.ark_nova.engine.tracks import reputation_cap
from zoosim.games.ark_nova.engine.state import (
    CARD_ICONS_HI, CARD_ICONS_LO, CARD_ROCK, CARD_WATER, G_DISPLAY, G_PL, G_ZOO_MEMO, P_ANIMALS, P_ANIMALS_N, P_APPEAL,
    P_B_ANIMALS_N, P_B_KIND, P_B_MASK, P_BUILDINGS_N, P_HAND, P_HAND_N, P_MONEY, P_PARTNERS, P_PARTNERS_N, P_REP,
    P_SIZE, P_SPONSORS, P_SPONSORS_N, P_UNIVS, P_UNIVS_N, P_WAZA_CLASS, P_ZOO_VERSION, PASSIVE, PROG_COUNT, PROG_OPS,
    PROG_START, SCR_HOMES, SCR_ICONS, Z_ICON_TAG, Z_ICONS_HI, Z_ICONS_LO, Z_LARGE_OFF, Z_LARGEST, Z_PASSIVES,
    Z_SMALL_OFF, Z_SPECIALS, ZOO_W, _ones,
)
from zoosim.games.ark_nova.pack import R_ANIMALS2_REP_STRENGTH, R_ANIMALS_PLAYABLE, R_PARTNER_DISCOUNT, R_PEACEFUL

_C = cards.CARDS
C_KIND = _C.kind.astype(np.int64)
C_SIZE = _C.size.astype(np.int64)
C_COST = _C.cost.astype(np.int64)
C_STD_OK = _C.std_ok.astype(np.int64)
C_ICONS = np.ascontiguousarray(_C.icons.astype(np.int64))
C_REQ_ICONS = np.ascontiguousarray(_C.req_icons.astype(np.int64))
C_REQ_PZ_CONTINENT = _C.req_partner_zoo_continent.astype(np.int64)
C_REQ_PZ = _C.req_partner_zoos.astype(np.int64)
C_REQ_A2 = _C.req_animals2.astype(np.int64)
C_REQ_S2 = _C.req_sponsors2.astype(np.int64)
C_REQ_MIN_REP = _C.req_min_rep.astype(np.int64)
C_REQ_MAX_APPEAL = _C.req_max_appeal.astype(np.int64)
C_REQ_ANY_ICON = (C_REQ_ICONS > 0).any(axis=1).astype(np.int64)    # the card asks for some icon count
ANIMAL = cards.ANIMAL
UNIV_SCIENCE = np.array([0, 1, 2], np.int64)   # reference.state.UNIV_SCIENCE
FIRST_CONTINENT, LAST_CONTINENT = CONTINENT_ICONS[0], CONTINENT_ICONS[-1]
HERBIVORE = 2
ANIMALS_BIT, SPONSORS_BIT = 1, 16
FLOCK_HOME = -1
OP_LARGE_IGNORE = int(Op.LARGE_IGNORE_CONDITION)
OP_IGNORE_ROCKWATER = int(Op.IGNORE_ANIMAL_ROCKWATER)
OP_FLOCK = int(Op.FLOCK)


@njit(cache=True, _nrt=False, inline="always")
def animals_of_size(G, p, large):
    """The animals in p's zoo that are small (size <= 2) or, with `large`, large (size >= 4): project conditions,
    metrics and final cards count them alike (spec §10.1, §12, §13.2)."""
    b = G_PL + p * P_SIZE
    n = 0
    for i in range(G[b + P_ANIMALS_N]):
        size = C_SIZE[G[b + P_ANIMALS + i]]
        if (large and size >= 4) or (not large and size <= 2):
            n += 1
    return n


@njit(cache=True, _nrt=False)
def icon_counts(G, p, at):
    """§7.1: the zoo's icons at G[at:at + N_ICONS]: its animals' and sponsors' icons (rock/water included; summed
    in 8-bit lanes, CARD_ICONS_LO / HI, once per P_ZOO_VERSION in the seat's G_ZOO_MEMO entry), a continent icon per
    partner zoo, the universities' science."""
    b = G_PL + p * P_SIZE
    m = G_ZOO_MEMO + p * ZOO_W
    if G[m + Z_ICON_TAG] != G[b + P_ZOO_VERSION] + 1:
        lo = 0
        hi = 0
        for i in range(G[b + P_ANIMALS_N]):
            card = G[b + P_ANIMALS + i]
            lo += CARD_ICONS_LO[card]
            hi += CARD_ICONS_HI[card]
        for i in range(G[b + P_SPONSORS_N]):
            card = G[b + P_SPONSORS + i]
            lo += CARD_ICONS_LO[card]
            hi += CARD_ICONS_HI[card]
        G[m + Z_ICONS_LO] = lo
        G[m + Z_ICONS_HI] = hi
        G[m + Z_ICON_TAG] = G[b + P_ZOO_VERSION] + 1
    lo = G[m + Z_ICONS_LO]
    hi = G[m + Z_ICONS_HI]
    for k in range(8):
        G[at + k] = (lo >> (8 * k)) & 255
    for k in range(8, N_ICONS):
        G[at + k] = (hi >> (8 * (k - 8))) & 255
    for i in range(G[b + P_PARTNERS_N]):
        G[at + G[b + P_PARTNERS + i]] += 1
    for i in range(G[b + P_UNIVS_N]):
        G[at + SCIENCE] += UNIV_SCIENCE[G[b + P_UNIVS + i]]


@njit(cache=True, _nrt=False)
def unmet_conditions(G, p, card, acting, icons_at):
    """§7.2, R7: condition units not met (ICON*N is one unit), with the zoo's icons at G[icons_at:]."""
    b = G_PL + p * P_SIZE
    unmet = 0
    if C_REQ_ANY_ICON[card]:
        for k in range(N_ICONS):
            unmet += max(0, C_REQ_ICONS[card, k] - G[icons_at + k])
    if C_REQ_PZ_CONTINENT[card]:
        found = 0
        for i in range(G[b + P_PARTNERS_N]):
            if C_ICONS[card, G[b + P_PARTNERS + i]]:
                found = 1
        unmet += 1 - found
    unmet += max(0, C_REQ_PZ[card] - G[b + P_PARTNERS_N])
    unmet += 1 if C_REQ_A2[card] and not acting & ANIMALS_BIT else 0
    unmet += 1 if C_REQ_S2[card] and not acting & SPONSORS_BIT else 0
    unmet += 1 if G[b + P_REP] < C_REQ_MIN_REP[card] else 0
    unmet += 1 if C_REQ_MAX_APPEAL[card] >= 0 and G[b + P_APPEAL] > C_REQ_MAX_APPEAL[card] else 0
    return unmet


@njit(cache=True, _nrt=False)
def conditions_hold(G, R, p, card, acting, icons_at):
    unmet = unmet_conditions(G, p, card, acting, icons_at)
    if unmet == 1 and C_KIND[card] == ANIMAL and C_SIZE[card] >= 4:
        return has_passive(G, R, p, OP_LARGE_IGNORE) == 1
    return unmet == 0


@njit(cache=True, _nrt=False)
def zoo_discounts(G, R, p):
    """The zoo's pas_cost_* discounts (§5.3) summed: (for small animals, for large ones)."""
    small_off, large_off, _ = zoo_passives(G, R, p)
    return small_off, large_off


@njit(cache=True, _nrt=False)
def zoo_passives(G, R, p):
    """What a listing of playable animals asks of the zoo's cards (zoo_memo): the pas_cost_* discounts summed (for
    small animals, for large ones) and whether a card has IGNORE_ANIMAL_ROCKWATER (has_passive)."""
    m = zoo_memo(G, R, p)
    return G[m + Z_SMALL_OFF], G[m + Z_LARGE_OFF], G[m + Z_PASSIVES] >> OP_IGNORE_ROCKWATER & 1


@njit(cache=True, _nrt=False)
def cost_with(G, R, p, card, small_off, large_off):
    """animal_cost with the zoo's discounts already summed (zoo_discounts)."""
    b = G_PL + p * P_SIZE
    cost = C_COST[card]
    for i in range(G[b + P_PARTNERS_N]):
        cost -= R[R_PARTNER_DISCOUNT] * C_ICONS[card, G[b + P_PARTNERS + i]]
    if C_SIZE[card] <= 2:
        cost -= small_off
    if C_SIZE[card] >= 4:
        cost -= large_off
    return max(0, cost)


@njit(cache=True, _nrt=False)
def animal_cost(G, R, p, card):
    """§5.3: printed cost, minus the partner-zoo discount per matching continent icon and pas_cost_* effects."""
    small_off, large_off = zoo_discounts(G, R, p)
    return cost_with(G, R, p, card, small_off, large_off)


@njit(cache=True, _nrt=False)
def flock_allowed(G, R, p, card):
    """§6.6 Flock N: the zoo already holds a herbivore of size >= N (R17: not the card itself)."""
    peaceful = R[R_PEACEFUL]
    start = PROG_START[peaceful, card, PASSIVE]
    b = G_PL + p * P_SIZE
    for r in range(start, start + PROG_COUNT[peaceful, card, PASSIVE]):
        if PROG_OPS[r, 0] == OP_FLOCK:
            for i in range(G[b + P_ANIMALS_N]):
                a = G[b + P_ANIMALS + i]
                if C_ICONS[a, HERBIVORE] and C_SIZE[a] >= PROG_OPS[r, 1]:
                    return True
            return False
    return False


@njit(cache=True, _nrt=False)
def homes_upto(G, R, p, card, at, limit):
    """homes_with, the zoo's IGNORE_ANIMAL_ROCKWATER passive looked up."""
    return homes_with(G, R, p, card, at, limit, has_passive(G, R, p, OP_IGNORE_ROCKWATER))


@njit(cache=True, _nrt=False)
def homes_with(G, R, p, card, at, limit, ignore):
    """ANIMAL_HOME options (hook 13) at G[at:]: fitting empty standard enclosures and fitting special enclosures
    in building order, then -1 (Flock); stops after `limit` (>= 1) of them (1: "has it a home?", the check every
    playable-card test makes). Returns the count."""
    b = G_PL + p * P_SIZE
    n = 0
    for i in range(G[b + P_BUILDINGS_N]):
        kind = G[b + P_B_KIND + i]
        if kind <= 4:
            mask = G[b + P_B_MASK + i]
            if C_STD_OK[card] and G[b + P_B_ANIMALS_N + i] == 0 and _ones(mask) >= C_SIZE[card] and (
                    ignore or ((CARD_ROCK[card] <= 0 or terrain_touched(G, R, p, mask, True) >= CARD_ROCK[card])
                               and (CARD_WATER[card] <= 0
                                    or terrain_touched(G, R, p, mask, False) >= CARD_WATER[card]))):
                G[at + n] = i
                n += 1
                if n >= limit:
                    return n
        elif (kind == PETTING_ZOO or kind == REPTILE_HOUSE or kind == LARGE_BIRD_AVIARY) and \
                special_fits_with(G, R, p, card, i, ignore):
            G[at + n] = i
            n += 1
            if n >= limit:
                return n
    if flock_allowed(G, R, p, card):
        G[at + n] = FLOCK_HOME
        n += 1
    return n


@njit(cache=True, _nrt=False)
def homes(G, R, p, card, at):
    """All ANIMAL_HOME options (homes_upto without a limit)."""
    return homes_upto(G, R, p, card, at, 1 << 30)


@njit(cache=True, _nrt=False)
def waza_blocks(G, p, card):
    """§12.3 trg_waza (227): the class not chosen may no longer be played (size 3 is neither)."""
    cls = G[G_PL + p * P_SIZE + P_WAZA_CLASS]
    return (cls == 0 and C_SIZE[card] >= 4) or (cls == 1 and C_SIZE[card] <= 2)


@njit(cache=True, _nrt=False)
def animal_playable(G, R, p, card, extra, acting, icons_at):
    """An animal card the player may play now paying `extra` more (a folder's number): conditions, money, a home."""
    small_off, large_off = zoo_discounts(G, R, p)
    return playable_with(G, R, p, card, extra, acting, icons_at, small_off, large_off,
                         has_passive(G, R, p, OP_IGNORE_ROCKWATER))


@njit(cache=True, _nrt=False)
def playable_with(G, R, p, card, extra, acting, icons_at, small_off, large_off, ignore):
    """animal_playable with what is the same for every card of a listing asked once: the zoo's discounts and its
    IGNORE_ANIMAL_ROCKWATER passive (each a loop over the zoo's cards)."""
    if C_KIND[card] != ANIMAL or not conditions_hold(G, R, p, card, acting, icons_at):
        return False
    if cost_with(G, R, p, card, small_off, large_off) + extra > G[G_PL + p * P_SIZE + P_MONEY]:
        return False
    return homes_with(G, R, p, card, SCR_HOMES, 1, ignore) > 0 and not waza_blocks(G, p, card)


@njit(cache=True, _nrt=False)
def free_enclosures(G, R, p):
    """What every card's "has it a home?" of a listing shares (zoo_memo): (the largest empty standard enclosure's
    size, 0 if none; 1 if the zoo has a special enclosure)."""
    m = zoo_memo(G, R, p)
    return G[m + Z_LARGEST], G[m + Z_SPECIALS]


@njit(cache=True, _nrt=False)
def has_home(G, R, p, card, ignore, largest, specials):
    """homes_with(..., limit 1) > 0 with free_enclosures' answers: a card without a rock or water need (or under
    IGNORE_ANIMAL_ROCKWATER) fits a standard enclosure iff the largest empty one is big enough, so the zoo's
    buildings are looped over only for terrain needs and special enclosures. Writes no home to scratch."""
    if C_STD_OK[card] and (ignore or (CARD_ROCK[card] <= 0 and CARD_WATER[card] <= 0)):
        if largest >= C_SIZE[card]:
            return True
    elif C_STD_OK[card] and largest >= C_SIZE[card]:
        return homes_with(G, R, p, card, SCR_HOMES, 1, ignore) > 0
    if specials:
        b = G_PL + p * P_SIZE
        for i in range(G[b + P_BUILDINGS_N]):
            kind = G[b + P_B_KIND + i]
            if (kind == PETTING_ZOO or kind == REPTILE_HOUSE or kind == LARGE_BIRD_AVIARY) and \
                    special_fits_with(G, R, p, card, i, ignore):
                return True
    return flock_allowed(G, R, p, card)


@njit(cache=True, _nrt=False)
def playable_but_conditions(G, R, p, card, extra, small_off, large_off, ignore, largest, specials):
    """playable_with but for the card's conditions (the test that needs the zoo's icon counts), cheap tests first
    and with free_enclosures' answers."""
    if C_KIND[card] != ANIMAL or waza_blocks(G, p, card):
        return False
    if cost_with(G, R, p, card, small_off, large_off) + extra > G[G_PL + p * P_SIZE + P_MONEY]:
        return False
    return has_home(G, R, p, card, ignore, largest, specials)


@njit(cache=True, _nrt=False)
def playable_cards(G, R, p, side2, acting, at, limit):
    """ANIMAL_PLAY card options (hook 12, without the stop): (-1, card) per playable hand card in hand order, then
    (f, card) per playable folder in range (side II). Pairs at G[at:]; stops after `limit` of them; returns their
    count. The zoo's icons (SCR_ICONS) are counted only once a card gets as far as its conditions."""
    b = G_PL + p * P_SIZE
    small_off, large_off, ignore = zoo_passives(G, R, p)
    largest, specials = free_enclosures(G, R, p)
    icons = False
    n = 0
    folders = range_folders(G, R, p) if side2 else 0
    for i in range(G[b + P_HAND_N] + folders):
        hand = i < G[b + P_HAND_N]
        f = -1 if hand else i - G[b + P_HAND_N] + 1
        card = G[b + P_HAND + i] if hand else G[G_DISPLAY + f - 1]
        if card < 0 or C_KIND[card] != ANIMAL or not playable_but_conditions(
                G, R, p, card, 0 if hand else f, small_off, large_off, ignore, largest, specials):
            continue
        if not icons:
            icon_counts(G, p, SCR_ICONS)
            icons = True
        if conditions_hold(G, R, p, card, acting, SCR_ICONS):
            G[at + 2 * n] = f
            G[at + 2 * n + 1] = card
            n += 1
            if n >= limit:
                return n
    return n


@njit(cache=True, _nrt=False)
def animal_options(G, R, p, side2, acting, at):
    """All ANIMAL_PLAY card options at G[at:] (playable_cards without a limit)."""
    return playable_cards(G, R, p, side2, acting, at, 1 << 30)


@njit(cache=True, _nrt=False)
def animal_any(G, R, p, side2, acting):
    """animal_options(...) > 0 without listing them: stops at the first playable card (turn options ask this for
    every action card and X-token count, so it is the Animals part of every turn's option listing). The card found
    goes to SCR_HOMES + 2 (scratch)."""
    return playable_cards(G, R, p, side2, acting, SCR_HOMES + 2, 1) > 0


@njit(cache=True, _nrt=False)
def animal_any_at(G, R, p, side2, acting, rep_bonus):
    """animal_any, with side II's +1 reputation first if rep_bonus (R6)."""
    if rep_bonus:
        b = G_PL + p * P_SIZE
        rep = G[b + P_REP]
        if rep < reputation_cap(G, R, p):  # at the cap the step is lost (§8.3), and the range with it
            G[b + P_REP] = rep + 1
        ok = animal_any(G, R, p, side2, acting)
        G[b + P_REP] = rep
        return ok
    return animal_any(G, R, p, side2, acting)


@njit(cache=True, _nrt=False)
def animals_strength_ok(R, strength_, side2):
    """The rules allow playing a card at this strength (R_ANIMALS_PLAYABLE)."""
    side = 1 if side2 else 0
    return R[R_ANIMALS_PLAYABLE + side * 5 + min(strength_, 5) - 1] != 0


@njit(cache=True, _nrt=False)
def can_animals(G, R, p, strength_, side2, acting, at):
    """reference.actions.can_animals: a card to play at this strength (R6: range after side II's +1 reputation).
    G[at:] is unused (kept for can_perform's uniform signature)."""
    if not animals_strength_ok(R, strength_, side2):
        return False
    return animal_any_at(G, R, p, side2, acting, side2 and strength_ >= R[R_ANIMALS2_REP_STRENGTH])
