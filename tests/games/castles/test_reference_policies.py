"""Castles reference baselines `greedy` and `heuristic` (PROTOCOL.md 8): a placement's facts (oracle and preview) on
hand-built castles, RV / PV / TV / PTV on hand-computed cases, every hook's choice on constructed states, and whole
games at 2-4 players (greedy beats uniform)."""
from __future__ import annotations

import math
from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data
from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.reference import game as ref
from zoosim.games.castles.reference import state as rs
from zoosim.games.castles.reference import policies as rp
from zoosim.games.castles.components.geometry import UP
from zoosim.games.castles.reference.castle import Castle
from zoosim.games.castles.reference.policies import (
    GREEDY_WEIGHTS, Greedy, Heuristic, PlacementFacts, placement_facts, placement_preview, public_tile_value, reward_value,
    tile_value,
)
from zoosim.games.castles.rules import Rules
from tests.games.castles.test_reference import Script

# the weights these hand computations use: greedy's fixed row (heuristic's defaults move), every buy shortlisted
FIXED = GREEDY_WEIGHTS._replace(shortlist=9.0)

R = Rules(first_mb="seat0")
X0 = g.FOYER_ORIGIN
T = data.TILE_BY_NAME
PARLOR, SEWING, CLOAK, BUTTERY = T["Parlor"], T["Sewing Room"], T["Cloak Room"], T["Buttery"]
CLOSET, ORATORY, NAP = T["Closet"], T["Oratory"], T["Nap Room"]


def facts_both(castle: Castle, rules: Rules, tile: int, *placement) -> PlacementFacts:
    """The oracle's facts, checked equal to the preview's and leaving the castle as it was."""
    before = ([list(s) for s in castle.door_state], len(castle.tiles))
    facts = placement_facts(castle, rules, tile, *placement)
    assert placement_preview(castle, rules, tile, *placement) == facts
    assert ([list(s) for s in castle.door_state], len(castle.tiles)) == before
    return facts


def example_castle(upto: int) -> Castle:
    """Spec §10.2 examples A and B: foyer, Parlor, Sewing Room, Cloak Room, Buttery; the first `upto` tiles."""
    steps = [(data.FOYER, 0, X0, X0), (PARLOR, 0, X0 + 3, X0), (SEWING, 0, X0 + 1, X0 - 2), (CLOAK, 2, X0 + 3, X0 + 3),
             (BUTTERY, 0, X0 + 6, X0 + 1)]
    castle = Castle(R)
    for tile, rot, x, y in steps[:upto]:
        castle.add(tile, rot, x, y, UP)
    return castle


def state_with(players: int = 2, rules: Rules = R, policy=None) -> rs.State:
    """A fresh setup with a clean slate for hand positions: no favours, empty hands, an empty market."""
    policy = policy or Script()
    state = ref.setup(rules, players, [policy] * players, PyRng(4, 0))
    state.favors = []
    for me in state.seats:
        me.bonus_cards = []
    state.market, state.slot_tile = [], [-1] * len(state.prices())
    return state


@pytest.mark.rules
def test_the_policies_answer_every_hook_of_the_reference():
    """Greedy and Heuristic choose through an `on_<hook>` method for each hook reference.state names (PROTOCOL.md 4)."""
    hooks = (rs.KEEP_BONUS, rs.PRICE_HOOK, rs.ACT, rs.PLACE_HOOK, rs.SLEEPING_PICK, rs.CORRIDOR_PICK, rs.DS_WILD,
             rs.LIVING_TARGET_HOOK)
    for policy in (rp.Greedy, rp.Heuristic):
        assert all(callable(getattr(policy, "on_" + hook, None)) for hook in hooks), policy


# ---------------------------------------------------------------- a placement's facts
@pytest.mark.rules
def test_facts_of_the_worked_examples():
    """§10.2 A1-B2: points as the spec scores them; A2 blocks the foyer's top door; B1 completes the Cloak Room
    itself (index 3); B2 completes the old Parlor (index 1), not itself (its R2 stays open)."""
    assert facts_both(example_castle(1), R, PARLOR, 0, X0 + 3, X0, UP) == PlacementFacts(4, (), 1, 0, 0, 3)
    assert facts_both(example_castle(2), R, SEWING, 0, X0 + 1, X0 - 2, UP) == PlacementFacts(4, (), 1, 0, 1, 2)
    assert facts_both(example_castle(3), R, CLOAK, 2, X0 + 3, X0 + 3, UP) == PlacementFacts(1, (3,), 1, 0, 0, 0)
    assert facts_both(example_castle(4), R, BUTTERY, 0, X0 + 6, X0 + 1, UP) == PlacementFacts(2, (1,), 1, 0, 0, 1)


def blocking_castle() -> Castle:
    """Buttery (0) at (10, 10): L1 (10,10,W), R2 (11,11,E). Cloak Room (1) at (14, 12), its cell (14, 12) across the
    east side of cell (13, 12). Cloak Room (2) turned 180 at (12, 13): its door (13,13,N) faces cell (13, 12)."""
    castle = Castle(replace(R, min_external_entrances=0))
    castle.add(BUTTERY, 0, 10, 10)
    castle.add(CLOAK, 0, 14, 12)
    castle.add(CLOAK, 2, 12, 13)
    return castle


@pytest.mark.rules
def test_facts_count_own_and_old_blocked_doors():
    """A Buttery at (12, 11): L1 (12,11,W) meets the old Buttery's R2 (1 link); its R2 (13,12,E) faces the first
    Cloak Room's cell (own_blocked 1); it claims (13, 12), which the second Cloak Room's open door faces (old_blocked
    1). No rule applies: 2 points, nothing completes (the old Buttery's L1 is still open)."""
    castle = blocking_castle()
    assert facts_both(castle, castle.rules, BUTTERY, 0, 12, 11, UP) == PlacementFacts(2, (), 1, 1, 1, 0)
    # the other side: a Buttery's R2 onto the old L1 leaves its own L1 open
    assert facts_both(castle, castle.rules, BUTTERY, 0, 8, 9, UP) == PlacementFacts(2, (), 1, 0, 0, 1)


@pytest.mark.rules
def test_facts_list_the_new_tile_first_then_old_ones():
    """Buttery (0) with a Cloak Room (1) on its L1; a second Cloak Room on its R2 completes itself (index 2) and
    the Buttery (index 0)."""
    castle = Castle(replace(R, min_external_entrances=0))
    castle.add(BUTTERY, 0, 10, 10)
    castle.add(CLOAK, 3, 8, 9)   # turned to face east: its door (9,10,E) on the Buttery's L1
    assert castle.links[1] == {0: 1}
    facts = facts_both(castle, castle.rules, CLOAK, 1, 12, 11, UP)  # facing west: (12,11,W) on the Buttery's R2
    assert facts == PlacementFacts(1, (2, 0), 1, 0, 0, 0)
    assert rp.greedy_placement_value(castle, castle.rules, CLOAK, facts) == 1 + 2 + 3  # utility 2, food 3
    assert rp.heuristic_placement_value(castle, castle.rules, CLOAK, facts, FIXED) == 1 + 5 - 0 + 0.25 * -1


@pytest.mark.parametrize("changes", [{}, {"bonus_per_link": True, "castle_rule_counts_self": True,
                                          "mixed_level_door_contact": "blocked", "allow_half_cell_sharing": False,
                                          "pieces_are_corridor_for_room_rules": False}])
@pytest.mark.rules
def test_preview_equals_the_oracle_on_grown_castles(changes):
    """placement_preview (look-ups) = placement_facts (copy and add) on castles grown by random legal placements
    (completion flags kept as the game keeps them), every fact."""
    rules = replace(R, **changes)
    rng = PyRng(23, len(changes))
    seen = {"checked": 0, "complete": 0, "old_complete": 0, "own_blocked": 0, "old_blocked": 0}
    for _ in range(3):
        castle = Castle(rules)
        castle.add(data.FOYER, 0, X0, X0)
        for step in range(10):
            for tile in [*range(step % 7, data.N_ROOMS, 13), data.HALLWAY, data.STAIRS]:
                for placement in castle.legal_placements(tile)[::8]:
                    facts = placement_facts(castle, rules, tile, *placement)
                    assert placement_preview(castle, rules, tile, *placement) == facts, (tile, placement)
                    n = len(castle.tiles)
                    seen["checked"] += 1
                    seen["complete"] += n in facts.complete
                    seen["old_complete"] += any(c != n for c in facts.complete)
                    seen["own_blocked"] += facts.own_blocked > 0
                    seen["old_blocked"] += facts.old_blocked > 0
            tiles = [t for t in range(data.N_TILES - 1) if castle.can_place(t)]
            tile = tiles[rng.below(len(tiles))]
            options = castle.legal_placements(tile)
            n, gained = castle.add(tile, *options[rng.below(len(options))])
            for t in [n] + gained:
                castle.complete[t] = castle.complete[t] or castle.is_complete_now(t)
    assert min(seen.values()) >= 10, seen  # every fact was exercised


@pytest.mark.rules
def test_facts_of_castle_wide_rules_per_link_pairs_and_corner_touches():
    """§5 on hand positions, oracle = preview: an old castle-wide rule triggered by the new tile (the Venus
    Grotto's +1 per corridor, for a dark hallway), the new tile's own castle-wide rule (the Dungeon's +2 per
    downstairs room, itself only with castle_rule_counts_self), a conn rule per door pair (bonus_per_link: the
    Oratory's two doors on the Stables' two), and octagons touching corner to corner only (the Audience Room's -2 per
    touching living room, against a Throne Room)."""
    castle = Castle(R)
    castle.add(data.FOYER, 0, X0, X0)
    castle.add(data.STAIRS, 0, X0 + 3, X0 + 1)
    grotto = T["Venus Grotto"]
    castle.add(grotto, *castle.legal_placements(grotto)[0])
    dark = [o for o in castle.legal_placements(data.HALLWAY) if o[3] == g.DOWN][0]
    assert facts_both(castle, R, data.HALLWAY, *dark).points == 1
    dungeon = T["Dungeon"]
    spot = castle.legal_placements(dungeon)[0]
    assert facts_both(castle, R, dungeon, *spot).points == 1 + 2                 # the Grotto: +2
    assert facts_both(castle, replace(R, castle_rule_counts_self=True), dungeon, *spot).points == 1 + 4
    assert facts_both(castle, replace(R, pieces_count_for_castle_rules=False), data.HALLWAY, *dark).points == 0
    stables = Castle(R)
    stables.add(T["Stables"], 0, 10, 10)
    assert facts_both(stables, R, ORATORY, 2, 17, 11, UP) == PlacementFacts(4 + 1, (), 2, 0, 0, 1)
    assert facts_both(stables, replace(R, bonus_per_link=True), ORATORY, 2, 17, 11, UP).points == 4 + 2
    throne = Castle(replace(R, min_external_entrances=0))
    throne.add(T["Throne Room"], 0, 10, 10)
    assert facts_both(throne, throne.rules, T["Audience Room"], 0, 16, 13, UP) == PlacementFacts(7 - 2, (), 0, 0, 0, 3)


@pytest.mark.rules
def test_facts_near_the_grid_origin():
    """A placement's open doors stay open at small offsets too (x = 1, y = 1: the door's far cell is outside the
    tile): a Buttery on the foyer's R door at (1, 0); a Buttery turned 90 under another one at (-1, 1)."""
    rules = replace(R, min_external_entrances=0)
    castle = Castle(rules)
    castle.add(data.FOYER, 0, -2, -1)
    assert facts_both(castle, rules, BUTTERY, 0, 1, 0, UP) == PlacementFacts(2, (), 1, 0, 0, 1)
    castle = Castle(rules)
    castle.add(BUTTERY, 1, 0, -1)
    assert facts_both(castle, rules, BUTTERY, 1, -1, 1, UP) == PlacementFacts(2, (), 1, 0, 0, 1)


# ---------------------------------------------------------------- RV, PV, TV, PTV
@pytest.mark.rules
def test_reward_values():
    mine = FIXED._replace(mark_value=0.5)
    assert [reward_value(R, t) for t in (PARLOR, SEWING, NAP, T["Porch"], CLOAK, BUTTERY, T["Great Hall"],
                                         T["Dungeon"])] == [4.0, 5.0, 1.0, 10.0, 2.0, 3.0, 1.0, 1.0]
    assert reward_value(R, T["Porch"], mine) == 5.0 and reward_value(replace(R, activity_reward_points=7), SEWING) == 7
    assert [reward_value(R, t) for t in (data.HALLWAY, data.STAIRS, data.FOYER)] == [1.0, 1.0, 1.0]
    off = replace(R, pieces_give_rewards=False)
    assert [reward_value(off, t) for t in (data.HALLWAY, data.STAIRS, data.FOYER, T["Great Hall"])] == [0, 0, 0, 1]


@pytest.mark.rules
def test_placement_values_weigh_completions_blocks_and_open_doors():
    castle = blocking_castle()
    facts = placement_facts(castle, castle.rules, BUTTERY, 0, 12, 11, UP)  # 2 points, 1 link, 1 + 1 blocked
    assert rp.greedy_placement_value(castle, castle.rules, BUTTERY, facts) == 2.0
    assert rp.heuristic_placement_value(castle, castle.rules, BUTTERY, facts, FIXED) == 2 - 2 + 0.25 * (0 - 1 - 1)
    weights = rp.as_params((2.0, 0.5, 1.0, 1.0, 1.0, 0.5, 0.0, 2.0, 3.0))
    assert rp.heuristic_placement_value(castle, castle.rules, BUTTERY, facts, weights) == 2 - 1 + (0 - 1 - 1)
    b2 = placement_facts(example_castle(4), R, BUTTERY, 0, X0 + 6, X0 + 1, UP)  # completes the Parlor (base 4)
    assert rp.heuristic_placement_value(example_castle(4), R, BUTTERY, b2, weights) == 2 + 2 * 4 - 0 + 1 * (1 - 1)


@pytest.mark.rules
def test_tile_value_counts_base_reward_per_door_cards_and_favours():
    """Parlor (living 4, 4 doors, 150 circle): 4 + 4 / 4, cards: BC01 living +2, BC10 150s +2, BC19 all sizes +8
    (the castle holds every other size), BC23 money +0; favours: KF01 living area, KF22 circular rooms (not KF17
    money, KF20 incomplete rooms, KF23 large rooms)."""
    state = state_with()
    castle = state.seats[0].castle
    for k, s in enumerate(s for s in range(data.N_SIZES) if s != 1):  # one room of every other size, far apart
        tile = int(data.SIZE_TILES[s][0])
        castle.add(tile, 0, 10 + 14 * k, 10, int(data.TILE_TYPE[tile] == data.DOWNSTAIRS))
    state.seats[0].bonus_cards = [0, 9, 18, 22]
    state.favors = [0, 16, 19, 21, 22]
    assert rp.card_gain(state, 0, PARLOR) == 12 and rp.favour_gain(state, PARLOR) == 2
    assert tile_value(state, 0, PARLOR, FIXED) == 4 + 1 + (12 + 2) == 19.0
    assert public_tile_value(state, PARLOR, FIXED) == 4 + 1 + 2 == 7.0
    assert tile_value(state, 1, PARLOR, FIXED) == 7.0  # seat 1 holds no card
    weights = rp.as_params((2.0, 1, 0.25, 1, 0.5, 0.5, 0, 3.0, 3.0))
    assert tile_value(state, 0, PARLOR, weights) == 4 + 2 * 4 / 4 + 0.5 * 14
    assert tile_value(state, 0, ORATORY, FIXED) == 4 + 5 / 3  # activity 4, 3 doors, no card or favour of its kind
    assert tile_value(state, 0, data.HALLWAY, FIXED) == 2.0 and tile_value(state, 0, data.STAIRS, weights) == 3.0


@pytest.mark.rules
def test_an_outdoor_room_is_worth_its_marks_at_the_policys_mark_value():
    """RV(outdoor) = mark_value · 10000 / 1000 with the policy's own mark_value (0.5 here: 5 points; greedy reads
    its fixed 1.0: 10), in Σ RV of a placement's completions and in TV / PTV (Porch: 1 + 5 / 2 doors)."""
    half = FIXED._replace(mark_value=0.5)
    castle = example_castle(1)
    porch = T["Porch"]
    n, _ = castle.add(porch, 0, 10, 10)
    facts = PlacementFacts(1, (n,), 0, 0, 0, 0)     # a placement that would complete the (old) Porch
    assert rp.completion_value(castle, R, CLOAK, facts, half) == 5.0
    assert rp.greedy_placement_value(castle, R, CLOAK, facts) == 1 + 10.0
    assert rp.heuristic_placement_value(castle, R, CLOAK, facts, half) == 1 + 5.0
    state = state_with()
    assert tile_value(state, 0, porch, half) == public_tile_value(state, porch, half) == 1 + 5.0 / 2


@pytest.mark.rules
def test_card_progress_counts_rooms_already_built():
    """cards(p, t) is the hand's gain from one more room of t's type and size on top of the castle's: with a
    Buttery built, BC09 (2 per 100 sq ft room) gains 2 from a Cloak Room (4 → 6), BC05 (2 per utility room) 2."""
    state = state_with()
    state.seats[0].castle.add(BUTTERY, 0, 10, 10)
    state.seats[0].bonus_cards = [data.BONUS_INDEX["BC09"]]
    assert rp.card_gain(state, 0, CLOAK) == 2
    state.seats[0].bonus_cards = [data.BONUS_INDEX["BC05"], data.BONUS_INDEX["BC09"]]
    assert rp.card_gain(state, 0, CLOAK) == 2 + 2


@pytest.mark.rules
def test_heuristic_buy_gain_adds_cards_and_favours():
    """A room's gain: its best PV_heuristic + w_cards · (cards + favours): BC05 (+2 per utility room) and KF13
    (utility rooms counted) make a Cloak Room worth 2 + 1 more, at w_cards 1."""
    state = act_state({0: (CLOAK, 0)})
    state.seats[1].bonus_cards = [data.BONUS_INDEX["BC05"]]
    state.favors = [data.FAVOR_INDEX["KF13"]]
    policy = Heuristic(FIXED)
    assert (rp.card_gain(state, 1, CLOAK), rp.favour_gain(state, CLOAK)) == (2, 1)
    assert policy.buy_gain(state, 1, rs.A_BUY_ROOM, CLOAK) == policy.best_placement_value(state, 1, CLOAK) + 3.0
    assert Greedy().buy_gain(state, 1, rs.A_BUY_ROOM, CLOAK) == Greedy().best_placement_value(state, 1, CLOAK)


# ---------------------------------------------------------------- the hooks
@pytest.mark.rules
def test_keep_bonus_gives_back_the_card_worth_least_now():
    """Foyer only, 15000 marks: BC01 living 0, BC23 money 1, BC21 entrances 3 (the foyer's three open doors)."""
    for policy in (Greedy(), Heuristic(FIXED)):
        state = state_with(policy=policy)
        state.bonus_deck = [22, 0, 20, 5]
        ref.draw_bonus_cards(state, 1, 3, 2)
        assert state.seats[1].bonus_cards == [22, 20] and state.bonus_deck == [5, 0]
        assert policy.choose(state, rs.KEEP_BONUS, 1, [22, 20, 0]) == 2
        assert policy.choose(state, rs.KEEP_BONUS, 1, [8, 0]) == 0  # both worth 0: the first


MARKET = [PARLOR, CLOSET, BUTTERY, ORATORY, CLOAK]  # TV with no cards or favours: 5, 3, 3.5, 4 + 5/3, 3


def priced(policy, hand=()) -> list[int]:
    state = state_with(policy=policy)
    state.seats[0].bonus_cards = list(hand)  # the MB (seat 0)
    state.market = [[t, 0] for t in MARKET]
    ref.price_market(state)
    assert state.prices() == (4000, 6000, 8000, 10000, 15000)
    return state.slot_tile


@pytest.mark.rules
def test_price_ranks_the_market_onto_the_cheapest_slots():
    """Greedy: TV descending, ties in market order (Closet before Cloak Room). Heuristic: TV - 0.5 PTV; with BC05
    (utility +2) in the MB's hand the utility rooms' TV is 5 but their PTV 3, so they go first (3.5 each)."""
    assert priced(Greedy()) == [ORATORY, PARLOR, BUTTERY, CLOSET, CLOAK]
    assert priced(Heuristic(FIXED)) == [ORATORY, PARLOR, BUTTERY, CLOSET, CLOAK]  # TV = PTV: the same order
    assert priced(Greedy(), [4]) == [ORATORY, PARLOR, CLOSET, CLOAK, BUTTERY]  # 5.67, 5, 5, 5, 3.5
    assert priced(Heuristic(FIXED), [4]) == [CLOSET, CLOAK, ORATORY, PARLOR, BUTTERY]  # 3.5, 3.5, 2.83, 2.5, 1.75
    state = state_with(policy=Greedy())
    state.market = [[NAP, 0], [PARLOR, 3000]]
    ref.price_market(state)
    assert state.slot_tile == [PARLOR, NAP, -1, -1, -1]  # fewer tiles than slots: the cheapest ones


@pytest.mark.rules
def test_heuristic_prices_with_its_own_weights():
    """Heuristic ranks by TV - w_intent · PTV at its own weights. w_complete 0 and w_intent 2, no cards or favours:
    TV = PTV = base, so the value is -base: Closet and Cloak Room (1) first, then Buttery (2), Parlor and Oratory
    (4; market order)."""
    assert priced(Heuristic(FIXED._replace(w_complete=0.0, w_intent=2.0))) == [CLOSET, CLOAK, BUTTERY, PARLOR, ORATORY]


@pytest.mark.rules
def test_price_puts_the_best_tile_on_the_cheapest_slot_wherever_it_lies():
    """The slots by price ascending, not by index: with prices 8000, 4000, 15000, 6000, 10000 greedy's order
    Oratory, Parlor, Buttery, Closet, Cloak Room goes to slots 1, 3, 0, 4, 2."""
    rules = replace(R, price_slots=((8000, 4000, 15000, 6000, 10000),) + R.price_slots[1:])
    state = state_with(rules=rules, policy=Greedy())
    state.market = [[t, 0] for t in MARKET]
    ref.price_market(state)
    assert state.slot_tile == [BUTTERY, ORATORY, CLOAK, PARLOR, CLOSET]


def act_state(slots: dict[int, tuple[int, int]]) -> rs.State:
    """Seat 1 (foyer only, 15000 marks) to act; slots: price slot -> (tile, coins)."""
    state = state_with()
    for slot, (tile, coins) in slots.items():
        state.market.append([tile, coins])
        state.slot_tile[slot] = tile
    return state


@pytest.mark.rules
def test_greedy_act_buys_the_best_gain_per_mark_or_passes():
    """On the bare foyer a Cloak Room completes at once (1 + RV 2 = 3), a Parlor scores 4, a hallway or stairs 0."""
    greedy = Greedy()
    state = act_state({})
    options = ref.act_options(state, 1, False)
    assert options == [(1, data.HALLWAY), (1, data.STAIRS), (2, 0)]
    assert greedy.choose(state, rs.ACT, 1, options) == 2  # no buy gains: PASS
    assert greedy.choose(state, rs.ACT, 1, options[:2]) == 0  # no PASS offered: the best (first) buy
    state = act_state({0: (CLOAK, 0), 1: (PARLOR, 0)})
    options = ref.act_options(state, 1, False)
    assert options[:2] == [(0, 0), (0, 1)]
    assert greedy.choose(state, rs.ACT, 1, options) == 0  # 3 * 1000 / 4000 = 0.75 > 4 * 1000 / 6000
    state = act_state({0: (PARLOR, 0), 1: (CLOAK, 3000)})
    assert greedy.choose(state, rs.ACT, 1, ref.act_options(state, 1, False)) == 0  # 1.0 = 1.0: the first
    state = act_state({0: (PARLOR, 0), 1: (CLOAK, 4000)})
    assert greedy.choose(state, rs.ACT, 1, ref.act_options(state, 1, False)) == 1  # 3 * 1000 / 2000 = 1.5
    state = act_state({0: (PARLOR, 0), 4: (CLOAK, 20000)})
    assert greedy.choose(state, rs.ACT, 1, ref.act_options(state, 1, False)) == 1  # cost < 1000 counts 1000: 3.0


@pytest.mark.rules
def test_heuristic_act_is_greedys_ratio_on_its_own_gain():
    """Heuristic buys like greedy (gain per 1000 marks, cost at least 1000) on its own gain: the best PV_heuristic
    plus w_cards · (cards + favours) for a room, plus piece_value per market room it cannot place for a piece; it
    passes unless a buy beats
    pass_bias."""
    state = act_state({0: (CLOAK, 0), 1: (PARLOR, 0)})
    options = ref.act_options(state, 1, False)
    assert len(options) == 5
    policy = Heuristic(FIXED)
    cloak = policy.best_placement_value(state, 1, CLOAK) + 1.0 * (rp.card_gain(state, 1, CLOAK)
                                                                  + rp.favour_gain(state, CLOAK))
    assert policy.buy_gain(state, 1, 0, CLOAK) == cloak
    castle = state.seats[1].castle
    locked = sum(1 for t, _ in state.market if not castle.can_place(t))
    assert policy.buy_gain(state, 1, 1, data.HALLWAY) == policy.best_placement_value(state, 1, data.HALLWAY) + 2.0 * locked
    state.market.append((T["Fungus Room"], 0))   # a downstairs room: no legal placement before stairs
    assert not castle.can_place(T["Fungus Room"])
    assert policy.buy_gain(state, 1, 1, data.STAIRS) == policy.best_placement_value(state, 1, data.STAIRS) + 2.0 * (
        locked + 1)
    values = [policy.buy_gain(state, 1, kind, state.slot_tile[arg] if kind == 0 else arg) * 1000 / max(cost, 1000)
              for (kind, arg), cost in zip(options[:4], (4000, 6000, 3000, 3000))]
    best = max(range(4), key=lambda i: (values[i], -i))
    chosen = policy.choose(state, rs.ACT, 1, options)
    assert chosen == (best if values[best] > 0 else 4)
    assert Heuristic(FIXED._replace(pass_bias=100.0)).choose(state, rs.ACT, 1, options) == 4
    assert Heuristic(FIXED._replace(pass_bias=-100.0)).choose(state, rs.ACT, 1, options) == best
    assert Heuristic(FIXED._replace(pass_bias=-100.0)).choose(state, rs.ACT, 1, options[:4]) == best


@pytest.mark.rules
def test_heuristic_act_evaluates_placements_of_its_shortlist_only():
    """shortlist k: only the k buys with the highest placement-free value per 1000 marks (TV for a room, piece_value
    times locked for a piece; ties in option order) have their placements valued, and the act takes the best of
    them. Parlor at 6000 (TV 5: 0.83 per 1000) before Cloak Room at 4000 (TV 3: 0.75) before two pieces worth 0
    placement-free: k = 1 values the Parlor only, k = 2 both rooms, k = 4 everything."""
    state = act_state({0: (CLOAK, 0), 1: (PARLOR, 0)})
    options = ref.act_options(state, 1, False)
    costs = {0: 4000, 1: 6000, 2: 3000, 3: 3000}
    tiles = {0: CLOAK, 1: PARLOR, 2: data.HALLWAY, 3: data.STAIRS}
    for k in (1, 2, 3, 4, 9):
        policy = Heuristic(FIXED._replace(shortlist=float(k), pass_bias=-100.0))
        valued = []
        real = policy.best_placement_value
        policy.best_placement_value = lambda st, p, tile: valued.append(tile) or real(st, p, tile)
        estimate = {i: (rp.tile_value(state, 1, tiles[i], policy.params) if i < 2 else 0.0) * 1000 / costs[i]
                    for i in range(4)}
        kept = sorted(sorted(range(4), key=lambda i: -estimate[i])[:k])
        chosen = policy.choose(state, rs.ACT, 1, options)
        assert valued == [tiles[i] for i in kept]
        gains = {i: policy.with_surplus(real(state, 1, tiles[i]) + (
            1.0 * (rp.card_gain(state, 1, tiles[i]) + rp.favour_gain(state, tiles[i])) if i < 2 else 0.0),
            costs[i]) * 1000 / costs[i] for i in kept}
        assert chosen == max(kept, key=lambda i: (gains[i], -i))
    assert (estimate[0], estimate[1], estimate[2], estimate[3]) == (0.75, 5.0 * 1000 / 6000, 0.0, 0.0)
    assert Heuristic(FIXED._replace(shortlist=0.4)).shortlist(state, 1, [(0, CLOAK, 4000), (0, PARLOR, 6000)]) == [1]
    assert Greedy().shortlist(state, 1, [(0, CLOAK, 4000), (0, PARLOR, 6000)]) == [0, 1]


def shortlisted(slots: dict[int, tuple[int, int]], players: int = 2, favors=(), **weights) -> int:
    """Heuristic's act with a shortlist of 1 and no pass: the option it takes, seat 1 to act (15000 marks)."""
    state = state_with(players)
    state.favors = [data.FAVOR_INDEX[f] for f in favors]
    for slot, (tile, coins) in slots.items():
        state.market.append([tile, coins])
        state.slot_tile[slot] = tile
    options = ref.act_options(state, 1, False)
    policy = Heuristic(FIXED._replace(shortlist=1.0, pass_bias=-100.0, **weights))
    return options[policy.choose(state, rs.ACT, 1, options)]


@pytest.mark.rules
def test_the_shortlist_ranks_buys_by_value_per_1000_marks_exactly():
    """The shortlist's estimate is TV · 1000 / max(cost, 1000), cost = price - coins, as a double, ties in option
    order (FIXED: TV = base + RV / doors + favours; Great Hall 1 + 1/11, Cloak Room 1 + 2, Parlor 4 + 1).
    - Cloak Room 3 at 4000 (0.75) before Parlor 5 at 15000 (0.33): per mark, not value times cost.
    - Great Hall at 4000 and Cloak Room at 15000 - 4000 coins: 0.2727272727272727 both, as doubles: the earlier.
    - Great Hall at 4000 - 1000 and Cloak Room (KF13: TV 4) at 11000: 0.3636363636363636 < 0.36363636363636365.
    - 4 players: Cloak Room 3 at 1000 and Parlor (KF09: TV 6) at 2000: 3.0 both: the earlier.
    - A piece's estimate is piece_value per market room it cannot place: none here, so 0 however high piece_value."""
    hall = T["Great Hall"]
    assert shortlisted({0: (CLOAK, 0), 4: (PARLOR, 0)}) == (rs.A_BUY_ROOM, 0)
    assert shortlisted({0: (hall, 0), 4: (CLOAK, 4000)}) == (rs.A_BUY_ROOM, 0)
    assert shortlisted({0: (hall, 1000), 4: (CLOAK, 4000)}, favors=["KF13"]) == (rs.A_BUY_ROOM, 4)
    assert shortlisted({0: (CLOAK, 0), 1: (PARLOR, 0)}, players=4, favors=["KF09"]) == (rs.A_BUY_ROOM, 0)
    assert shortlisted({0: (CLOAK, 0)}, piece_value=3.0) == (rs.A_BUY_ROOM, 0)


@pytest.mark.rules
def test_heuristic_buys_the_piece_that_unlocks_the_market():
    """A piece's gain is its best PV_heuristic + piece_value · locked: with a Dungeon and a Crypt on the market
    (no stairs yet: locked 2) and piece_value 5, a hallway (10 + its open doors) beats the Cloak Room (about 3)."""
    state = act_state({0: (CLOAK, 0), 1: (T["Dungeon"], 0), 2: (T["Crypt"], 0)})
    options = ref.act_options(state, 1, False)
    assert options == [(rs.A_BUY_ROOM, 0), (rs.A_BUY_PIECE, data.HALLWAY), (rs.A_BUY_PIECE, data.STAIRS), (rs.A_PASS, 0)]
    policy = Heuristic(FIXED._replace(piece_value=5.0, shortlist=9.0))
    assert policy.locked(state, 1) == 2
    assert options[policy.choose(state, rs.ACT, 1, options)] == (rs.A_BUY_PIECE, data.HALLWAY)


@pytest.mark.rules
def test_heuristic_passes_unless_a_buy_is_worth_more_than_pass_bias():
    """PASS when no buy's value (gain · 1000 / max(cost, 1000)) is > pass_bias: at the value exactly it passes, a
    hair below it buys. A Cloak Room at 4000 (cost 4000) and at 4000 with 3500 coins (cost 500, counted 1000), the
    pieces left out of the options."""
    for coins, cost in ((0, 4000), (3500, 500)):
        state = act_state({0: (CLOAK, coins)})
        options = [o for o in ref.act_options(state, 1, False) if o[0] != rs.A_BUY_PIECE]
        assert options == [(rs.A_BUY_ROOM, 0), (rs.A_PASS, 0)]
        gain = Heuristic(FIXED).buy_gain(state, 1, rs.A_BUY_ROOM, CLOAK)
        value = gain * 1000 / max(cost, 1000)
        at = Heuristic(FIXED._replace(pass_bias=value))
        below = Heuristic(FIXED._replace(pass_bias=math.nextafter(value, -math.inf)))
        assert options[at.choose(state, rs.ACT, 1, options)] == (rs.A_PASS, 0)
        assert options[below.choose(state, rs.ACT, 1, options)] == (rs.A_BUY_ROOM, 0)


@pytest.mark.rules
def test_greedy_places_for_points_then_fewer_blocks_and_heuristic_spares_doors():
    """Foyer and a hallway (rot 1 at (X0 - 1, X0 - 4)): the Servants' Quarters (sleeping 4, +2 per connected
    corridor, 2 doors) either joins both (option 3: 8 points, completes, blocks 3 hallway doors) or one (6
    points). Greedy: 8 + 1 = 9. Heuristic: 8 + 1 - 3 + 0.25 (0 - 2 - 3) = 4.75 < 6 + 0.25 (1 - 1 - 0) = 6."""
    servants = T["Servants' Quarters"]
    chosen = {}
    for name, policy in (("greedy", Greedy()), ("heuristic", Heuristic(FIXED))):
        state = state_with(policy=policy)
        castle = state.seats[0].castle
        castle.add(data.HALLWAY, 1, X0 - 1, X0 - 4, UP)
        options = castle.legal_placements(servants)
        assert placement_facts(castle, R, servants, *options[3]) == PlacementFacts(8, (2,), 2, 0, 3, 0)
        assert placement_facts(castle, R, servants, *options[0]) == PlacementFacts(6, (), 1, 0, 0, 1)
        assert all(placement_facts(castle, R, servants, *o).points == 6 for k, o in enumerate(options) if k != 3)
        ref.place_tile(state, 0, servants)
        chosen[name] = options.index(state.events[-2][3:7])
    assert chosen == {"greedy": 3, "heuristic": 0}
    # the Sewing Room beside the Parlor: 4 points almost everywhere; greedy takes the first that blocks nothing,
    # not the spec's A2 spot (blocks the foyer's top door)
    castle = example_castle(2)
    options = castle.legal_placements(SEWING)
    state = state_with(policy=Greedy())
    state.seats[0].castle = castle
    ref.place_tile(state, 0, SEWING)
    assert state.events[-2][3:7] == options[0] != (0, X0 + 1, X0 - 2, UP)
    assert placement_facts(example_castle(2), R, SEWING, *options[0]) == PlacementFacts(4, (), 1, 0, 0, 2)


@pytest.mark.rules
def test_both_place_the_stairs_that_complete_two_tiles():
    """The Hole (downstairs, one door) turned so its DOWN door faces west three cells east of the foyer's R door:
    stairs laid between them complete themselves (a piece: the corridor reward, RV 1) and The Hole (RV 1):
    PV_greedy 2, PV_heuristic 2 + 0.25 (0 - 2) = 1.5; every other stairs placement leaves a door open (0)."""
    state = state_with()
    castle = state.seats[0].castle
    castle.add(T["The Hole"], 1, X0 + 6, X0, g.DOWN)
    state.placing = data.STAIRS
    options = castle.legal_placements(data.STAIRS)[::-1]   # the best one last
    assert options[-1] == (0, X0 + 3, X0 + 1, UP)
    for policy in (Greedy(), Heuristic(FIXED)):
        assert policy.choose(state, rs.PLACE_HOOK, 0, options) == len(options) - 1


@pytest.mark.rules
def test_sleeping_pick_takes_the_subset_worth_most():
    """Stacks: 100 = Cloak Room (TV 3), Buttery (3.5); 200 = Nap Room (2.5; 5.5 with BC03 sleeping +3)."""
    state = state_with()
    state.stacks = [[] for _ in range(data.N_SIZES)]
    state.stacks[0], state.stacks[2] = [BUTTERY, CLOAK], [NAP]
    options = ref.sleeping_options(state)
    assert options == [(0, ()), (0, (CLOAK,)), (0, (BUTTERY,)), (0, (CLOAK, BUTTERY)), (2, ()), (2, (NAP,))]
    assert Greedy().choose(state, rs.SLEEPING_PICK, 0, options) == 3  # 6.5
    state.seats[0].bonus_cards = [2]
    no_rewards = FIXED._replace(w_complete=0.0)  # Cloak 1, Buttery 2 (3 together), Nap 2 + 3
    assert Heuristic(no_rewards).choose(state, rs.SLEEPING_PICK, 0, options) == 5
    assert Heuristic(no_rewards).choose(state, rs.SLEEPING_PICK, 1, options) == 3  # seat 1 holds no BC03
    spoiled = FIXED._replace(w_complete=-10.0)  # every tile below 0: take nothing (the first empty subset)
    assert Heuristic(spoiled).choose(state, rs.SLEEPING_PICK, 0, options) == 0
    # sums from 0.0, as doubles: at w_complete 0.3 a Dressing Room (2 + 0.3 / 2) and a Throne Room with a Vestibule
    # ((0 + 1.075) + 1.075) are both 2.15: the earlier option
    state.stacks = [[] for _ in range(data.N_SIZES)]
    state.stacks[2], state.stacks[9] = [T["Dressing Room"]], [T["Throne Room"], T["Vestibule"]]
    options = ref.sleeping_options(state)
    assert options[1] == (2, (T["Dressing Room"],)) and options[5] == (9, (T["Throne Room"], T["Vestibule"]))
    assert Heuristic(FIXED._replace(w_complete=0.3)).choose(state, rs.SLEEPING_PICK, 1, options) == 1


@pytest.mark.rules
def test_corridor_pick_takes_the_piece_with_the_best_placement():
    """Bare foyer: both pieces 0 at best, the hallway (first). With The Hole (downstairs, one door) turned so its
    DOWN door faces west three cells east of the foyer's R door, stairs laid between them join both and complete
    themselves and The Hole: PV_greedy 0 + 1 + 1 = 2, PV_heuristic 2 + 0.25 (0 - 2) = 1.5. A dark hallway on The
    Hole's door completes it (1) and leaves 11-12 doors open; a light one on a foyer door leaves 13 open: PV_heuristic
    up to 0.25 · 12 = 3. Greedy takes the stairs, heuristic the hallway."""
    state = state_with()
    for policy in (Greedy(), Heuristic(FIXED)):
        assert policy.choose(state, rs.CORRIDOR_PICK, 0, [data.HALLWAY, data.STAIRS]) == 0
    castle = state.seats[0].castle
    castle.add(T["The Hole"], 1, X0 + 6, X0, g.DOWN)
    assert placement_facts(castle, R, data.STAIRS, 0, X0 + 3, X0 + 1, UP) == PlacementFacts(0, (2, 1), 2, 0, 0, 0)
    hallway = [placement_facts(castle, R, data.HALLWAY, *o) for o in castle.legal_placements(data.HALLWAY)]
    assert max(len(f.complete) for f in hallway) == 1 and max(f.opened - f.links for f in hallway) == 12
    assert Greedy().choose(state, rs.CORRIDOR_PICK, 0, [data.HALLWAY, data.STAIRS]) == 1
    assert Heuristic(FIXED).choose(state, rs.CORRIDOR_PICK, 0, [data.HALLWAY, data.STAIRS]) == 0


@pytest.mark.rules
def test_ds_wild_takes_the_most_valuable_usable_reward():
    """Living 3, activity 5, sleeping 1, outdoor 10, utility 2, food 3, corridor 1."""
    state = state_with()
    every = [(k, True) for k in range(7)]
    assert Greedy().choose(state, rs.DS_WILD, 0, every) == data.OUTDOOR
    assert Heuristic(FIXED._replace(mark_value=0.2)).choose(state, rs.DS_WILD, 0, every) == data.ACTIVITY
    only = [(k, k in (data.LIVING, data.FOOD, data.SLEEPING)) for k in range(7)]
    assert Greedy().choose(state, rs.DS_WILD, 0, only) == data.LIVING  # 3 = 3: the first
    assert Greedy().choose(state, rs.DS_WILD, 0, [(k, False) for k in range(7)]) == data.OUTDOOR
    state.rules = replace(R, activity_reward_points=20)
    assert Greedy().choose(state, rs.DS_WILD, 0, every) == data.ACTIVITY
    state.rules = replace(R, activity_reward_points=4)   # living counts 3: activity 4 is more
    assert Greedy().choose(state, rs.DS_WILD, 0, [(k, k in (data.LIVING, data.ACTIVITY)) for k in range(7)]) == \
        data.ACTIVITY


@pytest.mark.rules
def test_living_target_takes_the_highest_rescore():
    """§10.2 after B2: the Parlor re-scores 4 + 1 (the Sewing Room is a connected activity), the Cloak Room 1."""
    state = state_with()
    state.seats[0].castle = castle = example_castle(5)
    castle.complete[1] = castle.complete[3] = True
    for policy in (Greedy(), Heuristic(FIXED)):
        assert policy.choose(state, rs.LIVING_TARGET_HOOK, 0, [3, 1]) == 1
        assert policy.choose(state, rs.LIVING_TARGET_HOOK, 0, [3, 3]) == 0


# ---------------------------------------------------------------- registry and whole games
@pytest.mark.rules
def test_make_policy_takes_heuristic_parameters():
    assert isinstance(rp.make_policy("greedy"), Greedy) and rp.make_policy("heuristic").params == rp.DEFAULTS
    weights = (2.0, 0.5, 0.0, 1.5, 1.0, 0.0, -1.0, 3.0, 2.0)
    assert tuple(rp.make_policy("heuristic", weights).params) == weights
    assert rp.make_policy("heuristic", weights).params.pass_bias == -1.0
    with pytest.raises(ZoosimError):
        rp.make_policy("greedy", weights)
    with pytest.raises(ZoosimError):
        rp.make_policy("heuristic", (1.0, 2.0))


def points_as_mb_from_events(record: ref.GameRecord, players: int) -> list[int]:
    """SCORE rows and living / activity REWARD rows of each round's MB, from the event log."""
    out, mb = [0] * players, -1
    for kind, p, a, b, *_ in record.events:
        if kind == rs.ROUND_START:
            mb = b
        elif p == mb and (kind == rs.SCORE or kind == rs.REWARD and a in (data.LIVING, data.ACTIVITY)):
            out[p] += b
    return out


@pytest.mark.parametrize("policies", [["greedy", "heuristic"], ["heuristic", "greedy", "uniform"],
                                      ["greedy", "heuristic", "random", "greedy"]])
def test_whole_games_end_and_repeat(policies):
    n = len(policies)
    for game in range(2):
        record = ref.play_game(Rules(), n, policies, 5, game)
        assert record.end_reason in (rs.END_DECK, rs.END_ROUND_CAP)
        assert all(s.score == sum(s.components.values()) for s in record.seats)
        assert [s.points_as_mb for s in record.seats] == points_as_mb_from_events(record, n)
        assert record.events == ref.play_game(Rules(), n, policies, 5, game).events  # no draws of its own


def test_greedy_beats_uniform_on_average():
    totals = {"greedy": 0, "uniform": 0}
    for game in range(20):
        for seat in ref.play_game(Rules(), 2, ["greedy", "uniform"], 9, game).seats:
            totals[("greedy", "uniform")[seat.policy]] += seat.score
    assert totals["greedy"] > 1.3 * totals["uniform"], totals


@pytest.mark.rules
def test_heuristic_counts_the_coin_surplus_of_a_room():
    """A room whose coins exceed its price (cost < 0) adds the surplus at mark_value per 1000 to heuristic's gain,
    so a market every seat passes on grows coins until it is bought; greedy (the baseline) does not."""
    h = Heuristic(FIXED._replace(mark_value=0.5))
    assert h.with_surplus(2.0, -3000) == 2.0 + 1.5 and h.with_surplus(2.0, 0) == 2.0 and h.with_surplus(2.0, 800) == 2.0
    assert Greedy().with_surplus(2.0, -3000) == 2.0
    # only a surplus counts (cost < 0): at cost 0 the term is not evaluated (an infinite mark_value would make it NaN)
    assert Heuristic(FIXED._replace(mark_value=math.inf)).with_surplus(2.0, 0) == 2.0
    state = act_state({0: (PARLOR, 0), 4: (CLOAK, 40000)})
    options = ref.act_options(state, 1, False)
    slot = options.index((0, 4))
    cost = state.prices()[4] - 40000
    assert cost < 0
    gain = Heuristic(FIXED).buy_gain(state, 1, 0, CLOAK) - 1.0 * cost / 1000
    assert Heuristic(FIXED._replace(pass_bias=gain - 0.5)).choose(state, rs.ACT, 1, options) == slot
    assert Heuristic(FIXED._replace(pass_bias=gain + 0.5)).choose(state, rs.ACT, 1, options) == len(options) - 1
