"""The list of games. A new game is a new folder under games/ plus one line here."""
from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

from zoosim.errors import ZoosimError

if TYPE_CHECKING:
    from zoosim.games.base import Game

_GAMES = {
    "zooloretto": "zoosim.games.zooloretto",
    "zooloretto-mini": "zoosim.games.zooloretto_mini",
    "tractor": "zoosim.games.tractor",
    "new-york-zoo": "zoosim.games.new_york_zoo",
    "castles": "zoosim.games.castles",
    "ark-nova": "zoosim.games.ark_nova",
}


# What `zoosim games` lists, without importing a game's engine (a test holds it to each package's GAME).
LISTING: dict[str, tuple[str, int, int]] = {
    "zooloretto": ("Zooloretto (Michael Schacht, 2007)", 2, 5),
    "zooloretto-mini": ("Zooloretto Mini (Abacus, 2010)", 2, 5),
    "tractor": ("Tractor Zooloretto (a draft variant)", 2, 5),
    "new-york-zoo": ("New York Zoo (Uwe Rosenberg, 2020)", 1, 5),
    "castles": ("Castles of Mad King Ludwig (Alspach, Bézier 2014)", 2, 4),
    "ark-nova": ("Ark Nova (Mathias Wigge, 2021)", 2, 4),
}


def game_ids() -> list[str]:
    return list(_GAMES)


def game_package(game_id: str) -> str:
    """The game's package name (where its shipped files, such as tuned weights, live)."""
    if game_id not in _GAMES:
        raise ZoosimError(f"unknown game {game_id!r}; accepted: {', '.join(_GAMES)}")
    return _GAMES[game_id]


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
