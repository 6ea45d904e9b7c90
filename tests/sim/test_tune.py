"""`zoosim tune`: the cross-entropy search on synthetic objectives (no engine), then tiny real runs of every
game with a parameterised policy, the evaluation's symmetry, worker-count independence and CLI errors."""
from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest

from tests.support.cli_runner import run_cli
from zoosim.games.registry import get_game
from zoosim.sim.tune import CrossEntropy, Match, choose_opponents, evaluate, plan_tune, run_search


def test_cross_entropy_converges_to_the_optimum_of_a_noisy_quadratic() -> None:
    optimum = np.array([0.2, 0.75, 0.5, 0.9])
    rng = np.random.default_rng(3)
    cem = CrossEntropy(np.full(4, 0.5), sd=0.2)
    for _ in range(40):
        samples = cem.ask(rng, 20)
        assert samples.min() >= 0.0 and samples.max() <= 1.0
        fitness = -((samples - optimum) ** 2).sum(axis=1) + rng.normal(0.0, 0.005, len(samples))
        cem.tell(samples, fitness)
    assert np.abs(cem.mean - optimum).max() < 0.05
    assert (cem.sd >= cem.min_sd).all() and cem.sd.max() < 0.1


def test_the_search_finds_the_best_weights_of_a_synthetic_game_within_budget() -> None:
    """A fake engine: a seat's strength falls with the distance of its weights from a known optimum, and the
    candidate's share is a logistic of the strength gap, plus noise. The search must find the optimum."""
    plan = plan_tune("zooloretto", 2, "heuristic", budget=60_000, seed=1, generations=25)
    optimum = np.array([0.1, 0.6, 0.3, 0.45, 0.8, 0.55, 0.2])  # in the unit cube of the bounds
    rng = np.random.default_rng(0)
    seen: list[list[Match]] = []

    def strength(values: tuple[float, ...]) -> float:
        return -4.0 * float(((plan.to_unit(values) - optimum) ** 2).sum())

    def play(matches: list[Match]) -> np.ndarray:
        seen.append(list(matches))
        gap = np.array([strength(m.candidate) - strength(m.opponent) for m in matches])
        return 1.0 / (1.0 + np.exp(-gap)) + rng.normal(0.0, 0.02, len(matches))

    result = run_search(plan, play)
    assert np.abs(plan.to_unit(result.values) - optimum).max() < 0.08
    assert result.games == plan.games <= plan.budget and plan.games > 0.9 * plan.budget
    assert len(seen) == plan.generations == len(result.history)
    for gen, matches in enumerate(seen):
        assert len(matches) == plan.population * plan.opponents
        assert {(m.first, m.deals) for m in matches} == {(gen * plan.deals, plan.deals)}  # fresh, shared deals
        assert matches[0].opponent == plan.defaults  # the default weights are always in the pool
        assert len({m.candidate for m in matches}) == plan.population
    assert plan.eval_first == plan.generations * plan.deals
    assert result.history[-1].mean_fitness > 0.45  # late candidates hold their own against the pool


def test_opponents_are_the_default_the_latest_mean_and_earlier_ones() -> None:
    rng = np.random.default_rng(0)
    pool = [(0.0,), (1.0,), (2.0,), (3.0,)]
    chosen = choose_opponents(pool, 5, rng)
    assert chosen[:2] == [(0.0,), (3.0,)] and all(c in pool for c in chosen)
    assert choose_opponents([(0.0,)], 3, rng) == [(0.0,)] * 3


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game_id": "chess"}, "unknown game 'chess'"),
    ({"players": 9}, "2-5 players, got 9"),
    ({"policy": "uniform"}, "policy uniform has no numeric parameters to tune; tunable in zooloretto: heuristic"),
    ({"policy": "heuristic:barn=2"}, "bad policy parameter 'barn=2'"),
    ({"budget": 100}, "--budget 100 is too small .* at least 1,920 games"),
    ({"bounds": ["coin_value=2"]}, "bad --bound 'coin_value=2'"),
    ({"bounds": ["coin_value=2:1"]}, "coin_value needs bounds low < high"),
    ({"population": 2}, "population must be a whole number >= 4"),
])
def test_bad_plans_are_one_line_errors(kwargs: dict, message: str) -> None:
    from zoosim.games.base import ZoosimError

    args = {"game_id": "zooloretto", "players": 2, "policy": "heuristic", "budget": 50_000, **kwargs}
    with pytest.raises(ZoosimError, match=message):
        plan_tune(**args)


def test_bounds_and_a_starting_policy_shape_the_plan() -> None:
    plan = plan_tune("zooloretto", 3, "heuristic:coin_value=1.2", budget=50_000, bounds=["barn_weight=1:2"])
    names = [p.name for p in plan.policy.params]
    assert plan.start[names.index("coin_value")] == 1.2 and plan.defaults[names.index("coin_value")] == 0.7
    assert (plan.low[names.index("barn_weight")], plan.high[names.index("barn_weight")]) == (1.0, 2.0)
    assert plan.from_unit(plan.to_unit(plan.start)) == plan.start


def test_the_default_against_itself_wins_exactly_the_fair_share() -> None:
    # With the same weights in every seat, the tuned seat's shares over the rotations of a deal sum to 1.
    plan = plan_tune("zooloretto-mini", 3, budget=10_000, generations=1, eval_deals=12)
    evaluation = evaluate(plan, plan.defaults, threads=1)
    assert evaluation.n == 36 and evaluation.win_rate == pytest.approx(1 / 3, abs=1e-12)
    assert evaluation.ci_low < 1 / 3 < evaluation.ci_high and evaluation.verdict.startswith("not significantly")


TINY = ["--players", "2", "--budget", "40", "--generations", "2", "--population", "4", "--opponents", "1",
        "--eval-deals", "6", "--seed", "5", "--quiet"]


@pytest.mark.parametrize("game", ["zooloretto", "zooloretto-mini", "tractor", "new-york-zoo"])
def test_tune_runs_on_every_game_with_a_tunable_policy(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "w.toml"
    code, stdout, err = run_cli(["tune", game, *TINY, "--workers", "1", "--out", str(out)], monkeypatch, capsys)
    assert code == 0, err
    assert "tuned vs default: win rate" in stdout and "n = 12 seat-games" in stdout
    data = tomllib.loads(out.read_text())
    assert data["game"] == game and data["players"] == 2 and data["tuning"]["games"] == 32 <= data["tuning"]["budget"]
    assert data["tuning"]["evaluation"]["n"] == 12
    spec = get_game(game).policy(f"heuristic:@{out}")
    assert spec.values == tuple(float(data["params"][p.name]) for p in get_game(game).policies["heuristic"].params)


def test_worker_threads_give_the_same_weights_as_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture) -> None:
    files = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.toml"
        code, _, err = run_cli(["tune", "zooloretto-mini", *TINY, "--workers", workers, "--out", str(out)],
                               monkeypatch, capsys)
        assert code == 0, err
        files.append(tomllib.loads(out.read_text()))
    assert files[0]["params"] == files[1]["params"]
    assert files[0]["tuning"]["evaluation"] == files[1]["tuning"]["evaluation"]


@pytest.mark.parametrize(("args", "message"), [
    (["tune", "zooloretto", "--players", "2", "--budget", "10"], "--budget 10 is too small"),
    (["tune", "zooloretto", "--players", "2", "--policy", "greedy"], "policy greedy has no numeric parameters"),
    (["tune", "zooloretto", "--players", "2", "--bound", "x=1:2"], "bad --bound 'x=1:2'"),
    (["tune", "zooloretto", "--players", "2", "--workers", "0"], "--workers must be >= 1"),
    (["tune", "zooloretto", "--players", "2", "--out", "EXISTING"], "exists; use --force"),
    (["tune", "zooloretto", "--players", "2", "--out", "nowhere/w.toml"], "folder nowhere does not exist"),
    (["tune", "zooloretto", "--players", "2", "--budget", "x"], "Invalid value for '--budget'"),
])
def test_cli_errors_are_one_line_exit_2(args: list[str], message: str, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "EXISTING").write_text("keep")
    code, out, err = run_cli(args, monkeypatch, capsys)
    assert code == 2 and err.count("\n") == 1 and message in err, err
    assert (tmp_path / "EXISTING").read_text() == "keep" and sorted(p.name for p in tmp_path.iterdir()) == ["EXISTING"]
