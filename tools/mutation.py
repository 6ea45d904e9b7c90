"""Mutation testing of the executable specs: how many one-token changes to a game's reference do the rule tests
(`pytest -m rules`) catch?

mutmut (configured in pyproject.toml's [tool.mutmut]) changes the reference modules one token at a time and runs
the rule tests that reach the changed function. A mutant the tests catch is killed. One they miss either shows a
rule no test pins (write the test) or cannot change any game (an equivalent mutant: record it with one line of why
in the game's `equivalent_mutants.toml`, beside its PROTOCOL.md). The kill rate is killed / (mutants - equivalent).

    python tools/mutation.py                 # every game (make mutation)
    python tools/mutation.py --game castles  # one game (make mutation GAME=castles)
    python tools/mutation.py --report-only   # the table of the last run, nothing re-run

Exits 1 when a game's kill rate is below --target (default 0.90) or an equivalence record no longer matches its
mutant (the code changed under it: read the mutant again).
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from zoosim.games.catalog import game_ids, game_package  # noqa: E402

EQUIVALENTS = "equivalent_mutants.toml"
# what is measured: each game's reference, and the Zooloretto family's shared reference glue (its rule tests are the
# three family games')
UNITS = {**{game: game_package(game) for game in game_ids()}, "family": "zoosim.games.family"}
STATUS = re.compile(r"^\s*(?P<name>[\w.]+__mutmut_\d+): (?P<status>[\w ]+)$")


@dataclass
class Tally:
    game: str
    mutants: int
    killed: int
    equivalent: int
    survived: list[str]
    stale: list[str]
    seconds: float

    @property
    def rate(self) -> float:
        live = self.mutants - self.equivalent
        return self.killed / live if live else 1.0


def mutmut(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=REPO, capture_output=True, text=True)
    if done.returncode not in (0, 1) or "failed to collect stats" in done.stdout:
        tail = (done.stdout + done.stderr).strip()[-800:]
        raise SystemExit(f"mutmut {' '.join(args)} failed (exit {done.returncode}); the rule tests must pass "
                         f"unmutated first:\n{tail}")
    return done.stdout


def statuses(prefix: str) -> dict[str, str]:
    """Every mutant of the modules under `prefix` (a package name) with its status, from the last run."""
    out = {}
    for line in mutmut("results", "--all", "true").splitlines():
        m = STATUS.match(line)
        if m and m["name"].startswith(prefix + "."):
            out[m["name"]] = m["status"].strip()
    return out


def changed_line(name: str) -> str:
    """The mutant's new line (the `+` line of `mutmut show`), stripped: what an equivalence record pins."""
    lines = [x[1:].strip() for x in mutmut("show", name).splitlines() if x.startswith("+") and not x.startswith("+++")]
    return lines[0] if lines else ""


def equivalents(package: str) -> dict[str, dict[str, str]]:
    path = REPO / package.replace(".", "/") / EQUIVALENTS
    if not path.exists():
        return {}
    return tomllib.loads(path.read_text())


def run_game(game: str, rerun: bool) -> Tally:
    package = UNITS[game]
    started = time.perf_counter()
    if rerun:
        # mutmut traces a test's reach only when it first sees the test's name, so a test edited since would not be
        # run against the functions it now reaches: a confirming run collects the stats anew (about 20 s)
        (REPO / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
        mutmut("run", f"{package}.*")
    seconds = time.perf_counter() - started if rerun else float("nan")
    status = statuses(package)
    records = equivalents(package)
    stale = [name for name, record in records.items()
             if name not in status or changed_line(name) != record.get("line", "").strip()]
    equivalent = {name for name in records if name not in stale and status.get(name) != "killed"}
    killed = sum(1 for s in status.values() if s in ("killed", "timeout"))
    survived = sorted(n for n, s in status.items() if s not in ("killed", "timeout") and n not in equivalent)
    return Tally(game, len(status), killed, len(equivalent), survived, stale, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=list(UNITS), help="only this game (repeatable)")
    parser.add_argument("--target", type=float, default=0.90, help="the least kill rate a game must reach")
    parser.add_argument("--report-only", action="store_true", help="read the last run's results, run nothing")
    parser.add_argument("--list", action="store_true", help="print every surviving mutant's name")
    args = parser.parse_args()
    tallies = [run_game(g, not args.report_only) for g in (args.game or list(UNITS))]
    print("| game | mutants | killed | equivalent | survived | kill rate | minutes |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for t in tallies:
        print(f"| {t.game} | {t.mutants:,} | {t.killed:,} | {t.equivalent} | {len(t.survived)} | {t.rate:.1%} | "
              f"{'-' if t.seconds != t.seconds else f'{t.seconds / 60:.1f}'} |")
    failed = False
    for t in tallies:
        if args.list and t.survived:
            print(f"\n{t.game}: survived\n  " + "\n  ".join(t.survived))
        if t.stale:
            failed = True
            print(f"\n{t.game}: {len(t.stale)} equivalence records no longer match their mutant: " + ", ".join(t.stale))
        if t.rate < args.target:
            failed = True
            print(f"{t.game}: kill rate {t.rate:.1%} is below the target {args.target:.0%}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
