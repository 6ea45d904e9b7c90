"""The numba game: the state and the rules as primitives on it (`state.py`), the scripted policies
(`policies.py`) and the game loop that asks them (`game.py`)."""
