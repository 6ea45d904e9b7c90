"""Ark Nova reference, the top (reference.game) on hand-built positions: a whole two-turn game told row by row (§4.1,
§13, PROTOCOL.md 4 and 7), the X action and a main action with X-tokens, multiplier runs and the venom fee (§4.1,
§11.1, §11.2), a break step by step (§9.2), the end trigger and the last turns (§13.1, R5), final scoring (§13.2)
with every final-card metric, the result and the log record (columns.py)."""
from dataclasses import replace

import pytest

from tests.games.ark_nova.test_reference_play import game, m
from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.columns import COLUMN_NAMES
from zoosim.games.ark_nova.reference import build as rb
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference.state import (
    ANIMALS, ASSOCIATION, BUILD, CARDS_ACTION, E_ACTION, E_BREAK, E_DECIDE, E_DISCARD, E_DISPLAY, E_DRAW, E_END,
    E_GAIN, E_INCOME, E_PLAY, E_SCORE, E_TURN, E_X_ACTION, SPONSORS, Building,
)
from zoosim.games.ark_nova.rules import Rules

pytestmark = pytest.mark.rules

R = Rules()
ZERO_RULES = replace(R, random_action_order=False, max_turns=1)


def zero(view, seat, hook, options):
    return 0


# ---------------------------------------------------------------- a whole game (§4.1, §13, G9)
def test_a_two_turn_game_told_row_by_row():
    """max_turns = 1, every decision option 0, seed 0: setup deals seat 0 the final cards [8, 6] and seat 1 [5, 3];
    each seat takes the first TURN option with a completion (Cards: Animals at strength 1 plays nothing), draws 1
    (side I strength 2), the break token +2; then the cap ends the game: nobody reached 10 CP, so each discards its
    first final card; seat 0 keeps card 6 (empty spaces 6/12/18/24: 38 free cells -> 4 CP), seat 1 card 3 (science
    icons: none). Scores -6 (0 appeal + cp_value 4) and -13 (1 appeal - 14)."""
    setup = rsu.setup(ZERO_RULES, 2, PyRng(0, 0), [zero, zero])
    assert [p.finals for p in setup.ps] == [[8, 6], [5, 3]] and setup.deck[:2] == [438, 419]
    seen = []

    class Observer:
        def plan(self, s, seat):
            seen.append((seat, s.turn, s.hidden_drawn, s.seed, s.game_index))

        def __call__(self, view, seat, hook, options):
            return 0

    s = ref.play_game(ZERO_RULES, 2, 0, 0, [Observer(), Observer()])
    assert seen == [(0, 0, False, 0, 0), (1, 1, False, 0, 0)]  # hidden_drawn reset after seat 0 drew
    assert s.events[:len(setup.events)] == setup.events
    n_turn = 5  # Cards, Build, Association, Sponsors, the X action
    assert s.events[len(setup.events):] == [
        (E_TURN, 0, 1, 1, 0, 0), (E_DECIDE, 0, rs.H_TURN, n_turn, 0, 0), (E_ACTION, 0, CARDS_ACTION, 2, 0, 0),
        (E_GAIN, 0, 6, 2, 2, 0), (E_DRAW, 0, 438, 0, 0, 0), (E_PLAY, -1, 0, 0, 0, 0),
        (E_TURN, 1, 2, 1, 0, 0), (E_DECIDE, 1, rs.H_TURN, n_turn, 0, 0), (E_ACTION, 1, CARDS_ACTION, 2, 0, 0),
        (E_GAIN, 1, 6, 2, 4, 0), (E_DRAW, 1, 419, 0, 0, 0), (E_PLAY, -1, 0, 0, 0, 0),
        (E_DECIDE, 0, rs.H_FINAL_DISCARD, 2, 0, 0), (rs.E_DISCARD, 0, 8, 1, 0, 0),
        (E_DECIDE, 1, rs.H_FINAL_DISCARD, 2, 0, 0), (rs.E_DISCARD, 1, 5, 1, 0, 0),
        (E_GAIN, 0, 4, 4, 4, 0), (E_END, -1, ref.END_TURN_CAP, 2, 0, 0), (rs.E_SCORE, 0, -6, 0, 0, 0),
        (rs.E_SCORE, 1, -13, 0, 0, 0)]
    assert s.game_over and s.end_reason == ref.END_TURN_CAP and s.turn == 2 and [p.turns for p in s.ps] == [1, 1]
    assert s.ps[0].slots == [CARDS_ACTION, ANIMALS, BUILD, ASSOCIATION, SPONSORS]
    r = ref.result(s)
    assert (r.scores, r.ranks, r.win_share, r.end_reason, r.turns) == ([-6, -13], [1, 2], [1.0, 0.0], 1, 2)
    rec = s.record
    assert (rec.players, rec.turns, rec.breaks, rec.end_reason, rec.events) == (2, 2, 0, 1, s.events)
    assert rec.seats[0] == {
        "score": -6, "rank": 1, "win_share": 1.0, "appeal": 0, "conservation": 4, "conservation_points": -6,
        "reputation": 1, "money": 25, "end_conservation_sponsors": 0, "end_conservation_final_cards": 4, "animals": 0,
        "sponsors": 0, "projects_supported": 0, "partner_zoos": 0, "universities": 0, "buildings": 2, "breaks": 0,
        "end_reason": 1}
    assert rec.seats[1]["score"] == -13 and rec.seats[1]["conservation_points"] == -14
    assert list(rec.seats[1])[3:] == list(COLUMN_NAMES)


def test_the_log_record_of_a_finished_game_only():
    s, _ = game(2)
    with pytest.raises(Exception, match="finished"):
        ref.game_record(s)
    p = s.ps[1]
    p.appeal, p.cp, p.rep, p.money = 40, 12, 7, 3
    p.animals, p.sponsors, p.partner_zoos, p.universities, p.supports = [401, 402], [220], [7, 8], [1], 3
    s.breaks, s.turn = 4, 17
    s.game_over, s.end_reason = True, ref.END_SCORE
    row = ref.seat_columns(s, 1)
    assert row == {"appeal": 40, "conservation": 12, "conservation_points": 3 * 12 - 24, "reputation": 7, "money": 3,
                   "end_conservation_sponsors": 0, "end_conservation_final_cards": 0, "animals": 2, "sponsors": 1,
                   "projects_supported": 3, "partner_zoos": 2, "universities": 1, "buildings": 2, "breaks": 4,
                   "end_reason": 0}
    rec = ref.game_record(s)
    assert rec.seats[1] == {"score": 40 + 12, "rank": 1, "win_share": 1.0, **row}
    assert (rec.turns, rec.breaks, rec.end_reason) == (17, 4, 0)


# ---------------------------------------------------------------- turns (§4.1, §11.1, §11.2)
def test_the_x_action_moves_any_card_to_slot_1_and_gains_an_x_token():
    s, script = game(2, (rs.H_TURN, (1, 0)), (rs.H_XACTION_CARD, BUILD))
    p = s.ps[0]
    p.x = 1
    p.venom[BUILD] = True
    p.constriction[BUILD] = True
    n = len(s.events)
    ref.play_turn(s, 0)
    assert p.slots == [BUILD, ANIMALS, CARDS_ACTION, ASSOCIATION, SPONSORS] and p.x == 2
    assert not p.venom[BUILD] and not p.constriction[BUILD] and p.money == 25  # a used venom card: no fee
    assert s.events[n:] == [(E_TURN, 0, 1, 1, 0, 0), (E_DECIDE, 0, rs.H_TURN, 5, 4, 0),
                            (E_DECIDE, 0, rs.H_XACTION_CARD, 5, 2, 0), (E_GAIN, 0, 2, 1, 2, 0),
                            (E_X_ACTION, 0, BUILD, 0, 0, 0), (E_PLAY, -1, 0, 0, 0, 0)]
    assert s.turn == 1 and p.turns == 1


def test_a_venom_card_not_used_costs_2_money_once_and_below_2_nothing():
    for money, paid in ((2, 2), (1, 0), (9, 2)):
        s, script = game(2, (rs.H_TURN, (1, 0)), (rs.H_XACTION_CARD, BUILD))
        p = s.ps[0]
        p.money = money
        p.venom[CARDS_ACTION] = p.venom[SPONSORS] = True
        ref.play_turn(s, 0)
        assert p.money == money - paid and p.venom[CARDS_ACTION] and p.venom[SPONSORS]
    s, _ = game(2)
    s.ps[0].venom[ANIMALS] = True
    ref.venom_fee(s, 0, True)  # the used card carried one
    assert s.ps[0].money == 25


def test_a_main_action_with_x_tokens_and_a_multiplier_run_at_the_same_strength():
    """Sponsors in slot 5 under a constriction token (5 - 2) + 1 X-token = strength 4, no sponsor to play: the break
    option (+4 steps, +4 money); the multiplier token gives one more run at strength 4; then the card goes to slot 1
    losing its tokens (no venom fee: the used card carried it); a token placed this turn becomes usable."""
    s, script = game(2, (rs.H_TURN, (0, SPONSORS)), (rs.H_XSPEND, 1))
    p = s.ps[0]
    p.x = 2
    p.multiplier[SPONSORS] = 1
    p.multiplier_pending[CARDS_ACTION] = 1
    p.venom[SPONSORS] = True
    p.constriction[SPONSORS] = True
    ref.move_card(s, 0, SPONSORS, 5, False)
    n = len(s.events)
    ref.play_turn(s, 0)
    # constricted: slot 5 - 2 = 3, + 1 X-token = 4
    assert p.money == 25 + 4 + 4 and p.x == 2 - 1 and s.break_token == 8
    assert p.slots[0] == SPONSORS and not p.venom[SPONSORS] and not p.constriction[SPONSORS]
    assert p.multiplier == [0, 1, 0, 0, 0] and p.multiplier_pending == [0] * 5
    run = [(E_ACTION, 0, SPONSORS, 4, 0, 0), (E_GAIN, 0, 6, 4, 4, 0), (E_GAIN, 0, 1, 4, 29, 0),
           (E_ACTION, 0, SPONSORS, 4, -1, 0)]
    assert s.events[n:] == [
        (E_TURN, 0, 1, 1, 0, 0), (E_DECIDE, 0, rs.H_TURN, 5, 3, 0), (E_DECIDE, 0, rs.H_XSPEND, 3, 1, 0),
        (E_ACTION, 0, -1, -1, 1, 0)] + run + [
        (E_ACTION, 0, SPONSORS, 4, 0, 0), (E_GAIN, 0, 6, 4, 8, 0), (E_GAIN, 0, 1, 4, 33, 0),
        (E_ACTION, 0, SPONSORS, 4, -1, 0), (E_PLAY, -1, 0, 0, 0, 0)]


def test_a_multiplier_run_without_a_completion_logs_nothing():
    s, script = game(2, (rs.H_TURN, (0, BUILD)), (rs.H_BUILD_TYPE, 1), (rs.H_FOOTPRINT, m((1, 6), (1, 8))))
    p = s.ps[0]
    p.money = 4
    p.multiplier[BUILD] = 1
    ref.move_card(s, 0, BUILD, 2, False)
    n = len(s.events)
    ref.play_turn(s, 0)  # a size-2 enclosure for all 4 money; the run: nothing affordable, not performed
    assert p.money == 0 and p.multiplier[BUILD] == 0 and len(p.buildings) == 3
    assert [e for e in s.events[n:] if e[0] == E_ACTION] == [(E_ACTION, 0, BUILD, 2, 0, 0)]


# ---------------------------------------------------------------- the break (§9.2)
def test_a_break_step_by_step():
    """3 players, seat 1 moved the token to the end: hand limits from seat 1 in turn order (seat 2 holds the
    univ_rep_hand university: 5), every token removed, workers back, the board refilled with what some player
    lacks, folders 1-2 discarded and the display slid and refilled, income from seat 1 (appeal, kiosks), token to 0."""
    s, script = game(3, (rs.H_BREAK_DISCARD, 402), (rs.H_BREAK_DISCARD, 404), (rs.H_BREAK_DISCARD, 411))
    a, b, c = s.ps
    s.turn = 7
    s.break_token, s.break_pending, s.break_trigger = s.break_len, True, 1
    a.hand = [410, 411, 412, 413]
    b.hand = [401, 402, 403, 404, 405]
    c.hand = [420, 421, 422, 423, 424]
    c.universities = [rs.UNIV_REP_HAND]
    for p in s.ps:
        p.multiplier, p.multiplier_pending = [1] * 5, [2] * 5
        p.venom, p.constriction = [True] * 5, [True] * 5
    b.workers_active, b.task_workers = 0, [1, 2, 0, 0]
    a.partner_zoos, b.partner_zoos, c.partner_zoos = [7, 8, 10], [8], [8]
    s.board_partner_zoos = [9]
    a.universities, b.universities = [1], [1]
    s.board_universities = [0]
    s.display = [0, 430, 431, 432, 433, 434]
    top = s.deck[:3]
    a.appeal, b.appeal, c.appeal = 7, 17, 0
    b.buildings[1].animals = [401]  # b's start enclosure is occupied: its kiosk pays 1
    n = len(s.events)
    ref.do_break(s)
    assert [len(p.hand) for p in s.ps] == [3, 3, 5] and b.hand == [401, 403, 405] and a.hand == [410, 412, 413]
    assert all(p.multiplier == [0] * 5 and p.multiplier_pending == [0] * 5 for p in s.ps)
    assert all(not any(p.venom) and not any(p.constriction) for p in s.ps)
    assert (b.workers_active, b.task_workers) == (3, [0, 0, 0, 0]) and (a.workers_active, a.task_workers) == (1, [0] * 4)
    assert s.board_partner_zoos == [7, 9, 10, 11] and s.board_universities == [0, 1, 2]  # 8: everybody has it
    assert s.display == [431, 432, 433, 434] + top[:2] and s.discard[-1] == 430
    assert (a.money, b.money, c.money) == (25 + 11, 25 + 16 + 1, 25 + 5)
    assert (s.break_token, s.break_pending, s.breaks) == (0, False, 1)
    assert s.events[n:] == [
        (E_BREAK, 1, 7, 0, 0, 0),
        (E_DECIDE, 1, rs.H_BREAK_DISCARD, 5, 1, 0), (E_DISCARD, 1, 402, 0, 0, 0),
        (E_DECIDE, 1, rs.H_BREAK_DISCARD, 4, 2, 0), (E_DISCARD, 1, 404, 0, 0, 0),
        (E_DECIDE, 0, rs.H_BREAK_DISCARD, 4, 1, 0), (E_DISCARD, 0, 411, 0, 0, 0),
        (E_DISCARD, -1, 430, 0, 0, 0), (E_DISPLAY, -1, 0, 0, 0, 0),
        (E_INCOME, 1, 16, 1, 0, 0), (E_GAIN, 1, 1, 16, 41, 0), (E_GAIN, 1, 1, 1, 42, 0),
        (E_INCOME, 2, 5, 0, 0, 0), (E_GAIN, 2, 1, 5, 30, 0),
        (E_INCOME, 0, 11, 0, 0, 0), (E_GAIN, 0, 1, 11, 36, 0)]


def test_a_one_folder_display_discards_folder_1_only():
    s, _ = game(2, rules=replace(R, display_size=1))
    s.break_trigger = 0
    old = s.display[0]
    ref.do_break(s)
    assert s.discard[-1] == old and s.display != [old] and len(s.display) == 1


# ---------------------------------------------------------------- the end (§13.1, R5)
def test_the_end_triggered_in_a_turn_gives_every_other_player_one_turn():
    s, _ = game(3)
    s.ps[1].appeal, s.ps[1].cp = 94, 10  # score 94 + 6: exactly 100
    ref.after_turn(s, 1)
    assert s.end_triggered and s.last_turns == [2, 0] and s.current == 2
    ref.after_turn(s, 0)  # not the next in line: nothing taken off
    assert s.last_turns == [2, 0]
    ref.after_turn(s, 2)
    assert s.last_turns == [0] and s.current == 0 and not s.game_over
    ref.after_turn(s, 0)
    assert s.game_over and s.end_reason == ref.END_SCORE
    s, _ = game(3)
    s.ps[1].appeal, s.ps[1].cp = 93, 10  # 99: not yet
    ref.after_turn(s, 2)
    assert not s.end_triggered and s.current == 0


def test_the_end_triggered_by_a_break_gives_everyone_one_more_turn_from_the_seat_after_the_trigger():
    s, _ = game(3)
    s.break_pending, s.break_token, s.break_trigger = True, s.break_len, 1
    s.ps[0].appeal, s.ps[0].cp = 104, 0  # 90; income of appeal 104 is 36 money: no score. CP from income: none
    s.ps[2].sponsors = [206]  # inc_cp:1 at the break: 10 CP -> 6; appeal 94 -> 100
    s.ps[2].appeal, s.ps[2].cp = 94, 9
    ref.after_turn(s, 1)
    assert s.breaks == 1 and s.end_triggered and s.last_turns == [2, 0, 1] and s.current == 2


def test_the_turn_cap_and_the_next_seat():
    s, _ = game(3, rules=replace(R, max_turns=2))
    for p, t in zip(s.ps, (2, 2, 1)):
        p.turns = t
    ref.after_turn(s, 1)
    assert not s.game_over and s.current == 2
    s.ps[2].turns = 2
    ref.after_turn(s, 2)
    assert s.game_over and s.end_reason == ref.END_TURN_CAP


# ---------------------------------------------------------------- final scoring (§13.2)
def test_final_scoring_discards_scores_the_cards_and_clamps():
    """Nobody reached 10 CP: each player with 2 final cards discards one; sponsor end effects (220: reputation >= 9:
    +1 CP) then the cards (reputation card 7: 6/9/12/15 -> 1-4 CP); CP reached in scoring passes no milestone
    (R18: no CP-10 discard, no CP-5 choice); appeal and CP clamped; END and SCORE rows."""
    s, script = game(2, (rs.H_FINAL_DISCARD, 1))
    a, b = s.ps
    a.finals, a.rep, a.cp, a.appeal, a.sponsors = [1, 7], 10, 9, 58, [220]
    b.finals, b.rep, b.cp, b.appeal = [11], 1, 40, 120
    b.sponsors = [222]  # no end effect
    s.turn = 44
    n = len(s.events)
    ref.finish(s, ref.END_SCORE)
    assert a.finals == [7] and a.cp == 9 + 1 + 2 and (a.end_cp_sponsors, a.end_cp_finals) == (1, 2)
    assert b.finals == [11] and b.appeal == 113 and b.cp == 40 and (b.end_cp_sponsors, b.end_cp_finals) == (0, 0)
    assert not s.cp10_reached and a.money == 25 and s.scoring
    assert s.events[n:] == [
        (E_DECIDE, 0, rs.H_FINAL_DISCARD, 2, 0, 0), (rs.E_DISCARD, 0, 1, 1, 0, 0),
        (E_GAIN, 0, 4, 1, 10, 0), (E_GAIN, 0, 4, 2, 12, 0),
        (E_END, -1, ref.END_SCORE, 44, 0, 0), (E_SCORE, 0, 58 + 12, 0, 0, 0), (E_SCORE, 1, 113 + 96, 0, 0, 0)]
    s, _ = game(2)
    s.cp10_reached = True
    s.ps[0].finals = [1, 7]
    ref.finish(s, ref.END_TURN_CAP)
    assert s.ps[0].finals == [1, 7]  # the CP-10 discard was made already


def test_a_final_card_gives_the_cp_of_its_highest_tier_reached_at_most_4():
    s, _ = game(2)
    p = s.ps[0]
    for rep, cp in ((5, 0), (6, 1), (8, 1), (9, 2), (12, 3), (15, 4)):
        p.rep = rep
        assert ref.final_card_cp(s, 0, 7) == cp
    s, _ = game(2, rules=replace(R, max_final_card_cp=2))
    s.ps[0].rep = 15
    assert ref.final_card_cp(s, 0, 7) == 2


def animals_with(size=None, **icons):
    """Animal cards (printed ids) of that size with at least those icons."""
    out = []
    for k, i in enumerate(cards.CARDS.ids):
        if cards.CARDS.kind[k] != cards.ANIMAL or (size is not None and cards.CARDS.size[k] != size):
            continue
        if all(cards.CARDS.icons[k, cards.ICONS.index(n)] >= v for n, v in icons.items()):
            out.append(int(i))
    return out


def metric(s, q, name):
    return ref.final_metric(s, q, cards.FINAL_METRICS.index(name))


def test_the_counting_final_metrics():
    s, _ = game(3)
    p = s.ps[1]
    sizes = {401: 5, 430: 2}
    assert all(cards.CARDS.size[cards.index_of(a)] == z for a, z in sizes.items())
    p.animals = [401, 430, animals_with(4)[0], animals_with(3)[0], animals_with(1)[0], animals_with(2)[1]]
    assert metric(s, 1, "large_animals") == 2 and metric(s, 1, "small_animals") == 3
    p.universities = [rs.UNIV_SCI2, rs.UNIV_SCI_REP]
    p.sponsors = [204, 223]  # 204 needs science*4: the metric only counts
    science = 3 + sum(int(cards.CARDS.icons[cards.index_of(c), 12]) for c in p.animals + p.sponsors)
    assert metric(s, 1, "science_icons") == science
    p.supports, p.rep = 4, 11
    assert metric(s, 1, "supports") == 4 and metric(s, 1, "reputation") == 11 and metric(s, 1, "sponsors") == 2
    assert metric(s, 1, "empty_spaces") == 38  # map A: 42 plain cells, 4 under the start buildings
    p.buildings.append(Building(0, m((1, 6), (1, 8))))
    assert metric(s, 1, "empty_spaces") == 36
    p.animals, p.sponsors, p.universities = [482, 430], [219], []  # water 1 + 1 (430), 219: rock 1 water 1
    rock = sum(int(cards.CARDS.rock[cards.index_of(c)]) for c in p.animals + p.sponsors)
    water = sum(int(cards.CARDS.water[cards.index_of(c)]) for c in p.animals + p.sponsors)
    assert (metric(s, 1, "rock_icons"), metric(s, 1, "water_icons")) == (rock, water) and rock != water


def test_category_majority_against_the_previous_seat_strictly_and_at_most_4():
    """+1 per category in which the player has more icons than the player before them (seat 0: the last seat)."""
    s, _ = game(3)
    s.ps[0].animals = [496]       # Marabou: bird
    s.ps[1].animals = [496, 401]  # bird (equal: no), Cheetah: 2 predator (ahead of seat 0)
    s.ps[2].animals = [435]       # Malayan Tapir: herbivore (ahead of seat 1)
    assert [metric(s, q, "category_majority_vs_previous") for q in range(3)] == [1, 1, 1]  # seat 0: bird over seat 2
    s.ps[0].animals = []
    primate, bear, reptile, pet = (animals_with(**{k: 1})[0] for k in ("primate", "bear", "reptile", "pet"))
    s.ps[1].animals = [496, 401, 435, primate, bear, reptile, pet]
    assert metric(s, 1, "category_majority_vs_previous") == 4  # 7 categories ahead of nothing: 4
    assert metric(s, 0, "category_majority_vs_previous") == 0


def test_architecture_counts_its_four_conditions():
    """§13.2 architecture: +1 each for all water cells connected, all rock cells connected, no empty building
    space, all plain border cells covered (R11: connected = covered by or next to a building)."""
    s, _ = game(2)
    p = s.ps[0]
    p.buildings = []
    assert metric(s, 0, "architecture") == 0
    p.buildings = [Building(0, rb.PLAIN)]
    assert metric(s, 0, "architecture") == 4
    p.buildings = [Building(0, rb.around(rb.WATER_CELLS) & rb.PLAIN)]  # every water cell has a covered neighbour
    assert metric(s, 0, "architecture") == 1 and rb.ROCK_CELLS & ~rb.connected(s, 0)
    p.buildings = [Building(0, rb.around(rb.ROCK_CELLS) & rb.PLAIN)]
    assert metric(s, 0, "architecture") == 1 and rb.WATER_CELLS & ~rb.connected(s, 0)
    p.buildings = [Building(0, rb.BORDER & rb.PLAIN)]
    assert metric(s, 0, "architecture") == 1
    assert board.N_CELLS == 58
