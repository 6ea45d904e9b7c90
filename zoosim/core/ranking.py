"""Final ranking of a game's seats, shared by the Zooloretto family's engines: score first, then one tie-break
column.

A seat's rank is 1 + the number of seats strictly ahead of it; seats tied on both keys share the
rank, and the seats ranked 1 share the win equally (win_share 1/k each).
"""
from __future__ import annotations

from numba import njit


@njit(cache=True, _nrt=False)
def rank_rows(rows, players, score_col, tiebreak_col, rank_col, shares):
    """Write rows[p, rank_col] and shares[p] for p < players; tiebreak_col = score_col means no tie-break."""
    winners = 0
    for p in range(players):
        ahead = 0
        for q in range(players):
            if rows[q, score_col] > rows[p, score_col] or (
                    rows[q, score_col] == rows[p, score_col] and rows[q, tiebreak_col] > rows[p, tiebreak_col]):
                ahead += 1
        rows[p, rank_col] = ahead + 1
        if ahead == 0:
            winners += 1
    for p in range(players):
        shares[p] = 1.0 / winners if rows[p, rank_col] == 1 else 0.0
