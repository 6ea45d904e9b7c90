"""Ark Nova's triggers and the after-queue in numba (spec §12.3, §4.1, R21; PROTOCOL.md 3 fixed orders), as
reference.effects' `icons_entered`, `fire`, `trigger_animal_played` and the queue that `run_after_queue` empties.

    F_ICONS (p, icon counts packed 4 bits per icon, bit mask of the kinds present before, next firing, 0)
    F_ENTER (p, card, stage, bit mask of the kinds present before, 0)                     enter_zoo

Icons entering p's zoo fire, one icon at a time in icon index order: p's own-scope triggers of that icon, p's own
`trg_any`, an Okapi play queued (herbivore, tokens left), then the other players' `trg_any` in turn order after p;
last, p's `trg_new_icon` once per category/continent kind new to the zoo. The firings form a fixed sequence (no
firing adds a sponsor), so the frame keeps only the number of the next one and walks the sequence to it (a few
dozen steps at most); each firing pushes an F_EFFECT frame for its row, or queues a may-trigger (free building,
pouch, clever) on the after-queue (G_AFTER, FIFO). Entry points that run these to the end are engine.moments'.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import EVENT_ANIMAL_PLAYED, EVENT_NEW_KIND, SCOPE_ALL, SCOPE_OWN, Op
from zoosim.games.ark_nova.components.vocab import ICONS, N_ICONS
from zoosim.games.ark_nova.engine.abilities import C_SIZE, coin, hand_take
from zoosim.games.ark_nova.engine.animals import C_ICONS, icon_counts
from zoosim.games.ark_nova.engine.build import footprints, free_build2, zoo_memo
from zoosim.games.ark_nova.engine.effects import UNSUPPORTED_EFFECT, push_effects
from zoosim.games.ark_nova.engine.sponsors import hand_sponsor_options
from zoosim.games.ark_nova.engine.state import (
    AFTER_ACTION, AFTER_W, CARD_ID, E_GAIN, E_PLAY, F_BUILD, F_ENTER, F_ICONS, FR_A, FR_B, FR_C, FR_P, G_AFTER,
    G_AFTER_HEAD, G_AFTER_N, G_PL, G_PLAYERS, G_STACK_N, G_UNSUPPORTED, H_SPONSOR_PLAY, IMMEDIATE, MAX_AFTER, PASSIVE,
    P_ANIMALS, P_ANIMALS_N, P_HAND, P_HAND_N, P_MONEY, P_OKAPI, P_SIZE, P_ZOO_VERSION, TRIGGER, Z_TRIGGERS, P_SPONSORS,
    P_SPONSORS_N, P_WILDCARDS, PASSIVE_OP, PROG_COUNT, PROG_OPS, PROG_START, SCR_EFFECT, _choose, _log, _push,
)
from zoosim.games.ark_nova.engine.tracks import gain_leaf, push_gain
from zoosim.games.ark_nova.pack import R_PEACEFUL

OKAPI_PLAY = -1                                  # an after-queue entry's row: an Okapi play (§12.6)
HERBIVORE = ICONS.index("herbivore")
N_KINDS = 12                                     # categories and continents (icons 0-11)
O_FREE, O_POUCH, O_CLEVER, O_WAZA = (int(Op.FREE_BUILDING), int(Op.POUCH), int(Op.CLEVER),
                                      int(Op.WAZA_ASSIGNMENT))
OP_OKAPI = int(Op.OKAPI)
PROBE = SCR_EFFECT + 16


@njit(cache=True, _nrt=False)
def queue_after(G, p, card, moment, k):
    """Append (p, card, moment, row k) to the after-queue."""
    n = G[G_AFTER_N]
    if n >= MAX_AFTER:
        G[G_UNSUPPORTED] = UNSUPPORTED_EFFECT
        return
    at = G_AFTER + n * AFTER_W
    G[at] = p
    G[at + 1] = card
    G[at + 2] = moment
    G[at + 3] = k
    G[G_AFTER_N] = n + 1


@njit(cache=True, _nrt=False)
def queue_after_rows(G, R, p, card):
    """reference.effects.run at AFTER_ACTION: every such row of the card queued for the turn's end."""
    for k in range(PROG_COUNT[R[R_PEACEFUL], card, AFTER_ACTION]):
        queue_after(G, p, card, AFTER_ACTION, k)


@njit(cache=True, _nrt=False)
def _fire(G, R, q, card, k):
    """reference.effects.fire of the card's k-th TRIGGER row: may-triggers queued, the rest pushed."""
    op = PROG_OPS[PROG_START[R[R_PEACEFUL], card, TRIGGER] + k, 0]
    if op == O_FREE or op == O_POUCH or op == O_CLEVER:
        queue_after(G, q, card, TRIGGER, k)
    else:
        push_effects(G, R, q, card, TRIGGER, k, k + 1)


@njit(cache=True, _nrt=False)
def _okapi_card(G, R, p):
    """The player's sponsor with pas_okapi while tokens are left, else -1 (reference okapi_card)."""
    b = G_PL + p * P_SIZE
    if G[b + P_OKAPI] > 0:
        for i in range(G[b + P_SPONSORS_N]):
            card = G[b + P_SPONSORS + i]
            if PASSIVE_OP[R[R_PEACEFUL], card, OP_OKAPI]:
                return card
    return -1


@njit(cache=True, _nrt=False)
def _seat_triggers(G, R, q, event, scope, idx, target):
    """Walk q's triggers of (event, scope) in sponsor order from sequence number idx; fire the target-th.
    Returns the next sequence number, or -1 after firing. A seat without a sponsor trigger of (event, scope)
    (zoo_memo's Z_TRIGGERS) has nothing to walk."""
    if not G[zoo_memo(G, R, q) + Z_TRIGGERS] >> (event * 2 + scope) & 1:
        return idx
    b = G_PL + q * P_SIZE
    peaceful = R[R_PEACEFUL]
    for i in range(G[b + P_SPONSORS_N]):
        card = G[b + P_SPONSORS + i]
        start = PROG_START[peaceful, card, TRIGGER]
        for k in range(PROG_COUNT[peaceful, card, TRIGGER]):
            if PROG_OPS[start + k, 1] == event and PROG_OPS[start + k, 2] == scope:
                if idx == target:
                    _fire(G, R, q, card, k)
                    return -1
                idx += 1
    return idx


@njit(cache=True, _nrt=False)
def icons_unit(G, R, EV, rng, fr):
    """F_ICONS: the next firing of the sequence (module doc), or the frame pops when none is left."""
    p = G[fr + FR_P]
    icons = G[fr + FR_A]
    before = G[fr + FR_B]
    target = G[fr + FR_C]
    G[fr + FR_C] = target + 1
    n = G[G_PLAYERS]
    idx = 0
    for k in range(N_ICONS):
        for _ in range((icons >> (4 * k)) & 15):
            idx = _seat_triggers(G, R, p, k, SCOPE_OWN, idx, target)
            if idx >= 0:
                idx = _seat_triggers(G, R, p, k, SCOPE_ALL, idx, target)
            if idx < 0:
                return
            if k == HERBIVORE:
                card = _okapi_card(G, R, p)
                if card >= 0:
                    if idx == target:
                        queue_after(G, p, card, TRIGGER, OKAPI_PLAY)
                        return
                    idx += 1
            for d in range(1, n):
                idx = _seat_triggers(G, R, (p + d) % n, k, SCOPE_ALL, idx, target)
                if idx < 0:
                    return
    for k in range(N_KINDS):
        if (icons >> (4 * k)) & 15 and not before >> k & 1:
            idx = _seat_triggers(G, R, p, EVENT_NEW_KIND, SCOPE_OWN, idx, target)
            if idx < 0:
                return
    G[G_STACK_N] -= 1


@njit(cache=True, _nrt=False)
def push_icons(G, p, icons_at, before_at):
    """An F_ICONS frame for the icon counts at G[icons_at:] entering p's zoo whose counts were G[before_at:]."""
    packed = 0
    before = 0
    for k in range(N_ICONS):
        packed |= min(G[icons_at + k], 15) << (4 * k)
        if G[before_at + k] > 0:
            before |= 1 << k
    _push(G, F_ICONS, p, packed, before, 0, 0)


@njit(cache=True, _nrt=False)
def trigger_animal_played(G, R, EV, p, animal):
    """§12.3 trg_waza: appeal by the played animal's size class (a leaf)."""
    b = G_PL + p * P_SIZE
    peaceful = R[R_PEACEFUL]
    size = C_SIZE[animal]
    for i in range(G[b + P_SPONSORS_N]):
        card = G[b + P_SPONSORS + i]
        start = PROG_START[peaceful, card, TRIGGER]
        for k in range(PROG_COUNT[peaceful, card, TRIGGER]):
            r = start + k
            if PROG_OPS[r, 0] == O_WAZA and PROG_OPS[r, 1] == EVENT_ANIMAL_PLAYED and PROG_OPS[r, 2] == SCOPE_OWN:
                gain_leaf(G, R, EV, p, 0, PROG_OPS[r, 3] if size <= 2 else PROG_OPS[r, 4] if size >= 4 else 0)


@njit(cache=True, _nrt=False)
def _okapi_play(G, R, EV, rng, q):
    """reference.actions.okapi: tokens left, COIN, SPONSOR_PLAY over the playable hand sponsors (level <= money);
    one token and the level paid, the sponsor played (PLAY row, then it enters the zoo: pushed)."""
    b = G_PL + q * P_SIZE
    if G[b + P_OKAPI] <= 0:
        return
    n = hand_sponsor_options(G, R, q, G[b + P_MONEY], PROBE)
    if n == 0 or coin(G, EV, rng, q) == 0:
        return
    card = G[PROBE + 2 * _choose(G, EV, rng, q, H_SPONSOR_PLAY, n) + 1]
    G[b + P_OKAPI] -= 1
    for i in range(G[b + P_HAND_N]):
        if G[b + P_HAND + i] == card:
            hand_take(G, q, i)
            break
    level = C_LEVEL[card]
    if level > 0:
        G[b + P_MONEY] -= level
        _log(G, EV, E_GAIN, q, 1, -level, G[b + P_MONEY], 0)
    _log(G, EV, E_PLAY, q, CARD_ID[card], -1, 0, 0)
    _push(G, F_ENTER, q, card, 0, 0, 0)


@njit(cache=True, _nrt=False)
def after_item(G, R, EV, rng):
    """The after-queue's first entry, as reference run_after_queue resolves it (what it sets off is pushed)."""
    at = G_AFTER + G[G_AFTER_HEAD] * AFTER_W
    G[G_AFTER_HEAD] += 1
    q = G[at]
    card = G[at + 1]
    moment = G[at + 2]
    k = G[at + 3]
    if k == OKAPI_PLAY:
        _okapi_play(G, R, EV, rng, q)
        return
    row = PROG_START[R[R_PEACEFUL], card, moment] + k
    op = PROG_OPS[row, 0]
    if op == O_FREE:
        kind = PROG_OPS[row, 3]
        build2 = free_build2(G, R, q)
        if footprints(G, R, q, kind, build2, PROBE, 1) > 0 and coin(G, EV, rng, q) == 1:
            _push(G, F_BUILD, q, kind, build2, 0, 0)
        return
    if op == O_CLEVER:
        b = G_PL + q * P_SIZE
        for i in range(G[b + P_SPONSORS_N]):
            if G[b + P_SPONSORS + i] == card and coin(G, EV, rng, q) == 0:
                return                          # a sponsor's clever is a may-trigger; an animal's is not
    push_effects(G, R, q, card, moment, k, k + 1)


# ---------------------------------------------------------------- a card entering the zoo (reference enter_zoo)
C_APPEAL = cards.CARDS.appeal.astype(np.int64)
C_CP = cards.CARDS.cp.astype(np.int64)
C_REP = cards.CARDS.rep.astype(np.int64)
C_KIND = cards.CARDS.kind.astype(np.int64)
C_LEVEL = cards.CARDS.level.astype(np.int64)
ANIMAL = int(cards.ANIMAL)
O_WILDCARDS = int(Op.ICON_WILDCARDS)


@njit(cache=True, _nrt=False)
def enter_unit(G, R, EV, rng, fr):
    """F_ENTER (p, card, stage, kinds present before): the card joins the animals (an animal) or the sponsors;
    its appeal, CP (with the spaces), reputation, icons (triggers), standing tokens (wildcards, Okapi), immediate
    rows, and its after-action rows queued — each stage's chain resolved before the next (reference enter_zoo)."""
    p = G[fr + FR_P]
    card = G[fr + FR_A]
    stage = G[fr + FR_B]
    G[fr + FR_B] = stage + 1
    b = G_PL + p * P_SIZE
    if stage == 0:
        icon_counts(G, p, PROBE)
        before = 0
        for k in range(N_ICONS):
            if G[PROBE + k] > 0:
                before |= 1 << k
        G[fr + FR_C] = before
        at_n = P_ANIMALS_N if C_KIND[card] == ANIMAL else P_SPONSORS_N
        at = P_ANIMALS if C_KIND[card] == ANIMAL else P_SPONSORS
        G[b + at + G[b + at_n]] = card
        G[b + at_n] += 1
        G[b + P_ZOO_VERSION] += 1
        gain_leaf(G, R, EV, p, 0, C_APPEAL[card])
        push_gain(G, R, EV, p, 4, C_CP[card])
    elif stage == 1:
        push_gain(G, R, EV, p, 3, C_REP[card])
    elif stage == 2:
        packed = 0
        for k in range(N_ICONS):
            packed |= min(C_ICONS[card, k], 15) << (4 * k)
        _push(G, F_ICONS, p, packed, G[fr + FR_C], 0, 0)
    elif stage == 3:
        peaceful = R[R_PEACEFUL]
        start = PROG_START[peaceful, card, PASSIVE]
        for k in range(PROG_COUNT[peaceful, card, PASSIVE]):
            op = PROG_OPS[start + k, 0]
            if op == O_WILDCARDS:
                G[b + P_WILDCARDS] += PROG_OPS[start + k, 1]
            elif op == OP_OKAPI:
                G[b + P_OKAPI] = PROG_OPS[start + k, 1]
        push_effects(G, R, p, card, IMMEDIATE, 0, -1)
    else:
        queue_after_rows(G, R, p, card)
        G[G_STACK_N] -= 1


@njit(cache=True, _nrt=False)
def push_enter(G, p, card):
    _push(G, F_ENTER, p, card, 0, 0, 0)
