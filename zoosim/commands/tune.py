"""`zoosim tune`: a thin command over `zoosim.sim.tune` (search, evaluation, weights file)."""
from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from zoosim.errors import ZoosimError

if TYPE_CHECKING:
    from zoosim.sim.tune import Generation, TunePlan


def default_out(game: str, policy: str, players: int) -> Path:
    return Path(f"{game}-{policy}-{players}p.toml")


def check_out(out: Path, force: bool) -> None:
    """Refuse before hours of play rather than after: an existing file (unless --force), a missing folder."""
    if out.is_dir():
        raise ZoosimError(f"--out {out} is a directory; give a file name such as weights.toml")
    if out.exists() and not force:
        raise ZoosimError(f"--out {out} exists; use --force to replace it")
    if not out.parent.is_dir():
        raise ZoosimError(f"--out {out}: folder {out.parent} does not exist")


def register(app: typer.Typer) -> None:
    """Add `tune` to the app."""

    @app.command()
    def tune(
        game: str = typer.Argument(..., help="game id, e.g. zooloretto"),
        players: int = typer.Option(..., "--players", "-p", help="player count"),
        policy: str = typer.Option("heuristic", "--policy", help="policy to tune; its values (e.g. heuristic:@tuned4p) start the search"),
        budget: int = typer.Option(200_000, "--budget", "-b", help="games the search may play (the evaluation comes on top)"),
        seed: int = typer.Option(0, "--seed", "-s", help="master seed of the deals and the search"),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="weights file to write (default GAME-POLICY-Np.toml)"),
        force: bool = typer.Option(False, "--force", help="replace an existing --out file"),
        workers: Optional[int] = typer.Option(None, "--workers", "-w", help="matches played at once, one thread each (default: all cores)"),
        population: int = typer.Option(16, "--population", help="candidates per generation"),
        opponents: int = typer.Option(3, "--opponents", help="pool members each candidate plays per generation"),
        generations: int = typer.Option(20, "--generations", help="generations; the budget sets the deals per match"),
        eval_deals: int = typer.Option(5_000, "--eval-deals", help="fresh deals for tuned vs default (x players games)"),
        bound: Optional[list[str]] = typer.Option(None, "--bound", help="search range of a parameter: name=low:high (repeatable)"),
        rule: Optional[list[str]] = typer.Option(None, "--rule", help="override a rule: key=value (repeatable)"),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="no progress bar"),
    ) -> None:
        """Tune a policy's weights by self-play (cross-entropy method against a pool of earlier versions),
        evaluate them against the defaults on fresh deals, and write a weights file for --policy NAME:@FILE.

        The file holds `policy`, `game`, `players`, a `params` table and `tuning` provenance (budget, seed,
        the measured win rate against the default with its 95% Wilson interval and n)."""
        from zoosim.core.threads import default_threads
        from zoosim.commands.simulate import parse_rule_options
        from zoosim.sim.tune import plan_tune

        plan = plan_tune(game, players, policy, budget, seed, population, opponents, generations, eval_deals,
                         parse_rule_options(rule or []), bound or [])
        target = out or default_out(plan.game.id, plan.policy.name, players)
        check_out(target, force)
        if workers is not None and workers < 1:
            raise ZoosimError(f"--workers must be >= 1, got {workers}")
        _run(plan, target, workers or default_threads(), quiet)


def _run(plan: TunePlan, target: Path, workers: int, quiet: bool) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from rich.table import Table

    from zoosim.games.policy_files import policy_file_text
    from zoosim.sim.progress import GamesPerSecondColumn
    from zoosim.sim.tune import EngineMatches, evaluate, provenance, run_search

    err = Console(stderr=True)
    total = plan.games + plan.eval_deals * plan.players
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), GamesPerSecondColumn(),
                        TextColumn("eta"), TimeRemainingColumn(), TimeElapsedColumn(), console=err, disable=quiet)
    started = time.perf_counter()
    with progress:
        task = progress.add_task(f"tuning: generation 1/{plan.generations}", total=total)

        def advance(games: int) -> None:
            progress.update(task, advance=games)

        def generation_done(g: Generation) -> None:
            progress.update(task, description=f"tuning: generation {min(g.index + 2, plan.generations)}/"
                                              f"{plan.generations}, last mean win share {g.mean_fitness:.3f}")

        with EngineMatches(plan, workers, advance) as matches:
            result = run_search(plan, matches, generation_done)
        progress.update(task, description="evaluating against the default weights")
        evaluation = evaluate(plan, result.values, threads=workers, on_games=advance)
    seconds = time.perf_counter() - started
    command = shlex.join(["zoosim", *sys.argv[1:]])
    names = [p.name for p in plan.policy.params]
    header = (f"{plan.policy.name} weights for {plan.game.id} at {plan.players} players, tuned by `zoosim tune`.\n"
              f"Use: --policy {plan.policy.name}:@{target.name}")
    target.write_text(policy_file_text(plan.policy, plan.game.id, plan.players, dict(zip(names, result.values)),
                                       provenance(plan, result, evaluation, command, seconds), header))

    console = Console() if sys.stdout.isatty() else Console(width=200)
    table = Table(title=f"{plan.policy.name} weights, {plan.game.id}, {plan.players} players "
                        f"({result.games:,} games in {plan.generations} generations, {seconds:.0f} s)",
                  title_justify="left", header_style="bold")
    for h in ("parameter", "default", "tuned", "search range"):
        table.add_column(h, justify="left" if h == "parameter" else "right")
    for p, value, lo, hi in zip(plan.policy.params, result.values, plan.low, plan.high):
        table.add_row(p.name, f"{p.default:g}", f"{value:g}", f"{lo:g} to {hi:g}")
    console.print(table)
    e = evaluation
    if e.n:
        console.print(f"tuned vs default: win rate {e.win_rate:.4f} (95% Wilson {e.ci_low:.4f}-{e.ci_high:.4f}), "
                      f"n = {e.n:,} seat-games ({e.deals:,} fresh deals x {plan.players} seats, one tuned seat "
                      f"against {plan.players - 1} default); fair share {e.fair_share:.4f}, {_p_text(e.p_value)}: "
                      f"{e.verdict}")
    print(f"wrote {target} (use --policy {plan.policy.name}:@{target})")


def _p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"
