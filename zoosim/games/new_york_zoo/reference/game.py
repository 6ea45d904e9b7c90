"""New York Zoo in plain Python: the executable spec.

Readable and slow on purpose. It plays exactly the game of the numba engine (`engine/`) for the same
(rules, players, policies, seed, game index): same random draws, same options in the same order, same
event log (PROTOCOL.md). Each rule of the spec is one method, named after it.
Boards are Python ints used as bit sets (cell = row * width + col).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from zoosim.core.rng import PyRng
from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_ATTRACTION_TAKE, D_BONUS_BREED,
    D_BREED, D_DESTINATION, D_ENCLOSURE_PLACE, D_HOUSE_BONUS, D_KEEP, D_POPULATE_FIRST, D_POPULATE_SECOND,
    D_SHORT_PLACE, END_COVERED, END_SOLO_LAPS, END_TURN_CAP, EV_ANIMAL, EV_BRED, EV_BREEDING, EV_END,
    EV_ENCLOSURE, EV_FULL, EV_KEEP, EV_MOVE, EV_PASS, EV_ATTRACTION, HOUSE, SUPPLY,
)
from zoosim.games.new_york_zoo.reference.pieces import Enclosure, placements_on_empty
from zoosim.games.new_york_zoo.reference.policies import HeuristicPolicy, ScoredPolicy
from zoosim.games.new_york_zoo.rules import SOLO_TILE_4_PLUS, Rules, validate

N_HARBOURS = len(data.HARBOUR_SPACES)
LINE_ORDER = sorted(data.LINE_SPECIES_AT)  # spaces entered by the lines, in line index order
ANIMAL_PAIR = {n: tuple(data.species_index(a) for a in s["animals"]) for n, s in data.SPACES.items()
               if s["kind"] == "animals"}


@dataclass
class Player:
    seat: int
    board: data.Board
    covered: int  # house corner + every placed tile
    houses: list[int] = field(default_factory=list)  # animals per species in houses
    enclosures: list[Enclosure] = field(default_factory=list)
    enclosures_placed: int = 0
    attractions_taken: int = 0
    breedings: int = 0
    own_turns: int = 0
    turns_to_finish: int = -1

    @property
    def full_mask(self) -> int:
        return (1 << self.board.cells) - 1

    def cells_left(self) -> int:
        return bin(self.full_mask & ~self.covered).count("1")

    def is_covered(self) -> bool:
        return self.covered == self.full_mask

    def free_houses(self) -> int:
        return self.board.houses - sum(self.houses)

    def animals(self) -> int:
        return sum(self.houses) + sum(e.count for e in self.enclosures)


class GameOver(Exception):
    """Raised when a covered board ends the game (win_check) or the solo laps are done."""


class UniformPolicy:
    """Uniform at each decision: option below(n); no draw when there is a single option."""

    def choose(self, match: "Match", kind: int, player: int, options: list, context: int = 0) -> int:
        return match.rng.below(len(options)) if len(options) > 1 else 0


class Match:
    """One game. `play()` runs it to the end; `events` is the protocol's event log."""

    def __init__(self, rules: Rules, players: int, policies: list, seed: int, game_index: int) -> None:
        validate(rules, players)
        self.rules = rules
        self.n = players
        self.policies = policies
        self.rng = PyRng(seed, game_index)
        self.events: list[tuple[int, int, int, int, int, int]] = []
        self.cap = rules.max_added_per_enclosure_per_turn
        self.over = False
        self.end_reason = END_TURN_CAP
        self.turns = 0
        self.travelled = 0  # solo T: raw spaces moved since setup
        self.solo_face_up = [True] * len(rules.solo_tiles())
        self.elephant = data.START_SPACE
        self.supply = [t.count for t in data.TILES[data.ATTRACTION_BASE:]]
        self.stacks: list[list[int]] = []
        self.players = [self._new_player(seat) for seat in range(players)]
        self.setup()

    # ------------------------------------------------------------ setup
    def _new_player(self, seat: int) -> Player:
        board = data.board_for(self.n, seat, self.rules.solo_side)
        player = Player(seat, board, board.house_corner, houses=[0] * data.N_SPECIES)
        for species in board.start_animals:
            player.houses[species] += 1
        return player

    def setup(self) -> None:
        """Shuffle each size, deal the harbour stacks; remove the tops (solo, short game); deal the short game."""
        by_size = {}
        for size in (4, 5, 6, 7):
            tiles = [t.index for t in data.TILES if not t.is_attraction and t.size == size]
            self.shuffle(tiles)
            by_size[size] = tiles
        for h in data.HARBOUR_SPACES:
            self.stacks.append([by_size[size].pop(0) for size in data.SPACES[h]["stack_bottom_to_top"]])
        if self.n == 1 or self.rules.short_game:
            removed = [stack.pop() for stack in self.stacks]
            if self.rules.short_game:
                self.deal_short_game(removed)

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.rng.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def deal_short_game(self, removed: list[int]) -> None:
        """Short game: shuffle the removed 7s, then the removed 6s; each seat places its tiles as empty enclosures."""
        sevens = [t for t in removed if data.TILES[t].size == 7]
        sixes = [t for t in removed if data.TILES[t].size == 6]
        self.shuffle(sevens)
        self.shuffle(sixes)
        k7, k6 = self.rules.short_game_heptominoes_per_player, self.rules.short_game_hexominoes_per_player
        for p in self.players:
            dealt = sevens[p.seat * k7:(p.seat + 1) * k7] + sixes[p.seat * k6:(p.seat + 1) * k6]
            for tile in dealt:
                options = self.legal_placements(p, tile)
                if options:  # a tile that no longer fits leaves the game
                    i = self.choose(D_SHORT_PLACE, p.seat, options, tile)
                    self.place_enclosure(p, tile, options[i], short_game=True)

    # ------------------------------------------------------------ helpers
    def choose(self, kind: int, player: int, options: list, context: int = 0) -> int:
        """Ask the player's policy; `context` is the tile placed or the species placed (PROTOCOL 6)."""
        return self.policies[player].choose(self, kind, player, options, context)

    def log(self, kind: int, player: int, a: int = 0, b: int = 0, c: int = 0, d: int = 0) -> None:
        self.events.append((kind, player, a, b, c, d))

    def legal_placements(self, p: Player, tile: int) -> list[int]:
        """Indices into the empty-board placement list of the placements on uncovered brown cells."""
        return [i for i, m in enumerate(placements_on_empty(p.board, tile)) if m & p.covered == 0]

    def cap_ok(self, e: Enclosure) -> bool:
        return self.cap == 0 or e.added < self.cap

    def accepts(self, e: Enclosure, species: int) -> bool:
        return (e.count == 0 or e.species == species) and self.cap_ok(e)

    def can_place(self, p: Player, species: int) -> bool:
        return p.free_houses() > 0 or any(self.accepts(e, species) for e in p.enclosures)

    def can_populate(self, p: Player) -> bool:
        return sum(p.houses) > 0 or any(e.count >= 2 for e in p.enclosures)

    def add_animal(self, p: Player, e_index: int, species: int, source: int) -> None:
        e = p.enclosures[e_index]
        e.species = species
        e.count += 1
        e.added += 1
        e.received = True
        self.log(EV_ANIMAL, p.seat, species, e_index, source)

    # ------------------------------------------------------------ movement
    def walk(self, start: int, steps: int) -> tuple[int, int, list[int]]:
        """Move `steps` counted spaces clockwise: (destination, raw spaces, species of the lines crossed)."""
        pos, raw, counted, lines = start, 0, 0, []
        while counted < steps:
            pos = pos % data.N_SPACES + 1
            raw += 1
            if pos in data.LINE_SPECIES_AT:
                lines.append(pos)
            if data.SPACES[pos]["kind"] == "animals" or self.stacks[data.HARBOUR_SPACES.index(pos)]:
                counted += 1
        return pos, raw, lines

    def legal_destination(self, p: Player, space: int) -> bool:
        if data.SPACES[space]["kind"] == "harbour":
            stack = self.stacks[data.HARBOUR_SPACES.index(space)]
            if not stack or not self.legal_placements(p, stack[-1]):
                return False
            return not self.rules.harbour_requires_populate or self.can_populate(p)
        if not self.rules.animal_space_requires_placement:
            return True
        return any(self.can_place(p, s) for s in self.allowed_species(space))

    def allowed_species(self, space: int) -> list[int]:
        if self.rules.single_animal_any_species:
            return list(range(data.N_SPECIES))
        return list(ANIMAL_PAIR[space])

    def move_options(self, p: Player) -> list[tuple[int, int, int, list[int], int]]:
        """Legal moves as (destination, counted steps, raw spaces, lines, solo tile or -1), protocol order."""
        out = []
        if self.n > 1:
            lo, hi = self.rules.move_range(self.n)
            for k in range(lo, hi + 1):
                dest, raw, lines = self.walk(self.elephant, k)
                if self.legal_destination(p, dest):
                    out.append((dest, k, raw, lines, -1))
            return out
        for t, value in enumerate(self.rules.solo_tiles()):
            if not self.solo_face_up[t]:
                continue
            if value == 0:
                if self.legal_destination(p, self.elephant):
                    out.append((self.elephant, 0, 0, [], t))
            elif value == SOLO_TILE_4_PLUS:
                k = 4
                while True:
                    dest, raw, lines = self.walk(self.elephant, k)
                    if raw > self.rules.solo_max_raw_move:
                        break
                    if self.legal_destination(p, dest):
                        out.append((dest, k, raw, lines, t))
                    k += 1
            else:
                dest, raw, lines = self.walk(self.elephant, value)
                if self.legal_destination(p, dest):
                    out.append((dest, value, raw, lines, t))
        pos, raw, lines = self.elephant, 0, []
        while True:  # free move to the next animal space
            pos = pos % data.N_SPACES + 1
            raw += 1
            if pos in data.LINE_SPECIES_AT:
                lines.append(pos)
            if data.SPACES[pos]["kind"] == "animals":
                break
        if self.legal_destination(p, pos):
            out.append((pos, 0, raw, lines, -1))
        return out

    # ------------------------------------------------------------ placing tiles
    def place_enclosure(self, p: Player, tile: int, placement: int, short_game: bool = False) -> None:
        p.covered |= placements_on_empty(p.board, tile)[placement]
        p.enclosures.append(Enclosure(data.TILES[tile].size))
        p.enclosures_placed += 1
        self.log(EV_ENCLOSURE, p.seat, tile, placement, len(p.enclosures) - 1, int(short_game))
        self.after_tile_placed(p)

    def after_tile_placed(self, p: Player) -> None:
        if p.is_covered() and p.turns_to_finish < 0:
            p.turns_to_finish = p.own_turns
        if self.rules.win_check == "immediate" and p.is_covered():
            self.end(END_COVERED)

    def end(self, reason: int) -> None:
        self.over = True
        self.end_reason = reason
        raise GameOver

    # ------------------------------------------------------------ harbour action (5.2)
    def harbour_action(self, p: Player, space: int) -> None:
        tile = self.stacks[data.HARBOUR_SPACES.index(space)].pop()
        options = self.legal_placements(p, tile)
        self.place_enclosure(p, tile, options[self.choose(D_ENCLOSURE_PLACE, p.seat, options, tile)])
        self.populate(p, len(p.enclosures) - 1)

    def populate_sources(self, p: Player, target: int, species: int) -> list[tuple[int, int]]:
        """(species, source) pairs: the house, then enclosures with 2+ animals, ascending."""
        out = []
        for s in ([species] if species >= 0 else range(data.N_SPECIES)):
            if p.houses[s] > 0:
                out.append((s, HOUSE))
            out += [(s, i) for i, e in enumerate(p.enclosures) if i != target and e.species == s and e.count >= 2]
        return out

    def populate(self, p: Player, target: int) -> None:
        new = p.enclosures[target]
        first = self.populate_sources(p, target, -1) if self.cap_ok(new) else []
        if not first:
            return
        species, source = first[self.choose(D_POPULATE_FIRST, p.seat, first)]
        self.take_from(p, species, source)
        self.add_animal(p, target, species, source)
        second = [(species, SUPPLY)] + self.populate_sources(p, target, species) if self.cap_ok(new) else []
        if len(second) > 1:
            species, source = second[self.choose(D_POPULATE_SECOND, p.seat, second)]
            if source != SUPPLY:  # the first option means "stop"
                self.take_from(p, species, source)
                self.add_animal(p, target, species, source)

    def take_from(self, p: Player, species: int, source: int) -> None:
        if source == HOUSE:
            p.houses[species] -= 1
        else:
            p.enclosures[source].count -= 1

    # ------------------------------------------------------------ animal-space action (5.3)
    def animal_action(self, p: Player, space: int) -> None:
        a, b = ANIMAL_PAIR[space]
        options = [(a, b), (b, a), (a, -1), (b, -1)]
        if self.rules.single_animal_any_species:
            options += [(s, -1) for s in range(data.N_SPECIES) if s not in (a, b)]
        options = [o for o in options if self.can_place(p, o[0])]
        if not options:
            return  # only when animal_space_requires_placement = false
        first, second = options[self.choose(D_ANIMAL_OPTION, p.seat, options)]
        self.place_animal(p, first, optional=False)
        if second >= 0:
            self.place_animal(p, second, optional=True)

    def place_animal(self, p: Player, species: int, optional: bool) -> None:
        """Place one animal from the supply: a free house or an enclosure; house bonus; full enclosure."""
        dests = ([HOUSE] if p.free_houses() > 0 else []) + [
            i for i, e in enumerate(p.enclosures) if self.accepts(e, species)]
        if optional:
            if not dests:
                return
            dests = [SUPPLY] + dests  # SUPPLY = give the animal up
        dest = dests[self.choose(D_ANIMAL_DEST, p.seat, dests, species)]
        if dest == SUPPLY:
            return
        if dest == HOUSE:
            p.houses[species] += 1
            self.log(EV_ANIMAL, p.seat, species, HOUSE, SUPPLY)
            return
        self.add_animal(p, dest, species, SUPPLY)
        self.house_bonus(p, dest)
        self.resolve_if_full(p, dest)

    def house_bonus(self, p: Player, e_index: int) -> None:
        """May move 1 animal of the enclosure's species from a house into it, if it is not full."""
        e = p.enclosures[e_index]
        if e.count < e.capacity and p.houses[e.species] > 0 and self.cap_ok(e):
            if self.choose(D_HOUSE_BONUS, p.seat, [0, 1]) == 1:
                p.houses[e.species] -= 1
                self.add_animal(p, e_index, e.species, HOUSE)

    # ------------------------------------------------------------ full enclosure (6)
    def resolve_if_full(self, p: Player, e_index: int) -> None:
        e = p.enclosures[e_index]
        if e.count < e.capacity:
            return
        species, count = e.species, e.count
        e.species, e.count = -1, 0
        self.log(EV_FULL, p.seat, e_index, species, count)
        if p.free_houses() > 0 and self.choose(D_KEEP, p.seat, [0, 1]) == 1:
            p.houses[species] += 1
            self.log(EV_KEEP, p.seat, species)
        self.take_attraction(p)

    def take_attraction(self, p: Player) -> None:
        if p.is_covered():
            return
        if not self.rules.attraction_mandatory and self.choose(D_ATTRACTION_TAKE, p.seat, [0, 1]) == 0:
            return
        kinds = []
        for k, tile in enumerate(data.TILES[data.ATTRACTION_BASE:]):
            index = data.ATTRACTION_BASE + k
            if (tile.unlimited or self.supply[k] > 0) and self.legal_placements(p, index):
                kinds.append(index)
        kind = kinds[self.choose(D_ATTRACTION_KIND, p.seat, kinds)]
        options = self.legal_placements(p, kind)
        placement = options[self.choose(D_ATTRACTION_PLACE, p.seat, options, kind)]
        if not data.TILES[kind].unlimited:
            self.supply[kind - data.ATTRACTION_BASE] -= 1
        p.covered |= placements_on_empty(p.board, kind)[placement]
        p.attractions_taken += 1
        self.log(EV_ATTRACTION, p.seat, kind, placement)
        self.after_tile_placed(p)

    # ------------------------------------------------------------ breeding (7)
    def breeding_lines(self, lines: list[int]) -> list[int]:
        """The lines that breed, in the order they breed (spaces entered)."""
        cap = self.rules.max_breedings_per_move
        if cap and len(lines) > cap:
            by_index = sorted(lines, key=LINE_ORDER.index)
            keep = by_index[:max(cap - 1, 1)] + (by_index[-1:] if cap > 1 else [])
            lines = [ln for ln in lines if ln in keep]
        if self.rules.breeding_order == "line_index":
            lines = sorted(lines, key=LINE_ORDER.index)
        return lines

    def breeding_event(self, mover: int, species: int) -> None:
        self.log(EV_BREEDING, mover, species)
        for k in range(self.n):
            self.breed(self.players[(mover + k) % self.n], species)

    def breed(self, p: Player, species: int) -> None:
        for e in p.enclosures:
            e.received = False
        eligible = [i for i, e in enumerate(p.enclosures) if e.species == species and e.count >= 2 and self.cap_ok(e)]
        options: list[tuple[int, ...]] = []
        if self.rules.breeding_optional:
            options.append(())
        if self.rules.breeding_optional or len(eligible) < 2:
            options += [(i,) for i in eligible]
        options += [(i, j) for x, i in enumerate(eligible) for j in eligible[x + 1:]]
        if not options:
            return
        chosen = options[self.choose(D_BREED, p.seat, options)]
        for i in chosen:
            self.breed_one(p, i, bonus=False)
        for i in chosen:
            self.house_bonus(p, i)
        for i in chosen:
            self.resolve_if_full(p, i)
        if chosen and self.n <= self.rules.bonus_breeding_max_players:
            candidates = [-1] + [i for i, e in enumerate(p.enclosures)
                                 if e.count >= 2 and not e.received and self.cap_ok(e)]
            if len(candidates) > 1:
                i = candidates[self.choose(D_BONUS_BREED, p.seat, candidates)]
                if i >= 0:
                    self.breed_one(p, i, bonus=True)
                    self.house_bonus(p, i)
                    self.resolve_if_full(p, i)

    def breed_one(self, p: Player, e_index: int, bonus: bool) -> None:
        e = p.enclosures[e_index]
        e.count += 1
        e.added += 1
        e.received = True
        p.breedings += 1
        self.log(EV_BRED, p.seat, e_index, e.species, int(bonus))

    # ------------------------------------------------------------ turn and game
    def any_covered(self) -> bool:
        return any(p.is_covered() for p in self.players)

    def turn(self) -> None:
        mover = self.players[(self.turns - 1) % self.n]
        mover.own_turns += 1
        for p in self.players:
            for e in p.enclosures:
                e.added = 0
        options = self.move_options(mover)
        if not options:
            self.log(EV_PASS, mover.seat)
            return
        dest, steps, raw, lines, tile = options[self.choose(D_DESTINATION, mover.seat, options)]
        self.elephant = dest
        self.travelled += raw
        if tile >= 0:
            self.solo_face_up[tile] = False
        self.log(EV_MOVE, mover.seat, dest, steps, raw, tile)
        if data.SPACES[dest]["kind"] == "harbour":
            self.harbour_action(mover, dest)
        else:
            self.animal_action(mover, dest)
        if self.any_covered():
            self.end(END_COVERED)  # breeding of this move is skipped
        for line in self.breeding_lines(lines):
            self.breeding_event(mover.seat, data.LINE_SPECIES_AT[line])
            if self.rules.win_check == "per_breeding_line" and self.any_covered():
                self.end(END_COVERED)
        if self.any_covered():
            self.end(END_COVERED)

    def play(self) -> "Match":
        try:
            while self.turns < self.rules.max_turns:
                self.turns += 1
                self.turn()
                if self.n == 1:
                    if not any(self.solo_face_up):
                        self.solo_face_up = [True] * len(self.solo_face_up)
                    laps_done = self.travelled >= self.rules.solo_laps * self.rules.solo_lap_length
                    if self.rules.solo_end == "bga" and laps_done:
                        self.end(END_SOLO_LAPS)
        except GameOver:
            pass
        self.log(EV_END, -1, self.end_reason, self.turns)
        return self

    # ------------------------------------------------------------ results
    def scores(self) -> list[int]:
        if self.n == 1:
            return [solo_score(self.rules, self.players[0].is_covered(), self.travelled, self.elephant,
                               self.players[0].cells_left())]
        return [-p.cells_left() for p in self.players]

    def ranks(self) -> list[int]:
        """1 + the number of players strictly better by (fewer cells left, more animals)."""
        keys = [(p.cells_left(), -p.animals()) for p in self.players]
        return [1 + sum(1 for other in keys if other < key) for key in keys]

    def win_shares(self) -> list[float]:
        if self.end_reason == END_TURN_CAP and self.n > 1:
            return [0.0] * self.n
        ranks = self.ranks()
        winners = [i for i, p in enumerate(self.players) if ranks[i] == 1 and p.is_covered()]
        return [1.0 / len(winners) if i in winners else 0.0 for i in range(self.n)]


def solo_score(rules: Rules, covered: bool, travelled: int, elephant: int, cells_left: int) -> int:
    """Solo score: play_until_full: laps*lap_length - T when covered; bga: spaces to the start space."""
    if not covered:
        return -cells_left
    if rules.solo_end == "bga":
        return (data.START_SPACE - elephant) % rules.solo_lap_length
    return rules.solo_laps * rules.solo_lap_length - travelled


def play(rules: Rules, players: int, policies: list, seed: int, game_index: int) -> Match:
    """Play one game with the reference rules; `policies` holds one policy object per seat."""
    return Match(rules, players, policies, seed, game_index).play()


def policy_for(spec) -> object:
    """The reference policy object of a PolicySpec (same name and parameters as the engine's)."""
    if spec.name == "uniform":
        return UniformPolicy()
    if spec.name == "greedy":
        return ScoredPolicy()
    if spec.name == "heuristic":
        return HeuristicPolicy(spec.values)
    raise ValueError(f"no reference policy {spec.name!r}")
