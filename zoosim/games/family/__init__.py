"""The Zooloretto family's shared glue: what Zooloretto, Zooloretto Mini and Tractor Zooloretto write once.

Plain Python, no numba: each game's engine keeps its own kernels (their state layouts differ, and a kernel that
takes a layout as arguments would cost the hot loops). A game imports from here; nothing here imports a game.

- rules.py      how the rules are checked (`validate`) and packed for the core; the truck games' common numbers
- reference.py  the plain-Python references' common ground: IllegalMove, the shuffle, ranks, `play_game`
- trucks.py     the truck games' (Zooloretto, Mini) shared reference: stacks, trucks, breeding, turns and rounds
- replay.py     `zoosim replay`: a recorded game told in words
- positions.py  `zoosim score`: the checks of a position's JSON that the three games make alike
"""
