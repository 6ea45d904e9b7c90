"""The tile bag of the truck games (Zooloretto, Zooloretto Mini): species removed at random, animal
tiles laid out in canonical order, and the shuffle. Both games' PROTOCOL.md section 3 describe this
draw order; keeping it in one place keeps their setups identical.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.rng import below


@njit(cache=True)
def species_in_play(rng, species, removed):
    """Partial Fisher-Yates over [0, species): the first `removed` leave the game. Returns a bool mask."""
    order = np.arange(species)
    for i in range(removed):
        j = i + below(rng, species - i)
        held = order[i]
        order[i] = order[j]
        order[j] = held
    in_play = np.zeros(species, np.bool_)
    for i in range(removed, species):
        in_play[order[i]] = True
    return in_play


@njit(cache=True)
def lay_out_animals(deck, n, in_play, males, females, per_species):
    """Append each species in play's tiles (fertile males 4s+1, females 4s+2, plain 4s) from deck[n]."""
    for s in range(in_play.shape[0]):
        if not in_play[s]:
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


@njit(cache=True)
def shuffle(deck, n, rng):
    """Fisher-Yates over deck[0:n], from the last tile down."""
    for i in range(n - 1, 0, -1):
        j = below(rng, i + 1)
        held = deck[i]
        deck[i] = deck[j]
        deck[j] = held
