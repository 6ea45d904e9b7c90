"""Zooloretto in numba: the state and the rules as primitives on it (`state.py`), the money actions and the
canonical list of turn options (`money.py`), what greedy and heuristic think a zoo is worth (`valuation.py`), the
scripted policies (`policies.py`: uniform's draws, random, greedy, heuristic) and the game loop that asks them
(`game.py`). `../lookahead.py` plays games out with that loop, so it stands above this folder, beside `play.py`."""
