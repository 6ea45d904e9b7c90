"""Zooloretto Mini in plain Python, the executable specification: `state.py` (state, setup, placing, breeding,
bonuses, scoring) and `actions.py` (turns, rounds, the policies uniform and random, play and replay)."""
