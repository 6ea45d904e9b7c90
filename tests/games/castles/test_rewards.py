"""Castles reference, spec §6 with R1-R4, R11: the eight completion rewards, the queue, food extra actions, the
once-per-turn limits, the downstairs wild reward and its living target; the uniform policy's structured draws."""
from __future__ import annotations

from dataclasses import replace

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.castles.components import data
from zoosim.games.castles.reference import game as ref
from zoosim.games.castles.reference import policies as rp
from zoosim.games.castles.reference import state as rs
from zoosim.games.castles.rules import Rules
from tests.games.castles.test_reference import Script

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec

R = Rules(first_mb="seat0")
T = data.TILE_BY_NAME


def game(rules=R, players=2, **picks) -> tuple[rs.State, Script]:
    policy = Script(**picks)
    return ref.setup(rules, players, [policy] * players, PyRng(8, 0)), policy


def add_far(state, p, name, k=0) -> int:
    """A tile laid apart from everything (a hand position: no legality), its castle index."""
    tile = T[name] if isinstance(name, str) else name
    level = 1 if data.TILE_TYPE[tile] == data.DOWNSTAIRS else 0
    n, _ = state.seats[p].castle.add(tile, 0, 10 + 12 * k, 10, level)
    return n


def rewards(state):
    return [e for e in state.events if e[0] == rs.REWARD]


def test_activity_and_outdoor_rewards():
    state, _ = game()
    me = state.seats[0]
    a, o = add_far(state, 0, "Piano Room", 0), add_far(state, 0, "Porch", 1)
    assert ref.resolve_rewards(state, 0, [a, o]) == 0
    assert me.parts["completion_rewards"] == 5 and me.money == 25000 and state.bank_out == 10000
    assert rewards(state) == [(rs.REWARD, 0, data.ACTIVITY, 5, 0, 0, 0), (rs.REWARD, 0, data.OUTDOOR, 10000, 0, 0, 0)]


def test_utility_draws_two_keeps_one_and_draws_fewer_from_a_short_deck():
    state, _ = game()
    state.policies = [Script(), Script()]
    me = state.seats[0]
    u = add_far(state, 0, "Cloak Room")
    state.bonus_deck = [20, 21, 22]
    state.policies[0].picks["keep_bonus"] = [21]  # give back the second card drawn
    ref.resolve_rewards(state, 0, [u])
    assert me.bonus_cards[-1] == 20 and state.bonus_deck == [22, 21]
    state.bonus_deck = [5]
    ref.resolve_rewards(state, 0, [u])
    assert me.bonus_cards[-1] == 5 and state.bonus_deck == []  # one card drawn, kept (nothing to give back)
    ref.resolve_rewards(state, 0, [u])
    assert rewards(state)[-1] == (rs.REWARD, 0, data.UTILITY, 0, 0, 1, 0)  # empty deck: lost


def test_sleeping_reward_takes_up_to_two_tiles_into_the_pending_queue():
    state, policy = game()
    s = add_far(state, 0, "Nap Room")
    stack = list(state.stacks[6])
    pair = tuple(sorted(stack[1:3]))
    policy.picks["sleeping_pick"] = [(6, pair)]
    twin = PyRng(0, 0)
    twin.s = list(state.rng.s)
    ref.resolve_rewards(state, 0, [s])
    options = [o for h, _, o in policy.asked if h == rs.SLEEPING_PICK][0]
    six = [o for o in options if o[0] == 6]
    n = len(stack)
    assert len(six) == 1 + n + n * (n - 1) // 2 and six[0] == (6, ()) and six[1] == (6, (min(stack),))
    picked = list(pair)
    ref.shuffle(picked, twin)
    rest = [t for t in stack if t not in pair]
    ref.shuffle(rest, twin)
    assert state.pending == picked and state.stacks[6] == rest
    assert rewards(state)[-1] == (rs.REWARD, 0, data.SLEEPING, 2, 0, 0, 0)
    # the next refill puts them on the market first, with 0 coins
    state.market = state.market[:3]
    ref.refill(state)
    assert [t for t, _ in state.market][3:] == picked and state.pending == []


def test_sleeping_options_cover_every_stack_and_subset():
    state, _ = game()
    state.stacks = [[] for _ in range(10)]
    state.stacks[2] = [20, 18, 19]
    state.stacks[9] = [70]
    assert ref.sleeping_options(state) == [(2, ()), (2, (18,)), (2, (19,)), (2, (20,)), (2, (18, 19)), (2, (18, 20)),
                                           (2, (19, 20)), (9, ()), (9, (70,))]
    state.stacks = [[] for _ in range(10)]
    assert ref.sleeping_reward(state, 0) == -1


def test_food_gives_an_extra_action_after_the_queue(monkeypatch):
    state, policy = game(act=[(1, data.STAIRS), (2, 0)])
    ref.price_market(state)
    f = add_far(state, 1, "Buttery")
    original = ref.buy_piece
    monkeypatch.setattr(ref, "buy_piece", lambda st, p, piece: original(st, p, piece) + [f])
    ref.take_turn(state, 1)
    kinds = [e[0] for e in state.events]
    i = kinds.index(rs.BUY_PIECE)
    assert kinds[i:] == [rs.BUY_PIECE, rs.PLACE, rs.SCORE, rs.COMPLETE, rs.REWARD, rs.EXTRA_ACTION, rs.PASS]
    assert state.events[-1] == (rs.PASS, 1, 5000, 1, 0, 0, 0) and state.turns == 2


def test_food_extra_action_without_pass():
    state, policy = game(rules=replace(R, food_extra_action_may_pass=False))
    ref.price_market(state)
    state.seats[1].money = 0
    assert ref.act_options(state, 1, extra=True) == []
    ref.take_turn(state, 1, extra=True)  # lost: no decision
    assert state.events[-1] == (rs.EXTRA_ACTION, 1, 0, 0, 0, 0, 0) and not policy.asked[-1][0] == rs.ACT


def test_corridor_reward_once_per_turn_even_if_lost():
    state, policy = game()
    me = state.seats[0]
    a, b = add_far(state, 0, "Great Hall", 0), add_far(state, 0, "Upper Hall", 1)
    ref.resolve_rewards(state, 0, [a, b])
    assert [r[2:6] for r in rewards(state)] == [(data.CORRIDOR, data.HALLWAY, 0, 0), (data.CORRIDOR, 0, 0, 1)]
    assert [p.tile for p in me.castle.tiles].count(data.HALLWAY) == 1 and state.supply[data.HALLWAY] == 4
    assert [o for h, _, o in policy.asked if h == rs.CORRIDOR_PICK] == [[data.HALLWAY, data.STAIRS]]
    # a new turn: the supply is empty and nothing fits -> lost, and it uses up the turn's reward
    state.corridor_used = False
    state.supply = {data.HALLWAY: 0, data.STAIRS: 0}
    ref.resolve_rewards(state, 0, [a])
    assert state.corridor_used and rewards(state)[-1][2:6] == (data.CORRIDOR, 0, 0, 1)
    free, _ = game(rules=replace(R, corridor_reward_once_per_turn=False))
    a, b = add_far(free, 0, "Great Hall", 0), add_far(free, 0, "Upper Hall", 1)
    ref.resolve_rewards(free, 0, [a, b])
    assert [r[5] for r in rewards(free)] == [0, 0]


@pytest.mark.parametrize("scope, reset", [("action", True), ("player_round", False)])
def test_once_per_turn_scope(scope, reset):
    state, _ = game(rules=replace(R, once_per_turn_scope=scope), act=[(2, 0)] * 2)
    ref.price_market(state)
    state.corridor_used = state.ds_used = True
    ref.take_turn(state, 1, extra=True)
    assert state.corridor_used is not reset and state.ds_used is not reset
    ref.take_turn(state, 1)
    assert not state.corridor_used and not state.ds_used


def test_pieces_give_the_corridor_reward_and_can_be_switched_off():
    state, _ = game()
    s = add_far(state, 0, data.STAIRS)
    ref.resolve_rewards(state, 0, [s])
    assert state.events[-4][:4] == (rs.COMPLETE, 0, data.STAIRS, data.CORRIDOR)  # COMPLETE, PLACE, SCORE, REWARD
    off, _ = game(rules=replace(R, pieces_give_rewards=False))
    s = add_far(off, 0, data.STAIRS)
    ref.resolve_rewards(off, 0, [s])
    assert off.events[-1][:4] == (rs.COMPLETE, 0, data.STAIRS, -1) and not rewards(off)


def test_downstairs_every_second_room_a_wild_reward_once_per_turn():
    state, policy = game(ds_wild=[(data.ACTIVITY, True)])
    me = state.seats[0]
    d = [add_far(state, 0, name, k) for k, name in enumerate(["Dungeon", "Crypt", "Knight Room", "Mold Room"])]
    ref.resolve_rewards(state, 0, d)
    assert me.ds_completed == 4
    assert [r[2:6] for r in rewards(state)] == [(data.ACTIVITY, 5, 1, 0), (data.DOWNSTAIRS, 0, 1, 1)]
    asked = [o for h, _, o in policy.asked if h == rs.DS_WILD]
    assert len(asked) == 1 and [k for k, _ in asked[0]] == list(range(7))
    assert dict(asked[0])[data.CORRIDOR] and dict(asked[0])[data.UTILITY]


def test_wild_living_rescores_a_completed_downstairs_room():
    state, policy = game(ds_wild=[(data.LIVING, True)])
    me = state.seats[0]
    d = [add_far(state, 0, name, k) for k, name in enumerate(["Dungeon", "Crypt"])]
    for t in d:
        me.castle.complete[t] = True
    policy.picks["living_target"] = [d[1]]
    ref.resolve_rewards(state, 0, list(d))
    assert [o for h, _, o in policy.asked if h == rs.LIVING_TARGET_HOOK] == [d]
    assert state.events[-2:] == [(rs.LIVING_TARGET, 0, T["Crypt"], 0, 0, 0, 0),
                                 (rs.REWARD, 0, data.LIVING, 2, 1, 0, 0)]  # the Crypt's base
    assert me.parts["completion_rewards"] == 2


def test_wild_food_counts_as_an_extra_action():
    state, _ = game(ds_wild=[(data.FOOD, True)])
    d = [add_far(state, 0, name, k) for k, name in enumerate(["Dungeon", "Crypt"])]
    assert ref.resolve_rewards(state, 0, d) == 1


def test_queue_order_new_tile_first_then_gained_tiles():
    """§6: X first, then the other newly completed tiles by placement index; a corridor piece's completions join
    the end. The Parlor of §10.2 B2 completes after the Buttery's own check."""
    state, _ = game()
    castle = state.seats[0].castle
    x0 = state.rules.geometry().foyer_xy
    castle.add(T["Parlor"], 0, x0 + 3, x0)
    castle.add(T["Sewing Room"], 0, x0 + 1, x0 - 2)
    castle.add(T["Cloak Room"], 2, x0 + 3, x0 + 3)
    state.policies = [Script(place=[(0, x0 + 6, x0 + 1, 0)])] * 2
    assert ref.place_tile(state, 0, T["Buttery"]) == [1]


# ---------------------------------------------------------------- the uniform policy's draws (§9.1)
def test_uniform_sleeping_pick_draws_stack_then_count_then_subset():
    """§9.1: a uniform non-empty stack, then k uniform in 0..min(2, its size), then a uniform k-subset (three draws
    a question, many questions)."""
    state, _ = game()
    state.stacks = [[] for _ in range(10)]
    state.stacks[2], state.stacks[9] = [20, 18, 19], [70]
    options = ref.sleeping_options(state)
    twin = PyRng(0, 0)
    twin.s = list(state.rng.s)
    counts = set()
    for _ in range(40):
        k = rp.Uniform().choose(state, rs.SLEEPING_PICK, 0, options)
        size = [2, 9][twin.below(2)]
        n = len(state.stacks[size])
        count = twin.below(min(2, n) + 1)
        same = [o for o in options if o[0] == size and len(o[1]) == count]
        assert options[k] == same[twin.below(len(same))] and twin.s == state.rng.s
        counts.add((size, count))
    assert counts == {(2, 0), (2, 1), (2, 2), (9, 0), (9, 1)}


def test_uniform_ds_wild_is_over_all_seven_and_random_over_the_usable():
    """PROTOCOL.md 8: `uniform` draws below(7) over the seven rewards (an unusable one is lost); `random` draws
    among the usable ones only (all seven when none is); any other question: below(len(options)), one draw."""
    state, _ = game()
    twin = PyRng(0, 0)
    twin.s = list(state.rng.s)
    options = [(k, k in (3, 5)) for k in range(7)]
    picked = set()
    for _ in range(20):
        assert rp.Uniform().choose(state, rs.DS_WILD, 0, options) == twin.below(7)
        picked.add(rp.Random().choose(state, rs.DS_WILD, 0, options))
        assert picked <= {3, 5} and twin.below(2) in (0, 1) and twin.s == state.rng.s
    assert picked == {3, 5}
    nothing = [(k, False) for k in range(7)]
    acts = [(0, 0), (0, 3), (1, data.HALLWAY), (1, data.STAIRS), (2, 0)]
    for _ in range(20):
        assert rp.Random().choose(state, rs.DS_WILD, 0, nothing) == twin.below(7)
        assert rp.Random().choose(state, rs.ACT, 0, acts) == twin.below(5)
        assert rp.Uniform().choose(state, rs.ACT, 0, acts) == twin.below(5)
    assert twin.s == state.rng.s


def test_a_policy_with_a_stream_of_its_own_leaves_the_games_alone():
    """Random(rng) draws from its own stream (the game's is untouched); Random() from the game's."""
    state, _ = game()
    before = list(state.rng.s)
    own = PyRng(1, 2)
    twin = PyRng(1, 2)
    assert rp.Random(own).choose(state, rs.ACT, 0, [(2, 0)] * 9) == twin.below(9) and state.rng.s == before


def test_bonus_rows_name_the_seat_and_the_card():
    """PROTOCOL.md 3 step 8: BONUS_DRAW(card) per card drawn, in order, then BONUS_RETURN(card) per card given back."""
    state, policy = game()
    policy.picks["keep_bonus"] = [21, 20]
    state.bonus_deck = [20, 21, 22, 5]
    ref.draw_bonus_cards(state, 1, 3, 1)
    assert state.events[-5:] == [(rs.BONUS_DRAW, 1, 20, 0, 0, 0, 0), (rs.BONUS_DRAW, 1, 21, 0, 0, 0, 0),
                                 (rs.BONUS_DRAW, 1, 22, 0, 0, 0, 0), (rs.BONUS_RETURN, 1, 21, 0, 0, 0, 0),
                                 (rs.BONUS_RETURN, 1, 20, 0, 0, 0, 0)]
    assert state.seats[1].bonus_cards[-1] == 22 and state.bonus_deck == [5, 21, 20]


# ---------------------------------------------------------------- every reward's exact rows (PROTOCOL.md 6, 9)
def test_rewards_add_to_what_is_there_and_log_full_rows():
    """§6 living, activity, outdoor, food: the points and marks add to the seat's (and the bank's) running totals,
    and each REWARD row is (type, value, wild 0, lost 0) for the rewarded seat."""
    state, _ = game()
    me = state.seats[1]
    me.parts["completion_rewards"], me.money, state.bank_out = 7, 1000, 500
    parlor, piano, porch, buttery = (add_far(state, 1, name, k) for k, name in
                                     enumerate(["Parlor", "Piano Room", "Porch", "Buttery"]))
    assert ref.resolve_rewards(state, 1, [parlor, piano, porch, buttery]) == 1   # the food's extra action
    assert me.parts["completion_rewards"] == 7 + 4 + 5    # the Parlor's re-score (no neighbour) and the activity's 5
    assert me.money == 1000 + 10000 and state.bank_out == 500 + 10000
    assert rewards(state) == [(rs.REWARD, 1, data.LIVING, 4, 0, 0, 0), (rs.REWARD, 1, data.ACTIVITY, 5, 0, 0, 0),
                              (rs.REWARD, 1, data.OUTDOOR, 10000, 0, 0, 0), (rs.REWARD, 1, data.FOOD, 1, 0, 0, 0)]
    assert [e for e in state.events if e[0] == rs.COMPLETE] == [
        (rs.COMPLETE, 1, T[name], kind, 0, 0, 0) for name, kind in
        (("Parlor", data.LIVING), ("Piano Room", data.ACTIVITY), ("Porch", data.OUTDOOR), ("Buttery", data.FOOD))]


def test_food_extra_actions_add_up_over_the_queue():
    """R1: one extra action per food reward of the queue, a wild food (the second downstairs room) included, however
    the rewards around them fall."""
    state, _ = game(ds_wild=[(data.FOOD, True)])
    food, piano = add_far(state, 0, "Buttery", 0), add_far(state, 0, "Piano Room", 1)
    crypt, dungeon = add_far(state, 0, "Crypt", 2), add_far(state, 0, "Dungeon", 3)
    assert ref.resolve_rewards(state, 0, [food, piano]) == 1
    assert ref.resolve_rewards(state, 0, [food, crypt, dungeon, piano]) == 2


def test_sleeping_reward_rows_taking_nothing_and_lost():
    """§6 sleeping: the empty subset is a choice (REWARD(2, 0, wild, 0)); with every stack empty the reward is lost
    (REWARD(2, 0, wild, 1)); each tile taken is a SLEEPING_TAKE(size, tile) row of the rewarded seat."""
    state, _ = game(sleeping_pick=[(6, ())])
    nap = add_far(state, 1, "Nap Room")
    stack = list(state.stacks[6])
    ref.resolve_rewards(state, 1, [nap])
    assert rewards(state)[-1] == (rs.REWARD, 1, data.SLEEPING, 0, 0, 0, 0) and sorted(state.stacks[6]) == sorted(stack)
    state.policies[1].picks["sleeping_pick"] = [(6, (min(stack),))]
    ref.resolve_rewards(state, 1, [nap])
    assert state.events[-2:] == [(rs.SLEEPING_TAKE, 1, 6, min(stack), 0, 0, 0), (rs.REWARD, 1, data.SLEEPING, 1, 0, 0, 0)]
    state.stacks = [[] for _ in range(data.N_SIZES)]
    ref.resolve_rewards(state, 1, [nap])
    assert rewards(state)[-1] == (rs.REWARD, 1, data.SLEEPING, 0, 0, 1, 0)


def test_a_corridor_reward_with_one_piece_left_and_its_lost_row():
    """§6 corridor: the last piece of a supply is still a reward (supply 1 > 0); lost: REWARD(6, 0, 0, 1) of the
    rewarded seat."""
    state, policy = game()
    state.supply = {data.HALLWAY: 0, data.STAIRS: 1}
    hall = add_far(state, 1, "Great Hall")
    ref.resolve_rewards(state, 1, [hall])
    assert rewards(state) == [(rs.REWARD, 1, data.CORRIDOR, data.STAIRS, 0, 0, 0)] and state.supply[data.STAIRS] == 0
    state.corridor_used = False
    ref.resolve_rewards(state, 1, [hall])
    assert rewards(state)[-1] == (rs.REWARD, 1, data.CORRIDOR, 0, 0, 1, 0)


def test_a_wild_living_reward_without_a_target_is_lost():
    """R4, U10: a wild living reward with no completed downstairs room is lost: REWARD(0, 0, 1, 1), nothing asked,
    no points, no extra action."""
    state, policy = game(ds_wild=[(data.LIVING, False)])
    me = state.seats[1]
    d = [add_far(state, 1, name, k) for k, name in enumerate(["Dungeon", "Crypt"])]
    assert ref.resolve_rewards(state, 1, d) == 0
    assert rewards(state) == [(rs.REWARD, 1, data.LIVING, 0, 1, 1, 0)] and me.parts["completion_rewards"] == 0
    assert not [h for h, _, _ in policy.asked if h == rs.LIVING_TARGET_HOOK]


def test_a_wild_corridor_reward_places_its_piece():
    """§6 downstairs → corridor (R2): the free piece is placed at once; REWARD(6, piece, wild 1, 0)."""
    state, policy = game(ds_wild=[(data.CORRIDOR, True)])
    d = [add_far(state, 1, name, k) for k, name in enumerate(["Dungeon", "Crypt"])]
    assert ref.resolve_rewards(state, 1, d) == 0
    assert rewards(state) == [(rs.REWARD, 1, data.CORRIDOR, data.HALLWAY, 1, 0, 0)]
    assert state.seats[1].castle.tiles[-1].tile == data.HALLWAY and state.supply[data.HALLWAY] == 4


def test_a_second_wild_reward_in_one_turn_is_lost_and_gives_no_extra_action():
    """R3: the fourth downstairs room of one turn: REWARD(7, 0, 1, 1) of the rewarded seat, nothing else."""
    state, _ = game(ds_wild=[(data.ACTIVITY, True)])
    d = [add_far(state, 1, name, k) for k, name in enumerate(["Dungeon", "Crypt", "Knight Room", "Mold Room"])]
    assert ref.resolve_rewards(state, 1, d) == 0
    assert rewards(state) == [(rs.REWARD, 1, data.ACTIVITY, 5, 1, 0, 0), (rs.REWARD, 1, data.DOWNSTAIRS, 0, 1, 1, 0)]
    assert ref.downstairs_reward(state, 1, []) == 0   # the fifth: an odd count, nothing


def test_wild_usable_says_which_rewards_have_a_use():
    """PROTOCOL.md 4: living, a completed downstairs room; sleeping, a stack with a tile; utility, a bonus card left;
    food, a legal pass or buy; corridor, not used up and a piece that fits; activity and outdoor always."""
    state, _ = game()
    usable = [ref.wild_usable(state, 0, k) for k in rs.REWARD_TYPES]
    assert usable == [False, True, True, True, True, True, True]
    state.stacks = [[] for _ in range(data.N_SIZES)]
    state.bonus_deck = []
    state.corridor_used = True
    crypt = add_far(state, 0, "Crypt")
    state.seats[0].castle.complete[crypt] = True
    usable = [ref.wild_usable(state, 0, k) for k in rs.REWARD_TYPES]
    assert usable == [True, True, False, True, False, True, False]
    state.rules = replace(R, corridor_reward_once_per_turn=False)
    assert ref.wild_usable(state, 0, data.CORRIDOR)
    state.supply = {data.HALLWAY: 0, data.STAIRS: 0}
    assert not ref.wild_usable(state, 0, data.CORRIDOR)


def test_a_wild_food_reward_needs_a_buy_when_extra_actions_may_not_pass():
    """U10 with food_extra_action_may_pass off: a wild food is usable iff some buy is legal (one is enough)."""
    state, _ = game(rules=replace(R, food_extra_action_may_pass=False))
    ref.price_market(state)
    me = state.seats[0]
    me.money = 0
    assert not ref.wild_usable(state, 0, data.FOOD)
    me.money = R.piece_price   # a piece only: the cheapest price slot is 4000
    state.supply[data.STAIRS] = 0
    assert ref.act_options(state, 0, True) == [(rs.A_BUY_PIECE, data.HALLWAY)]
    assert ref.wild_usable(state, 0, data.FOOD)


def test_living_targets_are_completed_rooms_downstairs_or_any():
    """R4 / ds_wild_living_target: the completed downstairs rooms, in placement order; `any_completed_room`: every
    completed room (never a piece); an incomplete room never."""
    state, _ = game()
    castle = state.seats[0].castle
    crypt, parlor, dungeon = add_far(state, 0, "Crypt", 0), add_far(state, 0, "Parlor", 1), add_far(state, 0, "Dungeon", 2)
    hallway = add_far(state, 0, data.HALLWAY, 3)
    for t in (crypt, parlor, hallway):
        castle.complete[t] = True
    assert ref.living_targets(state, 0) == [crypt]
    state.rules = replace(R, ds_wild_living_target="any_completed_room")
    assert ref.living_targets(state, 0) == [crypt, parlor]
    castle.complete[dungeon] = True
    assert ref.living_targets(state, 0) == [crypt, parlor, dungeon]
