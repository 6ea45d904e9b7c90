"""`zoosim study` end to end with tiny real Zooloretto runs: simulate, reuse, compare, report."""
from __future__ import annotations

from pathlib import Path

import pytest

from zoosim.study import load_study, run_study
from zoosim.games.base import ZoosimError
from tests.support.paths import REPO


TINY = """
title = "tiny end-trigger"
by = "variant"
[defaults]
game = "zooloretto"
players = 2
policies = ["uniform"]
games = 60
seed = 3
[[simulation]]
name = "first"
rules = { end_trigger = "first_end_draw" }
[[simulation]]
name = "main"
rules = { end_trigger = "main_empty" }
[[compare]]
a = "first"
b = "main"
"""


def test_study_simulates_reuses_and_reports(tmp_path: Path) -> None:
    study = tmp_path / "tiny.toml"
    study.write_text(TINY)
    kwargs = dict(runs_dir=tmp_path / "runs", reports_dir=tmp_path / "reports", workers=1, progress=False)
    out = run_study(study, **kwargs)
    assert out == tmp_path / "reports" / "tiny"
    shards = sorted((tmp_path / "runs" / "tiny" / "first").glob("part-*.parquet"))
    assert shards
    stamps = [p.stat().st_mtime_ns for p in shards]
    readme = (out / "README.md").read_text()
    assert "# tiny end-trigger" in readme
    assert "main vs first (paired on shared seeds, n = 60 games)" in readme
    assert "zoosim study" in readme and "zoosim simulate zooloretto" in readme
    # Run again: the finished runs are reused, not simulated again.
    run_study(study, **kwargs)
    assert [p.stat().st_mtime_ns for p in shards] == stamps
    # A scaled run goes to its own directory instead of clashing with the full-size one.
    run_study(study, scale=0.5, **kwargs)
    assert (tmp_path / "runs" / "tiny" / "first@x0.5" / "manifest.json").exists()


@pytest.mark.parametrize("text, message", [
    ('by = "colour"\n[[simulation]]\nname="a"\ngame="zooloretto"\nplayers=2\npolicies=["uniform"]\ngames=1\nseed=1',
     "unknown --by 'colour'"),
    ("colour = 1", "unknown key(s) colour"),
    ('[[simulation]]\nname="a"\ngame="zooloretto"\nplayers=2', "lacks policies, games, seed"),
    ('[[simulation]]\nname="a"\ngame="zooloretto"\nplayers=2\npolicies=["uniform"]\ngames=1\nseed=1\n'
     '[[compare]]\na="a"\nb="zz"', "unknown simulation 'zz'"),
    ('[[simulation]]\nname="a"\ngame="zooloretto"\nplayers=2\npolicies=["uniform"]\ngames=1\nseed=1\n'
     'cards_log="yes"', "simulation a: cards_log must be true or false, got 'yes'"),
])
def test_bad_study_files(tmp_path: Path, text: str, message: str) -> None:
    study = tmp_path / "bad.toml"
    study.write_text(text)
    with pytest.raises(ZoosimError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_study(study)


def test_study_simulations_keep_their_logs(tmp_path: Path) -> None:
    """rounds_log / cards_log in a simulation reach simulate: the run has the log, its neighbour does not."""
    study = tmp_path / "logs.toml"
    study.write_text(TINY.replace('name = "main"', 'name = "main"\nrounds_log = true').replace("games = 60",
                                                                                           "games = 12"))
    loaded = load_study(study)
    assert [(s.rounds_log, s.cards_log) for s in loaded.simulations] == [(False, False), (True, False)]
    run_study(study, runs_dir=tmp_path / "runs", reports_dir=tmp_path / "reports", workers=1, progress=False)
    assert sorted((tmp_path / "runs" / "logs" / "main" / "rounds").glob("part-*.parquet"))
    assert not (tmp_path / "runs" / "logs" / "first" / "rounds").exists()


def test_shipped_studies_parse() -> None:
    names = {p.stem: load_study(p) for p in sorted((REPO / "analyses").glob("*.toml"))}
    assert {"player-counts", "seat-advantage", "policy-ladder", "end-trigger", "skill"} <= set(names)
    skill = {(s.players, s.policies[0].split(":")[0]) for s in names["skill"].simulations}
    assert skill == {(n, p) for n in (2, 3, 4, 5) for p in ("uniform", "greedy", "heuristic", "lookahead")}
    assert {s.policies[0] for s in names["skill"].simulations if "@" in s.policies[0]} == {
        f"heuristic:@tuned{n}p" for n in (2, 3, 4, 5)}
    assert sorted(s.players for s in names["player-counts"].simulations) == [2, 3, 4, 5]
    ladder = {p for s in names["policy-ladder"].simulations for p in s.policies}
    assert ladder == {"uniform", "random", "greedy", "heuristic"}
    trigger = names["end-trigger"]
    assert {s.rules["end_trigger"] for s in trigger.simulations} == {"first_end_draw", "main_empty"}
    assert len({s.seed for s in trigger.simulations}) == 1 and trigger.compare
