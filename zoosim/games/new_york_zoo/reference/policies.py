"""The scripted policies of `engine/greedy.py` and `engine/heuristic.py` in plain Python, for the reference game.

Same option values, same arithmetic order and the same first-best tie rule, so that the engine and the
reference take the same decisions (tests/games/new_york_zoo/test_differential.py).
"""
from __future__ import annotations

from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.policies import (
    GREEDY_WEIGHTS, H_BREED, H_COVER, H_FILL, H_HOUSE, H_ISOLATED, H_RIVAL_BREED, W_ATTRACTION, W_BREED, W_COVER,
    W_DENY, W_EXPOSED, W_FILL, W_FIT, W_HOUSE, W_ISOLATED, W_KIND, W_PAIR, W_PROGRESS, W_RIVAL, WIN,
)
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_BONUS_BREED, D_BREED,
    D_DESTINATION, D_ENCLOSURE_PLACE, D_POPULATE_FIRST, D_POPULATE_SECOND, D_SHORT_PLACE, HOUSE, SUPPLY,
)
from zoosim.games.new_york_zoo.reference.pieces import Enclosure, placements_on_empty


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
    """greedy: engine/greedy.py's option values (its weights are GREEDY_WEIGHTS)."""

    def __init__(self) -> None:
        self.prm = GREEDY_WEIGHTS

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

        masks = placements_on_empty(p.board, tile)
        free = ((1 << p.board.cells) - 1) & ~p.covered
        scores = [placement_score(free, masks[i], p.board, self.prm[H_ISOLATED]) for i in options]
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
                return prm[H_HOUSE]
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
            return self.prm[H_FILL]
        return after / e.capacity

    def breeding_gain(self, p, species: int) -> float:
        """What a breeding event of `species` is worth to p: the gains of its 2 best enclosures."""
        gains = sorted((self.enclosure_gain(p, i, species) for i, e in enumerate(p.enclosures)
                        if e.species == species and e.count >= 2), reverse=True)
        return (gains[0] if gains else 0.0) + (gains[1] if len(gains) > 1 else 0.0)

    def animal_value(self, p, species: int) -> float:
        best = self.prm[H_HOUSE] if p.free_houses() > 0 else -1.0
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
            value = prm[H_COVER] * data.TILES[match.stacks[data.HARBOUR_SPACES.index(dest)][-1]].size
        else:
            a, b = (data.species_index(x) for x in space["animals"])
            value = max(self.animal_value(p, a), 0.0) + max(self.animal_value(p, b), 0.0)
            for s in range(data.N_SPECIES):
                value = max(value, self.animal_value(p, s))
        if prm[H_BREED] != 0.0 or prm[H_RIVAL_BREED] != 0.0:
            pos = match.elephant
            for _ in range(raw):
                pos = pos % data.N_SPACES + 1
                if pos in data.LINE_SPECIES_AT:
                    x = data.LINE_SPECIES_AT[pos]
                    value += prm[H_BREED] * self.breeding_gain(p, x)
                    for q in match.players:
                        if q is not p:
                            value -= prm[H_RIVAL_BREED] * self.breeding_gain(q, x)
        return value


def first_best(values: list[float]) -> int:
    best, best_value = 0, -1e18
    for i, v in enumerate(values):
        if v > best_value:
            best, best_value = i, v
    return best


# ---------------------------------------------------------------- heuristic (engine/heuristic.py)
def exactly_one_neighbour(u: int, board: data.Board) -> int:
    """The cells of u with exactly one orthogonal neighbour in u."""
    w = board.width
    full = (1 << board.cells) - 1
    not_left = sum(1 << (r * w) for r in range(board.height)) ^ full
    not_right = sum(1 << (r * w + w - 1) for r in range(board.height)) ^ full
    right, left, below, above = (u >> 1) & not_right, (u << 1) & not_left, u >> w, u << w
    odd = right ^ left ^ below ^ above
    two = (right & left) | (below & above) | ((right | left) & (below | above))
    return u & odd & ~two


class HeuristicPolicy:
    """heuristic: engine/heuristic.py's option values with the parameters of its PolicySpec."""

    def __init__(self, params) -> None:
        self.prm = tuple(params)

    def placement_value(self, free: int, mask: int, board: data.Board) -> float:
        prm = self.prm
        u = free & ~mask
        isolated = popcount(u & ~spread(u, board))
        one = exactly_one_neighbour(u, board)
        pairs = popcount(one & spread(one, board))
        exposed = popcount(spread(mask, board) & u)
        return -(prm[W_ISOLATED] * isolated + prm[W_PAIR] * pairs + prm[W_EXPOSED] * exposed)

    def best_placement(self, match, p, tile: int) -> tuple[int, float]:

        masks = placements_on_empty(p.board, tile)
        free = ((1 << p.board.cells) - 1) & ~p.covered
        best, best_value = -1, -1e18
        for rank, i in enumerate(match.legal_placements(p, tile)):
            v = self.placement_value(free, masks[i], p.board)
            if v > best_value:
                best, best_value = rank, v
        return best, best_value

    def attraction_size(self, match, p) -> int:
        for k in range(data.N_ATTRACTION_KINDS - 1, -1, -1):
            tile = data.ATTRACTION_BASE + k
            if (data.TILES[tile].unlimited or match.supply[k] > 0) and match.legal_placements(p, tile):
                return data.TILES[tile].size
        return 0

    def fill_value(self, match, p) -> float:
        return self.prm[W_ATTRACTION] * self.attraction_size(match, p) + self.prm[W_FILL]

    def enclosure_gain(self, p, e_index: int, species: int, fill: float) -> float:
        e = p.enclosures[e_index]
        after = e.count + 1
        if after < e.capacity and p.houses[species] > 0:
            after += 1
        if after >= e.capacity:
            return fill
        return self.prm[W_PROGRESS] * after / e.capacity

    def animal_choice(self, p, species: int, fill: float) -> tuple[float, int]:
        best, best_e = (self.prm[W_HOUSE] if p.free_houses() > 0 else -1.0), -1
        for i, e in enumerate(p.enclosures):
            if e.count == 0 or e.species == species:
                v = self.enclosure_gain(p, i, species, fill)
                if v > best:
                    best, best_e = v, i
        return best, best_e

    def animal_value(self, p, species: int, fill: float) -> float:
        return self.animal_choice(p, species, fill)[0]

    def breeding_gain(self, p, species: int, fill: float) -> float:
        best1 = best2 = 0.0
        for i, e in enumerate(p.enclosures):
            if e.species == species and e.count >= 2:
                v = self.enclosure_gain(p, i, species, fill)
                if v > best1:
                    best1, best2 = v, best1
                elif v > best2:
                    best2 = v
        return best1 + best2

    @staticmethod
    def can_fill(p, species: int) -> bool:
        for e in p.enclosures:
            if e.count > 0 and e.species == species:
                after = e.count + 1
                if after < e.capacity and p.houses[species] > 0:
                    after += 1
                if after >= e.capacity:
                    return True
        return False

    @staticmethod
    def finishing_attraction(match, p, left: int) -> bool:
        for k, t in enumerate(data.TILES[data.ATTRACTION_BASE:]):
            tile = data.ATTRACTION_BASE + k
            if t.size == left and (t.unlimited or match.supply[k] > 0) and match.legal_placements(p, tile):
                return True
        return False

    @staticmethod
    def next_player_threat(match, p, dest: int) -> float:
        q = match.players[(p.seat + 1) % match.n]
        if q is p:
            return 0.0
        left = q.cells_left()
        lo, hi = match.rules.move_range(match.n)
        mine = data.HARBOUR_SPACES.index(dest) if dest in data.HARBOUR_SPACES else -1
        best, pos, k = 0.0, dest, 0
        while k < hi:
            pos = pos % data.N_SPACES + 1
            h = data.HARBOUR_SPACES.index(pos) if pos in data.HARBOUR_SPACES else -1
            height = len(match.stacks[h]) - (1 if h == mine else 0) if h >= 0 else 0
            if h >= 0 and height == 0:
                continue
            k += 1
            if h < 0 or k < lo:
                continue
            if h == mine:
                size = data.SPACES[pos]["stack_bottom_to_top"][height - 1]
            else:
                tile = match.stacks[h][height - 1]
                size = data.TILES[tile].size if match.legal_placements(q, tile) else 0
            v = WIN if size == left else float(size)
            if v > best:
                best = v
        return best

    @staticmethod
    def add_virtual_animal(p, e_index: int, species: int) -> None:
        e = p.enclosures[e_index]
        count = e.count + 1
        e.species = species
        if count < e.capacity and p.houses[species] > 0:
            count += 1
            p.houses[species] -= 1
        if count >= e.capacity:
            count, e.species = 0, -1
        e.count = count

    @staticmethod
    def populate_virtually(p, tile: int) -> int:
        new = Enclosure(data.TILES[tile].size)
        old = list(p.enclosures)
        p.enclosures.append(new)
        best = -1
        for s in range(data.N_SPECIES):
            if p.houses[s] > 0 and (best < 0 or p.houses[s] > p.houses[best]):
                best = s
        if best >= 0:
            moved = min(2, p.houses[best])
            p.houses[best] -= moved
            new.species, new.count = best, moved
            return -1
        for s in range(data.N_SPECIES):
            for i, e in enumerate(old):
                if e.species == s and e.count >= 2:
                    e.count -= 1
                    new.species, new.count = s, 1
                    return i
        return -1

    def breeding_value(self, match, p, raw: int, fill: float) -> float:
        prm = self.prm
        value = 0.0
        pos = match.elephant
        for _ in range(raw):
            pos = pos % data.N_SPACES + 1
            if pos in data.LINE_SPECIES_AT:
                x = data.LINE_SPECIES_AT[pos]
                value += prm[W_BREED] * self.breeding_gain(p, x, fill)
                for q in match.players:
                    if q is not p:
                        value -= prm[W_RIVAL] * self.breeding_gain(q, x, self.fill_value(match, q))
        return value

    def breeding_after_action(self, match, p, raw: int, fill: float, tile: int, s1: int, e1: int, s2: int,
                              e2: int) -> float:
        houses = list(p.houses)
        n = len(p.enclosures)
        saved = [(p.enclosures[e].count, p.enclosures[e].species) if e >= 0 else None for e in (e1, e2)]
        source = self.populate_virtually(p, tile) if tile >= 0 else -1
        if e1 >= 0:
            self.add_virtual_animal(p, e1, s1)
        if e2 >= 0:
            self.add_virtual_animal(p, e2, s2)
        value = self.breeding_value(match, p, raw, fill)
        if source >= 0:
            p.enclosures[source].count += 1
        for e, old in ((e2, saved[1]), (e1, saved[0])):
            if e >= 0:
                p.enclosures[e].count, p.enclosures[e].species = old
        del p.enclosures[n:]
        p.houses[:] = houses
        return value

    def destination_value(self, match, p, dest: int, raw: int, fill: float, left: int, finish: bool) -> float:
        prm = self.prm
        space = data.SPACES[dest]
        tile, s1, e1, s2, e2 = -1, -1, -1, -1, -1
        if space["kind"] == "harbour":
            tile = match.stacks[data.HARBOUR_SPACES.index(dest)][-1]
            if data.TILES[tile].size == left:
                return WIN
            value = prm[W_COVER] * data.TILES[tile].size
            if prm[W_FIT] != 0.0:
                value += prm[W_FIT] * self.best_placement(match, p, tile)[1]
        else:
            a, b = (data.species_index(x) for x in space["animals"])
            va, ea = self.animal_choice(p, a, fill)
            vb, eb = self.animal_choice(p, b, fill)
            value = max(va, 0.0) + max(vb, 0.0)
            if va > 0.0:
                s1, e1 = a, ea
            if vb > 0.0 and eb != e1:
                s2, e2 = b, eb
            for s in range(data.N_SPECIES):
                v, e = self.animal_choice(p, s, fill)
                if v > value:
                    value, s1, e1, s2, e2 = v, s, e, -1, -1
            if finish and (self.can_fill(p, a) or self.can_fill(p, b)):
                return WIN
        if prm[W_DENY] != 0.0:
            value -= prm[W_DENY] * self.next_player_threat(match, p, dest)
        if prm[W_BREED] != 0.0 or prm[W_RIVAL] != 0.0:
            value += self.breeding_after_action(match, p, raw, fill, tile, s1, e1, s2, e2)
        return value

    def choose(self, match, kind: int, player: int, options: list, context: int = 0) -> int:
        if len(options) <= 1:
            return 0
        p = match.players[player]
        prm = self.prm
        if kind in (D_ENCLOSURE_PLACE, D_ATTRACTION_PLACE, D_SHORT_PLACE):
            return self.best_placement(match, p, context)[0]
        if kind == D_ATTRACTION_KIND:
            return first_best([prm[W_KIND] * data.TILES[t].size + self.best_placement(match, p, t)[1]
                               for t in options])
        fill, left, finish = 0.0, 0, False
        if kind in (D_DESTINATION, D_ANIMAL_OPTION, D_ANIMAL_DEST, D_BREED, D_BONUS_BREED):
            fill = self.fill_value(match, p)
            left = p.cells_left()
            if kind == D_DESTINATION:
                finish = self.finishing_attraction(match, p, left)
        values = []
        for i, option in enumerate(options):
            if kind == D_DESTINATION:
                v = self.destination_value(match, p, option[0], option[2], fill, left, finish)
            elif kind == D_POPULATE_FIRST:
                species, source = option
                v = p.houses[species] * 0.5 + (2.0 if source == HOUSE else 0.0)
            elif kind == D_POPULATE_SECOND:
                v = 1.0 if option[1] == HOUSE else (0.0 if option[1] == SUPPLY else -1.0)
            elif kind == D_ANIMAL_OPTION:
                first, second = option
                v = self.animal_value(p, first, fill)
                if second >= 0:
                    v += max(self.animal_value(p, second, fill), 0.0)
            elif kind == D_ANIMAL_DEST:
                v = 0.0 if option == SUPPLY else (prm[W_HOUSE] if option == HOUSE
                                                  else self.enclosure_gain(p, option, context, fill))
            elif kind == D_BREED:
                v = 0.0
                for e in option:
                    v += 1.0 + self.enclosure_gain(p, e, p.enclosures[e].species, fill)
            elif kind == D_BONUS_BREED:
                v = 0.0 if option < 0 else 1.0 + self.enclosure_gain(p, option, p.enclosures[option].species, fill)
            else:  # [no, yes] decisions
                v = float(i)
            values.append(v)
        return first_best(values)
