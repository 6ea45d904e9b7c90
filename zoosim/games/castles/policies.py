"""The Castles policies as data (PROTOCOL.md 8): their engine codes, `heuristic`'s parameters with the defaults
`greedy` is fixed at, and `POLICIES`, what `zoosim policies castles` says of each. Pure Python, so that the game's
listing, `zoosim policies` and the engine read one table without importing numba.

The policies themselves: `uniform` and `random` draw in the engine's loop (engine.game, engine.rewards, engine.setup),
`greedy` and `heuristic` choose in engine.greedy_heuristic (numba; it lives in the engine because the loop asks it at
every hook and it reads the engine's state, castle and points: one package, no circle); the reference's are
reference.policies.
"""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam

UNIFORM, RANDOM, GREEDY, HEURISTIC, SEARCH = 0, 1, 2, 3, 4
POLICY_CODES = {"uniform": UNIFORM, "random": RANDOM, "greedy": GREEDY, "heuristic": HEURISTIC, "search": SEARCH}

# (name, default, doc[, low, high]), in the order of the engine's parameter row; the defaults were set by duels with
# greedy at 2 and 4 players (1,000 deals: shortlist 1 and piece_value 0.25 win 65% at 2 players, 35% at 4, and
# leave about 1% of games at max_rounds, against 3-6% at piece_value 0), `zoosim tune castles` refines them
HEURISTIC_PARAMS = (
    ("w_complete", 1.0, "weight of the completion rewards a placement or a room earns"),
    ("w_block", 0.3, "points lost per doorway a placement blocks (its own or the castle's)"),
    ("w_open", 0.1, "points per OPEN doorway a placement adds to the castle (room to grow)"),
    ("mark_value", 1.0, "points per 1,000 marks of an outdoor reward"),
    ("w_cards", 2.0, "weight of bonus-card points and King's Favor progress a room brings"),
    ("w_intent", 1.0, "pricing: weight of what any buyer wants (priced dear) against what the master builder wants"),
    ("pass_bias", 0.0, "pass unless a buy is worth more than this many points per 1,000 marks"),
    ("piece_value", 0.25, "points a hallway or stairs gains per market room the seat cannot place now (a piece "
     "opens the castle: stairs to the downstairs rooms)"),
    ("shortlist", 1.0, "act: how many buys (best first by their placement-free value per 1,000 marks) get their "
     "placements evaluated; the whole part counts, below 1 is 1 (a speed-for-skill knob)", 1.0, 9.0),
)
N_POLICY_PARAMS = len(HEURISTIC_PARAMS)
DEFAULTS = tuple(row[1] for row in HEURISTIC_PARAMS)
# greedy's own row, fixed so that the baseline never moves when heuristic is re-tuned (greedy reads only w_complete,
# w_cards and mark_value, through TV and RV: pricing, sleeping picks, an outdoor reward's worth; it evaluates every
# buy, so its shortlist is unread)
GREEDY_WEIGHTS = (1.0, 1.0, 0.25, 1.0, 1.0, 0.5, 0.0, 2.0, 0.0)
(W_COMPLETE, W_BLOCK, W_OPEN, W_MARK, W_CARDS, W_INTENT, W_PASS, W_PIECE, W_SHORTLIST) = range(N_POLICY_PARAMS)

# search's parameters (search.py), in the order of its parameter row; its own hooks past the searched decisions
# (placements, rewards, bonus cards, extra actions) are heuristic's at its defaults. The defaults by measurement (one
# search seat against heuristic, 150 deals in both seat rotations, 2 players, 95% Wilson intervals): at budget 48
# a horizon of 0 rounds won 77% (72-81), 1 round 84% (79-87), 3 rounds 89% (85-92), to the game's end 86% (81-89)
# at twice the time of 3; budget 48 at horizon 3 costs ~4 ms of CPU a decision at 2 players, ~9 ms at 4 (target 20)
SEARCH_PARAMS = (
    ("budget", 48.0, "playouts per searched decision: the skill dial (sequential halving spends them over the "
     "shortlist; 0 plays heuristic's choice)", 0.0, 100000.0),
    ("candidates", 4.0, "shortlist width: the options searched, best first by heuristic's value (its own choice "
     "first, a pass always among them; 1 plays heuristic's choice) at the default budget, doubled for each factor "
     "of 4 the budget stands above the default and halved for each below (at least 2, at most 16)", 1.0, 16.0),
    ("horizon", 3.0, "rounds a playout plays past the round of the decision (0: to the end of that round; a "
     "playout stops earlier at the game's end) at the default budget, one more for each factor of 4 the budget "
     "stands above the default and one fewer for each below", 0.0, 40.0),
    ("rollout", 3.0, "the policy of every seat in a playout: 2 greedy, 3 heuristic (at its defaults)", 2.0, 3.0),
    ("money_value", 0.3, "points per 1,000 marks in hand at the horizon, in place of the end's money points (1 "
     "per 10,000): marks still buy rooms (at the game's end the real money points count)", 0.0, 10.0),
    ("win_bonus", 10.0, "points added to a playout's value when it reaches the game's end with the seat first "
     "(shared on ties)", 0.0, 1000.0),
)
N_SEARCH_PARAMS = len(SEARCH_PARAMS)
SEARCH_DEFAULTS = tuple(row[1] for row in SEARCH_PARAMS)
(S_BUDGET, S_CANDIDATES, S_HORIZON, S_ROLLOUT, S_MONEY, S_WIN) = range(N_SEARCH_PARAMS)
STRICT_SEARCH = ("budget", "candidates", "horizon", "rollout")   # accepted ranges; the values are tunable weights
assert N_SEARCH_PARAMS <= N_POLICY_PARAMS

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", POLICY_CODES["uniform"],
        "The spec's measuring stick (§9.1): every decision uniform over its legal options (prices, buy/pass, "
        "placements, bonus cards to give back); a downstairs wild reward uniform over all seven types, even one "
        "without a use (it is lost), and a sleeping reward a uniform stack, then a uniform number of tiles, then a "
        "uniform subset of that size.",
    ),
    "random": PolicyInfo(
        "random", POLICY_CODES["random"],
        "Every decision uniform over its legal option list (PROTOCOL 4); a downstairs wild reward uniform among "
        "the reward types that have a use now.",
    ),
    "greedy": PolicyInfo(
        "greedy", POLICY_CODES["greedy"],
        "Draws nothing. Places for the most immediate points plus the completion rewards it earns (ties: fewer "
        "blocked doorways); buys the room or piece whose best placement gains the most per 1,000 marks of net "
        "cost, and passes when no buy gains anything; as master builder gives the cheapest slots to the rooms it "
        "values most (base points, completion reward per door, bonus-card and King's Favor progress); gives back "
        "the bonus card worth least now. Its weights are a fixed row of its own, so the baseline does not move "
        "when heuristic is re-tuned (PROTOCOL 8).",
    ),
    "heuristic": PolicyInfo(
        "heuristic", POLICY_CODES["heuristic"],
        "Draws nothing. Values a placement by its points and weighted completion rewards, minus the doorways it "
        "blocks, plus room to grow (new OPEN doorways); shortlists the buys with the highest placement-free value "
        "(the room's tile value, or piece_value per market room it cannot place yet) per 1,000 marks and buys the "
        "one whose best placement value, plus the bonus-card and King's Favor progress a room brings, is highest "
        "per 1,000 marks of net cost, passing when none beats pass_bias; as master builder prices dear what any "
        "buyer would want (PROTOCOL 8).",
        tuple(PolicyParam(*row) for row in HEURISTIC_PARAMS),
    ),
    "search": PolicyInfo(
        "search", POLICY_CODES["search"],
        "Looks ahead with the engine (search.py): at each of its turns (the first action; food extras as heuristic) "
        "and as master builder (the pricing) it shortlists `candidates` options by heuristic's value (heuristic's "
        "choice first), plays each out on the same re-deals of what it cannot see (the room-card deck, the "
        "stacks, the others' bonus cards and the bonus deck, from its own stream) with `rollout` in every seat to "
        "`horizon` rounds past the current one, values a playout by its score as if the game ended there minus the "
        "best other's (marks at money_value, plus win_bonus at the game's end) and spends `budget` playouts by "
        "sequential halving; placements, rewards and bonus cards are heuristic's.",
        tuple(PolicyParam(*row, strict=row[0] in STRICT_SEARCH) for row in SEARCH_PARAMS),
    ),
}
assert set(POLICIES) == set(POLICY_CODES)
