"""Sequential halving over a shortlist on common random numbers (Karnin, Koren and Somekh 2013).

The budget is split evenly over ceil(log2 K) rounds. In each round every surviving candidate is played out on
the same new samples (determinisations), then the better half by mean outcome survives; ties go to the earlier
candidate, so the shortlist's own order (the heuristic's preference) breaks them. With one candidate nothing is
played. The statistics of every candidate (playouts, sum of outcomes, the round it fell in) stay in the
workspace, for `zoosim replay --explain`.

Sequential halving spends its playouts where they decide (on the close contenders, not on the clearly bad), needs
no exploration constant, and is the root algorithm of Gumbel MuZero (Danihelka et al. 2022).
"""
from __future__ import annotations

import numpy as np
from numba import njit

# columns of the workspace's per-candidate statistics (float64 [K, N_STATS])
S_PLAYOUTS = 0
S_TOTAL = 1
S_ROUND_OUT = 2  # the round in which it was dropped; -1 while it survives (the chosen one keeps -1)
N_STATS = 3


def new_stats(max_candidates: int) -> np.ndarray:
    """The per-candidate statistics array a search fills (one row per candidate)."""
    return np.zeros((max_candidates, N_STATS))


@njit(cache=True)
def rounds_for(n_candidates):
    """ceil(log2(n_candidates)) for n >= 1: how many halvings leave one candidate."""
    rounds = 0
    alive = n_candidates
    while alive > 1:
        alive = (alive + 1) // 2
        rounds += 1
    return rounds


@njit(cache=True)
def sequential_halving(ctx, evaluate, n_candidates, budget, stats, alive):
    """Spend at most `budget` playouts on candidates 0..n_candidates-1 and return the index of the best.

    evaluate(ctx, candidate, sample) -> float64 plays one playout (higher is better for the searching seat);
    samples are numbered from 0 and shared by every candidate alive when they are played. `stats` (float64
    [>= n_candidates, N_STATS]) and `alive` (int64 [>= n_candidates]) are workspaces. Every survivor of a round
    gets at least one playout, so a budget below the first round's candidates is spent as one playout each.
    """
    for c in range(n_candidates):
        stats[c, S_PLAYOUTS] = 0.0
        stats[c, S_TOTAL] = 0.0
        stats[c, S_ROUND_OUT] = -1.0
        alive[c] = c
    if n_candidates <= 1:
        return 0
    rounds = rounds_for(n_candidates)
    n_alive = n_candidates
    next_sample = 0
    for r in range(rounds):
        per_round = budget // rounds
        per_candidate = per_round // n_alive
        if per_candidate < 1:
            per_candidate = 1
        for j in range(per_candidate):
            sample = next_sample + j
            for a in range(n_alive):
                c = alive[a]
                stats[c, S_TOTAL] += evaluate(ctx, c, sample)
                stats[c, S_PLAYOUTS] += 1.0
        next_sample += per_candidate
        # keep the better half: order the survivors by mean (descending), candidate index on ties
        for a in range(1, n_alive):  # insertion sort: K is small
            c = alive[a]
            mean_c = stats[c, S_TOTAL] / stats[c, S_PLAYOUTS]
            b = a - 1
            while b >= 0:
                d = alive[b]
                mean_d = stats[d, S_TOTAL] / stats[d, S_PLAYOUTS]
                if mean_d > mean_c or (mean_d == mean_c and d < c):
                    break
                alive[b + 1] = d
                b -= 1
            alive[b + 1] = c
        keep = (n_alive + 1) // 2
        for a in range(keep, n_alive):
            stats[alive[a], S_ROUND_OUT] = r
        n_alive = keep
    return alive[0]
