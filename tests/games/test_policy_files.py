"""`--policy NAME:@FILE.toml`, `NAME:@tuned<N>p` and the shipped weights: resolved values everywhere a
policy is accepted, one-line errors, tuning bounds. No engine is played here."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from zoosim.study import load_study
from zoosim.games.base import PolicyParam, ZoosimError, parse_policy
from zoosim.games.policy_files import parse_policy_file, policy_file_text, shipped_weights
from zoosim.games.registry import get_game
from zoosim.sim.manifest import build_spec, make_manifest
from zoosim.sim.sweep import plan_sweep
from zoosim.sim.tournament import plan_tournament
from tests.support.paths import REPO

GAME = get_game("zooloretto")
HEURISTIC = GAME.policies["heuristic"]


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


@pytest.fixture
def weights(tmp_path: Path) -> Path:
    return write(tmp_path / "w.toml", 'policy = "heuristic"\ngame = "zooloretto"\nplayers = 4\n'
                                      "[params]\nbarn_weight = 2.25\npair_value = 0.5\n[tuning]\nbudget = 10\n")


def test_a_file_sets_its_params_and_the_label_holds_the_resolved_values(weights: Path) -> None:
    spec = GAME.policy(f"heuristic:@{weights}")
    by_name = dict(zip([p.name for p in HEURISTIC.params], spec.values))
    assert by_name["barn_weight"] == 2.25 and by_name["pair_value"] == 0.5
    assert by_name["coin_value"] == 0.7  # not in the file: the default
    assert spec.label == "heuristic:barn_weight=2.25,pair_value=0.5"
    assert GAME.policy(spec.label) == spec  # the label alone reproduces the seat


def test_overrides_after_the_file_win(weights: Path) -> None:
    spec = GAME.policy(f"heuristic:@{weights},pair_value=1,coin_value=0.9")
    assert spec.label == "heuristic:coin_value=0.9,barn_weight=2.25"
    with pytest.raises(ZoosimError, match="a file .* comes first"):
        GAME.policy(f"heuristic:coin_value=0.9,@{weights}")


@pytest.mark.parametrize("raw", ["nan", "inf", "-inf"])
def test_a_parameter_on_the_command_line_must_be_finite(raw: str) -> None:
    """As in a policy file: a NaN or infinite weight would play games on nonsense, so it is refused in one line."""
    with pytest.raises(ZoosimError, match=f"coin_value needs a finite number, got '{raw}'"):
        GAME.policy(f"heuristic:coin_value={raw}")


@pytest.mark.parametrize("game", ["zooloretto", "zooloretto-mini", "tractor", "new-york-zoo", "castles", "ark-nova"])
def test_a_search_budget_outside_its_range_is_a_one_line_error(game: str) -> None:
    """A budget, width or horizon the kernel would clamp in silence is refused, naming the range; its ends play."""
    policies = get_game(game).policies
    budget = next(p for p in policies["search"].params if p.name == "budget")
    assert budget.strict and budget.low in (0, 1)
    for bad in (budget.low - 1, -5, budget.high + 1):
        with pytest.raises(ZoosimError, match=rf"budget of search must be from {budget.low:g} to {budget.high:g}"):
            parse_policy(f"search:budget={bad:g}", policies)
    for good in (budget.low, budget.high):
        assert parse_policy(f"search:budget={good:g}", policies).values[0] == good
    candidates = next(p for p in policies["search"].params if p.name == "candidates")
    with pytest.raises(ZoosimError, match="candidates of search must be from"):
        parse_policy(f"search:candidates={candidates.high + 1:g}", policies)


def test_a_weight_is_not_bounded_by_its_tuning_range() -> None:
    """Heuristic weights keep any hand-set value: low/high bound `zoosim tune`, not what plays."""
    assert parse_policy("heuristic:" + f"{HEURISTIC.params[0].name}=1000", GAME.policies).values[0] == 1000


def test_runs_record_resolved_values_so_a_changed_file_does_not_change_a_run(weights: Path) -> None:
    text = f"heuristic:@{weights}"
    spec = build_spec("zooloretto", 2, [text, "greedy"], 10, 1)
    manifest = make_manifest(spec, "zoosim simulate ...", "local")
    assert manifest["policies"] == ["heuristic:barn_weight=2.25,pair_value=0.5", "greedy"]
    run_id = spec.run_id
    write(weights, weights.read_text().replace("2.25", "3"))
    assert build_spec("zooloretto", 2, [text, "greedy"], 10, 1).run_id != run_id
    assert build_spec("zooloretto", 2, ["heuristic:barn_weight=2.25,pair_value=0.5", "greedy"], 10, 1).run_id == run_id


def test_tournaments_sweeps_and_studies_take_policy_files(weights: Path, tmp_path: Path) -> None:
    cells = plan_tournament("zooloretto", 3, [f"heuristic:@{weights}", "heuristic"], 5, 0)
    assert {label for c in cells for label in c.spec.policy_labels} == {"heuristic:barn_weight=2.25,pair_value=0.5",
                                                                        "heuristic"}
    plan = plan_sweep("zooloretto", ["end_stack=10,15"], "3", [f"heuristic:@{weights}"], 10, 0)
    assert plan.cells[0].spec.policy_labels == ["heuristic:barn_weight=2.25,pair_value=0.5"]
    study = write(tmp_path / "s.toml", f'[[simulation]]\nname = "x"\ngame = "zooloretto"\nplayers = 3\n'
                                       f'policies = ["heuristic:@{weights}"]\ngames = 5\nseed = 1\n')
    sim = load_study(study).simulations[0]
    assert build_spec(sim.game, sim.players, sim.policies, sim.games, sim.seed).policy_labels == [
        "heuristic:barn_weight=2.25,pair_value=0.5"]


@pytest.mark.parametrize(("body", "message"), [
    (None, "policy file .*missing.toml not found"),
    ("policy = \n", "is not valid TOML: "),
    ('policy = "heuristic"\ngame = "zooloretto"\n[params]\nbarn = 1\n', "unknown parameter 'barn' for heuristic; accepted: coin_value"),
    ('policy = "greedy"\ngame = "zooloretto"\n[params]\n', "is for policy 'greedy', not 'heuristic'"),
    ('policy = "heuristic"\ngame = "tractor"\n[params]\n', "is for game 'tractor', not 'zooloretto'"),
    ('policy = "heuristic"\n[params]\n', "lacks `game`"),
    ('policy = "heuristic"\ngame = "zooloretto"\n[params]\nbarn_weight = "high"\n', "barn_weight needs a finite number"),
    ('policy = "heuristic"\ngame = "zooloretto"\n[params]\nbarn_weight = true\n', "barn_weight needs a finite number"),
    ('policy = "heuristic"\ngame = "zooloretto"\nparams = 3\n', "`params` must be a table"),
    ('policy = "heuristic"\ngame = "zooloretto"\nweights = 1\n[params]\n', r"unknown key\(s\) weights"),
])
def test_bad_files_are_one_line_errors(body: str | None, message: str, tmp_path: Path) -> None:
    path = tmp_path / "missing.toml"
    if body is not None:
        write(path, body)
    with pytest.raises(ZoosimError, match=message) as info:
        GAME.policy(f"heuristic:@{path}")
    assert "\n" not in str(info.value)


def test_cli_refuses_a_missing_file_with_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture) -> None:
    from zoosim import cli

    monkeypatch.setattr("sys.argv", ["zoosim", "simulate", "zooloretto", "-p", "3", "-n", "5", "-s", "1", "--policy",
                                     f"heuristic:@{tmp_path / 'nope.toml'}", "--out", str(tmp_path / "run"), "-q"])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1 and "nope.toml not found" in err
    assert not (tmp_path / "run").exists()


def test_tuned_needs_a_known_player_count_and_shipped_weights() -> None:
    with pytest.raises(ZoosimError, match=r"needs the player count.*heuristic:@tuned4p"):
        GAME.policy("heuristic:@tuned")
    with pytest.raises(ZoosimError, match="no shipped tuned weights for heuristic at 3 players in tractor"):
        get_game("tractor").policy("heuristic:@tuned3p")
    with pytest.raises(ZoosimError, match="needs the game"):
        parse_policy("heuristic:@tuned4p", GAME.policies)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_shipped_zooloretto_weights_resolve_by_player_count(players: int) -> None:
    files = shipped_weights("zooloretto", "heuristic")
    data = tomllib.loads(files[("heuristic", players)].read_text())
    assert data["policy"] == "heuristic" and data["game"] == "zooloretto" and data["players"] == players
    spec = GAME.policy(f"heuristic:@tuned{players}p")
    assert spec == GAME.policy("heuristic:@tuned", players=players)
    assert dict(zip([p.name for p in HEURISTIC.params], spec.values)) == {
        p.name: float(data["params"].get(p.name, p.default)) for p in HEURISTIC.params}
    assert spec.label != "heuristic"  # tuned weights differ from the defaults
    evaluation = data["tuning"]["evaluation"]
    assert evaluation["ci_low"] <= evaluation["win_rate"] <= evaluation["ci_high"]
    assert evaluation["n"] == evaluation["deals"] * players and evaluation["fair_share"] == pytest.approx(1 / players, abs=1e-5)
    assert data["tuning"]["games"] <= data["tuning"]["budget"]


def test_package_data_ships_the_weights() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    globs = [g for pattern in pyproject["tool"]["setuptools"]["package-data"].values() for g in pattern]
    assert "games/*/weights/*.toml" in globs


def test_written_files_read_back() -> None:
    values = {p.name: p.default + 0.125 for p in HEURISTIC.params}
    text = policy_file_text(HEURISTIC, "zooloretto", 3, values, {"budget": 5, "evaluation": {"win_rate": 0.4}}, "hi\nthere")
    assert text.startswith("# hi\n# there\n")
    assert parse_policy_file(text, "x.toml", HEURISTIC, "zooloretto") == values
    assert tomllib.loads(text)["tuning"]["evaluation"]["win_rate"] == 0.4


def test_bounds_default_to_three_times_the_default_and_keep_the_sign() -> None:
    assert PolicyParam("a", 0.7, "").bounds == (0.0, 2.1)
    assert PolicyParam("b", -2.0, "").bounds == (-6.0, 0.0)
    assert PolicyParam("c", 0.0, "").bounds == (0.0, 1.0)
    assert PolicyParam("d", 0.5, "", low=0.25, high=0.75).bounds == (0.25, 0.75)
    assert PolicyParam("e", 0.5, "", high=4.0).bounds == (0.0, 4.0)


def test_bare_tuned_takes_each_runs_player_count() -> None:
    from zoosim.sim.manifest import build_spec
    from zoosim.sim.tournament import plan_tournament

    for players in (2, 5):
        spec = build_spec("zooloretto", players, ["heuristic:@tuned"], 10, 1)
        assert spec.policy_specs[0] == GAME.policy(f"heuristic:@tuned{players}p")
    cells = plan_tournament("zooloretto", 3, ["heuristic", "heuristic:@tuned"], 10, 1)
    assert GAME.policy("heuristic:@tuned3p").label in cells[0].spec.policy_labels + cells[-1].spec.policy_labels
