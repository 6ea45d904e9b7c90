"""Ark Nova in numba: taking a partner zoo, a university, and the sponsor tile's free sponsor (spec §8.2, §10.3,
§10.4) as reference.association's `take_partner_zoo`, `take_university` and reference.actions' `tile_sponsor`.

They run inside chains (a CP bonus tile of engine.tracks) as well as from the Association action, so each is a
frame the dispatcher (engine.chain.run) advances:

    F_TASK (p, what, side II for the partner options, stage + 16 * kinds present before, packed icons)

`what` is TAKE_PARTNER, TAKE_UNIVERSITY or TILE_SPONSOR. Stage 0 chooses and takes (a university's reputation
pushed), stage 1 gives the map's slot bonus (upgrade, worker or CP), stage 2 lets the new icons enter the zoo
(an F_ICONS frame replaces this one) — each resolved before the next, as the reference's nested calls.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.components import board
from zoosim.games.ark_nova.components.vocab import N_ICONS, SCIENCE
from zoosim.games.ark_nova.engine.abilities import hand_take
from zoosim.games.ark_nova.engine.animals import icon_counts
from zoosim.games.ark_nova.engine.association import partner_options, university_options
from zoosim.games.ark_nova.engine.sponsors import hand_sponsor_options
from zoosim.games.ark_nova.engine.state import (
    CARD_ID, E_PLAY, F_ENTER, F_ICONS, F_REP, F_TASK, FR_A, FR_B, FR_C, FR_D, FR_P, G_BOARD_PARTNERS, G_BOARD_UNIVS,
    G_PL, G_STACK_N, H_PARTNER, H_SPONSOR_PLAY, H_UNIVERSITY, P_HAND, P_HAND_N, P_PARTNERS, P_PARTNERS_N, P_SIZE,
    P_UNIVS, P_UNIVS_N, SCR_SCRATCH_TASK, _choose, _log, _push,
)
from zoosim.games.ark_nova.engine.tracks import _hire_worker, _start_cp, upgrade
from zoosim.games.ark_nova.pack import R_PARTNER4_CP, R_UNIV3_CP

TAKE_PARTNER, TAKE_UNIVERSITY, TILE_SPONSOR = 0, 1, 2
SLOT_NONE, SLOT_UPGRADE, SLOT_WORKER, SLOT_CP = range(4)
assert board.SLOT_BONUS_KINDS == ("none", "upgrade", "worker", "cp")
PARTNER_BONUS = np.array([k for k, _ in board.MAP.partner_zoo_slot_bonus], np.int64)
UNIV_BONUS = np.array([k for k, _ in board.MAP.university_slot_bonus], np.int64)
UNIV_REP = np.array([1, 2, 0], np.int64)          # reputation by university type (reference take_university)
UNIV_SCIENCE = np.array([0, 1, 2], np.int64)
OPTIONS = SCR_SCRATCH_TASK                         # the decision's options, then icon counts at + 32
ICONS_AT = SCR_SCRATCH_TASK + 32


@njit(cache=True, _nrt=False)
def push_task(G, p, what, side2):
    _push(G, F_TASK, p, what, side2, 0, 0)


@njit(cache=True, _nrt=False)
def _kinds_present(G, p):
    icon_counts(G, p, ICONS_AT)
    before = 0
    for k in range(N_ICONS):
        if G[ICONS_AT + k] > 0:
            before |= 1 << k
    return before


@njit(cache=True, _nrt=False)
def _take(G, R, EV, rng, fr, p, what):
    """Stage 0: the choice and the taking; returns False when there is nothing to take (the frame pops)."""
    b = G_PL + p * P_SIZE
    if what == TAKE_PARTNER:
        n = partner_options(G, R, p, G[fr + FR_B] == 1, OPTIONS)
        if n == 0:
            return False
        k = G[OPTIONS + _choose(G, EV, rng, p, H_PARTNER, n)]
        G[fr + FR_C] = 1 + 16 * _kinds_present(G, p)
        G[G_BOARD_PARTNERS] &= ~(1 << k)
        G[b + P_PARTNERS + G[b + P_PARTNERS_N]] = k
        G[b + P_PARTNERS_N] += 1
        G[fr + FR_D] = 1 << (4 * k)
        return True
    n = university_options(G, R, p, OPTIONS)
    if n == 0:
        return False
    u = G[OPTIONS + _choose(G, EV, rng, p, H_UNIVERSITY, n)]
    G[fr + FR_C] = 1 + 16 * _kinds_present(G, p)
    G[G_BOARD_UNIVS] &= ~(1 << u)
    G[b + P_UNIVS + G[b + P_UNIVS_N]] = u
    G[b + P_UNIVS_N] += 1
    G[fr + FR_D] = UNIV_SCIENCE[u] << (4 * SCIENCE)
    if UNIV_REP[u] > 0:
        _push(G, F_REP, p, UNIV_REP[u], -1, 0, 0)
    return True


@njit(cache=True, _nrt=False)
def _slot_bonus(G, R, EV, rng, p, what):
    """Stage 1: the bonus of the slot the new partner zoo / university covers (§10.3, §10.4; map A)."""
    b = G_PL + p * P_SIZE
    if what == TAKE_PARTNER:
        n, kind, cp = G[b + P_PARTNERS_N], SLOT_NONE, R[R_PARTNER4_CP]
        if n <= len(PARTNER_BONUS):
            kind = PARTNER_BONUS[n - 1]
    else:
        n, kind, cp = G[b + P_UNIVS_N], SLOT_NONE, R[R_UNIV3_CP]
        if n <= len(UNIV_BONUS):
            kind = UNIV_BONUS[n - 1]
    if kind == SLOT_UPGRADE:
        upgrade(G, R, EV, rng, p)
    elif kind == SLOT_WORKER:
        _hire_worker(G, R, EV, p)
    elif kind == SLOT_CP and cp > 0:
        _start_cp(G, R, EV, p, cp, True)


@njit(cache=True, _nrt=False)
def _tile_sponsor(G, R, EV, rng, p):
    """§8.2 sponsor tile (hand_level5_free): one hand sponsor of level <= 5 meeting its conditions, free."""
    n = hand_sponsor_options(G, R, p, 5, OPTIONS)
    if n == 0:
        return
    card = G[OPTIONS + 2 * _choose(G, EV, rng, p, H_SPONSOR_PLAY, n) + 1]
    b = G_PL + p * P_SIZE
    for i in range(G[b + P_HAND_N]):
        if G[b + P_HAND + i] == card:
            hand_take(G, p, i)
            break
    _log(G, EV, E_PLAY, p, CARD_ID[card], -1, 0, 0)
    _push(G, F_ENTER, p, card, 0, 0, 0)


@njit(cache=True, _nrt=False)
def task_unit(G, R, EV, rng, fr):
    """F_TASK: the next stage (module doc)."""
    p = G[fr + FR_P]
    what = G[fr + FR_A]
    stage = G[fr + FR_C] & 15
    if what == TILE_SPONSOR:
        G[G_STACK_N] -= 1
        _tile_sponsor(G, R, EV, rng, p)
        return
    if stage == 0:
        if not _take(G, R, EV, rng, fr, p, what):
            G[G_STACK_N] -= 1
        return
    if stage == 1:
        G[fr + FR_C] += 1
        _slot_bonus(G, R, EV, rng, p, what)
        return
    packed = G[fr + FR_D]
    before = G[fr + FR_C] >> 4
    G[G_STACK_N] -= 1
    _push(G, F_ICONS, p, packed, before, 0, 0)
