"""The games as `Game` objects: `get_game(id)` imports a game's package (catalog.py lists them) and hands back its
`GAME`, the one thing the rest of zoosim uses."""
from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from zoosim.games.catalog import _GAMES, LISTING, game_ids, game_package

if TYPE_CHECKING:  # only for the annotation: `zoosim games` lists the games without importing numpy
    from zoosim.games.base import Game

__all__ = ["_GAMES", "LISTING", "game_ids", "game_package", "listing", "get_game", "card_names_of"]


def listing(game_id: str) -> tuple[str, int, int]:
    """(title, min players, max players) of a game: from LISTING, else from its package."""
    if game_id in LISTING:
        return LISTING[game_id]
    game = get_game(game_id)
    return game.title, game.min_players, game.max_players


def get_game(game_id: str) -> Game:
    return importlib.import_module(game_package(game_id)).GAME


def card_names_of(games: Iterable[str]) -> dict[int, str] | None:
    """Printed card id -> name when `games` is one registered game that names its cards (Ark Nova), else None: the
    analysis and report layers do not import the games, so their callers ask here."""
    ids = set(games)
    if len(ids) != 1 or next(iter(ids)) not in game_ids():
        return None
    names = get_game(next(iter(ids))).card_names
    return dict(names()) if names is not None else None
