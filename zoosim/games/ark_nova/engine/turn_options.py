"""Ark Nova in numba: which main actions a turn offers (spec §4.1, §15.2; PROTOCOL.md 3 hooks 2 and 3) — whether an
action has a legal completion at a strength (`can_perform`), the XSPEND options and the TURN options, the same as
reference.game.can_perform / spend_options / turn_options. TURN options are pairs (0, action) in slot order, then (1, 0)
= the X action.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.engine.animals import animal_any_at, animals_strength_ok, can_animals
from zoosim.games.ark_nova.engine.association import associate_min_value, can_associate
from zoosim.games.ark_nova.engine.build import build_min_size, can_build
from zoosim.games.ark_nova.engine.state import G_PL, G_TURN_SPENDS, P_CONSTRICTION, P_SIDE2, P_SIZE, P_SLOTS, P_X
from zoosim.games.ark_nova.pack import R_ALLOW_NULL_ACTION, R_ANIMALS2_REP_STRENGTH, R_MAX_X

ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS = range(5)
KEPT_SPENDS = 64                    # turn_options' scratch: the XSPEND options of each TURN option from here
MAX_SPENDS = 24                     # x = 0 .. max_x_tokens (rules.validate: <= 20)


@njit(cache=True, _nrt=False)
def side_bits(G, p):
    """The player's side-II action cards as a bit mask (engine.animals' `acting`)."""
    b = G_PL + p * P_SIZE
    bits = 0
    for a in range(5):
        if G[b + P_SIDE2 + a]:
            bits |= 1 << a
    return bits


@njit(cache=True, _nrt=False)
def can_perform(G, R, p, action, strength_, side2, acting, at):
    """§4.1: the action at this strength can do something (allow_null_action: always); G[at:] is scratch."""
    if strength_ < 1:
        return False
    if R[R_ALLOW_NULL_ACTION]:
        return True
    if action == ANIMALS:
        return can_animals(G, R, p, strength_, side2, acting, at)
    if action == BUILD:
        return can_build(G, R, p, strength_, side2, at) > 0
    if action == ASSOCIATION:
        return can_associate(G, R, p, strength_, side2, at)
    return True     # Cards always draws; Sponsors can always take its break option


@njit(cache=True, _nrt=False)
def spend_options(G, R, p, action, base, at, scratch):
    """XSPEND options (hook 3) at G[at:]: x = 0 .. X-tokens with a legal completion at base + x (can_perform's
    answers; G[scratch:] is scratch)."""
    return spend_options_with(G, R, p, action, base, at, scratch, side_bits(G, p))


@njit(cache=True, _nrt=False)
def _spends_from(G, at, low, top):
    """x = low .. top at G[at:] (an action that can do something at strength s iff s is at least some bound)."""
    n = 0
    for x in range(low, top + 1):
        G[at + n] = x
        n += 1
    return n


@njit(cache=True, _nrt=False)
def spend_options_with(G, R, p, action, base, at, scratch, acting):
    """spend_options with the seat's side-II bits (side_bits) given. Every action but Animals can do something at
    strength s >= 1 iff s is at least a bound that does not depend on s (Cards and Sponsors 1; Build its smallest
    legal type, build_min_size; Association its cheapest doable task, associate_min_value), so its options are
    x = bound - base .. X-tokens; Animals asks animals_strength_ok per x and its playable card without / with R6's
    +1 reputation once each (lazily, -1 = not yet)."""
    b = G_PL + p * P_SIZE
    side2 = G[b + P_SIDE2 + action] == 1
    top = G[b + P_X]
    low = max(0, 1 - base)
    if low > top:
        return 0
    if R[R_ALLOW_NULL_ACTION] or action == CARDS_ACTION or action == SPONSORS:
        return _spends_from(G, at, low, top)
    if action == BUILD:
        return _spends_from(G, at, max(low, build_min_size(G, R, p, side2, scratch) - base), top)
    if action == ASSOCIATION:
        return _spends_from(G, at, max(low, associate_min_value(G, R, p, side2, scratch) - base), top)
    playable = -1
    playable_rep = -1
    n = 0
    for x in range(low, top + 1):
        s = base + x
        if not animals_strength_ok(R, s, side2):
            ok = False
        elif side2 and s >= R[R_ANIMALS2_REP_STRENGTH]:
            if playable_rep < 0:
                playable_rep = 1 if animal_any_at(G, R, p, side2, acting, True) else 0
            ok = playable_rep == 1
        else:
            if playable < 0:
                playable = 1 if animal_any_at(G, R, p, side2, acting, False) else 0
            ok = playable == 1
        if ok:
            G[at + n] = x
            n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def kept_spends(scratch, k):
    """Where turn_options(..., scratch) leaves the XSPEND options of TURN option k (an action), so that the turn
    does not list them again for the option taken."""
    return scratch + KEPT_SPENDS + MAX_SPENDS * k


@njit(cache=True, _nrt=False)
def turn_options(G, R, p, at, scratch):
    """TURN options (hook 2) as pairs at G[at:]: (0, action) per card in slot order with an XSPEND option, then
    (1, 0) if X-tokens < max. G[scratch:] is scratch (at least KEPT_SPENDS + 5 * MAX_SPENDS). Each option's number
    of XSPEND options goes to G_TURN_SPENDS (1 for the X action), for the `random` policy's one draw, and its
    XSPEND options to kept_spends(scratch, k)."""
    b = G_PL + p * P_SIZE
    acting = side_bits(G, p)
    n = 0
    for k in range(5):
        a = G[b + P_SLOTS + k]
        base = k + 1 - 2 * G[b + P_CONSTRICTION + a]       # strength(G, p, a): the card is in slot k + 1
        if a == CARDS_ACTION or a == SPONSORS:              # something to do at every strength >= 1
            spends = _spends_from(G, kept_spends(scratch, n), max(0, 1 - base), G[b + P_X])
        else:
            spends = spend_options_with(G, R, p, a, base, kept_spends(scratch, n), scratch + 32, acting)
        if spends > 0:
            G[at + 2 * n] = 0
            G[at + 2 * n + 1] = a
            G[G_TURN_SPENDS + n] = spends
            n += 1
    if G[b + P_X] < R[R_MAX_X]:
        G[at + 2 * n] = 1
        G[at + 2 * n + 1] = 0
        G[G_TURN_SPENDS + n] = 1
        n += 1
    return n
