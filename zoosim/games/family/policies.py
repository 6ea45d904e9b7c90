"""The truck games' `search` policy as plain data: the parameters Zooloretto Mini and Tractor Zooloretto share, in
the order of their parameter vector (family/search.py's SP_*); a game appends its own after them."""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam

SEARCH_ID = 4


def search_policy(text: str, budget: int, candidates: int, most_candidates: int, *own: PolicyParam) -> PolicyInfo:
    """The `search` PolicyInfo of a truck game: `text` says what it weighs; the shared parameters, then `own`."""
    return PolicyInfo(
        "search", SEARCH_ID,
        text + " Each candidate is played out to the game's end on reshuffles of the tiles nobody can see (public "
        "information only), every seat played by the rollout policy, and valued by the final score margin plus a "
        "win bonus; sequential halving spends the budget over the shortlist on common reshuffles.",
        (
            PolicyParam("budget", budget, "playouts per decision at 2 players, scaled by 2/players at more (a "
                                          "playout of n seats plays n/2 times the turns): the skill dial (its time "
                                          "grows in proportion)",
                        low=1, high=4096, strict=True),
            PolicyParam("candidates", candidates, "shortlist width: the heuristic's best options searched at a "
                                                  "decision, its own choice first (it decides ties)",
                        low=1, high=most_candidates, strict=True),
            PolicyParam("win_weight", 10.0, "value of winning in points, added to the final score margin (own score "
                                            "- best other score) of a playout", low=0.0, high=40.0),
            PolicyParam("rollout", 3, "policy of every seat in the playouts: 3 heuristic, 2 greedy (default "
                                      "weights)", low=2, high=3, strict=True),
            *own,
        ),
    )
