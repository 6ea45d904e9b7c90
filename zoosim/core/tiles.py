"""The tile bag of the Zooloretto family: species removed at random (the truck games), animal tiles and runs of
other tiles laid out in canonical order (the shuffle is core.rng.shuffle). The games' PROTOCOL.md section 3 describe
this order; keeping it in one place keeps their setups identical.
"""
from __future__ import annotations

from numba import njit

from zoosim.core.rng import below


@njit(cache=True, _nrt=False)
def species_in_play(rng, species, removed, scratch):
    """Partial Fisher-Yates over [0, species): the first `removed` leave the game. Returns the species in
    play as a bit mask (bit s for species s; at most 63). `scratch` (the deck, before the tiles are laid
    out) holds the order, so nothing is allocated per game."""
    for i in range(species):
        scratch[i] = i
    for i in range(removed):
        j = i + below(rng, species - i)
        held = scratch[i]
        scratch[i] = scratch[j]
        scratch[j] = held
    in_play = 0
    for i in range(removed, species):
        in_play |= 1 << scratch[i]
    return in_play


@njit(cache=True, _nrt=False)
def lay_out_animals(deck, n, in_play, species, males, females, per_species):
    """Append the tiles of each species in the `in_play` mask (fertile males 4s+1, females 4s+2, plain 4s)
    from deck[n]."""
    for s in range(species):
        if (in_play >> s) & 1 == 0:
            continue
        for _ in range(males):
            deck[n] = 4 * s + 1
            n += 1
        for _ in range(females):
            deck[n] = 4 * s + 2
            n += 1
        for _ in range(per_species - males - females):
            deck[n] = 4 * s
            n += 1
    return n




@njit(cache=True, _nrt=False, inline="always")
def append_tiles(pool, n, code, count):
    """pool[n:n+count] = code; returns the new length (the searches' and lookahead's pools of unseen tiles)."""
    for _ in range(count):
        pool[n] = code
        n += 1
    return n


@njit(cache=True, _nrt=False)
def lay_out_kinds(deck, n, first_code, kinds, per_kind):
    """Append `per_kind` tiles of each of `kinds` kinds (codes first_code, first_code + 1, ...) from deck[n]."""
    for kind in range(kinds):
        for _ in range(per_kind):
            deck[n] = first_code + kind
            n += 1
    return n
