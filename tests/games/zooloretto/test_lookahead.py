"""The `lookahead` policy: it reads public information only, is deterministic per (seed, game index),
sees exactly the tiles left in the stacks as unseen, and finds the obvious move in a clear-cut position.

Its legality is checked by the reference in test_zooloretto_differential.py; its strength against
`heuristic` is measured by `benchmarks/bench_zooloretto.py --lookahead` (too slow for a test).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.games.zooloretto.tables import CAMEL, CHIMP, ELEPHANT, LEOPARD, PANDA, ZEBRA, Table, last_round
from zoosim.games.base import policy_arrays
from zoosim.games.zooloretto import GAME
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.policies import MAX_POLICY_PARAMS, POLICIES
from zoosim.games.zooloretto import lookahead as L
from zoosim.games.zooloretto import play as P
from zoosim.games.zooloretto.engine.policies import MEMORY_SIZE, choose_turn
from zoosim.games.zooloretto.engine.valuation import LOOKAHEAD, RANDOM
from zoosim.games.zooloretto.replay import replay_text
from zoosim.games.zooloretto.rules import FEMALE, INERT, MALE, STALL_BASE, Rules, pack


class Game(Table):
    """A game played turn by turn from Python: `random` seats, and seats marked LOOKAHEAD where it stops."""

    def __init__(self, rules: Rules, players: int, seed: int, game_index: int, stop_seats=(1,)) -> None:
        super().__init__(rules, players, seed, game_index,
                         np.array([LOOKAHEAD if s in stop_seats else RANDOM for s in range(players)], np.int64),
                         policy_arrays([GAME.policy("lookahead:rollouts=3")] * players, MAX_POLICY_PARAMS)[1])

    def random_turn(self) -> None:
        """The stopped seat plays a `random` turn; the game runs on to the next stop."""
        p = self.p
        opt = choose_turn(RANDOM, self.params[p], self.S, p, self.rng, self.options, self.workspace, self.memory)
        P.apply_turn_option(self.S, self.deck, self.rng, p, opt, RANDOM, self.params[p], self.workspace,
                            self.memory)
        self.p = self.play_out(p, True)

    def stops(self):
        while self.p >= 0:
            yield self.p
            self.random_turn()


def left_in_stacks(S: np.ndarray, deck: np.ndarray) -> list[int]:
    return sorted(deck[S[E.H_DRAW_PTR]:S[E.H_TOTAL]].tolist())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_unseen_tiles_are_the_tiles_left_in_the_stacks(players: int) -> None:
    """Trucks, zoos, barns, discards and coin tiles taken account for every drawn tile (births included)."""
    checked = 0
    for game_index in range(6):
        game = Game(Rules(), players, 31, game_index, stop_seats=range(players))
        for _p in game.stops():
            pool = np.zeros(P.MAX_DECK, np.int64)
            n, n_unknown, unknown_in_play = L.unseen_tiles(game.S, pool, np.zeros(8, np.int64))
            assert unknown_in_play == 0
            assert sorted(pool[:n].tolist()) == left_in_stacks(game.S, game.deck)
            checked += 1
    assert checked > 100


def test_species_nobody_has_seen_are_drawn_when_the_rules_give_no_offspring() -> None:
    rules = replace(Rules(), offspring_per_species=0)
    for _p in (game := Game(rules, 3, 8, 0)).stops():
        S, deck = game.S, game.deck
        pool = np.zeros(P.MAX_DECK, np.int64)
        unknown = np.zeros(8, np.int64)
        n, n_unknown, unknown_in_play = L.unseen_tiles(S, pool, unknown)
        truth = left_in_stacks(S, deck)
        assert n + unknown_in_play * rules.tiles_per_species == len(truth)
        guess = deck.copy()
        L.determinise(S, pool, n, unknown, n_unknown, unknown_in_play, guess,
                      np.array([1, 2, 3, 4], np.uint64))
        known = {c for c in truth if c >= STALL_BASE or c >> 2 not in unknown[:n_unknown]}
        assert sorted(c for c in guess[S[E.H_DRAW_PTR]:S[E.H_TOTAL]] if c in known) == \
            sorted(c for c in truth if c in known)


def test_decision_ignores_the_hidden_order_of_the_stacks() -> None:
    """The same public state with the stacks in another order gives the same decision."""
    decisions = drawn_apart = 0
    for game_index in range(3):
        for _p in (game := Game(Rules(), 4, 5, game_index)).stops():
            if game.S[E.H_ROUND] % 3 != 1:
                continue
            outcomes = []
            for shuffled in (False, True):
                S, deck = game.S.copy(), game.deck.copy()
                if shuffled:
                    hidden = deck[S[E.H_DRAW_PTR]:S[E.H_TOTAL]]
                    np.random.default_rng(game_index).shuffle(hidden)
                weights = L.heuristic_rows(game.params)[game.p]
                look_rng = np.array([9, 8, 7, 6], np.uint64)
                opt = P.lookahead_turn(S, deck, np.zeros(4, np.uint64), game.p, game.params[game.p], weights,
                                       look_rng, game.workspace, np.full(MEMORY_SIZE, -1.0))
                outcomes.append((opt, S[E.H_DRAW_PTR], deck[S[E.H_DRAW_PTR] - 1]))
            assert outcomes[0][0] == outcomes[1][0]
            decisions += 1
            if E.option_kind(outcomes[0][0]) == E.OPT_DRAW and outcomes[0][2] != outcomes[1][2]:
                drawn_apart += 1  # the hidden order really differed
    assert decisions >= 10 and drawn_apart >= 1


def test_games_are_deterministic_per_seed_and_game_index() -> None:
    specs = [GAME.policy("lookahead:rollouts=2"), GAME.policy("random"), GAME.policy("heuristic")]
    one = GAME.play_block(Rules(), 3, specs, 4, 10, 4, threads=1)
    two = GAME.play_block(Rules(), 3, specs, 4, 10, 4, threads=2)
    for name, column in one.items():
        assert np.array_equal(column, two[name]), name
    alone = GAME.play_block(Rules(), 3, specs, 4, 12, 1, threads=1)
    assert np.array_equal(alone["score"], one["score"][6:9])


def clear_cut_position():
    """Last round, stacks empty, seat 0 on turn (3 players; flamingos and kangaroos out of play).
    Truck 0: the zebra that fills seat 0's E1 (4 zebras): +3 points and 2 coins; truck 1: a camel, a
    leopard and a panda, which seat 0 can only put in its barn (E2 and E3 hold elephants and
    chimpanzees): -6; truck 2: a camel, -2. Every other tile is out of the game."""
    players = 3
    S = np.zeros(E.STATE_SIZE, np.int64)
    E.reset_state(S, pack(Rules(), players))
    S[E.H_BANK] = 20
    for s in (CAMEL, LEOPARD, ELEPHANT, PANDA, CHIMP, ZEBRA):
        S[E.SUPPLY + s] = 2
    for _ in range(4):
        E.place_tile(S, 0, 4 * ZEBRA + INERT, 0)
    for _ in range(2):
        E.place_tile(S, 0, 4 * ELEPHANT + INERT, 1)
    for _ in range(3):
        E.place_tile(S, 0, 4 * CHIMP + INERT, 2)
    E.place_tile(S, 1, 4 * CAMEL + MALE, 0)
    E.place_tile(S, 2, 4 * PANDA + FEMALE, 1)
    last_round(S, [[4 * ZEBRA + INERT], [4 * CAMEL + INERT, 4 * LEOPARD + INERT, 4 * PANDA + INERT], [4 * CAMEL]],
               Rules())
    return S, GAME.policy("lookahead:rollouts=2")


def test_takes_the_truck_that_completes_an_enclosure_in_the_last_round() -> None:
    S, spec = clear_cut_position()
    params = policy_arrays([spec] * 3, MAX_POLICY_PARAMS)[1]
    pool = np.zeros(P.MAX_DECK, np.int64)
    assert L.unseen_tiles(S, pool, np.zeros(8, np.int64))[0] == 0  # a consistent position: nothing hidden
    before = S.copy()
    opt = L.decide_turn(S, 0, params[0], np.array([1, 2, 3, 4], np.uint64))
    assert opt == E.option(E.OPT_TAKE, 0, 0, 0)
    assert np.array_equal(S, before)  # deciding leaves the state alone


def test_registered_with_its_parameters_and_replayed() -> None:
    info = POLICIES["lookahead"]
    names = [p.name for p in info.params]
    assert names[:4] == ["rollouts", "money_candidates", "win_weight", "confidence"]
    assert names[4:] == [p.name for p in POLICIES["heuristic"].params]
    assert len(names) <= 16
    spec = GAME.policy("lookahead:rollouts=16,barn_weight=2")
    assert spec.label == "lookahead:rollouts=16,barn_weight=2"
    text = replay_text(Rules(), 2, [GAME.policy("lookahead:rollouts=2"), GAME.policy("heuristic")], 3, 0)
    assert "seat 0: lookahead:rollouts=2" in text and "final scoring" in text
