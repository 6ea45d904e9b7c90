"""The sequential stopping rule of sweeps, on synthetic win streams (no engine is played)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from zoosim.stats import wilson
from zoosim.sim.cells import Cell, SeatTotals, play_cells
from zoosim.sim.manifest import build_spec
from zoosim.sim.stopping import precision_reached, seat_advantage
from zoosim.sim.storage import RunDir


def synthetic_batches(rates: list[float], batch: int, batches: int, seed: int) -> list[SeatTotals]:
    """Batches of games whose sole winner is seat s with probability rates[s]."""
    rng = np.random.default_rng(seed)
    players = len(rates)
    out = []
    for _ in range(batches):
        winners = rng.choice(players, size=batch, p=rates)
        out.append(SeatTotals(np.bincount(winners, minlength=players).astype(float), np.full(players, float(batch))))
    return out


def test_seat_advantage_is_the_seat_farthest_from_fair_with_its_wilson_interval() -> None:
    totals = SeatTotals(np.array([40.0, 25.0, 20.0, 15.0]), np.full(4, 100.0))
    adv = seat_advantage(totals, 4)
    assert adv is not None and adv.seat == 0 and adv.deviation == pytest.approx(0.15)
    low, high = wilson(40.0, 100.0)
    assert (adv.ci_low, adv.ci_high) == (pytest.approx(float(low)), pytest.approx(float(high)))
    assert adv.half_width == pytest.approx((float(high) - float(low)) / 2)
    assert seat_advantage(SeatTotals.empty(3), 3) is None


@pytest.mark.parametrize(("rates", "target"), [([0.3, 0.25, 0.25, 0.2], 0.02), ([0.55, 0.45], 0.01),
                                               ([0.2, 0.2, 0.2, 0.2, 0.2], 0.015)])
def test_stops_at_the_first_batch_whose_half_width_is_within_target(rates: list[float], target: float) -> None:
    stop = precision_reached(target)
    players = len(rates)
    totals = SeatTotals.empty(players)
    widths = []
    stopped_at = None
    for j, batch in enumerate(synthetic_batches(rates, 250, 200, seed=3)):
        totals = totals + batch
        adv = seat_advantage(totals, players)
        assert adv is not None
        widths.append(adv.half_width)
        if stop(totals, players):
            stopped_at = j
            break
    assert stopped_at is not None and stopped_at > 0
    assert widths[stopped_at] <= target < widths[stopped_at - 1]
    # about the n a fixed-p Wilson interval needs: 1.96^2 p(1-p) / target^2, within one batch or so
    p = max(rates, key=lambda r: abs(r - 1 / players))
    expected = 1.96**2 * p * (1 - p) / target**2
    assert abs(totals.games - expected) < 0.15 * expected + 250


def test_play_cells_stops_each_cell_on_its_own_stream_or_at_its_cap(tmp_path: Path) -> None:
    """The round loop with a synthetic shard stream: one cell reaches the target, the other its cap first."""
    batch, target = 200, 0.03  # a fair 2-player seat needs ~1,070 games for a half-width of 0.03
    roomy = Cell(0, build_spec("zooloretto", 2, ["uniform"], 2_000, 1, {}, False, batch))
    capped = Cell(1, build_spec("zooloretto", 2, ["uniform"], 600, 1, {"end_stack": "10"}, False, batch))
    streams = {0: synthetic_batches([0.5, 0.5], batch, 10, seed=1), 1: synthetic_batches([0.5, 0.5], batch, 3, seed=2)}
    asked: list[tuple[int, int]] = []

    def run_shards(tasks: list[tuple[Cell, int]]) -> list[SeatTotals]:
        asked.extend((c.index, k) for c, k in tasks)
        return [streams[c.index][k] for c, k in tasks]

    outcomes = {o.cell: o for o in play_cells([roomy, capped], RunDir(tmp_path), "g", precision_reached(target), run_shards)}
    widths = []
    totals = SeatTotals.empty(2)
    for k in range(outcomes[0].shards):
        totals = totals + streams[0][k]
        widths.append(seat_advantage(totals, 2).half_width)
    assert outcomes[0].stopped_early and 3 <= outcomes[0].shards < 10
    assert widths[-1] <= target < min(widths[:-1])
    assert outcomes[0].games == outcomes[0].shards * batch
    assert not outcomes[1].stopped_early and outcomes[1].shards == 3 and outcomes[1].games == 600
    # every shard asked once, in rounds: shard j of every live cell before any shard j + 1
    assert len(asked) == len(set(asked))
    assert [k for _, k in asked] == sorted(k for _, k in asked)
