"""Ark Nova in numba: what the Association action may do (spec §5.4, §10.1-§10.4) — workers a task needs, task
values, the TASK, PARTNER, UNIVERSITY, PROJECT and PROJECT_SLOT options and `can_associate`, with the same answers in
the same canonical order as reference.association's functions of the same names. Doing the tasks (supporting a
project, its rewards, releases, the bonus column, icons entering the zoo) needs the card-effect dispatcher and is
not here yet.

Options are written at a caller-given offset; PROJECT options as (source, card row) pairs (0 = in play: base projects
in position order then the row left to right, -1 = hand, f = display folder), PROJECT_SLOT ones as (slot, wildcard).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.components.vocab import CATEGORY_ICONS, CONTINENT_ICONS
from zoosim.games.ark_nova.engine.animals import C_ICONS, C_SIZE, C_STD_OK, animals_of_size, icon_counts
from zoosim.games.ark_nova.engine.build import has_passive
from zoosim.games.ark_nova.engine.piles import range_folders
from zoosim.games.ark_nova.engine.state import (
    BASE_ROWS, FREE, G_BASE_PROJECTS, G_BASE_PROJECTS_N, G_BOARD_PARTNERS, G_BOARD_UNIVS, G_DISPLAY, G_PL, G_ROW,
    G_ROW_N, G_SLOT_ON, G_SLOTS, P_ANIMALS, P_ANIMALS_N, P_BONUS_TOKENS, P_HAND, P_HAND_N, P_MONEY, P_PARTNERS,
    P_PARTNERS_N, P_SIZE, P_SUPPORTED, P_SUPPORTED_N, P_TASK_WORKERS, P_UNIVS, P_UNIVS_N, P_WILDCARDS, P_WORKERS_ACTIVE,
    PROJECT_ROW0, SCR_ICONS,
)
from zoosim.games.ark_nova.pack import (
    R_MAX_PARTNER_ZOOS, R_MAX_UNIVERSITIES, R_SUPPORT_WITHOUT_TOKEN, R_TASK_VALUES, R_VET_PROJECT_VALUE,
    R_WORKERS_PER_REPEAT,
)

_C = cards.CARDS
C_KIND = _C.kind.astype(np.int64)
C_PROJECT_KIND = _C.project_kind.astype(np.int64)
C_PROJECT_TARGET = _C.project_target.astype(np.int64)
C_SLOT_CONDITION = np.ascontiguousarray(_C.project_slot_condition.astype(np.int64))
(ICON_COUNT, DISTINCT_CATEGORIES, DISTINCT_CONTINENTS, SMALL_ANIMALS, LARGE_ANIMALS, RELEASE, BREED) = range(7)
assert cards.PROJECT_KINDS == ("icon_count", "distinct_categories", "distinct_continents", "small_animals",
                               "large_animals", "release", "breed")
FIRST_BASE, LAST_BASE = int(BASE_ROWS[0]), int(BASE_ROWS[-1])
TASK_REPUTATION, TASK_PARTNER, TASK_UNIVERSITY, TASK_PROJECT = range(4)
STOP = -1
OP_PROJECT_STRENGTH = int(Op.PROJECT_STRENGTH)
OP_RELEASE_REPEAT = int(Op.RELEASE_REPEAT)
FIRST_CATEGORY, LAST_CATEGORY = CATEGORY_ICONS[0], CATEGORY_ICONS[-1]
FIRST_CONTINENT, LAST_CONTINENT = CONTINENT_ICONS[0], CONTINENT_ICONS[-1]


@njit(cache=True, _nrt=False)
def workers_needed(G, R, p, task):
    """1 if none of the player's workers is on the task, 2 if one is, 0 = closed (§5.4)."""
    on = G[G_PL + p * P_SIZE + P_TASK_WORKERS + task]
    return R[R_WORKERS_PER_REPEAT + on] if on < 2 else 0


@njit(cache=True, _nrt=False)
def task_value(G, R, p, task):
    if task == TASK_PROJECT and has_passive(G, R, p, OP_PROJECT_STRENGTH):
        return R[R_VET_PROJECT_VALUE]
    return R[R_TASK_VALUES + task]


@njit(cache=True, _nrt=False, inline="always")
def _lacking(G, board, first, last, own, own_n, at):
    """The kinds first..last on the board (bits of `board`) that are not in the player's list G[own:own + own_n],
    ascending, into G[at:]; returns how many."""
    n = 0
    for k in range(first, last + 1):
        if board >> k & 1:
            owned = 0
            for i in range(own_n):
                if G[own + i] == k:
                    owned = 1
            if not owned:
                G[at + n] = k
                n += 1
    return n


@njit(cache=True, _nrt=False)
def partner_options(G, R, p, side2, at):
    """PARTNER options (hook 15): continents on the board the player has no partner zoo of, ascending."""
    b = G_PL + p * P_SIZE
    if G[b + P_PARTNERS_N] >= R[R_MAX_PARTNER_ZOOS + (1 if side2 else 0)]:
        return 0
    return _lacking(G, G[G_BOARD_PARTNERS], FIRST_CONTINENT, LAST_CONTINENT, b + P_PARTNERS, G[b + P_PARTNERS_N], at)


@njit(cache=True, _nrt=False)
def university_options(G, R, p, at):
    """UNIVERSITY options (hook 16): university types on the board the player lacks, ascending."""
    b = G_PL + p * P_SIZE
    if G[b + P_UNIVS_N] >= R[R_MAX_UNIVERSITIES]:
        return 0
    return _lacking(G, G[G_BOARD_UNIVS], 0, 2, b + P_UNIVS, G[b + P_UNIVS_N], at)


@njit(cache=True, _nrt=False)
def _releasable(a, project, slot):
    size = C_SIZE[a]
    cls = C_SLOT_CONDITION[project, slot]
    fits = size <= 2 if cls == 0 else (size == 3 if cls == 1 else size >= 4)
    return C_STD_OK[a] != 0 and C_ICONS[a, C_PROJECT_TARGET[project]] != 0 and fits


@njit(cache=True, _nrt=False)
def release_candidates(G, p, project, slot, at):
    """RELEASE_ANIMAL options (hook 19) at G[at:]: the player's standard-enclosure animals of the target icon and
    the slot's size class, in the order they entered the zoo."""
    b = G_PL + p * P_SIZE
    n = 0
    for i in range(G[b + P_ANIMALS_N]):
        a = G[b + P_ANIMALS + i]
        if _releasable(a, project, slot):
            G[at + n] = a
            n += 1
    return n


@njit(cache=True, _nrt=False)
def slot_met(G, p, project, slot, wildcard, icons_at):
    """§10.1: the slot's condition holds (a 215/218 wildcard lowers a count by one)."""
    kind = C_PROJECT_KIND[project]
    n = C_SLOT_CONDITION[project, slot]
    if kind != RELEASE and kind != BREED:
        n -= wildcard
    b = G_PL + p * P_SIZE
    target = C_PROJECT_TARGET[project]
    if kind == ICON_COUNT:
        return G[icons_at + target] >= n
    if kind == DISTINCT_CATEGORIES or kind == DISTINCT_CONTINENTS:
        lo, hi = (FIRST_CATEGORY, LAST_CATEGORY) if kind == DISTINCT_CATEGORIES else (FIRST_CONTINENT, LAST_CONTINENT)
        m = 0
        for k in range(lo, hi + 1):
            if G[icons_at + k]:
                m += 1
        return m >= n
    if kind == SMALL_ANIMALS or kind == LARGE_ANIMALS:
        return animals_of_size(G, p, kind == LARGE_ANIMALS) >= n
    if kind == RELEASE:
        for i in range(G[b + P_ANIMALS_N]):
            if _releasable(G[b + P_ANIMALS + i], project, slot):
                return True
        return False
    for i in range(G[b + P_ANIMALS_N]):                    # breed
        a = G[b + P_ANIMALS + i]
        if C_ICONS[a, target]:
            for j in range(G[b + P_PARTNERS_N]):
                if C_ICONS[a, G[b + P_PARTNERS + j]]:
                    return True
    return False


@njit(cache=True, _nrt=False)
def slot_options(G, R, p, project, icons_at, at):
    """PROJECT_SLOT options (hook 18) as (slot, wildcard) pairs at G[at:]."""
    b = G_PL + p * P_SIZE
    kind = C_PROJECT_KIND[project]
    for i in range(G[b + P_SUPPORTED_N]):
        if G[b + P_SUPPORTED + i] == project and not (kind == RELEASE and has_passive(G, R, p, OP_RELEASE_REPEAT)):
            return 0
    k = project - PROJECT_ROW0
    n = 0
    for slot in range(3):
        if G[G_SLOT_ON + k] and G[G_SLOTS + 3 * k + slot] != FREE:
            continue
        wildcard = -1
        if slot_met(G, p, project, slot, 0, icons_at):
            wildcard = 0
        elif G[b + P_WILDCARDS] and FIRST_BASE <= project <= LAST_BASE and kind != RELEASE and kind != BREED and \
                slot_met(G, p, project, slot, 1, icons_at):
            wildcard = 1
        if wildcard >= 0:
            G[at + 2 * n] = slot
            G[at + 2 * n + 1] = wildcard
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _add_project(G, R, p, source, project, icons_at, at, n):
    if slot_options(G, R, p, project, icons_at, at + 2 * n + 2) > 0:
        G[at + 2 * n] = source
        G[at + 2 * n + 1] = project
        return n + 1
    return n


@njit(cache=True, _nrt=False)
def project_options(G, R, p, side2, at):
    """PROJECT options (hook 17): projects in play, hand projects, side-II display projects (affordable folder),
    each only with a legal slot; none without a bonus token unless support_without_bonus_token."""
    b = G_PL + p * P_SIZE
    if G[b + P_BONUS_TOKENS] == 0 and not R[R_SUPPORT_WITHOUT_TOKEN]:
        return 0
    icon_counts(G, p, SCR_ICONS)
    n = 0
    for i in range(G[G_BASE_PROJECTS_N]):
        n = _add_project(G, R, p, 0, G[G_BASE_PROJECTS + i], SCR_ICONS, at, n)
    for i in range(G[G_ROW_N]):
        n = _add_project(G, R, p, 0, G[G_ROW + i], SCR_ICONS, at, n)
    for i in range(G[b + P_HAND_N]):
        card = G[b + P_HAND + i]
        if C_KIND[card] == cards.PROJECT or C_KIND[card] == cards.PROJECT_BASE:
            n = _add_project(G, R, p, -1, card, SCR_ICONS, at, n)
    if side2:
        for f in range(1, range_folders(G, R, p) + 1):
            card = G[G_DISPLAY + f - 1]
            if card >= 0 and C_KIND[card] == cards.PROJECT and G[b + P_MONEY] >= f:
                n = _add_project(G, R, p, f, card, SCR_ICONS, at, n)
    return n


@njit(cache=True, _nrt=False)
def project_any(G, R, p, side2, at):
    """project_options(...) > 0 without listing them: stops at the first project with a legal slot."""
    b = G_PL + p * P_SIZE
    if G[b + P_BONUS_TOKENS] == 0 and not R[R_SUPPORT_WITHOUT_TOKEN]:
        return False
    icon_counts(G, p, SCR_ICONS)
    for i in range(G[G_BASE_PROJECTS_N]):
        if slot_options(G, R, p, G[G_BASE_PROJECTS + i], SCR_ICONS, at) > 0:
            return True
    for i in range(G[G_ROW_N]):
        if slot_options(G, R, p, G[G_ROW + i], SCR_ICONS, at) > 0:
            return True
    for i in range(G[b + P_HAND_N]):
        card = G[b + P_HAND + i]
        if (C_KIND[card] == cards.PROJECT or C_KIND[card] == cards.PROJECT_BASE) and \
                slot_options(G, R, p, card, SCR_ICONS, at) > 0:
            return True
    if side2:
        for f in range(1, range_folders(G, R, p) + 1):
            card = G[G_DISPLAY + f - 1]
            if card >= 0 and C_KIND[card] == cards.PROJECT and G[b + P_MONEY] >= f and \
                    slot_options(G, R, p, card, SCR_ICONS, at) > 0:
                return True
    return False


@njit(cache=True, _nrt=False)
def task_doable(G, R, p, task, side2, at):
    need = workers_needed(G, R, p, task)
    if need == 0 or G[G_PL + p * P_SIZE + P_WORKERS_ACTIVE] < need:
        return False
    if task == TASK_REPUTATION:
        return True
    if task == TASK_PARTNER:
        return partner_options(G, R, p, side2, at) > 0
    if task == TASK_UNIVERSITY:
        return university_options(G, R, p, at) > 0
    return project_any(G, R, p, side2, at)


@njit(cache=True, _nrt=False)
def task_options(G, R, p, remaining, side2, done, n_done, at):
    """TASK options (hook 14) after n_done tasks (bit mask `done`): none once side I has done one or nothing is
    doable; else -1 (stop, only after one) then the doable tasks of value <= remaining. G[at + 5:] is scratch."""
    if n_done > 0 and not side2:
        return 0
    n = 0
    for t in range(4):
        if not done >> t & 1 and task_value(G, R, p, t) <= remaining and task_doable(G, R, p, t, side2, at + 5):
            G[at + 1 + n] = t
            n += 1
    if n == 0:
        return 0
    if n_done > 0:
        G[at] = STOP
        return n + 1
    for j in range(n):
        G[at + j] = G[at + 1 + j]
    return n


@njit(cache=True, _nrt=False)
def associate_min_value(G, R, p, side2, at):
    """The smallest value of a doable task, 99 if none: Association at strength s can do something iff this is
    <= s (a task's value and doability do not depend on s), so the turn's options need it once."""
    best = 99
    for t in range(4):
        v = task_value(G, R, p, t)
        if v < best and task_doable(G, R, p, t, side2, at):
            best = v
    return best


@njit(cache=True, _nrt=False)
def can_associate(G, R, p, strength_, side2, at):
    return associate_min_value(G, R, p, side2, at) <= strength_
