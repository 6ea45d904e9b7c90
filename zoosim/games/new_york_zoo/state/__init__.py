"""New York Zoo's game as numba holds it: the flat game array `S` (layout.py), the 128-bit board masks
(bits.py), and where a tile can go on a player's board (placements.py).

The engine and the policies both read it, and the engine asks the policies at every decision, so it is a
floor below both of them: `engine/` imports `policies/`, both import `state/`, and no circle forms.
"""
