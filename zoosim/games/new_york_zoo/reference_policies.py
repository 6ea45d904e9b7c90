"""The scripted policies of `policies.py` in plain Python, for the reference game.

Same option values, same arithmetic order and the same first-best tie rule, so that the engine and the
reference take the same decisions (tests/test_nyz_differential.py).
"""
from __future__ import annotations

from zoosim.games.new_york_zoo import data
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_BONUS_BREED, D_BREED,
    D_DESTINATION, D_ENCLOSURE_PLACE, D_POPULATE_FIRST, D_POPULATE_SECOND, D_SHORT_PLACE, HOUSE, SUPPLY,
)

GREEDY_PARAMS = (4.0, 6.0, 1.0, 0.0, 0.0, 0.25)
ISOLATED, FILL, COVER, BREED, RIVAL_BREED, HOUSE_VALUE = range(6)


def popcount(x: int) -> int:
    return bin(x).count("1")


def spread(x: int, board: data.Board) -> int:
    """The cells orthogonally next to a cell of x."""
    w = board.width
    full = (1 << board.cells) - 1
    not_left = sum(1 << (r * w) for r in range(board.height)) ^ full
    not_right = sum(1 << (r * w + w - 1) for r in range(board.height)) ^ full
    return (((x << 1) & not_left) | ((x >> 1) & not_right) | (x << w) | (x >> w)) & full


def placement_score(free: int, mask: int, board: data.Board, isolated_weight: float) -> float:
    """-(weight * isolated uncovered cells) - (uncovered cells touching the tile), after placing it."""
    u = free & ~mask
    isolated = popcount(u & ~spread(u, board))
    exposed = popcount(spread(mask, board) & u)
    return -(isolated_weight * isolated) - exposed


class ScoredPolicy:
    """greedy (params None) or heuristic (params: isolated, fill, cover, breed, rival_breed, house)."""

    def __init__(self, params=None) -> None:
        self.prm = tuple(params) if params is not None else GREEDY_PARAMS

    def choose(self, match, kind: int, player: int, options: list, context: int = 0) -> int:
        if len(options) <= 1:
            return 0
        p = match.players[player]
        if kind in (D_ENCLOSURE_PLACE, D_ATTRACTION_PLACE, D_SHORT_PLACE):
            return self.best_placement(p, context, options)[0]
        if kind == D_ATTRACTION_KIND:
            values = []
            for tile in options:
                legal = match.legal_placements(p, tile)
                values.append(4.0 * data.TILES[tile].size + self.best_placement(p, tile, legal)[1])
            return first_best(values)
        return first_best([self.value(match, kind, p, o, context) for o in options])

    def best_placement(self, p, tile: int, options: list[int]) -> tuple[int, float]:
        from zoosim.games.new_york_zoo.reference import placements_on_empty

        masks = placements_on_empty(p.board, tile)
        free = ((1 << p.board.cells) - 1) & ~p.covered
        scores = [placement_score(free, masks[i], p.board, self.prm[ISOLATED]) for i in options]
        i = first_best(scores)
        return i, scores[i]

    def value(self, match, kind: int, p, option, context: int) -> float:
        prm = self.prm
        if kind == D_DESTINATION:
            return self.destination_value(match, p, option[0], option[2])
        if kind == D_POPULATE_FIRST:
            species, source = option
            return p.houses[species] * 0.5 + (2.0 if source == HOUSE else 0.0)
        if kind == D_POPULATE_SECOND:
            return 1.0 if option[1] == HOUSE else (0.0 if option[1] == SUPPLY else -1.0)
        if kind == D_ANIMAL_OPTION:
            first, second = option
            v = self.animal_value(p, first)
            if second >= 0:
                v += max(self.animal_value(p, second), 0.0)
            return v
        if kind == D_ANIMAL_DEST:
            if option == SUPPLY:
                return 0.0
            if option == HOUSE:
                return prm[HOUSE_VALUE]
            return self.enclosure_gain(p, option, context)
        if kind == D_BREED:
            v = 0.0
            for e in option:
                v += 1.0 + self.enclosure_gain(p, e, p.enclosures[e].species)
            return v
        if kind == D_BONUS_BREED:
            return 0.0 if option < 0 else 1.0 + self.enclosure_gain(p, option, p.enclosures[option].species)
        return float(option)  # [no, yes] decisions: house bonus, keep, take the attraction

    def enclosure_gain(self, p, e_index: int, species: int) -> float:
        e = p.enclosures[e_index]
        after = e.count + 1
        if after < e.capacity and p.houses[species] > 0:
            after += 1
        if after >= e.capacity:
            return self.prm[FILL]
        return after / e.capacity

    def breeding_gain(self, p, species: int) -> float:
        """What a breeding event of `species` is worth to p: the gains of its 2 best enclosures."""
        gains = sorted((self.enclosure_gain(p, i, species) for i, e in enumerate(p.enclosures)
                        if e.species == species and e.count >= 2), reverse=True)
        return (gains[0] if gains else 0.0) + (gains[1] if len(gains) > 1 else 0.0)

    def animal_value(self, p, species: int) -> float:
        best = self.prm[HOUSE_VALUE] if p.free_houses() > 0 else -1.0
        for i, e in enumerate(p.enclosures):
            if e.count == 0 or e.species == species:
                v = self.enclosure_gain(p, i, species)
                if v > best:
                    best = v
        return best

    def destination_value(self, match, p, dest: int, raw: int) -> float:
        prm = self.prm
        space = data.SPACES[dest]
        if space["kind"] == "harbour":
            value = prm[COVER] * data.TILES[match.stacks[data.HARBOUR_SPACES.index(dest)][-1]].size
        else:
            a, b = (data.species_index(x) for x in space["animals"])
            value = max(self.animal_value(p, a), 0.0) + max(self.animal_value(p, b), 0.0)
            for s in range(data.N_SPECIES):
                value = max(value, self.animal_value(p, s))
        if prm[BREED] != 0.0 or prm[RIVAL_BREED] != 0.0:
            pos = match.elephant
            for _ in range(raw):
                pos = pos % data.N_SPACES + 1
                if pos in data.LINE_SPECIES_AT:
                    x = data.LINE_SPECIES_AT[pos]
                    value += prm[BREED] * self.breeding_gain(p, x)
                    for q in match.players:
                        if q is not p:
                            value -= prm[RIVAL_BREED] * self.breeding_gain(q, x)
        return value


def first_best(values: list[float]) -> int:
    best, best_value = 0, -1e18
    for i, v in enumerate(values):
        if v > best_value:
            best, best_value = i, v
    return best
