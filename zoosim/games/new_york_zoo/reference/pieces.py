"""Pieces of the plain-Python game that both the reference game and its policies use: an enclosure,
and the placements of a tile on an empty board (kept once computed). Kept apart so that neither
`game.py` nor `policies.py` imports the other's module for them.
"""
from __future__ import annotations

from dataclasses import dataclass

from zoosim.games.new_york_zoo.components import data


@dataclass
class Enclosure:
    capacity: int
    species: int = -1  # -1 when empty
    count: int = 0
    added: int = 0  # animals added this turn (for max_added_per_enclosure_per_turn)
    received: bool = False  # received an animal since the current breeding event began


_PLACEMENTS: dict[tuple[int, int], list[int]] = {}


def placements_on_empty(board: data.Board, tile_index: int) -> list[int]:
    key = (board.index, tile_index)
    if key not in _PLACEMENTS:
        _PLACEMENTS[key] = data.placements(board, data.TILES[tile_index])
    return _PLACEMENTS[key]
