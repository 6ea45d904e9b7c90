"""New York Zoo's policies as plain data: what each is and does (`POLICIES`, printed by `zoosim policies`),
the codes the engine knows them by, and how many parameters a seat carries.

The numba policies are in engine/: `decide.py` hands each decision to the seat's policy, `greedy.py`
and `heuristic.py` score the options; `reference/policies.py` is the same code in plain Python. The `search`
player's side of the game is `search.py` (it drives the game loop from outside, see play.py).
"""
from __future__ import annotations

from zoosim.games.base import PolicyInfo, PolicyParam

POLICY_UNIFORM, POLICY_GREEDY, POLICY_HEURISTIC, POLICY_SEARCH = range(4)  # policy ids (S[G_POLICY + seat])
MAX_PARAMS = 16  # parameters per seat (the width of the engine's F)
# A search seat's turn is played with POLICY_SEARCH in S and, in its F row, the heuristic's weights (0..12) and the
# two forced options of the chosen candidate: the destination and the turn's first tile or animal decision
# (engine/decide.py); every other decision of that turn is the heuristic's.
F_FORCED_DEST, F_FORCED_SUB = 14, 15

# greedy's fixed weights by index: isolated cells, fill, cover, own breeding, rivals' breeding, house
H_ISOLATED, H_FILL, H_COVER, H_BREED, H_RIVAL_BREED, H_HOUSE = range(6)
GREEDY_WEIGHTS = (4.0, 6.0, 1.0, 0.0, 0.0, 0.25)

# heuristic's parameters by index: the order of its PolicyParams below (tests/games/new_york_zoo/test_policies.py
# checks it); the numba and the reference heuristic read them so
PARAM_NAMES = ("isolated_weight", "pair_weight", "exposed_weight", "cover_value", "attraction_value", "fill_value",
               "progress_value", "house_value", "breed_value", "rival_breed_weight", "fit_weight", "kind_value",
               "deny_weight")
(W_ISOLATED, W_PAIR, W_EXPOSED, W_COVER, W_ATTRACTION, W_FILL, W_PROGRESS, W_HOUSE, W_BREED, W_RIVAL, W_FIT,
 W_KIND, W_DENY) = range(13)
WIN = 1000.0  # the heuristic's value of a move that covers the last square

# search's parameters by index (the order of its PolicyParams below)
SEARCH_PARAM_NAMES = ("budget", "candidates", "horizon", "win_bonus", "rollout", "replies")
SP_BUDGET, SP_CANDIDATES, SP_HORIZON, SP_WIN_BONUS, SP_ROLLOUT, SP_REPLIES = range(6)
MAX_CANDIDATES = 32  # the widest shortlist (the `candidates` parameter is clamped to 1..MAX_CANDIDATES)

POLICIES = {
    "uniform": PolicyInfo(
        "uniform", POLICY_UNIFORM,
        "Uniform at every decision (PROTOCOL.md section 6): destination, then orientation and offset of "
        "a tile, then each animal choice, each a uniform draw among the legal options listed there.",
    ),
    "greedy": PolicyInfo(
        "greedy", POLICY_GREEDY,
        "Scores every option and takes the first best, no randomness: a tile goes where it leaves the "
        "fewest isolated uncovered cells (weight 4) and touches the fewest uncovered cells; a move is worth "
        "the squares of a harbour's tile, or the animals an animal space brings (filling an enclosure = 6, "
        "for its attraction); breeding, the house bonus, keeping an animal and the attraction are taken; "
        "an attraction kind is chosen by 4 points per square plus its best placement score.",
    ),
    "heuristic": PolicyInfo(
        "heuristic", POLICY_HEURISTIC,
        "Greedy's decisions with option values in squares covered (heuristic.py): a harbour is worth its "
        "tile's squares plus fit_weight times the tile's best placement value; filling an enclosure is "
        "worth fill_value plus attraction_value per square of the largest attraction in the supply that "
        "fits; another animal is worth progress_value times its enclosure's fill fraction; a move is also "
        "worth the breeding on the lines it crosses on the board as the action leaves it (own, less a "
        "share of the rivals'), less deny_weight times the largest harbour tile it leaves the next player; "
        "a move that covers the last square wins; a tile goes where it leaves the fewest isolated "
        "uncovered squares and pairs, then touches the fewest uncovered squares. Defaults: a cross-entropy "
        "search against greedy (seats rotated, 2-5 players); against greedy it wins .92/.47/.46/.30 per "
        "seat at 2/3/4/5 players (fair .50/.33/.25/.20; benchmarks/bench_nyz.py --ladder).",
        (
            PolicyParam("isolated_weight", 4.71, "placement penalty per isolated uncovered square"),
            PolicyParam("pair_weight", 0.611, "placement penalty per square of an isolated uncovered pair"),
            PolicyParam("exposed_weight", 1.5, "placement penalty per uncovered square touching the tile"),
            PolicyParam("cover_value", 1.0, "value per square of a harbour's enclosure tile (the unit)"),
            PolicyParam("attraction_value", 0.064, "value per square of the largest attraction a fill could bring"),
            PolicyParam("fill_value", 0.864, "value of a fill besides its attraction (kept animal, emptied enclosure)"),
            PolicyParam("progress_value", 2.42, "value of an enclosure's fill fraction after an animal that does "
                                                "not fill it"),
            PolicyParam("house_value", 0.554, "value of putting an animal into a free house"),
            PolicyParam("breed_value", 0.493, "weight of what a crossed line's breeding brings the mover"),
            PolicyParam("rival_breed_weight", 0.04, "weight of what a crossed line's breeding brings the rivals "
                                                    "(subtracted)"),
            PolicyParam("fit_weight", 0.436, "weight of a harbour tile's best placement value in the move's value"),
            PolicyParam("kind_value", 2.52, "value per square when choosing an attraction"),
            PolicyParam("deny_weight", 0.117, "weight of the largest harbour tile the next player could take after "
                                              "the move (subtracted)"),
        ),
    ),
    "search": PolicyInfo(
        "search", POLICY_SEARCH,
        "Looks ahead with the engine (search.py): at each of its turns the candidates are the turn's destinations, "
        "each with its first tile placement or animal option (the rest of the turn as the heuristic plays it), "
        "ordered by the heuristic's values so that candidate 0 is the heuristic's own turn; `budget` playouts are "
        "spent over them by sequential halving on common samples. A playout re-deals the tiles hidden below the "
        "stack tops (only their sizes are public), plays the candidate, then the rollout policy in every seat to "
        "the end (or `horizon` turns), and is worth win_bonus x the win share + the best other seat's uncovered "
        "squares less its own (solo: the score). Between its turns it decides as the heuristic. The dial "
        "(zoosim.search.dial): below the default budget the shortlist halves and the playouts stop after 10 turns "
        "(5 at a sixteenth); from four times it, at 2 players, each sample lets the other seat pick the best for "
        "itself of 4 replies (8 at sixteen times). Against heuristic at the default budget it wins 1.00 per "
        "seat-game at 2 players and .965 of one seat's games at 4 (fair .25; budget 12/48/192/768 at 4 players: "
        ".41/.97/.98/1.00; at 2: .97/1.00/.96/.96, where 192 and 768 model a replying opponent, which heuristic "
        "is not): its playouts model the heuristic seats exactly, and only the tiles below the stack tops are "
        "hidden (benchmarks/bench_search.py --ladder).",
        (
            PolicyParam("budget", 48, "playouts per decision: the skill dial (cost grows with it)", 1, 4096, strict=True),
            PolicyParam("candidates", 8, "shortlist width: destinations x their best first decisions, best first "
                                         f"(at most {MAX_CANDIDATES})", 1, MAX_CANDIDATES, strict=True),
            PolicyParam("horizon", 0, "turns played after the candidate's turn before the playout is valued "
                                      "(0: to the game's end)", 0, 200, strict=True),
            PolicyParam("win_bonus", 10.0, "value of a win, in uncovered squares of margin", 0, 100),
            PolicyParam("rollout", 0, "the playouts' policy in every seat: 0 heuristic (default weights), 1 greedy",
                        0, 1, strict=True),
            PolicyParam("replies", 0, "the next seat's replies weighed in each sample: it plays the best for "
                                      "itself of the heuristic's first `replies`, each played out (0 or 1: the "
                                      "rollout policy's turn); at 2 players the dial raises it to 4 at 4x the default "
                                      "budget, 8 at 16x",
                        0, MAX_CANDIDATES, strict=True),
        ),
    ),
}
