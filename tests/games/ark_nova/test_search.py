"""Ark Nova's `search` (PROTOCOL.md 12): below 8 playouts it plays heuristic's games; its games are games of the
rules (the reference replays their decisions, with the §17 invariants after every turn) and pure functions of
(rules, seed, game index, policies) however the games are split over threads, and `replay` shows the game `simulate`
played; its decision does not depend on what the seat cannot see; `--explain` lists the candidates with their
playouts and means; and at a turn of a heuristic game it finds the plan heuristic misses."""
import threading
from dataclasses import replace

import numpy as np
import pytest
from tests.games.ark_nova.common import reference_fields
from tests.games.ark_nova.test_invariants import check
from tests.games.ark_nova.test_policies import hide_differently, turn_start_states

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova import play
from zoosim.games.ark_nova import search as S
from zoosim.games.ark_nova.engine import codec
from zoosim.games.ark_nova.engine import game as eg
from zoosim.games.ark_nova.pack import pack
from zoosim.games.ark_nova.policies import HEURISTIC, SEARCH, params_row
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import policies as rp
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.replay import replay_text
from zoosim.games.ark_nova.rules import Rules
from zoosim.games.registry import get_game

GAME = get_game("ark-nova")
SHORT = replace(Rules(), end_trigger_score=50)      # shorter games for the whole-game tests


def spec(text: str):
    return GAME.policy(text, 2)


def test_a_budget_below_eight_plays_heuristic_games():
    heuristic = play.play_block(Rules(), 2, [spec("heuristic"), spec("heuristic")], 11, 0, 3)
    for budget in (1, 7):
        searched = play.play_block(Rules(), 2, [spec(f"search:budget={budget}"), spec("heuristic")], 11, 0, 3)
        assert np.array_equal(searched, heuristic)


class Replayer:
    """A reference policy that takes the engine's DECIDE rows in order (hook and option count checked)."""

    def __init__(self, events):
        self.decisions = [e for e in events if e[0] == rs.E_DECIDE]
        self.at = 0

    def __call__(self, view, seat, hook, options):
        _, q, h, n, k, _ = self.decisions[self.at]
        assert (q, h, n) == (seat, hook, len(options)), (self.at, (q, h, n), (seat, hook, len(options)))
        self.at += 1
        return k


def reference_game_with_checks(rules, players, seed, game_index, policy):
    """reference.game.play_game with the §17 invariants (test_invariants.check) after every turn."""
    s = rsu.setup(rules, players, PyRng(seed, game_index), [policy] * players)
    s.seed, s.game_index = seed, game_index
    dropped = [0, []]
    check(s, dropped)
    while not s.game_over:
        p = s.current
        s.hidden_drawn = False
        ref.play_turn(s, p)
        ref.after_turn(s, p)
        check(s, dropped)
    return s


@pytest.mark.parametrize("players, index", [(2, 0), (3, 1)])
def test_search_games_are_games_of_the_rules(players, index):
    """The reference, told the engine's decisions, plays the same game event for event and keeps the invariants."""
    lineup = [spec("search:budget=12")] + [spec("heuristic")] * (players - 1)
    events, rows, G = play.play_traced(SHORT, players, lineup, 5, index)
    assert any(e[0] == rs.E_DECIDE for e in events) and not any(e[0] in (S.E_SEARCH, S.E_SEARCH_STEP) for e in events)
    replayer = Replayer(events)
    s = reference_game_with_checks(SHORT, players, 5, index, replayer)
    assert s.events == events
    assert replayer.at == len(replayer.decisions)
    r = ref.result(s)
    assert r.scores == [int(x) for x in eg.result(G, pack(SHORT, players))["scores"]]


def test_search_games_do_not_depend_on_the_split_and_replay_shows_them():
    lineup = [spec("search:budget=12"), spec("heuristic")]
    whole = play.play_block(SHORT, 2, lineup, 9, 0, 4)
    ids, params = play.policy_codes(lineup)
    packed = play.pack(SHORT, 2)
    parts = [np.zeros((2 * 2, play.N_OUT), np.int64) for _ in range(2)]
    shares = [np.zeros(2 * 2) for _ in range(2)]

    def part(k):
        play.play_many(packed, 9, 2 * k, 2, ids, params, parts[k], shares[k], np.zeros((0, 0, 2), np.int16))

    threads = [threading.Thread(target=part, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert np.array_equal(np.concatenate(parts), whole)
    for g in (0, 3):
        _, rows, _ = play.play_traced(SHORT, 2, lineup, 9, g)
        assert np.array_equal(rows, whole[2 * g:2 * g + 2])
        text = replay_text(SHORT, 2, lineup, 9, g)
        for i in range(2):
            assert f"score {int(whole[2 * g + i, play.O_SCORE])} =" in text


def test_explain_lists_the_candidates_and_changes_nothing_else():
    lineup = [spec("search:budget=16"), spec("heuristic")]
    plain = replay_text(SHORT, 2, lineup, 3, 1)
    explained = replay_text(SHORT, 2, lineup, 3, 1, explain=True)
    extra = [line for line in explained.splitlines() if line not in plain.splitlines()]
    assert [line for line in explained.splitlines() if line in plain.splitlines()] == plain.splitlines()
    headers = [line for line in extra if "search:" in line]
    candidates = [line for line in extra if "playouts, mean" in line]
    assert headers and len(candidates) >= 2 * len(headers)
    assert sum(line.lstrip().startswith("*") for line in candidates) == len(headers)
    assert any("heuristic's plan" in line for line in candidates)
    assert "search:" not in plain


def positions(players=2, seed=61, game_index=0, every=5, limit=40):
    """Reference states at turn starts of a uniform game (every `every`-th turn up to `limit`)."""
    for s, p in turn_start_states(Rules(), players, seed, game_index, [rs.uniform] * players):
        if s.turn > limit:
            return
        if s.turn % every == 0:
            yield s, p


def engine_block(s):
    G = codec.encode(reference_fields(s))
    eg.set_policies(G, [HEURISTIC] * s.players, None, s.seed, s.game_index)
    return G


def test_the_decision_depends_only_on_what_the_seat_may_see():
    params = params_row(SEARCH, {"budget": 24, "depth": 2})
    checked = 0
    for s, p in positions():
        R = pack(s.rules, s.players)
        t = hide_differently(s, p, s.turn)
        assert t.deck != s.deck
        first = S.decide(engine_block(s), R, p, params, decision=s.turn)
        again = S.decide(engine_block(t), R, p, params, decision=s.turn)
        assert first == again
        assert len(first["playouts"]) >= 2
        checked += 1
    assert checked >= 6


def test_it_finds_the_turn_heuristic_misses():
    """Turn 18 of a heuristic game (2 players, seed 61, game 0), seat 0 with 13 money and an X-token: heuristic takes
    Sponsors' break option (money); the search, at 16 playouts, spends the X-token for Sponsors at strength 5 and
    plays Polar Bear Exhibit, which at the next break is worth about 5.5 points more (heuristic's value against the
    opponent's). On other samples and 600 playouts the same plan is the best and beats heuristic's by 3 points or
    more: a player that did not search would play heuristic's plan. Both searches look as far (to the next break)
    and as wide (depth 2): the parameters are set against the dial's steps (16 playouts are one step below the
    default, 600 one above; zoosim.search.dial)."""
    for s, p in turn_start_states(Rules(), 2, 61, 0, [rp.make("heuristic"), rp.make("heuristic")]):
        if s.turn == 18:
            break
    assert p == 0
    R = pack(s.rules, s.players)
    small = S.decide(engine_block(s), R, p, params_row(SEARCH, {"budget": 16, "candidates": 8, "depth": 3}),
                     decision=s.turn)
    own = small["scripts"][0]                       # heuristic's plan (the planner's, candidate 0)
    assert small["script"] != own
    big = S.decide(engine_block(s), R, p, params_row(SEARCH, {"budget": 600, "candidates": 3, "depth": 1, "horizon": 0}),
                   decision=10_000)
    assert big["script"] == small["script"]
    chosen = big["scripts"].index(big["script"])
    assert big["means"][chosen] >= big["means"][0] + 3000


def test_the_dial_widens_deepens_and_looks_further_with_the_budget():
    """zoosim.search.dial: a step for each factor of 4 from the default budget (48). At 12 the shortlist is 3 wide,
    at 48 6 (`candidates`), at 192 12 (or as many as there are plans); the plans generated grow with the depth (1, 2,
    3 decisions varied: 4, 5 and 9 plans here), and the playouts of the candidate kept to the end grow with the
    budget."""
    for s, p in turn_start_states(Rules(), 2, 61, 0, [rp.make("heuristic"), rp.make("heuristic")]):
        if s.turn == 18:
            break
    R = pack(s.rules, s.players)
    seen = {}
    for budget in (12, 48, 192):
        out = S.decide(engine_block(s), R, p, params_row(SEARCH, {"budget": budget}), decision=s.turn, events=64)
        header = next(e for e in out["events"] if e[0] == S.E_SEARCH and e[2] == -1)
        seen[budget] = (len(out["playouts"]), header[3], max(out["playouts"]))   # width, plans generated, playouts
    assert [seen[b][0] for b in (12, 48, 192)] == [min(w, seen[b][1]) for w, b in ((3, 12), (6, 48), (12, 192))]
    assert seen[12][1] < seen[48][1] < seen[192][1]
    assert seen[12][2] < seen[48][2] < seen[192][2]
