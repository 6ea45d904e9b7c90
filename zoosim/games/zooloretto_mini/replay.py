"""`zoosim replay zooloretto-mini`: one game told turn by turn, from the engine's own event log.

It plays the game with the same (rules, seed, game index, seat policies) as `simulate`, so what it prints
is exactly the game whose rows `simulate` wrote.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from zoosim.games.base import PolicySpec, policy_arrays
from zoosim.games.zooloretto_mini import engine as E
from zoosim.games.zooloretto_mini import rules as rules_module
from zoosim.games.zooloretto_mini.rules import Rules, tile_name


def play_recorded(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int,
                  game_index: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(events, result rows, win shares, final state) of one game."""
    from zoosim.games.zooloretto_mini.policies import MAX_POLICY_PARAMS
    from zoosim.games.zooloretto_mini.play import play_traced

    ids, params = policy_arrays(policies, MAX_POLICY_PARAMS)
    return play_traced(rules_module.pack(rules, players), seed, game_index, ids, params)


def _place(dest: int) -> str:
    return "the barn" if dest == E.BARN_DEST else f"enclosure {dest + 1}"


def describe_event(row: Sequence[int]) -> str:
    """One event of the log in words."""
    kind, player, a, b, c, _d = (int(x) for x in row)
    who = f"seat {player}"
    if kind == E.EV_DRAW:
        return f"{who} draws {tile_name(a)} from the {'end stack' if c else 'bag'} onto truck {b}"
    if kind == E.EV_TAKE:
        return f"{who} takes truck {a}"
    if kind == E.EV_PLACE:
        return f"  {who} places {tile_name(a)} in {_place(b)}"
    if kind == E.EV_BIRTH:
        return f"  birth: a species {a} offspring in seat {player}'s {_place(c)}"
    if kind == E.EV_FILL:
        return f"  seat {player} fills enclosure {a + 1}" + (" and earns a bonus" if b else "")
    if kind == E.EV_BONUS_TAKE:
        return f"  bonus: {who} takes {tile_name(b)} from seat {a}'s barn into enclosure {c + 1}"
    if kind == E.EV_BONUS_DISCARD:
        return f"  bonus: {who} discards {tile_name(a)} from the barn"
    if kind == E.EV_BONUS_SKIP:
        return f"  bonus: {who} lets it go"
    if kind == E.EV_LAST_ROUND:
        return f"-- round {a} is the last round"
    if kind == E.EV_ROUND_END:
        tail = f"; {b} tile(s) left on trucks leave the game" if b else ""
        return f"-- end of round {a}{tail}"
    return f"event {kind}: {tuple(row)}"


def replay_text(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int) -> str:
    """The whole game in words, then the final scoring."""
    from zoosim.games.zooloretto_mini.columns import COLUMNS
    from zoosim.games.zooloretto_mini.play import O_ENCLOSURES, O_RANK, O_SCORE

    events, rows, shares, _state = play_recorded(rules, players, policies, seed, game_index)
    lines = [f"zooloretto-mini, {players} players, seed {seed}, game index {game_index}"]
    lines += [f"seat {s}: {spec.label}" for s, spec in enumerate(policies)]
    lines.append("-- round 1")
    for i, row in enumerate(events):
        lines.append(describe_event(row))
        if row[0] == E.EV_ROUND_END and i + 1 < len(events):
            lines.append(f"-- round {int(row[2]) + 1}")
    lines += ["", "final scoring"]
    for seat in range(players):
        parts = ", ".join(f"{c.name} {int(rows[seat, O_ENCLOSURES + k])}" for k, c in enumerate(COLUMNS))
        lines.append(f"seat {seat}: score {int(rows[seat, O_SCORE])}, rank {int(rows[seat, O_RANK])}, "
                     f"win share {shares[seat]:.3g} ({parts})")
    return "\n".join(lines)
