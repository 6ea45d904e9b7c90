"""The comparison of one engine game with its reference game, shared by the Mini and Tractor tests.

Both games' references return a record with `events`, `seats` (score, rank, win_share, components and
the game's own counts), `rounds` and `turns`; the engine's `play_recorded` returns its event log and
result rows. `expected_columns(result, record)` names the game's log columns the reference must match.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest


def assert_same_game(game: Any, play_recorded: Callable[..., Any], play_module: Any, first_column: str,
                     expected_columns: Callable[[Any, Any], dict[str, int]], rules: Any, players: int,
                     policies: Sequence[str], seed: int, game_index: int, record: Any) -> None:
    """The engine's game (seed, game index) has the reference record's events, scores, ranks, shares,
    log columns, rounds and turns; a difference in events fails at its first event."""
    events, rows, shares, _state = play_recorded(rules, players, [game.policy(p) for p in policies], seed,
                                                 game_index)
    engine = [tuple(int(x) for x in row) for row in events]
    if engine != record.events:
        first = next((i for i, (a, b) in enumerate(zip(engine, record.events)) if a != b),
                     min(len(engine), len(record.events)))
        pytest.fail(f"{list(policies)} seed {seed} game {game_index}: events differ at {first}: "
                    f"engine {engine[first:first + 3]} reference {record.events[first:first + 3]}")
    first = getattr(play_module, first_column)
    for seat, result in enumerate(record.seats):
        got = {c.name: int(rows[seat, first + k]) for k, c in enumerate(game.columns)}
        assert got == expected_columns(result, record), (policies, seed, game_index, seat)
        assert (rows[seat, play_module.O_SCORE], rows[seat, play_module.O_RANK]) == (result.score, result.rank)
        assert shares[seat] == pytest.approx(result.win_share)
        assert (rows[seat, play_module.O_ROUNDS], rows[seat, play_module.O_TURNS]) == (record.rounds, record.turns)
