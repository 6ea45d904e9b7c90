"""A tiny dice game used only by the simulation-layer tests (never registered as a shipped game).

It follows the `Game` contract the way the real engines do: a `nogil` numba core looping over games
(no numba thread pool, so Dask may fork its workers), seeded per game from (seed, game index) through
`zoosim.core.rng`, so its results depend only on (rules, players, policies, seed, game index). Each seat rolls `rolls` dice of `sides` sides; the
"greedy" policy rerolls its lowest die once, the "bold" policy adds `bias` to every roll.

With `cards_log` a seat "plays" card 1 when it rerolled and card 2 when it got a bonus (turn 1, round 1), so the
simulation layer's cards-log path can be tested on any backend without compiling a real engine.

`ZOOSIM_TOY_DIE_ONCE=path` makes the process die (once: it creates `path`) in its first block after
game 0, like a crashing Dask worker.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
from numba import njit

from zoosim.core.rng import below, seed_stream
from zoosim.games.base import Column, Game, PolicyInfo, PolicyParam, ZoosimError

TOY_ID = "toy"
TOY_MODULE = "tests.support.toy_game"


@dataclass(frozen=True)
class ToyRules:
    sides: int = 6
    rolls: int = 3
    bonus_for_six: int = 1


def _validate(rules: ToyRules, players: int) -> None:
    if rules.sides < 2:
        raise ZoosimError(f"rule sides needs at least 2, got {rules.sides}")
    if not 1 <= rules.rolls <= 50:
        raise ZoosimError(f"rule rolls needs 1..50, got {rules.rolls}")


POLICIES = {
    "plain": PolicyInfo("plain", 0, "keeps every roll"),
    "greedy": PolicyInfo("greedy", 1, "rerolls its lowest die once"),
    "bold": PolicyInfo("bold", 2, "adds bias to every roll", (PolicyParam("bias", 0.0, "added per roll"),)),
}

COLUMNS = (
    Column("dice_points", "int16", "score component: sum of the dice"),
    Column("bonus_points", "int16", "score component: bonus per six"),
    Column("rerolls", "int8", "dice rerolled"),
)


@njit(cache=True, nogil=True)
def _play(sides, rolls, bonus, players, policy_ids, biases, seed, first, count,
          score, rank, share, dice, bonus_out, rerolls, turns):
    for g in range(count):
        state = np.empty(4, dtype=np.uint64)
        seed_stream(state, seed, first + g)
        for s in range(players):
            row = g * players + s
            total = 0
            low = sides + 1
            sixes = 0
            for _ in range(rolls):
                v = below(state, sides) + 1
                total += v
                if v < low:
                    low = v
                if v == sides:
                    sixes += 1
            n_reroll = 0
            if policy_ids[s] == 1 and low <= sides // 2:
                v = below(state, sides) + 1
                total += v - low
                n_reroll = 1
            if policy_ids[s] == 2:
                total += int(biases[s]) * rolls
            dice[row] = total
            bonus_out[row] = sixes * bonus
            score[row] = total + sixes * bonus
            rerolls[row] = n_reroll
            turns[row] = rolls + n_reroll
        best = -1
        winners = 0
        for s in range(players):
            v = score[g * players + s]
            if v > best:
                best = v
                winners = 1
            elif v == best:
                winners += 1
        for s in range(players):
            row = g * players + s
            better = 0
            for t in range(players):
                if score[g * players + t] > score[row]:
                    better += 1
            rank[row] = better + 1
            share[row] = 1.0 / winners if score[row] == best else 0.0


def play_block(rules: ToyRules, players: int, policies: list, seed: int, first_index: int,
               count: int, threads: int | None = None, cards_log: bool = False) -> dict[str, np.ndarray]:
    """Play games first_index..first_index+count-1; one row per (game, seat)."""
    die_marker = os.environ.get("ZOOSIM_TOY_DIE_ONCE")
    if die_marker and first_index > 0 and not os.path.exists(die_marker):
        open(die_marker, "w").close()
        os._exit(17)  # a worker process dying mid-task, once
    n = count * players
    out = {
        "game_index": np.repeat(np.arange(first_index, first_index + count, dtype=np.int64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), count),
        "score": np.empty(n, np.int16),
        "rank": np.empty(n, np.int8),
        "win_share": np.empty(n, np.float64),
        "rounds": np.full(n, rules.rolls, np.int16),
        "turns": np.empty(n, np.int32),
        "dice_points": np.empty(n, np.int16),
        "bonus_points": np.empty(n, np.int16),
        "rerolls": np.empty(n, np.int8),
    }
    ids = np.array([p.id for p in policies], dtype=np.int64)
    biases = np.array([p.values[0] if p.values else 0.0 for p in policies], dtype=np.float64)
    _play(rules.sides, rules.rolls, rules.bonus_for_six, players, ids, biases, np.uint64(seed),
          first_index, count, out["score"], out["rank"], out["win_share"], out["dice_points"],
          out["bonus_points"], out["rerolls"], out["turns"])
    if cards_log:
        out["cards"] = _cards(out)
    return out


def _cards(out: dict[str, np.ndarray]) -> np.ndarray:
    """The block's cards log (base.CARDS_LOG_FIELDS): card 1 for a reroll, card 2 for a bonus, by game then seat."""
    rows = []
    for g, s, rerolled, bonus in zip(out["game_index"], out["seat"], out["rerolls"], out["bonus_points"]):
        rows += [(g, s, card, 1, 1) for card, played in ((1, rerolled > 0), (2, bonus > 0)) if played]
    return np.array(rows, dtype=np.int64).reshape(-1, 5)


GAME = Game(
    id=TOY_ID,
    title="Toy dice (tests only)",
    min_players=2,
    max_players=4,
    rules_type=ToyRules,
    policies=POLICIES,
    columns=COLUMNS,
    score_components=("dice_points", "bonus_points"),
    play_block=play_block,
    validate=_validate,
    cards_log=True,
)


def read_run(location):
    """Every row of a run, in a canonical order, so two runs compare with `DataFrame.equals`."""
    import polars as pl

    return pl.read_parquet(f"{location}/part-*.parquet").sort("game_index", "rotation", "seat")


def register() -> None:
    """Make `get_game("toy")` find this module (tests only)."""
    from zoosim.games import registry

    registry._GAMES[TOY_ID] = TOY_MODULE

