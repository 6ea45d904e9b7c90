"""Ark Nova in numba: which main actions a turn offers (spec §4.1, §15.2; PROTOCOL.md 3 hooks 2 and 3) — whether an
action has a legal completion at a strength (`can_perform`), the XSPEND options and the TURN options, the same as
reference.can_perform / spend_options / turn_options. TURN options are pairs (0, action) in slot order, then (1, 0)
= the X action.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.engine_animals import animal_any_at, animals_strength_ok, can_animals
from zoosim.games.ark_nova.engine_association import associate_min_value, can_associate
from zoosim.games.ark_nova.engine_build import build_min_size, can_build
from zoosim.games.ark_nova.engine_cards import strength
from zoosim.games.ark_nova.engine_state import G_PL, G_TURN_SPENDS, P_SIDE2, P_SIZE, P_SLOTS, P_X
from zoosim.games.ark_nova.pack import R_ALLOW_NULL_ACTION, R_ANIMALS2_REP_STRENGTH, R_MAX_X

ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS = range(5)
KEPT_SPENDS = 64                    # turn_options' scratch: the XSPEND options of each TURN option from here
MAX_SPENDS = 24                     # x = 0 .. max_x_tokens (rules.validate: <= 20)


@njit(cache=True, _nrt=False)
def side_bits(G, p):
    """The player's side-II action cards as a bit mask (engine_animals' `acting`)."""
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
    b = G_PL + p * P_SIZE
    side2 = G[b + P_SIDE2 + action] == 1
    acting = side_bits(G, p)
    # can_perform for each x, with what does not depend on the strength asked once (lazily, -1 = not yet):
    # Build's smallest type, Association's cheapest task, Animals' playable card without / with R6's +1 reputation
    need = -1
    playable = -1
    playable_rep = -1
    n = 0
    for x in range(G[b + P_X] + 1):
        s = base + x
        if s < 1:
            ok = False
        elif R[R_ALLOW_NULL_ACTION]:
            ok = True
        elif action == ANIMALS:
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
        elif action == BUILD:
            if need < 0:
                need = build_min_size(G, R, p, side2, scratch)
            ok = need <= s
        elif action == ASSOCIATION:
            if need < 0:
                need = associate_min_value(G, R, p, side2, scratch)
            ok = need <= s
        else:
            ok = True
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
    n = 0
    for k in range(5):
        a = G[b + P_SLOTS + k]
        spends = spend_options(G, R, p, a, strength(G, p, a), kept_spends(scratch, n), scratch + 32)
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
