"""New York Zoo's numba engine: the actions of spec 5-6 (actions.py), breeding (breeding.py), and setup,
turns, end and results (game.py). It asks `policies.decide` at every decision; its state is `state/`'s."""
