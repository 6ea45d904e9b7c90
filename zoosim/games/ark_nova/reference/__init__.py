"""Ark Nova in plain Python, the executable spec: readable, slow, and the engine's oracle (the same draws,
decisions and event rows, PROTOCOL.md).

The modules import only downward: `state` (the state, decisions, icon counts) <- `tracks` (tracks, piles, display)
<- `setup` (§3), `build` (the map, the Build action) <- `effects` (the opcode dispatchers) <- `actions` (action
cards; Cards, Animals, Sponsors) <- `association` (Association, projects) <- `game` (a turn, breaks, the end, final
scoring, `play_game`), and `policies` (random, greedy, heuristic) on top. A rule a lower module must start but a
higher one implements goes through reference.state's `HANDLERS`, which `game` fills by importing them all.
"""
