"""Zooloretto's policies as the rest of zoosim sees them: names, ids, texts and parameters (plain data).

The numba policies are in `engine/`: `engine/policies.py` (uniform's draws, random, greedy, heuristic and their
memory) and `engine/valuation.py` (what greedy and heuristic think a zoo is worth), asked by the game loop
`engine/game.py`; `lookahead.py` plays games out with that loop, so it stands above `engine/`, beside `play.py`.
"""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam

MAX_POLICY_PARAMS = 16  # lookahead: 4 parameters + the heuristic's weights

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", 0,
        "The spec's measuring stick (section 11): draw or take with probability 1/2, trucks and places "
        "uniformly at random, tiles in loading order, never a money action.",
    ),
    "random": PolicyInfo(
        "random", 1,
        "Uniform over every legal turn option, money actions included (PROTOCOL section 8); a drawn tile "
        "goes to a uniformly chosen truck and taken tiles to uniformly chosen places, as uniform.",
    ),
    "greedy": PolicyInfo(
        "greedy", 2,
        "Takes the option that most raises its score-if-the-game-ended-now plus 1 point per coin; draws "
        "when no option raises it; loads a drawn tile on the truck it would like best; places each tile "
        "where that value is highest.",
    ),
    "heuristic": PolicyInfo(
        "heuristic", 3,
        "Like greedy, but values a zoo by its projected worth: partly filled enclosures count for a share "
        "of their full value while tiles are left, barn penalties weigh extra, and it waits for a truck "
        "worth taking.",
        (
            PolicyParam("coin_value", 0.7, "points a coin is worth"),
            PolicyParam("barn_weight", 1.5, "barn aversion: multiplier on barn penalties"),
            PolicyParam("commitment", 0.6, "species commitment: share of an enclosure's full value credited "
                                           "in proportion to its filling, fading as the stacks run out"),
            PolicyParam("take_threshold", 3.0, "truck value (points) worth taking while trucks are empty; "
                                               "scaled by the share of free truck spaces"),
            PolicyParam("money_threshold", 0.5, "gain (points) a money action must bring"),
            PolicyParam("expand_value", 4.0, "value of an expansion early in the game (fades as tiles run out)"),
            PolicyParam("pair_value", 1.0, "value of an enclosure holding an unpaired fertile animal"),
        ),
    ),
}
POLICIES["lookahead"] = PolicyInfo(
    "lookahead", 4,
    "Plays each candidate turn (draw, take each truck, the best money actions) out to the end of the game "
    "with heuristic players in every seat, on `rollouts` shuffles of the tiles it cannot see (the same "
    "shuffles for every candidate), scoring own score - best opponent score + win_weight x win share; "
    "plays the heuristic's own choice unless a candidate beats it by `confidence` standard errors. The "
    "truck for a drawn tile and the places of taken tiles are the heuristic's choices. Reads public "
    "information only; slow (about 0.2 s per 4-player game at the default).",
    (
        PolicyParam("rollouts", 8, "shuffles of the unseen tiles played out per candidate turn", 1, 64),
        PolicyParam("money_candidates", 2, "money actions played out beside draw and takes: the ones the "
                                           "heuristic values most after one step (0: never pay)", 0, 16),
        PolicyParam("win_weight", 5.0, "points a rollout's win is worth on top of its score margin"),
        PolicyParam("confidence", 1.0, "standard errors by which a candidate must beat the heuristic's own "
                                       "choice (paired over the rollouts) to be played instead", 0, 3),
        *(PolicyParam(p.name, p.default, f"heuristic in the rollouts: {p.doc}", p.low, p.high)
          for p in POLICIES["heuristic"].params),
    ),
)
POLICIES["search"] = PolicyInfo(
    "search", 5,
    "Sequential halving over the turn's candidates (draw, take each truck, the best money actions; the "
    "heuristic's own choice first): each is played out on the same shuffles of the tiles it cannot see, "
    "with heuristic players in every seat, to the end of the game, and valued as own score - best "
    "opponent score + win_weight x win share (or to `horizon` rounds on); `budget` playouts a decision. The "
    "truck for a drawn tile is searched too (`trucks`); the places of taken tiles are the heuristic's unless "
    "`places`. Reads public information only.",
    (
        PolicyParam("budget", 64, "playouts per decision (the skill dial), spread over the candidates by "
                                  "sequential halving", 1, 100_000, strict=True),
        PolicyParam("candidates", 0, "at most this many candidates searched, best first by the heuristic's "
                                     "preference (0: all)", 0, 32, strict=True),
        PolicyParam("money_candidates", 2, "money actions among the candidates: the ones the heuristic values "
                                           "most after one step (0: only the heuristic's own choice)", 0, 16),
        PolicyParam("win_weight", 5.0, "points a playout's win is worth on top of its score margin"),
        PolicyParam("prior", 0.0, "points credited to the heuristic's own choice in every playout (a tie "
                                  "breaker against noise)", 0, 100),
        PolicyParam("horizon", 0, "rounds played out after this one before valuing the heuristic's "
                                  "projected zoos (0: to the game's end)", 0, 100, strict=True),
        PolicyParam("trucks", 1, "1: search the truck for a drawn tile too; 0: the heuristic's", 0, 1, strict=True),
        PolicyParam("places", 0, "1: search the places of a taken truck's tiles too (each other first "
                                 "placement, the heuristic's after it); 0: the heuristic's", 0, 1, strict=True),
        *(PolicyParam(p.name, p.default, f"heuristic in the playouts and the follow-up choices: {p.doc}", p.low,
                      p.high) for p in POLICIES["heuristic"].params),
    ),
)
