"""Ark Nova reference, the tracks and piles (reference.tracks) on hand-built positions: every CP bonus tile (§8.2),
snapping a display card (§5.1, §10.5), losing appeal (§10.2), the final-card discard (§8.2, §13.2), the donation
costs (§10.6) and the card-conservation census (§17), with the event rows of PROTOCOL.md 7."""
from dataclasses import replace

import pytest

from tests.games.ark_nova.test_reference_play import R, game, m
from zoosim.games.ark_nova.reference import actions as ra  # noqa: F401  (fills the handlers)
from zoosim.games.ark_nova.reference import game as ref  # noqa: F401
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import tracks as rt
from zoosim.games.ark_nova.reference.state import E_DECIDE, E_DISCARD, E_DRAW, E_GAIN, E_TILE, E_TOKEN

pytestmark = pytest.mark.rules


def decided(s, hook):
    return [e for e in s.events if e[0] == E_DECIDE and e[2] == hook]


def since(s, n):
    return s.events[n:]


# ---------------------------------------------------------------- bonus tiles (§8.2)
def test_multiplier_tile_puts_a_token_on_the_chosen_card_usable_from_the_turns_end():
    s, script = game(2, (rs.H_MULTIPLIER_CARD, 3), (rs.H_MULTIPLIER_CARD, 3))
    n = len(s.events)
    rt.bonus_tile(s, 0, "multiplier")
    rt.bonus_tile(s, 0, "multiplier")  # a second token on the same card
    assert s.ps[0].multiplier_pending == [0, 0, 0, 2, 0] and s.ps[0].multiplier == [0] * 5
    assert since(s, n) == [(E_DECIDE, 0, rs.H_MULTIPLIER_CARD, 5, 3, 0), (E_TOKEN, 0, 0, 3, 0, 0)] * 2


def test_enclosure3_tile_places_a_free_size_3_enclosure():
    s, script = game(2, (rs.H_FOOTPRINT, m((1, 6), (1, 8), (2, 7))))
    p = s.ps[0]
    rt.bonus_tile(s, 0, "enclosure3")
    assert (p.buildings[-1].kind, p.buildings[-1].mask) == (2, m((1, 6), (1, 8), (2, 7))) and p.money == 25
    assert len(decided(s, rs.H_FOOTPRINT)) == 1


def test_partner_zoo_tile_keeps_the_association_cards_limit_and_university_tile_takes_one():
    s, script = game(2, (rs.H_PARTNER, 9), (rs.H_UNIVERSITY, 2))
    p = s.ps[0]
    p.partner_zoos = [7]
    s.board_partner_zoos = [8, 9]
    rt.bonus_tile(s, 0, "partner_zoo")  # side I: a 2nd partner zoo (max 2), slot 2: an upgrade
    assert p.partner_zoos == [7, 9] and s.board_partner_zoos == [8] and sum(p.side2) == 1
    rt.bonus_tile(s, 0, "partner_zoo")  # a 3rd needs Association side II
    assert p.partner_zoos == [7, 9]
    rt.bonus_tile(s, 0, "university")
    assert p.universities == [2] and s.board_universities == [0, 1]


def test_sponsor_tile_plays_a_hand_sponsor_of_level_5_or_less_free():
    s, script = game(2, (rs.H_SPONSOR_PLAY, (-1, 209)))
    p = s.ps[0]
    p.hand = [226, 209, 227, 223, 401]  # levels 6, 5 (imm_x:1), 6 (rep>=6), 3; an animal
    rt.bonus_tile(s, 0, "sponsor")
    assert p.sponsors == [209] and p.hand == [226, 227, 223, 401] and p.money == 25 and p.x == 1
    assert script.asked[-1] == (0, rs.H_SPONSOR_PLAY, [(-1, 209), (-1, 223)])


def test_the_other_tiles_and_an_unknown_one():
    s, script = game(2)
    p = s.ps[0]
    rt.bonus_tile(s, 0, "money10")
    rt.bonus_tile(s, 0, "rep2")
    rt.bonus_tile(s, 0, "x3")
    rt.bonus_tile(s, 0, "take3")
    assert (p.money, p.rep, p.x, len(p.hand)) == (35, 3, 3, 3)
    n = len(s.events)
    rt.bonus_tile(s, 0, "none of these")
    assert len(s.events) == n


def test_a_cp_space_tile_is_logged_with_its_first_position_in_the_pool():
    s, script = game(2, (rs.H_CP_TILE, 1))
    s.bonus_tiles[5] = ["x3", "money10"]
    rt.gain(s, 0, 4, 5)
    assert s.bonus_tiles[5] == ["x3"] and s.ps[0].money == 35
    assert [e for e in s.events if e[0] == E_TILE] == [(E_TILE, 0, 5, s.rules.bonus_tiles.index("money10"), 0, 0)]


# ---------------------------------------------------------------- snap, appeal, final cards, donations
def test_snap_takes_any_non_empty_folder_outside_the_range():
    s, script = game(2, (rs.H_SNAP_FOLDER, 6))
    s.display = [401, 0, 402, 403, 404, 405]
    n = len(s.events)
    rt.snap(s, 0)
    assert s.ps[0].hand == [405] and s.display == [401, 0, 402, 403, 404, 0] and s.display_dirty
    assert since(s, n) == [(E_DECIDE, 0, rs.H_SNAP_FOLDER, 5, 4, 0), (E_DRAW, 0, 405, 6, 0, 0)]
    s.display = [0, 0, 0, 0, 0, 406]
    rt.snap(s, 0)
    assert s.ps[0].hand == [405, 406]
    rt.snap(s, 0)  # an empty display: nothing
    assert s.ps[0].hand == [405, 406]


def test_losing_appeal_stops_at_zero_and_logs_the_loss():
    s, _ = game(2)
    s.ps[1].appeal = 7
    rt.lose_appeal(s, 1, 4)
    rt.lose_appeal(s, 1, 5)
    assert s.ps[1].appeal == 0
    assert s.events[-2:] == [(E_GAIN, 1, 0, -4, 3, 0), (E_GAIN, 1, 0, -5, 0, 0)]


def test_final_card_discard_every_seat_with_two_in_seat_order():
    s, script = game(3, (rs.H_FINAL_DISCARD, 4), (rs.H_FINAL_DISCARD, 9))
    s.ps[0].finals, s.ps[1].finals, s.ps[2].finals = [3, 4], [7], [8, 9, 10]
    n = len(s.events)
    rt.discard_final_cards(s)
    assert [p.finals for p in s.ps] == [[3], [7], [8, 10]]
    assert since(s, n) == [(E_DECIDE, 0, rs.H_FINAL_DISCARD, 2, 1, 0), (E_DISCARD, 0, 4, 1, 0, 0),
                           (E_DECIDE, 2, rs.H_FINAL_DISCARD, 3, 1, 0), (E_DISCARD, 2, 9, 1, 0, 0)]


@pytest.mark.parametrize("players, costs", [(2, [2, 5, 7, 10, 12, 12]), (3, [2, 5, 5, 7, 7, 10, 10, 12])])
def test_donation_costs_then_the_overflow(players, costs):
    s, _ = game(players)
    seen = []
    for _ in costs:
        seen.append(rt.donation_cost(s))
        s.donations += 1
    assert seen == costs


def test_the_zoo_card_census_leaves_out_base_projects():
    s, _ = game(2)
    s.deck.remove(113)  # (in the deck after this setup)
    s.project_row = [113, 112]
    s.ps[0].hand = [112, 113, 401]
    s.ps[1].pouched = {425: [112, 113]}
    cards = rt.all_zoo_cards(s)
    assert 112 not in cards and cards.count(113) == 3 and 401 in cards


# ---------------------------------------------------------------- gains and their rows (§8, §4.4, §4.5)
def test_reputation_steps_one_row_each_with_the_bonus_of_each_space():
    """§8.3: reputation moves one space at a time, a GAIN row each (+1, new value), and each space's bonus once:
    5 upgrade, 8 a worker, 10 a card, 11 +1 CP, 12 +1 X."""
    s, script = game(2, (rs.H_UPGRADE, rs.BUILD))
    p = s.ps[0]
    p.side2[rs.CARDS_ACTION] = True
    p.rep = 4
    top = s.deck[0]
    n = len(s.events)
    rt.gain(s, 0, 3, 8)
    assert p.rep == 12 and p.side2[rs.BUILD] and p.workers_active == 2 and p.hand == [top] and p.cp == 1 and p.x == 1
    assert [e for e in since(s, n) if e[0] != E_DECIDE] == [
        (E_GAIN, 0, 3, 1, 5, 0), (rs.E_UPGRADE, 0, rs.BUILD, 0, 0, 0), (E_GAIN, 0, 3, 1, 6, 0),
        (E_GAIN, 0, 3, 1, 7, 0), (E_GAIN, 0, 3, 1, 8, 0), (E_GAIN, 0, 5, 1, 2, 0), (E_GAIN, 0, 3, 1, 9, 0),
        (E_GAIN, 0, 3, 1, 10, 0), (E_DRAW, 0, top, 0, 0, 0), (E_GAIN, 0, 3, 1, 11, 0), (E_GAIN, 0, 4, 1, 1, 0),
        (E_GAIN, 0, 3, 1, 12, 0), (E_GAIN, 0, 2, 1, 1, 0)]


def test_hiring_workers_and_paying_money_rows():
    s, _ = game(2)
    p = s.ps[1]
    n = len(s.events)
    rt.hire_worker(s, 1)
    rt.pay(s, 1, 25)  # all of it
    rt.pay(s, 1, 0)   # nothing: no row
    assert p.money == 0 and since(s, n) == [(E_GAIN, 1, 5, 1, 2, 0), (E_GAIN, 1, 1, -25, 0, 0)]
    with pytest.raises(rs.IllegalMove):
        rt.pay(s, 1, 1)


def test_cp_2_offers_an_upgrade_only_with_a_side_i_card_and_a_worker_only_from_the_supply():
    s, script = game(2, (rs.H_CP2, 1))
    p = s.ps[0]
    rt.gain(s, 0, 4, 2)
    assert script.asked[-1] == (0, rs.H_CP2, [0, 1]) and p.workers_active == 2
    for side2, supply, asked_, worker in (([True] * 5, 3, False, True), ([False] * 5, 0, False, False)):
        s, script = game(2)
        p = s.ps[0]
        p.side2, p.workers_supply, p.workers_active = list(side2), supply, 4 - supply
        n = len(script.asked)
        rt.gain(s, 0, 4, 2)
        assert any(h == rs.H_CP2 for _, h, _ in script.asked[n:]) == asked_
        assert p.workers_active == (4 - supply) + int(worker) and sum(p.side2) == (5 if all(side2) else 1)
    s, script = game(2)
    p = s.ps[0]
    p.side2, p.workers_supply = [True] * 5, 0
    rt.gain(s, 0, 4, 2)  # nothing left to give
    assert p.cp == 2 and p.workers_active == 1


def test_the_first_bonus_tile_of_a_space_is_a_tile_not_the_money():
    s, script = game(2, (rs.H_CP_TILE, 0))
    s.bonus_tiles[5] = ["x3", "money10"]
    rt.gain(s, 0, 4, 5)
    assert s.ps[0].x == 3 and s.ps[0].money == 25 and s.bonus_tiles[5] == ["money10"]
    assert script.asked[-1] == (0, rs.H_CP_TILE, [-1, 0, 1])


def test_the_break_token_moves_by_its_steps_and_stops_at_the_end():
    s, _ = game(2)  # length 9
    n = len(s.events)
    rt.advance_break(s, 1, 0)
    rt.advance_break(s, 1, 1)
    rt.advance_break(s, 0, 10)
    rt.advance_break(s, 1, 1)
    assert s.break_token == 9 and s.break_trigger == 0 and s.ps[0].x == 1 and s.ps[1].x == 0
    assert since(s, n) == [(E_GAIN, 1, 6, 1, 1, 0), (E_GAIN, 0, 6, 10, 9, 0), (E_GAIN, 0, 2, 1, 1, 0)]


def test_an_upgrade_row_and_none_without_a_side_i_card():
    s, script = game(2, (rs.H_UPGRADE, rs.SPONSORS))
    n = len(s.events)
    rt.upgrade(s, 1)
    assert since(s, n) == [(E_DECIDE, 1, rs.H_UPGRADE, 5, 4, 0), (rs.E_UPGRADE, 1, rs.SPONSORS, 0, 0, 0)]
    s.ps[1].side2 = [True] * 5
    rt.upgrade(s, 1)
    assert len(s.events) == n + 2


# ---------------------------------------------------------------- the display and the piles (§9.4, G6)
def test_refill_slides_fills_from_the_deck_and_leaves_folders_empty_when_nothing_is_left():
    s, _ = game(2, rules=replace(R, reshuffle_discard=False))
    s.display = [401, 0, 402, 0, 403, 404]
    s.deck, s.discard = [405], [406, 407]
    n = len(s.events)
    rt.refill_display(s)
    assert s.display == [401, 402, 403, 404, 405, 0] and s.deck == [] and s.discard == [406, 407]
    assert since(s, n) == [(rs.E_DISPLAY, -1, 0, 0, 0, 0)] and not s.display_dirty
    rt.refill_display(s)
    assert s.display == [401, 402, 403, 404, 405, 0] and len(s.events) == n + 2
    s.display = [401, 402, 403, 404, 405, 406]
    rt.refill_display(s)  # a full display: nothing, no row
    assert len(s.events) == n + 2


def test_take_card_sources_follow_the_piles_and_the_reshuffle_rule():
    s, script = game(2, (rs.H_TAKE_SOURCE, 1), rules=replace(R, reshuffle_discard=False))
    p = s.ps[0]
    folder1 = s.display[0]
    rt.take_card(s, 0)
    assert p.hand == [folder1] and s.display[0] == 0 and s.display_dirty and s.events[-1] == (E_DRAW, 0, folder1, 1, 0, 0)
    s.deck, s.discard = [], [401]
    s.display = [402, 0, 0, 0, 0, 0]
    assert not rt.deck_available(s) and rt.take_card_options(s, 0) == [1]
    s.deck = [403]
    assert rt.deck_available(s) and rt.take_card_options(s, 0) == [0, 1]
    s.display = [0] * 6
    rt.take_card(s, 0)  # only the deck: not asked
    assert p.hand == [folder1, 403] and s.events[-1] == (E_DRAW, 0, 403, 0, 0, 0)
    s.deck, s.discard = [], []
    rt.take_card(s, 0)  # nothing anywhere: nothing
    assert p.hand == [folder1, 403] and rt.take_card_options(s, 0) == []
    s, _ = game(2)
    s.deck, s.discard = [], [401]
    assert rt.deck_available(s) and rt.take_card_options(s, 0) == [0, 1]
    s.discard = []
    assert not rt.deck_available(s)
