"""Castles of Mad King Ludwig (Alspach, Bézier 2014) for 2-4 players, after shared/specs/castles-of-mad-king-ludwig.md.

So far: the components (`data`: rooms, shapes, bonus cards and King's Favors, read from the package's copies of
the spec's data files), the exact 5 ft grid (`geometry`: rotations, doorways, walls, fences and occupancy masks,
precomputed at import), every rule number and reading as `rules.Rules`, and the plain-Python reference that
plays whole games (`reference`, `reference_castle`, `reference_scoring`; decisions, draws and event rows as
`PROTOCOL.md` fixes them). There is no numba engine yet, so the game is not registered and `zoosim games` does
not list it.
The engine's first piece is in: `engine_castle`, one castle's state, legal placements, scoring and completion.
"""
