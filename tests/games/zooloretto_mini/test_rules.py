"""Zooloretto Mini: one test per rule of shared/specs/zooloretto-mini.md, on hand-built reference states.

Tile codes (PROTOCOL 2): animal 4*s + class (0 plain/used, 1 fertile male, 2 fertile female, 3 offspring),
landscape 64 + kind (0 pond, 1 bush, 2 rock). States come from `State.empty` (tiles unshuffled; the highest
species removed) and the `put_*` helpers, which take tiles out of the stacks so invariants still hold.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.truck_tiles import baby, female, male, plain, removed_species
from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto_mini.reference import (
    BIRTH, BONUS_DISCARD, BONUS_SKIP, BONUS_TAKE, DRAW, FILL, LAST_ROUND, PLACE, POLICY_TURNS, ROUND_END, TAKE,
    IllegalMove, State, apply_turn, bonus_options, check_invariants, game_record, legal_turn_options, play_game,
    put_in_zoo, put_on_truck, random_turn, ranks_and_shares, replay_decisions, score_player, setup, uniform_bonus,
    uniform_turn,
)
from zoosim.games.zooloretto_mini.rules import BARN, Rules

pytestmark = pytest.mark.rules  # every test here pins the reference to the spec

R = Rules()
POND, BUSH, ROCK = 64, 65, 66
A, B, C = 0, 1, 2  # species in play with any player count by default


def fresh(players=3, **changes) -> State:
    return State.empty(replace(R, **changes), players)


def take(state, truck, placements, bonuses=()):
    apply_turn(state, (TAKE, truck, 0, 0), placements=list(placements), bonuses=list(bonuses))


# --- 1. components and setup ---------------------------------------------------------------------------

@pytest.mark.parametrize("players, squares, bag, removed, capacities", [
    (2, 53, 38, 3, [1, 2, 3]), (3, 64, 49, 2, [3, 3, 3]), (4, 75, 60, 1, [3] * 4), (5, 86, 71, 0, [3] * 5),
])
def test_setup_counts_per_player_count(players, squares, bag, removed, capacities):
    state = setup(R, players, PyRng(3, 1))
    assert len(state.main) == bag and len(state.end) == 15 and len(state.main + state.end) == squares
    assert len(state.removed_species) == removed
    assert [t.capacity for t in state.trucks] == capacities
    tiles = state.main + state.end
    for s in (s for s in range(7) if s not in state.removed_species):
        assert sorted(c for c in tiles if c // 4 == s and c < 64) == [4 * s] * 7 + [4 * s + 1] * 2 + [4 * s + 2] * 2
        assert state.supply[s] == 2
    assert sorted(c for c in tiles if c >= 64) == [POND] * 3 + [BUSH] * 3 + [ROCK] * 3
    check_invariants(state)


def test_setup_consumes_the_stream_as_the_protocol_says():
    rng = PyRng(5, 9)
    state = setup(R, 3, rng)
    expected = PyRng(5, 9)
    removed = removed_species(expected, 7, 2)
    assert state.removed_species == removed
    tiles = State.empty(R, 3, removed).main + State.empty(R, 3, removed).end
    for i in range(len(tiles) - 1, 0, -1):
        j = expected.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    assert state.main == tiles[:49] and state.end == tiles[49:] and rng.s == expected.s


# --- 2. a round ----------------------------------------------------------------------------------------

def test_draw_from_the_bag_then_the_end_stack_makes_the_round_the_last():
    state = fresh(3)
    state.main, state.end = [plain(A)], [POND, ROCK]
    apply_turn(state, (DRAW,), truck=0)
    apply_turn(state, (DRAW,), truck=1)
    assert state.events == [(DRAW, 0, plain(A), 0, 0, 0), (DRAW, 1, POND, 1, 1, 0), (LAST_ROUND, 1, 1, 0, 0, 0)]
    assert state.last_round and state.end == [ROCK]


def test_when_every_untaken_truck_is_full_taking_is_forced():
    state = fresh(3)
    for t in range(3):
        put_on_truck(state, t, plain(t), plain(t), plain(t))
    assert legal_turn_options(state) == [(TAKE, 0, 0, 0), (TAKE, 1, 0, 0), (TAKE, 2, 0, 0)]
    with pytest.raises(IllegalMove, match="cannot draw"):
        apply_turn(state, (DRAW,), truck=0)


def test_a_truck_needs_a_tile_to_be_taken():
    state = fresh(3)
    put_on_truck(state, 1, plain(A))
    assert legal_turn_options(state) == [(DRAW, 0, 0, 0), (TAKE, 1, 0, 0)]
    with pytest.raises(IllegalMove, match="empty"):
        take(state, 0, [])


def test_taking_sits_out_and_a_player_left_alone_keeps_going_and_starts_the_next_round():
    state = fresh(3)
    put_on_truck(state, 0, plain(A))
    put_on_truck(state, 1, plain(B))
    take(state, 0, [(plain(A), 0)])  # seat 0
    take(state, 1, [(plain(B), 0)])  # seat 1
    assert state.current == 2
    apply_turn(state, (DRAW,), truck=2)
    apply_turn(state, (DRAW,), truck=2)
    assert state.current == 2 and state.round == 1
    take(state, 2, [(c, BARN) for c in state.trucks[2].tiles])
    assert state.round == 2 and state.current == 2 and state.events[-1] == (ROUND_END, 2, 1, 0, 0, 0)


def test_two_players_trucks_1_2_3_and_leftover_tiles_leave_the_game():
    state = fresh(2)
    assert [t.capacity for t in state.trucks] == [1, 2, 3]
    put_on_truck(state, 0, plain(A))
    with pytest.raises(ZoosimError, match="truck 0 is full"):
        put_on_truck(state, 0, plain(A))
    put_on_truck(state, 1, plain(B))
    put_on_truck(state, 2, POND)
    take(state, 0, [(plain(A), 0)])
    take(state, 1, [(plain(B), 1)])
    assert state.round == 2 and state.out_of_game == [POND] and state.events[-1] == (ROUND_END, 1, 1, 1, 0, 0)
    check_invariants(state)


# --- 3. placing ----------------------------------------------------------------------------------------

def test_an_enclosure_holds_six_tiles_of_one_species_and_any_landscapes():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(A), plain(A), POND, POND, ROCK)
    put_on_truck(state, 0, plain(B), plain(A), BUSH)
    with pytest.raises(IllegalMove, match="cannot go to 0"):
        take(state, 0, [(plain(B), 0), (plain(A), 1), (BUSH, 2)])  # a second species
    assert state.zoos[0].enclosures[1].animals == []  # nothing changed
    take(state, 0, [(plain(A), 0), (plain(B), 1), (BUSH, BARN)], [(BONUS_SKIP, 0, 0, 0)])  # 6th tile; barn always
    enc = state.zoos[0].enclosures[0]
    assert len(enc.animals) == 3 and enc.landscapes == [0, 0, 2] and enc.free_spaces == 0
    assert state.zoos[0].barn[BUSH] == 1


def test_a_full_enclosure_takes_nothing():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 6)
    put_on_truck(state, 0, POND)
    with pytest.raises(IllegalMove):
        take(state, 0, [(POND, 0)])


# --- 4. breeding ---------------------------------------------------------------------------------------

def test_a_fertile_pair_breeds_at_once_each_adult_once():
    state = fresh(3)
    put_in_zoo(state, 0, 0, male(A))
    put_on_truck(state, 0, female(A), male(A))
    take(state, 0, [(female(A), 0), (male(A), 0)])
    enc = state.zoos[0].enclosures[0]
    assert sorted(enc.animals) == [plain(A), plain(A), male(A), baby(A)]
    assert state.events[2] == (BIRTH, 0, A, 0, 0, 0) and state.supply[A] == 1
    check_invariants(state)


def test_the_offspring_goes_to_the_barn_when_the_enclosure_is_full_and_nothing_breeds_elsewhere():
    state = fresh(3)
    put_in_zoo(state, 0, 0, male(A), POND, POND, ROCK, plain(A))
    put_in_zoo(state, 0, BARN, male(B))
    put_on_truck(state, 0, female(A), female(B))
    take(state, 0, [(female(A), 0), (female(B), BARN)], [(BONUS_SKIP, 0, 0, 0)])
    assert state.zoos[0].barn[baby(A)] == 1 and state.zoos[0].barn[female(B)] == 1
    assert (BIRTH, 0, A, 0, BARN, 0) in state.events and state.supply[B] == 2


def test_no_birth_when_the_supply_is_empty():
    state = fresh(3, offspring_per_species=0)
    put_on_truck(state, 0, male(A), female(A))
    take(state, 0, [(male(A), 0), (female(A), 0)])
    assert state.zoos[0].enclosures[0].animals == [male(A), female(A)]


# --- 5. the fill bonus ---------------------------------------------------------------------------------

def test_filling_an_enclosure_earns_a_bonus_resolved_after_all_tiles():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_in_zoo(state, 0, BARN, plain(C))
    put_on_truck(state, 0, plain(A), plain(B))
    take(state, 0, [(plain(A), 0), (plain(B), BARN)], [(BONUS_DISCARD, plain(B), 0, 0)])
    kinds = [e[0] for e in state.events]
    assert kinds == [TAKE, PLACE, FILL, PLACE, BONUS_DISCARD]
    assert state.events[2] == (FILL, 0, 0, 1, 0, 0)
    assert state.zoos[0].barn == {plain(C): 1} and state.zoos[0].bonuses_taken == 1


def test_a_birth_that_fills_earns_a_bonus():
    state = fresh(3)
    put_in_zoo(state, 0, 0, plain(A), plain(A), plain(A), male(A))
    put_on_truck(state, 0, female(A))
    take(state, 0, [(female(A), 0)], [(BONUS_SKIP, 0, 0, 0)])
    assert state.events[-2] == (FILL, 0, 0, 1, 0, 0) and state.events[-3][0] == BIRTH


@pytest.mark.parametrize("per_enclosure, earned", [(True, 2), (False, 1)])
def test_one_bonus_per_enclosure_filled_or_one_per_turn(per_enclosure, earned):
    state = fresh(3, bonus_per_enclosure=per_enclosure)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_in_zoo(state, 0, 1, *[plain(B)] * 5)
    put_on_truck(state, 0, plain(A), plain(B))
    skips = [(BONUS_SKIP, 0, 0, 0)] * earned
    with pytest.raises(IllegalMove):
        take(state, 0, [(plain(A), 0), (plain(B), 1)], skips + [(BONUS_SKIP, 0, 0, 0)])
    take(state, 0, [(plain(A), 0), (plain(B), 1)], skips)
    assert [e[3] for e in state.events if e[0] == FILL] == ([1, 1] if per_enclosure else [1, 0])


def test_bonus_take_only_legal_tiles_from_other_barns_and_no_chain_but_breeding():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_in_zoo(state, 0, 1, plain(B), plain(B), plain(B), plain(B), male(B))
    put_in_zoo(state, 1, BARN, female(B), plain(C))
    put_in_zoo(state, 0, BARN, POND)
    options = bonus_options(state, 0)
    assert options[0] == (BONUS_SKIP, 0, 0, 0)
    assert (BONUS_TAKE, 1, female(B), 1) in options and (BONUS_TAKE, 1, female(B), 0) not in options
    assert (BONUS_TAKE, 1, plain(C), 2) in options and (BONUS_DISCARD, POND, 0, 0) == options[-1]
    assert not any(o[0] == BONUS_TAKE and o[1] == 0 for o in options)  # never from the own barn
    put_on_truck(state, 0, plain(A))
    take(state, 0, [(plain(A), 0)], [(BONUS_TAKE, 1, female(B), 1)])
    # the taken female fills enclosure 1 (no bonus) and breeds; the offspring goes to the barn
    assert state.events[-3:] == [(BONUS_TAKE, 0, 1, female(B), 1, 0), (FILL, 0, 1, 0, 0, 0), (BIRTH, 0, B, 1, BARN, 0)]
    assert state.zoos[1].barn == {plain(C): 1} and state.zoos[0].barn[baby(B)] == 1
    check_invariants(state)


def test_an_illegal_bonus_is_refused_and_changes_nothing():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_on_truck(state, 0, plain(A))
    with pytest.raises(IllegalMove, match="bonus"):
        take(state, 0, [(plain(A), 0)], [(BONUS_DISCARD, POND, 0, 0)])  # the barn is empty
    assert state.trucks[0].tiles == [plain(A)] and state.events == []


# --- 6. scoring ----------------------------------------------------------------------------------------

def test_enclosure_points_by_animal_count_landscapes_dont_count():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 4, POND, BUSH)
    put_in_zoo(state, 0, 1, *[plain(B)] * 6)
    put_in_zoo(state, 0, 2, plain(C))
    parts = score_player(R, state.zoos[0])
    assert parts["enclosure_points"] == 4 + 12 + 1 and parts["landscape_points"] == 4


@pytest.mark.parametrize("n, points", [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 8), (6, 12)])
def test_points_table(n, points):
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * n)
    assert score_player(R, state.zoos[0])["enclosure_points"] == points


def test_landscape_kinds_count_once_in_the_whole_zoo_and_barn_penalties_by_kind():
    state = fresh(3)
    put_in_zoo(state, 0, 0, POND, POND)
    put_in_zoo(state, 0, 1, POND, ROCK)
    put_in_zoo(state, 0, BARN, plain(A), male(A), baby(B), BUSH, BUSH, ROCK)
    parts = score_player(R, state.zoos[0])
    assert parts == {"enclosure_points": 0, "landscape_points": 4, "barn_animal_penalty": -4,
                     "barn_landscape_penalty": -4, "total": -4}


def test_best_possible_score_is_36():
    assert R.max_score() == 36


def test_tie_break_landscape_tiles_then_shared():
    assert ranks_and_shares([10, 10, 8], [2, 1, 5]) == ([1, 2, 3], [1.0, 0.0, 0.0])
    assert ranks_and_shares([10, 10], [1, 1]) == ([1, 1], [0.5, 0.5])


# --- 8. the uniform policy -----------------------------------------------------------------------------

def test_uniform_bonus_discards_a_tile_chosen_uniformly_by_tile():
    state = fresh(3)
    put_in_zoo(state, 0, BARN, plain(A), plain(A), plain(A), POND)
    picks = [uniform_bonus(state, 0, PyRng(1, g)) for g in range(400)]
    ponds = sum(p == (BONUS_DISCARD, POND, 0, 0) for p in picks)
    assert 60 < ponds < 140  # 1 tile in 4
    assert uniform_bonus(fresh(3), 0, PyRng(1, 1)) == (BONUS_SKIP, 0, 0, 0)


def _policy_position() -> State:
    """Seat 0 of 3: five B in enclosure 0 (one space left), two C and a rock in the barn; seat 1's barn a B.
    Truck 0 [A, pond], truck 1 empty, truck 2 [B]; the bag's top tile is drawn next."""
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(B)] * 5)
    put_in_zoo(state, 0, BARN, plain(C), plain(C), ROCK)
    put_in_zoo(state, 1, BARN, plain(B))
    put_on_truck(state, 0, plain(A), POND)
    put_on_truck(state, 2, plain(B))
    return state


def _take_rows(mirror: PyRng, t: int, bonus) -> list:
    """The rows of seat 0 taking truck t of `_policy_position`, each tile's place drawn from its options (PROTOCOL
    8.3, worked out by hand: A fits enclosures 1 and 2, the pond any, B enclosure 0 or an empty one; the barn
    last); filling enclosure 0 earns one bonus (spec 5), chosen by `bonus(barn codes, enclosures free for B)`."""
    rows = [(TAKE, 0, t, 0, 0, 0)]
    places = [(plain(A), [1, 2, BARN]), (POND, [0, 1, 2, BARN])] if t == 0 else [(plain(B), [0, 1, 2, BARN])]
    barn, free_for_b = [plain(C), plain(C), ROCK], [1, 2]
    for code, options in places:
        dest = options[mirror.below(len(options))]
        rows.append((PLACE, 0, code, dest, 0, 0))
        if dest == BARN:
            barn = sorted(barn + [code])
        elif code == plain(A):
            free_for_b.remove(dest)
        if dest == 0:
            rows.append((FILL, 0, 0, 1, 0, 0))
            rows.append(bonus(barn, free_for_b))
    return rows


def test_uniform_draws_or_takes_with_the_draws_of_spec_8():
    seen = set()
    for g in range(60):
        state = _policy_position()
        rng, mirror = PyRng(2, g), PyRng(2, g)
        top = state.main[0]
        if mirror.below(2) == 0:  # D = [0, 1, 2] and T = [0, 2]: a coin first
            rows = [(DRAW, 0, top, [0, 1, 2][mirror.below(3)], 0, 0)]
        else:
            t = [0, 2][mirror.below(2)]
            rows = _take_rows(mirror, t, lambda barn, _: (BONUS_DISCARD, 0, barn[mirror.below(len(barn))], 0, 0, 0))
        uniform_turn(state, rng)
        assert state.events == rows and rng.s == mirror.s and state.current == 1
        seen.add((rows[0][0], rows[0][2] if rows[0][0] == TAKE else None, len(rows)))
    assert {(DRAW, None, 1), (TAKE, 0, 3), (TAKE, 0, 5), (TAKE, 2, 2), (TAKE, 2, 4)} <= seen


def test_random_plays_one_draw_over_the_turn_options_and_each_bonus_option_list():
    def bonus(mirror):
        def choose(barn, free_for_b):
            # PROTOCOL 9: SKIP, then TAKE (seller, code, enclosure), then DISCARD per code ascending
            options = [(BONUS_SKIP, 0, 0, 0, 0, 0)] + [(BONUS_TAKE, 0, 1, plain(B), e, 0) for e in free_for_b]
            options += [(BONUS_DISCARD, 0, code, 0, 0, 0) for code in sorted(set(barn))]
            return options[mirror.below(len(options))]
        return choose

    seen = set()
    for g in range(80):
        state = _policy_position()
        rng, mirror = PyRng(6, g), PyRng(6, g)
        top = state.main[0]
        k = mirror.below(3)  # [DRAW, TAKE 0, TAKE 2]
        if k == 0:
            rows = [(DRAW, 0, top, [0, 1, 2][mirror.below(3)], 0, 0)]
        else:
            rows = _take_rows(mirror, [0, 2][k - 1], bonus(mirror))
        random_turn(state, rng)
        assert state.events == rows and rng.s == mirror.s
        seen.update(r[0] for r in rows)
    assert {DRAW, TAKE, BONUS_SKIP, BONUS_TAKE, BONUS_DISCARD} <= seen


@pytest.mark.parametrize("policy", ["uniform", "random"])
def test_a_policy_that_can_neither_draw_nor_take_takes_the_lowest_untaken_empty_truck(policy):
    state = fresh(3)
    state.main, state.end = [], []
    state.trucks[0].taken_by = 2
    state.zoos[2].has_truck = True
    rng = PyRng(1, 1)
    before = list(rng.s)
    POLICY_TURNS[policy](state, rng)
    assert state.events == [(TAKE, 0, 1, 0, 0, 0)] and rng.s == before and state.current == 1


# --- the record of a game, and the replay of its decisions (PROTOCOL 10) -------------------------------

def test_game_record_ranks_by_score_then_landscape_tiles_with_the_own_columns():
    state = fresh(2)
    put_in_zoo(state, 0, 0, plain(A), plain(A), POND)
    put_in_zoo(state, 0, BARN, ROCK)
    put_in_zoo(state, 1, 0, plain(B), plain(B), BUSH, ROCK)
    put_in_zoo(state, 1, BARN, plain(C), plain(C))
    state.zoos[0].bonuses_taken, state.zoos[1].bonuses_taken = 2, 1
    state.zoos[1].offspring_born = 1
    state.round, state.turns, state.round_scores = 3, 6, [[0, 0]]
    record = game_record(state)
    # spec 6: seat 0: 2 animals 2, one kind 2, the rock in the barn -2 = 2; seat 1: 2 + two kinds 4, C in the
    # barn -2 = 4
    assert record.scores == [2, 4] and [s.rank for s in record.seats] == [2, 1]
    assert record.seats[0].components == {"enclosure_points": 2, "landscape_points": 2, "barn_animal_penalty": 0,
                                          "barn_landscape_penalty": -2}
    assert [s.columns for s in record.seats] == [
        {"bonuses_taken": 2, "landscape_tiles": 1, "offspring_born": 0, "barn_tiles": 1},
        {"bonuses_taken": 1, "landscape_tiles": 2, "offspring_born": 1, "barn_tiles": 2}]
    put_in_zoo(state, 1, BARN, ROCK)  # seat 1 now 2: a tie, broken by landscape tiles in the enclosures (2 to 1)
    assert [(s.score, s.rank, s.win_share) for s in game_record(state).seats] == [(2, 2, 0.0), (2, 1, 1.0)]


REPLAYED = [(R, 3, ["uniform", "random", "uniform"], 4), (R, 2, ["random", "random"], 38),
            (replace(R, bonus_per_enclosure=False), 4, ["random"] * 4, 0),  # games with fills, births, bonuses
            (R, 3, ["random"] * 3, 34)]  # a skipped bonus


@pytest.mark.parametrize("rules, players, policies, g", REPLAYED)
def test_replay_of_a_reference_game_gives_the_same_game(rules, players, policies, g):
    record = play_game(rules, players, policies, 17, g)
    assert {DRAW, TAKE, PLACE, FILL, BIRTH, ROUND_END} <= {e[0] for e in record.events}
    assert {BONUS_TAKE, BONUS_SKIP} & {e[0] for e in record.events}
    decisions = [list(e) for e in record.events if e[0] not in (BIRTH, FILL, LAST_ROUND, ROUND_END)]
    assert replay_decisions(rules, players, 17, g, decisions) == record  # consequences produced, not read
    assert replay_decisions(rules, players, 17, g, [list(e) for e in record.events]) == record


def test_replay_refuses_altered_decisions():
    events = [list(e) for e in play_game(R, 3, ["random"] * 3, 17, 5).events]

    def refused(rows, match):
        with pytest.raises(IllegalMove, match=match):
            replay_decisions(R, 3, 17, 5, rows)

    last = max(i for i, e in enumerate(events) if e[0] in (DRAW, TAKE))
    refused(events[:last], "the events end in round")
    refused(events + [[DRAW, 0, 0, 0, 0, 0]], "a decision after the game ended")
    take = next(i for i, e in enumerate(events) if e[0] == TAKE)
    refused(events[:take] + events[take + 1:], "expected DRAW or TAKE, got PLACE")
    refused(events[:take] + [[TAKE, (events[take][1] + 1) % 3, *events[take][2:]]] + events[take + 1:],
            "is on turn")
    draw = next(i for i, e in enumerate(events) if e[0] == DRAW)
    refused(events[:draw] + [[DRAW, events[draw][1], events[draw][2] + 1, *events[draw][3:]]] + events[draw + 1:],
            "the stack gives tile")
    bonus = next(i for i, e in enumerate(events) if e[0] in (BONUS_SKIP, BONUS_DISCARD, BONUS_TAKE))
    refused(events[:bonus] + events[bonus + 1:], "bonus")
    assert events[bonus][0] == BONUS_TAKE
    seat, _seller, code, e = events[bonus][1:5]
    from_own_barn = [BONUS_TAKE, seat, seat, code, e, 0]  # spec 5: a bonus tile comes from another player's barn
    refused(events[:bonus] + [from_own_barn] + events[bonus + 1:], "is not legal for player")


# --- a turn's API and what it leaves (PROTOCOL 9-10) ---------------------------------------------------

def test_an_options_missing_fields_are_zero():
    state = fresh(3)
    put_on_truck(state, 0, plain(A))
    put_on_truck(state, 1, plain(B))
    apply_turn(state, (TAKE, 1), placements=[(plain(B), 0)], bonuses=[])  # (TAKE, t): truck t
    apply_turn(state, (TAKE,), placements=[(plain(A), 0)], bonuses=[])  # (TAKE,): truck 0
    assert [e[:3] for e in state.events if e[0] == TAKE] == [(TAKE, 0, 1), (TAKE, 1, 0)]


def test_a_taken_or_missing_truck_cannot_be_taken():
    state = fresh(3)
    put_on_truck(state, 0, plain(A))
    put_on_truck(state, 1, plain(B))
    take(state, 0, [(plain(A), 0)])
    for t in (0, 3, -1):
        with pytest.raises(IllegalMove, match=f"truck {t} cannot be taken"):
            take(state, t, [])


def test_a_placement_chooser_is_asked_with_each_tile_and_its_options():
    state = fresh(3)
    put_in_zoo(state, 0, 1, plain(B))
    put_on_truck(state, 0, plain(A), POND)
    asked = []

    def chooser(code, options):
        asked.append((code, list(options)))
        return BARN if code == POND else options[0]

    apply_turn(state, (TAKE, 0, 0, 0), placements=chooser, bonuses=lambda s, p: (BONUS_SKIP, 0, 0, 0))
    assert asked == [(plain(A), [0, 2, BARN]), (POND, [0, 1, 2, BARN])]  # A fits 0 and 2 (1 holds B), the pond any
    assert state.zoos[0].barn == {POND: 1}


def test_an_illegal_placement_list_changes_nothing_even_with_a_bonus_chooser():
    state = fresh(3)
    put_on_truck(state, 0, plain(A), plain(B))
    before = (list(state.events), [list(t.tiles) for t in state.trucks], state.current)
    with pytest.raises(IllegalMove, match="cannot go to 0"):  # B into A's enclosure
        apply_turn(state, (TAKE, 0, 0, 0), placements=[(plain(A), 0), (plain(B), 0)],
                   bonuses=lambda s, p: (BONUS_SKIP, 0, 0, 0))
    assert (state.events, [t.tiles for t in state.trucks], state.current) == before
    assert state.zoos[0].enclosures[0].animals == [] and state.trucks[0].taken_by is None


def test_bonuses_count_up_and_a_discarded_tile_leaves_the_game():
    state = fresh(3)
    put_in_zoo(state, 0, 0, *[plain(A)] * 5)
    put_in_zoo(state, 0, BARN, ROCK)
    state.zoos[0].bonuses_taken = 2
    put_on_truck(state, 0, plain(A))
    take(state, 0, [(plain(A), 0)], [(BONUS_DISCARD, ROCK, 0, 0)])
    assert state.zoos[0].bonuses_taken == 3 and state.out_of_game == [ROCK] and state.zoos[0].barn == {}


def test_a_second_tile_of_a_code_in_the_barn_adds_up():
    state = fresh(3)
    put_in_zoo(state, 0, BARN, POND)
    put_on_truck(state, 0, POND, plain(A))
    take(state, 0, [(POND, BARN), (plain(A), BARN)])
    assert state.zoos[0].barn == {POND: 2, plain(A): 1}


def test_invariants_hold_at_the_score_bounds_with_landscapes_in_enclosures_and_fail_on_a_bad_barn():
    state = fresh(5)  # no species removed
    for e, s in enumerate((A, B, C)):
        put_in_zoo(state, 0, e, *[plain(s)] * 6)
    put_in_zoo(state, 1, BARN, *[plain(s) for s in range(7)], POND, BUSH, ROCK)
    put_in_zoo(state, 2, 0, POND, BUSH, plain(3))
    assert [score_player(R, z)["total"] for z in state.zoos[:2]] == [R.max_score(), R.min_score()] == [36, -20]
    check_invariants(state)
    state.zoos[3].barn[POND] = 0  # spec 6 counts kinds in the barn: an entry of no tile would be one
    with pytest.raises(AssertionError, match="player 3: bad barn entry"):
        check_invariants(state)
