"""Ark Nova in plain Python, part 1b: the tracks with their one-time bonuses (spec §8, §4.4-4.5), the card piles
and the display (§9.4), the break token (§9.1) and the donation cost; the state and decisions are reference.state.
"""
from __future__ import annotations

from zoosim.games.ark_nova.reference.state import (
    CARDS_ACTION, E_DISCARD, E_DISPLAY, E_DRAW, E_GAIN, E_RESHUFFLE, E_TILE, E_TOKEN, E_UPGRADE, G_BREAK_TOKEN, H_CP2,
    H_CP_TILE, H_FINAL_DISCARD, H_MULTIPLIER_CARD, H_SNAP_FOLDER, H_TAKE_SOURCE, H_UPGRADE, N_ACTIONS, SOURCE_DECK,
    IllegalMove, State, call, choose, range_folders, shuffle,
)


# ---------------------------------------------------------------- tracks (§8, §4.4, §4.5)
def gain(s: State, p: int, resource: int, amount: int) -> int:
    """Gain `amount` (> 0) of a vocab.RESOURCES resource with its cap and one-time bonuses; returns `amount`."""
    if amount <= 0:
        return amount
    pl, r = s.ps[p], s.rules
    if resource == 0:
        pl.appeal = min(r.max_appeal, pl.appeal + amount)
        s.log(E_GAIN, p, 0, amount, pl.appeal)
    elif resource == 1:
        pl.money += amount
        s.log(E_GAIN, p, 1, amount, pl.money)
    elif resource == 2:
        pl.x = min(r.max_x_tokens, pl.x + amount)
        s.log(E_GAIN, p, 2, amount, pl.x)
    elif resource == 3:
        gain_reputation(s, p, amount)
    elif resource == 4:
        gain_cp(s, p, amount)
    elif resource == 5:
        for _ in range(amount):
            hire_worker(s, p)
    return amount


def pay(s: State, p: int, amount: int) -> None:
    pl = s.ps[p]
    if amount > pl.money:
        raise IllegalMove(f"seat {p} cannot pay {amount} with {pl.money} money")
    if amount > 0:
        pl.money -= amount
        s.log(E_GAIN, p, 1, -amount, pl.money)


def lose_appeal(s: State, p: int, amount: int) -> None:
    pl = s.ps[p]
    pl.appeal = max(0, pl.appeal - amount)
    s.log(E_GAIN, p, 0, -amount, pl.appeal)


def reputation_cap(s: State, p: int) -> int:
    return s.rules.max_reputation if s.ps[p].side2[CARDS_ACTION] else s.rules.reputation_cap_side1


def gain_reputation(s: State, p: int, amount: int) -> None:
    """§8.3: one space at a time; beyond the cap lost (side I) or +1 appeal each beyond 15 (side II)."""
    pl = s.ps[p]
    for _ in range(amount):
        cap = reputation_cap(s, p)
        if pl.rep < cap:
            pl.rep += 1
            s.log(E_GAIN, p, 3, 1, pl.rep)
            reputation_bonus(s, p, pl.rep)
        elif pl.rep >= s.rules.max_reputation:
            gain(s, p, 0, 1)


def reputation_bonus(s: State, p: int, space: int) -> None:
    pl = s.ps[p]
    if space in pl.rep_bonus_done:
        return
    for at, kind in s.rules.reputation_bonuses:
        if at == space:
            pl.rep_bonus_done.add(space)
            if kind == "upgrade":
                upgrade(s, p)
            elif kind == "worker":
                hire_worker(s, p)
            elif kind == "card":
                take_card(s, p)
            elif kind == "cp":
                gain(s, p, 4, 1)
            elif kind == "x":
                gain(s, p, 2, 1)


def gain_cp(s: State, p: int, amount: int, milestones: bool = True) -> None:
    """§8.2: CP with its spaces 2 / 5 / 8 / 10 passed (R18: no milestones during final scoring)."""
    pl, r = s.ps[p], s.rules
    old = pl.cp
    pl.cp = min(r.max_cp, pl.cp + amount)
    s.log(E_GAIN, p, 4, amount, pl.cp)
    if not milestones or s.scoring:
        return
    spaces = sorted({r.cp_upgrade_space, *r.cp_bonus_spaces, r.cp_final_discard_space})
    for space in spaces:
        if old < space <= pl.cp and space not in pl.cp_spaces_done:
            pl.cp_spaces_done.add(space)
            if space == r.cp_upgrade_space:
                cp_upgrade_or_worker(s, p)
            if space in r.cp_bonus_spaces:
                cp_bonus_space(s, p, space)
            if space == r.cp_final_discard_space and not s.cp10_reached:
                s.cp10_reached = True
                discard_final_cards(s)


def cp_upgrade_or_worker(s: State, p: int) -> None:
    pl = s.ps[p]
    options = ([0] if not all(pl.side2) else []) + ([1] if pl.workers_supply > 0 else [])
    if not options:
        return
    if choose(s, p, H_CP2, options) == 0:
        upgrade(s, p)
    else:
        hire_worker(s, p)


def cp_bonus_space(s: State, p: int, space: int) -> None:
    """§8.2 CP 5 / 8: 5 money or one of the tiles still on that space (the tile leaves the game)."""
    tiles = s.bonus_tiles.get(space, [])
    k = choose(s, p, H_CP_TILE, [-1] + list(range(len(tiles))))
    if k < 0:
        gain(s, p, 1, s.rules.cp_bonus_money)
        return
    tile = tiles.pop(k)
    s.log(E_TILE, p, space, s.rules.bonus_tiles.index(tile) if tile in s.rules.bonus_tiles else -1)
    bonus_tile(s, p, tile)


def bonus_tile(s: State, p: int, tile: str) -> None:
    """§8.2 bonus tile effects (R13: a tile with no legal effect gives nothing)."""
    if tile == "money10":
        gain(s, p, 1, 10)
    elif tile == "rep2":
        gain(s, p, 3, 2)
    elif tile == "x3":
        gain(s, p, 2, 3)
    elif tile == "take3":
        for _ in range(3):
            take_card(s, p)
    elif tile == "multiplier":
        action = choose(s, p, H_MULTIPLIER_CARD, list(range(N_ACTIONS)))
        s.ps[p].multiplier_pending[action] += 1
        s.log(E_TOKEN, p, 0, action)
    elif tile == "enclosure3":
        call("free_building", s, p, 2)
    elif tile == "partner_zoo":
        call("take_partner_zoo", s, p, False)
    elif tile == "university":
        call("take_university", s, p)
    elif tile == "sponsor":
        call("tile_sponsor", s, p)


def discard_final_cards(s: State) -> None:
    """§8.2 CP 10 / §13.2 step 1: every player holding >= 2 final cards discards 1, in seat order."""
    for q in range(s.players):
        pl = s.ps[q]
        if len(pl.finals) >= 2:
            card = choose(s, q, H_FINAL_DISCARD, list(pl.finals))
            pl.finals.remove(card)
            s.log(E_DISCARD, q, card, 1)


def upgrade(s: State, p: int) -> None:
    """§4.4: flip a side-I action card of the player's choice (nothing if none is left)."""
    pl = s.ps[p]
    options = [a for a in range(N_ACTIONS) if not pl.side2[a]]
    if not options:
        return
    a = choose(s, p, H_UPGRADE, options)
    pl.side2[a] = True
    s.log(E_UPGRADE, p, a)


def hire_worker(s: State, p: int) -> None:
    """§4.5: a worker from the supply becomes active; the last one hired gives mapA_last_worker_cp."""
    pl = s.ps[p]
    if pl.workers_supply <= 0:
        return
    pl.workers_supply -= 1
    pl.workers_active += 1
    s.log(E_GAIN, p, 5, 1, pl.workers_active)
    if pl.workers_supply == 0:
        gain(s, p, 4, s.rules.mapA_last_worker_cp)


# ---------------------------------------------------------------- piles and the display (§9.4)
def draw_deck(s: State) -> int:
    """The deck's top card (0 if deck and, with reshuffle_discard, the discard pile are empty)."""
    if not s.deck and s.rules.reshuffle_discard and s.discard:
        s.deck, s.discard = s.discard, []
        shuffle(s.rng, s.deck)
        s.log(E_RESHUFFLE, -1, len(s.deck))
    if not s.deck:
        return 0
    s.hidden_drawn = True
    return s.deck.pop(0)


def deck_available(s: State) -> bool:
    return bool(s.deck) or (s.rules.reshuffle_discard and bool(s.discard))


def to_hand(s: State, p: int, card: int, source: int) -> None:
    if card:
        s.ps[p].hand.append(card)
        s.log(E_DRAW, p, card, source)


def discard_card(s: State, p: int, card: int) -> None:
    """To the discard pile; a base project (101-112, in hand by Assertion/Dominance) returns to the base-project
    pile instead, as one pushed out of the row (R9): it is no zoo card and never enters the deck."""
    if 101 <= card <= 112:
        s.base_pile.append(card)
    else:
        s.discard.append(card)
    s.log(E_DISCARD, p, card, 0)


def take_from_display(s: State, folder: int) -> int:
    card = s.display[folder - 1]
    s.display[folder - 1] = 0
    s.display_dirty = True
    return card


def refill_display(s: State) -> None:
    """§9.4: slide the remaining cards towards folder 1 keeping their order, fill the highest folders."""
    kept = [c for c in s.display if c]
    if len(kept) == len(s.display):
        return
    while len(kept) < len(s.display):
        card = draw_deck(s)
        if not card:
            break
        kept.append(card)
    s.display = kept + [0] * (len(s.display) - len(kept))
    s.display_dirty = False
    s.log(E_DISPLAY, -1, *[0, 0, 0, 0])


def take_card_options(s: State, p: int) -> list[int]:
    """§15.2 G6: the deck (if it or the discard pile holds a card) and each non-empty folder in range."""
    return ([SOURCE_DECK] if deck_available(s) else []) + [
        f for f in range(1, range_folders(s, p) + 1) if s.display[f - 1]]


def take_card(s: State, p: int) -> None:
    """Take 1 card from the display within reputation range or from the deck (§6.7, §8.3)."""
    options = take_card_options(s, p)
    if not options:
        return
    source = choose(s, p, H_TAKE_SOURCE, options)
    card = draw_deck(s) if source == SOURCE_DECK else take_from_display(s, source)
    to_hand(s, p, card, source)


def snap(s: State, p: int) -> None:
    """Take any display card (§5.1 snap, §10.5 slot 0)."""
    options = [f for f in range(1, len(s.display) + 1) if s.display[f - 1]]
    if options:
        f = choose(s, p, H_SNAP_FOLDER, options)
        to_hand(s, p, take_from_display(s, f), f)


def advance_break(s: State, p: int, steps: int) -> None:
    """§9.1: the token moves; reaching the end gives the mover 1 X-token once and a break after the turn."""
    if s.break_token >= s.break_len or steps <= 0:
        return
    s.break_token = min(s.break_len, s.break_token + steps)
    s.log(E_GAIN, p, G_BREAK_TOKEN, steps, s.break_token)
    if s.break_token >= s.break_len:
        s.break_pending = True
        s.break_trigger = p
        gain(s, p, 2, 1)


def donation_cost(s: State) -> int:
    costs = s.rules.at("donation_costs", s.players)
    return costs[s.donations] if s.donations < len(costs) else s.rules.donation_overflow


def all_zoo_cards(s: State) -> list[int]:
    """Every zoo card wherever it is (card conservation check, §17 invariants)."""
    out = s.deck + s.discard + [c for c in s.display if c] + [c for c in s.project_row if c > 112]
    for pl in s.ps:
        out += [c for c in pl.hand if c > 112] + pl.animals + pl.sponsors
        out += [c for cs in pl.pouched.values() for c in cs if c > 112]
    return out
