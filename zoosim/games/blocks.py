"""Glue every engine package needs: a play_block over its numba `play_many`, lazy hooks, and `kernel_game`,
the whole `Game` of a package laid out like the truck games.

The engines' packages stay importable without compiling anything: their numba modules are imported
only when a block is played, a game replayed or a position scored.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from zoosim.core.threads import run_in_threads
from zoosim.errors import ZoosimError
from zoosim.games.base import (
    Column, Game, PolicyInfo, PolicySpec, block_columns, cards_log_block, policy_arrays, rounds_log_block,
)

MAX_LOG_ROUNDS = 128  # the rounds log's width; games of the official rules last far fewer rounds


def lazy(module: str, name: str) -> Callable[..., Any]:
    """`module.name`, imported on the first call."""
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    call.__doc__ = f"{module}.{name}, imported on first use."
    return call


def play_kernel_block(play_module: str, first_column: str, packed: np.ndarray, players: int,
                      policies: Sequence[PolicySpec], seed: int, first_index: int, count: int,
                      threads: int | None, columns: Sequence[Column], max_params: int = 8,
                      rounds_log: bool = False, max_rounds: int = MAX_LOG_ROUNDS,
                      cards_log: bool = False) -> dict[str, np.ndarray]:
    """Play `count` games with `play_module.play_many` on thread ranges; the log's columns, game then seat.

    The module's result rows hold score, rank, rounds and turns at O_SCORE, O_RANK, O_ROUNDS, O_TURNS and
    the game's own `columns` from `first_column` on. Each game depends only on (rules, seed, game index,
    policies), so the split over threads never changes a result. With `rounds_log` the block also holds
    `round_scores` (see base.rounds_log_block); `max_rounds` is the rules' cap on rounds. With `cards_log` (only for
    a module whose `play_many` takes `card_counts, card_rows` after the rounds log, sized by its MAX_CARD_ROWS and
    CARD_COLUMNS) it holds `cards` (see base.cards_log_block).
    """
    play = importlib.import_module(play_module)
    if len(policies) != players:
        raise ValueError(f"need one policy per seat ({players}), got {len(policies)}")
    ids, params = policy_arrays(policies, max_params)
    rows = np.zeros((count * players, play.N_OUT), dtype=np.int64)
    shares = np.zeros(count * players)
    width = min(max_rounds, MAX_LOG_ROUNDS) if rounds_log else 0
    round_scores = np.zeros((count if rounds_log else 0, width, players), dtype=np.int16)
    cards: tuple[np.ndarray, ...] = ()
    if cards_log:
        cards = (np.zeros(count, np.int64), np.zeros((count, play.MAX_CARD_ROWS, len(play.CARD_COLUMNS)), np.int16))
    run_in_threads(play.play_many, packed, seed, first_index, count, ids, params, rows, shares, players, threads,
                   round_scores, *cards)
    offsets = (play.O_SCORE, play.O_RANK, play.O_ROUNDS, play.O_TURNS)
    block = block_columns(rows, shares, first_index, count, players, offsets, getattr(play, first_column), columns)
    if rounds_log:
        block["round_scores"] = rounds_log_block(round_scores, block["rounds"], MAX_LOG_ROUNDS)
    if cards_log:
        block["cards"] = cards_log_block(cards[0], cards[1], first_index)
    return block


def named_policy_arrays(policies: Sequence[PolicySpec | str], codes: Mapping[str, int],
                        default_row: Callable[[int], Sequence[float]], width: int, game: str) -> tuple[np.ndarray, np.ndarray]:
    """Policy codes and parameter rows by policy index, for tests and benchmarks that name policies: a name gets its
    code and `default_row(code)`, a PolicySpec its id and values."""
    ids = np.zeros(len(policies), np.int64)
    params = np.zeros((len(policies), width))
    for i, policy in enumerate(policies):
        if isinstance(policy, str):
            if policy not in codes:
                raise ZoosimError(f"unknown {game} policy {policy!r} (accepted: {', '.join(codes)})")
            ids[i] = codes[policy]
            params[i] = default_row(ids[i])
        else:
            ids[i] = policy.id
            params[i, :len(policy.values)] = policy.values
    return ids, params


def recorded_events(trace: np.ndarray, n: int, max_events: int) -> np.ndarray:
    """The n rows a traced game wrote into its event log `trace`, copied; an error when the log ran full (a
    `max_events` of 0 records nothing and cannot overflow)."""
    if max_events and n >= max_events:
        raise RuntimeError("event log overflow")
    return trace[:n].copy()


def result_rows(play_many: Callable[..., Any], packed: np.ndarray, players: int, ids: np.ndarray, params: np.ndarray,
                seed: int, first_index: int, count: int, n_out: int, threads: int = 1) -> np.ndarray:
    """A kernel's raw result rows [count * players, n_out] by game and policy index, split over `threads` (the results
    do not depend on it). For tests and benchmarks; zoosim itself plays through `kernel_game`'s play_block."""
    if len(ids) != players:
        raise ZoosimError(f"need one policy per seat ({players}), got {len(ids)}")
    rows = np.zeros((count * players, n_out), np.int64)
    shares = np.zeros(count * players)
    run_in_threads(play_many, packed, seed, first_index, count, ids, params, rows, shares, players, threads,
                   np.zeros((0, 0, players), np.int16))
    return rows


def kernel_game(*, id: str, title: str, min_players: int, max_players: int, package: str, rules_module: Any,
                policies: Mapping[str, PolicyInfo], columns: Sequence[Column], score_components: Sequence[str],
                first_column: str, max_params: int = 8, rounds_log: bool = True, cards_log: bool = False,
                card_names: Callable[[], Mapping[int, str]] | None = None,
                score_text: Callable[[dict], str] | None = None,
                pack: Callable[[Any, int], np.ndarray] | None = None) -> Game:
    """The `Game` of an engine package laid out like the truck games, so that a new such game adds only
    what is its own: `rules_module` has `Rules`, `RULE_DOCS`, `validate` and, unless `pack` is given (e.g. a
    `lazy` one that imports the engine only when a block is played), `pack`; `<package>.play` has
    `play_many` and the result offsets (`first_column` is its game's first own column); `<package>.replay`
    has `replay_text` and `<package>.positions` has `score_position`, both imported on first use. With `cards_log`
    its `play_many` also writes the cards log (play_kernel_block); `card_names` gives printed card id -> name."""

    def play_block(rules: Any, players: int, seat_policies: Sequence[PolicySpec], seed: int, first_index: int,
                   count: int, threads: int | None = None, rounds_log: bool = False,
                   cards_log: bool = False) -> dict[str, np.ndarray]:
        """Play `count` games from `first_index`; one row per (game, seat), ordered by game then seat.

        With `rounds_log`, also each seat's provisional score after every round (`round_scores`); with `cards_log`
        every card each seat played (`cards`, rows of base.CARDS_LOG_FIELDS)."""
        if cards_log and not cards_log_enabled:
            raise ValueError(f"{id} cannot record a cards log")
        return play_kernel_block(f"{package}.play", first_column, pack_rules(rules, players), players,
                                 seat_policies, seed, first_index, count, threads, columns, max_params, rounds_log,
                                 rules.max_rounds if rounds_log else MAX_LOG_ROUNDS, cards_log)

    cards_log_enabled = cards_log
    pack_rules = pack if pack is not None else rules_module.pack

    return Game(
        id=id, title=title, min_players=min_players, max_players=max_players, rules_type=rules_module.Rules,
        policies=policies, columns=tuple(columns), score_components=tuple(score_components), play_block=play_block,
        validate=rules_module.validate, rule_docs=rules_module.RULE_DOCS,
        replay=lazy(f"{package}.replay", "replay_text"),
        score_position=lazy(f"{package}.positions", "score_position"), score_text=score_text, rounds_log=rounds_log,
        cards_log=cards_log, card_names=card_names,
    )
