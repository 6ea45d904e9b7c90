"""Reading a position from JSON (`zoosim score`): the checks every game's positions.py makes, and the
table of per-player results it prints.

Each check raises a one-line ZoosimError that says where in the file the problem is ("player 0,
enclosure 2 (E3): ..."), what was wrong and what is accepted.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from zoosim.games.base import ZoosimError


def fail(where: str, message: str) -> NoReturn:
    raise ZoosimError(f"{where}: {message}")


def expect_keys(obj: Any, allowed: tuple[str, ...], where: str) -> dict:
    """`obj` must be a JSON object whose keys are all in `allowed`."""
    if not isinstance(obj, dict):
        fail(where, f"expected an object, got {type(obj).__name__}")
    unknown = [k for k in obj if k not in allowed]
    if unknown:
        fail(where, f"unknown key {unknown[0]!r}; accepted: {', '.join(allowed)}")
    return obj


def whole_number(value: Any, where: str, what: str, low: int = 0, high: int | None = None) -> int:
    """A JSON integer (not a bool, not 2.5) in low..high."""
    if isinstance(value, bool) or not isinstance(value, int):
        fail(where, f"{what} must be a whole number, got {value!r}")
    if value < low or (high is not None and value > high):
        fail(where, f"{what} must be >= {low}, got {value}" if high is None else
             f"{what} must be {low}-{high}, got {value}")
    return value


def species_index(value: Any, species: int, where: str, names: Sequence[str | None] = ()) -> int:
    """A species given by index (a number, or a string such as "3": a key of a JSON map) or by name."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < species:
            return value
    elif isinstance(value, str) and names and value.strip().lower() in names:
        return list(names).index(value.strip().lower())
    named = ", ".join(n for n in names if n)
    fail(where, f"unknown species {value!r}; accepted: {named + ' or ' if named else ''}0-{species - 1}")


def score_table(players: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> list[str]:
    """The lines of `zoosim score`'s table: a column per player, a row per label (each player's value of it)."""
    width = max(len(label) for label in labels)
    lines = [" " * width + "".join(f"{'player ' + str(i):>10}" for i in range(len(players)))]
    for label in labels:
        lines.append(f"{label:<{width}}" + "".join(f"{str(p[label]):>10}" for p in players))
    return lines
