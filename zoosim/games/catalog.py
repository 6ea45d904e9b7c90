"""Which games there are: each game's id, its package, and what `zoosim games` lists, as plain data.

A new game is a new folder under games/ plus one entry in each table here. This module imports no game (so the
policy files and `zoosim games` can ask it without loading an engine); `registry.get_game` loads one.
"""
from __future__ import annotations

from zoosim.errors import ZoosimError

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
