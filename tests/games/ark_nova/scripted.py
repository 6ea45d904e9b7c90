"""Scripted stand-ins for the reference's rule tests (plain Python, no engine): a policy that answers from a queue,
a random stream that returns what it is told, a planner's script followed, a parameter row that values one weight."""
from __future__ import annotations

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.policies import MAX_PLAN_PARAM, N_POLICY_PARAMS
from zoosim.games.ark_nova.reference import policies as rp
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules


class Script:
    """A policy that answers hooks from a queue of (hook, option value) and records every question as
    (seat, hook, options); a hook with nothing queued gets the first option."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked = []

    def __call__(self, s, seat, hook, options):
        self.asked.append((seat, hook, list(options)))
        for i, (h, value) in enumerate(self.answers):
            if h == hook:
                del self.answers[i]
                return options.index(value)
        return 0


class Stub:
    """A stream whose below(n) records n and returns the next scripted value."""

    def __init__(self, *values):
        self.values, self.asked = list(values), []

    def below(self, n):
        self.asked.append(n)
        return self.values.pop(0)


def follow_plan(script: list, asked: list, hidden_at: int | None = None) -> tuple[list[int], tuple | None]:
    """The reference's TurnPlan for `script` asked (hook, n) in turn, a hidden card drawn before question
    `hidden_at`: the options it took, and the first decision past the script it recorded."""
    s = rs.State(Rules(), 2, PyRng(0, 0), [], [])
    tp = rp.TurnPlan(s, list(script))
    out = []
    for j, (hook, n) in enumerate(asked):
        if j == hidden_at:
            s.hidden_drawn = True
        out.append(tp.next(hook, n))
    return out, tp.recorded


def only(weight: int, value: float = 1.0, max_plan: int = 8) -> tuple[float, ...]:
    """A heuristic parameter row that values one weight (index `weight`, none if negative) and plans max_plan deep."""
    row = [0.0] * N_POLICY_PARAMS
    if weight >= 0:
        row[weight] = value
    row[MAX_PLAN_PARAM] = float(max_plan)
    return tuple(row)
