"""Commands about games: games, rules, policies, replay, score."""
from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the game commands to the app."""
