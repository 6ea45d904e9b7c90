"""Castles' printed components: the rooms, shapes, bonus cards and King's Favors (`data`, read from the copies of the
spec's data files beside it) and the exact 5 ft grid they are laid on (`geometry`). Pure Python and numpy."""
