"""`zoosim score GAME POSITION` in its default text format, for every game: the total with its parts
and the winner, in the game's own table where it has one."""
from __future__ import annotations

import json

import pytest

from tests.support.cli_runner import run_cli
from tests.support.paths import REPO

POSITIONS = {
    "zooloretto": json.loads((REPO / "docs" / "worked-example.json").read_text()),
    "zooloretto-mini": {"players": [{"enclosures": [
        {"species": 0, "animals": 4, "landscapes": ["pond", "rock"]}, {"species": 1, "animals": 6},
        {"species": 2, "animals": 5}], "barn": {"animals": {"3": 1}, "landscapes": ["bush"]}}]},
    "tractor": {"players": [{"enclosures": [
        {"species": 0, "animals": 3}, {"species": 1, "animals": 2, "attraction": True},
        {"species": None, "animals": 0}], "stalls": 1, "backyard": {"animals": 2, "other": 1}}]},
    "new-york-zoo": {"players": [{"cells_left": 0, "animals": 9}, {"cells_left": 3, "animals": 20}]},
}
# (a piece of the text, the winner line) for each game
EXPECTED = {
    "zooloretto": ("total", "winner: player 1"),
    "zooloretto-mini": ("seat 0: 24 (", "winner(s): seat 0"),
    "tractor": ("seat 0: 12 (", "winner(s): seat 0"),
    "new-york-zoo": ("cells_left", "winner: player 0"),
}


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_score_prints_the_total_its_parts_and_the_winner(game_id, tmp_path, monkeypatch, capsys):
    position = tmp_path / "position.json"
    position.write_text(json.dumps(POSITIONS[game_id]))
    code, out, err = run_cli(["score", game_id, str(position)], monkeypatch, capsys)
    assert code == 0, err
    piece, winner = EXPECTED[game_id]
    assert piece in out and winner in out, out
