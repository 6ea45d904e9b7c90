"""The `search` policy of Tractor Zooloretto and Zooloretto Mini (both built on zoosim/games/family/search.py): it
plays the same games on any number of threads and in replay, keeps the rules (the reference replays its games) and
--explain shows what it weighed. What only one game's search does (its unseen tiles, its determinisation, the
position it must find) is tested in that game's own test_search.py.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from zoosim.games.base import Game
from zoosim.games.tractor import GAME as TRACTOR_GAME
from zoosim.games.tractor import play as tractor_play
from zoosim.games.tractor import reference as tractor_reference
from zoosim.games.tractor import replay as tractor_replay
from zoosim.games.tractor.engine import state as tractor_state
from zoosim.games.tractor.rules import Rules as TractorRules
from zoosim.games.zooloretto_mini import GAME as MINI_GAME
from zoosim.games.zooloretto_mini import play as mini_play
from zoosim.games.zooloretto_mini import reference as mini_reference
from zoosim.games.zooloretto_mini import replay as mini_replay
from zoosim.games.zooloretto_mini.engine import state as mini_state
from zoosim.games.zooloretto_mini.rules import Rules as MiniRules

SMALL = "search:budget=6"


@dataclass(frozen=True)
class SearchCase:
    """One game's search as these tests see it."""

    game: Game
    play: ModuleType  # play.py: O_SCORE, O_RANK
    replay: ModuleType  # replay.py: play_recorded, replay_text
    reference: ModuleType  # replay_decisions, check_invariants
    state: ModuleType  # engine/state.py: EV_SEARCH
    rules: Any  # the official rules
    other_rules: Any  # rules that differ where the search must follow
    block_games: int  # games of the block compared on one and two threads
    players: tuple[int, ...]
    rivals: tuple[str, ...]  # the seats after seat 0 (search) in the games the reference replays
    weighs: str  # the words of an explained decision's first line
    explained_decisions: int  # fewer explained decisions than this in the replayed game is a failure
    chose: Callable[[str], bool]  # the replayed line before a decision is the searching seat's turn
    option: Callable[[list[str]], bool]  # the explained candidates name what they do

    @property
    def id(self) -> str:
        return self.game.id


TRACTOR = SearchCase(
    game=TRACTOR_GAME, play=tractor_play, replay=tractor_replay, reference=tractor_reference, state=tractor_state,
    rules=TractorRules(), other_rules=replace(TractorRules(), overflow="discard"), block_games=60,
    players=(2, 3, 4), rivals=("heuristic", "random", SMALL), weighs="search: seat 0 weighs its turn",
    explained_decisions=5, chose=lambda line: "seat 0 takes tractor" in line,
    option=lambda options: all("tractor" in line and "first tile to" in line for line in options))
MINI = SearchCase(
    game=MINI_GAME, play=mini_play, replay=mini_replay, reference=mini_reference, state=mini_state,
    rules=MiniRules(), other_rules=replace(MiniRules(), offspring_per_species=0, bonus_per_enclosure=False),
    block_games=130, players=(2, 3, 4, 5), rivals=("heuristic", "random", SMALL, "greedy"),
    weighs="search: seat 0 weighs", explained_decisions=10,
    chose=lambda line: "seat 0" in line and ("draws" in line or "takes truck" in line),
    option=lambda options: any("draw:" in line for line in options) or any("truck" in line for line in options))
CASES = (TRACTOR, MINI)
GAMES = pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)


@GAMES
def test_the_same_games_on_one_and_two_threads_and_in_replay(case: SearchCase) -> None:
    specs = [case.game.policy(SMALL, 2), case.game.policy("heuristic", 2)]
    n = case.block_games
    one = case.game.play_block(case.rules, 2, specs, 12, 0, n, threads=1)
    two = case.game.play_block(case.rules, 2, specs, 12, 0, n, threads=2)
    for column in one:
        assert np.array_equal(one[column], two[column]), column
    for g in (0, 7, n - 1):
        _events, rows, shares, _S = case.replay.play_recorded(case.rules, 2, specs, 12, g)
        assert rows[:, case.play.O_SCORE].tolist() == one["score"][2 * g:2 * g + 2].tolist()
        assert shares.tolist() == one["win_share"][2 * g:2 * g + 2].tolist()


@pytest.mark.parametrize("case, players", [(case, n) for case in CASES for n in case.players],
                         ids=lambda value: value.id if isinstance(value, SearchCase) else str(value))
def test_search_games_keep_the_rules(case: SearchCase, players: int) -> None:
    """The reference replays every decision of search games (it must find each legal), checks its invariants after
    every turn and ends with the engine's scores."""
    for g in range(2):
        rules = case.rules if g == 0 else case.other_rules
        specs = [case.game.policy(s, players) for s in (SMALL, *case.rivals)[:players]]
        events, rows, shares, _S = case.replay.play_recorded(rules, players, specs, 21, g)
        record = case.reference.replay_decisions(rules, players, 21, g, events, check=case.reference.check_invariants)
        for seat, result in enumerate(record.seats):
            assert (result.score, result.rank) == (rows[seat, case.play.O_SCORE], rows[seat, case.play.O_RANK])
            assert result.win_share == pytest.approx(shares[seat])


@GAMES
def test_explain_shows_each_decision_with_its_candidates(case: SearchCase) -> None:
    specs = [case.game.policy(SMALL, 2), case.game.policy("heuristic", 2)]
    plain = case.replay.replay_text(case.rules, 2, specs, 4, 1)
    explained = case.replay.replay_text(case.rules, 2, specs, 4, 1, explain=True)
    assert "search: seat" not in plain and "playouts" not in plain
    lines = explained.splitlines()
    assert [line for line in lines if "search: seat" not in line and "playouts, mean" not in line] == plain.splitlines()
    decisions = [i for i, line in enumerate(lines) if case.weighs in line]
    assert len(decisions) > case.explained_decisions
    first = decisions[0]
    assert case.chose(lines[first - 1])
    options = []
    for line in lines[first + 1:]:
        if "playouts, mean" not in line:
            break
        options.append(line)
    assert len(options) >= 2 and sum(line.lstrip().startswith("*") for line in options) == 1
    assert case.option(options)
    events, *_ = case.replay.play_recorded(case.rules, 2, specs, 4, 1, explain=True)
    searched = events[events[:, 0] == case.state.EV_SEARCH]
    assert (searched[:, 1] == 0).all() and (searched[:, 4] >= searched[:, 5]).all()  # seat 0; a playout each


@GAMES
def test_a_decision_spends_the_budget_at_two_players_and_half_of_it_at_four(case: SearchCase) -> None:
    """`budget` is playouts at 2 players, scaled by 2/players at more (family.search.playouts): a 4-player playout
    plays twice the turns, so a decision's time stays about the same."""
    spent = {}
    for players in (2, 4):
        specs = [case.game.policy("search:budget=64", players)] + [case.game.policy("heuristic", players)] * (players - 1)
        events, *_ = case.replay.play_recorded(case.rules, players, specs, 5, 0, explain=True)
        searched = events[events[:, 0] == case.state.EV_SEARCH]
        assert len(searched) > 5
        spent[players] = searched[:, 4]
    assert spent[4].max() <= 32 < spent[2].max() <= 64
