"""The `search` policy: it searches (finds a move the heuristic misses), reads public information only, is a pure
function of (rules, seed, game index, policies), plays legal games, and --explain shows what it weighed.

Its strength against `heuristic` is measured by `benchmarks/bench_search.py --game zooloretto` (too slow for a test).
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from tests.games.zooloretto.tables import CAMEL, ELEPHANT, LEOPARD, PANDA, ZEBRA, Table, last_round
from tests.games.family.cases import ZOOLORETTO
from tests.games.family.test_differential import assert_same_game
from zoosim.games.base import policy_arrays
from zoosim.games.zooloretto import GAME
from zoosim.games.zooloretto import lookahead as L
from zoosim.games.zooloretto import play as P
from zoosim.games.zooloretto import search as SR
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.engine.policies import MEMORY_SIZE, choose_turn
from zoosim.games.zooloretto.engine.valuation import HEURISTIC, SEARCH
from zoosim.games.zooloretto.policies import MAX_POLICY_PARAMS, POLICIES
from zoosim.games.zooloretto.reference.actions import replay_decisions
from zoosim.games.zooloretto.replay import play_recorded, replay_text
from zoosim.games.zooloretto.rules import INERT, STALL_BASE, Rules, pack

SMALL = "search:budget=8"


def params_row(text: str, players: int) -> np.ndarray:
    return policy_arrays([GAME.policy(text)] * players, MAX_POLICY_PARAMS)[1][0]


def denial_position():
    """Last round of a 2-player game, stacks empty, no coins, seat 0 on turn. Truck 0: an elephant, which seat 0
    can only put in an empty enclosure (0 points) but which fills seat 1's E3 to 6 of 6 (+4); truck 1: a zebra for
    seat 0's E1, which has a stall (+1 point); truck 2 is empty. Before the turn seat 0 leads 8 to 6. The heuristic
    takes the zebra (+1 now) and loses 9 to 10 once seat 1 takes the elephant; taking the elephant wins 8 to 6 (seat 1
    must then take the zebra, worth nothing to it)."""
    players = 2
    rules = Rules()
    S = np.zeros(E.STATE_SIZE, np.int64)
    E.reset_state(S, pack(rules, players))
    S[E.H_BANK] = 20
    for s in (CAMEL, LEOPARD, ELEPHANT, PANDA, ZEBRA):
        S[E.SUPPLY + s] = 2
    E.place_tile(S, 0, STALL_BASE + 0, 0)
    E.place_tile(S, 0, 4 * ZEBRA + INERT, 0)
    for _ in range(4):
        E.place_tile(S, 0, 4 * PANDA + INERT, 1)
    for _ in range(5):
        E.place_tile(S, 1, 4 * ELEPHANT + INERT, 2)
    for p in range(players):
        S[E.player_at(p) + E.P_COINS] = 0
    last_round(S, [[4 * ELEPHANT + INERT], [4 * ZEBRA + INERT], []], rules)  # every other tile out: nothing hidden
    E.sync_truck_masks(S)
    return S


def test_denies_the_truck_the_heuristic_leaves_to_its_rival() -> None:
    S = denial_position()
    assert [E.score_player(S, p, np.zeros(E.N_COMPONENTS, np.int64)) for p in (0, 1)] == [8, 6]
    assert L.unseen_tiles(S, np.zeros(P.MAX_DECK, np.int64), np.zeros(16, np.int64))[0] == 0  # nothing hidden
    row = params_row("search:budget=4", 2)
    heuristic = choose_turn(HEURISTIC, row[SR.SP_WEIGHTS:], S.copy(), 0, np.zeros(4, np.uint64),
                            np.zeros(E.MAX_OPTIONS, np.int64), np.zeros((3, E.STATE_SIZE), np.int64),
                            np.full(MEMORY_SIZE, -1.0))
    assert heuristic == E.option(E.OPT_TAKE, 1, 0, 0)
    before = S.copy()
    ws = SR.new_workspace(2, MAX_POLICY_PARAMS)
    assert SR.decide_turn(S, 0, 1, 0, row, ws) == E.option(E.OPT_TAKE, 0, 0, 0)
    assert np.array_equal(S, before)  # deciding leaves the state alone


class Game(Table):
    """A game played turn by turn from Python: `heuristic` seats, and search seats, where it stops."""

    def __init__(self, players: int, seed: int, game_index: int, search: str, search_seats=(0,)) -> None:
        self.ws = SR.new_workspace(players, MAX_POLICY_PARAMS)
        super().__init__(Rules(), players, seed, game_index,
                         np.array([SEARCH if s in search_seats else HEURISTIC for s in range(players)], np.int64),
                         policy_arrays([GAME.policy(search if s in search_seats else "heuristic")
                                        for s in range(players)], MAX_POLICY_PARAMS)[1])

    def turn(self, S, deck, ws, memory) -> int:
        return SR.play_turn(S, deck, self.rng.copy(), self.p, self.seed, self.game_index, self.params[self.p], ws,
                            self.workspace, memory, np.zeros(0))

    def stops(self):
        while self.p >= 0:
            yield self.p
            self.turn(self.S, self.deck, self.ws, self.memory)
            self.p = self.play_out(self.p, True)


def test_the_stacks_order_does_not_change_a_decision() -> None:
    """The same public state with the unseen tiles in another order: the same turn, and after a take (nothing
    drawn) the same state; the search's own draws come from its stream, never the game's."""
    decisions = takes = 0
    for game_index in range(2):
        game = Game(2, 5, game_index, "search:budget=12,places=1")
        for _p in game.stops():
            if game.S[E.H_ROUND] % 2 != 1:
                continue
            results = []
            for shuffled in (False, True):
                S, deck, ws = game.S.copy(), game.deck.copy(), SR.new_workspace(2, MAX_POLICY_PARAMS)
                ws[25][:] = game.ws[25]  # the seat's count of decisions so far
                if shuffled:
                    np.random.default_rng(game_index).shuffle(deck[S[E.H_DRAW_PTR]:S[E.H_TOTAL]])
                opt = game.turn(S, deck, ws, game.memory.copy())
                results.append((opt, S))
            assert results[0][0] == results[1][0]
            decisions += 1
            if E.option_kind(results[0][0]) == E.OPT_TAKE:
                assert np.array_equal(results[0][1], results[1][1])
                takes += 1
    assert decisions >= 10 and takes >= 3


def test_games_are_the_same_on_one_or_two_threads_and_in_replay() -> None:
    specs = [GAME.policy(SMALL), GAME.policy("heuristic"), GAME.policy("search:budget=6,trucks=0,places=1")]
    one = GAME.play_block(Rules(), 3, specs, 4, 10, 4, threads=1)
    two = GAME.play_block(Rules(), 3, specs, 4, 10, 4, threads=2)
    for name, column in one.items():
        assert np.array_equal(column, two[name]), name
    _events, rows, shares, _state, _deck = play_recorded(Rules(), 3, specs, 4, 12)
    assert list(rows[:, 0]) == list(one["score"][6:9])
    assert np.allclose(shares, one["win_share"][6:9])


def test_the_reference_accepts_every_search_decision() -> None:
    """Search games keep the rules: the reference replays each decision, finds it legal and gets the same
    consequences and results (official and random rules, 2-5 players, search beside heuristic and random)."""
    rng = random.Random(32)
    for game_index in range(8):
        players = rng.randint(2, 5)
        rules = Rules() if game_index % 2 == 0 else ZOOLORETTO.random_rules(rng)
        policies = [rng.choice(["search:budget=6,places=1", SMALL, "heuristic", "random"]) for _ in range(players)]
        policies[game_index % players] = SMALL
        events = play_recorded(rules, players, [GAME.policy(p) for p in policies], 5, game_index)[0]
        record = replay_decisions(rules, players, 5, game_index, events)
        assert_same_game(ZOOLORETTO, rules, players, policies, 5, game_index, record)


def test_explain_shows_the_candidates_with_playouts_and_means() -> None:
    specs = [GAME.policy("search:budget=16,places=1"), GAME.policy("heuristic")]
    plain = replay_text(Rules(), 2, specs, 3, 0)
    explained = replay_text(Rules(), 2, specs, 3, 0, explain=True)
    lines = [line for line in explained.splitlines() if "search (seat 0)" in line]
    assert lines and "search" not in plain.replace("seat 0: search", "")
    assert all("playouts, mean" in line for line in lines)
    assert any("<- chosen" in line for line in lines) and any("heuristic's choice" in line for line in lines)
    assert any("take truck" in line for line in lines) and any(": draw:" in line for line in lines)
    assert any("first:" in line for line in lines)  # the places of a taken truck's tiles
    assert [line for line in explained.splitlines() if "search (seat" not in line] == plain.splitlines()


def test_registered_with_its_parameters() -> None:
    info = POLICIES["search"]
    names = [p.name for p in info.params]
    assert names[0] == "budget" and names[SR.SP_WEIGHTS:] == [p.name for p in POLICIES["heuristic"].params]
    assert len(names) <= MAX_POLICY_PARAMS
    assert [names[k] for k in (SR.SP_BUDGET, SR.SP_CANDIDATES, SR.SP_MONEY_CANDIDATES, SR.SP_WIN_WEIGHT,
                               SR.SP_PRIOR, SR.SP_HORIZON, SR.SP_TRUCKS, SR.SP_PLACES)] == names[:SR.SP_WEIGHTS]
    assert GAME.policy("search:budget=800").label == "search:budget=800"


@pytest.mark.parametrize("players", [2, 4])
def test_timings_count_every_search_turn(players: int) -> None:
    specs = [GAME.policy(SMALL)] + [GAME.policy("heuristic")] * (players - 1)
    seconds = P.search_timings(Rules(), players, specs, 1, 0, 2)
    turns = GAME.play_block(Rules(), players, specs, 1, 0, 2, threads=1)["turns"]
    assert 0 < len(seconds) < turns.sum() and (seconds > 0).all()
