"""The rules module `kernel_game` reads (Rules, RULE_DOCS, validate, pack): rules.py's names, and a `pack` that
imports the numba loop only when a block is played, so that `zoosim rules ark-nova` and `zoosim policies ark-nova`
never compile or import numba.

`Rules` is rules.Rules with one read-only property the simulation layer asks every engine game for, `max_rounds`
(the cap on the log's `rounds`). Ark Nova has no round cap of its own: its `rounds` are the break-delimited periods
of play (breaks resolved + 1, see play.py), and a break follows at most one turn, so with `max_turns` turns per seat
a game has at most 4 * max_turns + 1 of them. It is not a rule (no field, not in `zoosim rules`, not hashed).
"""
from __future__ import annotations

import numpy as np

from zoosim.games.ark_nova import rules as _rules
from zoosim.games.ark_nova.rules import RULE_DOCS, validate

__all__ = ["RULE_DOCS", "Rules", "validate", "pack"]


class Rules(_rules.Rules):
    """rules.Rules (the fields and their defaults are all there) with `max_rounds` for the simulation layer."""

    @property
    def max_rounds(self) -> int:
        """An upper bound on `rounds` (breaks + 1): one break at most per turn, at most 4 seats x max_turns turns."""
        return 4 * self.max_turns + 1


def pack(rules: _rules.Rules, players: int) -> np.ndarray:
    """play.pack(rules, players): the kernel's one int64 array for these rules and this player count."""
    from zoosim.games.ark_nova import play

    return play.pack(rules, players)
