"""The skill dial past more playouts: how wide and how far a search looks grows with its budget.

More playouts over the same shortlist and the same horizon only sharpen the estimate of the same few options
under the same rollout; once that estimate is sharp (a few dozen playouts in Castles and Ark Nova) a larger budget
buys nothing, and the dial is flat. A game's search therefore lets the breadth and depth of what it weighs grow with
the budget, one step for each factor of 4 the budget stands above the policy's default (and one step down for each
factor of 4 below it): `budget_steps` counts them, the same in every game that uses it. The default budget plays
the parameters as given. What a step buys is the game's: a wider shortlist and a further horizon in Castles and Ark
Nova; in New York Zoo, whose playouts already run to the game's end with the other seats modelled as `heuristic`,
a next seat that picks its best of several replies in each sample (a searching opponent modelled, not a scripted one).
"""
from __future__ import annotations

from numba import njit


@njit(cache=True, _nrt=False)
def budget_steps(budget, default):
    """floor(log4(budget / default)) for budget, default > 0: 0 from the default to just under 4 times it, 1 from 4
    times, -1 from a quarter to just under the default, and so on."""
    steps = 0
    level = float(default)
    if budget >= level:
        while budget >= level * 4.0:
            level *= 4.0
            steps += 1
    else:
        while budget < level:
            level /= 4.0
            steps -= 1
    return steps
