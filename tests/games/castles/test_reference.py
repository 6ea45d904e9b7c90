"""Castles reference, spec §2-§3: setup and its draws (PROTOCOL 3), refill, upkeep, pricing, the action menu,
paying, passing, the round order and the end trigger; hand-built states and scripted decisions."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data
from zoosim.games.castles.reference import game as ref
from zoosim.games.castles.reference import policies as rp
from zoosim.games.castles.reference import state as rs
from zoosim.games.castles.rules import Rules

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec

R = Rules(first_mb="seat0")


class Script:
    """Scripted decisions: per hook a list of option values to pick in turn; otherwise the first option.
    Records every question."""

    def __init__(self, **picks) -> None:
        self.picks = {hook: list(values) for hook, values in picks.items()}
        self.asked: list[tuple[str, int, list]] = []

    def choose(self, state, hook, player, options):
        self.asked.append((hook, player, list(options)))
        wanted = self.picks.get(hook)
        if wanted:
            return options.index(wanted.pop(0))
        return 0


def start(players=3, rules=R, seed=3, policy=None) -> rs.State:
    policy = policy or Script()
    return ref.setup(rules, players, [policy] * players, PyRng(seed, 1))


def shuffled(items, rng):
    items = list(items)
    ref.shuffle(items, rng)
    return items


# --- §2 setup -------------------------------------------------------------------------------------------

def test_setup_draws_in_protocol_order():
    state = start(3, seed=11)
    rng = PyRng(11, 1)
    market = [t for t, _ in state.market]
    for s in range(10):
        tiles = shuffled([int(t) for t in data.SIZE_TILES[s] if t >= 0], rng)
        keep = 7 if s < 5 else 5
        drawn = [t for t in market if data.TILE_SIZE[t] == s]  # the setup refill took them from the top
        assert tiles[:keep] == drawn + state.stacks[s]
        assert set(tiles[keep:]) <= set(state.unseen)
    deck = shuffled([s for s in range(10) for _ in range(5)], rng)[:33]
    assert [int(data.TILE_SIZE[t]) for t in market] == deck[:6] and state.deck == deck[6:]
    bonus = shuffled(range(27), rng)
    favors = shuffled(range(24), rng)
    pair = {18, 19}
    expected = []
    for f in favors:
        if len(expected) < 3 and not (f in pair and pair & set(expected)):
            expected.append(f)
    assert state.favors == expected
    # seat order of the deal: 3 cards each from the top, the first card given back (Script picks index 0)
    assert [s.bonus_cards for s in state.seats] == [bonus[1:3], bonus[4:6], bonus[7:9]]
    assert state.bonus_deck == bonus[9:] + [bonus[0], bonus[3], bonus[6]]


def test_first_mb_random_rotates_the_policies_by_one_draw():
    a, b = Script(), Script()
    state = ref.setup(Rules(), 2, [a, b], PyRng(5, 0))
    m = PyRng(5, 0).below(2)
    assert state.seat_policy == [m, 1 - m] and state.events[0] == (rs.SEATS, -1, m, 0, 0, 0, 0)
    assert state.policies[0] is (a, b)[m]


@pytest.mark.parametrize("players, in_play, deck, market", [(2, 45, 22, 5), (3, 60, 33, 6), (4, 75, 44, 7)])
def test_setup_sizes_section_10_1_item_11(players, in_play, deck, market):
    state = start(players)
    tiles = sum(len(s) for s in state.stacks) + len(state.market)
    assert tiles == in_play and tiles + len(state.unseen) == 75
    assert len(state.deck) + market == deck and len(state.market) == market
    assert all(coins == 0 for _, coins in state.market)
    assert state.supply == {data.HALLWAY: (5, 7, 9)[players - 2], data.STAIRS: (4, 5, 6)[players - 2]}
    assert len(state.favors) == players
    assert [s.money for s in state.seats] == [15000] * players
    assert [s.parts["start_points"] for s in state.seats] == [0, 1, 2, 3][:players]
    assert all(len(s.bonus_cards) == 2 for s in state.seats) and len(state.bonus_deck) == 27 - 2 * players
    assert all([p.tile for p in s.castle.tiles] == [data.FOYER] for s in state.seats)
    assert all(s.castle.open_up == 3 for s in state.seats)


def test_kf19_and_kf20_never_both_in_play():
    both = {data.FAVOR_INDEX["KF19"], data.FAVOR_INDEX["KF20"]}
    discarded = 0
    for seed in range(300):
        state = start(4, seed=seed)
        assert not both <= set(state.favors)
        discarded += sum(1 for e in state.events if e[0] == rs.FAVOR and e[3] == 0)
    assert discarded > 0  # the rule was exercised


# --- §3.2 refill ----------------------------------------------------------------------------------------

def test_refill_takes_pending_tiles_first_then_cards():
    state = start(2)
    bought = [state.market.pop(0)[0] for _ in range(3)]
    state.pending = [bought[0], bought[1]]
    card = state.deck[0]
    top = state.stacks[card][0]
    ref.refill(state)
    assert [t for t, _ in state.market][-3:] == [bought[0], bought[1], top]
    assert state.events[-3:] == [(rs.MARKET_IN, -1, bought[0], 1, 0, 0, 0), (rs.MARKET_IN, -1, bought[1], 1, 0, 0, 0),
                                 (rs.MARKET_IN, -1, top, 0, 0, 0, 0)]
    state.market = state.market[:2]
    state.pending = list(range(60, 64))  # more pending tiles than empty slots: the rest wait
    ref.refill(state)
    assert state.pending == [63] and [t for t, _ in state.market][2:] == [60, 61, 62]


@pytest.mark.parametrize("mode", ["redraw", "skip"])
def test_refill_on_an_empty_stack(mode):
    state = start(2, rules=replace(R, on_empty_stack=mode))
    state.market = state.market[:3]
    state.deck = [0, 0, 1, 2, 3]
    state.stacks[0] = []
    ref.refill(state)
    if mode == "redraw":
        assert state.deck == [3] and len(state.market) == 5
        assert [e[:4] for e in state.events[-4:]] == [(rs.CARD_EMPTY, -1, 0, 0), (rs.CARD_EMPTY, -1, 0, 0),
                                                      (rs.MARKET_IN, -1, state.market[3][0], 0),
                                                      (rs.MARKET_IN, -1, state.market[4][0], 0)]
        assert data.TILE_SIZE[state.market[3][0]] == 1 and data.TILE_SIZE[state.market[4][0]] == 2
    else:
        assert state.deck == [1, 2, 3] and len(state.market) == 3
        assert [e[:4] for e in state.events[-2:]] == [(rs.CARD_EMPTY, -1, 0, 1)] * 2
    assert not state.final_round


def test_deck_running_out_sets_the_last_round():
    state = start(2)
    state.market = state.market[:3]
    state.deck = [5]
    ref.refill(state)
    assert state.final_round and len(state.market) == 4  # the slot that could not be filled stays empty


@pytest.mark.parametrize("players, rounds", [(2, 10), (3, 10), (4, 11)])
def test_rounds_when_everyone_buys_section_10_1_item_11(players, rounds):
    """§3.2: every action buys a room, no redraw, food or sleeping events: the deck runs out in round 10/10/11."""
    state = start(players)
    r = 1
    while not state.final_round:
        for _ in range(players):
            state.market.pop(0)
        r += 1
        ref.refill(state)
    assert r == rounds and not any(e[0] == rs.CARD_EMPTY for e in state.events)


# --- §3.1 upkeep, pricing, actions ---------------------------------------------------------------------

def test_upkeep_puts_coins_on_unsold_rooms_and_the_mb_moves_left():
    policy = Script()
    state = start(3, policy=policy)
    ref.play_round(state)  # everyone takes the first option: a buy when one is legal
    left = [t for t, _ in state.market]
    coins_before = {t: c for t, c in state.market}
    ref.play_round(state)
    assert state.mb == 1 and (rs.ROUND_START, -1, 2, 1, 0, 0, 0) in state.events
    upkeep = next(e for e in state.events if e[0] == rs.UPKEEP)
    assert upkeep[2:4] == (len(left), 1000)
    assert all(coins_before[t] == 0 for t in left)
    assert [s.times_mb for s in state.seats] == [1, 1, 0]


def test_pricing_puts_each_tile_on_its_own_slot_in_market_order():
    policy = Script(price=[6, 0, 3])
    state = start(4, policy=policy)
    state.mb = 2
    ref.price_market(state)
    asked = [(h, p, o) for h, p, o in policy.asked if h == rs.PRICE_HOOK]
    assert asked[0] == ("price", 2, list(range(7)))
    assert asked[1][2] == [0, 1, 2, 3, 4, 5] and asked[2][2] == [1, 2, 3, 4, 5]
    tiles = [t for t, _ in state.market]
    assert state.slot_tile[6] == tiles[0] and state.slot_tile[0] == tiles[1] and state.slot_tile[3] == tiles[2]
    assert sorted(t for t in state.slot_tile if t >= 0) == sorted(tiles)
    assert state.events[-7][:5] == (rs.PRICE, 2, tiles[0], 6, 15000)


def test_act_options_order_money_and_placement():
    state = start(2)
    ref.price_market(state)  # Script: each tile on the first free slot: slot k holds market tile k
    options = ref.act_options(state, 1, extra=False)
    legal_rooms = [(0, k) for k, t in enumerate(state.slot_tile) if t >= 0 and state.seats[1].castle.can_place(t)]
    assert options == legal_rooms + [(1, data.HALLWAY), (1, data.STAIRS), (2, 0)]
    state.seats[1].money = 5000  # 4000 is the cheapest slot at 2 players, pieces cost 3000
    assert [o for o in ref.act_options(state, 1, False) if o[0] == 0] == [o for o in legal_rooms if o[1] == 0]
    state.seats[1].money = 2999
    assert ref.act_options(state, 1, False) == [(2, 0)]
    assert ref.act_options(replace_rules(state, food_extra_action_may_pass=False), 1, True) == []
    state.supply[data.HALLWAY] = 0
    state.seats[1].money = 20000
    assert (1, data.HALLWAY) not in ref.act_options(state, 1, False)


def replace_rules(state, **changes):
    state.rules = replace(state.rules, **changes)
    return state


def test_downstairs_rooms_are_not_buyable_without_stairs():
    """§4.4: a downstairs room needs an open DOWN door, which only stairs create first."""
    state = start(2)
    castle = state.seats[0].castle
    assert not castle.can_place(data.TILE_BY_NAME["Dungeon"])
    assert castle.can_place(data.STAIRS)
    castle.add(data.STAIRS, 0, 65, 63)  # its light end on the foyer's R door, dark end open at (67, 63, E)
    assert castle.can_place(data.TILE_BY_NAME["Dungeon"])


def test_coins_count_toward_price():
    state = start(2, rules=replace(R, coins_count_toward_price=True))
    ref.price_market(state)
    slot = max(k for k, t in enumerate(state.slot_tile) if t >= 0 and state.seats[0].castle.can_place(t))
    tile, price = state.slot_tile[slot], state.prices()[slot]
    state.market[[t for t, _ in state.market].index(tile)][1] = 3000
    state.seats[0].money = price - 3000
    assert (0, slot) in ref.act_options(state, 0, False)
    state.rules = R
    assert (0, slot) not in ref.act_options(state, 0, False)


def test_buying_pays_the_mb_or_the_bank_and_takes_the_coins():
    policy = Script()
    state = start(3, policy=policy)
    ref.price_market(state)
    slot = next(k for k, t in enumerate(state.slot_tile) if t >= 0 and state.seats[1].castle.can_place(t))
    tile = state.slot_tile[slot]
    state.market[[t for t, _ in state.market].index(tile)][1] = 2000
    price = state.prices()[slot]
    ref.buy_room(state, 1, slot)
    assert state.seats[1].money == 15000 - price + 2000 and state.seats[0].money == 15000 + price
    assert state.seats[0].money_as_mb == price and tile not in [t for t, _ in state.market]
    assert state.slot_tile[slot] == -1
    assert next(e for e in state.events if e[0] == rs.BUY_ROOM) == (rs.BUY_ROOM, 1, tile, slot, price, 2000, 0)
    ref.buy_piece(state, 0, data.STAIRS)  # the MB buys: the bank is paid
    assert state.seats[0].money == 15000 + price - 3000 and state.bank_in == 3000
    assert state.supply[data.STAIRS] == 4
    assert next(e for e in state.events if e[0] == rs.BUY_PIECE) == (rs.BUY_PIECE, 0, data.STAIRS, 3000, 0, 0, -1)


def test_pass_takes_5000():
    state = start(2, policy=Script(act=[(2, 0)]))
    ref.price_market(state)
    ref.take_turn(state, 1)
    assert state.seats[1].money == 20000 and state.seats[1].passes == 1
    assert state.events[-1] == (rs.PASS, 1, 5000, 0, 0, 0, 0)


def test_round_order_mb_acts_last():
    policy = Script(act=[(2, 0)] * 8)
    state = start(4, policy=policy)
    ref.play_round(state)
    ref.play_round(state)
    actors = [p for h, p, _ in policy.asked if h == rs.ACT]
    assert actors[:4] == [1, 2, 3, 0] and actors[4:8] == [2, 3, 0, 1]


def test_game_ends_after_the_round_the_deck_runs_out_or_the_cap():
    state = start(2)
    state.deck = state.deck[:1]
    ref.play_round(state)
    assert not state.game_over
    ref.play_round(state)  # the refill of round 2 empties the deck: round 2 is the last
    assert state.game_over and state.end_reason == rs.END_DECK
    assert state.events[-1] == (rs.ROUND_END, -1, 2, 1, 0, 0, 0)
    state = start(2, rules=replace(R, max_rounds=1), policy=Script(act=[(2, 0)] * 2))
    ref.play_round(state)
    assert state.game_over and state.end_reason == rs.END_ROUND_CAP


def test_play_game_checks_its_arguments():
    with pytest.raises(ZoosimError, match="need one policy per seat"):
        ref.play_game(R, 3, ["uniform"] * 2, 1, 0)
    with pytest.raises(ZoosimError, match="unknown castles policy 'clever'"):
        ref.play_game(R, 2, ["uniform", "clever"], 1, 0)
    with pytest.raises(ZoosimError, match="castles is for 2-4 players, got 5"):
        ref.play_game(R, 5, ["uniform"] * 5, 1, 0)


def test_market_tiles_counted():
    state = start(4)
    counts = Counter(t for t, _ in state.market)
    assert all(v == 1 for v in counts.values())


def test_a_single_option_is_taken_without_asking():
    policy = Script()
    state = start(2, policy=policy)
    asked, draws = len(policy.asked), list(state.rng.s)
    assert state.ask(rs.ACT, 0, [(2, 0)]) == 0
    assert len(policy.asked) == asked and state.rng.s == draws
    state.policies = [rp.Uniform()] * 2
    assert state.ask(rs.ACT, 0, [(2, 0), (1, 75)]) in (0, 1) and state.rng.s != draws
