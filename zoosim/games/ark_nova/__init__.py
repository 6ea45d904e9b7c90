"""Ark Nova (Mathias Wigge, 2021), BGA base game, 2-4 players — data layer, rules and the plain-Python reference.

`cards` turns the spec's card file (`cards.csv`, a byte copy of `shared/specs/ark-nova-cards.csv`) into numpy
tables and effect programs (opcodes from `effects`); `board` turns map A (`map_a.toml`) into 58-bit cell masks and
every legal building footprint. `vocab` holds the names both share.

`rules` holds every number and parameter of the spec (`Rules`, `RULE_DOCS`, `validate`); `reference` (with
`reference_state`, `_build`, `_effects`, `_actions`, `_association`) is the plain-Python executable spec and
PROTOCOL.md what an engine must match. `columns` names the log's columns (`COLUMNS`, `SCORE_COMPONENTS`; the
reference's `play_game` fills them in the state's `record`), `pack` the rules as the core's int64 array,
`positions` end positions as JSON (`score_position`, `format_score_text`) for `zoosim score`. There is no numba engine or policy module yet, so the game is
deliberately NOT registered in `zoosim.games.registry` and does not appear in `zoosim games`.
"""
