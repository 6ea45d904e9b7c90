"""Animal tile codes for the truck games' rule tests (Zooloretto, Zooloretto Mini; PROTOCOL 2 of both): 4 * species +
class, written out here rather than taken from the code under test."""
from __future__ import annotations


def plain(s: int) -> int:
    """A plain (or used fertile) animal of species s."""
    return 4 * s


def male(s: int) -> int:
    return 4 * s + 1


def female(s: int) -> int:
    return 4 * s + 2


def baby(s: int) -> int:
    """An offspring."""
    return 4 * s + 3


def removed_species(rng, species: int, removed: int) -> list[int]:
    """The species a setup removes, drawn from `rng` (a PyRng mirroring the game's) as PROTOCOL 3 of both games says:
    a partial Fisher-Yates over [0, species), whose first `removed` leave the game; sorted."""
    order = list(range(species))
    for i in range(removed):
        j = i + rng.below(species - i)
        order[i], order[j] = order[j], order[i]
    return sorted(order[:removed])
