"""Castles of Mad King Ludwig (Alspach, Bézier 2014) for 2-4 players, after shared/specs/castles-of-mad-king-ludwig.md.

So far this package holds only the foundation: the components (`data`: rooms, shapes, bonus cards and King's
Favors, read from the package's copies of the spec's data files) and the exact 5 ft grid (`geometry`: rotations,
doorways, walls, fences and occupancy masks, precomputed at import). There is no engine, reference or Rules yet,
so the game is not registered and `zoosim games` does not list it.
"""
