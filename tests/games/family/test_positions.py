"""The Zooloretto family's positions and rows: impossible positions refused in one line, and the engines' rows
adding up (components to the score, scores within the rules' bounds, ranks and shares) and not depending on
threads or block boundaries. Each game's worked examples are in its own folder."""
from __future__ import annotations

import numpy as np
import pytest

from tests.games.family.cases import CASES, Case
from zoosim.games.base import ZoosimError

by_game = pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)


@pytest.mark.parametrize("case, data, message", [(case, *bad) for case in CASES for bad in case.impossible],
                         ids=lambda value: value.id if isinstance(value, Case) else None)
def test_impossible_positions_are_refused_in_one_line(case: Case, data, message):
    with pytest.raises(ZoosimError, match=message) as err:
        case.game.score_position(data, case.game.default_rules())
    assert "\n" not in str(err.value)


@by_game
def test_engine_rows_add_up_and_stay_in_bounds(case: Case):
    """Invariants over random engine games: components sum to the score, penalties <= 0, scores within the
    rules' bounds, ranks and win shares consistent, and the game's own checks (cases.py)."""
    game, rules = case.game, case.game.default_rules()
    for players in (2, 3, 4, 5):
        low, high = case.score_bounds(rules, players)
        for policy in ("uniform", "random", "greedy", "heuristic"):
            block = game.play_block(rules, players, [game.policy(policy)] * players, 3, 0, 60)
            parts = sum(block[c].astype(int) for c in game.score_components)
            assert np.array_equal(parts, block["score"])
            assert all((block[c] <= 0).all() for c in case.penalties)
            assert (block["score"] <= high).all() and (block["score"] >= low).all()
            shares = block["win_share"].reshape(-1, players)
            assert np.allclose(shares.sum(axis=1), 1.0)
            ranks = block["rank"].reshape(-1, players)
            assert ((ranks == 1) == (shares > 0)).all()
            case.row_checks(block, players)


@by_game
def test_blocks_do_not_depend_on_threads_or_block_boundaries(case: Case):
    game, rules = case.game, case.game.default_rules()
    specs = [game.policy("heuristic"), game.policy("uniform"), game.policy("random")]
    whole = game.play_block(rules, 3, specs, 9, 0, 300, threads=2)
    one = game.play_block(rules, 3, specs, 9, 0, 300, threads=1)
    parts = [game.play_block(rules, 3, specs, 9, first, 100, threads=1) for first in (0, 100, 200)]
    for name, column in whole.items():
        assert np.array_equal(column, one[name]), name
        assert np.array_equal(column, np.concatenate([p[name] for p in parts])), name
