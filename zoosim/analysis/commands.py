"""Commands of this area; `register(app)` adds them to the CLI."""
from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this area's commands to the app."""
