"""Which columns an analysis groups by, for each `--by` choice.

Rows are always split by the context (game, lineup, variant, players): a win rate pooled over different
opponents, rules or player counts would answer no question. `by` adds seat or policy to the context,
or picks which context column leads (players, variant).
"""
from __future__ import annotations

from zoosim.errors import ZoosimError

BY_CHOICES = ("seat", "policy", "players", "variant", "game")
CONTEXT = ("game", "lineup", "variant", "players")


def check_by(by: str) -> str:
    """Validate a `--by` value (one-line ZoosimError naming the accepted ones)."""
    if by not in BY_CHOICES:
        raise ZoosimError(f"unknown --by {by!r}; accepted: {', '.join(BY_CHOICES)}")
    return by


def game_keys(by: str) -> list[str]:
    """Keys for game-level metrics (length, winning score, ties): the context, `by` first if it is one."""
    check_by(by)
    if by in CONTEXT:
        return [by] + [k for k in CONTEXT if k != by]
    return list(CONTEXT)


def row_keys(by: str) -> list[str]:
    """Keys for seat-level metrics (scores, components): the context plus seat or policy."""
    keys = game_keys(by)
    return keys + [by] if by in ("seat", "policy") else keys


def win_keys(by: str) -> list[str]:
    """Keys for win rates: a win rate needs a seat or a policy, so seat is added unless policy is asked."""
    keys = game_keys(by)
    return keys + ["policy" if by == "policy" else "seat"]
