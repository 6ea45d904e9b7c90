"""Ark Nova in plain Python, part 4: action cards (slots, strength, rotation, §4.2-4.3), and the Cards (§5.1),
Animals (§5.3, §6.6, §7) and Sponsors (§5.5) actions with playing a card (§12).

Option encodings (PROTOCOL.md 3): a card to play is `(source, card)` with source -1 = hand, f = display folder
f; `STOP` = (0, 0) ends a repeatable choice. A home is ("building index", -1 = Flock).
"""
from __future__ import annotations

from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.components.effects import Moment, Op, SMALL
from zoosim.games.ark_nova.components.vocab import (
    CONTINENT_ICONS, LARGE_BIRD_AVIARY, N_ICONS, PETTING_ZOO, REPTILE_HOUSE, ROCK, WATER,
)
from zoosim.games.ark_nova.reference.build import (
    can_place_unique, is_standard_enclosure, special_fits, terrain_touched,
)
from zoosim.games.ark_nova.reference.effects import icons_entered, rows, run, trigger_animal_played
from zoosim.games.ark_nova.reference.state import (ANIMALS, C, CARDS_ACTION, E_ACTION, E_PLAY, H_ANIMAL_HOME,
    H_ANIMAL_PLAY, H_CARDS_MODE, H_DISCARD, H_SNAP_FOLDER, H_SPONSOR_MODE, H_SPONSOR_PLAY, H_TAKE_SOURCE, SOURCE_DECK,
    SPONSORS, State, handler, has_effect, icon_counts, idx, range_folders, choose, coin)
from zoosim.games.ark_nova.reference.tracks import (advance_break, discard_card, draw_deck, gain, pay, reputation_cap,
    take_card_options, take_from_display, to_hand)

STOP = (0, 0)
FLOCK_HOME = -1
EMPTY = -99


# ---------------------------------------------------------------- slots and strength (§4)
def strength(s: State, p: int, action: int) -> int:
    """Slot number, minus 2 while a constriction token is on the card (§11.2)."""
    pl = s.ps[p]
    return pl.slot_of(action) - 2 * int(pl.constriction[action])


@handler("move_card")
def move_card(s: State, p: int, action: int, slot: int, used: bool) -> None:
    """§4.2: take the card out and insert it at `slot`; a used card loses its venom/constriction tokens (R3)."""
    pl = s.ps[p]
    pl.slots.remove(action)
    pl.slots.insert(slot - 1, action)
    if used:
        pl.venom[action] = False
        pl.constriction[action] = False


# ---------------------------------------------------------------- the Cards action (§5.1)
def can_snap(s: State, p: int, strength_: int, side2: bool) -> bool:
    return min(strength_, 5) >= s.rules.cards_snap_strength[int(side2)] and any(s.display)


def snap_folders(s: State, p: int) -> list[int]:
    top = len(s.display) if s.rules.snap_ignores_reputation else range_folders(s, p)
    return [f for f in range(1, top + 1) if s.display[f - 1]]


@handler("cards")
def cards_action(s: State, p: int, strength_: int, side2: bool) -> None:
    r, pl = s.rules, s.ps[p]
    advance_break(s, p, r.cards_break_steps)
    k = min(strength_, 5) - 1
    modes = [0] + ([1] if can_snap(s, p, strength_, side2) and snap_folders(s, p) else [])
    if choose(s, p, H_CARDS_MODE, modes) == 1:
        f = choose(s, p, H_SNAP_FOLDER, snap_folders(s, p))
        to_hand(s, p, take_from_display(s, f), f)
        return
    for _ in range(r.cards_draw[int(side2)][k]):
        if side2:
            options = take_card_options(s, p)
            if not options:
                break
            source = choose(s, p, H_TAKE_SOURCE, options)
            card = draw_deck(s) if source == SOURCE_DECK else take_from_display(s, source)
            to_hand(s, p, card, source)  # taken folders stay empty until the turn ends
        else:
            card = draw_deck(s)
            if not card:
                break
            to_hand(s, p, card, SOURCE_DECK)
    for _ in range(r.cards_discard[int(side2)][k]):
        if pl.hand:
            card = choose(s, p, H_DISCARD, list(pl.hand))
            pl.hand.remove(card)
            discard_card(s, p, card)


# ---------------------------------------------------------------- conditions and cost (§7.2, §5.3)
def unmet_conditions(s: State, p: int, card: int, acting_side2: list[bool]) -> int:
    """Condition units not met (one unit of ICON*N counts as one, R7)."""
    c, pl = idx(card), s.ps[p]
    icons = icon_counts(s, p)
    unmet = sum(max(0, int(C.req_icons[c, k]) - icons[k]) for k in range(N_ICONS))
    continents = [k for k in CONTINENT_ICONS if C.icons[c, k]]
    unmet += int(bool(C.req_partner_zoo_continent[c]) and not any(k in pl.partner_zoos for k in continents))
    unmet += max(0, int(C.req_partner_zoos[c]) - len(pl.partner_zoos))
    unmet += int(bool(C.req_animals2[c]) and not acting_side2[ANIMALS])
    unmet += int(bool(C.req_sponsors2[c]) and not acting_side2[SPONSORS])
    unmet += int(pl.rep < C.req_min_rep[c])
    unmet += int(C.req_max_appeal[c] >= 0 and pl.appeal > C.req_max_appeal[c])
    return unmet


def conditions_hold(s: State, p: int, card: int, acting_side2: list[bool]) -> bool:
    unmet = unmet_conditions(s, p, card, acting_side2)
    if unmet == 1 and C.kind[idx(card)] == cards.ANIMAL and C.size[idx(card)] >= 4:
        return bool(has_effect(s, p, Op.LARGE_IGNORE_CONDITION))
    return unmet == 0


def animal_cost(s: State, p: int, card: int) -> int:
    c, pl = idx(card), s.ps[p]
    cost = int(C.cost[c]) - s.rules.partner_zoo_discount * sum(int(C.icons[c, k]) for k in pl.partner_zoos)
    for size_class, amount, *_ in has_effect(s, p, Op.ANIMAL_DISCOUNT):
        if (size_class == SMALL and C.size[c] <= 2) or (size_class != SMALL and C.size[c] >= 4):
            cost -= amount
    return max(0, cost)


def flock_allowed(s: State, p: int, card: int) -> bool:
    """§6.6 Flock N: the zoo already holds a herbivore animal of size >= N (R17: not itself)."""
    prog = cards.program(s.rules.peaceful)
    c = idx(card)
    for row in prog.ops[prog.start[c, Moment.PASSIVE]:prog.start[c, Moment.PASSIVE] + prog.count[c, Moment.PASSIVE]]:
        if row[0] == Op.FLOCK:
            return any(C.icons[idx(a), 2] and C.size[idx(a)] >= row[1] for a in s.ps[p].animals)
    return False


def homes(s: State, p: int, card: int) -> list[int]:
    """§6.6: each fitting empty standard enclosure, each fitting special enclosure, Flock (-1)."""
    c, pl = idx(card), s.ps[p]
    ignore = bool(has_effect(s, p, Op.IGNORE_ANIMAL_ROCKWATER))
    out = []
    for i, b in enumerate(pl.buildings):
        if is_standard_enclosure(b.kind):
            if (C.std_ok[c] and not b.occupied and b.mask.bit_count() >= C.size[c]
                    and (ignore or (terrain_touched(s, p, b.mask, ROCK) >= C.rock[c]
                                    and terrain_touched(s, p, b.mask, WATER) >= C.water[c]))):
                out.append(i)
        elif b.kind in (PETTING_ZOO, REPTILE_HOUSE, LARGE_BIRD_AVIARY) and special_fits(s, p, card, b, ignore):
            out.append(i)
    if flock_allowed(s, p, card):
        out.append(FLOCK_HOME)
    return out


def waza_blocks(s: State, p: int, card: int) -> bool:
    """§12.3 trg_waza (227): animals of the class not chosen may no longer be played (size 3 unaffected)."""
    cls = s.ps[p].waza_class
    size = int(C.size[idx(card)])
    return (cls == 0 and size >= 4) or (cls == 1 and size <= 2)


def animal_playable(s: State, p: int, card: int, extra: int, acting_side2: list[bool]) -> bool:
    return (C.kind[idx(card)] == cards.ANIMAL and conditions_hold(s, p, card, acting_side2)
            and animal_cost(s, p, card) + extra <= s.ps[p].money and bool(homes(s, p, card))
            and not waza_blocks(s, p, card))


def card_options(s: State, p: int, test, from_display: bool) -> list[tuple[int, int]]:
    """(-1, card) for each hand card in hand order, then (f, card) for each folder f in range."""
    out = [(-1, c) for c in s.ps[p].hand if test(c, 0)]
    if from_display:
        for f in range(1, range_folders(s, p) + 1):
            c = s.display[f - 1]
            if c and test(c, f):
                out.append((f, c))
    return out


def take_for_play(s: State, p: int, source: int, card: int) -> None:
    if source < 0:
        s.ps[p].hand.remove(card)
    else:
        take_from_display(s, source)
        pay(s, p, source)


# ---------------------------------------------------------------- the Animals action (§5.3)
def animal_options(s: State, p: int, side2: bool, acting_side2: list[bool]) -> list[tuple[int, int]]:
    return card_options(s, p, lambda c, f: animal_playable(s, p, c, f, acting_side2), side2)


def can_animals(s: State, p: int, strength_: int, side2: bool, acting_side2: list[bool]) -> bool:
    if s.rules.animals_playable[int(side2)][min(strength_, 5) - 1] == 0:
        return False
    if side2 and strength_ >= s.rules.animals2_rep_strength:  # R6: range after the +1 reputation
        rep = s.ps[p].rep
        if rep < reputation_cap(s, p):  # at the cap the step is lost (§8.3), and the range with it
            s.ps[p].rep = rep + 1
        ok = bool(animal_options(s, p, side2, acting_side2))
        s.ps[p].rep = rep
        return ok
    return bool(animal_options(s, p, side2, acting_side2))


@handler("animals")
def animals_action(s: State, p: int, strength_: int, side2: bool, acting_side2: list[bool] | None = None) -> None:
    acting_side2 = acting_side2 or s.ps[p].side2
    n = s.rules.animals_playable[int(side2)][min(strength_, 5) - 1]
    if side2 and strength_ >= s.rules.animals2_rep_strength:
        gain(s, p, 3, 1)
    played: list[int] = []
    for _ in range(n):
        options = animal_options(s, p, side2, acting_side2)
        if not options:
            break
        source, card = choose(s, p, H_ANIMAL_PLAY, ([STOP] if played else []) + options)
        if (source, card) == STOP:
            break
        play_animal(s, p, source, card)
        played.append(card)
    if (played and all(C.size[idx(a)] <= 2 for a in played) and has_effect(s, p, Op.WAZA_SMALL_EXTRA_PLAY)):
        waza_small_extra(s, p, acting_side2)


@handler("waza_small_extra")
def waza_small_extra(s: State, p: int, acting_side2: list[bool] | None = None) -> None:
    """§12.6 pas_waza_small_extra_play (228), after an Animals action that played only small animals: G3 coin,
    then one more small animal from hand at normal cost (ANIMAL_PLAY, no stop option); then, whether or not one
    was played, 1 small animal from any display folder into hand (R19; SNAP_FOLDER over the folders holding one)."""
    acting_side2 = acting_side2 or s.ps[p].side2
    options = [(-1, c) for c in s.ps[p].hand
               if C.kind[idx(c)] == cards.ANIMAL and C.size[idx(c)] <= 2 and animal_playable(s, p, c, 0, acting_side2)]
    if options and coin(s, p):
        source, card = choose(s, p, H_ANIMAL_PLAY, options)
        play_animal(s, p, source, card)
    folders = [f for f in range(1, len(s.display) + 1) if s.display[f - 1]
               and C.kind[idx(s.display[f - 1])] == cards.ANIMAL and C.size[idx(s.display[f - 1])] <= 2]
    if folders:
        f = choose(s, p, H_SNAP_FOLDER, folders)
        to_hand(s, p, take_from_display(s, f), f)


def play_animal(s: State, p: int, source: int, card: int) -> None:
    """§5.3 steps 2-5: pay, house, gain, icons (triggers), ability."""
    home = choose(s, p, H_ANIMAL_HOME, homes(s, p, card))
    cost = animal_cost(s, p, card)
    take_for_play(s, p, source, card)
    pay(s, p, cost)
    pl = s.ps[p]
    if home != FLOCK_HOME:
        b = pl.buildings[home]
        b.animals.append(card)
        cubes = {PETTING_ZOO: C.pz_cubes, REPTILE_HOUSE: C.rh_cubes, LARGE_BIRD_AVIARY: C.lba_cubes}
        if b.kind in cubes:
            b.cubes += int(cubes[b.kind][idx(card)])
    s.log(E_PLAY, p, card, source, home)
    enter_zoo(s, p, card, pl.animals)
    trigger_animal_played(s, p, card)


def enter_zoo(s: State, p: int, card: int, where: list[int]) -> None:
    """Flat gains, the card's icons enter the zoo (triggers), then its immediate and after effects."""
    c = idx(card)
    before = icon_counts(s, p)
    where.append(card)
    gain(s, p, 0, int(C.appeal[c]))
    gain(s, p, 4, int(C.cp[c]))
    gain(s, p, 3, int(C.rep[c]))
    icons_entered(s, p, [int(v) for v in C.icons[c]], before)
    for op, args in rows(s, card, Moment.PASSIVE):
        if op == Op.ICON_WILDCARDS:
            s.ps[p].wildcards += args[0]
        elif op == Op.OKAPI:
            s.ps[p].okapi_tokens = args[0]
    run(s, p, card, Moment.IMMEDIATE)
    run(s, p, card, Moment.AFTER_ACTION)


# ---------------------------------------------------------------- the Sponsors action (§5.5)
def sponsor_playable(s: State, p: int, card: int, budget: int, extra: int, acting_side2: list[bool]) -> bool:
    c = idx(card)
    if C.kind[c] != cards.SPONSOR or C.level[c] > budget or extra > s.ps[p].money:
        return False
    if not conditions_hold(s, p, card, acting_side2):
        return False
    if s.rules.place_unique_buildings:
        for op, args in rows(s, card, Moment.IMMEDIATE):
            if op == Op.PLACE_UNIQUE_BUILDING and not can_place_unique(s, p, args[0], s.ps[p].side2[2]):
                return False
    return True


def sponsor_options(s: State, p: int, budget: int, side2: bool, acting_side2: list[bool]) -> list[tuple[int, int]]:
    return card_options(s, p, lambda c, f: sponsor_playable(s, p, c, budget, f, acting_side2), side2)


@handler("sponsors")
def sponsors_action(s: State, p: int, strength_: int, side2: bool, acting_side2: list[bool] | None = None) -> None:
    acting_side2 = acting_side2 or s.ps[p].side2
    budget = strength_ + (s.rules.sponsors2_level_bonus if side2 else 0)
    can_play = bool(sponsor_options(s, p, budget, side2, acting_side2))
    if choose(s, p, H_SPONSOR_MODE, [0] + ([1] if can_play else [])) == 0:
        advance_break(s, p, strength_)
        gain(s, p, 1, strength_ * s.rules.sponsors_break_money[int(side2)])
        s.log(E_ACTION, p, SPONSORS, strength_, -1)
        return
    played = 0
    while True:
        options = sponsor_options(s, p, budget, side2, acting_side2)
        if not options or (played and not side2):
            break
        source, card = choose(s, p, H_SPONSOR_PLAY, ([STOP] if played else []) + options)
        if (source, card) == STOP:
            break
        take_for_play(s, p, source, card)
        play_sponsor(s, p, card, source)
        budget -= int(C.level[idx(card)])
        played += 1


def play_sponsor(s: State, p: int, card: int, source: int = -1) -> None:
    s.log(E_PLAY, p, card, source, 0)
    enter_zoo(s, p, card, s.ps[p].sponsors)


@handler("tile_sponsor")
def tile_sponsor(s: State, p: int) -> None:
    """§8.2 sponsor tile (hand_level5_free): one hand sponsor of level <= 5 meeting its conditions, free."""
    options = [c for c in s.ps[p].hand if sponsor_playable(s, p, c, 5, 0, s.ps[p].side2)]
    if options:
        card = choose(s, p, H_SPONSOR_PLAY, [(-1, c) for c in options])[1]
        s.ps[p].hand.remove(card)
        play_sponsor(s, p, card)


@handler("okapi")
def okapi(s: State, p: int) -> None:
    """§12.6 pas_okapi (253), one queued herbivore icon: while tokens remain, G3 coin, then a hand sponsor whose
    conditions hold (R8: the player's own cards) and whose level <= money (SPONSOR_PLAY, no stop option); it
    costs money equal to its level and one token."""
    pl = s.ps[p]
    if pl.okapi_tokens <= 0:
        return
    options = [(-1, c) for c in pl.hand if sponsor_playable(s, p, c, pl.money, 0, pl.side2)]
    if not options or not coin(s, p):
        return
    card = choose(s, p, H_SPONSOR_PLAY, options)[1]
    pl.okapi_tokens -= 1
    pl.hand.remove(card)
    pay(s, p, int(C.level[idx(card)]))
    play_sponsor(s, p, card)


def can_sponsors(s: State, p: int, strength_: int, side2: bool) -> bool:
    return True  # the break option is always possible (§4.1)


__all__ = ["CARDS_ACTION", "EMPTY", "strength", "move_card", "cards_action", "animals_action", "sponsors_action"]
