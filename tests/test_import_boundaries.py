"""Each command imports only what it uses: `zoosim --help` and `zoosim games` no engine and no analysis
stack, `simulate` no scipy, matplotlib, polars or pandas. Checked in a fresh interpreter, as a user runs it."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from zoosim.games.registry import LISTING, get_game

HEAVY = ("numpy", "numba", "polars", "pyarrow", "scipy.stats", "matplotlib", "pandas")  # numba imports scipy itself


def imported_after(argv: list[str], tmp_path: Path) -> list[str]:
    """Run the CLI in a fresh interpreter; return the heavy packages it had imported when it ended."""
    script = (
        "import json, sys\n"
        "from zoosim.cli import main\n"
        f"sys.argv = ['zoosim', *{argv!r}]\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=900)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("argv", [["--help"], ["games"], ["simulate", "--help"]])
def test_help_and_the_game_list_import_no_engine_and_no_analysis(argv, tmp_path):
    assert imported_after(argv, tmp_path) == []


def test_simulate_imports_no_analysis_stack(tmp_path):
    argv = ["simulate", "tractor", "-p", "2", "-n", "3", "-s", "1", "--policy", "uniform", "--out", "run", "-q"]
    assert not {"scipy.stats", "matplotlib", "polars", "pandas"} & set(imported_after(argv, tmp_path))


@pytest.mark.parametrize("game_id", sorted(LISTING))
def test_the_registry_lists_each_game_as_its_package_describes_it(game_id):
    game = get_game(game_id)
    assert LISTING[game_id] == (game.title, game.min_players, game.max_players)


def test_analyze_imports_neither_scipy_stats_nor_matplotlib(tmp_path):
    from zoosim.analysis.synthetic import synthetic_rows, write_run

    write_run(tmp_path / "run", synthetic_rows(200, 4, seed=3))
    imported = set(imported_after(["analyze", "run", "--by", "seat"], tmp_path))
    assert not {"scipy.stats", "matplotlib", "numba"} & imported
