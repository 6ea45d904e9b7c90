"""Castles of Mad King Ludwig in plain Python: the executable specification the numba engine is held to, event row
for event row (tests/games/castles/test_play.py).

`state` (the event rows, the hooks of PROTOCOL.md 4 and the game's `State`), `castle` (one player's castle kept up to
date tile by tile, §4), `scoring` (§5 placement points, §7 the end), `policies` (`uniform`, `random`, `greedy`,
`heuristic`) and `game` (setup, the round, the rewards, the end: `play_game`).
"""
