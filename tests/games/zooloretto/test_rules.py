"""One test per rule of shared/specs/zooloretto.md, on hand-built reference states with hand-computed results.

Tile codes (PROTOCOL 2): animal 4*s + class (0 plain/used, 1 fertile male, 2 fertile female, 3 offspring),
stall 64 + kind, coin 80. States come from `State.empty` (tiles unshuffled in the stacks; the highest
species removed) and the `put_*` helpers, which take tiles out of the stacks so invariants still hold.
"""
from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from tests.support.truck_tiles import baby, female, male, plain, removed_species
from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto.reference.state import (
    expansion_enclosure,
    BIRTH, DISCARD, DRAW, EXCHANGE, EXPAND, FILL, LAST_ROUND, MOVE, PLACE, PURCHASE, ROUND_END, TAKE,
    IllegalMove, State, Zoo, check_invariants, game_record, put_in_zoo, put_on_truck, ranks_and_shares,
    score_player, set_coins, setup, take_from_stacks,
)
from zoosim.games.zooloretto.reference.actions import (
    apply_turn, legal_turn_options, play_game, random_turn, replay_decisions, uniform_turn,
)
from zoosim.games.zooloretto.rules import BARN, COIN, MONEY, Rules

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec

R = Rules()
FLAMINGO, CAMEL, LEOPARD, ELEPHANT, PANDA = 0, 1, 2, 3, 4  # in play with any player count by default


def stall(kind):
    return 64 + kind


def fresh(players=3, **changes) -> State:
    return State.empty(replace(R, **changes), players)


def take(state, truck, *placements):
    apply_turn(state, (TAKE, truck, 0, 0), placements=list(placements))


def new_events(state, before):
    return state.events[before:]


# --- 1. components and setup ---------------------------------------------------------------------------

@pytest.mark.parametrize("players, main, removed, capacities", [
    (2, 64, 3, [3, 2, 1]), (3, 75, 2, [3, 3, 3]), (4, 86, 1, [3, 3, 3, 3]), (5, 97, 0, [3, 3, 3, 3, 3]),
])
def test_setup_counts_per_player_count(players, main, removed, capacities):
    state = setup(R, players, PyRng(11, 3))
    assert len(state.main) == main and len(state.end) == 15
    assert len(state.removed_species) == removed
    assert [t.capacity for t in state.trucks] == capacities
    assert state.bank == 30 - 2 * players and all(z.coins == 2 for z in state.zoos)
    kept = [s for s in range(8) if s not in state.removed_species]
    tiles = state.main + state.end
    for s in kept:
        assert sorted(c for c in tiles if c // 4 == s and c < 64) == [4 * s] * 7 + [4 * s + 1] * 2 + [4 * s + 2] * 2
    assert sorted(c for c in tiles if c >= 64) == [64] * 3 + [65] * 3 + [66] * 3 + [67] * 3 + [80] * 12
    assert all(state.supply[s] == (0 if s in state.removed_species else 2) for s in range(8))
    check_invariants(state)


def test_setup_consumes_the_stream_as_the_protocol_says():
    rng = PyRng(5, 9)
    state = setup(R, 2, rng)
    expected = PyRng(5, 9)
    assert state.removed_species == removed_species(expected, 8, 3)
    for _ in range(79 - 1):  # the shuffle of 79 tiles: 78 draws
        expected.next_u64()
    assert rng.s == expected.s


def test_setup_shuffle_is_fisher_yates_from_the_top():
    state = setup(R, 5, PyRng(1, 1))  # no species removed: no draws before the shuffle
    tiles = State.empty(R, 5).main + State.empty(R, 5).end
    rng = PyRng(1, 1)
    for i in range(len(tiles) - 1, 0, -1):
        j = rng.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    assert state.main == tiles[:97] and state.end == tiles[97:]


# --- 3. a round ----------------------------------------------------------------------------------------

def test_draw_from_main_then_end_stack():
    state = fresh(3)
    state.main, state.end = [plain(CAMEL)], [stall(1), COIN]
    apply_turn(state, (DRAW,), truck=0)
    apply_turn(state, (DRAW,), truck=1)
    assert state.events[0] == (DRAW, 0, plain(CAMEL), 0, 0, 0)
    assert state.events[1] == (DRAW, 1, stall(1), 1, 1, 0)
    assert state.main == [] and state.end == [COIN]


def test_draw_needs_an_untaken_truck_with_a_free_space():
    state = fresh(3)
    for t in range(3):
        put_on_truck(state, t, plain(t), plain(t), plain(t))
    assert (DRAW, 0, 0, 0) not in legal_turn_options(state, 0)
    with pytest.raises(IllegalMove, match="cannot draw"):
        apply_turn(state, (DRAW,), truck=0)


@pytest.mark.parametrize("players, capacities", [(2, [3, 2, 1]), (3, [3, 3, 3]), (4, [3] * 4), (5, [3] * 5)])
def test_truck_capacities(players, capacities):
    state = fresh(players)
    for t, cap in enumerate(capacities):
        put_on_truck(state, t, *[plain(t)] * (cap - 1))
        apply_turn(state, (DRAW,), truck=t)  # the last free space can be loaded
        with pytest.raises(IllegalMove):
            apply_turn(state, (DRAW,), truck=t)
    assert [len(truck.tiles) for truck in state.trucks] == capacities


def test_cannot_take_an_empty_truck():
    state = fresh(3)
    put_on_truck(state, 1, plain(CAMEL))
    assert [o for o in legal_turn_options(state, 0) if o[0] == TAKE] == [(TAKE, 1, 0, 0)]
    with pytest.raises(IllegalMove, match="truck 0 is empty"):
        take(state, 0)


def test_taking_a_truck_sits_the_player_out():
    state = fresh(3)
    put_on_truck(state, 0, plain(CAMEL))
    take(state, 0, (plain(CAMEL), BARN))
    assert state.current == 1 and legal_turn_options(state, 0) == []
    apply_turn(state, (DRAW,), truck=1)
    apply_turn(state, (DRAW,), truck=2)
    assert state.current == 1  # seat 0 is skipped


def test_a_player_left_alone_keeps_going():
    state = fresh(3)
    put_on_truck(state, 0, plain(CAMEL))
    put_on_truck(state, 1, plain(CAMEL))
    take(state, 0, (plain(CAMEL), BARN))
    take(state, 1, (plain(CAMEL), BARN))
    assert state.current == 2
    apply_turn(state, (DRAW,), truck=2)
    apply_turn(state, (DRAW,), truck=2)
    assert state.current == 2 and state.round == 1


def test_the_last_truck_taker_starts_the_next_round():
    state = fresh(3)
    apply_turn(state, (DRAW,), truck=0)  # seat 0
    for t in range(3):
        put_on_truck(state, t, plain(CAMEL))
    take(state, 1, (plain(CAMEL), BARN))  # seat 1
    take(state, 2, (plain(CAMEL), BARN))  # seat 2
    tiles = [(c, BARN) for c in state.trucks[0].tiles]
    take(state, 0, *tiles)  # seat 0 takes the last truck
    assert state.round == 2 and state.current == 0
    assert all(t.taken_by is None and t.tiles == [] for t in state.trucks)
    assert not any(z.has_truck for z in state.zoos)
    state2 = fresh(3)
    for t in range(3):
        put_on_truck(state2, t, plain(CAMEL))
    take(state2, 2, (plain(CAMEL), BARN))  # seat 0
    take(state2, 0, (plain(CAMEL), BARN))  # seat 1
    take(state2, 1, (plain(CAMEL), BARN))  # seat 2 last
    assert state2.current == 2 and state2.events[-1] == (ROUND_END, 2, 1, 0, 0, 0)


def test_two_players_leftover_tiles_leave_the_game():
    state = fresh(2)
    put_on_truck(state, 0, plain(CAMEL))
    put_on_truck(state, 1, plain(PANDA))
    put_on_truck(state, 2, stall(3))
    take(state, 0, (plain(CAMEL), BARN))
    take(state, 1, (plain(PANDA), BARN))
    assert state.round == 2 and state.out_of_game == [stall(3)]
    assert state.events[-1] == (ROUND_END, 1, 1, 1, 0, 0)
    assert state.trucks[2].tiles == []
    check_invariants(state)


# --- 4. placing tiles ----------------------------------------------------------------------------------

def test_one_species_per_enclosure():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(CAMEL))
    put_on_truck(state, 0, plain(PANDA))
    with pytest.raises(IllegalMove, match="cannot go to enclosure 0"):
        take(state, 0, (plain(PANDA), 0))
    take(state, 0, (plain(PANDA), 1))
    assert state.zoos[0].enclosures[1].animals == [plain(PANDA)]


def test_the_same_species_may_fill_several_enclosures_and_the_barn_is_always_allowed():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(CAMEL)] * 5)
    put_in_zoo(state, 0, 1, *[plain(PANDA)] * 4)
    put_in_zoo(state, 0, 2, *[plain(ELEPHANT)] * 5)
    put_on_truck(state, 0, plain(FLAMINGO), plain(ELEPHANT))
    take(state, 0, (plain(FLAMINGO), BARN), (plain(ELEPHANT), 2))
    assert state.zoos[0].barn[plain(FLAMINGO)] == 1 and len(state.zoos[0].enclosures[2].animals) == 6
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(CAMEL))
    put_on_truck(state, 0, plain(CAMEL))
    take(state, 0, (plain(CAMEL), 2))  # a second camel enclosure
    assert state.zoos[0].enclosures[2].species == CAMEL


def test_stalls_go_to_any_enclosures_free_stall_space():
    state = fresh(3)
    put_in_zoo(state, 0, 0, stall(0))  # E1's only stall space
    put_on_truck(state, 0, stall(0), stall(0), stall(1))
    with pytest.raises(IllegalMove, match="cannot go to enclosure 0"):
        take(state, 0, (stall(0), 0), (stall(0), 1), (stall(1), 2))
    state = fresh(3)
    put_in_zoo(state, 0, 0, stall(0))
    put_on_truck(state, 0, stall(0), stall(0), stall(1))
    take(state, 0, (stall(0), 1), (stall(0), 1), (stall(1), 2))  # duplicates allowed, E2 has two
    assert [e.stalls for e in state.zoos[0].enclosures] == [[0], [0, 0], [1]]


def test_coin_tiles_become_money():
    state = fresh(3)
    put_on_truck(state, 0, COIN, COIN)
    take(state, 0, (COIN, MONEY), (COIN, MONEY))
    assert state.zoos[0].coins == 4 and state.bank == 24 and state.coin_tiles_cashed == 2
    assert state.events[-2:] == [(PLACE, 0, COIN, MONEY, 0, 0)] * 2
    check_invariants(state)


def test_fill_coins_every_time_an_enclosure_is_filled():
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 1, *[plain(CAMEL)] * 3)  # E2: 4 spaces, 1 fill coin
    put_in_zoo(state, 0, BARN, *[plain(PANDA)] * 3)
    put_on_truck(state, 0, plain(CAMEL))
    put_on_truck(state, 1, plain(LEOPARD))
    put_on_truck(state, 2, plain(LEOPARD))
    take(state, 0, (plain(CAMEL), 1))  # round 1, seat 0 fills E2: +1
    take(state, 1, (plain(LEOPARD), BARN))
    take(state, 2, (plain(LEOPARD), BARN))  # seat 2 starts round 2
    put_on_truck(state, 0, plain(PANDA))
    put_on_truck(state, 2, plain(LEOPARD))
    put_on_truck(state, 1, plain(LEOPARD))
    take(state, 2, (plain(LEOPARD), BARN))
    apply_turn(state, (EXCHANGE, 1, 100 + PANDA))  # seat 0: 4 camels out, 3 pandas in: -1, no fill
    take(state, 1, (plain(LEOPARD), BARN))
    take(state, 0, (plain(PANDA), 1))  # E2 filled a second time: +1 again
    assert [e for e in state.events if e[0] == FILL] == [(FILL, 0, 1, 1, 0, 0)] * 2
    assert zoo.coins == 2 + 1 - 1 + 1 and zoo.enclosures[1].animals == [plain(PANDA)] * 4
    check_invariants(state)


def test_fill_coins_from_a_finite_bank():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(CAMEL)] * 4)
    put_on_truck(state, 0, plain(CAMEL))
    state.zoos[1].coins += state.bank - 1  # the bank keeps 1 coin
    state.bank = 1
    take(state, 0, (plain(CAMEL), 0))  # E1 pays 2, the bank has 1
    assert state.zoos[0].coins == 3 and state.bank == 0
    assert state.events[-1] == (FILL, 0, 0, 1, 0, 0)
    check_invariants(state)


def test_births_happen_after_each_placement_and_may_take_a_space_a_later_tile_wanted():
    state = fresh(3)
    put_in_zoo(state, 0, 1, male(CAMEL), plain(CAMEL))  # E2: 4 spaces
    put_on_truck(state, 0, female(CAMEL), plain(CAMEL))
    with pytest.raises(IllegalMove, match="cannot go to enclosure 1"):
        take(state, 0, (female(CAMEL), 1), (plain(CAMEL), 1))  # the baby took the last space


# --- 5. money actions ----------------------------------------------------------------------------------

def test_move_from_the_barn_to_a_legal_place_costs_one():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(CAMEL))
    put_in_zoo(state, 0, BARN, plain(PANDA), stall(2))
    moves = [o for o in legal_turn_options(state, 0) if o[0] == MOVE]
    assert moves == [(MOVE, plain(PANDA), BARN, 1), (MOVE, plain(PANDA), BARN, 2),
                     (MOVE, stall(2), BARN, 0), (MOVE, stall(2), BARN, 1), (MOVE, stall(2), BARN, 2)]
    apply_turn(state, (MOVE, plain(PANDA), BARN, 2))
    assert state.zoos[0].enclosures[2].animals == [plain(PANDA)] and state.zoos[0].coins == 1
    assert state.bank == 25 and state.events[-1] == (MOVE, 0, plain(PANDA), BARN, 2, 0)
    state.current = 0
    apply_turn(state, (MOVE, stall(2), BARN, 1))
    assert state.zoos[0].enclosures[1].stalls == [2] and state.zoos[0].coins == 0
    state.current = 0
    assert [o for o in legal_turn_options(state, 0) if o[0] == MOVE] == []  # no coin left
    check_invariants(state)


def test_move_cannot_put_an_animal_into_another_species_enclosure():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(CAMEL))
    put_in_zoo(state, 0, BARN, plain(PANDA))
    with pytest.raises(IllegalMove, match="cannot take"):
        apply_turn(state, (MOVE, plain(PANDA), BARN, 0))
    with pytest.raises(IllegalMove):
        apply_turn(state, (MOVE, plain(CAMEL), 0, 1))  # animals never leave an enclosure


def test_move_a_stall_to_another_enclosures_stall_space():
    state = fresh(3)
    put_in_zoo(state, 0, 0, stall(1))
    put_in_zoo(state, 0, 2, stall(3))
    moves = [o for o in legal_turn_options(state, 0) if o[0] == MOVE]
    assert moves == [(MOVE, stall(1), 0, 1), (MOVE, stall(3), 2, 1)]  # E3's only space is taken
    apply_turn(state, (MOVE, stall(1), 0, 1))
    assert [e.stalls for e in state.zoos[0].enclosures] == [[], [1], [3]]


def test_move_stall_to_barn_parameter():
    state = fresh(3)
    put_in_zoo(state, 0, 0, stall(1))
    assert (MOVE, stall(1), 0, BARN) not in legal_turn_options(state, 0)
    with pytest.raises(IllegalMove, match="move_stall_to_barn"):
        apply_turn(state, (MOVE, stall(1), 0, BARN))
    state = fresh(3, move_stall_to_barn=True)
    put_in_zoo(state, 0, 0, stall(1))
    assert (MOVE, stall(1), 0, BARN) in legal_turn_options(state, 0)
    apply_turn(state, (MOVE, stall(1), 0, BARN))
    assert state.zoos[0].barn[stall(1)] == 1 and state.zoos[0].enclosures[0].stalls == []


def test_exchange_two_enclosures():
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 0, *[plain(CAMEL)] * 4, stall(0))  # E1: 5 spaces
    put_in_zoo(state, 0, 2, *[plain(PANDA)] * 5)  # E3: 6 spaces
    exchanges = [o for o in legal_turn_options(state, 0) if o[0] == EXCHANGE]
    assert exchanges == [(EXCHANGE, 0, 2, 0)]  # E2 is empty; camels and pandas fit each other
    apply_turn(state, (EXCHANGE, 0, 2, 0))
    assert zoo.enclosures[0].animals == [plain(PANDA)] * 5 and zoo.enclosures[2].animals == [plain(CAMEL)] * 4
    assert zoo.enclosures[0].stalls == [0] and zoo.coins == 1  # stalls stay; E1 filled but no fill coins
    assert state.events == [(EXCHANGE, 0, 0, 2, 0, 0)]


def test_exchange_restrictions():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(CAMEL)] * 2)
    put_in_zoo(state, 0, 1, *[plain(CAMEL)] * 1)
    put_in_zoo(state, 0, 2, *[plain(PANDA)] * 6)
    with pytest.raises(IllegalMove, match="same species"):
        apply_turn(state, (EXCHANGE, 0, 1, 0))
    with pytest.raises(IllegalMove, match="does not fit"):
        apply_turn(state, (EXCHANGE, 0, 2, 0))  # 6 pandas into E1 (5 spaces)
    assert [o for o in legal_turn_options(state, 0) if o[0] == EXCHANGE] == []
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(CAMEL))
    put_in_zoo(state, 0, 1, plain(PANDA))
    assert (EXCHANGE, 0, 1, 0) in legal_turn_options(state, 0)
    set_coins(state, 0, 0)
    assert legal_turn_options(state, 0) == [(DRAW, 0, 0, 0)]
    with pytest.raises(IllegalMove, match="costs 1"):
        apply_turn(state, (EXCHANGE, 0, 1, 0))


def test_exchange_into_empty_parameter():
    for into_empty, legal in ((False, []), (True, [(EXCHANGE, 0, 1, 0), (EXCHANGE, 1, 2, 0)])):
        state = fresh(3, exchange_into_empty=into_empty)
        put_in_zoo(state, 0, 1, *[plain(CAMEL)] * 3)
        assert [o for o in legal_turn_options(state, 0) if o[0] == EXCHANGE] == legal
    state = fresh(3, exchange_into_empty=True)
    put_in_zoo(state, 0, BARN, plain(PANDA), male(PANDA))
    assert [o for o in legal_turn_options(state, 0) if o[0] == EXCHANGE] == [
        (EXCHANGE, 0, 100 + PANDA, 0), (EXCHANGE, 1, 100 + PANDA, 0), (EXCHANGE, 2, 100 + PANDA, 0)]
    with pytest.raises(IllegalMove, match="both enclosures are empty"):
        apply_turn(state, (EXCHANGE, 0, 1, 0))


def test_exchange_with_a_barn_species():
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 1, *[plain(CAMEL)] * 3)
    put_in_zoo(state, 0, BARN, plain(PANDA), male(PANDA), plain(ELEPHANT), stall(0))
    exchanges = [o for o in legal_turn_options(state, 0) if o[0] == EXCHANGE]
    assert exchanges == [(EXCHANGE, 1, 100 + ELEPHANT, 0), (EXCHANGE, 1, 100 + PANDA, 0)]
    apply_turn(state, (EXCHANGE, 1, 100 + PANDA, 0))
    assert sorted(zoo.enclosures[1].animals) == [plain(PANDA), male(PANDA)]
    assert zoo.barn == {plain(CAMEL): 3, plain(ELEPHANT): 1, stall(0): 1}
    check_invariants(state)


def test_purchase_pays_the_bank_and_the_seller_who_may_have_passed():
    state = fresh(3)
    put_on_truck(state, 0, plain(PANDA))
    put_in_zoo(state, 0, BARN, male(CAMEL))
    put_in_zoo(state, 1, 0, female(CAMEL))
    take(state, 0, (plain(PANDA), BARN))  # seat 0 passes
    apply_turn(state, (PURCHASE, 0, male(CAMEL), 0))  # seat 1 buys seat 0's camel into E1
    assert state.zoos[0].coins == 3 and state.zoos[1].coins == 0 and state.bank == 25
    assert state.events[-2:] == [(PURCHASE, 1, 0, male(CAMEL), 0, 0), (BIRTH, 1, CAMEL, 0, 0, 0)]
    assert state.zoos[0].barn == {plain(PANDA): 1} and state.zoos[1].offspring_born == 1
    check_invariants(state)


def test_purchase_options_and_cost():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(CAMEL))
    put_in_zoo(state, 2, BARN, plain(PANDA), stall(1))
    purchases = [o for o in legal_turn_options(state, 0) if o[0] == PURCHASE]
    assert purchases == [(PURCHASE, 2, plain(PANDA), 1), (PURCHASE, 2, plain(PANDA), 2),
                         (PURCHASE, 2, plain(PANDA), BARN), (PURCHASE, 2, stall(1), 0),
                         (PURCHASE, 2, stall(1), 1), (PURCHASE, 2, stall(1), 2), (PURCHASE, 2, stall(1), BARN)]
    apply_turn(state, (PURCHASE, 2, stall(1), BARN))  # into the buyer's own barn
    assert state.zoos[0].barn == {stall(1): 1}
    set_coins(state, 1, 1)
    put_in_zoo(state, 0, BARN, plain(FLAMINGO))
    assert [o for o in legal_turn_options(state, 1) if o[0] == PURCHASE] == []  # needs 2 coins


def test_purchase_that_fills_pays_fill_coins_after_the_price():
    state = fresh(3)
    put_in_zoo(state, 0, 1, *[plain(CAMEL)] * 3)
    put_in_zoo(state, 1, BARN, plain(CAMEL))
    state.zoos[2].coins += state.bank
    state.bank = 0
    apply_turn(state, (PURCHASE, 1, plain(CAMEL), 1))  # the bank gets 1, then E2 pays its 1 back
    assert state.zoos[0].coins == 1 and state.zoos[1].coins == 3 and state.bank == 0
    assert state.events[-1] == (FILL, 0, 1, 1, 0, 0)


def test_discard_costs_two_and_removes_a_barn_tile_from_the_game():
    state = fresh(3)
    put_in_zoo(state, 0, BARN, plain(PANDA), plain(PANDA), stall(2))
    assert [o for o in legal_turn_options(state, 0) if o[0] == DISCARD] == [
        (DISCARD, plain(PANDA), 0, 0), (DISCARD, stall(2), 0, 0)]
    apply_turn(state, (DISCARD, stall(2)))
    assert state.zoos[0].barn == {plain(PANDA): 2} and state.out_of_game == [stall(2)]
    assert state.zoos[0].coins == 0 and state.bank == 26
    state.current = 0
    with pytest.raises(IllegalMove, match="Discard costs 2"):
        apply_turn(state, (DISCARD, plain(PANDA)))
    check_invariants(state)


@pytest.mark.parametrize("players, limit", [(2, 2), (3, 1), (5, 1)])
def test_expand_costs_three_with_a_limit(players, limit):
    state = fresh(players)
    set_coins(state, 0, 10)
    for k in range(limit):
        state.current = 0
        assert (EXPAND, 3 + k, 0, 0) in legal_turn_options(state, 0)
        apply_turn(state, (EXPAND, 3 + k))
    zoo = state.zoos[0]
    assert zoo.coins == 10 - 3 * limit and len(zoo.enclosures) == 3 + limit
    assert (zoo.enclosures[3].spaces, zoo.enclosures[3].stall_spaces, zoo.enclosures[3].fill_coins) == (5, 1, 1)
    state.current = 0
    assert not any(o[0] == EXPAND for o in legal_turn_options(state, 0))
    with pytest.raises(IllegalMove, match="already has"):
        apply_turn(state, (EXPAND, 3 + limit))


def test_money_actions_only_before_taking_a_truck():
    state = fresh(3)
    set_coins(state, 0, 10)
    put_on_truck(state, 0, plain(PANDA))
    take(state, 0, (plain(PANDA), BARN))
    assert legal_turn_options(state, 0) == []
    assert any(o[0] == PURCHASE for o in legal_turn_options(state, 1))


# --- 6. breeding ---------------------------------------------------------------------------------------

def test_each_fertile_adult_breeds_once_and_a_third_waits():
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 2, male(CAMEL))
    put_on_truck(state, 0, female(CAMEL), male(CAMEL), female(CAMEL))
    take(state, 0, (female(CAMEL), 2), (male(CAMEL), 2), (female(CAMEL), BARN))
    assert sorted(zoo.enclosures[2].animals) == [plain(CAMEL), plain(CAMEL), male(CAMEL), baby(CAMEL)]
    assert zoo.offspring_born == 1 and state.supply[CAMEL] == 1  # the second male waits
    births = [e for e in state.events if e[0] == BIRTH]
    assert births == [(BIRTH, 0, CAMEL, 2, 2, 0)]


def test_third_fertile_animal_breeds_with_its_own_partner():
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 2, plain(CAMEL), plain(CAMEL), male(CAMEL), baby(CAMEL))  # one pair has bred
    put_on_truck(state, 0, female(CAMEL))
    take(state, 0, (female(CAMEL), 2))
    assert sorted(zoo.enclosures[2].animals) == [plain(CAMEL)] * 4 + [baby(CAMEL)] * 2
    assert state.supply[CAMEL] == 0 and state.events[-1] == (FILL, 0, 2, 0, 0, 0)  # E3 pays 0
    check_invariants(state)


def test_an_exchange_bringing_two_pairs_makes_two_offspring_without_fill_coins():
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 2, plain(PANDA))
    put_in_zoo(state, 0, BARN, male(CAMEL), male(CAMEL), female(CAMEL), female(CAMEL))
    apply_turn(state, (EXCHANGE, 2, 100 + CAMEL))
    assert sorted(zoo.enclosures[2].animals) == [plain(CAMEL)] * 4 + [baby(CAMEL)] * 2  # full, E3
    assert state.events == [(EXCHANGE, 0, 2, 100 + CAMEL, 0, 0), (BIRTH, 0, CAMEL, 2, 2, 0),
                            (BIRTH, 0, CAMEL, 2, 2, 0)]
    check_invariants(state)


def test_offspring_goes_to_the_barn_when_the_enclosure_is_full():
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 1, male(CAMEL), plain(CAMEL), plain(CAMEL))  # E2: 4 spaces
    put_on_truck(state, 0, female(CAMEL))
    take(state, 0, (female(CAMEL), 1))
    assert state.events[-3:] == [(PLACE, 0, female(CAMEL), 1, 0, 0), (FILL, 0, 1, 1, 0, 0),
                                 (BIRTH, 0, CAMEL, 1, BARN, 0)]
    assert zoo.barn == {baby(CAMEL): 1} and zoo.coins == 3


def test_nothing_breeds_in_the_barn():
    state = fresh(3)
    put_on_truck(state, 0, male(CAMEL), female(CAMEL))
    take(state, 0, (male(CAMEL), BARN), (female(CAMEL), BARN))
    assert state.supply[CAMEL] == 2 and not any(e[0] == BIRTH for e in state.events)


def test_offspring_never_breed():
    state = fresh(3)
    put_in_zoo(state, 0, 2, baby(CAMEL))  # its parents are used (helper)
    put_on_truck(state, 0, male(CAMEL), plain(CAMEL))
    take(state, 0, (male(CAMEL), 2), (plain(CAMEL), 2))
    assert state.supply[CAMEL] == 1 and not any(e[0] == BIRTH for e in state.events)
    check_invariants(state)


def test_a_birth_taking_the_last_space_pays_fill_coins():
    state = fresh(3)
    put_in_zoo(state, 0, 1, male(CAMEL), plain(CAMEL))  # E2: 4 spaces, fill coins 1
    put_on_truck(state, 0, female(CAMEL))
    take(state, 0, (female(CAMEL), 1))
    assert state.events[-3:] == [(PLACE, 0, female(CAMEL), 1, 0, 0), (BIRTH, 0, CAMEL, 1, 1, 0),
                                 (FILL, 0, 1, 1, 0, 0)]
    assert state.zoos[0].coins == 3


def test_an_empty_supply_means_no_birth_and_the_adults_stay_fertile():
    state = fresh(3, offspring_per_species=1)
    put_in_zoo(state, 0, 2, baby(CAMEL), male(CAMEL))
    put_on_truck(state, 0, female(CAMEL))
    take(state, 0, (female(CAMEL), 2))
    assert female(CAMEL) in state.zoos[0].enclosures[2].animals and male(CAMEL) in state.zoos[0].enclosures[2].animals
    assert not any(e[0] == BIRTH for e in state.events)
    check_invariants(state)


def test_move_into_an_enclosure_breeds():
    state = fresh(3)
    put_in_zoo(state, 0, 0, female(PANDA))
    put_in_zoo(state, 0, BARN, male(PANDA))
    apply_turn(state, (MOVE, male(PANDA), BARN, 0))
    assert state.events == [(MOVE, 0, male(PANDA), BARN, 0, 0), (BIRTH, 0, PANDA, 0, 0, 0)]


# --- 7. end and scoring --------------------------------------------------------------------------------

def _play_out(state):
    """Every player takes a truck with a tile (loaded by hand) until the round is over."""
    for t in range(len(state.trucks)):
        if not state.trucks[t].tiles and state.trucks[t].taken_by is None:
            state.trucks[t].tiles.append(state.main.pop() if state.main else state.end.pop())
    while not all(z.has_truck for z in state.zoos):
        t = next(t for t, tr in enumerate(state.trucks) if tr.taken_by is None and tr.tiles)
        take(state, t, *[(c, MONEY if c == COIN else BARN) for c in state.trucks[t].tiles])


def test_end_trigger_first_end_draw():
    state = fresh(3)
    state.out_of_game += state.main[2:]  # a short main stack for this test
    state.main = state.main[:2]
    apply_turn(state, (DRAW,), truck=0)
    apply_turn(state, (DRAW,), truck=0)  # the last main tile: not the trigger by default
    assert not state.last_round
    apply_turn(state, (DRAW,), truck=1)  # first end-stack tile
    assert state.last_round and state.events[-1] == (LAST_ROUND, 2, 1, 0, 0, 0)
    assert state.events[-2][0] == DRAW and state.events[-2][4] == 1
    _play_out(state)
    assert state.game_over and state.round == 1 and len(state.end) == 13  # one drawn, one loaded by hand
    check_invariants(state)


def test_end_trigger_main_empty():
    state = fresh(3, end_trigger="main_empty")
    state.out_of_game += state.main[1:]
    state.main = state.main[:1]
    apply_turn(state, (DRAW,), truck=0)  # the last main-stack tile
    assert state.last_round and state.events[-1] == (LAST_ROUND, 0, 1, 0, 0, 0)
    _play_out(state)
    assert state.game_over and state.round == 1
    check_invariants(state)


def test_the_game_ends_when_both_stacks_are_empty_and_a_stuck_player_takes_an_empty_truck():
    state = fresh(3, end_stack=0)
    state.out_of_game += state.main[1:]
    state.main = state.main[:1]  # no end stack: the trigger never fires
    apply_turn(state, (DRAW,), truck=0)  # seat 0
    take(state, 0, (state.trucks[0].tiles[0], 0))  # seat 1, into E1: nothing for sale
    assert legal_turn_options(state, 2) == []  # seat 2: nothing to draw, no truck with a tile, 2 coins
    rng = PyRng(0, 0)
    before = list(rng.s)
    uniform_turn(state, rng)  # takes the lowest empty truck, no random draw
    assert state.events[-1] == (TAKE, 2, 1, 0, 0, 0) and rng.s == before and state.current == 0
    random_turn(state, rng)  # seat 0 as well
    assert state.events[-2:] == [(TAKE, 0, 2, 0, 0, 0), (ROUND_END, 0, 1, 0, 0, 0)]
    assert state.game_over and rng.s == before
    check_invariants(state)


def test_score_rows():
    rules = R
    zoo = Zoo.new(rules)
    e1, e2, e3 = zoo.enclosures
    e1.animals = [plain(CAMEL)] * 5  # full: 8
    e2.animals = [plain(PANDA)] * 3  # one empty: 4
    e3.animals = [plain(ELEPHANT)] * 4  # two empty, no own stall: 0
    e1.stalls = [0]
    assert score_player(rules, zoo) == {
        "full_enclosure_points": 8, "one_short_points": 4, "partial_points": 0, "stall_points": 2,
        "barn_animal_penalty": 0, "barn_stall_penalty": 0, "total": 14}
    e3.stalls = [0]  # now E3's own stall space holds a stall: 1 per animal
    assert score_player(rules, zoo)["partial_points"] == 4 and score_player(rules, zoo)["stall_points"] == 2
    e2.animals = []  # an empty enclosure scores nothing, even with a stall
    e2.stalls = [1, 1]
    parts = score_player(rules, zoo)
    assert parts["one_short_points"] == 0 and parts["partial_points"] == 4 and parts["stall_points"] == 4


def test_stall_points_count_different_kinds():
    zoo = Zoo.new(R)
    zoo.enclosures[0].stalls = [2]
    zoo.enclosures[1].stalls = [2, 2]
    zoo.enclosures[2].stalls = [3]
    assert score_player(R, zoo)["stall_points"] == 4


def test_barn_penalties_per_different_species_and_stall_kind():
    zoo = Zoo.new(R)
    zoo.barn.update({plain(PANDA): 2, baby(PANDA): 1, male(CAMEL): 1, stall(0): 2, stall(3): 1})
    parts = score_player(R, zoo)
    assert parts["barn_animal_penalty"] == -4 and parts["barn_stall_penalty"] == -4 and parts["total"] == -8
    zoo.barn = type(zoo.barn)({baby(FLAMINGO): 1})  # an offspring counts as its species
    assert score_player(R, zoo)["barn_animal_penalty"] == -2


def test_worked_example_scores_14():
    zoo = Zoo.new(R)
    ZEBRA, KANGAROO = 6, 7
    zoo.enclosures[0].animals = [plain(ZEBRA)] * 5
    zoo.enclosures[1].animals = [plain(CAMEL)] * 2
    zoo.enclosures[1].stalls = [0, 1]
    zoo.enclosures[2].animals = [plain(ELEPHANT)] * 5
    zoo.barn.update({plain(PANDA): 1, plain(KANGAROO): 2, stall(0): 1})
    assert score_player(R, zoo) == {
        "full_enclosure_points": 8, "one_short_points": 6, "partial_points": 2, "stall_points": 4,
        "barn_animal_penalty": -4, "barn_stall_penalty": -2, "total": 14}


def test_tie_break_by_coins_then_shared():
    assert ranks_and_shares([10, 10, 8], [3, 5, 9]) == ([2, 1, 3], [0.0, 1.0, 0.0])
    assert ranks_and_shares([10, 10, 8], [5, 5, 9]) == ([1, 1, 3], [0.5, 0.5, 0.0])
    assert ranks_and_shares([1, 7, 7, 7], [0, 2, 2, 2]) == ([4, 1, 1, 1], [0.0, 1 / 3, 1 / 3, 1 / 3])


@pytest.mark.parametrize("players, best", [(2, 49), (3, 40), (5, 40)])
def test_score_bounds(players, best):
    assert R.max_score(players) == best and R.min_score(players) == -24
    zoo = Zoo.new(R)
    for k in range(R.expansion_limit(players)):
        zoo.enclosures.append(expansion_enclosure(R))
    for s, enc in enumerate(zoo.enclosures):
        enc.animals = [plain(s)] * enc.spaces
    zoo.enclosures[0].stalls, zoo.enclosures[1].stalls, zoo.enclosures[2].stalls = [0], [1, 2], [3]
    assert score_player(R, zoo)["total"] == best
    worst = Zoo.new(R)
    worst.barn.update({plain(s): 1 for s in range(8)} | {stall(k): 1 for k in range(4)})
    assert score_player(R, worst)["total"] == -24


# --- 11. the policies' random draws (PROTOCOL 7-8) -----------------------------------------------------

def test_uniform_draws_coin_then_truck_when_both_are_possible():
    state = fresh(3)
    put_on_truck(state, 1, plain(CAMEL))
    rng = PyRng(3, 4)
    mirror = copy.deepcopy(rng)
    draw = mirror.below(2) == 0
    expected_truck = [0, 1, 2][mirror.below(3)] if draw else None
    top = state.main[0]
    uniform_turn(state, rng)
    if draw:
        assert state.events[-1] == (DRAW, 0, top, expected_truck, 0, 0)
    else:  # took truck 1 (the only one with a tile): T[below(1)], then the camel's destination
        options = [0, 1, 2, BARN]
        mirror.below(1)
        assert state.events[-1] == (PLACE, 0, plain(CAMEL), options[mirror.below(4)], 0, 0)
    assert rng.s == mirror.s


def test_uniform_takes_and_places_in_loading_order_without_a_draw_for_coins():
    state = fresh(3)
    for t in range(3):
        put_on_truck(state, t, plain(CAMEL), COIN, stall(0))
    rng = PyRng(8, 2)
    mirror = copy.deepcopy(rng)
    uniform_turn(state, rng)  # D is empty: take, no coin flip
    t = [0, 1, 2][mirror.below(3)]
    camel_dest = [0, 1, 2, BARN][mirror.below(4)]
    stall_dest = [0, 1, 2, BARN][mirror.below(4)]
    assert state.events == [(TAKE, 0, t, 0, 0, 0), (PLACE, 0, plain(CAMEL), camel_dest, 0, 0),
                            (PLACE, 0, COIN, MONEY, 0, 0), (PLACE, 0, stall(0), stall_dest, 0, 0)]
    assert rng.s == mirror.s


def test_random_plays_an_option_of_the_canonical_list():
    state = fresh(3)
    put_in_zoo(state, 0, BARN, plain(PANDA))
    put_on_truck(state, 2, plain(CAMEL))
    options = legal_turn_options(state, 0)
    assert options[:2] == [(DRAW, 0, 0, 0), (TAKE, 2, 0, 0)]
    assert options[2:] == [(MOVE, plain(PANDA), BARN, 0), (MOVE, plain(PANDA), BARN, 1),
                           (MOVE, plain(PANDA), BARN, 2), (DISCARD, plain(PANDA), 0, 0)]
    for seed in range(6):
        s = copy.deepcopy(state)
        rng = PyRng(seed, 0)
        k = copy.deepcopy(rng).below(len(options))
        random_turn(s, rng)
        assert s.events[0][0] == options[k][0] and (options[k][0] in (DRAW, TAKE) or s.events[0][2:5] == options[k][1:])


# --- replay ---------------------------------------------------------------------------------------------

def test_replay_reproduces_a_game_and_refuses_altered_decisions():
    record = play_game(R, 3, ["random", "uniform", "random"], 12, 5)
    again = replay_decisions(R, 3, 12, 5, record.events)
    assert again == record
    events = list(record.events)
    i = next(k for k, e in enumerate(events) if e[0] == DRAW)
    bad = events[:i] + [(DRAW, events[i][1], (events[i][2] + 1) % 81, *events[i][3:])] + events[i + 1:]
    with pytest.raises(IllegalMove, match="the stack gives tile"):
        replay_decisions(R, 3, 12, 5, bad)
    bad = events[:i] + [(DRAW, (events[i][1] + 1) % 3, *events[i][2:])] + events[i + 1:]
    with pytest.raises(IllegalMove, match="is on turn"):
        replay_decisions(R, 3, 12, 5, bad)
    with pytest.raises(IllegalMove, match="the events end"):
        replay_decisions(R, 3, 12, 5, events[: len(events) // 2])
    j = next(k for k, e in enumerate(events) if e[0] == PLACE and e[3] == BARN and e[2] < 64)
    bad = events[:j] + [(PLACE, events[j][1], events[j][2], 7, 0, 0)] + events[j + 1:]  # no enclosure 7
    with pytest.raises(IllegalMove, match="cannot go to enclosure 7"):
        replay_decisions(R, 3, 12, 5, bad)


# --- the money actions at their bounds, their rows and counts (spec 5, PROTOCOL 8) --------------------

def test_every_index_past_the_end_is_refused_as_an_illegal_move():
    state = fresh(3)
    set_coins(state, 0, 10)
    put_in_zoo(state, 0, 0, plain(CAMEL), stall(0))
    put_in_zoo(state, 0, 1, plain(PANDA))
    put_in_zoo(state, 0, BARN, plain(CAMEL))
    put_in_zoo(state, 1, BARN, plain(CAMEL))
    for option in [(TAKE, 3, 0, 0), (EXCHANGE, 3, 4, 0), (EXCHANGE, 0, 3, 0), (EXCHANGE, 3, 100 + CAMEL, 0),
                   (MOVE, plain(CAMEL), BARN, 3), (MOVE, stall(0), 3, 1), (MOVE, stall(0), 0, 3),
                   (PURCHASE, 3, plain(CAMEL), 0), (EXPAND, 5, 0, 0)]:
        with pytest.raises(IllegalMove):
            apply_turn(state, option, placements=[])
    assert state.events == [] and state.zoos[0].coins == 10


def test_exchange_with_the_barns_first_species_and_groups_that_just_fit():
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 1, plain(CAMEL))  # E2: 4 spaces
    put_in_zoo(state, 0, BARN, *[plain(FLAMINGO)] * 4)  # species 0: the exchange's b is 100 exactly
    apply_turn(state, (EXCHANGE, 1, 100 + FLAMINGO, 0))  # 4 flamingos fit E2's 4 spaces (spec 5 Exchange)
    assert zoo.enclosures[1].animals == [plain(FLAMINGO)] * 4 and zoo.barn == {plain(CAMEL): 1}
    state = fresh(3)
    zoo = state.zoos[0]
    put_in_zoo(state, 0, 0, *[plain(CAMEL)] * 4)  # E1 (5 spaces): 4 camels fit E2 (4 spaces)
    put_in_zoo(state, 0, 1, *[plain(PANDA)] * 2)
    apply_turn(state, (EXCHANGE, 0, 1, 0))
    assert zoo.enclosures[0].animals == [plain(PANDA)] * 2 and zoo.enclosures[1].animals == [plain(CAMEL)] * 4


def test_moves_a_barn_tile_must_exist_and_a_stall_moves_to_another_enclosure_including_e1():
    state = fresh(3)
    zoo = state.zoos[0]
    set_coins(state, 0, 10)
    put_in_zoo(state, 0, 1, stall(2))
    with pytest.raises(IllegalMove, match="no tile"):
        apply_turn(state, (MOVE, plain(CAMEL), BARN, 0))  # no camel in the barn
    with pytest.raises(IllegalMove, match="no stall"):
        apply_turn(state, (MOVE, stall(3), 1, 0))  # E2 holds a stall of kind 2, not 3
    with pytest.raises(IllegalMove, match="another enclosure"):
        apply_turn(state, (MOVE, stall(2), 1, 1))
    apply_turn(state, (MOVE, stall(2), 1, 0))
    assert zoo.enclosures[0].stalls == [2] and zoo.enclosures[1].stalls == []
    assert state.events == [(MOVE, 0, stall(2), 1, 0, 0)]


def test_purchase_only_from_another_players_barn_and_discard_only_from_ones_own():
    state = fresh(3)
    set_coins(state, 0, 10)
    put_in_zoo(state, 0, BARN, plain(CAMEL))
    put_in_zoo(state, 1, BARN, plain(PANDA))
    with pytest.raises(IllegalMove, match="not another player"):
        apply_turn(state, (PURCHASE, 0, plain(CAMEL), 0))
    with pytest.raises(IllegalMove, match="has no tile"):
        apply_turn(state, (PURCHASE, 1, plain(CAMEL), 0))
    with pytest.raises(IllegalMove, match="no tile"):
        apply_turn(state, (DISCARD, plain(PANDA), 0, 0))
    assert state.events == []


def test_money_actions_log_their_rows_and_count_one_each():
    state = fresh(3)
    set_coins(state, 0, 10)
    set_coins(state, 1, 10)
    put_in_zoo(state, 0, BARN, stall(1))
    state.zoos[0].money_actions, state.zoos[1].money_actions = 2, 5
    apply_turn(state, (DISCARD, stall(1), 0, 0))
    with pytest.raises(IllegalMove, match="the new enclosure is number 3, not 4"):
        apply_turn(state, (EXPAND, 4, 0, 0))
    apply_turn(state, (EXPAND, 3, 0, 0))
    assert state.events == [(DISCARD, 0, stall(1), 0, 0, 0), (EXPAND, 1, 3, 0, 0, 0)]
    assert (state.zoos[0].money_actions, state.zoos[1].money_actions) == (3, 6)


def test_an_options_missing_fields_are_zero():
    state = fresh(3)
    set_coins(state, 0, 10)
    put_in_zoo(state, 0, 0, stall(0))
    put_in_zoo(state, 0, BARN, plain(FLAMINGO))
    with pytest.raises(IllegalMove, match="another enclosure, not 0"):
        apply_turn(state, (MOVE, stall(0)))  # from E1 (0) to E1 (0)
    apply_turn(state, (MOVE, stall(0), 0, 1))
    apply_turn(state, (PURCHASE,))  # seat 1 buys seat 0's tile 0 (a plain flamingo) into E1 (0)
    assert state.zoos[1].enclosures[0].animals == [plain(FLAMINGO)]


def test_a_placement_chooser_is_asked_with_each_tile_and_its_options():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(PANDA))
    put_on_truck(state, 0, plain(CAMEL), stall(1), COIN)
    asked = []

    def chooser(code, options):
        asked.append((code, options))
        return BARN if code == stall(1) else options[0]

    apply_turn(state, (TAKE, 0), placements=chooser)
    # PROTOCOL 7.3: the camel fits E2 and E3 (E1 holds a panda); a stall any enclosure; a coin is not asked
    assert asked == [(plain(CAMEL), [1, 2, BARN]), (stall(1), [0, 1, 2, BARN])]
    assert state.zoos[0].barn == {stall(1): 1} and state.zoos[0].enclosures[1].animals == [plain(CAMEL)]


def test_the_last_round_is_announced_once():
    state = fresh(3)
    state.out_of_game += state.main
    state.main = []
    apply_turn(state, (DRAW,), truck=0)
    apply_turn(state, (DRAW,), truck=1)  # another end-stack tile in the last round: no second LAST_ROUND
    assert [e[0] for e in state.events] == [DRAW, LAST_ROUND, DRAW]
    state = fresh(3, end_trigger="main_empty")
    state.out_of_game += state.main[2:]
    state.main = state.main[:2]
    apply_turn(state, (DRAW,), truck=0)  # one main-stack tile left: not yet
    assert not state.last_round and [e[0] for e in state.events] == [DRAW]


def test_game_record_columns_and_the_coin_tie_break():
    state = fresh(2)
    set_coins(state, 0, 3)
    set_coins(state, 1, 5)
    put_in_zoo(state, 0, BARN, stall(0))
    put_in_zoo(state, 1, BARN, stall(1))
    state.zoos[0].expansions, state.zoos[0].enclosures = 1, state.zoos[0].enclosures + [expansion_enclosure(R)]
    state.zoos[1].offspring_born, state.zoos[1].money_actions = 2, 4
    state.round, state.turns, state.round_scores = 2, 9, [[0, 0]]
    record = game_record(state)
    assert record.scores == [-2, -2]  # spec 7: a stall kind in the barn, -2 each
    assert [(s.rank, s.win_share) for s in record.seats] == [(2, 0.0), (1, 1.0)]  # tied: more coins win
    assert [s.columns for s in record.seats] == [
        {"coins": 3, "expansions": 1, "offspring_born": 0, "barn_tiles": 1, "money_actions": 0},
        {"coins": 5, "expansions": 0, "offspring_born": 2, "barn_tiles": 1, "money_actions": 4}]
    assert (record.rounds, record.turns, record.round_scores) == (2, 9, [[0, 0]])


def test_test_helpers_keep_the_bank_and_the_stall_spaces():
    state = fresh(3)
    bank = state.bank
    set_coins(state, 0, 6)  # 2 to 6: 4 from the bank
    set_coins(state, 0, 1)  # 5 back
    assert state.bank == bank + 1 and state.zoos[0].coins == 1
    put_in_zoo(state, 0, 1, stall(0), stall(1))
    with pytest.raises(ZoosimError):
        put_in_zoo(state, 0, 1, stall(2))  # E2 has two stall spaces


def test_replay_refuses_rows_that_are_not_the_takes_places_and_decisions_after_the_end():
    record = play_game(R, 3, ["random", "uniform", "random"], 12, 5)
    events = [list(e) for e in record.events]
    with pytest.raises(IllegalMove, match="a decision after the game ended"):
        replay_decisions(R, 3, 12, 5, events + [[DRAW, 0, 0, 0, 0, 0]])
    take = next(i for i, e in enumerate(events) if e[0] == TAKE and events[i + 1][0] == PLACE)
    with pytest.raises(IllegalMove, match="PLACE rows of player"):
        replay_decisions(R, 3, 12, 5, events[:take + 1])  # the log ends after a TAKE
    other = events[:take + 1] + [[PLACE, (events[take][1] + 1) % 3, *events[take + 1][2:]]] + events[take + 2:]
    with pytest.raises(IllegalMove, match="PLACE rows of player"):
        replay_decisions(R, 3, 12, 5, other)  # a PLACE row of another player
    missing = events[:take] + [[TAKE, events[take][1], 3, 0, 0, 0], [DRAW, 0, 0, 0, 0, 0]] + events[take + 1:]
    with pytest.raises(IllegalMove, match="no truck 3"):
        replay_decisions(R, 3, 12, 5, missing)


def test_invariants_hold_at_every_limit_and_fail_past_them():
    state = fresh(5)
    zoo = state.zoos[0]
    zoo.expansions = 1
    zoo.enclosures.append(expansion_enclosure(R))
    for e, enc in enumerate(zoo.enclosures):
        put_in_zoo(state, 0, e, *[plain(e)] * enc.spaces)
    put_in_zoo(state, 0, 0, stall(0))
    put_in_zoo(state, 0, 1, stall(1), stall(2))
    put_in_zoo(state, 0, 2, stall(3))
    put_in_zoo(state, 1, BARN, *[plain(s) for s in range(8)], *[stall(k) for k in range(4)])
    # spec 7 (scores) and 10 (bounds): the best and the worst score, with every space and stall space taken
    assert [score_player(R, z)["total"] for z in state.zoos[:2]] == [R.max_score(5), R.min_score(5)] == [40, -24]
    assert [e.free_stall_spaces for e in zoo.enclosures] == [0, 0, 0, 1]
    check_invariants(state)
    broken = copy.deepcopy(state)
    broken.zoos[2].barn[COIN] += 1
    take_from_stacks(broken, COIN)
    with pytest.raises(AssertionError, match="player 2: bad barn entry"):
        check_invariants(broken)
    broken = copy.deepcopy(state)
    broken.zoos[2].barn[plain(5)] = 0
    with pytest.raises(AssertionError, match="player 2: bad barn entry"):
        check_invariants(broken)
    broken = copy.deepcopy(state)
    broken.zoos[0].enclosures[1].animals.append(plain(1))  # a fifth animal in E2 (4 spaces)
    take_from_stacks(broken, plain(1))
    with pytest.raises(AssertionError, match="player 0 enclosure 1 overfull"):
        check_invariants(broken)
    broken = copy.deepcopy(state)
    broken.zoos[0].expansions = 2
    broken.zoos[0].enclosures.append(expansion_enclosure(R))
    with pytest.raises(AssertionError, match="player 0: too many expansions"):
        check_invariants(broken)


def test_two_players_invariants_allow_their_two_expansions_and_best_score():
    state = fresh(2)
    zoo = state.zoos[0]
    zoo.expansions = 2
    zoo.enclosures += [expansion_enclosure(R), expansion_enclosure(R)]
    for e, enc in enumerate(zoo.enclosures):
        put_in_zoo(state, 0, e, *[plain(e)] * enc.spaces)
    put_in_zoo(state, 0, 0, stall(0))
    put_in_zoo(state, 0, 1, stall(1), stall(2))
    put_in_zoo(state, 0, 2, stall(3))
    assert score_player(R, zoo)["total"] == R.max_score(2) == 49  # spec 5 Expand: 2 players may expand twice
    check_invariants(state)
