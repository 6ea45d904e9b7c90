"""`zoosim tune`: fit a policy's numeric weights by self-play with the cross-entropy method.

The search works in the unit cube of the parameters' bounds (`PolicyParam.bounds`): each generation draws
`population` candidates from a Gaussian (clipped to the bounds), plays each against `opponents` members of
a pool (the default weights, the latest generation's mean and a random earlier mean), and moves the
Gaussian to the best 30% (smoothed, with a floor on its spread so the search never freezes).

A match seats the candidate once and the opponent in every other seat, and plays the same deals in every
seat rotation, so the candidate sits in every seat of every deal. All candidates of a generation play
the same deals against the same opponents (common random numbers): their differences are skill, not
luck of the deal. Each generation takes fresh deals (game indices gen*deals ..), so the search cannot fit
a fixed set of deals; the final evaluation against the default weights plays deals after all of them.

Budget: `generations * population * opponents * players * deals` games, at most `budget`; the final
evaluation (`eval_deals * players` games) comes on top of it.
"""
from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from zoosim import stats
from zoosim.errors import ZoosimError
from zoosim.games.base import Game, PolicyInfo, policy_spec
from zoosim.games.registry import get_game
from zoosim.sim.rotations import rotation_shares

DECIMALS = 3  # tuned weights are rounded so files and run labels stay readable
MAX_SEED = 2**63 - 1


class CrossEntropy:
    """The cross-entropy method on the unit cube: a diagonal Gaussian moved to the elite of each generation.

    `smoothing` is the share of the new elite statistics taken each step (the rest is the old value), which
    damps the noise of win-rate fitness. `min_sd` keeps exploring to the end: with noisy fitness the spread
    otherwise shrinks faster than the mean finds the optimum (on the synthetic game of tests/sim/test_tune.py a
    floor of 0.02 stopped 0.10-0.15 short of it in some coordinate; 0.05 ends within 0.05).
    """

    def __init__(self, mean: Sequence[float], sd: float | Sequence[float] = 0.15, elite_fraction: float = 0.3,
                 smoothing: float = 0.7, min_sd: float = 0.05) -> None:
        self.mean = np.clip(np.asarray(mean, dtype=float), 0.0, 1.0)
        self.sd = np.broadcast_to(np.asarray(sd, dtype=float), self.mean.shape).copy()
        self.elite_fraction, self.smoothing, self.min_sd = elite_fraction, smoothing, min_sd

    def ask(self, rng: np.random.Generator, population: int) -> np.ndarray:
        """`population` candidates (rows), clipped to the cube."""
        draws = self.mean + self.sd * rng.standard_normal((population, self.mean.size))
        return np.clip(draws, 0.0, 1.0)

    def tell(self, samples: np.ndarray, fitness: np.ndarray) -> None:
        """Move towards the elite (highest fitness; ties keep the earlier sample)."""
        elite_count = max(2, int(round(self.elite_fraction * len(fitness))))
        elite = samples[np.argsort(-np.asarray(fitness), kind="stable")[:elite_count]]
        a = self.smoothing
        self.mean = (1 - a) * self.mean + a * elite.mean(axis=0)
        self.sd = np.maximum((1 - a) * self.sd + a * elite.std(axis=0), self.min_sd)


@dataclass(frozen=True)
class Match:
    """One candidate against one opponent: `deals` deals from `first`, the candidate in every seat."""

    candidate: tuple[float, ...]
    opponent: tuple[float, ...]
    first: int
    deals: int


@dataclass(frozen=True)
class TunePlan:
    """A validated tuning job."""

    game: Game
    players: int
    policy: PolicyInfo
    rules: Any
    start: tuple[float, ...]  # the search's first mean (the defaults unless given)
    low: tuple[float, ...]
    high: tuple[float, ...]
    budget: int
    seed: int
    population: int
    opponents: int
    generations: int
    deals: int  # per match and generation
    eval_deals: int

    @property
    def defaults(self) -> tuple[float, ...]:
        return tuple(float(p.default) for p in self.policy.params)

    @property
    def games_per_generation(self) -> int:
        return self.population * self.opponents * self.players * self.deals

    @property
    def games(self) -> int:
        return self.generations * self.games_per_generation

    @property
    def eval_first(self) -> int:
        """The first deal of the evaluation: after every deal the search played."""
        return self.generations * self.deals

    def to_unit(self, values: Sequence[float]) -> np.ndarray:
        low, high = np.array(self.low), np.array(self.high)
        return (np.asarray(values, dtype=float) - low) / (high - low)

    def from_unit(self, unit: np.ndarray) -> tuple[float, ...]:
        low, high = np.array(self.low), np.array(self.high)
        return tuple(round(float(v), DECIMALS) for v in low + np.clip(unit, 0.0, 1.0) * (high - low))


def parse_bounds(items: Sequence[str], info: PolicyInfo) -> dict[str, tuple[float, float]]:
    """`name=low:high` texts into bounds that override the parameters' own."""
    names = [p.name for p in info.params]
    out: dict[str, tuple[float, float]] = {}
    for item in items:
        key, eq, raw = item.partition("=")
        key = key.strip()
        low, colon, high = raw.partition(":")
        if not eq or not colon or key not in names:
            raise ZoosimError(f"bad --bound {item!r}; expected name=low:high with a parameter of {info.name} "
                              f"({', '.join(names)}), e.g. --bound {names[0]}=0:2")
        try:
            out[key] = (float(low), float(high))
        except ValueError:
            raise ZoosimError(f"bad --bound {item!r}: low and high must be numbers") from None
    return out


def plan_tune(game_id: str, players: int, policy: str = "heuristic", budget: int = 200_000, seed: int = 0,
              population: int = 16, opponents: int = 3, generations: int = 20, eval_deals: int = 5_000,
              rules: Mapping[str, str] | None = None, bounds: Sequence[str] = ()) -> TunePlan:
    """Validate a tuning job (one ZoosimError line per problem) and size its generations to the budget."""
    game = get_game(game_id)
    for what, value, low in (("players", players, 1), ("budget", budget, 1), ("seed", seed, 0),
                             ("population", population, 4), ("opponents", opponents, 1),
                             ("generations", generations, 1), ("eval deals", eval_deals, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low or value > MAX_SEED:
            raise ZoosimError(f"{what} must be a whole number >= {low}, got {value!r}")
    game.check_players(players)
    full_rules = game.rules_from(dict(rules or {}), players)
    start_spec = game.policy(policy, players)
    info = game.policies[start_spec.name]
    if not info.params:
        tunable = [p.name for p in game.policies.values() if p.params]
        raise ZoosimError(f"policy {info.name} has no numeric parameters to tune; "
                          f"tunable in {game.id}: {', '.join(tunable) or 'none'}")
    given = parse_bounds(bounds, info)
    low = tuple(given.get(p.name, p.bounds)[0] for p in info.params)
    high = tuple(given.get(p.name, p.bounds)[1] for p in info.params)
    for p, lo, hi in zip(info.params, low, high):
        if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
            raise ZoosimError(f"parameter {p.name} needs bounds low < high, got {lo:g}:{hi:g}")
    per_deal = population * opponents * players * generations
    deals = budget // per_deal
    if deals < 1:
        raise ZoosimError(f"--budget {budget:,} is too small for {generations} generations of {population} candidates "
                          f"x {opponents} opponents x {players} seat rotations: give at least {per_deal:,} games "
                          "(or fewer --generations)")
    return TunePlan(game, players, info, full_rules, start_spec.values, low, high, budget, seed, population,
                    opponents, generations, deals, eval_deals)


@dataclass(frozen=True)
class Generation:
    """What one generation did: its fitness (candidate win share) and the search's new mean and spread."""

    index: int
    mean_fitness: float
    best_fitness: float
    mean: tuple[float, ...]
    sd: tuple[float, ...]  # in the unit cube


@dataclass(frozen=True)
class TuneResult:
    values: tuple[float, ...]
    games: int
    history: list[Generation] = field(default_factory=list)


MatchRunner = Callable[[Sequence[Match]], np.ndarray]  # each match -> the candidate's mean win share


def choose_opponents(pool: Sequence[tuple[float, ...]], count: int, rng: np.random.Generator) -> list[tuple[float, ...]]:
    """The default (pool[0]), the latest mean (pool[-1]), then random earlier members (repeats when the pool is small)."""
    chosen = [pool[0]]
    if count > 1:
        chosen.append(pool[-1])
    while len(chosen) < count:
        chosen.append(pool[int(rng.integers(len(pool)))])
    return chosen


def run_search(plan: TunePlan, play: MatchRunner, on_generation: Callable[[Generation], None] | None = None,
               cem: CrossEntropy | None = None) -> TuneResult:
    """The cross-entropy search: each generation's candidates play the same matches; the last mean is the result."""
    rng = np.random.default_rng([plan.seed, 0x7E57])
    cem = cem or CrossEntropy(plan.to_unit(plan.start))
    pool: list[tuple[float, ...]] = [plan.defaults]
    history = []
    games = 0
    for gen in range(plan.generations):
        samples = cem.ask(rng, plan.population)
        candidates = [plan.from_unit(s) for s in samples]
        opponents = choose_opponents(pool, plan.opponents, rng)
        matches = [Match(c, o, gen * plan.deals, plan.deals) for c in candidates for o in opponents]
        shares = np.asarray(play(matches), dtype=float).reshape(plan.population, plan.opponents)
        games += len(matches) * plan.deals * plan.players
        fitness = shares.mean(axis=1)
        cem.tell(samples, fitness)
        pool.append(plan.from_unit(cem.mean))
        record = Generation(gen, float(fitness.mean()), float(fitness.max()), pool[-1], tuple(cem.sd.tolist()))
        history.append(record)
        if on_generation is not None:
            on_generation(record)
    return TuneResult(pool[-1], games, history)


def candidate_shares(game: Game, rules: Any, players: int, info: PolicyInfo, seed: int, match: Match,
                     threads: int | None = 1) -> np.ndarray:
    """The candidate's win share per deal and rotation, (deals, players): it sits in seat r in rotation r."""
    lineup = [policy_spec(info, match.candidate)] + [policy_spec(info, match.opponent)] * (players - 1)
    return rotation_shares(game, rules, players, lineup, seed, match.first, match.deals, threads)[:, :, 0]


class EngineMatches:
    """Plays matches on the game's engine, `workers` matches at a time on threads.

    Every engine is a nogil kernel (`zoosim.core.threads`), so matches on several Python threads run in
    parallel; each match plays single-threaded, and no result depends on the split. The engine is compiled
    (or loaded from numba's cache) once on entering, before any thread starts.
    """

    def __init__(self, plan: TunePlan, workers: int = 1, on_games: Callable[[int], None] | None = None) -> None:
        self.plan, self.workers, self.on_games = plan, max(1, workers), on_games
        self._pool: ThreadPoolExecutor | None = None

    def __enter__(self) -> EngineMatches:
        p = self.plan
        spec = policy_spec(p.policy, p.defaults)
        p.game.play_block(p.rules, p.players, [spec] * p.players, p.seed, 0, 1, threads=1)  # compile / load once here
        if self.workers > 1:
            self._pool = ThreadPoolExecutor(self.workers)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)

    def __call__(self, matches: Sequence[Match]) -> np.ndarray:
        out = np.empty(len(matches))
        if self._pool is None:
            for i, match in enumerate(matches):
                out[i] = self._play(match)
            return out
        futures = {self._pool.submit(self._play, m): i for i, m in enumerate(matches)}
        for future in as_completed(futures):
            out[futures[future]] = future.result()
        return out

    def _play(self, match: Match) -> float:
        p = self.plan
        share = float(candidate_shares(p.game, p.rules, p.players, p.policy, p.seed, match).mean())
        if self.on_games is not None:
            self.on_games(match.deals * p.players)
        return share


@dataclass(frozen=True)
class Evaluation:
    """The tuned weights in one seat against the defaults in the others, on fresh deals, every rotation."""

    deals: int
    first: int
    n: int  # seat-games of the tuned policy (deals x players)
    win_rate: float
    ci_low: float  # Wilson 95%, treating the seat-games as independent
    ci_high: float
    fair_share: float
    p_value: float  # score test against the fair share
    deal_ci_low: float  # t interval over per-deal means: honest about the rotations sharing a deal
    deal_ci_high: float

    @property
    def verdict(self) -> str:
        if self.ci_low > self.fair_share:
            return "significantly better than the default"
        if self.ci_high < self.fair_share:
            return "significantly worse than the default"
        return "not significantly different from the default"


def evaluate(plan: TunePlan, values: Sequence[float], threads: int | None = None,
             on_games: Callable[[int], None] | None = None) -> Evaluation:
    """Play `plan.eval_deals` fresh deals, the tuned weights in every seat in turn against the defaults."""
    deals = plan.eval_deals
    fair = 1.0 / plan.players
    if deals < 1:
        nan = float("nan")
        return Evaluation(0, plan.eval_first, 0, nan, nan, nan, fair, nan, nan, nan)
    match = Match(tuple(values), plan.defaults, plan.eval_first, deals)
    shares = np.empty((deals, plan.players))
    block = max(1, min(deals, 10_000))
    for lo in range(0, deals, block):
        part = Match(match.candidate, match.opponent, match.first + lo, min(block, deals - lo))
        shares[lo:lo + part.deals] = candidate_shares(plan.game, plan.rules, plan.players, plan.policy, plan.seed,
                                                      part, threads)
        if on_games is not None:
            on_games(part.deals * plan.players)
    wins, n = float(shares.sum()), shares.size
    low, high = stats.wilson(wins, n)
    per_deal = shares.mean(axis=1)
    sd = float(per_deal.std(ddof=1)) if deals > 1 else float("nan")
    deal_low, deal_high = stats.mean_ci(float(per_deal.mean()), sd, deals)
    return Evaluation(deals, plan.eval_first, n, wins / n, float(low), float(high), fair,
                      float(stats.proportion_p_value(wins, n, fair)), float(deal_low), float(deal_high))


def provenance(plan: TunePlan, result: TuneResult, evaluation: Evaluation, command: str,
               seconds: float) -> dict[str, Any]:
    """The `[tuning]` table of the weights file: how they were made and how they did."""
    from datetime import datetime, timezone

    from zoosim.sim.manifest import engine_hash
    from zoosim.version import zoosim_version

    bounds = {p.name: [lo, hi] for p, lo, hi in zip(plan.policy.params, plan.low, plan.high)}
    return {
        "method": "cross-entropy self-play (zoosim.sim.tune)",
        "command": command,
        "budget": plan.budget, "games": result.games, "seed": plan.seed, "generations": plan.generations,
        "population": plan.population, "opponents": plan.opponents, "deals_per_match": plan.deals,
        "start": list(plan.start), "variant": plan.game.variant(plan.rules),
        "zoosim_version": zoosim_version(), "engine_hash": engine_hash(plan.game),
        "seconds": round(seconds, 1), "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "bounds": bounds,
        "evaluation": {
            "against": f"{plan.policy.name} (default weights) in every other seat",
            "deals": evaluation.deals, "first_game_index": evaluation.first, "n": evaluation.n,
            "win_rate": round(evaluation.win_rate, 5), "ci_low": round(evaluation.ci_low, 5),
            "ci_high": round(evaluation.ci_high, 5), "fair_share": round(evaluation.fair_share, 5),
            "p_value": float(f"{evaluation.p_value:.3g}"), "deal_ci_low": round(evaluation.deal_ci_low, 5),
            "deal_ci_high": round(evaluation.deal_ci_high, 5), "verdict": evaluation.verdict,
        },
    }
