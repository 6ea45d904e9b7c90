"""Ark Nova `random`, `greedy` and `heuristic` in the reference (reference.policies, PROTOCOL.md 10) on hand-built
positions, no engine: random's one draw over the (card, x-spend) pairs (10.1), the script a planner follows and
leaves (10.3), the planning copy and its private stream, the re-deal of what the seat cannot see (10.2), the value of
a position (10.4), plans computed by hand, and the policies built from names and codes."""
import copy

import pytest

from tests.games.ark_nova.scripted import Stub, follow_plan, only
from tests.games.ark_nova.test_reference_play import game
from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.policies import (
    DEFAULTS, GREEDY, GREEDY_PARAMS, HEURISTIC, NAMES, RANDOM, UNIFORM, W_X,
    milli,
)
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import policies as rp
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference.state import Building
from zoosim.games.ark_nova.rules import Rules

pytestmark = pytest.mark.rules


# ---------------------------------------------------------------- random (10.1)
def test_random_draws_once_over_every_card_and_x_spend_pair(monkeypatch):
    """TURN options [(0, Cards), (0, Build), (1, 0)] with 3, 1 and 1 x-spends: one below(5) picks the pair; the
    XSPEND index is kept only where XSPEND is asked (more than one spend option, not the X action)."""
    opts = [(0, rs.CARDS_ACTION), (0, rs.BUILD), (1, 0)]
    spends = {rs.CARDS_ACTION: [0, 1, 2], rs.BUILD: [0]}
    monkeypatch.setattr(ref, "turn_options", lambda s, p: list(opts))
    monkeypatch.setattr(ref, "spend_options", lambda s, p, a: list(spends[a]))
    s, _ = game()
    s.turn = 6
    expected = {0: (0, 0), 1: (0, 1), 2: (0, 2), 3: (1, None), 4: (2, None)}
    for d, (i, x) in expected.items():
        s.rng = Stub(d)
        policy = rp.Random()
        policy.plan(s, 1)
        assert s.rng.asked == [5] and policy.pending == {1: (7, i, x)}
    monkeypatch.setattr(ref, "turn_options", lambda s, p: [(0, rs.CARDS_ACTION)])
    monkeypatch.setattr(ref, "spend_options", lambda s, p, a: [0])
    s.rng = Stub()
    policy = rp.Random()
    policy.plan(s, 0)  # one pair in all: no draw
    assert s.rng.asked == [] and policy.pending == {0: (7, 0, None)}
    # two pairs (one card, two x-spends): one below(2), and the x index is kept (XSPEND is asked with 2 options);
    # the options are the acting seat's in this state
    seen = []

    def options(state, seat):
        seen.append((state, seat))
        return [(0, rs.CARDS_ACTION)]
    monkeypatch.setattr(ref, "turn_options", options)
    monkeypatch.setattr(ref, "spend_options", lambda state, seat, a: seen.append((state, seat, a)) or [0, 1])
    s.rng = Stub(1)
    policy.plan(s, 1)
    assert s.rng.asked == [2] and policy.pending[1] == (7, 0, 1)
    assert seen == [(s, 1), (s, 1, rs.CARDS_ACTION)]


def test_random_answers_turn_and_the_first_xspend_of_its_turn_then_draws_as_uniform():
    s, _ = game()
    s.turn = 4
    policy = rp.Random()
    policy.pending[0] = (4, 2, 1)
    s.rng = Stub(1, 0, 2)
    view = rs.public_view(s, 0)
    assert policy(view, 0, rs.H_TURN, [0, 1, 2, 3]) == 2
    assert policy(view, 0, rs.H_XSPEND, [0, 1, 2]) == 1
    assert s.rng.asked == []
    assert policy(view, 0, rs.H_XSPEND, [0, 1]) == 1  # the kept index is spent: uniform now
    assert policy(view, 0, rs.H_COIN, [0, 1]) == 0 and s.rng.asked == [2, 2]
    policy.pending[0] = (5, 2, 1)  # another turn's draw: uniform
    assert policy(view, 0, rs.H_TURN, [0, 1, 2, 3]) == 2 and s.rng.asked == [2, 2, 4]
    s.rng = Stub(0)
    assert rp.Random()(rs.public_view(s, 1), 1, rs.H_TURN, [0, 1]) == 0 and s.rng.asked == [2]  # nothing pending
    s.turn = 1  # nothing pending at the first turn either: uniform, not the first option
    s.rng = Stub(1)
    assert rp.Random()(rs.public_view(s, 1), 1, rs.H_TURN, [0, 1]) == 1 and s.rng.asked == [2]


# ---------------------------------------------------------------- the script (10.3)
def test_a_turn_plan_follows_its_script_records_the_next_decision_and_leaves_at_a_mismatch_or_hidden_draw():
    script = [(rs.H_TURN, 5, 3), (rs.H_XSPEND, 2, 1), (rs.H_ANIMAL_PLAY, 4, 2)]

    def follow(asked, hidden_at=None):
        return follow_plan(script, asked, hidden_at)

    asked = [(rs.H_TURN, 5), (rs.H_XSPEND, 2), (rs.H_ANIMAL_PLAY, 4), (rs.H_ANIMAL_HOME, 3), (rs.H_COIN, 2)]
    assert follow(asked) == ([3, 1, 2, 0, 0], (rs.H_ANIMAL_HOME, 3))  # only the first past the script is recorded
    assert follow([(rs.H_TURN, 5), (rs.H_XSPEND, 3), (rs.H_ANIMAL_PLAY, 4)]) == ([3, 0, 0], None)  # n differs
    assert follow([(rs.H_TURN, 5), (rs.H_COIN, 2), (rs.H_ANIMAL_PLAY, 4)]) == ([3, 0, 0], None)  # hook differs
    assert follow(asked, 1) == ([3, 0, 0, 0, 0], None)  # a hidden card drawn before the second
    assert follow(asked, 3) == ([3, 1, 2, 0, 0], None)  # ... before the first past the script
    s = rs.State(Rules(), 2, PyRng(0, 0), [], [])
    tp = rp.TurnPlan(s, [(rs.H_TURN, 3, 2)])
    assert tp(None, 0, rs.H_TURN, ["a", "b", "c"]) == 2 and tp(None, 0, rs.H_COIN, [0, 1]) == 0
    assert tp.recorded == (rs.H_COIN, 2)
    assert tp.next(rs.H_XSPEND, 3) == 0 and tp.recorded == (rs.H_COIN, 2)  # only the first past the script
    # a plan left at a mismatch stays left, even where a later decision would match the script again
    tp = rp.TurnPlan(rs.State(Rules(), 2, PyRng(0, 0), [], []), list(script))
    assert [tp.next(h, n) for h, n in [(rs.H_TURN, 5), (rs.H_COIN, 2), (rs.H_XSPEND, 2), (rs.H_ANIMAL_PLAY, 4)]] \
        == [3, 0, 0, 0] and tp.diverged is True and tp.recorded is None


# ---------------------------------------------------------------- the planning copy (10.2)
def test_the_planning_copy_equals_the_state_and_shares_nothing_mutable():
    s, _ = game(3)
    s.events = [(1, 0, 0, 0, 0, 0)]
    s.record = "a record"
    s.bonus_tiles = {5: ["x3", "rep2"], 8: ["money10"]}
    s.project_slots = {101: [rs.FREE, 1, rs.BLOCKED]}
    pl = s.ps[1]
    pl.buildings[1].animals = [401]
    pl.buildings[1].cubes = 2
    pl.pouched = {425: [402]}
    pl.rep_bonus_done = {5}
    pl.hand = [403, 404]
    t = rp.clone(s)
    assert t.events == [] and t.record is None and t.rng is s.rng and t.rules is s.rules
    assert t.policies == s.policies and t.policies is not s.policies
    for name in rp._STATE_FIELDS:
        assert getattr(t, name) == getattr(s, name), name
    for q in range(3):
        assert t.ps[q] == s.ps[q] and t.ps[q] is not s.ps[q]
    before = copy.deepcopy((s.deck, s.display, s.bonus_tiles, s.project_slots, s.ps[1]))
    t.deck.pop()
    t.display[0] = 0
    t.bonus_tiles[5].pop()
    t.project_slots[101][0] = 0
    tq = t.ps[1]
    tq.buildings[1].animals.append(402)
    tq.buildings[1].cubes = 0
    tq.buildings.append(Building(0, 1))
    tq.pouched[425].append(404)
    tq.rep_bonus_done.add(8)
    tq.hand.pop()
    tq.money = 0
    t.policies.append(None)
    assert (s.deck, s.display, s.bonus_tiles, s.project_slots, s.ps[1]) == before and len(s.policies) == 3


def test_the_private_stream_and_a_stream_copy():
    s, _ = game()
    s.seed, s.game_index, s.turn = 12345, 7, 9
    a, b = rp.private_stream(s), PyRng(12345 ^ 0x5EED0A4C, 7 * 4096 + 9)
    assert [a.next_u64() for _ in range(4)] == [b.next_u64() for _ in range(4)]
    c = rp._rng_copy(b)
    assert [c.next_u64() for _ in range(3)] == [b.next_u64() for _ in range(3)]
    c.next_u64()
    assert c.s != b.s


def test_the_re_deal_shuffles_the_unseen_zoo_cards_then_the_unseen_final_cards():
    """Pool 1 = deck + other seats' zoo cards (a base project in a hand stays), sorted, shuffled, dealt back: the
    deck from its top, then seat 1's hand, then seat 2's; pool 2 likewise with the final pile and their final cards.
    The seat's own hand and final cards stay."""
    s, _ = game(3)
    s.deck = [130, 402, 120]
    s.ps[0].hand, s.ps[0].finals = [410, 411], [9]
    s.ps[1].hand, s.ps[1].finals = [112, 113, 403], [5, 2]  # 112: the last base project; 113: the first zoo card
    s.ps[2].hand, s.ps[2].finals = [404], [7]
    s.final_pile = [3, 1]
    rng = PyRng(4, 2)
    zoo, finals = [113, 120, 130, 402, 403, 404], [1, 2, 3, 5, 7]
    oracle = copy.deepcopy(rng)
    rs.shuffle(oracle, zoo)
    rs.shuffle(oracle, finals)
    rp.determinize(s, 0, rng)
    assert s.deck == zoo[:3] and s.ps[1].hand == [112] + zoo[3:5] and s.ps[2].hand == zoo[5:]
    assert s.final_pile == finals[:2] and s.ps[1].finals == finals[2:4] and s.ps[2].finals == finals[4:]
    assert s.ps[0].hand == [410, 411] and s.ps[0].finals == [9]
    assert rng.s == oracle.s


# ---------------------------------------------------------------- the value of a position (10.4)
def test_the_value_of_a_position_by_hand():
    s, _ = game(3)
    p = s.ps[0]
    p.appeal, p.cp, p.money, p.rep, p.x = 20, 3, 30, 4, 1
    p.hand = [401, 402]
    p.workers_active, p.workers_supply, p.task_workers = 2, 1, [1, 0, 0, 0]
    p.partner_zoos, p.universities = [7], [0, 2]
    s.ps[1].appeal, s.ps[1].cp = 9, 2   # score 9 - 10 = -1
    s.ps[2].appeal, s.ps[2].cp = 12, 0  # 12 - 14 = -2
    # score 20 + (2*3 - 14) = 12; income at appeal 20 = 17; workers 2 + 1; covered: the start kiosk and enclosure, 4
    features = [12, 30, 4, 2, 1, 3, 17, 3, 1, 2, 4]
    w = tuple(range(1000, 12000, 1000)) + (500, 0)
    assert rp.value(s, 0, w) == sum(a * b for a, b in zip(w, features)) - 500 * -1
    assert rp.value(s, 0, w[:11] + (0, 0)) == sum(a * b for a, b in zip(w, features))
    p.appeal = 130  # beyond 113: scored and paid as 113 (income 37)
    w = (1000,) + (0,) * 5 + (1000,) + (0,) * 6
    assert rp.value(s, 0, w) == 1000 * (113 - 8) + 1000 * 37
    p.appeal = 0  # income at appeal 0 is 5 (§9.3)
    assert rp.value(s, 0, (0,) * 6 + (1000,) + (0,) * 6) == 5000


def test_the_value_subtracts_w_opp_times_the_other_players_score_at_two_players():
    s, _ = game(2)
    s.ps[0].appeal, s.ps[0].cp = 20, 3   # score 20 + (6 - 14) = 12
    s.ps[1].appeal, s.ps[1].cp = 12, 0   # score 12 - 14 = -2
    w = (1000,) + (0,) * 10 + (500, 0)
    assert rp.value(s, 0, w) == 1000 * 12 - 500 * -2
    assert rp.value(s, 1, w) == 1000 * -2 - 500 * 12


# ---------------------------------------------------------------- plans by hand (10.3)
def test_plans_by_hand_x_tokens_money_and_ties():
    """Valued by X-tokens only, the X action (the last TURN option) is the one gain and the card it moves to slot 1
    ties five ways, so option 0; valued by money only, the Sponsors break option at slot 5 with both X-tokens spent
    (+7 money) is best; valued by nothing, option 0 throughout, max_plan decisions long."""
    s, _ = game()
    s.seed, s.game_index = 3, 1
    s.ps[0].x = 2
    n = len(ref.turn_options(s, 0))
    assert ref.turn_options(s, 0)[-2:] == [(0, rs.SPONSORS), (1, 0)]
    before = copy.deepcopy(s)
    assert rp.plan_script(s, 0, milli(only(W_X))) == [(rs.H_TURN, n, n - 1), (rs.H_XACTION_CARD, 5, 0)]
    assert rp.plan_script(s, 0, milli(only(1))) == [(rs.H_TURN, n, n - 2), (rs.H_XSPEND, 3, 2)]
    # option 0 of TURN is Cards (Animals at slot 1 has nothing to play), x = 0 of 0-2; Cards side I at strength 2
    # draws from the deck, a hidden card: nothing after it is recorded
    flat = [(rs.H_TURN, n, 0), (rs.H_XSPEND, 3, 0)]
    assert [rp.plan_script(s, 0, milli(only(-1, max_plan=k))) for k in (1, 2, 3)] == [flat[:1], flat, flat]
    assert s.events == before.events and s.ps[0].x == 2 and s.deck == before.deck  # planning changed nothing


def test_a_plan_re_deals_only_what_the_seat_cannot_see_and_replays_on_its_private_stream(monkeypatch):
    """10.2-10.3: the copy is re-dealt for the planning seat (its own hand and final cards stay), and each replay
    runs on a copy of the private stream: the empty deck is refilled by shuffling the discard (§9.4) on it."""
    s, _ = game()
    s.seed, s.game_index = 3, 1
    s.ps[0].x = 2
    s.discard, s.deck = s.discard + s.deck, []
    n = len(ref.turn_options(s, 0))
    calls = []
    real = rp.determinize

    def spy(t, seat, rng):
        calls.append(seat)
        hand, finals = list(t.ps[0].hand), list(t.ps[0].finals)
        real(t, seat, rng)
        assert (t.ps[0].hand, t.ps[0].finals) == (hand, finals)
    monkeypatch.setattr(rp, "determinize", spy)
    flat = [(rs.H_TURN, n, 0), (rs.H_XSPEND, 3, 0)]
    assert rp.plan_script(s, 0, milli(only(-1, max_plan=3))) == flat
    assert calls == [0] and s.deck == []


def test_a_planner_follows_its_turns_plan_only_in_that_turn():
    s, _ = game()
    s.seed, s.game_index = 3, 1
    s.ps[0].x = 2
    planner = rp.Planner(HEURISTIC, only(1))
    assert planner.name == "heuristic" and planner.w == milli(only(1)) and planner.max_plan == 8
    assert rp.Planner(GREEDY, GREEDY_PARAMS).name == "greedy"
    with pytest.raises(ValueError):
        rp.Planner(HEURISTIC, only(1)[:-1])
    n = len(ref.turn_options(s, 0))
    assert planner(rs.public_view(s, 0), 0, rs.H_TURN, list(range(n))) == 0  # no plan yet
    planner.plan(s, 0)
    tp = planner.turns[0]
    assert tp.turn == s.turn + 1 and tp.script == [(rs.H_TURN, n, n - 2), (rs.H_XSPEND, 3, 2)] and tp.state is s
    s.turn += 1
    view = rs.public_view(s, 0)
    assert planner(view, 0, rs.H_TURN, list(range(n))) == n - 2 and planner(view, 0, rs.H_XSPEND, [0, 1, 2]) == 2
    assert planner(rs.public_view(s, 1), 1, rs.H_TURN, list(range(n))) == 0  # another seat: no plan
    s.turn += 1
    assert planner(rs.public_view(s, 0), 0, rs.H_TURN, list(range(n))) == 0  # a later turn: the old plan is void
    assert tp.pos == 2


def test_policies_from_names_and_codes():
    assert rp.make("uniform") is rs.uniform and rp.from_code(UNIFORM) is rs.uniform
    assert isinstance(rp.make("random"), rp.Random) and isinstance(rp.from_code(RANDOM), rp.Random)
    g = rp.make("greedy")
    assert (g.code, g.row) == (GREEDY, GREEDY_PARAMS)
    h = rp.make("heuristic", {"w_x": 2})
    assert h.code == HEURISTIC and h.row[NAMES.index("w_x")] == 2.0 and h.row[0] == DEFAULTS[0]
    assert rp.from_code(HEURISTIC).row == DEFAULTS and rp.from_code(GREEDY).row == GREEDY_PARAMS
    assert rp.from_code(HEURISTIC, list(only(1))).row == only(1)
    g = rp.from_code(GREEDY)
    assert g.code == GREEDY and g.name == "greedy"
