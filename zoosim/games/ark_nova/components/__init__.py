"""Ark Nova's printed components as tables built once at import, with their data files beside them.

- `cards`: the 235 cards of `cards.csv` (a byte copy of shared/specs/ark-nova-cards.csv) as numpy tables and effect
  programs, rows in card-id order;
- `effects`: the card tags <-> (moment, opcode, arguments), the one table both directions read;
- `board`: map A (`map_a.toml`, a byte copy of shared/specs/ark-nova-map-a.toml) as 58-bit cell masks and every
  legal building footprint;
- `vocab`: the names (icons, buildings, resources, actions) the others share, as index tuples.

Plain Python and numpy: the engine copies what it needs into its own int64 tables (engine.state).
"""
