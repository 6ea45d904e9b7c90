"""The Zooloretto family's shared glue: what Zooloretto, Zooloretto Mini and Tractor Zooloretto write once.

Plain Python, no numba, but for search.py: each game's engine keeps its own kernels (their state layouts differ, and
a kernel that takes a layout as arguments would cost the hot loops). A game imports from here; nothing here imports a
game.

- rules.py      how the rules are checked (`validate`) and packed for the core; the truck games' common numbers
- reference.py  the plain-Python references' common ground: IllegalMove, the shuffle, ranks, `play_game`
- trucks.py     the truck games' (Zooloretto, Mini) shared reference: stacks, trucks, breeding, turns and rounds
- replay.py     `zoosim replay`: a recorded game told in words
- positions.py  `zoosim score`: the checks of a position's JSON that the three games make alike
- policies.py   the truck games' `search` policy as plain data: the parameters Mini and Tractor share
- search.py     the truck games' shared side of `search` (numba, no state layout): the decision's key and clock, the
                sample streams, the value of a playout, the --explain rows, search_timings
"""
