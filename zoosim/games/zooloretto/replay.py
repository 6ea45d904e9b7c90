"""`zoosim replay zooloretto`: one game told turn by turn, from the engine's own event log.

It plays the game with the same (rules, seed, game index, seat policies) as `simulate`, so what it
prints is exactly the game whose rows `simulate` wrote.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from zoosim.games.base import PolicySpec, policy_arrays
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto import rules as rules_module
from zoosim.games.zooloretto.rules import SPECIES_NAMES, Rules, tile_name


def play_recorded(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int,
                  game_index: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(events, result rows, win shares, final state, deck) of one game."""
    from zoosim.games.zooloretto.policies import MAX_POLICY_PARAMS
    from zoosim.games.zooloretto.play import play_traced

    packed = rules_module.pack(rules, players)
    ids, params = policy_arrays(policies, MAX_POLICY_PARAMS)
    return play_traced(packed, seed, game_index, ids, params)


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
    kind, player, a, b, c, _d = (int(x) for x in row)
    who = f"seat {player}"
    if kind == E.EV_DRAW:
        stack = "end stack" if c else "main stack"
        return f"{who} draws {tile_name(a)} from the {stack} onto truck {b}"
    if kind == E.EV_TAKE:
        return f"{who} takes truck {a}"
    if kind == E.EV_PLACE:
        return f"  {who} places {tile_name(a)} in {_place(b)}"
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
    if kind == E.EV_LAST_ROUND:
        return f"-- round {a} is the last round"
    if kind == E.EV_ROUND_END:
        tail = f"; {b} tile(s) left on trucks leave the game" if b else ""
        return f"-- end of round {a}{tail}"
    return f"event {kind}: {row}"


def replay_text(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int) -> str:
    """The whole game in words, then the final scoring."""
    from zoosim.games.zooloretto.columns import COLUMNS
    from zoosim.games.zooloretto.play import O_FULL, O_RANK, O_SCORE

    events, rows, shares, _state, _deck = play_recorded(rules, players, policies, seed, game_index)
    lines = [f"zooloretto, {players} players, seed {seed}, game index {game_index}"]
    lines += [f"seat {s}: {spec.label}" for s, spec in enumerate(policies)]
    lines.append("-- round 1")
    for i, row in enumerate(events):
        lines.append(describe_event(row))
        if row[0] == E.EV_ROUND_END and i + 1 < len(events):
            lines.append(f"-- round {int(row[2]) + 1}")
    lines.append("")
    lines.append("final scoring")
    names = [c.name for c in COLUMNS]
    for seat in range(players):
        parts = ", ".join(f"{name} {int(rows[seat, O_FULL + k])}" for k, name in enumerate(names))
        lines.append(f"seat {seat}: score {int(rows[seat, O_SCORE])}, rank {int(rows[seat, O_RANK])}, "
                     f"win share {shares[seat]:.3g} ({parts})")
    return "\n".join(lines)
