"""The rules module `kernel_game` reads (Rules, RULE_DOCS, validate, pack): rules.py's names, and a `pack` that
imports the numba loop only when a block is played, so that `zoosim rules castles` and `zoosim policies castles`
never compile or import numba."""
from __future__ import annotations

import numpy as np

from zoosim.games.castles.rules import RULE_DOCS, Rules, validate

__all__ = ["RULE_DOCS", "Rules", "validate", "pack"]


def pack(rules: Rules, players: int) -> np.ndarray:
    """play.pack(rules, players): the kernel's one int64 array for these rules and this player count."""
    from zoosim.games.castles import play

    return play.pack(rules, players)
