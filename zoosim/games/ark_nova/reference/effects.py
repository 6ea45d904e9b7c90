"""Ark Nova in plain Python, part 3: the effect programs run by interpretation — one dispatcher per moment
(spec §11, §12; `cards.PROGRAM`/`PEACEFUL_PROGRAM` rows `[opcode, args...]`, layouts in `effects`).

`run(s, p, card, moment)` walks the card's rows for that moment; `dispatch` executes one row. Opcodes the
reference does not execute yet raise NotImplementedError naming them; `UNIMPLEMENTED` lists them (a test keeps
the list equal to what `dispatch` refuses; it is empty now). Passive effects are read where their rule is (`has_effect`).
Effects that need a rule of a higher module (perform an action, build) go through `reference.state.call`.
"""
from __future__ import annotations

from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.effects import (
    EVENT_ANIMAL_PLAYED, EVENT_NEW_KIND, METRICS, SCOPE_ALL, SCOPE_OWN, Moment, Op,
)
from zoosim.games.ark_nova.components.vocab import CATEGORY_ICONS, CONTINENT_ICONS, ICONS, KIOSK, PAVILION, ROCK, WATER
from zoosim.games.ark_nova.reference.build import (
    BONUS_CELLS, BORDER, PLAIN, ROCK_CELLS, WATER_CELLS, around, connected, side_entrance_buildings,
)
from zoosim.games.ark_nova.reference.state import (C, E_PLAY, E_TOKEN, H_BASE_PROJECT, H_BOOST, H_CLEVER, H_DIG_KIND,
    H_HAND_CARD, H_KEEP_CARD, H_PILFER_GIVE, H_POSTURE_TYPE, H_RESISTANCE, H_SEARCH_CLASS, H_SNAP_FOLDER, H_TARGET,
    SOURCE_DECK, State, call, card_rows, choose, coin, has_effect, icon_counts, idx, shuffle)
from zoosim.games.ark_nova.reference.tracks import (advance_break, discard_card, draw_deck, gain, pay, refill_display,
    take_card, take_from_display, to_hand)

HERBIVORE = ICONS.index("herbivore")

UNIMPLEMENTED: frozenset[Op] = frozenset()
MAY_TRIGGERS = (Op.FREE_BUILDING, Op.POUCH, Op.CLEVER)  # §12.3: resolved after the current action


def rows(s: State, card: int, moment: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return card_rows(s.rules.peaceful, card, moment)


def run(s: State, p: int, card: int, moment: int) -> None:
    """Every effect of `card` at `moment` in CSV order (AFTER_ACTION ones are queued for the turn's end)."""
    last_cp = 0
    for op, args in rows(s, card, moment):
        if moment == Moment.AFTER_ACTION:
            s.after_queue.append((p, card, op, args))
            continue
        if op == Op.OTHERS_MONEY_PER_CP:
            for q in range(s.players):
                if q != p:
                    gain(s, q, 1, args[0] * last_cp)
            continue
        last_cp = dispatch(s, p, card, op, args)


# ---------------------------------------------------------------- metrics (effects.METRICS)
def connected_count(s: State, p: int, cells: int) -> int:
    return bin(connected(s, p) & cells).count("1")


def groups_of_six(empty: int) -> int:
    total, seen = 0, 0
    for c in range(board.N_CELLS):
        if empty >> c & 1 and not seen >> c & 1:
            group, frontier = 0, 1 << c
            while frontier:
                group |= frontier
                frontier = around(group) & empty & ~group
            seen |= group
            total += bin(group).count("1") // 6
    return total


def metric(s: State, p: int, m: int, scope: int = SCOPE_OWN) -> int:
    name = METRICS[m]
    seats = range(s.players) if scope == SCOPE_ALL else (p,)
    if name.startswith("icon_"):
        k = m
        return sum(icon_counts(s, q)[k] for q in seats)
    pl = s.ps[p]
    icons = icon_counts(s, p)
    sizes = [int(C.size[idx(a)]) for a in pl.animals]
    cov = pl.covered
    conn = connected(s, p)
    if name == "rockwater":
        return icons[ROCK] + icons[WATER]
    if name == "science":
        return icons[12]
    if name == "univ":
        return len(pl.universities)
    if name == "kiosks":
        return sum(1 for b in pl.buildings if b.kind == KIOSK)
    if name == "enc1_occupied":
        return sum(1 for b in pl.buildings if b.kind == 0 and b.occupied)
    if name == "supports":
        return pl.supports
    if name == "rep":
        return pl.rep
    if name == "distinct_categories":
        return sum(1 for k in CATEGORY_ICONS if icons[k])
    if name == "distinct_continents":
        return sum(1 for k in CONTINENT_ICONS if icons[k])
    if name == "distinct_kinds":
        return sum(1 for k in CATEGORY_ICONS + CONTINENT_ICONS if icons[k])
    if name == "small_animals":
        return sum(1 for z in sizes if z <= 2)
    if name == "large_animals":
        return sum(1 for z in sizes if z >= 4)
    if name == "x_tokens":
        return pl.x
    if name == "rockwater_pairs":
        return min(icons[ROCK], icons[WATER])
    for kind, cells in (("water", WATER_CELLS), ("rock", ROCK_CELLS), ("bonus", BONUS_CELLS)):
        if name == f"connected_{kind}":
            return bin(conn & cells).count("1")
        if name == f"unconnected_{kind}":
            return bin(cells & ~conn).count("1")
    if name == "connected_border_empty":
        return bin(conn & BORDER & PLAIN & ~cov).count("1")
    if name == "empty_group_sixes":
        return groups_of_six(PLAIN & ~cov)
    if name == "side_entrance_buildings":
        return side_entrance_buildings(s, p)
    if name == "water_all_connected":
        return int(WATER_CELLS & ~conn == 0)
    if name == "rock_all_connected":
        return int(ROCK_CELLS & ~conn == 0)
    if name == "border_covered":
        return int(BORDER & PLAIN & ~cov == 0)
    if name == "full_cover":
        return int(PLAIN & ~cov == 0)
    raise NotImplementedError(f"metric {name}")


# ---------------------------------------------------------------- one row
def dispatch(s: State, p: int, card: int, op: int, args: tuple[int, ...]) -> int:
    """Execute one effect row for player p; returns the CP it gained (for OTHERS_MONEY_PER_CP, R20)."""
    op = Op(op)
    if op in UNIMPLEMENTED:
        raise NotImplementedError(f"opcode {op.name} is not executed by the reference yet")
    if op == Op.GAIN:
        return gain(s, p, args[0], args[1]) if args[0] == 4 else (gain(s, p, args[0], args[1]) and 0)
    if op == Op.GAIN_PAIR:
        gain(s, p, args[0], args[1])
        gain(s, p, args[2], args[3])
        return 0
    if op == Op.GAIN_PER_METRIC:
        resource, m, amount, per, cap, scope = args[:6]
        count = metric(s, p, m, scope) // max(per, 1)
        if cap:
            count = min(count, cap)
        gain(s, p, resource, amount * count)
        return amount * count if resource == 4 else 0
    if op == Op.GAIN_BY_TIERS:
        resource, m = args[0], args[1]
        value = metric(s, p, m)
        best = 0
        for t, v in zip(args[2::2], args[3::2]):
            if t and value >= t:
                best = v
        gain(s, p, resource, best)
        return best if resource == 4 else 0
    if op == Op.DRAW_FROM_DECK:
        for _ in range(args[0]):
            to_hand(s, p, draw_deck(s), SOURCE_DECK)
    elif op == Op.TAKE_CARDS:
        for _ in range(args[0]):
            take_card(s, p)
    elif op in (Op.HUNTER, Op.HUNTER_X):
        n = args[0] if op == Op.HUNTER else icon_counts(s, p)[1]
        hunter(s, p, n)
    elif op == Op.PERCEPTION:
        perception(s, p, args[0], args[1])
    elif op == Op.SCAVENGING:
        scavenging(s, p, args[0])
    elif op == Op.SNAPPING:
        for _ in range(args[0]):
            folders = [f for f in range(1, len(s.display) + 1) if s.display[f - 1]]
            if folders:
                f = choose(s, p, H_SNAP_FOLDER, folders)
                to_hand(s, p, take_from_display(s, f), f)
                refill_display(s)
    elif op == Op.DIGGING:
        digging(s, p, args[0])
    elif op == Op.SUNBATHING or op == Op.POUCH:
        sell_or_pouch(s, p, card, args[0], args[1], op == Op.POUCH)
    elif op == Op.JUMPING:
        advance_break(s, p, args[0])
        gain(s, p, 1, args[0])
    elif op == Op.RESISTANCE:
        drawn = [s.final_pile.pop(0) for _ in range(min(args[0], len(s.final_pile)))]
        if drawn:
            s.hidden_drawn = True
            keep = choose(s, p, H_RESISTANCE, drawn)
            s.ps[p].finals.append(keep)
            s.final_pile += [c for c in drawn if c != keep]
    elif op == Op.ASSERTION:
        if s.base_pile:
            b = choose(s, p, H_BASE_PROJECT, sorted(s.base_pile))
            s.base_pile.remove(b)
            to_hand(s, p, b, -3)
    elif op == Op.DOMINANCE:
        if args[0] in s.base_pile:
            s.base_pile.remove(args[0])
            to_hand(s, p, args[0], -3)
    elif op == Op.SPONSOR_MAGNET:
        for f in range(1, len(s.display) + 1):
            c = s.display[f - 1]
            if c and C.kind[idx(c)] == cards.SPONSOR:
                to_hand(s, p, take_from_display(s, f), f)
    elif op == Op.POSTURING:
        for _ in range(args[0]):
            types = [k for k in (KIOSK, PAVILION) if call("can_free_build", s, p, k)]
            if not types or not coin(s, p):
                break
            call("free_building", s, p, choose(s, p, H_POSTURE_TYPE, types))
    elif op == Op.FREE_BUILDING:
        if args[0] == 9 and s.rules.peacocking_needs_build2 and not s.ps[p].side2[2]:
            return 0  # §6.3 variant: Peacocking's aviary needs Build side II
        call("free_building", s, p, args[0])
    elif op == Op.PLACE_UNIQUE_BUILDING:
        if s.rules.place_unique_buildings:
            call("place_unique", s, p, args[0])
    elif op == Op.MULTIPLIER:
        s.ps[p].multiplier_pending[args[0]] += 1
        s.log(E_TOKEN, p, 0, args[0])
    elif op == Op.VENOM:
        venom(s, p, args[0])
    elif op == Op.CONSTRICTION:
        constriction(s, p)
    elif op == Op.PILFERING:
        pilfering(s, p, args[0])
    elif op == Op.CLEVER:
        clever(s, p)
    elif op == Op.BOOST:
        a = args[0]
        to = choose(s, p, H_BOOST, [1, 5])
        call("move_card", s, p, a, to, False)
    elif op == Op.ACTION:
        call("extra_action", s, p, args[0])
    elif op == Op.DETERMINATION:
        call("determination", s, p)
    elif op == Op.HYPNOSIS:
        call("hypnosis", s, p, args[0])
    elif op == Op.SEARCH_ANIMAL_CLASS:
        search_animal_class(s, p)
    elif op == Op.WAZA_ASSIGNMENT:
        pass  # its trigger is read by the animal rules (trigger_animal_played)
    elif op == Op.ICON_WILDCARDS:
        s.ps[p].wildcards += args[0]
    elif op == Op.OKAPI:
        call("okapi", s, p)  # queued by a herbivore icon (icons_entered), resolved after the action (R10)
    elif op == Op.WAZA_SMALL_EXTRA_PLAY:
        call("waza_small_extra", s, p)
    else:
        raise NotImplementedError(f"opcode {op.name} has no dispatcher case at this moment")
    return 0


def sell_or_pouch(s: State, p: int, card: int, times: int, value: int, pouch: bool) -> None:
    """§11 sunbathing (sell for `value` money) / pouch (under `card`, `value` appeal): up to `times` hand cards, each
    after a coin."""
    for _ in range(times):
        if not s.ps[p].hand or not coin(s, p):
            break
        c = choose(s, p, H_HAND_CARD, list(s.ps[p].hand))
        s.ps[p].hand.remove(c)
        if pouch:
            s.ps[p].pouched.setdefault(card, []).append(c)
            gain(s, p, 0, value)
        else:
            discard_card(s, p, c)
            gain(s, p, 1, value)


def clever(s: State, p: int) -> None:
    a = choose(s, p, H_CLEVER, list(s.ps[p].slots))
    call("move_card", s, p, a, 1, False)


def search_animal_class(s: State, p: int) -> None:
    """§12.1 imm_search (227): choose small or large; reveal until such an animal; take it; discard the rest."""
    cls = choose(s, p, H_SEARCH_CLASS, [0, 1])
    s.ps[p].waza_class = cls
    while True:
        c = draw_deck(s)
        if not c:
            return
        size = int(C.size[idx(c)])
        if C.kind[idx(c)] == cards.ANIMAL and (size <= 2 if cls == 0 else size >= 4):
            to_hand(s, p, c, SOURCE_DECK)
            return
        discard_card(s, p, c)


def hunter(s: State, p: int, n: int) -> None:
    revealed = [c for c in (draw_deck(s) for _ in range(n)) if c]
    animals = [c for c in revealed if C.kind[idx(c)] == cards.ANIMAL]
    keep = choose(s, p, H_KEEP_CARD, animals) if animals else 0
    for c in revealed:
        if c == keep:
            to_hand(s, p, c, SOURCE_DECK)
        else:
            discard_card(s, p, c)


def perception(s: State, p: int, n: int, keep: int) -> None:
    drawn = [c for c in (draw_deck(s) for _ in range(n)) if c]
    from itertools import combinations
    options = list(combinations(drawn, min(keep, len(drawn))))
    kept = choose(s, p, H_KEEP_CARD, options) if drawn else ()
    for c in drawn:
        if c in kept:
            to_hand(s, p, c, SOURCE_DECK)
        else:
            discard_card(s, p, c)


def scavenging(s: State, p: int, n: int) -> None:
    shuffle(s.rng, s.discard)
    drawn = [s.discard.pop(0) for _ in range(min(n, len(s.discard)))]
    if drawn:
        keep = choose(s, p, H_KEEP_CARD, drawn)
        to_hand(s, p, keep, -2)
        s.discard += [c for c in drawn if c != keep]


def digging(s: State, p: int, n: int) -> None:
    for _ in range(n):
        kinds = ([0] if any(s.display) else []) + ([1] if s.ps[p].hand else [])
        if not kinds or not coin(s, p):
            break
        if choose(s, p, H_DIG_KIND, kinds) == 0:
            f = choose(s, p, H_SNAP_FOLDER, [f for f in range(1, len(s.display) + 1) if s.display[f - 1]])
            discard_card(s, p, take_from_display(s, f))
            s.display[f - 1] = draw_deck(s)
        else:
            c = choose(s, p, H_HAND_CARD, list(s.ps[p].hand))
            s.ps[p].hand.remove(c)
            discard_card(s, p, c)
            to_hand(s, p, draw_deck(s), SOURCE_DECK)


# ---------------------------------------------------------------- interactive abilities (§11.2)
def immune(s: State, q: int) -> bool:
    return bool(has_effect(s, q, Op.IMMUNE_HOSTILE))


def exposed(s: State, p: int) -> list[int]:
    """Other players an interactive ability may touch: appeal >= 5, no Quarantine Lab."""
    return [q for q in range(s.players) if q != p and s.ps[q].appeal >= 5 and not immune(s, q)]


def venom(s: State, p: int, n: int) -> None:
    for q in exposed(s, p):
        if s.ps[q].appeal > s.ps[p].appeal:
            for slot in range(1, n + 1):
                a = s.ps[q].slots[slot - 1]
                if not s.ps[q].venom[a]:
                    s.ps[q].venom[a] = True
                    s.log(E_TOKEN, q, 1, a)


def constriction(s: State, p: int) -> None:
    for q in exposed(s, p):
        n = int(s.ps[q].appeal > s.ps[p].appeal) + int(s.ps[q].cp > s.ps[p].cp)
        for slot in (5, 4)[:n]:
            a = s.ps[q].slots[slot - 1]
            if not s.ps[q].constriction[a]:
                s.ps[q].constriction[a] = True
                s.log(E_TOKEN, q, 2, a)


def pilfering(s: State, p: int, n: int) -> None:
    me = s.ps[p]
    targets = []
    for value, floor in ((lambda q: s.ps[q].appeal, max(me.appeal, 5)), (lambda q: s.ps[q].cp, max(me.cp, 1)))[:n]:
        pool = [q for q in exposed(s, p) if value(q) >= floor]
        if pool:
            top = max(value(q) for q in pool)
            targets.append(choose(s, p, H_TARGET, [q for q in pool if value(q) == top]))
    for q in targets:
        t = s.ps[q]
        gives = ([0] if t.money >= 5 else []) + ([1] if t.hand else [])
        if not gives:
            amount = t.money
            pay(s, q, amount)
            gain(s, p, 1, amount)
        elif choose(s, q, H_PILFER_GIVE, gives) == 0:
            pay(s, q, 5)
            gain(s, p, 1, 5)
        else:
            c = t.hand.pop(s.rng.below(len(t.hand)))
            s.hidden_drawn = True
            to_hand(s, p, c, -4)


# ---------------------------------------------------------------- triggers (§12.3, R21)
def triggers_of(s: State, q: int, event: int, scope: int) -> list[tuple[int, int, tuple[int, ...]]]:
    out = []
    for card in s.ps[q].sponsors:
        for op, args in rows(s, card, Moment.TRIGGER):
            if args[0] == event and args[1] == scope:
                out.append((card, op, args[2:]))
    return out


def fire(s: State, q: int, card: int, op: int, args: tuple[int, ...], event: int) -> None:
    if op in MAY_TRIGGERS:
        s.after_queue.append((q, card, op, args))
    elif op == Op.HUNTER_X:
        hunter(s, q, icon_counts(s, q)[event])
    else:
        dispatch(s, q, card, op, args)


def okapi_card(s: State, p: int) -> int:
    """The player's sponsor carrying `pas_okapi` (253) with tokens left, else 0."""
    if s.ps[p].okapi_tokens > 0:
        for card in s.ps[p].sponsors:
            if any(op == Op.OKAPI for op, _ in rows(s, card, Moment.PASSIVE)):
                return card
    return 0


def icons_entered(s: State, p: int, icons: list[int], before: list[int]) -> None:
    """Icons entering p's zoo: each icon, in icon index order, fires p's own triggers then others' trg_any.

    A herbivore icon entering the zoo of a player with Okapi Stable tokens queues one Okapi play after p's own
    sponsor triggers of that icon (§12.6, R10: resolved after the action; the tokens are put on 253 after its
    own icons entered, so its own herbivore icon does not trigger it)."""
    for k, n in enumerate(icons):
        for _ in range(n):
            for card, op, args in triggers_of(s, p, k, SCOPE_OWN) + triggers_of(s, p, k, SCOPE_ALL):
                fire(s, p, card, op, args, k)
            if k == HERBIVORE and okapi_card(s, p):
                s.after_queue.append((p, okapi_card(s, p), Op.OKAPI, ()))
            for d in range(1, s.players):
                q = (p + d) % s.players
                for card, op, args in triggers_of(s, q, k, SCOPE_ALL):
                    fire(s, q, card, op, args, k)
    for k in CATEGORY_ICONS + CONTINENT_ICONS:
        if icons[k] and not before[k]:
            for card, op, args in triggers_of(s, p, EVENT_NEW_KIND, SCOPE_OWN):
                fire(s, p, card, op, args, k)


def trigger_animal_played(s: State, p: int, animal: int) -> None:
    size = int(C.size[idx(animal)])
    for card, op, args in triggers_of(s, p, EVENT_ANIMAL_PLAYED, SCOPE_OWN):
        if op == Op.WAZA_ASSIGNMENT:
            gain(s, p, 0, args[0] if size <= 2 else args[1] if size >= 4 else 0)


def run_after_queue(s: State) -> None:
    """The turn's "after finishing" effects in the order queued (§4.1)."""
    while s.after_queue:
        q, card, op, args = s.after_queue.pop(0)
        if op == Op.FREE_BUILDING:
            if call("can_free_build", s, q, args[0]) and coin(s, q):
                call("free_building", s, q, args[0])
        elif op == Op.POUCH:
            dispatch(s, q, card, op, args)
        elif op == Op.CLEVER and op in MAY_TRIGGERS and card in s.ps[q].sponsors:
            if coin(s, q):
                clever(s, q)
        else:
            dispatch(s, q, card, op, args)
    s.log(E_PLAY, -1, 0)  # marks the end of the after-effects


def end_effects(s: State, p: int) -> None:
    """§13.2 step 2: the sponsors' end effects in card-id order (CP without milestones, R18: s.scoring)."""
    for card in sorted(s.ps[p].sponsors):
        for op, args in rows(s, card, Moment.END_GAME):
            dispatch(s, p, card, op, args)
