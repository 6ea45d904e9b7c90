"""Ark Nova in numba: the Association action doing its tasks (spec §5.4, §10.1-§10.6) — reputation, partner zoo,
university, supporting a conservation project (the row, its slot, a release, the rewards, a bonus-column token)
and the donation — and the bonus column's income at a break, as reference.association's `association_action`,
`support_project`, `enter_row`, `release`, `bonus_column` and `bonus_column_income`.

The Association action is a stage of engine.actions' F_ACT frame (`association_unit`); two frames are here:

    F_PROJECT (p, side II, stage, project, slot, scan index / came into the row)         support_project
    F_COLUMN  (p, next slot, 1 = every uncovered income slot from it on / 0 = that slot only)   bonus_column

A unit does what needs no resolving at once and pushes what can chain (reputation, CP, a building, a partner zoo
or university), returning to its next stage once that is resolved, as the reference's nested calls return.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.engine.abilities import coin, hand_take
from zoosim.games.ark_nova.engine.animals import C_SIZE, icon_counts
from zoosim.games.ark_nova.engine.association import (
    C_PROJECT_KIND, RELEASE, STOP, TASK_PARTNER, TASK_REPUTATION, TASK_UNIVERSITY, project_options, release_candidates,
    slot_options, task_options, task_value, workers_needed,
)
from zoosim.games.ark_nova.engine.build import free_build2
from zoosim.games.ark_nova.engine.piles import discard_card, put_away, snap, take_from_display
from zoosim.games.ark_nova.engine.place import _cubes, terrain_touched
from zoosim.games.ark_nova.engine.state import (
    BASE_ROWS, CARD_ID, CARD_ROCK, CARD_WATER, E_GAIN, E_RELEASE, E_SUPPORT, F_BUILD, F_COLUMN, F_PROJECT, FR_A, FR_B,
    FR_C, FR_D, FR_E, FR_F, FR_P, FREE, G_DONATIONS, G_PL, G_ROW, G_ROW_N, G_SLOT_ON, G_SLOTS, G_STACK_N, H_BONUS_TOKEN,
    H_PROJECT, H_PROJECT_SLOT, H_RELEASE_ANIMAL, H_RELEASE_ENCLOSURE, H_TASK, P_ANIMALS, P_ANIMALS_N, P_APPEAL,
    P_B_ANIMALS_N, P_B_CUBES, P_B_KIND, P_B_MASK, P_BONUS_TOKENS, P_BUILDINGS_N, P_HAND, P_HAND_N, P_HOME, P_HOME_SEQ,
    P_MONEY, P_SIDE2, P_SIZE, P_ZOO_VERSION, P_SPONSORS, P_SPONSORS_N, P_SUPPORTED, P_SUPPORTED_N, P_SUPPORTS,
    P_TASK_WORKERS, P_WILDCARDS, P_WORKERS_ACTIVE, PASSIVE, PROG_COUNT, PROG_OPS, PROG_START, PROJECT_ROW0, SCR_ACTION,
    SCR_ICONS, _choose, _log, _ones, _push,
)
from zoosim.games.ark_nova.engine.tasks import TAKE_PARTNER, TAKE_UNIVERSITY, push_task
from zoosim.games.ark_nova.engine.tracks import _start_cp, gain_leaf, pay, push_gain
from zoosim.games.ark_nova.pack import (
    R_DONATION_OVERFLOW, R_DONATIONS, R_DONATIONS_N, R_PEACEFUL, R_PROJECT_ROW_LIMIT, R_REPUTATION_TASK_GAIN,
)

_C = cards.CARDS
C_SLOT_CP = np.ascontiguousarray(_C.project_slot_cp.astype(np.int64))
C_SLOT_REP = np.ascontiguousarray(_C.project_slot_rep.astype(np.int64))
C_PLACE_REP = _C.project_place_rep.astype(np.int64)
C_APPEAL = _C.appeal.astype(np.int64)
FIRST_BASE, LAST_BASE = int(BASE_ROWS[0]), int(BASE_ROWS[-1])
COLUMN_KIND = board.BONUS_COLUMN_KIND.astype(np.int64)
COLUMN_VALUE = board.BONUS_COLUMN_VALUE.astype(np.int64)
COLUMN_INCOME = board.BONUS_COLUMN_INCOME.astype(np.int64)
N_COLUMN = len(COLUMN_KIND)
SNAP, FREE_ENCLOSURE, MONEY, CP, REPUTATION, X_TOKEN = range(6)
assert board.BONUS_COLUMN_KINDS == ("snap", "free_enclosure", "money", "cp", "reputation", "x_token")
OP_RELEASE_CP = int(Op.RELEASE_CP)
OPTIONS = SCR_ACTION
ASSOCIATION = 3


@njit(cache=True, _nrt=False)
def take_for_play(G, EV, p, source, card):
    """A card leaves the hand (source -1) or display folder `source` (paying its number)."""
    b = G_PL + p * P_SIZE
    if source < 0:
        for i in range(G[b + P_HAND_N]):
            if G[b + P_HAND + i] == card:
                hand_take(G, p, i)
                return
    else:
        take_from_display(G, source)
        pay(G, EV, p, source)


@njit(cache=True, _nrt=False)
def donation_cost(G, R):
    n = G[G_DONATIONS]
    return R[R_DONATIONS + n] if n < R[R_DONATIONS_N] else R[R_DONATION_OVERFLOW]



# ---------------------------------------------------------------- the Association action (§5.4)
# F_ACT fields for it (engine.actions): stage FR_D, FR_E = done mask | tasks done << 4 | last task << 8, FR_F =
# strength left
@njit(cache=True, _nrt=False)
def association_unit(G, R, EV, rng, fr):
    """Stage 1: TASK (until stop on side II, once on side I), its workers placed and the task pushed; stage 2:
    its value off the strength left (read after it resolved); then side II's donation (COIN)."""
    p = G[fr + FR_P]
    b = G_PL + p * P_SIZE
    side2 = G[fr + FR_C] & 1 == 1
    stage = G[fr + FR_D]
    done = G[fr + FR_E] & 15
    n_done = (G[fr + FR_E] >> 4) & 15
    if stage == 2:
        G[fr + FR_F] -= task_value(G, R, p, G[fr + FR_E] >> 8)
        G[fr + FR_D] = 1
        return
    if stage == 1:
        n = task_options(G, R, p, G[fr + FR_F], side2, done, n_done, OPTIONS)
        task = STOP if n == 0 else G[OPTIONS + _choose(G, EV, rng, p, H_TASK, n)]
        if task != STOP:
            need = workers_needed(G, R, p, task)
            G[b + P_WORKERS_ACTIVE] -= need
            G[b + P_TASK_WORKERS + task] += need
            G[fr + FR_E] = (done | 1 << task) | (n_done + 1) << 4 | task << 8
            G[fr + FR_D] = 2
            if task == TASK_REPUTATION:
                push_gain(G, R, EV, p, 3, R[R_REPUTATION_TASK_GAIN])
            elif task == TASK_PARTNER:
                own = G[b + P_SIDE2 + ASSOCIATION]
                push_task(G, p, TAKE_PARTNER, 1 if side2 or own else 0)
            elif task == TASK_UNIVERSITY:
                push_task(G, p, TAKE_UNIVERSITY, 0)
            else:
                _push(G, F_PROJECT, p, 1 if side2 else 0, 0, 0, 0)
            return
    G[G_STACK_N] -= 1                   # stop, nothing left, or the donation
    if side2 and n_done > 0 and G[b + P_MONEY] >= donation_cost(G, R) and coin(G, EV, rng, p) == 1:
        pay(G, EV, p, donation_cost(G, R))
        G[G_DONATIONS] += 1
        _start_cp(G, R, EV, p, 1, True)


# ---------------------------------------------------------------- projects (§10.1, §10.2)
@njit(cache=True, _nrt=False)
def project_unit(G, R, EV, rng, fr):
    """F_PROJECT (reference support_project): 0 PROJECT, into the row (its reputation); 1 the row limit,
    PROJECT_SLOT, a release (RELEASE_ANIMAL); 2 each pas_release_cp; 3 the slot taken, SUPPORT row, its CP; 4 its
    reputation; 5 BONUS_TOKEN (the bonus column); 6 supports + 1."""
    p = G[fr + FR_P]
    b = G_PL + p * P_SIZE
    stage = G[fr + FR_B]
    project = G[fr + FR_C]
    G[fr + FR_B] = stage + 1
    if stage == 0:
        n = project_options(G, R, p, G[fr + FR_A] == 1, OPTIONS)
        k = _choose(G, EV, rng, p, H_PROJECT, n)
        source = G[OPTIONS + 2 * k]
        project = G[OPTIONS + 2 * k + 1]
        G[fr + FR_C] = project
        if source != 0:
            take_for_play(G, EV, p, source, project)
            _enter_row(G, project)
            G[fr + FR_E] = 1
            push_gain(G, R, EV, p, 3, C_PLACE_REP[project])
        return
    if stage == 1:
        if G[fr + FR_E] == 1:
            _row_limit(G, R)
        G[fr + FR_E] = 0
        icon_counts(G, p, SCR_ICONS)
        n = slot_options(G, R, p, project, SCR_ICONS, OPTIONS)
        k = _choose(G, EV, rng, p, H_PROJECT_SLOT, n)
        slot = G[OPTIONS + 2 * k]
        G[fr + FR_D] = slot
        if G[OPTIONS + 2 * k + 1]:
            G[b + P_WILDCARDS] -= 1
        if C_PROJECT_KIND[project] == RELEASE:
            n = release_candidates(G, p, project, slot, OPTIONS)
            release(G, R, EV, rng, p, G[OPTIONS + _choose(G, EV, rng, p, H_RELEASE_ANIMAL, n)])
        else:
            G[fr + FR_B] = 3
        return
    slot = G[fr + FR_D]
    if stage == 2:                      # the next pas_release_cp row after scan index FR_E
        peaceful = R[R_PEACEFUL]
        ns = G[b + P_SPONSORS_N]
        k = 0
        for i in range(ns + G[b + P_ANIMALS_N]):
            card = G[b + P_SPONSORS + i] if i < ns else G[b + P_ANIMALS + i - ns]
            start = PROG_START[peaceful, card, PASSIVE]
            for r in range(start, start + PROG_COUNT[peaceful, card, PASSIVE]):
                if PROG_OPS[r, 0] == OP_RELEASE_CP:
                    if k == G[fr + FR_E]:
                        G[fr + FR_E] = k + 1
                        G[fr + FR_B] = 2
                        push_gain(G, R, EV, p, 4, PROG_OPS[r, 1])
                        return
                    k += 1
        return
    if stage == 3:
        G[G_SLOTS + 3 * (project - PROJECT_ROW0) + slot] = p
        G[b + P_SUPPORTED + G[b + P_SUPPORTED_N]] = project
        G[b + P_SUPPORTED_N] += 1
        _log(G, EV, E_SUPPORT, p, CARD_ID[project], slot, 0, 0)
        push_gain(G, R, EV, p, 4, C_SLOT_CP[project, slot])
    elif stage == 4:
        push_gain(G, R, EV, p, 3, C_SLOT_REP[project, slot])
    elif stage == 5:
        tokens = G[b + P_BONUS_TOKENS]
        if tokens:
            k = _choose(G, EV, rng, p, H_BONUS_TOKEN, _ones(tokens))
            for s in range(N_COLUMN):
                if tokens >> s & 1:
                    if k == 0:
                        G[b + P_BONUS_TOKENS] = tokens & ~(1 << s)
                        _push(G, F_COLUMN, p, s, 0, 0, 0)
                        return
                    k -= 1
    else:
        G[b + P_SUPPORTS] += 1
        G[G_STACK_N] -= 1


@njit(cache=True, _nrt=False)
def _enter_row(G, project):
    """§10.1 step 2: the card enters the row at the left (its reputation follows; then `_row_limit`)."""
    n = G[G_ROW_N]
    for i in range(n, 0, -1):
        G[G_ROW + i] = G[G_ROW + i - 1]
    G[G_ROW] = project
    G[G_ROW_N] = n + 1
    k = project - PROJECT_ROW0
    G[G_SLOT_ON + k] = 1
    for s in range(3):
        G[G_SLOTS + 3 * k + s] = FREE


@njit(cache=True, _nrt=False)
def _row_limit(G, R):
    """R9: beyond the limit the rightmost card leaves (a base project to its pile, no row logged)."""
    if G[G_ROW_N] > R[R_PROJECT_ROW_LIMIT]:
        G[G_ROW_N] -= 1
        out = G[G_ROW + G[G_ROW_N]]
        G[G_SLOT_ON + out - PROJECT_ROW0] = 0
        put_away(G, out)


@njit(cache=True, _nrt=False)
def _fits_standard(G, R, p, i, animal):
    b = G_PL + p * P_SIZE
    mask = G[b + P_B_MASK + i]
    return G[b + P_B_KIND + i] <= 4 and G[b + P_B_ANIMALS_N + i] > 0 and _ones(mask) >= C_SIZE[animal] and \
        terrain_touched(G, R, p, mask, True) >= CARD_ROCK[animal] and \
        terrain_touched(G, R, p, mask, False) >= CARD_WATER[animal]


@njit(cache=True, _nrt=False)
def release(G, R, EV, rng, p, animal):
    """§10.2, R2: out of its home (a standard enclosure: the smallest fitting occupied one flips to empty,
    RELEASE_ENCLOSURE), appeal lost, discarded, RELEASE row (pas_release_cp follows: F_PROJECT stage 2)."""
    b = G_PL + p * P_SIZE
    at = 0
    for i in range(G[b + P_ANIMALS_N]):
        if G[b + P_ANIMALS + i] == animal:
            at = i
    home = G[b + P_HOME + at]
    if home >= 0 and G[b + P_B_KIND + home] <= 4:
        smallest = 1 << 20
        for i in range(G[b + P_BUILDINGS_N]):
            if _fits_standard(G, R, p, i, animal):
                smallest = min(smallest, _ones(G[b + P_B_MASK + i]))
        n = 0
        for i in range(G[b + P_BUILDINGS_N]):
            if _fits_standard(G, R, p, i, animal) and _ones(G[b + P_B_MASK + i]) == smallest:
                G[OPTIONS + n] = i
                n += 1
        flipped = home if n == 0 else G[OPTIONS + _choose(G, EV, rng, p, H_RELEASE_ENCLOSURE, n)]
        G[b + P_B_ANIMALS_N + home] -= 1
        if flipped != home:         # enclosures carry no identity: the other animal now lives in home
            for i in range(G[b + P_ANIMALS_N]):
                if G[b + P_HOME + i] == flipped:
                    G[b + P_HOME + i] = home
            G[b + P_B_ANIMALS_N + home] += G[b + P_B_ANIMALS_N + flipped]
            G[b + P_B_ANIMALS_N + flipped] = 0
    elif home >= 0:
        seq = G[b + P_HOME_SEQ + at]
        for i in range(G[b + P_ANIMALS_N]):
            if G[b + P_HOME + i] == home and G[b + P_HOME_SEQ + i] > seq:
                G[b + P_HOME_SEQ + i] -= 1
        G[b + P_B_ANIMALS_N + home] -= 1
        G[b + P_B_CUBES + home] -= _cubes(G[b + P_B_KIND + home], animal)
    n = G[b + P_ANIMALS_N]
    for i in range(at, n - 1):
        G[b + P_ANIMALS + i] = G[b + P_ANIMALS + i + 1]
        G[b + P_HOME + i] = G[b + P_HOME + i + 1]
        G[b + P_HOME_SEQ + i] = G[b + P_HOME_SEQ + i + 1]
    G[b + P_ANIMALS_N] = n - 1
    G[b + P_ZOO_VERSION] += 1
    amount = C_APPEAL[animal]
    G[b + P_APPEAL] = max(0, G[b + P_APPEAL] - amount)
    _log(G, EV, E_GAIN, p, 0, -amount, G[b + P_APPEAL], 0)
    discard_card(G, EV, p, animal)
    _log(G, EV, E_RELEASE, p, CARD_ID[animal], 0, 0, 0)


# ---------------------------------------------------------------- the bonus column (§10.5)
@njit(cache=True, _nrt=False)
def column_unit(G, R, EV, rng, fr):
    """F_COLUMN: one slot's bonus per unit (snaps, a free enclosure, money, CP, reputation, X-tokens); in income
    mode (§9.2 5c, R12) the next uncovered income slot, in slot order."""
    p = G[fr + FR_P]
    slot = G[fr + FR_A]
    if G[fr + FR_B]:
        tokens = G[G_PL + p * P_SIZE + P_BONUS_TOKENS]
        while slot < N_COLUMN and (tokens >> slot & 1 or not COLUMN_INCOME[slot]):
            slot += 1
        if slot >= N_COLUMN:
            G[G_STACK_N] -= 1
            return
        G[fr + FR_A] = slot + 1
    else:
        G[G_STACK_N] -= 1
    kind = COLUMN_KIND[slot]
    value = COLUMN_VALUE[slot]
    if kind == SNAP:
        for _ in range(value):
            snap(G, R, EV, rng, p, OPTIONS)
    elif kind == FREE_ENCLOSURE:
        _push(G, F_BUILD, p, value - 1, free_build2(G, R, p), 0, 0)
    elif kind == MONEY:
        gain_leaf(G, R, EV, p, 1, value)
    elif kind == CP:
        push_gain(G, R, EV, p, 4, value)
    elif kind == REPUTATION:
        push_gain(G, R, EV, p, 3, value)
    else:
        gain_leaf(G, R, EV, p, 2, value)
