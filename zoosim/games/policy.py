"""A scripted policy as the rest of zoosim sees it: its parameters, and one seat's values with their label."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from zoosim.errors import ZoosimError


@dataclass(frozen=True)
class PolicyParam:
    """A numeric policy parameter; `low`/`high` bound `zoosim tune`'s search (None: derived, see `bounds`).

    `strict`: low..high is also the range the policy accepts (a budget, a width, a switch), so a value outside it is
    an error rather than something the kernel clamps in silence; a weight is not strict (any hand-set value plays).
    """

    name: str
    default: float
    doc: str
    low: float | None = None
    high: float | None = None
    strict: bool = False

    def __post_init__(self) -> None:
        if self.strict and (self.low is None or self.high is None):
            raise ValueError(f"strict policy parameter {self.name} needs both low and high")

    def check(self, value: float, policy: str) -> None:
        """Raise the one-line error for a value a strict parameter does not accept."""
        if self.strict and not (float(self.low) <= value <= float(self.high)):  # type: ignore[arg-type]
            raise ZoosimError(f"policy parameter {self.name} of {policy} must be from {self.low:g} to "
                              f"{self.high:g}, got {value:g}")

    @property
    def bounds(self) -> tuple[float, float]:
        """The tuning range: as given, else 0..3x the default (3x..0 for a negative one, 0..1 for 0).

        A weight keeps its sign (a penalty stays a penalty) and can grow to three times its hand-set value.
        """
        d = round(3.0 * float(self.default), 9)  # 3 x 0.7 is 2.1, not 2.0999999999999996
        low, high = (0.0, d) if d > 0 else (d, 0.0) if d < 0 else (0.0, 1.0)
        return (low if self.low is None else float(self.low), high if self.high is None else float(self.high))


@dataclass(frozen=True)
class PolicyInfo:
    """A scripted policy of a game: its numeric id in the core, parameters, and a description."""

    name: str
    id: int
    doc: str
    params: tuple[PolicyParam, ...] = ()


@dataclass(frozen=True)
class PolicySpec:
    """A policy with its parameter values, as one seat plays it."""

    name: str
    id: int
    values: tuple[float, ...]
    label: str  # canonical text, e.g. "heuristic:barn_weight=1.5" (defaults omitted)


def policy_spec(info: PolicyInfo, values: Sequence[float]) -> PolicySpec:
    """A seat's policy from its parameter values; the label names the values that differ from the defaults."""
    if len(values) != len(info.params):
        raise ZoosimError(f"{info.name} takes {len(info.params)} parameter values, got {len(values)}")
    floats = tuple(float(v) for v in values)
    changed = [f"{p.name}={_fmt(v)}" for p, v in zip(info.params, floats) if v != float(p.default)]
    label = info.name + (":" + ",".join(changed) if changed else "")
    return PolicySpec(info.name, info.id, floats, label)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))
