"""Ark Nova: putting a building on the map with what covering its cells gives, and building one (spec §5.2, §6.5,
§6.6, §6.7, §12.4 building passives) — reference.build's `place_building`, `build_one`, `move_animals_in` as frames of
the effect stack (engine.tracks explains why a stack).

    F_PLACE  (p, mask, next cell, 1 if the archaeologist's extra bonus of the cell just given is due,
             1 if the player has pas_archaeologist)
    F_BUILD  (p, kind, build2, pay the cost, 0 = choose and place / 1 + the new building's index = animals
             may move in; a nested chain may have built more in between)

`place_building` does at once what cannot chain (the building, its BUILD row, a pavilion's appeal, Dinosaur-park
style money for cells next to water / rock) and pushes F_PLACE for the placement bonuses in cell order and the
full-cover appeal. A standard enclosure's animals may move into a new reptile house or aviary only after the
placement's bonuses are resolved, as in the reference.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.components.vocab import LARGE_BIRD_AVIARY, PAVILION, PETTING_ZOO, REPTILE_HOUSE, ROCK, WATER
from zoosim.games.ark_nova.engine.build import OP_IGNORE_ANIMAL_ROCKWATER, footprints, has_passive, put_building
from zoosim.games.ark_nova.engine.piles import take_card
from zoosim.games.ark_nova.engine.state import (
    B_CAPACITY, B_SIZE, BONUS_CELLS, BORDER_CELLS, CARD_ID, CARD_LBA_CUBES, CARD_PZ_CUBES, CARD_RH_CUBES, CARD_ROCK,
    CARD_WATER, CELL_BONUS, CELL_BONUS_VALUE, E_BUILD, E_GAIN, F_PLACE, F_REP, FP_MASK, FR_A, FR_B, FR_C, FR_D, FR_P,
    FULL_COVER_APPEAL, G_PL, G_STACK_N, H_ARCHAEOLOGIST, H_COIN, H_FOOTPRINT, NEIGHBOURS, P_ANIMALS, P_ANIMALS_N,
    P_B_ANIMALS_N, P_B_CUBES, P_B_KIND, P_B_MASK, P_COVERED, P_FULL_COVER, P_HOME, P_HOME_SEQ, P_MONEY, P_SIZE,
    P_ZOO_VERSION, P_SPONSORS, P_SPONSORS_N, PASSIVE, PLAIN_CELLS, PROG_COUNT, PROG_OPS, PROG_START, ROCK_CELLS,
    SCR_PLACE, SCR_TAKE, WATER_CELLS, _around, _choose, _log, _ones, _push,
)
from zoosim.games.ark_nova.engine.tracks import _hire_worker, gain_leaf
from zoosim.games.ark_nova.pack import R_BUILDING_COST, R_COVERED_TERRAIN_COUNTS, R_PEACEFUL

OP_COVER_MONEY = int(Op.COVER_NEXT_TO_TERRAIN_MONEY)
OP_ARCHAEOLOGIST = int(Op.ARCHAEOLOGIST)
PLACE_OPTIONS = SCR_PLACE
BONUS_REPUTATION, BONUS_X, BONUS_CARD, BONUS_MONEY, BONUS_WORKER = 1, 2, 3, 4, 5  # vocab.CELL_BONUSES


@njit(cache=True, _nrt=False)
def terrain_touched(G, R, p, mask, rock):
    """§6.5: rock (water) cells next to `mask`, covered ones only with covered_terrain_counts."""
    cells = ROCK_CELLS if rock else WATER_CELLS
    if not R[R_COVERED_TERRAIN_COUNTS]:
        cells &= ~G[G_PL + p * P_SIZE + P_COVERED]
    return _ones(_around(mask) & cells)


@njit(cache=True, _nrt=False)
def _cover_money(G, R, EV, p, mask, terrain, cells):
    """pas_cover_next_* (§12.4): for each such effect on terrain, money per new cell next to `cells` (nothing to
    look for without the passive: has_passive is the zoo memo's bit)."""
    if not has_passive(G, R, p, OP_COVER_MONEY):
        return
    n = 0
    m = mask
    while m:
        low = m & -m
        if NEIGHBOURS[_ones(low - 1)] & cells:
            n += 1
        m ^= low
    b = G_PL + p * P_SIZE
    peaceful = R[R_PEACEFUL]
    for i in range(G[b + P_SPONSORS_N] + G[b + P_ANIMALS_N]):
        ns = G[b + P_SPONSORS_N]
        card = G[b + P_SPONSORS + i] if i < ns else G[b + P_ANIMALS + i - ns]
        start = PROG_START[peaceful, card, PASSIVE]
        for r in range(start, start + PROG_COUNT[peaceful, card, PASSIVE]):
            if PROG_OPS[r, 0] == OP_COVER_MONEY and PROG_OPS[r, 1] == terrain:
                gain_leaf(G, R, EV, p, 1, PROG_OPS[r, 2] * n)


@njit(cache=True, _nrt=False)
def place_building(G, R, EV, p, kind, mask):
    """The building with its immediate yields; its placement bonuses follow as an F_PLACE frame."""
    i = put_building(G, p, kind, mask)
    _log(G, EV, E_BUILD, p, kind, mask & 0xFFFFFFFF, mask >> 32, 0)
    if kind == PAVILION:
        gain_leaf(G, R, EV, p, 0, 1)
    _cover_money(G, R, EV, p, mask, WATER, WATER_CELLS)
    _cover_money(G, R, EV, p, mask, ROCK, ROCK_CELLS)
    _push(G, F_PLACE, p, mask, 0, 0, has_passive(G, R, p, OP_ARCHAEOLOGIST))  # read once, as the reference
    return i


@njit(cache=True, _nrt=False)
def _placement_bonus(G, R, EV, rng, p, cell):
    """§6.7 (R1): reputation (a frame), X-tokens, cards, money, workers."""
    kind = CELL_BONUS[cell]
    value = CELL_BONUS_VALUE[cell]
    if kind == BONUS_REPUTATION:
        _push(G, F_REP, p, value, -1, 0, 0)
    elif kind == BONUS_X:
        gain_leaf(G, R, EV, p, 2, value)
    elif kind == BONUS_CARD:
        for _ in range(value):
            take_card(G, R, EV, rng, p, SCR_TAKE)
    elif kind == BONUS_MONEY:
        gain_leaf(G, R, EV, p, 1, value)
    elif kind == BONUS_WORKER:
        for _ in range(value):      # only the hire emptying the supply chains; later hires do nothing
            _hire_worker(G, R, EV, p)


@njit(cache=True, _nrt=False)
def place_unit(G, R, EV, rng, fr):
    """F_PLACE: the next bonus cell of the mask (bit order = R12's cell order), then its archaeologist bonus."""
    p = G[fr + FR_P]
    b = G_PL + p * P_SIZE
    mask = G[fr + FR_A]
    if G[fr + FR_C]:                    # §12.6 pas_archaeologist after a border bonus cell
        G[fr + FR_C] = 0
        options = BONUS_CELLS & ~G[b + P_COVERED]
        n = _ones(options)
        if n == 0:
            return
        k = _choose(G, EV, rng, p, H_ARCHAEOLOGIST, n)
        for _ in range(k):
            options &= options - 1
        _placement_bonus(G, R, EV, rng, p, _ones((options & -options) - 1))
        return
    c = G[fr + FR_B]
    while c < 64 and not (mask >> c & 1 and CELL_BONUS[c]):
        c += 1
    if c >= 64:
        G[G_STACK_N] -= 1
        if not G[b + P_FULL_COVER] and G[b + P_COVERED] & PLAIN_CELLS == PLAIN_CELLS:
            G[b + P_FULL_COVER] = 1
            gain_leaf(G, R, EV, p, 0, FULL_COVER_APPEAL)
        return
    G[fr + FR_B] = c + 1
    if BORDER_CELLS >> c & 1 and G[fr + FR_D]:
        G[fr + FR_C] = 1
    _placement_bonus(G, R, EV, rng, p, c)


@njit(cache=True, _nrt=False)
def _cubes(kind, card):
    if kind == PETTING_ZOO:
        return CARD_PZ_CUBES[card]
    if kind == REPTILE_HOUSE:
        return CARD_RH_CUBES[card]
    return CARD_LBA_CUBES[card]


@njit(cache=True, _nrt=False)
def special_fits(G, R, p, card, building):
    """reference.build.special_fits: allowed there, capacity left, the building touches its rock and water."""
    return special_fits_with(G, R, p, card, building, -1)


@njit(cache=True, _nrt=False)
def special_fits_with(G, R, p, card, building, ignore):
    """special_fits with the zoo's IGNORE_ANIMAL_ROCKWATER passive already known (0 / 1; -1: look it up)."""
    b = G_PL + p * P_SIZE
    kind = G[b + P_B_KIND + building]
    need = _cubes(kind, card)
    if need < 0 or G[b + P_B_CUBES + building] + need > B_CAPACITY[kind]:
        return False
    if ignore < 0:
        ignore = has_passive(G, R, p, OP_IGNORE_ANIMAL_ROCKWATER)
    if ignore:
        return True
    mask = G[b + P_B_MASK + building]
    return (CARD_ROCK[card] <= 0 or terrain_touched(G, R, p, mask, True) >= CARD_ROCK[card]) and \
        (CARD_WATER[card] <= 0 or terrain_touched(G, R, p, mask, False) >= CARD_WATER[card])


@njit(cache=True, _nrt=False)
def move_animals_in(G, R, EV, rng, p, building):
    """§5.2: animals of standard enclosures, in card-id order, may move into the new special enclosure (COIN)."""
    b = G_PL + p * P_SIZE
    kind = G[b + P_B_KIND + building]
    last = -1
    while True:
        pick = -1
        for k in range(G[b + P_ANIMALS_N]):
            card = G[b + P_ANIMALS + k]
            home = G[b + P_HOME + k]
            if card > last and home >= 0 and G[b + P_B_KIND + home] <= 4 and \
                    (pick < 0 or card < G[b + P_ANIMALS + pick]):
                pick = k
        if pick < 0:
            return
        card = G[b + P_ANIMALS + pick]
        last = card
        if special_fits(G, R, p, card, building) and _choose(G, EV, rng, p, H_COIN, 2) == 1:
            G[b + P_B_ANIMALS_N + G[b + P_HOME + pick]] -= 1
            G[b + P_HOME + pick] = building
            G[b + P_HOME_SEQ + pick] = G[b + P_B_ANIMALS_N + building]
            G[b + P_B_ANIMALS_N + building] += 1
            G[b + P_B_CUBES + building] += _cubes(kind, card)
            G[b + P_ZOO_VERSION] += 1
            _log(G, EV, E_BUILD, p, -1, CARD_ID[card], kind, 0)


@njit(cache=True, _nrt=False)
def build_unit(G, R, EV, rng, fr):
    """F_BUILD: stage 0 chooses a footprint (FOOTPRINT), pays and places; stage 1 lets animals move in."""
    p = G[fr + FR_P]
    kind = G[fr + FR_A]
    if G[fr + FR_D] > 0:
        G[G_STACK_N] -= 1
        if kind == REPTILE_HOUSE or kind == LARGE_BIRD_AVIARY:
            move_animals_in(G, R, EV, rng, p, G[fr + FR_D] - 1)
        return
    n = footprints(G, R, p, kind, G[fr + FR_B], PLACE_OPTIONS, 10_000)
    if n == 0:
        G[G_STACK_N] -= 1
        return
    i = G[PLACE_OPTIONS + _choose(G, EV, rng, p, H_FOOTPRINT, n)]
    if G[fr + FR_C]:
        cost = R[R_BUILDING_COST] * B_SIZE[kind]
        if cost > 0:
            b = G_PL + p * P_SIZE
            G[b + P_MONEY] -= cost
            _log(G, EV, E_GAIN, p, 1, -cost, G[b + P_MONEY], 0)
    G[fr + FR_D] = 1 + place_building(G, R, EV, p, kind, FP_MASK[i])
