"""Zooloretto's rules as numba primitives: `state.py` (the state array and every rule of the spec as a function
on it) and `money.py` (the money actions and the canonical list of turn options). The policies (`policies/`) call
them; `loop.py`, `lookahead.py` and `play.py` beside this folder play games with both."""
