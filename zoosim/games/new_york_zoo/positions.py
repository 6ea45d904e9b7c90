"""New York Zoo positions as JSON, for `zoosim score new-york-zoo position.json` and tests.

Format: `{"players": [{"board": "4P-1", "rows": [...], "animals": 7}, ...], "travelled": 47}`.
- `board` (optional): a board key of the data file; default: the board of the seat at this player
  count (solo: `solo_side` of the rules).
- `rows`: the board as strings, one per row, top first: `H` house corner, `.` uncovered brown cell,
  any other character a covered cell. Or `covered`: a list of `[row, col]` covered cells. Or
  `cells_left`: the number of uncovered brown cells.
- `animals`: animals on the board (houses + enclosures), a whole number (the tie-break).
- `travelled` (solo only, optional): raw spaces moved (T); with `elephant` (space 1..25) for
  `solo_end = "bga"`.
Output per player: covered, cells left, animals, score and rank (spec 8: fewer cells left, then more
animals; equal ones share the rank); `winners`: the covered players of rank 1.
"""
from __future__ import annotations

from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.reference.game import solo_score
from zoosim.games.new_york_zoo.rules import Rules
from zoosim.games.position_input import expect_keys, fail, score_table, whole_number

PLAYER_KEYS = ("board", "rows", "covered", "cells_left", "animals")
TOP_KEYS = ("players", "travelled", "elephant")


def _board(entry: dict, players: int, seat: int, rules: Rules, where: str) -> data.Board:
    key = entry.get("board")
    if key is None:
        return data.board_for(players, seat, rules.solo_side)
    if key not in data.BOARD_BY_KEY:
        fail(where, f"unknown board {key!r}; accepted: {', '.join(data.BOARD_BY_KEY)}")
    return data.BOARD_BY_KEY[key]


def _cells_left(entry: dict, board: data.Board, where: str) -> int:
    given = [k for k in ("rows", "covered", "cells_left") if k in entry]
    if len(given) != 1:
        fail(where, "give exactly one of rows, covered, cells_left")
    if "cells_left" in entry:
        return whole_number(entry["cells_left"], where, "cells_left", 0, bin(board.brown).count("1"))
    if "covered" in entry:
        covered = 0
        for cell in entry["covered"]:
            if not (isinstance(cell, list) and len(cell) == 2):
                fail(where, f"a covered cell is [row, col], got {cell!r}")
            r = whole_number(cell[0], where, "row", 0, board.height - 1)
            c = whole_number(cell[1], where, "col", 0, board.width - 1)
            if (board.house_corner >> (r * board.width + c)) & 1:
                fail(where, f"cell [{r}, {c}] is in the house corner and cannot be covered")
            covered |= 1 << (r * board.width + c)
        return bin(board.brown & ~covered).count("1")
    rows = entry["rows"]
    if not (isinstance(rows, list) and len(rows) == board.height and all(isinstance(r, str) for r in rows)):
        fail(where, f"rows must be {board.height} strings of {board.width} characters for board {board.key}")
    left = 0
    for r, (row, mask_row) in enumerate(zip(rows, board.mask)):
        if len(row) != board.width:
            fail(where, f"row {r} has {len(row)} characters, board {board.key} is {board.width} wide")
        for c, (ch, m) in enumerate(zip(row, mask_row)):
            if (ch == "H") != (m == "H"):
                fail(where, f"row {r} col {c}: 'H' must mark exactly the house corner of board {board.key}")
            left += ch == "."
    return left


def score_position(position: dict, rules: Rules) -> dict:
    """Cells left, animals, score and rank of every player; the winners (spec 8)."""
    expect_keys(position, TOP_KEYS, "position")
    entries = position.get("players")
    if not isinstance(entries, list) or not 1 <= len(entries) <= 5:
        fail("position", "players must be a list of 1-5 players")
    n = len(entries)
    out = []
    for seat, entry in enumerate(entries):
        where = f"player {seat}"
        expect_keys(entry, PLAYER_KEYS, where)
        board = _board(entry, n, seat, rules, where)
        left = _cells_left(entry, board, where)
        animals = whole_number(entry.get("animals", 0), where, "animals")
        out.append({"board": board.key, "covered": left == 0, "cells_left": left, "animals": animals,
                    "score": -left})
    if n == 1 and "travelled" in position:
        travelled = whole_number(position["travelled"], "position", "travelled")
        elephant = whole_number(position.get("elephant", data.START_SPACE), "position", "elephant", 1, data.N_SPACES)
        out[0]["score"] = solo_score(rules, out[0]["covered"], travelled, elephant, out[0]["cells_left"])
    keys = [(p["cells_left"], -p["animals"]) for p in out]
    for p, key in zip(out, keys):
        p["rank"] = 1 + sum(1 for other in keys if other < key)
    winners = [i for i, p in enumerate(out) if p["rank"] == 1 and p["covered"]]
    return {"players": out, "winners": winners}


def format_score_text(result: dict) -> str:
    """The result of `score_position` as a small text table."""
    lines = score_table(result["players"], ["board", "covered", "cells_left", "animals", "score", "rank"])
    winners = result["winners"]
    if not winners:
        lines.append("no winner: no board is covered")
    else:
        lines.append(("winner: player " if len(winners) == 1 else "shared win: players ")
                     + ", ".join(str(w) for w in winners))
    return "\n".join(lines) + "\n"
