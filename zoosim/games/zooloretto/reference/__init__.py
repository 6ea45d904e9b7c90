"""Zooloretto in plain Python, the executable specification: `state.py` (state, setup, placing, breeding,
scoring) and `actions.py` (turns, money actions, rounds, the policies uniform and random, play and replay)."""
