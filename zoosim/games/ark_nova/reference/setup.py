"""Ark Nova in plain Python: setup (spec §3) in PROTOCOL.md 2's order of random draws and decisions, and the opening
hand (KEEP). Apart from reference.state so that the state module stays the state; it imports only downward."""
from __future__ import annotations

from itertools import combinations
from typing import Callable

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.reference.state import (ANIMALS, ASSOCIATION, BLOCKED, BUILD, C, CARDS_ACTION, FREE, H_KEEP,
    SPONSORS, Building, Player, State, choose, shuffle)
from zoosim.games.ark_nova.reference.tracks import (discard_card)
from zoosim.games.ark_nova.rules import Rules, validate


def new_state(rules: Rules, players: int, rng: PyRng, policies: list[Callable]) -> State:
    """Before any draw: every pile in canonical (card id) order, players at their starting values."""
    validate(rules, players)
    ps = []
    for seat in range(players):
        pl = Player(seat, rules.start_money, rules.start_appeal_by_seat[seat], rules.start_reputation,
                    workers_active=rules.workers_start, workers_supply=rules.workers_total - rules.workers_start)
        pl.slots = [ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS]
        for kind, mask in zip(board.START_BUILDING_KIND, board.START_BUILDING_MASK):
            pl.buildings.append(Building(int(kind), int(mask)))
        ps.append(pl)
    ids = [int(i) for i in C.ids]
    s = State(rules, players, rng, list(policies), ps)
    s.deck = [int(C.ids[c]) for c in cards.ZOO_DECK]
    s.base_pile = [i for i in ids if 101 <= i <= 112]
    s.final_pile = [i for i in ids if 1 <= i <= 11]
    s.display = [0] * rules.display_size
    return s


def setup(rules: Rules, players: int, rng: PyRng, policies: list[Callable]) -> State:
    """§3 in PROTOCOL.md 2's order of random draws and decisions."""
    s = new_state(rules, players, rng, policies)
    shuffle(rng, s.deck)
    shuffle(rng, s.base_pile)
    shuffle(rng, s.final_pile)
    tiles = list(rules.bonus_tiles)
    shuffle(rng, tiles)
    k = rules.bonus_tiles_per_space
    s.bonus_tiles = {rules.cp_bonus_spaces[0]: tiles[:k], rules.cp_bonus_spaces[1]: tiles[k:2 * k]}
    if rules.random_action_order:
        for pl in s.ps:
            rest = pl.slots[1:]
            shuffle(rng, rest)
            pl.slots[1:] = rest
    if rules.opening_card:  # swap the chosen card into the seat's first dealt position
        target = rules.display_size + rules.opening_card_seat * rules.hand_draw
        at = s.deck.index(rules.opening_card)
        s.deck[at], s.deck[target] = s.deck[target], s.deck[at]
    shown = rules.at("base_projects_shown", players)
    s.base_projects, s.base_pile = s.base_pile[:shown], s.base_pile[shown:]
    for i, project in enumerate(s.base_projects):
        slots = [FREE] * 3
        if players == 2 and rules.two_player_blocks and i < 3:
            slots[i] = BLOCKED
        s.project_slots[project] = slots
    s.display = [s.deck.pop(0) for _ in range(rules.display_size)]
    dealt = [[s.deck.pop(0) for _ in range(rules.hand_draw)] for _ in range(players)]
    for pl in s.ps:
        pl.finals = [s.final_pile.pop(0) for _ in range(rules.final_scoring_dealt)]
    for seat in range(players):
        keep_opening_hand(s, seat, dealt[seat])
    return s


def keep_options(rules: Rules, seat: int) -> list[tuple[int, ...]]:
    """The hand_keep-subsets of dealt positions in lexicographic order; the opening card's seat keeps position 0."""
    options = list(combinations(range(rules.hand_draw), rules.hand_keep))
    if rules.opening_card and seat == rules.opening_card_seat:
        options = [o for o in options if 0 in o]
    return options


def keep_opening_hand(s: State, seat: int, dealt: list[int]) -> None:
    """KEEP: the seat sees its 8 dealt cards (its view's `dealt`, dealt positions 0-7) while it decides."""
    pl = s.ps[seat]
    pl.dealt = list(dealt)
    keep = choose(s, seat, H_KEEP, keep_options(s.rules, seat))
    pl.dealt = []
    for i, card in enumerate(dealt):
        if i in keep:
            pl.hand.append(card)
        else:
            discard_card(s, seat, card)
