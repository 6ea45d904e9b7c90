"""`zoosim replay zooloretto`: one game told turn by turn, from the engine's own event log.

It plays the game with the same (rules, seed, game index, seat policies) as `simulate`, so what it
prints is exactly the game whose rows `simulate` wrote. The page around the story is the family's (family.replay).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from zoosim.games.base import PolicySpec, policy_arrays
from zoosim.games.family.replay import game_text, round_story, truck_event
from zoosim.games.zooloretto.columns import COLUMNS
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.policies import MAX_POLICY_PARAMS
from zoosim.games.zooloretto.rules import SPECIES_NAMES, Rules, pack, tile_name


def play_recorded(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int,
                  game_index: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(events, result rows, win shares, final state, deck) of one game."""
    from zoosim.games.zooloretto.play import play_traced

    return play_traced(pack(rules, players), seed, game_index, *policy_arrays(policies, MAX_POLICY_PARAMS))


def _place(dest: int) -> str:
    if dest == E.BARN_DEST:
        return "the barn"
    if dest == E.MONEY_DEST:
        return "money"
    return f"enclosure {_enclosure(dest)}"


def _enclosure(e: int) -> str:
    return f"E{e + 1}" if e < 3 else f"expansion {e - 2}"


def describe_event(row: Sequence[int]) -> str:
    """One event of the log in words."""
    words = truck_event(row, E.EV_LAST_ROUND, E.EV_ROUND_END, tile_name, _place, "main stack")
    if words is not None:
        return words
    kind, player, a, b, c, _d = (int(x) for x in row)
    who = f"seat {player}"
    if kind == E.EV_BIRTH:
        return f"  birth: a {SPECIES_NAMES[a] if a < 8 else a} offspring in seat {player}'s {_place(c)}"
    if kind == E.EV_FILL:
        return f"  seat {player} fills {_enclosure(a)} and takes {b} coin(s)"
    if kind == E.EV_MOVE:
        return f"{who} pays to move {tile_name(a)} from {_place(b)} to {_place(c)}"
    if kind == E.EV_EXCHANGE:
        other = f"the barn's {SPECIES_NAMES[b - 100]}" if b >= 100 else _enclosure(b)
        return f"{who} pays to exchange the animals of {_enclosure(a)} with {other}"
    if kind == E.EV_PURCHASE:
        return f"{who} buys {tile_name(b)} from seat {a}'s barn into {_place(c)}"
    if kind == E.EV_DISCARD:
        return f"{who} pays to discard {tile_name(a)} from the barn"
    if kind == E.EV_EXPAND:
        return f"{who} buys an expansion ({_enclosure(a)})"
    return f"event {kind}: {tuple(row)}"


def replay_text(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int) -> str:
    """The whole game in words, then the final scoring."""
    from zoosim.games.zooloretto.play import O_FULL, O_RANK, O_SCORE

    events, rows, shares, _state, _deck = play_recorded(rules, players, policies, seed, game_index)
    story = round_story(events, describe_event, E.EV_ROUND_END)
    return game_text("zooloretto", seed, game_index, policies, story, rows, shares, (O_SCORE, O_RANK, O_FULL), COLUMNS)
