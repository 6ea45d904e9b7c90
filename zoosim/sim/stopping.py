"""Sequential stopping for sweeps: play a cell in batches until its seat advantage is known well enough.

The seat advantage of a cell is its largest seat deviation from the fair share: the seat whose win rate
is farthest from 1/players. Its precision is the half-width of that seat's 95% Wilson interval. A cell
stops after the first batch at which the half-width is at most the target (or when it reaches its game
cap). The rule looks only at totals, so it is deterministic and a resumed sweep stops where it did.

Stopping on precision (not on the estimate crossing a threshold) keeps the estimate essentially
unbiased: the half-width depends on the rate only through p(1-p), which is nearly flat near 1/players.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from zoosim.stats import wilson
from zoosim.sim.cells import SeatTotals


@dataclass(frozen=True)
class SeatAdvantage:
    seat: int  # the seat farthest from fair
    rate: float
    deviation: float  # rate - 1/players
    ci_low: float  # Wilson 95% of the seat's rate
    ci_high: float
    n: int  # seat-games of that seat

    @property
    def half_width(self) -> float:
        return (self.ci_high - self.ci_low) / 2.0


def seat_advantage(totals: SeatTotals, players: int) -> SeatAdvantage | None:
    """The largest seat deviation from fair with its Wilson interval; None before any game."""
    if totals.n.size == 0 or totals.n.min() <= 0:
        return None
    rates = totals.wins / totals.n
    deviation = rates - 1.0 / players
    seat = int(np.argmax(np.abs(deviation)))
    low, high = wilson(totals.wins[seat], totals.n[seat])
    return SeatAdvantage(seat, float(rates[seat]), float(deviation[seat]), float(low), float(high),
                         int(totals.n[seat]))


def precision_reached(target: float):
    """A stop rule for `play_cells`: stop once the seat-advantage half-width is at most `target`."""

    def stop(totals: SeatTotals, players: int) -> bool:
        advantage = seat_advantage(totals, players)
        return advantage is not None and advantage.half_width <= target

    return stop
