"""Castles reference, spec §2-§3: setup and its draws (PROTOCOL 3), refill, upkeep, pricing, the action menu,
paying, passing, the round order and the end trigger; hand-built states and scripted decisions."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.castles.components import data
from zoosim.games.castles.components.geometry import BLOCKED
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
    """PROTOCOL.md 1's shuffle, written out: for i = len - 1 down to 1, swap item i with item below(i + 1)."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
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
    """PROTOCOL.md 3 step 1: m = below(N); seat s plays policy (s + m) mod N; row SEATS(m). The stacks are then
    shuffled from the next draw on (seat0: from the first)."""
    policies = [Script(), Script(), Script()]
    ms = set()
    for seed in range(6):
        state = ref.setup(Rules(), 3, policies, PyRng(seed, 0))
        twin = PyRng(seed, 0)
        m = twin.below(3)
        ms.add(m)
        assert state.seat_policy == [(s + m) % 3 for s in range(3)] and state.events[0] == (rs.SEATS, -1, m, 0, 0, 0, 0)
        assert [state.policies[s] is policies[(s + m) % 3] for s in range(3)] == [True] * 3
        first = shuffled([int(t) for t in data.SIZE_TILES[0] if t >= 0], twin)
        assert first[:7] == [t for t, _ in state.market if data.TILE_SIZE[t] == 0] + state.stacks[0]
    assert ms == {0, 1, 2}


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
    """§2 step 5: the second of KF19 / KF20 to come up is discarded (FAVOR(f, 0)) and another revealed; the first
    of them is in play like any other (FAVOR(f, 1)); the rows name every favour looked at, in order."""
    both = {data.FAVOR_INDEX["KF19"], data.FAVOR_INDEX["KF20"]}
    discarded = one_in_play = 0
    for seed in range(300):
        state = start(4, seed=seed)
        rows = [e for e in state.events if e[0] == rs.FAVOR]
        assert all(e[1] == -1 and e[4:] == (0, 0, 0) for e in rows)
        assert state.favors == [e[2] for e in rows if e[3] == 1] and len(state.favors) == 4
        for k, (_, _, f, ok, *_) in enumerate(rows):
            earlier = {e[2] for e in rows[:k] if e[3] == 1}
            assert ok == int(not (f in both and both & earlier))
        assert not both <= set(state.favors)
        discarded += sum(1 for e in rows if e[3] == 0)
        one_in_play += len(both & set(state.favors)) == 1
    assert discarded > 0 and one_in_play > 0  # the rule was exercised both ways


# --- §3.2 refill ----------------------------------------------------------------------------------------

def test_refill_takes_pending_tiles_first_then_cards():
    state = start(2)
    bought = [state.market.pop(0)[0] for _ in range(3)]
    state.pending = [bought[0], bought[1]]
    card = state.deck[0]
    top = state.stacks[card][0]
    ref.refill(state)
    assert state.market[-3:] == [[bought[0], 0], [bought[1], 0], [top, 0]]   # pending tiles too enter with 0 coins
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


def test_act_options_at_the_exact_price_and_the_last_piece():
    """§3.1: a buy is legal with money ≥ price (at the price exactly, not one mark less; coins on the tile do not
    count by default), a piece while its supply holds one; tile 0 (the Focus Room) on a slot is a tile."""
    state = start(2)
    state.market = [[0, 2000]]
    ref.price_market(state)                          # the Focus Room on slot 0: 4000
    me, pieces = state.seats[1], [(1, data.HALLWAY), (1, data.STAIRS), (2, 0)]
    me.money = 4000
    assert ref.act_options(state, 1, False) == [(0, 0)] + pieces
    me.money = 3999
    assert ref.act_options(state, 1, False) == pieces
    me.money = 3000
    assert ref.act_options(state, 1, False) == pieces
    me.money = 2999
    assert ref.act_options(state, 1, False) == [(2, 0)]
    me.money = 3000
    state.supply = {data.HALLWAY: 1, data.STAIRS: 0}
    assert ref.act_options(state, 1, False) == [(1, data.HALLWAY), (2, 0)]


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


class Answer:
    """A policy that always answers k."""

    def __init__(self, k):
        self.k = k

    def choose(self, state, hook, player, options):
        return self.k


@pytest.mark.parametrize("k", [-1, 2])
def test_an_answer_outside_the_options_is_an_illegal_move(k):
    """PROTOCOL.md 4: the policy returns an index into the option list; anything else is refused."""
    state = start(2)
    state.policies = [Answer(k)] * 2
    with pytest.raises(rs.IllegalMove):
        state.ask(rs.ACT, 0, [(2, 0), (1, 75)])


# --- the bookkeeping of marks, coins and the master builder (§3.1, §10.1 item 12) ------------------------------

def test_upkeep_adds_coins_to_what_lies_on_each_tile():
    """§3.1 upkeep: +1000 on every unsold tile, coins build up; the bank pays them (UPKEEP(tiles, 1000)); then
    Refill fills the empty slots with 0-coin tiles."""
    state = start(2)
    state.market = [[state.market[0][0], 0], [state.market[1][0], 3000]]
    state.bank_out = 500
    ref.upkeep(state)
    assert [c for _, c in state.market] == [1000, 4000, 0, 0, 0]
    assert state.bank_out == 500 + 2000
    assert next(e for e in state.events if e[0] == rs.UPKEEP) == (rs.UPKEEP, -1, 2, 1000, 0, 0, 0)


def test_pricing_never_offers_a_slot_holding_tile_zero():
    """§3.1 pricing: a slot holding a tile is not free, whatever the tile's index (the Focus Room is tile 0)."""
    policy = Script(price=[0])
    state = start(2, policy=policy)
    state.market = [[0, 0], [5, 0]]
    ref.price_market(state)
    asked = [o for h, _, o in policy.asked if h == rs.PRICE_HOOK]
    assert asked == [[0, 1, 2, 3, 4], [1, 2, 3, 4]] and state.slot_tile == [0, 5, -1, -1, -1]


def test_payments_add_up_for_the_mb_and_the_bank():
    """§3.1: a buyer pays the MB (money and money earned as MB add up over a round) or, being the MB, the bank; the
    BUY_ROOM row names the payee."""
    state = start(3)
    state.mb = 2
    assert ref.pay(state, 0, 2500) == 2 and ref.pay(state, 1, 1500) == 2
    assert state.seats[2].money == 15000 + 4000 and state.seats[2].money_as_mb == 4000
    assert ref.pay(state, 2, 700) == -1 and ref.pay(state, 2, 300) == -1
    assert state.bank_in == 1000 and state.seats[2].money == 15000 + 4000 - 1000
    ref.price_market(state)
    slot = next(k for k, t in enumerate(state.slot_tile) if t >= 0 and state.seats[0].castle.can_place(t))
    ref.buy_room(state, 0, slot)
    row = next(e for e in state.events if e[0] == rs.BUY_ROOM)
    assert row == (rs.BUY_ROOM, 0, row[2], slot, state.prices()[slot], 0, 2)


def test_passes_and_the_pass_income_add_up():
    state = start(2, policy=Script(act=[(2, 0)] * 2))
    ref.price_market(state)
    state.seats[1].passes, state.bank_out = 2, 700
    ref.take_turn(state, 1)
    ref.take_turn(state, 1)
    assert state.seats[1].passes == 4 and state.seats[1].money == 15000 + 10000 and state.bank_out == 700 + 10000


def test_the_master_builder_tallies_its_rounds_and_points():
    """A round's MB counts one more time as MB, and the placement points and completion rewards it scores in the
    round add to its points as MB (the Cloak Room it buys: 1 point; it completes, a utility reward, no points)."""
    cloak = data.TILE_BY_NAME["Cloak Room"]
    state = start(2, policy=Script(act=[(2, 0), (0, 0)]))
    state.market = [[cloak, 0]]
    mb = state.seats[0]
    mb.parts["placement_points"], mb.parts["completion_rewards"] = 10, 3
    mb.times_mb, mb.points_as_mb = 1, 2
    ref.play_round(state)
    assert mb.parts["placement_points"] == 11 and mb.times_mb == 2 and mb.points_as_mb == 2 + 1
    assert state.events[-1] == (rs.ROUND_END, -1, 1, 0, -1, 0, 0)   # the game goes on


# --- a whole game, scripted (§3, §7; PROTOCOL.md 7's record) ------------------------------------------------------

def test_a_scripted_two_round_game_and_its_record():
    """Seed 3, game 0, 2 players, first MB seat 0, no bonus cards or favours, 2 rounds at most. Market: Cloak Room,
    Dining Room, East Tapestry Room, Buttery, Parlor, priced in that order from 4000 up. Round 1 (MB 0): seat 1 buys
    the Buttery for 10000 (to seat 0), seat 0 the Parlor for 15000 (to the bank). Round 2 (MB 1): seat 0 buys a
    hallway for 3000 (to seat 1), seat 1 passes. Seat 0: Parlor 4, 7000 marks: 4 points, area 125 + 150 + 150;
    seat 1: start 1 + Buttery 2 + 13000 marks 1 = 4 points, area 125 + 100: seat 0 wins on the area."""
    rules = replace(R, max_rounds=2, favors_in_play=(0, 0, 0), bonus_deal=0, bonus_keep=0)
    seat0 = Script(act=[(0, 4), (1, data.HALLWAY)])
    seat1 = Script(act=[(0, 3), (2, 0)])
    seen = []
    record = ref.play_game(rules, 2, [seat0, seat1], 3, 0, check=lambda state: seen.append(
        (state.round, [sum(s == BLOCKED for row in me.castle.door_state for s in row) for me in state.seats])))
    assert [r for r, _ in seen] == [1, 2]
    assert (record.rounds, record.turns, record.end_reason) == (2, 4, rs.END_ROUND_CAP)
    assert record.events[0] == (rs.SEATS, -1, 0, 0, 0, 0, 0) and record.events[-1] == (rs.ROUND_END, -1, 2, 0, 1, 0, 0)
    a, b = record.seats
    assert a.components == {"start_points": 0, "placement_points": 4, "completion_rewards": 0, "exhausted_stacks": 0,
                            "favors": 0, "bonus_cards": 0, "money_points": 0}
    assert b.components == {"start_points": 1, "placement_points": 2, "completion_rewards": 0, "exhausted_stacks": 0,
                            "favors": 0, "bonus_cards": 0, "money_points": 1}
    assert [(s.policy, s.score, s.rank, s.win_share, s.money, s.area) for s in record.seats] == [
        (0, 4, 1, 1.0, 7000, 425), (1, 4, 2, 0.0, 13000, 225)]
    assert a.rooms_by_type == [1, 0, 0, 0, 0, 0, 0, 0] and b.rooms_by_type == [0, 0, 0, 0, 0, 1, 0, 0]
    assert [(s.hallways, s.stairs, s.completed_rooms) for s in record.seats] == [(1, 0, 0), (0, 0, 0)]
    assert [s.blocked_doorways for s in record.seats] == seen[-1][1]
    assert [(s.times_master_builder, s.money_as_master_builder, s.passes, s.points_as_mb) for s in record.seats] == [
        (1, 10000, 0, 4), (1, 3000, 1, 0)]
    # policies by name: the same game for the same (seed, game index), another for another index
    names = ref.play_game(Rules(), 2, ["uniform", "random"], 3, 0)
    assert names.events == ref.play_game(Rules(), 2, ["uniform", "random"], 3, 0).events
    assert names.events != ref.play_game(Rules(), 2, ["uniform", "random"], 3, 1).events
