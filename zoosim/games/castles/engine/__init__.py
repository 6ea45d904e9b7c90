"""The Castles engine in numba: flat int64 state, no Python objects in the hot loop.

From the ground up: `tables` (the geometry as look-up tables), `castle` (one player's castle block: placing a tile,
door states, touching; §4), `legal` (which placements are legal, G1-G6 of §4.4), `points` (placement points,
completion, the end's castle metrics; §5-§7), `state` (the game's layout: event kinds, the rules RG, the state
block G, the result columns O_*), `end` (final scoring, §7), `greedy_heuristic` (the choices of the two scripted
policies at the hooks), `setup` (setup and refill, §2-§3), `rewards` (placing and the completion rewards, §5-§6) and
`game` (an action, a round, a whole game). castles.play is the entry the simulation layer calls.
"""
