"""New York Zoo's numba engine: the game array `S` (state.py) with its 128-bit board masks (bits.py) and where a
tile can go (placements.py); the actions of spec 5-6 (actions.py) and breeding (breeding.py); the scripted
policies the engine asks at every decision (decide.py dispatches to greedy.py and heuristic.py, uniform draws);
and setup, turns, end and results (game.py)."""
