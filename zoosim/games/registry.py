"""The list of games. A new game is a new folder under games/ plus one line here."""
from __future__ import annotations

import importlib

from zoosim.games.base import Game, ZoosimError

_GAMES = {
    "zooloretto": "zoosim.games.zooloretto",
    "zooloretto-mini": "zoosim.games.zooloretto_mini",
    "tractor": "zoosim.games.tractor",
    "new-york-zoo": "zoosim.games.new_york_zoo",
}


def game_ids() -> list[str]:
    return list(_GAMES)


def get_game(game_id: str) -> Game:
    if game_id not in _GAMES:
        raise ZoosimError(f"unknown game {game_id!r}; accepted: {', '.join(_GAMES)}")
    return importlib.import_module(_GAMES[game_id]).GAME
