"""Ark Nova reference, the tracks and piles (reference.tracks) on hand-built positions: every CP bonus tile (§8.2),
snapping a display card (§5.1, §10.5), losing appeal (§10.2), the final-card discard (§8.2, §13.2), the donation
costs (§10.6) and the card-conservation census (§17), with the event rows of PROTOCOL.md 7."""
import pytest

from tests.games.ark_nova.test_reference_play import game, m
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
