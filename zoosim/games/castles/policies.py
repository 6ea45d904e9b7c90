"""The Castles policies as data (PROTOCOL.md 8): their engine codes, and `heuristic`'s parameters with the defaults
`greedy` is fixed at. Pure Python, so that the game's listing, `zoosim policies` and the engine read one table."""
from __future__ import annotations

UNIFORM, RANDOM, GREEDY, HEURISTIC = 0, 1, 2, 3
POLICY_CODES = {"uniform": UNIFORM, "random": RANDOM, "greedy": GREEDY, "heuristic": HEURISTIC}

# (name, default, doc), in the order of the engine's parameter row
HEURISTIC_PARAMS = (
    ("w_complete", 1.0, "weight of the completion rewards a placement or a room earns"),
    ("w_block", 1.0, "points lost per doorway a placement blocks (its own or the castle's)"),
    ("w_open", 0.25, "points per OPEN doorway a placement adds to the castle (room to grow)"),
    ("mark_value", 1.0, "points per 1,000 marks spent or earned"),
    ("w_cards", 1.0, "weight of bonus-card points and King's Favor progress a room brings"),
    ("w_intent", 0.5, "pricing: weight of what any buyer wants (priced dear) against what the master builder wants"),
    ("pass_bias", 0.0, "points added to passing"),
    ("piece_value", 2.0, "value of a hallway or stairs before its price"),
)
N_POLICY_PARAMS = len(HEURISTIC_PARAMS)
DEFAULTS = tuple(default for _, default, _ in HEURISTIC_PARAMS)
(W_COMPLETE, W_BLOCK, W_OPEN, W_MARK, W_CARDS, W_INTENT, W_PASS, W_PIECE) = range(N_POLICY_PARAMS)
