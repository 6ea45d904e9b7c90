"""`zoosim replay new-york-zoo`: one game turn by turn, with every player's board as a character grid.

It plays the game with the numba engine and the same (rules, seed, game index, seat policies) as
`simulate`, keeps the engine's event log (PROTOCOL.md section 9), and rebuilds the boards from it.
Grid: `H` house corner, `.` uncovered brown cell, a letter per enclosure (a, b, ... in placement order;
upper case while it holds animals), `#` attraction. With `explain`, each turn of a search seat first lists the
candidates it weighed (the EV_SEARCH and EV_CANDIDATE rows): the option, its playouts and mean outcome.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from zoosim.games.base import PolicySpec
from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.protocol import (
    END_REASONS, EV_ANIMAL, EV_ATTRACTION, EV_BRED, EV_BREEDING, EV_CANDIDATE, EV_END, EV_ENCLOSURE, EV_FULL,
    EV_KEEP, EV_MOVE, EV_PASS, EV_SEARCH, HOUSE, SUPPLY,
)
from zoosim.games.new_york_zoo.reference.pieces import placements_on_empty
from zoosim.games.new_york_zoo.rules import Rules

ENCLOSURE_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


@dataclass
class BoardView:
    """A player's board rebuilt from events."""

    board: data.Board
    cells: list[str] = field(default_factory=list)
    houses: list[int] = field(default_factory=list)
    enclosures: list[list[int]] = field(default_factory=list)  # [capacity, species, count]

    @classmethod
    def new(cls, board: data.Board) -> "BoardView":
        cells = ["H" if ch == "H" else "." for row in board.mask for ch in row]
        houses = [0] * data.N_SPECIES
        for s in board.start_animals:
            houses[s] += 1
        return cls(board, cells, houses, [])

    def cover(self, tile: int, placement: int, char: str) -> None:
        mask = placements_on_empty(self.board, tile)[placement]
        for i in range(self.board.cells):
            if (mask >> i) & 1:
                self.cells[i] = char

    def apply(self, ev: tuple[int, ...]) -> None:
        kind, _, a, b, c, _d = ev
        if kind == EV_ENCLOSURE:
            self.enclosures.append([data.TILES[a].size, -1, 0])
            self.cover(a, b, ENCLOSURE_LETTERS[c % len(ENCLOSURE_LETTERS)])
        elif kind == EV_ATTRACTION:
            self.cover(a, b, "#")
        elif kind == EV_ANIMAL:
            if c == HOUSE:
                self.houses[a] -= 1
            elif c != SUPPLY:
                self.enclosures[c][2] -= 1
            if b == HOUSE:
                self.houses[a] += 1
            else:
                self.enclosures[b][1] = a
                self.enclosures[b][2] += 1
        elif kind == EV_FULL:
            self.enclosures[a][1:] = [-1, 0]
        elif kind == EV_KEEP:
            self.houses[a] += 1
        elif kind == EV_BRED:
            self.enclosures[a][2] += 1

    def cells_left(self) -> int:
        return self.cells.count(".")

    def animals(self) -> int:
        return sum(self.houses) + sum(e[2] for e in self.enclosures)

    def grid(self) -> list[str]:
        w = self.board.width
        rows = []
        for r in range(self.board.height):
            row = ""
            for ch in self.cells[r * w:(r + 1) * w]:
                if ch in ENCLOSURE_LETTERS and self.enclosures[ENCLOSURE_LETTERS.index(ch)][2] > 0:
                    ch = ch.upper()
                row += ch
            rows.append(row)
        return rows

    def summary(self) -> list[str]:
        houses = "".join(data.SPECIES_LETTERS[s] * n for s, n in enumerate(self.houses))
        houses += "_" * (self.board.houses - len(houses))
        lines = [f"houses {houses}  left {self.cells_left()}  animals {self.animals()}"]
        parts = [f"{ENCLOSURE_LETTERS[i % len(ENCLOSURE_LETTERS)]}:{e[2]}/{e[0]}"
                 + (data.SPECIES_LETTERS[e[1]] if e[2] else "") for i, e in enumerate(self.enclosures)]
        for k in range(0, len(parts), 6):
            lines.append(" ".join(parts[k:k + 6]))
        return lines


def side_by_side(views: list[BoardView]) -> list[str]:
    blocks = [[f"seat {i} ({v.board.key})"] + v.grid() + v.summary() for i, v in enumerate(views)]
    width = [max(len(line) for line in block) + 3 for block in blocks]
    height = max(len(block) for block in blocks)
    return ["".join((block[k] if k < len(block) else "").ljust(width[i]) for i, block in enumerate(blocks)).rstrip()
            for k in range(height)]


def describe(ev: tuple[int, ...]) -> str | None:
    kind, player, a, b, c, d = ev
    names = data.SPECIES_NAMES
    if kind == EV_MOVE:
        how = f"tile {d}" if d >= 0 else ("free move" if b == 0 and c > 0 else f"{b} steps")
        return f"seat {player} moves to space {a} ({how}, {c} spaces)"
    if kind == EV_PASS:
        return f"seat {player} has no legal destination and passes"
    if kind == EV_ENCLOSURE:
        tile = data.TILES[a]
        return f"seat {player} places {tile.id} ({tile.size} squares) as enclosure {ENCLOSURE_LETTERS[c % 36]}"
    if kind == EV_ANIMAL:
        where = "a house" if b == HOUSE else f"enclosure {ENCLOSURE_LETTERS[b % 36]}"
        source = {SUPPLY: "the supply", HOUSE: "a house"}.get(c, f"enclosure {ENCLOSURE_LETTERS[c % 36]}")
        return f"seat {player}: {names[a]} from {source} to {where}"
    if kind == EV_FULL:
        return f"seat {player}: enclosure {ENCLOSURE_LETTERS[a % 36]} is full ({c} {names[b]})"
    if kind == EV_KEEP:
        return f"seat {player} keeps a {names[a]} in a house"
    if kind == EV_ATTRACTION:
        return f"seat {player} places attraction {data.TILES[a].id}"
    if kind == EV_BREEDING:
        return f"breeding: {names[a]}"
    if kind == EV_BRED:
        bonus = " (bonus)" if c else ""
        return f"seat {player}: a {names[b]} is born in enclosure {ENCLOSURE_LETTERS[a % 36]}{bonus}"
    if kind == EV_END:
        return f"game over after {b} turns: {END_REASONS[a]}"
    return None


SUB_BASE = 4096  # search.SUB_BASE: a harbour candidate's decision is tile * SUB_BASE + placement index


def candidate_text(board: data.Board, space: int, code: int) -> str:
    """A search candidate (an EV_CANDIDATE row's destination and decision) in the game's terms."""
    if data.SPACES[space]["kind"] == "harbour":
        tile, placement = divmod(code, SUB_BASE)
        mask = placements_on_empty(board, tile)[placement]
        cells = [i for i in range(board.cells) if (mask >> i) & 1]
        rows = sorted({i // board.width for i in cells})
        cols = sorted({i % board.width for i in cells})
        span = lambda xs, name: f"{name} {xs[0]}" if len(xs) == 1 else f"{name}s {xs[0]}-{xs[-1]}"  # noqa: E731
        return f"space {space}: {data.TILES[tile].id} at {span(rows, 'row')}, {span(cols, 'col')} (placement {placement})"
    if code < 0:
        return f"space {space}: no animal"
    first, second = code // 8, code % 8 - 1
    animals = data.SPECIES_NAMES[first] + (f", then a {data.SPECIES_NAMES[second]}" if second >= 0 else " only")
    return f"space {space}: a {animals}"


def search_lines(rows: list[tuple[int, ...]], players: int, rules: Rules) -> list[str]:
    """A search decision (its EV_SEARCH row, then one EV_CANDIDATE row per candidate) in a few lines."""
    _, seat, n, chosen, spent, replies = rows[0]
    board = data.board_for(players, seat, rules.solo_side)
    unit = "playouts" if replies < 2 else "samples"
    weighing = f" (each weighs {replies} replies of the next seat)" if replies > 1 else ""
    lines = [f"  search, seat {seat}: {n} candidate{'s' if n != 1 else ''} (#0 is the heuristic's), "
             f"{spent} {unit}{weighing}; plays #{chosen}"]
    for i, (_, _, space, code, playouts, mean) in enumerate(rows[1:]):
        mark = "*" if i == chosen else " "
        lines.append(f"  {mark} #{i} {candidate_text(board, space, code)}: {playouts} {unit}, "
                     f"mean {mean / 1000:+.2f}")
    return lines


def replay_text(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int,
                explain: bool = False) -> str:
    """The whole game: each turn's events, then every board; finally the results. With `explain`, a search seat's
    turn first shows the candidates it weighed, with their playouts and mean outcome."""
    from zoosim.games.new_york_zoo.play import play_traced  # the numba engine, imported when a game is replayed

    events, out, shares, _state = play_traced(rules, players, list(policies), seed, game_index)
    views = [BoardView.new(data.board_for(players, s, rules.solo_side)) for s in range(players)]
    lines = [f"new-york-zoo, {players} player{'s' if players > 1 else ''}, seed {seed}, game index {game_index}"]
    seats = list(policies) * players if len(policies) == 1 else list(policies)
    lines += [f"seat {s}: {spec.label}" for s, spec in enumerate(seats)]
    turn = 0
    searched: list[tuple[int, ...]] = []  # the search rows of the turn about to begin
    for k, ev in enumerate(events):
        if ev[0] in (EV_SEARCH, EV_CANDIDATE):
            searched.append(ev)
            continue
        if ev[0] in (EV_MOVE, EV_PASS):
            turn += 1
            lines.append(f"-- turn {turn}")
            if explain and searched:
                lines += search_lines(searched, players, rules)
            searched = []
        if ev[1] >= 0 and ev[0] != EV_BREEDING:
            views[ev[1]].apply(ev)
        text = describe(ev)
        if text:
            lines.append("  " + text)
        nxt = events[k + 1] if k + 1 < len(events) else None
        if turn and (nxt is None or nxt[0] in (EV_MOVE, EV_PASS, EV_END, EV_SEARCH)) and ev[0] != EV_END:
            lines += side_by_side(views)
    lines.append("-- result")
    for s in range(players):
        lines.append(f"seat {s}: score {int(out[s, 0])}, rank {int(out[s, 1])}, win share {shares[s]:g}, "
                     f"cells left {views[s].cells_left()}, animals {views[s].animals()}")
    return "\n".join(lines) + "\n"
