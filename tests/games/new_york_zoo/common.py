"""Hand-built New York Zoo positions for the rule tests: a scripted policy that records every decision, a fresh
reference match, enclosures without cells, boards covered but for a few brown cells."""
from __future__ import annotations

from typing import NamedTuple

from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.reference import Enclosure, Match
from zoosim.games.new_york_zoo.rules import Rules

M, F, K, P, X = range(5)  # meerkat, flamingo, kangaroo, penguin, fox
A1, A2, A3I, A3L, A4I, A4O, A6, A8 = range(data.ATTRACTION_BASE, data.ATTRACTION_BASE + 8)  # attraction kinds


class Decision(NamedTuple):
    kind: int
    player: int
    options: list
    context: int


class Scripted:
    """Answers decisions from a dict kind -> function(options) -> index (option 0 otherwise); records each one."""

    def __init__(self, answers=None):
        self.answers = answers or {}
        self.asked: list[Decision] = []

    def choose(self, match, kind, player, options, context=0):
        self.asked.append(Decision(kind, player, list(options), context))
        fn = self.answers.get(kind)
        return fn(options) if fn else 0

    def options(self, kind):
        return [d.options for d in self.asked if d.kind == kind]


def match(players=4, answers=None, seed=1, index=0, **rules) -> tuple[Match, list[Scripted]]:
    pols = [Scripted(answers) for _ in range(players)]
    m = Match(Rules(**rules), players, pols, seed, index)
    return m, pols


def give_enclosure(m: Match, seat: int, capacity: int, species: int = -1, count: int = 0) -> int:
    """An enclosure on seat's board without cells (these tests do not look at its cells)."""
    p = m.players[seat]
    p.enclosures.append(Enclosure(capacity, species if count else -1, count))
    return len(p.enclosures) - 1


def brown_cells(p) -> list[int]:
    return [i for i in range(p.board.cells) if (p.board.brown >> i) & 1]


def cover_all_but(p, keep: int) -> None:
    """Cover every brown cell of p's board except the first `keep` ones (row by row from the top)."""
    for i in brown_cells(p)[keep:]:
        p.covered |= 1 << i


def harbour(space: int) -> int:
    """The harbour index (PROTOCOL 2) of a rondel space."""
    return data.HARBOUR_SPACES.index(space)


def empty_harbours(m: Match, *spaces: int) -> None:
    for h in spaces:
        m.stacks[harbour(h)].clear()


def cell(p, row: int, col: int) -> int:
    return row * p.board.width + col


def open_only(p, *cells: tuple[int, int]) -> None:
    """Cover p's whole board except the given (row, col) brown cells."""
    p.covered = p.full_mask
    for row, col in cells:
        assert (p.board.brown >> cell(p, row, col)) & 1, (row, col)
        p.covered &= ~(1 << cell(p, row, col))


def mask(p, *cells: tuple[int, int]) -> int:
    return sum(1 << cell(p, row, col) for row, col in cells)
