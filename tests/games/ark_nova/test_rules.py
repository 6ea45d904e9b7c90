"""Ark Nova rules (spec §16 parameters, rulebook numbers of §3-§13): defaults and every validation message."""
from dataclasses import fields, replace

import pytest

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.rules import READINGS, RULE_DOCS, Rules, non_default, validate

pytestmark = pytest.mark.rules

R = Rules()


def test_every_field_has_a_doc_line_and_defaults_validate():
    assert set(RULE_DOCS) == {f.name for f in fields(Rules)}
    assert all("\n" not in doc and doc for doc in RULE_DOCS.values())
    for players in (2, 3, 4):
        validate(R, players)
    assert non_default(R) == {}


def test_spec_16_parameters_are_fields_with_the_spec_defaults():
    spec16 = dict(
        map_file="ark-nova-map-a.toml", peaceful=False, place_unique_buildings=True, venom_unpaid="skip",
        break_track_len=(9, 12, 15), start_money=25, start_appeal_by_seat=(0, 1, 2, 3), start_reputation=1,
        start_seat_random=True, random_action_order=True, hand_draw=8, hand_keep=4, final_scoring_dealt=2,
        display_size=6, base_projects_shown=(3, 3, 4), project_row_limit=(2, 3, 4), two_player_blocks=True,
        donation_costs=((2, 5, 7, 10), (2, 5, 5, 7, 7, 10, 10), (2, 5, 5, 7, 7, 10, 10)), donation_overflow=12,
        bonus_tiles=("money10", "enclosure3", "rep2", "x3", "take3", "partner_zoo", "university", "multiplier",
                     "sponsor"),
        bonus_sponsor_rule="hand_level5_free", max_x_tokens=5, max_appeal=113, max_cp=41, hand_limit=3,
        hand_limit_univ=5, snap_ignores_reputation=True, allow_null_action=False, reshuffle_discard=True,
        support_without_bonus_token=True, free_building_ignores_build2=False, peacocking_needs_build2=False,
        covered_terrain_counts=False, multiplier_rule="next_use_twice", mapA_partner4_cp=2, mapA_univ3_cp=2,
        mapA_last_worker_cp=2, end_trigger_score=100, break_after_last_turn=False, tie_rule="supports_then_shared",
        max_turns=150, opening_card=0, opening_card_seat=0)
    assert {k: getattr(R, k) for k in spec16} == spec16
    assert set(READINGS) == {f"R{i}" for i in range(1, 24)}


def test_rulebook_tables():
    # §9.3 full table rows and the §17 spot values
    assert R.appeal_income[:10] == (5, 6, 7, 8, 9, 10, 10, 11, 11, 12)
    assert R.appeal_income[110:] == (37, 37, 37, 37)
    spots = {0: 5, 4: 9, 5: 10, 6: 10, 7: 11, 16: 15, 17: 16, 31: 20, 32: 21, 55: 26, 56: 27, 95: 34, 96: 35,
             101: 35, 102: 36, 113: 37}
    assert {a: R.appeal_income[a] for a in spots} == spots
    cps = {0: -14, 2: -10, 5: -4, 8: 2, 10: 6, 11: 9, 20: 36, 22: 42, 23: 45, 30: 66, 41: 99}
    assert {c: R.cp_points[c] for c in cps} == cps
    assert R.score(54, 22) == 96 and R.score(64, 23) == 109 and R.score(58, 22) == 100
    for appeal, cp in ((114, 0), (94, 10), (64, 20), (34, 30), (4, 40)):
        assert appeal + R.cp_points[cp] == 100
    assert [R.range_folders(r) for r in (1, 3, 4, 9, 10, 13, 15)] == [1, 2, 3, 4, 5, 6, 6]
    assert R.cards_draw == ((1, 1, 2, 2, 3), (1, 2, 2, 3, 4)) and R.cards_discard == ((1, 0, 1, 0, 1), (0, 1, 0, 1, 1))
    assert R.animals_playable == ((0, 1, 1, 1, 2), (1, 1, 2, 2, 2))


@pytest.mark.parametrize("change, players, message", [
    ({}, 1, "ark_nova is for 2-4 players, got 1"),
    ({}, 5, "ark_nova is for 2-4 players, got 5"),
    ({"map_file": "map_b.toml"}, 2, "map_file must be one of ark-nova-map-a.toml, got 'map_b.toml'"),
    ({"venom_unpaid": "pay"}, 2, "venom_unpaid must be one of skip, got 'pay'"),
    ({"bonus_sponsor_rule": "x"}, 2, "bonus_sponsor_rule must be one of hand_level5_free, got 'x'"),
    ({"multiplier_rule": "x"}, 2, "multiplier_rule must be one of next_use_twice, got 'x'"),
    ({"tie_rule": "x"}, 2, "tie_rule must be one of supports_then_shared, got 'x'"),
    ({"break_track_len": (0, 12, 15)}, 2, "break_track_len for 2 players must be 1-99, got 0"),
    ({"break_track_len": (9, 12)}, 2, "break_track_len needs 3 values (for 2, 3, 4 players), got 2"),
    ({"base_projects_shown": (3, 3, 13)}, 4, "base_projects_shown for 4 players must be 0-12, got 13"),
    ({"project_row_limit": (0, 3, 4)}, 2, "project_row_limit for 2 players must be 1-20, got 0"),
    ({"start_appeal_by_seat": (0, 1)}, 2, "start_appeal_by_seat needs 4 values (seats 0-3), got 2"),
    ({"start_appeal_by_seat": (0, 1, 2, 200)}, 2, "start_appeal_by_seat values must be 0-113, got 200"),
    ({"donation_costs": ((2,),)}, 2, "donation_costs needs 3 lists (for 2, 3, 4 players), got 1"),
    ({"donation_costs": ((2, -5), (), ())}, 2, "donation_costs must be >= 0, got -5"),
    ({"donation_overflow": -1}, 2, "donation_overflow must be >= 0, got -1"),
    ({"bonus_tiles": ("money10", "gold")}, 2, "bonus tile 'gold' is unknown; accepted: money10, enclosure3, rep2, "
                                              "x3, take3, partner_zoo, university, multiplier, sponsor"),
    ({"bonus_tiles": ("money10", "rep2")}, 2, "bonus_tiles needs at least 4 tiles (2 spaces x bonus_tiles_per_space), "
                                              "got 2"),
    ({"max_appeal": 150}, 2, "max_appeal must be 1-113 (the income table's length), got 150"),
    ({"max_cp": 0}, 2, "max_cp must be 1-41 (the CP table's length), got 0"),
    ({"max_x_tokens": -1}, 2, "max_x_tokens must be 0-20, got -1"),
    ({"start_money": -3}, 2, "start_money must be >= 0, got -3"),
    ({"start_reputation": 0}, 2, "start_reputation must be 1-9, got 0"),
    ({"display_size": 0}, 2, "display_size must be 1-12, got 0"),
    ({"hand_keep": 9}, 2, "hand_keep and hand_draw must satisfy 0 <= hand_keep <= hand_draw <= 20, got 9 and 8"),
    ({"final_scoring_dealt": 3}, 4, "final_scoring_dealt must be 0-2 with 4 players (11 cards), got 3"),
    ({"hand_limit": 6}, 2, "hand_limit and hand_limit_univ must satisfy 0 <= hand_limit <= hand_limit_univ, got 6 "
                           "and 5"),
    ({"mapA_univ3_cp": -2}, 2, "mapA_univ3_cp must be >= 0, got -2"),
    ({"end_trigger_score": 0}, 2, "end_trigger_score must be 1-300, got 0"),
    ({"max_turns": 0}, 2, "max_turns must be 1-1000, got 0"),
    ({"opening_card": 999}, 2, "opening_card 999 is not a zoo-deck card; accepted: 0 (none), animals 401-528, "
                               "sponsors 201-264, projects 113-132"),
    ({"opening_card": 101}, 2, "opening_card 101 is not a zoo-deck card; accepted: 0 (none), animals 401-528, "
                               "sponsors 201-264, projects 113-132"),
    ({"opening_card": 401, "opening_card_seat": 2}, 2, "opening_card_seat must be 0-1 with 2 players, got 2"),
    ({"opening_card": 401, "hand_keep": 0}, 2, "opening_card needs hand_keep >= 1, got 0"),
    ({"workers_start": 0}, 2, "workers_start and workers_total must satisfy 1 <= start <= total <= 8, got 0 and 4"),
    ({"building_cost_per_cell": -1}, 2, "building_cost_per_cell must be >= 0, got -1"),
    ({"cards_break_steps": -1}, 2, "cards_break_steps must be >= 0, got -1"),
    ({"cards_draw": ((1, 1, 2, 2), (1, 2, 2, 3, 4))}, 2, "cards_draw needs 2 rows of 5 values, got [4, 5]"),
    ({"cards_discard": ((1, 0, 1, 0, 11), (0, 1, 0, 1, 1))}, 2, "cards_discard values must be 0-10, got 11"),
    ({"animals_playable": ((0, 1, 1, 1, 6), (1, 1, 2, 2, 2))}, 2, "animals_playable values must be 0-5, got 6"),
    ({"cards_snap_strength": (0, 3)}, 2, "cards_snap_strength needs 2 values 1-6 (6 = never), got (0, 3)"),
    ({"sponsors_break_money": (1,)}, 2, "sponsors_break_money needs 2 values, got 1"),
    ({"task_values": (2, 3, 4)}, 2, "task_values needs 4 values 1-10 (reputation, partner zoo, university, "
                                    "project), got (2, 3, 4)"),
    ({"max_partner_zoos": (3, 2)}, 2, "max_partner_zoos needs 2 values 0-5 (side I <= side II), got (3, 2)"),
    ({"max_universities": 4}, 2, "max_universities must be 0-3, got 4"),
    ({"workers_per_repeat": (1,)}, 2, "workers_per_repeat needs 2 values, got 1"),
    ({"reputation_cap_side1": 16}, 2, "reputation_cap_side1 and max_reputation must satisfy 1 <= cap <= max <= 15, "
                                      "got 16 and 15"),
    ({"reputation_bonuses": ((5, "gold"),)}, 2, "reputation bonus (5, 'gold') is not (1-15, one of upgrade, worker, "
                                                "card, cp, x)"),
    ({"reputation_range": (1, 2, 4)}, 2, "reputation_range needs 6 increasing values starting at 1 (one per display "
                                         "folder), got (1, 2, 4)"),
    ({"appeal_income": (5,)}, 2, "appeal_income needs 114 values (appeal 0-113), got 1"),
    ({"cp_points": (0,)}, 2, "cp_points needs 42 values (CP 0-41), got 1"),
    ({"cp_bonus_spaces": (5,)}, 2, "cp_bonus_spaces needs 2 spaces >= 1, got (5,)"),
    ({"max_final_card_cp": -1}, 2, "max_final_card_cp must be >= 0, got -1"),
])
def test_validation_messages(change, players, message):
    with pytest.raises(ZoosimError) as err:
        validate(replace(R, **change), players)
    assert str(err.value) == message
    assert "\n" not in str(err.value)
