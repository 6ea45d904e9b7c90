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
