"""Castles `Rules`: the spec's §8 parameters and U1-U12 as fields with their defaults, RULE_DOCS, and one test per
validation message."""
from __future__ import annotations

import re
from dataclasses import fields, replace

import pytest

from zoosim.errors import ZoosimError
from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.rules import RULE_DOCS, Rules, validate

R = Rules()


@pytest.mark.rules
def test_defaults_are_the_spec_readings():
    """§2 table and §8: per player count (2, 3, 4)."""
    assert [R.for_players("small_stack", n) for n in (2, 3, 4)] == [5, 7, 9]
    assert [R.for_players("large_stack", n) for n in (2, 3, 4)] == [4, 5, 6]
    assert [R.for_players("stairs", n) for n in (2, 3, 4)] == [4, 5, 6]
    assert [R.for_players("hallways", n) for n in (2, 3, 4)] == [5, 7, 9]
    assert [R.for_players("market_slots", n) for n in (2, 3, 4)] == [5, 6, 7]
    assert R.for_players("price_slots", 4) == (1000, 2000, 4000, 6000, 8000, 10000, 15000)
    assert R.for_players("price_slots", 3) == (2000, 4000, 6000, 8000, 10000, 15000)
    assert R.for_players("price_slots", 2) == (4000, 6000, 8000, 10000, 15000)
    assert [R.for_players("favors_in_play", n) for n in (2, 3, 4)] == [2, 3, 4]
    assert R.room_card_composition == (5,) * 10 and sum(R.room_card_composition) == 50
    assert (R.deck_cards_per_player, R.start_money, R.start_points) == (11, 15000, (0, 1, 2, 3))
    assert (R.unsold_increment, R.piece_price, R.pass_income) == (1000, 3000, 5000)
    assert (R.bonus_deal, R.bonus_keep, R.favor_points, R.exhaust_bonus, R.money_per_point) == \
        (3, 2, (8, 4, 2, 1), 2, 10000)
    assert (R.coins_count_toward_price, R.on_empty_stack, R.once_per_turn_scope) == (False, "redraw", "action")
    assert (R.food_extra_action_may_pass, R.corridor_reward_once_per_turn, R.downstairs_reward_once_per_turn) == \
        (True, True, True)
    assert R.ds_wild_living_target == "completed_downstairs" and R.pieces_give_rewards
    assert R.pieces_are_corridor_for_room_rules and R.pieces_count_for_castle_rules
    assert not (R.corridor_pieces_in_card_counts or R.castle_rule_counts_self or R.bonus_per_link
                or R.living_rescore_includes_neighbours)
    assert R.area_includes_pieces and R.max_rounds == 40 and R.first_mb == "random"
    assert (R.activity_reward_points, R.outdoor_reward_money, R.utility_reward_draw, R.utility_reward_keep,
            R.sleeping_reward_max_tiles, R.downstairs_reward_every) == (5, 10000, 2, 1, 2, 2)
    assert R.geometry() == g.GeometryParams()  # grid 256, foyer centred, half cells shared, G4 illegal, G6 1


def test_every_field_has_one_doc_line():
    assert [f.name for f in fields(Rules)] == list(RULE_DOCS)
    assert all(doc and "\n" not in doc for doc in RULE_DOCS.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_defaults_validate(players):
    validate(R, players)


BAD = [
    ({}, 5, "castles is for 2-4 players, got 5"),
    ({}, 1, "castles is for 2-4 players, got 1"),
    ({"small_stack": (5, 7)}, 3, "small_stack needs one value per player count 2, 3, 4 (3 values), got 2"),
    ({"small_stack": (5, 7, 10)}, 4, "small_stack at 4 players is 10; accepted: 1-9 (tiles of such a size)"),
    ({"large_stack": (0, 5, 6)}, 2, "large_stack at 2 players is 0; accepted: 1-6 (tiles of such a size)"),
    ({"hallways": (5, -1, 9)}, 3, "hallways at 3 players is -1; accepted: 0-20"),
    ({"room_card_composition": (5,) * 9}, 2,
     "room_card_composition (5, 5, 5, 5, 5, 5, 5, 5, 5) needs 10 counts >= 0 (sizes 100..600)"),
    ({"room_card_composition": (4,) * 10}, 4, "room_card_composition holds 40 cards, fewer than "
     "deck_cards_per_player x players = 44; accepted: at least that many"),
    ({"deck_cards_per_player": 0}, 2, "deck_cards_per_player must be >= 1, got 0"),
    ({"market_slots": (5, 6, 0)}, 4, "market_slots at 4 players is 0; accepted: 1-16"),
    ({"market_slots": (6, 6, 7)}, 2, "price_slots at 2 players has 5 prices for 6 market slots; accepted: at least "
     "one price per market slot"),
    ({"price_slots": ((4000, 6000, 8000, 10000, -1), (1,) * 6, (1,) * 7)}, 2,
     "price_slots at 2 players (4000, 6000, 8000, 10000, -1) has a negative price; accepted: prices >= 0"),
    ({"favors_in_play": (2, 3, 24)}, 4, "favors_in_play at 4 players is 24; accepted: 0-23"),
    ({"exclusive_favors": ("KF19",)}, 2, "exclusive_favors ('KF19',) must be () or two King's Favor ids (KF01-KF24)"),
    ({"favor_points": (8, 4, 2)}, 4, "favor_points (8, 4, 2) has 3 values for 4 players; accepted: one per place"),
    ({"start_points": (0, 1)}, 3, "start_points (0, 1) has 2 values for 3 players; accepted: one per seat"),
    ({"bonus_keep": 4}, 2, "bonus_keep 4 with bonus_deal 3; accepted: 0 <= keep <= deal"),
    ({"bonus_deal": 7, "bonus_keep": 2}, 4, "bonus_deal 7 x 4 players exceeds the 27 bonus cards"),
    ({"utility_reward_keep": 3}, 2, "utility_reward_keep 3 with utility_reward_draw 2; accepted: 0 <= keep <= draw"),
    ({"pass_income": -5000}, 2, "pass_income must be >= 0, got -5000"),
    ({"money_per_point": 0}, 2, "money_per_point must be >= 1, got 0"),
    ({"downstairs_reward_every": 0}, 2, "downstairs_reward_every must be >= 1, got 0"),
    ({"max_rounds": 0}, 2, "max_rounds must be 1-1000, got 0"),
    ({"first_mb": "last"}, 2, "first_mb 'last' unknown (accepted: random, seat0)"),
    ({"on_empty_stack": "reshuffle"}, 2, "on_empty_stack 'reshuffle' unknown (accepted: redraw, skip)"),
    ({"once_per_turn_scope": "round"}, 2, "once_per_turn_scope 'round' unknown (accepted: action, player_round)"),
    ({"ds_wild_living_target": "foyer"}, 2,
     "ds_wild_living_target 'foyer' unknown (accepted: completed_downstairs, any_completed_room)"),
    ({"mixed_level_door_contact": "connected"}, 2,
     "mixed_level_door_contact 'connected' unknown (accepted: illegal, blocked)"),
    ({"grid_size": 8}, 2, "grid_size 8 is too small for a castle or too large (accepted: 16-1024 cells)"),
    ({"foyer_origin": 30, "grid_size": 32}, 2,
     "foyer_origin 30 puts the 3x3 foyer off a 32-cell grid (accepted: 0-29 or None)"),
    ({"min_external_entrances": -1}, 2, "min_external_entrances must be >= 0, got -1"),
]


@pytest.mark.parametrize("changes, players, message", BAD)
def test_validation_messages(changes, players, message):
    with pytest.raises(ZoosimError, match=re.escape(message) + r"\Z"):
        validate(replace(R, **changes), players)


def test_nested_rule_values_from_text_and_from_a_study():
    """price_slots is a list per player count: `--rule` takes it as `zoosim rules` prints it or split by `;`, and a
    study's TOML list of lists reaches the rules unflattened."""
    from zoosim.games.base import override_rules
    from zoosim.study import _rule_text
    cheap = ((1000, 2000, 4000, 6000, 8000), (1000, 2000, 4000, 6000, 8000, 10000),
             (1000, 2000, 4000, 6000, 8000, 10000, 15000))
    printed = "[[1000, 2000, 4000, 6000, 8000], [1000, 2000, 4000, 6000, 8000, 10000], " \
              "[1000, 2000, 4000, 6000, 8000, 10000, 15000]]"
    assert override_rules(Rules(), {"price_slots": printed}).price_slots == cheap
    assert override_rules(Rules(), {"price_slots": "1000,2000,4000,6000,8000;1000,2000,4000,6000,8000,10000;"
                                                   "1000,2000,4000,6000,8000,10000,15000"}).price_slots == cheap
    assert override_rules(Rules(), {"price_slots": _rule_text([list(p) for p in cheap])}).price_slots == cheap
    assert override_rules(Rules(), {"price_slots": [list(p) for p in cheap]}).price_slots == cheap
    from zoosim.games.base import rule_text   # what a run's manifest writes in its command line
    assert rule_text(cheap) == "[[1000,2000,4000,6000,8000],[1000,2000,4000,6000,8000,10000]," \
                               "[1000,2000,4000,6000,8000,10000,15000]]"
    assert override_rules(Rules(), {"price_slots": rule_text(cheap)}).price_slots == cheap
    assert rule_text(True) == "true" and rule_text((6, 4)) == "6,4"
    with pytest.raises(ZoosimError, match="price_slots needs a value like"):
        override_rules(Rules(), {"price_slots": "[[1000, x]]"})
