"""Castles reference: invariants over a few hundred whole games with the uniform and random policies at 2, 3 and 4
players (and a few under changed rules), and reproducibility. After every round: every tile is in exactly one
place, no two tiles claim one cell (but opposite half cells), every doorway is OPEN/CONNECTED/BLOCKED as §4.3
(geometry.door_states), completion flags are right, money is conserved (§10.1 item 12); at the end: every game
ended, scores are the sum of their parts, placement points equal the static evaluation (§5 invariant, §10.1
item 14), and the event rows add up to the parts."""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, replace

import pytest

from zoosim.games.castles.components import data
from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.reference import game as ref
from zoosim.games.castles.reference import state as rs
from zoosim.games.castles.reference.scoring import static_points
from zoosim.games.castles.rules import Rules

R = Rules()
GAMES = 30  # per (players, policy)


def check(state: rs.State) -> None:
    rules, n = state.rules, state.players
    rooms = Counter(t for stack in state.stacks for t in stack)
    rooms.update(state.unseen)
    rooms.update(t for t, _ in state.market)
    rooms.update(state.pending)
    pieces = Counter()
    for me in state.seats:
        castle = me.castle
        tiles = [p.tile for p in castle.tiles]
        rooms.update(t for t in tiles if t < data.N_ROOMS)
        pieces.update(t for t in tiles if t >= data.N_ROOMS)
        claimed: dict = {}
        for p in castle.tiles:  # G2 in the built castle
            for c, q in g.quarters(p, rules.allow_half_cell_sharing).items():
                assert not claimed.get(c, 0) & q, f"two tiles on cell {c}"
                claimed[c] = claimed.get(c, 0) | q
                assert 0 <= c[0] < rules.grid_size and 0 <= c[1] < rules.grid_size
        states = g.door_states(castle.tiles)
        assert castle.door_state == [[s for s, _ in row] for row in states]
        assert castle.door_partner == [[b for _, b in row] for row in states]
        assert castle.open_up == g.external_entrances(castle.tiles) >= rules.min_external_entrances
        assert castle.complete == [castle.is_complete_now(t) for t in range(len(tiles))]
        assert tiles[0] == data.FOYER and tiles.count(data.FOYER) == 1
    assert rooms == Counter(range(data.N_ROOMS)), "a room is missing or twice"
    assert pieces[data.HALLWAY] + state.supply[data.HALLWAY] == rules.for_players("hallways", n)
    assert pieces[data.STAIRS] + state.supply[data.STAIRS] == rules.for_players("stairs", n)
    held = sum(me.money for me in state.seats) + sum(c for _, c in state.market)
    assert held == n * rules.start_money + state.bank_out - state.bank_in
    assert all(me.money >= 0 for me in state.seats)


def play_checked(rules, players, policies, seed, index) -> tuple[ref.GameRecord, rs.State]:
    seen = {}

    def keep(state):
        check(state)
        seen["state"] = state

    record = ref.play_game(rules, players, policies, seed, index, check=keep)
    return record, seen["state"]


def assert_record(record: ref.GameRecord, state: rs.State) -> None:
    rules = state.rules
    assert state.game_over and record.end_reason in (rs.END_DECK, rs.END_ROUND_CAP)
    assert record.rounds <= rules.max_rounds and (record.end_reason == rs.END_ROUND_CAP or not state.deck)
    for p, (seat, me) in enumerate(zip(record.seats, state.seats)):
        assert seat.score == sum(seat.components.values())
        assert list(seat.components) == list(rs.COMPONENTS)
        assert seat.components["placement_points"] == static_points(me.castle, rules)
        scored = sum(e[3] for e in record.events if e[0] == rs.SCORE and e[1] == p)
        assert scored == seat.components["placement_points"]
        rewarded = sum(e[3] for e in record.events if e[0] == rs.REWARD and e[1] == p
                       and e[2] in (data.LIVING, data.ACTIVITY))
        assert rewarded == seat.components["completion_rewards"]
        assert seat.passes == sum(1 for e in record.events if e[0] == rs.PASS and e[1] == p)
        assert seat.times_master_builder == sum(1 for e in record.events if e[0] == rs.ROUND_START and e[3] == p)
        assert seat.completed_rooms == sum(c for c, pl in zip(me.castle.complete, me.castle.tiles)
                                           if pl.tile < data.N_ROOMS)
        assert sum(seat.rooms_by_type) + seat.hallways + seat.stairs + 1 == len(me.castle.tiles)
    assert sorted(s.policy for s in record.seats) == list(range(state.players))
    assert abs(sum(s.win_share for s in record.seats) - 1.0) < 1e-9
    assert record.turns >= record.rounds * state.players


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["uniform", "random"])
def test_invariants_over_whole_games(players, policy):
    lengths, rewards = [], Counter()
    for index in range(GAMES):
        record, state = play_checked(R, players, [policy] * players, 2024 + players, index)
        assert_record(record, state)
        lengths.append(record.rounds)
        rewards.update(e[2] for e in record.events if e[0] == rs.REWARD)
    assert all(r <= 40 for r in lengths) and min(lengths) >= 10
    assert len(rewards) >= 5  # most reward kinds occur


VARIANTS = [
    {"on_empty_stack": "skip"}, {"once_per_turn_scope": "player_round"}, {"mixed_level_door_contact": "blocked"},
    {"allow_half_cell_sharing": False}, {"coins_count_toward_price": True}, {"bonus_per_link": True},
    {"castle_rule_counts_self": True, "living_rescore_includes_neighbours": True},
    {"pieces_give_rewards": False, "pieces_are_corridor_for_room_rules": False, "pieces_count_for_castle_rules": False},
    {"corridor_pieces_in_card_counts": True, "area_includes_pieces": False}, {"food_extra_action_may_pass": False},
    {"ds_wild_living_target": "any_completed_room", "downstairs_reward_every": 1},
    {"room_card_composition": (6, 6, 6, 6, 6, 4, 4, 4, 4, 4), "first_mb": "seat0", "max_rounds": 12},
    {"min_external_entrances": 3, "grid_size": 40},
]


@pytest.mark.parametrize("changes", VARIANTS, ids=lambda c: ",".join(c))
def test_invariants_under_changed_rules(changes):
    rules = replace(R, **changes)
    for index in range(4):
        players = 2 + index % 3
        record, state = play_checked(rules, players, ["uniform", "random", "uniform", "random"][:players], 7, index)
        assert_record(record, state)


def test_same_seed_same_record_other_index_other_game():
    a = ref.play_game(R, 3, ["uniform", "random", "uniform"], 99, 5)
    b = ref.play_game(R, 3, ["uniform", "random", "uniform"], 99, 5)
    c = ref.play_game(R, 3, ["uniform", "random", "uniform"], 99, 6)
    assert asdict(a) == asdict(b)
    assert a.events != c.events
