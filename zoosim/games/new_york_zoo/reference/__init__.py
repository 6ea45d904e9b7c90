"""New York Zoo in plain Python, the executable spec: the game (game.py), the pieces it and its policies
share (pieces.py), and the scripted policies of `engine/` written out plainly (policies.py)."""
from zoosim.games.new_york_zoo.reference.game import (
    GameOver, Match, Player, UniformPolicy, play, policy_for, solo_score,
)
from zoosim.games.new_york_zoo.reference.pieces import Enclosure, placements_on_empty

__all__ = ["Enclosure", "GameOver", "Match", "Player", "UniformPolicy", "placements_on_empty", "play", "policy_for",
           "solo_score"]
