"""Ark Nova numba setup (engine.setup) against the reference's (reference.state.setup): the same event rows, the
same state field by field, and the same position of the random stream afterwards, under `uniform`."""
import random
from itertools import combinations

import numpy as np
import pytest
from tests.games.ark_nova.common import engine_setup, random_setup_rules, reference_fields, tile_names

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.engine import codec
from zoosim.games.ark_nova.engine import state as es
from zoosim.core.combinatorics import comb
from zoosim.games.ark_nova.engine.setup import _unrank_subset
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.rules import Rules


def same_setup(rules: Rules, players: int, seed: int, game_index: int) -> None:
    py = PyRng(seed, game_index)
    s = rsu.setup(rules, players, py, [rs.uniform] * players)
    G, rows, _, rng = engine_setup(rules, players, seed, game_index)
    assert G[es.G_OVERFLOW] == 0
    assert rows == [tuple(e) for e in s.events]
    assert tile_names(codec.decode(G), rules) == tile_names(reference_fields(s), rules)
    assert [int(v) for v in rng] == py.s          # both streams drew the same number of times


@pytest.mark.parametrize("players", [2, 3, 4])
def test_default_rules_match_the_reference(players):
    for index in range(40):
        same_setup(Rules(), players, 7, index)


def test_random_rules_match_the_reference():
    rnd = random.Random(5)
    for index in range(150):
        players = 2 + index % 3
        same_setup(random_setup_rules(rnd, players), players, 1000 + index, index)


def test_keep_options_unrank_in_lexicographic_order():
    G = es.new_state()
    for n in range(9):
        for k in range(n + 1):
            subsets = list(combinations(range(n), k))
            assert comb(n, k) == len(subsets)
            for i, subset in enumerate(subsets):
                _unrank_subset(G, 0, 0, n, k, i)
                assert tuple(int(v) for v in G[:k]) == subset


def test_encode_inverts_decode_after_setup():
    G, _, _, _ = engine_setup(Rules(), 3, 3, 0)
    again = codec.encode(codec.decode(G))
    assert codec.decode(again) == codec.decode(G)
    np.testing.assert_array_equal(again[es.G_PL:], G[es.G_PL:])
