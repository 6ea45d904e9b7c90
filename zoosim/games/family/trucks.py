"""The truck games' shared reference: what Zooloretto and Zooloretto Mini, in plain Python, do alike.

Mini is Zooloretto without money, with landscapes for stalls and a bonus where a fill pays coins, so the two
references share their frame, written here once: the animal tiles and the offspring supply, the stacks (species
removed, a shuffled main stack, an end stack), the trucks, breeding, and the round (draw a tile onto a truck or take
one; the round ends when every seat has a truck). Each game's reference keeps what is its own: its zoo and
enclosures, what a fill earns, what makes a round the last, its money actions or bonuses, its scoring. Event kinds
1-5 are numbered alike in both PROTOCOLs; a game passes its own where a shared step logs one.
"""
from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Self, TypeVar

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.family.reference import Event, IllegalMove, shuffle
from zoosim.games.family.rules import ANIMAL_CODES, FEMALE, INERT, MALE, OFFSPRING

DRAW, TAKE, PLACE, BIRTH, FILL = range(1, 6)  # the event kinds both PROTOCOLs number alike
BARN = -1  # the barn as a tile's destination (PROTOCOL 4 of both)

TruckChoice = int | Callable[[list[int]], int]  # a truck for a drawn tile: its number, or a chooser from D
Score = Callable[[Any, Any], dict[str, int]]  # a game's score_player(rules, zoo): its components and `total`


# --- tiles (PROTOCOL 2) ---------------------------------------------------------------------------------

def species_of(code: int) -> int:
    return code // 4


def animal_code(species: int, klass: int) -> int:
    return 4 * species + klass


def is_animal(code: int) -> bool:
    return 0 <= code < ANIMAL_CODES


def is_offspring(code: int) -> bool:
    return is_animal(code) and code % 4 == OFFSPRING


def canonical_animals(rules: Any, species: Sequence[int]) -> list[int]:
    """Protocol 3: the square animal tiles of `species` in canonical order: per species ascending, its fertile males,
    its fertile females, then its plain tiles (the game's other tiles follow them)."""
    tiles: list[int] = []
    plain = rules.tiles_per_species - rules.fertile_males - rules.fertile_females
    for s in sorted(species):
        tiles += [animal_code(s, MALE)] * rules.fertile_males + [animal_code(s, FEMALE)] * rules.fertile_females
        tiles += [animal_code(s, INERT)] * plain
    return tiles


# --- the state ------------------------------------------------------------------------------------------

class Enclosure:
    """What the shared rules read of a game's enclosure (a mixin of each game's own dataclass): its animals (codes,
    of one species at most), their species, and its free spaces, which each game counts its own way."""

    animals: list[int]

    @property
    def species(self) -> int | None:
        return species_of(self.animals[0]) if self.animals else None

    @property
    def free_spaces(self) -> int:
        raise NotImplementedError


@dataclass
class Zoo:
    """A seat's zoo in a truck game: enclosures in board order (the game's own kind), a barn (tiles per code), whether
    it has a truck this round, offspring born in it. Each game's Zoo adds its own counts."""

    enclosures: list[Any]
    barn: Counter = field(default_factory=Counter)
    has_truck: bool = False
    offspring_born: int = 0

    def barn_codes(self) -> list[int]:
        """The distinct tile codes in the barn, ascending."""
        return sorted(code for code, n in self.barn.items() if n > 0)

    def barn_tiles(self) -> int:
        return sum(self.barn.values())

    def remove_from_barn(self, code: int) -> None:
        self.barn[code] -= 1
        if self.barn[code] == 0:
            del self.barn[code]


@dataclass
class Truck:
    capacity: int
    tiles: list[int] = field(default_factory=list)
    taken_by: int | None = None

    @property
    def free_spaces(self) -> int:
        return self.capacity - len(self.tiles)


@dataclass
class State:
    """A truck game: the stacks (main[0] is drawn first, then the end stack), the trucks, the zoos, the offspring
    supply, tiles out of the game, the round, the event log and the rounds log. Each game's State adds its own."""

    rules: Any
    players: int
    zoos: list[Any]
    trucks: list[Truck]
    main: list[int]
    end: list[int]
    supply: list[int]  # offspring left per species
    removed_species: list[int]
    out_of_game: list[int] = field(default_factory=list)  # square tiles in play that left the game
    round: int = 1
    current: int = 0
    last_round: bool = False
    game_over: bool = False
    turns: int = 0
    events: list[Event] = field(default_factory=list)
    round_scores: list[list[int]] = field(default_factory=list)  # the rounds log: scores after each round

    @classmethod
    def dealt(cls, rules: Any, players: int, removed_species: Sequence[int] | None,
              tiles: Callable[[Any, list[int]], list[int]], new_zoo: Callable[[Any], Any], **more: Any) -> Self:
        """Before the first turn, tiles unshuffled: `tiles(rules, species kept)` in canonical order, the last
        `end_stack` of them in the end stack; empty trucks and zoos. Default removed species: the highest."""
        if removed_species is None:
            k = rules.species_removed(players)
            removed_species = range(rules.species - k, rules.species)
        kept = [s for s in range(rules.species) if s not in removed_species]
        stacked = tiles(rules, kept)
        cut = len(stacked) - rules.end_stack
        return cls(rules=rules, players=players, zoos=[new_zoo(rules) for _ in range(players)],
                   trucks=[Truck(c) for c in rules.truck_capacities(players)], main=stacked[:cut], end=stacked[cut:],
                   supply=[0 if s in removed_species else rules.offspring_per_species for s in range(rules.species)],
                   removed_species=sorted(removed_species), **more)

    def log(self, kind: int, player: int, a: int = 0, b: int = 0, c: int = 0, d: int = 0) -> None:
        self.events.append((kind, player, a, b, c, d))


S = TypeVar("S", bound=State)


# --- setup (protocol 3) ---------------------------------------------------------------------------------

def draw_removed_species(rules: Any, players: int, rng: PyRng) -> list[int]:
    """Protocol 3.1: a partial Fisher-Yates shuffle of the species; the first k of the list leave the game."""
    k = rules.species_removed(players)
    order = list(range(rules.species))
    for i in range(k):
        j = i + rng.below(rules.species - i)
        order[i], order[j] = order[j], order[i]
    return sorted(order[:k])


def deal(empty: Callable[[Any, int, list[int]], S], rules: Any, players: int, rng: PyRng) -> S:
    """Protocol 3: remove species, shuffle the tiles in play, split the main and the end stack."""
    state = empty(rules, players, draw_removed_species(rules, players, rng))
    tiles = state.main + state.end
    shuffle(tiles, rng)
    cut = len(tiles) - rules.end_stack
    state.main, state.end = tiles[:cut], tiles[cut:]
    return state


# --- hand-built states (for tests) ----------------------------------------------------------------------

def take_from_stacks(state: State, code: int) -> None:
    """Test helper: remove one tile of `code` from the stacks (main first). An offspring comes from the supply
    instead, and one unused fertile male and female of its species in the stacks become used (its parents), so
    that a hand-built state keeps the breeding invariant."""
    if is_offspring(code):
        s = species_of(code)
        if state.supply[s] <= 0:
            raise ZoosimError(f"no offspring of species {s} left in the supply")
        state.supply[s] -= 1
        for parent in (animal_code(s, MALE), animal_code(s, FEMALE)):
            take_from_stacks(state, parent)
            state.main.append(animal_code(s, INERT))
        return
    for stack in (state.main, state.end):
        if code in stack:
            stack.remove(code)
            return
    raise ZoosimError(f"no tile {code} left in the stacks")


def put_on_truck(state: State, truck: int, *codes: int) -> None:
    """Test helper: load tiles from the stacks onto a truck (no events)."""
    for code in codes:
        if state.trucks[truck].free_spaces <= 0:
            raise ZoosimError(f"truck {truck} is full")
        take_from_stacks(state, code)
        state.trucks[truck].tiles.append(code)


# --- breeding -------------------------------------------------------------------------------------------

def breed(state: State, player: int, e: int, on_fill: Callable[[], None] | None) -> None:
    """While an unused fertile male and female of the enclosure's species are in it and the supply has an
    offspring, both become used (plain) and the offspring enters the enclosure, or the barn when it is full.
    `on_fill` is what the game does when a birth fills the enclosure (None: nothing)."""
    zoo = state.zoos[player]
    enc = zoo.enclosures[e]
    s = enc.species
    if s is None:
        return
    male, female = animal_code(s, MALE), animal_code(s, FEMALE)
    while male in enc.animals and female in enc.animals and state.supply[s] > 0:
        enc.animals[enc.animals.index(male)] = animal_code(s, INERT)
        enc.animals[enc.animals.index(female)] = animal_code(s, INERT)
        state.supply[s] -= 1
        zoo.offspring_born += 1
        if enc.free_spaces > 0:
            enc.animals.append(animal_code(s, OFFSPRING))
            state.log(BIRTH, player, s, e, e)
            if enc.free_spaces == 0 and on_fill is not None:
                on_fill()
        else:
            zoo.barn[animal_code(s, OFFSPRING)] += 1
            state.log(BIRTH, player, s, e, BARN)


# --- draw and take --------------------------------------------------------------------------------------

def tiles_left(state: State) -> bool:
    return bool(state.main or state.end)


def draw_trucks(state: State) -> list[int]:
    """D: untaken trucks with a free space, while a tile is left to draw."""
    if not tiles_left(state):
        return []
    return [t for t, truck in enumerate(state.trucks) if truck.taken_by is None and truck.free_spaces > 0]


def take_trucks(state: State) -> list[int]:
    """T: untaken trucks with at least one (face-up) tile."""
    return [t for t, truck in enumerate(state.trucks) if truck.taken_by is None and truck.tiles]


def forced_empty_truck(state: State) -> int | None:
    """Protocol 6: the lowest untaken truck when the player on turn can neither draw nor take a truck with a tile
    (it must take an empty truck and sit the round out); None otherwise."""
    if draw_trucks(state) or take_trucks(state):
        return None
    return next(t for t, truck in enumerate(state.trucks) if truck.taken_by is None)


def draw_onto_truck(state: State, player: int, truck: TruckChoice | None) -> bool:
    """Draw the top tile (of the main stack; of the end stack once it is empty) and load it face up on an untaken
    truck with a free space: `truck` (a number, or a chooser from D called after the draw). Logs DRAW; returns
    whether the tile came from the end stack (each game decides whether that makes the round the last)."""
    choices = draw_trucks(state)
    if not choices:
        raise IllegalMove(f"player {player} cannot draw: no tile left or no untaken truck with a free space")
    if truck is None or (not callable(truck) and truck not in choices):
        raise IllegalMove(f"truck {truck} cannot be loaded; loadable: {choices}")
    from_end = not state.main
    code = (state.end if from_end else state.main).pop(0)
    t = truck(choices) if callable(truck) else truck
    assert t in choices, f"truck chooser returned {t}, not one of {choices}"
    state.trucks[t].tiles.append(code)
    state.log(DRAW, player, code, t, int(from_end))
    return from_end


def check_drawn(state: State, code: int, from_end: int) -> None:
    """Replay: a DRAW event's tile and stack must be the ones the stacks give."""
    if not tiles_left(state):
        raise IllegalMove("no tile left to draw")
    tile, end = (state.main[0], 0) if state.main else (state.end[0], 1)
    if (code, from_end) != (tile, end):
        raise IllegalMove(f"the stack gives tile {tile} (end stack: {end})")


def take_truck(state: State, player: int, t: int) -> list[int]:
    """The player takes truck t (checked by the caller) and sits the round out: its tiles, in loading order, are
    the player's to place. Logs TAKE."""
    truck = state.trucks[t]
    truck.taken_by = player
    state.zoos[player].has_truck = True
    state.log(TAKE, player, t)
    tiles, truck.tiles = truck.tiles, []
    return tiles


def try_on_a_copy(state: State, action: Callable[[State], None]) -> None:
    """Run `action` on a copy of the state (without its event log) first, so that an IllegalMove it raises, say a
    placement made illegal by an earlier one or a birth, leaves the state unchanged."""
    events, state.events = state.events, []
    try:
        trial = copy.deepcopy(state)
    finally:
        state.events = events
    action(trial)


# --- turns and rounds -----------------------------------------------------------------------------------

def next_player(state: State) -> int:
    """The next seat clockwise that has not taken a truck (the player itself when alone)."""
    for k in range(1, state.players + 1):
        q = (state.current + k) % state.players
        if not state.zoos[q].has_truck:
            return q
    raise AssertionError("every player has a truck")


def end_turn(state: State, round_end: int, score: Score) -> None:
    """The turn is over: the next seat without a truck is on turn, or the round ends (its event: `round_end`)."""
    state.turns += 1
    if all(zoo.has_truck for zoo in state.zoos):
        end_round(state, round_end, score)
    else:
        state.current = next_player(state)


def end_round(state: State, round_end: int, score: Score) -> None:
    """Tiles left on trucks leave the game; the rounds log gets every score; the last taker starts the next round.
    The game ends after the last round, when both stacks are empty, or at `max_rounds`."""
    left = [code for truck in state.trucks for code in truck.tiles]
    state.out_of_game += left
    for truck in state.trucks:
        truck.tiles = []
    state.log(round_end, state.current, state.round, len(left))
    state.round_scores.append([score(state.rules, zoo)["total"] for zoo in state.zoos])
    if state.last_round or not tiles_left(state) or state.round >= state.rules.max_rounds:
        state.game_over = True
        return
    state.round += 1
    for truck in state.trucks:
        truck.taken_by = None
    for zoo in state.zoos:
        zoo.has_truck = False


# --- invariants -----------------------------------------------------------------------------------------

def tiles_outside_zoos(state: State) -> Counter:
    """Tiles per code in the stacks, out of the game and on the trucks; checks the trucks' capacity and that no
    offspring is in a stack or on a truck."""
    count: Counter = Counter()
    for tiles in [state.main, state.end, state.out_of_game] + [t.tiles for t in state.trucks]:
        count.update(tiles)
    for t, truck in enumerate(state.trucks):
        assert len(truck.tiles) <= truck.capacity, f"truck {t} over capacity"
        assert not any(is_offspring(c) for c in truck.tiles), f"offspring on truck {t}"
    assert not any(is_offspring(c) for c in state.main + state.end), "offspring in a stack"
    return count


def check_enclosure_animals(state: State, player: int, e: int, enc: Enclosure) -> None:
    """One species per enclosure, and no unused fertile pair while the supply has its offspring."""
    assert len({species_of(c) for c in enc.animals}) <= 1, f"player {player} enclosure {e}: two species"
    s = enc.species
    if s is not None and state.supply[s] > 0:
        pending = animal_code(s, MALE) in enc.animals and animal_code(s, FEMALE) in enc.animals
        assert not pending, f"player {player} enclosure {e}: an unused pair did not breed"


def check_animals_conserved(state: State, count: Counter) -> None:
    """Given every tile's count (`count`, per code, wherever it is): each species in play has its square tiles,
    offspring only from the supply, one used male and female per birth; removed species nowhere."""
    rules = state.rules
    for s in range(rules.species):
        squares = sum(count[animal_code(s, k)] for k in (INERT, MALE, FEMALE))
        if s in state.removed_species:
            assert squares == 0 and count[animal_code(s, OFFSPRING)] == 0, f"removed species {s} in play"
            continue
        assert squares == rules.tiles_per_species, f"species {s}: {squares} square tiles"
        born = rules.offspring_per_species - state.supply[s]
        assert 0 <= state.supply[s] and count[animal_code(s, OFFSPRING)] == born, f"species {s}: offspring"
        assert rules.fertile_males - count[animal_code(s, MALE)] == born, f"species {s}: used males != births"
        assert rules.fertile_females - count[animal_code(s, FEMALE)] == born, f"species {s}: used females != births"
