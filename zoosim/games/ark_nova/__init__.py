"""Ark Nova (Mathias Wigge, 2021), BGA base game, 2-4 players — the data layer only, so far.

`cards` turns the spec's card file (`cards.csv`, a byte copy of `shared/specs/ark-nova-cards.csv`) into numpy
tables and effect programs (opcodes from `effects`); `board` turns map A (`map_a.toml`) into 58-bit cell masks and
every legal building footprint. `vocab` holds the names both share.

There is no engine, rules dataclass or policy yet, so the game is deliberately NOT registered in
`zoosim.games.registry` and does not appear in `zoosim games`.
"""
