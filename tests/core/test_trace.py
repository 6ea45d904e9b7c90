"""core/trace: an event row written field by field, into a 2-D trace (counted, dropped when full) or a flat array."""
from __future__ import annotations

import numpy as np

from zoosim.core.trace import emit_row, put_row


def test_emit_row_counts_rows_and_drops_them_when_full() -> None:
    S = np.zeros(3, np.int64)
    trace = np.zeros((2, 6), np.int64)
    for k in range(3):
        emit_row(S, 1, trace, 10 + k, k, 1, 2, 3, 4)
    assert S[1] == 2 and trace.tolist() == [[10, 0, 1, 2, 3, 4], [11, 1, 1, 2, 3, 4]]
    empty = np.zeros((0, 6), np.int64)
    emit_row(S, 0, empty, 1, 1, 1, 1, 1, 1)
    assert S[0] == 0


def test_put_row_writes_six_values_at_an_offset() -> None:
    A = np.full(9, -1, np.int64)
    put_row(A, 2, 7, 1, 20, 30, 40, 50)
    assert A.tolist() == [-1, -1, 7, 1, 20, 30, 40, 50, -1]
