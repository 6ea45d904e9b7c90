"""Which columns an analysis groups by, for each `--by` choice.

Rows are always split by the context (game, lineup, variant, players): a win rate pooled over different
opponents, rules or player counts would answer no question. `by` adds seat, position or policy to the context,
or picks which context column leads (players, variant).

`seat` is the slot of a seat's policy (the `--policy` order); `position` is its place in the turn order of the
first round (0 moved first). They are the same in a game that plays in seat order, and differ where the rules
draw the turn order per game (Ark Nova `start_seat_random`, Castles `first_mb = "random"`): turn-order questions
are asked of `position`.
"""
from __future__ import annotations

from zoosim.errors import ZoosimError

BY_CHOICES = ("seat", "position", "policy", "players", "variant", "game")
CONTEXT = ("game", "lineup", "variant", "players")
SEAT_LIKE = ("seat", "position")  # one row per seat-game: the 0-based slot, or the place in the turn order


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
    """Keys for seat-level metrics (scores, components): the context plus seat, position or policy."""
    keys = game_keys(by)
    return keys + [by] if by in (*SEAT_LIKE, "policy") else keys


def win_keys(by: str) -> list[str]:
    """Keys for win rates: a win rate needs a seat, a position or a policy, so seat is added unless one is asked."""
    keys = game_keys(by)
    return keys + [by if by in (*SEAT_LIKE, "policy") else "seat"]
