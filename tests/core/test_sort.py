"""zoosim.core.sort.sort_run: sorts exactly the run it is given, in place."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from zoosim.core.sort import sort_run


def test_only_the_run_is_sorted() -> None:
    a = np.array([9, 5, 3, 3, -1, 7, 0], np.int64)
    sort_run(a, 1, 5)
    assert a.tolist() == [9, -1, 3, 3, 5, 7, 0]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-50, 50), max_size=20), st.data())
def test_any_run_matches_sorted(values: list[int], data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(values)))
    n = data.draw(st.integers(0, len(values) - at))
    a = np.array(values, np.int64)
    sort_run(a, at, n)
    assert a.tolist() == values[:at] + sorted(values[at:at + n]) + values[at + n:]
