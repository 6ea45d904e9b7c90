"""Ark Nova's `random`, `greedy` and `heuristic` in plain Python (PROTOCOL.md 10), the executable spec of
engine.state._policy_choose and engine.planner: the same draws, the same plans, the same games.

A policy is called `(view, seat, hook, options)` like `reference.state.uniform`; these also have `plan(state,
seat)`, which `reference.game.play_game` calls at the start of each of the seat's turns. `random` makes its one draw
over the turn's (card, x-spend) pairs there; a planner re-deals what the seat cannot see on a copy (its private
stream) and replays the turn to build the script its decisions follow. `make(name, params)` builds one from a policy name.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields

from zoosim.core.rng import PyRng
from zoosim.games.ark_nova.policies import (
    GREEDY, HEURISTIC, MAX_PLAN_PARAM, N_POLICY_PARAMS, POLICY_CODES, RANDOM, UNIFORM, W_COVERED, W_CP, W_HAND,
    W_INCOME, W_MONEY, W_OPP, W_PARTNER, W_REP, W_SCORE, W_UNIVERSITY, W_WORKERS, W_X, milli, params_row,
    plan_length,
)
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference.state import H_TURN, H_XSPEND, Building, Player, State, shuffle, uniform

PRIVATE_SALT = 0x5EED0A4C
TURN_STRIDE = 4096


# ---------------------------------------------------------------- random
class Random:
    """`random`: uniform over every legal turn option — one draw over the (action card in slot order, x-spend
    ascending) pairs with a legal completion, then the X action; every other decision as `uniform`."""
    name = "random"

    def __init__(self) -> None:
        self.pending: dict[int, tuple[int, int, int | None]] = {}   # seat -> (game turn, TURN index, x index)

    def plan(self, s: State, seat: int) -> None:
        options = ref.turn_options(s, seat)
        counts = [len(ref.spend_options(s, seat, a)) if kind == 0 else 1 for kind, a in options]
        total = sum(counts)
        d = s.rng.below(total) if total > 1 else 0
        i = 0
        while d >= counts[i]:
            d -= counts[i]
            i += 1
        # an XSPEND with one option is not asked, so only a real choice stays pending
        self.pending[seat] = (s.turn + 1, i, d if options[i][0] == 0 and counts[i] > 1 else None)

    def __call__(self, view, seat: int, hook: int, options: list) -> int:
        turn, i, x = self.pending.get(seat, (-1, 0, None))
        if turn == view.turn:
            if hook == H_TURN:
                return i
            if hook == H_XSPEND and x is not None:
                self.pending[seat] = (turn, i, None)
                return x
        return uniform(view, seat, hook, options)


# ---------------------------------------------------------------- the planners
@dataclass
class TurnPlan:
    """A script followed by one seat in one turn (engine G_SCRIPT*): while no hidden card was drawn and each asked
    decision's (hook, option count) matches, its choice; the first decision past the script is recorded; option 0
    everywhere else (the fallback)."""
    state: State
    script: list[tuple[int, int, int]]
    turn: int = -1
    pos: int = 0
    diverged: bool = False
    recorded: tuple[int, int] | None = None

    def next(self, hook: int, n: int) -> int:
        if self.state.hidden_drawn or self.diverged:
            return 0
        if self.pos < len(self.script):
            h, m, k = self.script[self.pos]
            if (h, m) == (hook, n):
                self.pos += 1
                return k
            self.diverged = True
            return 0
        if self.pos == len(self.script):
            self.recorded = (hook, n)
            self.pos += 1
        return 0

    def __call__(self, view, seat: int, hook: int, options: list) -> int:
        return self.next(hook, len(options))


_LISTS_OF_BUILDINGS = ("buildings",)


def _clone_value(v):
    if isinstance(v, list):
        if v and isinstance(v[0], Building):
            return [Building(b.kind, b.mask, list(b.animals), b.cubes) for b in v]
        return list(v)
    if isinstance(v, dict):
        return {k: list(x) if isinstance(x, list) else x for k, x in v.items()}
    if isinstance(v, set):
        return set(v)
    return v


_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_STATE_FIELDS = tuple(f.name for f in fields(State) if f.name not in ("rules", "rng", "policies", "ps", "events",
                                                                    "record"))


def clone(s: State) -> State:
    """A planning copy of s (as copy.deepcopy, faster): the rules shared, the stream shared (the caller replaces
    it), the policies list copied (its entries shared), no events, no record."""
    t = copy.copy(s)
    for name in _STATE_FIELDS:
        setattr(t, name, _clone_value(getattr(s, name)))
    t.policies = list(s.policies)
    t.events = []
    t.record = None
    ps = []
    for pl in s.ps:
        q = copy.copy(pl)
        for name in _PLAYER_FIELDS:
            setattr(q, name, _clone_value(getattr(pl, name)))
        ps.append(q)
    t.ps = ps
    return t


def _rng_copy(r: PyRng) -> PyRng:
    out = PyRng.__new__(PyRng)
    out.s = list(r.s)
    return out


def private_stream(s: State) -> PyRng:
    """PROTOCOL.md 10.2: the planner's stream for the coming turn."""
    return PyRng(s.seed ^ PRIVATE_SALT, s.game_index * TURN_STRIDE + s.turn)


def determinize(t: State, seat: int, rng: PyRng) -> None:
    """Re-deal what seat cannot see (§15.1): deck + other hands' zoo cards (ids > 112), then final pile + other seats'
    final cards; each pool sorted by id, shuffled on rng, dealt back in place (pile top first, then seats ascending,
    each in hand order)."""
    others = [q for q in range(t.players) if q != seat]
    pool = sorted(t.deck + [c for q in others for c in t.ps[q].hand if c > 112])
    shuffle(rng, pool)
    it = iter(pool)
    t.deck = [next(it) for _ in t.deck]
    for q in others:
        t.ps[q].hand = [next(it) if c > 112 else c for c in t.ps[q].hand]
    pool = sorted(t.final_pile + [c for q in others for c in t.ps[q].finals])
    shuffle(rng, pool)
    it = iter(pool)
    t.final_pile = [next(it) for _ in t.final_pile]
    for q in others:
        t.ps[q].finals = [next(it) for _ in t.ps[q].finals]


def value(s: State, seat: int, w: tuple[int, ...]) -> int:
    """PROTOCOL.md 10.4: the weights (value * 1000) times integer features, minus w_opp times the best other score."""
    pl = s.ps[seat]
    appeal = max(0, min(pl.appeal, 113))
    v = (w[W_SCORE] * ref.score(s, seat) + w[W_MONEY] * pl.money + w[W_REP] * pl.rep + w[W_HAND] * len(pl.hand)
         + w[W_X] * pl.x + w[W_WORKERS] * (pl.workers_active + sum(pl.task_workers))
         + w[W_INCOME] * s.rules.appeal_income[appeal]
         + w[W_CP] * pl.cp + w[W_PARTNER] * len(pl.partner_zoos) + w[W_UNIVERSITY] * len(pl.universities)
         + w[W_COVERED] * bin(pl.covered).count("1"))
    if w[W_OPP] and s.players > 1:
        v -= w[W_OPP] * max(ref.score(s, q) for q in range(s.players) if q != seat)
    return v


def plan_script(s: State, seat: int, w: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """PROTOCOL.md 10.3: sequential greedy over the decisions of seat's coming turn on a determinized copy."""
    base = clone(s)
    ps = private_stream(s)
    determinize(base, seat, ps)
    limit = plan_length(w)

    def replay(script):
        t = clone(base)
        t.rng = _rng_copy(ps)
        runner = TurnPlan(t, script)
        t.policies[seat] = runner
        ref.play_turn(t, seat)
        ref.after_turn(t, seat)
        return value(t, seat, w), runner.recorded

    script: list[tuple[int, int, int]] = []
    _, rec = replay(script)
    while rec is not None and len(script) < limit:
        hook, n = rec
        best = None
        for k in range(n):
            vk, rk = replay(script + [(hook, n, k)])
            if best is None or vk > best[0]:
                best = (vk, k, rk)
        script.append((hook, n, best[1]))
        rec = best[2]
    return script


@dataclass
class Planner:
    """`greedy` (code 2, policies.GREEDY_PARAMS) or `heuristic` (code 3, its parameter row)."""
    code: int
    row: tuple[float, ...]
    w: tuple[int, ...] = ()
    turns: dict = field(default_factory=dict)   # seat -> its TurnPlan of the turn being played

    def __post_init__(self) -> None:
        if len(self.row) != N_POLICY_PARAMS:
            raise ValueError(f"a parameter row has {N_POLICY_PARAMS} values")
        self.w = milli(self.row)
        self.name = "greedy" if self.code == GREEDY else "heuristic"

    @property
    def max_plan(self) -> int:
        return plan_length(self.w)

    def plan(self, s: State, seat: int) -> None:
        self.turns[seat] = TurnPlan(s, plan_script(s, seat, self.w), s.turn + 1)

    def __call__(self, view, seat: int, hook: int, options: list) -> int:
        tp = self.turns.get(seat)
        if tp is None or tp.turn != view.turn:
            return 0
        return tp.next(hook, len(options))


def make(name: str, params: dict | None = None):
    """A reference policy from its name (policies.POLICY_CODES) and, for heuristic, parameters by name."""
    code = POLICY_CODES[name]
    if code == UNIFORM:
        return uniform
    if code == RANDOM:
        return Random()
    return Planner(code, params_row(code, params))


def from_code(code: int, row=None):
    """A reference policy from an engine code and a float parameter row (None: params_row(code))."""
    if code == UNIFORM:
        return uniform
    if code == RANDOM:
        return Random()
    return Planner(code, tuple(row) if row is not None else params_row(code))


__all__ = ["Random", "Planner", "TurnPlan", "make", "from_code", "clone", "determinize", "value", "plan_script",
           "private_stream", "MAX_PLAN_PARAM", "HEURISTIC"]
