"""Ark Nova in plain Python, part 5: the Association action — workers, partner zoos, universities, conservation
projects with release, the map A bonus column and donations (spec §5.4, §10).

Option encodings (PROTOCOL.md 3): a task is its index (0 reputation, 1 partner zoo, 2 university, 3 project),
-1 = stop; a project is `(source, project)` with source 0 = in play (base project or row), -1 = hand, f = display
folder f; a slot is `(slot index, wildcard used 0/1)`.
"""
from __future__ import annotations

from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.components.vocab import CATEGORY_ICONS, CONTINENT_ICONS, N_ICONS, ROCK, WATER
from zoosim.games.ark_nova.reference.actions import take_for_play
from zoosim.games.ark_nova.reference.build import is_standard_enclosure, terrain_touched
from zoosim.games.ark_nova.reference.effects import icons_entered
from zoosim.games.ark_nova.reference.state import (ASSOCIATION, BLOCKED, C, E_RELEASE, E_SUPPORT, FREE, H_BONUS_TOKEN,
    H_PARTNER, H_PROJECT, H_PROJECT_SLOT, H_RELEASE_ANIMAL, H_RELEASE_ENCLOSURE, H_TASK, H_UNIVERSITY, State,
    TASK_PARTNER, TASK_PROJECT, TASK_REPUTATION, TASK_UNIVERSITY, UNIV_REP_HAND, UNIV_SCI2, UNIV_SCI_REP, call, choose,
    coin, handler, has_effect, icon_counts, idx, range_folders)
from zoosim.games.ark_nova.reference.tracks import (discard_card, donation_cost, gain, hire_worker, lose_appeal, pay,
    snap, upgrade)

STOP = -1
RELEASE, BREED = cards.PROJECT_KINDS.index("release"), cards.PROJECT_KINDS.index("breed")


# ---------------------------------------------------------------- workers (§5.4)
def workers_needed(s: State, p: int, task: int) -> int:
    """1 if none of the player's workers is on the task, 2 if one is, 0 = closed."""
    on = s.ps[p].task_workers[task]
    return s.rules.workers_per_repeat[on] if on < 2 else 0


def task_value(s: State, p: int, task: int) -> int:
    if task == TASK_PROJECT and has_effect(s, p, Op.PROJECT_STRENGTH):
        return s.rules.veterinarian_project_value
    return s.rules.task_values[task]


def task_doable(s: State, p: int, task: int, side2: bool) -> bool:
    need = workers_needed(s, p, task)
    if not need or s.ps[p].workers_active < need:
        return False
    if task == TASK_REPUTATION:
        return True
    if task == TASK_PARTNER:
        return bool(partner_options(s, p, side2))
    if task == TASK_UNIVERSITY:
        return bool(university_options(s, p))
    return bool(project_options(s, p, side2))


def place_workers(s: State, p: int, task: int) -> None:
    need = workers_needed(s, p, task)
    s.ps[p].workers_active -= need
    s.ps[p].task_workers[task] += need


def can_associate(s: State, p: int, strength_: int, side2: bool) -> bool:
    return any(task_value(s, p, t) <= strength_ and task_doable(s, p, t, side2) for t in range(4))


@handler("association")
def association_action(s: State, p: int, strength_: int, side2: bool) -> None:
    done: list[int] = []
    remaining = strength_
    while True:
        tasks = [t for t in range(4) if t not in done and task_value(s, p, t) <= remaining
                 and task_doable(s, p, t, side2)]
        if not tasks or (done and not side2):
            break
        task = choose(s, p, H_TASK, ([STOP] if done else []) + tasks)
        if task == STOP:
            break
        place_workers(s, p, task)
        do_task(s, p, task, side2)
        done.append(task)
        remaining -= task_value(s, p, task)
    if side2 and done and s.ps[p].money >= donation_cost(s) and coin(s, p):
        donate(s, p)


def do_task(s: State, p: int, task: int, side2: bool) -> None:
    if task == TASK_REPUTATION:
        gain(s, p, 3, s.rules.reputation_task_gain)
    elif task == TASK_PARTNER:
        take_partner_zoo(s, p, side2)
    elif task == TASK_UNIVERSITY:
        take_university(s, p)
    else:
        support_project(s, p, side2)


def donate(s: State, p: int) -> None:
    """§10.6: pay the cheapest uncovered donation space, +1 CP."""
    pay(s, p, donation_cost(s))
    s.donations += 1
    gain(s, p, 4, 1)


# ---------------------------------------------------------------- partner zoos and universities (§10.3, §10.4)
def partner_options(s: State, p: int, side2: bool) -> list[int]:
    pl = s.ps[p]
    if len(pl.partner_zoos) >= s.rules.max_partner_zoos[int(side2)]:
        return []
    return [k for k in s.board_partner_zoos if k not in pl.partner_zoos]


def slot_bonus(s: State, p: int, bonus: tuple[int, int], cp: int) -> None:
    kind = board.SLOT_BONUS_KINDS[bonus[0]]
    if kind == "upgrade":
        upgrade(s, p)
    elif kind == "worker":
        hire_worker(s, p)
    elif kind == "cp":
        gain(s, p, 4, cp)


@handler("take_partner_zoo")
def take_partner_zoo(s: State, p: int, side2: bool | None = None) -> None:
    if side2 is None or side2 is False:
        side2 = s.ps[p].side2[ASSOCIATION]
    options = partner_options(s, p, side2)
    if not options:
        return
    k = choose(s, p, H_PARTNER, options)
    pl = s.ps[p]
    before = icon_counts(s, p)
    s.board_partner_zoos.remove(k)
    pl.partner_zoos.append(k)
    n = len(pl.partner_zoos)
    bonuses = board.MAP.partner_zoo_slot_bonus
    if n <= len(bonuses):
        slot_bonus(s, p, bonuses[n - 1], s.rules.mapA_partner4_cp)
    icons = [0] * N_ICONS
    icons[k] = 1
    icons_entered(s, p, icons, before)


def university_options(s: State, p: int) -> list[int]:
    pl = s.ps[p]
    if len(pl.universities) >= s.rules.max_universities:
        return []
    return [u for u in s.board_universities if u not in pl.universities]


@handler("take_university")
def take_university(s: State, p: int) -> None:
    options = university_options(s, p)
    if not options:
        return
    u = choose(s, p, H_UNIVERSITY, options)
    pl = s.ps[p]
    before = icon_counts(s, p)
    s.board_universities.remove(u)
    pl.universities.append(u)
    if u == UNIV_REP_HAND:
        gain(s, p, 3, 1)
    elif u == UNIV_SCI_REP:
        gain(s, p, 3, 2)
    n = len(pl.universities)
    bonuses = board.MAP.university_slot_bonus
    if n <= len(bonuses):
        slot_bonus(s, p, bonuses[n - 1], s.rules.mapA_univ3_cp)
    icons = [0] * N_ICONS
    icons[12] = {UNIV_REP_HAND: 0, UNIV_SCI_REP: 1, UNIV_SCI2: 2}[u]
    icons_entered(s, p, icons, before)


# ---------------------------------------------------------------- projects (§10.1, §10.2)
def is_base(project: int) -> bool:
    return 101 <= project <= 112


def release_candidates(s: State, p: int, project: int, slot: int) -> list[int]:
    c = idx(project)
    cls = cards.RELEASE_CLASSES[int(C.project_slot_condition[c, slot])]
    target = int(C.project_target[c])
    out = []
    for a in s.ps[p].animals:
        size = int(C.size[idx(a)])
        fits = size <= 2 if cls == "S" else size == 3 if cls == "M" else size >= 4
        if C.std_ok[idx(a)] and C.icons[idx(a), target] and fits:
            out.append(a)
    return out


def slot_met(s: State, p: int, project: int, slot: int, wildcard: bool) -> bool:
    c = idx(project)
    kind = cards.PROJECT_KINDS[int(C.project_kind[c])]
    n = int(C.project_slot_condition[c, slot]) + (0 if kind in ("release", "breed") else -int(wildcard))
    icons = icon_counts(s, p)
    sizes = [int(C.size[idx(a)]) for a in s.ps[p].animals]
    target = int(C.project_target[c])
    if kind == "icon_count":
        return icons[target] >= n
    if kind == "distinct_categories":
        return sum(1 for k in CATEGORY_ICONS if icons[k]) >= n
    if kind == "distinct_continents":
        return sum(1 for k in CONTINENT_ICONS if icons[k]) >= n
    if kind == "small_animals":
        return sum(1 for z in sizes if z <= 2) >= n
    if kind == "large_animals":
        return sum(1 for z in sizes if z >= 4) >= n
    if kind == "release":
        return bool(release_candidates(s, p, project, slot))
    return any(C.icons[idx(a), target] and any(C.icons[idx(a), k] for k in s.ps[p].partner_zoos)
               for a in s.ps[p].animals)  # breed


def slot_options(s: State, p: int, project: int) -> list[tuple[int, int]]:
    pl = s.ps[p]
    kind = cards.PROJECT_KINDS[int(C.project_kind[idx(project)])]
    if project in pl.supported and not (kind == "release" and has_effect(s, p, Op.RELEASE_REPEAT)):
        return []
    states = s.project_slots.get(project, [FREE] * 3)
    out = []
    for i in range(3):
        if states[i] != FREE:
            continue
        if slot_met(s, p, project, i, False):
            out.append((i, 0))
        elif (pl.wildcards and is_base(project) and kind not in ("release", "breed")
              and slot_met(s, p, project, i, True)):
            out.append((i, 1))
    return out


def project_options(s: State, p: int, side2: bool) -> list[tuple[int, int]]:
    if not s.ps[p].bonus_tokens and not s.rules.support_without_bonus_token:
        return []
    in_play = [(0, b) for b in s.base_projects + s.project_row]
    hand = [(-1, c) for c in s.ps[p].hand if C.kind[idx(c)] in (cards.PROJECT, cards.PROJECT_BASE)]
    shown = []
    if side2:
        for f in range(1, range_folders(s, p) + 1):
            c = s.display[f - 1]
            if c and C.kind[idx(c)] == cards.PROJECT and s.ps[p].money >= f:
                shown.append((f, c))
    return [o for o in in_play + hand + shown if slot_options(s, p, o[1])]


def support_project(s: State, p: int, side2: bool) -> None:
    pl = s.ps[p]
    source, project = choose(s, p, H_PROJECT, project_options(s, p, side2))
    if source != 0:
        take_for_play(s, p, source, project)
        enter_row(s, p, project)
    slot, wildcard = choose(s, p, H_PROJECT_SLOT, slot_options(s, p, project))
    if wildcard:
        pl.wildcards -= 1
    c = idx(project)
    if cards.PROJECT_KINDS[int(C.project_kind[c])] == "release":
        animal = choose(s, p, H_RELEASE_ANIMAL, release_candidates(s, p, project, slot))
        release(s, p, animal)
    s.project_slots[project][slot] = p
    pl.supported.append(project)
    s.log(E_SUPPORT, p, project, slot)
    gain(s, p, 4, int(C.project_slot_cp[c, slot]))
    gain(s, p, 3, int(C.project_slot_rep[c, slot]))
    if pl.bonus_tokens:
        use_bonus_token(s, p, choose(s, p, H_BONUS_TOKEN, list(pl.bonus_tokens)))
    pl.supports += 1


def enter_row(s: State, p: int, project: int) -> None:
    """§10.1 step 2: the card enters the row at the left; beyond the limit the rightmost leaves (R9)."""
    s.project_row.insert(0, project)
    s.project_slots[project] = [FREE] * 3
    gain(s, p, 3, int(C.project_place_rep[idx(project)]))
    if len(s.project_row) > s.rules.at("project_row_limit", s.players):
        out = s.project_row.pop()
        del s.project_slots[out]
        if is_base(out):
            s.base_pile.append(out)
        else:
            s.discard.append(out)


def release(s: State, p: int, animal: int) -> None:
    """§10.2, R2: appeal drops, icons leave, the smallest fitting occupied standard enclosure flips to empty."""
    pl = s.ps[p]
    c = idx(animal)
    home = next((b for b in pl.buildings if animal in b.animals), None)
    if home is not None and is_standard_enclosure(home.kind):
        fitting = [b for b in pl.buildings if is_standard_enclosure(b.kind) and b.occupied
                   and b.mask.bit_count() >= C.size[c] and terrain_touched(s, p, b.mask, ROCK) >= C.rock[c]
                   and terrain_touched(s, p, b.mask, WATER) >= C.water[c]]
        smallest = min(b.mask.bit_count() for b in fitting)
        options = [i for i, b in enumerate(pl.buildings) if b in fitting and b.mask.bit_count() == smallest]
        flipped = pl.buildings[choose(s, p, H_RELEASE_ENCLOSURE, options)]
        if flipped is not home:  # enclosures carry no identity: the other animal now lives in home
            home.animals = list(flipped.animals)
        flipped.animals = []
    elif home is not None:
        home.animals.remove(animal)
        cubes = {7: C.pz_cubes, 8: C.rh_cubes, 9: C.lba_cubes}[home.kind]
        home.cubes -= int(cubes[c])
    pl.animals.remove(animal)
    lose_appeal(s, p, int(C.appeal[c]))
    discard_card(s, p, animal)
    s.log(E_RELEASE, p, animal)
    for (cp,) in [a[:1] for a in has_effect(s, p, Op.RELEASE_CP)]:
        gain(s, p, 4, cp)


# ---------------------------------------------------------------- the bonus column (§10.5)
def use_bonus_token(s: State, p: int, slot: int) -> None:
    s.ps[p].bonus_tokens.remove(slot)
    bonus_column(s, p, slot)


def bonus_column(s: State, p: int, slot: int) -> None:
    kind = board.BONUS_COLUMN_KINDS[int(board.BONUS_COLUMN_KIND[slot])]
    value = int(board.BONUS_COLUMN_VALUE[slot])
    if kind == "snap":
        for _ in range(value):
            snap(s, p)
    elif kind == "free_enclosure":
        call("free_building", s, p, value - 1)
    elif kind == "money":
        gain(s, p, 1, value)
    elif kind == "cp":
        gain(s, p, 4, value)
    elif kind == "reputation":
        gain(s, p, 3, value)
    elif kind == "x_token":
        gain(s, p, 2, value)


def bonus_column_income(s: State, p: int) -> None:
    """§9.2 5c: every uncovered income slot, in slot order (R12)."""
    for slot in range(len(board.BONUS_COLUMN_KIND)):
        if slot not in s.ps[p].bonus_tokens and board.BONUS_COLUMN_INCOME[slot]:
            bonus_column(s, p, slot)


__all__ = ["association_action", "can_associate", "release", "BLOCKED", "discard_card"]
