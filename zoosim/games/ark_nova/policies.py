"""The Ark Nova policies as data (PROTOCOL.md 10): their engine codes, `POLICIES` (what `zoosim policies` prints) and
`heuristic`'s parameters, with the row `greedy` is fixed at. Pure Python (no numba), so that the game's listing,
`zoosim policies` and the engine read one table; the numba turn planner of `greedy` and `heuristic` is engine.planner.

A parameter row reaches the engine as int64 fixed point, round(value * 1000) (`milli`); the planner's value of a
position is an integer sum of those weights times integer features (in thousandths of a point), so the numba engine
and the reference agree exactly, with no floating-point order to match."""
from __future__ import annotations

import math

from zoosim.games.policy import PolicyInfo, PolicyParam

UNIFORM, RANDOM, GREEDY, HEURISTIC, SEARCH = 0, 1, 2, 3, 4
POLICY_CODES = {"uniform": UNIFORM, "random": RANDOM, "greedy": GREEDY, "heuristic": HEURISTIC, "search": SEARCH}
PLANNERS = (GREEDY, HEURISTIC)
MAX_PLAN = 32                   # the engine's script room (decisions planned per turn)

# (name, default, low, high, doc), in the order of the engine's parameter row (the features, PROTOCOL.md 10.4). The
# defaults are a 2-player `zoosim tune` result, rounded (`zoosim tune ark-nova -p 2 --budget 24000 --population 12
# --generations 10 --eval-deals 1000 --seed 2026`: 63.7% of 2,000 seat-games against the first hand-set row, 1, .1, .5,
# .3, .3, 1, 1, 1, 2, 2, 1, .5, 8). The hand-set row ended 3.0% of its 2-player self-play games at the turn cap (both
# seats filled the map with small buildings and stalled, PROTOCOL.md 10.5); these end 0.5% there.
HEURISTIC_PARAMS = (
    ("w_score", 0.75, 0.0, 5.0, "weight of the BGA score (appeal + CP value, §13.1; final scoring if the game ended)"),
    ("w_money", 0.13, 0.0, 2.0, "weight per money"),
    ("w_rep", 0.9, 0.0, 5.0, "weight per reputation step"),
    ("w_hand", 0.39, 0.0, 5.0, "weight per card in hand"),
    ("w_x", 0.38, 0.0, 5.0, "weight per X-token"),
    ("w_workers", 0.34, 0.0, 10.0, "weight per association worker hired (available or on the board)"),
    ("w_income", 0.74, 0.0, 3.0, "weight per money of appeal income at the next break (§9.3 table)"),
    ("w_cp", 1.0, 0.0, 5.0, "weight per conservation point (on top of the score's CP value)"),
    ("w_partner", 3.2, 0.0, 10.0, "weight per partner zoo"),
    ("w_university", 1.3, 0.0, 10.0, "weight per university"),
    ("w_covered", 1.1, 0.0, 3.0, "weight per covered map cell"),
    ("w_opp", 0.45, 0.0, 2.0, "minus this weight times the best opponent's score"),
    ("max_plan", 12.0, 1.0, float(MAX_PLAN), "decisions of its own turn the planner plans (the whole part; a "
     "speed-for-skill knob)"),
)
N_POLICY_PARAMS = len(HEURISTIC_PARAMS)
NAMES = tuple(row[0] for row in HEURISTIC_PARAMS)
DEFAULTS = tuple(row[1] for row in HEURISTIC_PARAMS)
(W_SCORE, W_MONEY, W_REP, W_HAND, W_X, W_WORKERS, W_INCOME, W_CP, W_PARTNER, W_UNIVERSITY, W_COVERED, W_OPP,
 MAX_PLAN_PARAM) = range(N_POLICY_PARAMS)
N_WEIGHTS = MAX_PLAN_PARAM
# greedy's fixed row: the best change of score over its own turn, with heuristic's proxies for money, reputation,
# cards and X-tokens and for the association's lasting gains (a partner zoo or a university counts 2 points),
# none of heuristic's investment terms (workers, income, CP, covered cells, the opponents). Measured 2p, 100-400
# games a duel (PROTOCOL.md 10.5): it beats random, heuristic beats it. The first fixed row (1, .3, 1, 1.5, 1,
# zeros) never paid for an animal (money and the card it costs weighed more than its appeal) and lost every game
# to random.
GREEDY_PARAMS = (1.0, 0.1, 0.5, 0.3, 0.3, 0.0, 0.0, 0.0, 2.0, 2.0, 0.0, 0.0, 8.0)


# `search` (PROTOCOL.md 12; the game's side is ark_nova.search): (name, default, low, high, doc) in the order of its
# parameter row. Its own turn and its value use heuristic's default row; the budget is the skill dial.
MAX_CANDIDATES = 32             # the shortlist's room
SEARCH_PARAMS = (
    ("budget", 48.0, 1.0, 100000.0, "playouts per decision (the skill dial): sequential halving spends them over "
     "the shortlist on common re-deals"),
    ("candidates", 6.0, 1.0, float(MAX_CANDIDATES), "shortlist width at the default budget: heuristic's own plan "
     "first, then the best other whole-turn plans by heuristic's value; doubled for each factor of 4 the budget "
     "stands above the default, halved for each below (at most budget / 4: a budget below 8 plays heuristic's plan)"),
    ("depth", 2.0, 1.0, 8.0, "candidates are heuristic's plan and every plan that leaves it at one of its first "
     "`depth` decisions (the rest of the turn re-planned by heuristic); one more for each factor of 4 the budget "
     "stands above the default, one fewer for each below (at least 1)"),
    ("horizon", 1.0, 0.0, 8.0, "breaks a playout plays through (0: the candidate's turn only; the game's end if "
     "sooner) at and below the default budget; one more for each factor of 4 the budget stands above the default"),
    ("rollout_plan", 12.0, 1.0, float(MAX_PLAN), "max_plan of the heuristic seats in the playouts (a "
     "speed-for-skill knob)"),
    ("win_bonus", 10.0, 0.0, 200.0, "points added to a playout that reaches the game's end won (shared: its share)"),
)
SEARCH_NAMES = tuple(row[0] for row in SEARCH_PARAMS)
SEARCH_DEFAULTS = tuple(row[1] for row in SEARCH_PARAMS)
SP_BUDGET, SP_CANDIDATES, SP_DEPTH, SP_HORIZON, SP_ROLLOUT_PLAN, SP_WIN_BONUS = range(len(SEARCH_PARAMS))
assert len(SEARCH_PARAMS) <= N_POLICY_PARAMS   # a policy row is N_POLICY_PARAMS wide


def milli(values) -> tuple[int, ...]:
    """A parameter row as the engine stores it: floor(value * 1000 + 0.5) each (engine.game.set_seat_policy)."""
    return tuple(int(math.floor(float(v) * 1000 + 0.5)) for v in values)


def params_row(code: int, params: dict | None = None) -> tuple[float, ...]:
    """The float row of a seat: greedy's fixed row, heuristic's defaults with `params` (by name) over them, and the
    defaults (unread) for uniform and random."""
    if code == GREEDY:
        if params:
            raise ValueError("greedy has no parameters")
        return GREEDY_PARAMS
    if code == SEARCH:
        values = list(SEARCH_DEFAULTS)
        for name, value in (params or {}).items():
            if name not in SEARCH_NAMES:
                raise ValueError(f"unknown search parameter {name!r}; accepted: {', '.join(SEARCH_NAMES)}")
            values[SEARCH_NAMES.index(name)] = float(value)
        return tuple(values) + (0.0,) * (N_POLICY_PARAMS - len(values))
    row = list(DEFAULTS)
    for name, value in (params or {}).items():
        if name not in NAMES:
            raise ValueError(f"unknown heuristic parameter {name!r}; accepted: {', '.join(NAMES)}")
        row[NAMES.index(name)] = float(value)
    return tuple(row)


def plan_length(row_milli) -> int:
    """max_plan as the planner reads it: the whole part, clamped to 1..MAX_PLAN."""
    return max(1, min(MAX_PLAN, int(row_milli[MAX_PLAN_PARAM]) // 1000))


POLICIES: dict[str, PolicyInfo] = {
    "uniform": PolicyInfo(
        "uniform", POLICY_CODES["uniform"],
        "The spec's measuring stick (§15.2): every decision one uniform draw over its legal options, offered "
        "hierarchically (action card, X-tokens spent, then each choice of the action) and only where a legal "
        "completion exists; a may-effect is a fair coin asked when yes is legal, 'up to N times' a fair coin before "
        "each step, 'draw up to N' always N; income and placement-bonus orders fixed (G10). Games stop at "
        "max_turns turns per seat (end_reason 1). Not a player's strategy: a fixed baseline for distributions.",
    ),
    "random": PolicyInfo(
        "random", POLICY_CODES["random"],
        "Every legal turn equally likely at its first choice: one uniform draw over every (action card, X-tokens "
        "spent) pair with a legal completion, plus the X action; every later decision as uniform (PROTOCOL 10.1).",
    ),
    "greedy": PolicyInfo(
        "greedy", POLICY_CODES["greedy"],
        "Plans its own turn at its start, on a copy where the cards it cannot see are re-dealt from a private "
        "stream: decision by decision, the option that most raises score + 0.1 money + 0.5 reputation + 0.3 cards "
        "in hand + 0.3 X-tokens + 2 per partner zoo and per university at the turn's end (first of equals; up to 8 "
        "decisions; option 0 after that, after a hidden card is drawn, and outside its turn). A one-turn baseline "
        "with fixed weights and none of heuristic's investment terms (PROTOCOL 10).",
    ),
    "heuristic": PolicyInfo(
        "heuristic", POLICY_CODES["heuristic"],
        "greedy's planner with a tunable value: score, money, reputation, hand, X-tokens, workers hired, appeal "
        "income at the next break, CP, partner zoos, universities, covered map cells, minus w_opp x the best other "
        "score; max_plan decisions planned (PROTOCOL 10).",
        tuple(PolicyParam(name, default, doc, low, high)
              for name, default, low, high, doc in HEURISTIC_PARAMS),
    ),
    "search": PolicyInfo(
        "search", POLICY_CODES["search"],
        "Looks ahead with the engine (PROTOCOL 12): at each of its turns a shortlist of whole-turn plans (heuristic's "
        "own plan first, then the best plans that leave it at one of its first decisions, re-planned by heuristic), "
        "each played out on re-deals of what it cannot see (from its own stream) with heuristic in every seat to the "
        "next break or the game's end, valued by heuristic's value against the best opponent's (plus win_bonus at "
        "the end); sequential halving spends `budget` playouts and it plays the best plan as heuristic would. "
        "Ties and a budget too small to search fall back on heuristic's plan.",
        tuple(PolicyParam(name, default, doc, low, high, strict=name != "win_bonus")
              for name, default, low, high, doc in SEARCH_PARAMS),
    ),
}
assert set(POLICIES) == set(POLICY_CODES)
