"""Zooloretto Mini's `search` policy (search.py): it sees the tiles left in the stacks as exactly the unseen ones,
decides on public information only and finds the denial the heuristic misses. That it plays the same games on any
number of threads and in replay, keeps the rules and explains itself: tests/games/family/test_search.py.

Its strength against `heuristic` is measured by benchmarks/bench_search.py (too slow for a test).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from zoosim.core.rng import seed_stream
from zoosim.games.base import policy_arrays
from zoosim.games.family.search import C_DECISIONS
from zoosim.games.zooloretto_mini import GAME
from zoosim.games.zooloretto_mini import play as P
from zoosim.games.zooloretto_mini import search as SR
from zoosim.games.zooloretto_mini.engine import game as G
from zoosim.games.zooloretto_mini.engine import state as E
from zoosim.games.zooloretto_mini.engine.game import policy_turn
from zoosim.games.zooloretto_mini.engine.policies import HEURISTIC, RANDOM, choose_turn
from zoosim.games.zooloretto_mini.policies import MAX_POLICY_PARAMS
from zoosim.games.zooloretto_mini.rules import (
    LANDSCAPE_BASE, MAX_SPECIES, MAX_TRUCK_CAPACITY, N_CODES, Rules, pack,
)

SMALL = "search:budget=6"


def arrays(players: int, specs) -> tuple[np.ndarray, np.ndarray]:
    return policy_arrays([GAME.policy(s, players) for s in specs], MAX_POLICY_PARAMS)


class Table:
    """A game played from Python with the engine's loop: it stops wherever a seat plays `search` (policy id 4)."""

    def __init__(self, rules: Rules, players: int, seed: int, game_index: int, specs) -> None:
        self.R = pack(rules, players)
        self.players = players
        self.seed, self.game_index = seed, game_index
        self.S = np.zeros(E.STATE_SIZE, np.int64)
        self.deck = np.zeros(P.MAX_DECK, np.int64)
        self.rng = np.zeros(4, np.uint64)
        self.options = np.zeros(E.MAX_OPTIONS, np.int64)
        self.work = np.zeros(E.STATE_SIZE, np.int64)
        self.scratch = np.zeros(E.STATE_SIZE, np.int64)
        self.codes = np.zeros(MAX_TRUCK_CAPACITY + 1, np.int64)
        self.components = np.zeros(E.N_COMPONENTS, np.int64)
        self.trace = np.zeros((0, 6), np.int64)
        self.ids, self.params = arrays(players, specs)
        self.ws = SR.new_workspace(players, 0, np.zeros(0))
        G.start_game(self.S, self.R, self.deck, self.rng, seed, game_index)
        self.p = self.play_out(0, False)

    def play_out(self, p: int, played: bool) -> int:
        return G.play_out(self.S, self.R, self.deck, self.trace, self.rng, p, played, self.ids, self.params,
                          self.options, self.work, self.scratch, self.codes, np.zeros((0, self.players), np.int16),
                          self.components, SR.SEARCH)

    def random_turn(self) -> None:
        """The stopped seat plays a `random` turn; the game runs on to the next stop."""
        p = self.p
        policy_turn(self.S, self.R, self.deck, self.trace, self.rng, p, RANDOM, self.params[p], self.options,
                    self.work, self.scratch, self.codes, self.components, E.can_draw(self.S, self.R))
        self.p = self.play_out(p, True)

    def stops(self):
        while self.p >= 0:
            yield self.p
            self.random_turn()


def unseen(S, R):
    pool = np.zeros(P.MAX_DECK, np.int64)
    unknown = np.zeros(MAX_SPECIES, np.int64)
    n, n_unknown, in_play = SR.unseen_tiles(S, R, -1, pool, unknown, np.zeros(N_CODES + MAX_SPECIES, np.int64))
    return pool, n, unknown[:n_unknown].tolist(), in_play


def species_tiles(rules: Rules, s: int) -> Counter:
    plain = rules.tiles_per_species - rules.fertile_males - rules.fertile_females
    return Counter({4 * s: plain, 4 * s + 1: rules.fertile_males, 4 * s + 2: rules.fertile_females})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("offspring", [2, 0])
def test_unseen_tiles_are_the_tiles_left_in_the_stacks(players: int, offspring: int) -> None:
    """Trucks, zoos, barns and tiles out of the game account for every drawn tile (births included); without
    offspring a species in play may be unseen, and it is among the unknown species."""
    rules = replace(Rules(), offspring_per_species=offspring)
    checked = 0
    for game_index in range(4):
        table = Table(rules, players, 31, game_index, ["search"] * players)
        for _p in table.stops():
            S, R = table.S, table.R
            pool, n, unknown, in_play = unseen(S, R)
            left = Counter(table.deck[S[E.H_DRAW_PTR]:S[E.H_TOTAL]].tolist())
            extra = left - Counter(pool[:n].tolist())
            assert Counter(pool[:n].tolist()) - left == Counter()
            hidden = [s for s in unknown if any(code // 4 == s for code in extra)]
            assert len(hidden) == in_play and sum((species_tiles(rules, s) for s in hidden), Counter()) == extra
            checked += 1
    assert checked > 20 * players


def test_a_determinisation_deals_the_unseen_tiles_and_keeps_a_drawn_tile_first() -> None:
    table = Table(Rules(), 3, 5, 2, ["search"] * 3)
    for _ in range(6):
        table.random_turn()
    S, R = table.S, table.R
    pool, n, unknown, in_play = unseen(S, R)
    ptr, total = S[E.H_DRAW_PTR], S[E.H_TOTAL]
    truth = sorted(table.deck[ptr:total].tolist())
    drawn = table.deck[ptr]
    stream = np.zeros(4, np.uint64)
    orders = set()
    for sample in range(5):
        deck = np.full(P.MAX_DECK, -9, np.int64)
        seed_stream(stream, 77, sample)
        SR.determinise(S, R, pool, n, np.array(unknown + [0], np.int64), len(unknown), in_play, -1, deck, stream)
        assert sorted(deck[ptr:total].tolist()) == truth and (deck[:ptr] == -9).all()
        orders.add(tuple(deck[ptr:total]))
        SR.determinise(S, R, pool, n, np.array(unknown + [0], np.int64), len(unknown), in_play, drawn, deck, stream)
        assert deck[ptr] == drawn and sorted(deck[ptr:total].tolist()) == truth
    assert len(orders) == 5


def test_the_decision_reads_public_information_only() -> None:
    """The turn it chooses does not change when the order of the tiles left in the stacks changes (search_turn
    holds the deck only to draw the tile it chose to draw)."""
    compared = 0
    for game_index in range(3):
        table = Table(Rules(), 2, 8, game_index, ["search:budget=8", "random"])
        for p in table.stops():
            if compared >= 12:
                break
            S, R = table.S, table.R
            ptr, total = S[E.H_DRAW_PTR], S[E.H_TOTAL]
            firsts = set()
            decisions = table.ws[SR.W_COMMON][C_DECISIONS].copy()
            for shuffle_seed in range(3):
                table.ws[SR.W_COMMON][C_DECISIONS][:] = decisions  # the same decision key each time
                S2, deck2 = S.copy(), table.deck.copy()
                np.random.default_rng(shuffle_seed).shuffle(deck2[ptr:total])
                trace = np.zeros((50, 6), np.int64)
                S2[E.H_TRACE_N] = 0
                SR.search_turn(R, S2, deck2, trace, table.rng.copy(), p, 8, game_index, table.params[p], table.ws,
                               table.options, table.work, table.scratch, table.codes, table.components)
                first = trace[0]
                firsts.add((first[0], first[2] if first[0] == E.EV_TAKE else -1))
            assert len(firsts) == 1
            compared += 1
    assert compared == 12


def denial_position() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The last round of a 2-player game, seat 0 (search) on turn, seat 1 waiting. Truck 1 (two tiles of seat 0's
    species 0, whose enclosure holds 3) is worth +5 to seat 0, so `heuristic` takes it; but truck 0 holds the tile
    that fills seat 1's enclosure (+4, and its bonus discards seat 1's only barn tile: +2). Taking truck 0 (+1 for
    seat 0) leaves seat 1 only tiles it must put in its barn (-2): a margin of +3 against -1."""
    R = pack(Rules(), 2)
    S = np.zeros(E.STATE_SIZE, np.int64)
    E.reset_state(S, R)
    species = [0, 1, 2, 3]  # in play; 4-6 removed
    for s in species:
        S[E.SUPPLY + s] = 2
    left = Counter({4 * s: 7 for s in species}) + Counter({4 * s + k: 2 for s in species for k in (1, 2)})
    left += Counter({LANDSCAPE_BASE + k: 3 for k in range(3)})

    def put(at, count, code):
        for _ in range(count):
            left[code] -= 1
        return at

    zoo0, zoo1 = E.player_at(0), E.player_at(1)
    S[zoo0 + E.P_SPECIES + 0], S[zoo0 + E.P_ANIMALS + 0] = 0, 3
    put(zoo0, 3, 0)
    S[zoo1 + E.P_SPECIES + 0], S[zoo1 + E.P_ANIMALS + 0] = 1, 5
    put(zoo1, 5, 4)
    S[zoo1 + E.P_SPECIES + 1], S[zoo1 + E.P_ANIMALS + 1] = 3, 6
    put(zoo1, 6, 12)
    S[zoo1 + E.P_LANDS + 2] = 6
    S[zoo1 + E.P_LAND_KINDS + 2 * 8 + 0] = 3
    S[zoo1 + E.P_LAND_KINDS + 2 * 8 + 1] = 3
    put(zoo1, 3, LANDSCAPE_BASE)
    put(zoo1, 3, LANDSCAPE_BASE + 1)
    S[zoo1 + E.P_BARN + 12] = 1
    S[zoo1 + E.P_BARN_TILES] = 1
    put(zoo1, 1, 12)
    for t, tiles in ((0, [4]), (1, [0, 0])):  # truck 0: seat 1's tile; truck 1: two for seat 0
        for k, code in enumerate(tiles):
            S[E.T_TILES + t * MAX_TRUCK_CAPACITY + k] = code
            left[code] -= 1
        S[E.T_COUNT + t] = len(tiles)
    stack = [8, 8, 8]  # the end stack's last tiles: species 2, which seat 1 can only put in its barn
    for code in stack:
        left[code] -= 1
    for code, n in left.items():
        S[E.OUT + code] += n
        S[E.H_OUT_TILES] += n
    total = 53
    S[E.H_TOTAL], S[E.H_DRAW_PTR], S[E.H_MAIN_LEN] = total, total - len(stack), 30
    S[E.H_ROUND], S[E.H_LAST_ROUND] = 7, 1
    S[E.H_FREE_TRUCKS], S[E.H_LOADED_TRUCKS], S[E.H_WAITING_SEATS] = 0b100, 0b011, 0b11
    deck = np.zeros(P.MAX_DECK, np.int64)
    deck[total - len(stack):total] = stack
    return R, S, deck


def test_search_denies_the_truck_the_heuristic_leaves_to_its_rival() -> None:
    R, S, deck = denial_position()
    _ids, params = arrays(2, ["search:budget=3", "heuristic"])
    table_ws = SR.new_workspace(2, 0, np.zeros(0))
    options, work, scratch = np.zeros(E.MAX_OPTIONS, np.int64), np.zeros(E.STATE_SIZE, np.int64), np.zeros(
        E.STATE_SIZE, np.int64)
    codes, components = np.zeros(MAX_TRUCK_CAPACITY + 1, np.int64), np.zeros(E.N_COMPONENTS, np.int64)
    heuristic = choose_turn(HEURISTIC, SR.HEURISTIC_ROW, S, R, 0, np.zeros(4, np.uint64), options, work, scratch,
                            codes, components, np.zeros((0, 6), np.int64))
    assert heuristic == E.option(E.OPT_TAKE, 1, 0, 0)
    choice = SR.decide(R, S.copy(), np.zeros((0, 6), np.int64), 0, SR.DECIDE_TURN, -1, params[0], 1, 0, table_ws)
    assert choice == E.option(E.OPT_TAKE, 0, 0, 0)
    # and it is right: the game played on from each choice ends with that margin
    for truck, margin in ((0, 4 - 20), (1, 8 - 28)):
        S2, deck2 = S.copy(), deck.copy()
        G.take_truck(S2, R, np.zeros((0, 6), np.int64), np.zeros(4, np.uint64), 0, truck, HEURISTIC, params[1],
                     options, work, scratch, codes, components)
        hids = np.full(2, HEURISTIC, np.int64)
        G.play_out(S2, R, deck2, np.zeros((0, 6), np.int64), np.zeros(4, np.uint64), 0, True, hids, params[[1, 1]],
                   options, work, scratch, codes, np.zeros((0, 2), np.int16), components, -1)
        assert E.score_player(S2, R, 0, components) - E.score_player(S2, R, 1, components) == margin
