"""The dial past more playouts (zoosim.search.dial): one step per factor of 4 from the default budget, and what
Castles and Ark Nova make of the steps."""
from __future__ import annotations

import pytest

from zoosim.search.dial import budget_steps


@pytest.mark.parametrize("budget, steps", [(1, -3), (2, -3), (3, -2), (11, -2), (12, -1), (47, -1), (48, 0),
                                           (191, 0), (192, 1), (767, 1), (768, 2), (3072, 3)])
def test_a_step_for_each_factor_of_four_from_the_default(budget: int, steps: int) -> None:
    assert budget_steps.py_func(budget, 48) == steps
    assert budget_steps(budget, 48.0) == steps


def test_castles_widens_and_looks_further_with_the_budget() -> None:
    from zoosim.games.castles.search import horizon_for, width_for
    assert [width_for.py_func(4.0, b) for b in (12, 48, 192, 768, 3072)] == [2, 4, 8, 16, 16]
    assert [horizon_for.py_func(3.0, b) for b in (3, 12, 48, 192, 768)] == [1, 2, 3, 4, 5]
    assert width_for.py_func(1.0, 768) == 1          # candidates = 1 plays heuristic's choice at any budget
    assert horizon_for.py_func(0.0, 12) == 0 and width_for.py_func(3.0, 12) == 2
