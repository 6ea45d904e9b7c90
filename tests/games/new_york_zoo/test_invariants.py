"""Invariants of New York Zoo over random games: per turn (reference) and per result row (engine)."""
from __future__ import annotations

import numpy as np
import pytest

from zoosim.games.new_york_zoo import GAME, reference
from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.protocol import EV_ATTRACTION, EV_ENCLOSURE
from zoosim.games.new_york_zoo.rules import Rules


class CheckedMatch(reference.Match):
    """A reference game that checks the state after every turn."""

    def turn(self) -> None:
        try:
            super().turn()
        finally:
            self.check()

    def check(self) -> None:
        placed_cells = [0] * self.n
        for ev in self.events:
            if ev[0] in (EV_ENCLOSURE, EV_ATTRACTION):
                placed_cells[ev[1]] += data.TILES[ev[2]].size
        for p in self.players:
            assert 0 <= sum(p.houses) <= p.board.houses and min(p.houses) >= 0
            for e in p.enclosures:
                cut_short = self.over and self.rules.win_check == "immediate"  # rest of the turn not played
                assert 0 <= e.count < e.capacity or (cut_short and e.count == e.capacity)
                assert (e.species == -1) == (e.count == 0)
            covered_cells = bin(p.covered).count("1") - bin(p.board.house_corner).count("1")
            assert covered_cells == placed_cells[p.seat]  # tiles never overlap
            assert p.covered & ~((1 << p.board.cells) - 1) == 0
        in_stacks = sum(len(s) for s in self.stacks)
        enclosures = sum(len(p.enclosures) for p in self.players)
        assert in_stacks + enclosures <= 45
        assert all(x >= 0 for x in self.supply)


@pytest.mark.parametrize("players,rules", [(1, Rules()), (2, Rules(short_game=True)), (3, Rules()),
                                           (4, Rules(win_check="immediate")),
                                           (5, Rules(max_added_per_enclosure_per_turn=2))])
def test_reference_invariants_every_turn(players, rules):
    for index in range(12):
        m = CheckedMatch(rules, players, [reference.UniformPolicy()] * players, 99, index).play()
        assert m.over or m.turns == rules.max_turns


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_result_rows(players):
    spec = GAME.policy("uniform")
    count = 300
    out = GAME.play_block(Rules(), players, [spec] * players, 5, 0, count)
    n = count * players
    assert list(out)[:7] == ["game_index", "seat", "score", "rank", "win_share", "rounds", "turns"]
    for column in GAME.columns:
        assert out[column.name].dtype == np.dtype(column.dtype) and out[column.name].shape == (n,)
    assert np.array_equal(out["game_index"], np.repeat(np.arange(count), players))
    assert np.array_equal(out["seat"], np.tile(np.arange(players), count))
    cells = out["cells_left"]
    covered = cells == 0
    assert np.all((out["turns_to_finish"] > 0) == covered)
    assert np.all(out["turns_to_finish"] <= (out["turns"] + players - 1) // players)
    shares = out["win_share"].reshape(count, players)
    ended = out["end_reason"].reshape(count, players)[:, 0] == 0
    assert np.allclose(shares[ended].sum(axis=1), 1.0)
    assert np.all(out["rank"][out["win_share"] > 0] == 1) and np.all(cells[out["win_share"] > 0] == 0)
    assert np.all(out["rounds"] == (out["turns"] + players - 1) // players)
    per_game_enclosures = out["enclosures_placed"].reshape(count, players).sum(axis=1)
    assert np.all(per_game_enclosures <= (30 if players == 1 else 45))
    if players > 1:
        assert np.array_equal(out["score"], -cells)
        assert np.all(ended)  # uniform games always end by a covered board (checked, not assumed)
        ranks = out["rank"].reshape(count, players)
        assert np.all(ranks.min(axis=1) == 1)
    else:
        assert np.all(out["score"][covered] < 50)  # 50 - T with T >= 1
        assert np.array_equal(out["score"][~covered], -cells[~covered])
        assert np.array_equal(out["win_share"], covered.astype(float))


def test_results_do_not_depend_on_blocks_or_threads():
    spec = GAME.policy("uniform")
    whole = GAME.play_block(Rules(), 3, [spec] * 3, 11, 100, 40, threads=2)
    parts = [GAME.play_block(Rules(), 3, [spec] * 3, 11, 100 + k, 10, threads=1) for k in range(0, 40, 10)]
    for name, column in whole.items():
        assert np.array_equal(column, np.concatenate([p[name] for p in parts])), name


def test_engine_result_matches_reference_in_block():
    spec = GAME.policy("uniform")
    out = GAME.play_block(Rules(), 4, [spec] * 4, 3, 7, 5)
    for k in range(5):
        m = reference.play(Rules(), 4, [reference.UniformPolicy()] * 4, 3, 7 + k)
        rows = slice(4 * k, 4 * k + 4)
        assert list(out["score"][rows]) == m.scores()
        assert list(out["animals_on_board"][rows]) == [p.animals() for p in m.players]
        assert list(out["breedings"][rows]) == [p.breedings for p in m.players]
        assert list(out["attractions_taken"][rows]) == [p.attractions_taken for p in m.players]
        assert out["turns"][4 * k] == m.turns
