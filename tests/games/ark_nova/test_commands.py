"""Ark Nova's commands that play no game, through the real CLI: it is listed by `zoosim games` as its package
describes it, `rules` and `policies` print everything without importing numba, `score` scores the spec's §17.3
example (text and JSON, with a rule override), and bad input (an impossible position, a bad rule value, an unknown
policy, a bad player count) is one line, exit code 2, and writes nothing."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli_runner import run_cli as cli
from tests.support.cli_runner import assert_refused, run_without_numba
from zoosim.games.ark_nova.rules import RULE_DOCS, Rules
from zoosim.games.registry import LISTING, get_game

GAME_ID = "ark-nova"
# §17.3: appeal 58, CP 19 + 1 (Federal Grants 220) + 2 (final card 7) = 22 -> 42 points; the opponent's 100 loses the
# tie-break on supports (tests/test_ark_nova_positions.py checks the numbers against the reference)
EXAMPLE = {"players": [
    {"appeal": 58, "conservation": 19, "reputation": 10, "zoo": [220], "supports": 3, "final_cards": [7]},
    {"appeal": 94, "conservation": 10, "reputation": 5, "supports": 2},
]}


def write(tmp_path: Path, data, name: str = "position.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_games_lists_ark_nova_as_its_package_does(monkeypatch, capsys):
    game = get_game(GAME_ID)
    assert LISTING[GAME_ID] == (game.title, game.min_players, game.max_players) == (
        "Ark Nova (Mathias Wigge, 2021)", 2, 4)
    code, out, err = cli(["games"], monkeypatch, capsys)
    assert code == 0, err
    assert any(line.startswith("ark-nova") and "Ark Nova (Mathias Wigge, 2021) (2-4 players)" in line
               for line in out.splitlines())
    assert list(game.policies) == ["uniform", "random", "greedy", "heuristic", "search"] and game.rounds_log
    assert [c.name for c in game.columns][-1] == "position"
    assert set(game.score_components) == {"appeal", "conservation_points"}


def test_rules_and_policies_print_everything_without_numba(tmp_path):
    out = run_without_numba([["rules", "ark-nova"], ["policies", "ark-nova"],
                             ["rules", "ark-nova", "--rule", "end_trigger_score=90"]], tmp_path)
    assert "start_seat_random = true" in out and "break_track_len = [9, 12, 15]" in out
    assert "end_trigger_score = 100" in out and "end_trigger_score = 90" in out
    assert all(f"# {doc}" in out for doc in RULE_DOCS.values())
    assert "max_rounds" not in out  # Rules.max_rounds is a property, not a rule
    assert "uniform: The spec's measuring stick (§15.2)" in out
    assert all(f"{name}:" in out for name in ("random", "greedy", "heuristic")) and "w_covered" in out


def test_the_rules_bound_the_rounds_without_a_rule_field():
    from zoosim.games.base import rules_hash, rules_to_dict

    game = get_game(GAME_ID)
    rules = game.rules_from({"max_turns": "40"}, 3)
    assert type(rules) is Rules and rules.max_rounds == 4 * 40 + 1
    assert rules_to_dict(rules) == rules_to_dict(Rules(max_turns=40)) and "max_rounds" not in rules_to_dict(rules)
    assert rules_hash(rules) == rules_hash(Rules(max_turns=40))
    assert game.variant(rules) == "max_turns=40" and game.variant(game.default_rules()) == "default"


def test_score_prints_the_spec_example(tmp_path, monkeypatch, capsys):
    path = write(tmp_path, EXAMPLE)
    code, out, err = cli(["score", GAME_ID, path], monkeypatch, capsys)
    assert code == 0 and out.endswith("(most projects supported)\n"), err
    assert out.splitlines() == [
        "player 0: 100 = appeal 58 + conservation 42 (CP 22 = 19 in play + 1 from sponsors + 2 from final cards), "
        "supports 3",
        "player 1: 100 = appeal 94 + conservation 6 (CP 10 = 10 in play), supports 2",
        "winner: player 0 after the tie-break (most projects supported)",
    ]
    code, out, err = cli(["score", GAME_ID, path, "--format", "json"], monkeypatch, capsys)
    assert code == 0, err
    result = json.loads(out)
    assert [p["total"] for p in result["players"]] == [100, 100] and result["winners"] == [0]
    code, out, err = cli(["score", GAME_ID, path, "--format", "json", "--rule", "max_final_card_cp=1"],
                         monkeypatch, capsys)
    assert code == 0, err
    assert json.loads(out)["players"][0]["end_conservation_final_cards"] == 1


def _bad_position(tmp: Path, **change) -> str:
    data = json.loads(json.dumps(EXAMPLE))
    data["players"][0].update(change)
    return write(tmp, data)


@pytest.mark.parametrize("make_args, message", [
    (lambda tmp: ["score", GAME_ID, _bad_position(tmp, conservation=99)], "conservation"),
    (lambda tmp: ["score", GAME_ID, _bad_position(tmp, zoo=[220, 220])], "220"),
    (lambda tmp: ["score", GAME_ID, _bad_position(tmp, zoo=[999])], "999"),
    (lambda tmp: ["score", GAME_ID, write(tmp, {"players": "none"})], "players"),
    (lambda tmp: ["score", GAME_ID, str(tmp / "missing.json")], "no such file"),
    (lambda tmp: ["simulate", GAME_ID, "-p", "2", "-n", "2", "-s", "1", "--policy", "uniform", "--out",
                  str(tmp / "run"), "--rule", "break_track_len=0,12,15"],
     "break_track_len for 2 players must be 1-99, got 0"),
    (lambda tmp: ["simulate", GAME_ID, "-p", "2", "-n", "2", "-s", "1", "--policy", "uniform", "--out",
                  str(tmp / "run"), "--rule", "max_turns=0"], "max_turns must be 1-1000, got 0"),
    (lambda tmp: ["simulate", GAME_ID, "-p", "5", "-n", "2", "-s", "1", "--policy", "uniform", "--out",
                  str(tmp / "run")], "2-4 players, got 5"),
    (lambda tmp: ["simulate", GAME_ID, "-p", "2", "-n", "2", "-s", "1", "--out", str(tmp / "run"), "--policy",
                  "smart"], "smart"),
    (lambda tmp: ["simulate", GAME_ID, "-p", "2", "-n", "2", "-s", "1", "--out", str(tmp / "run"), "--policy",
                  "heuristic:w_money=nan"], "w_money"),
    (lambda tmp: ["simulate", GAME_ID, "-p", "2", "-n", "2", "-s", "1", "--policy", "uniform", "--out",
                  str(tmp / "run"), "--rule", "start_seat_random=maybe"], "start_seat_random"),
    (lambda tmp: ["replay", GAME_ID, "-p", "2", "-s", "1", "-g", "0", "--policy", "uniform", "--rule",
                  "end_trigger_score=0"], "end_trigger_score must be 1-300, got 0"),
    (lambda tmp: ["rules", GAME_ID, "--rule", "no_such_rule=1"], "unknown rule 'no_such_rule'"),
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(make_args, message, tmp_path, monkeypatch, capsys):
    assert_refused(make_args(tmp_path), message, tmp_path, monkeypatch, capsys)
