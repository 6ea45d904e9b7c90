"""The per-game random stream's fast paths against the plain-Python generator."""
from __future__ import annotations


def test_shuffle_makes_the_draws_of_below_in_a_loop() -> None:
    """core.rng.shuffle keeps the generator in locals; its draws and final state are the plain loop's."""
    import numpy as np

    from zoosim.core.rng import PyRng, seed_stream, shuffle

    for seed, game, n in ((1, 0, 120), (7, 12345, 2), (2024, 3, 1), (99, 8, 77)):
        state = np.zeros(4, np.uint64)
        seed_stream(state, seed, game)
        values = np.arange(n, dtype=np.int64)
        shuffle(values, n, state)
        reference, expected = PyRng(seed, game), list(range(n))
        for i in range(n - 1, 0, -1):
            j = reference.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert values.tolist() == expected
        assert [int(x) for x in state] == reference.s
