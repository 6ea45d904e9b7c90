"""Zooloretto Mini in plain Python: the executable specification.

Written from `shared/specs/zooloretto-mini.md` ("spec N") and `PROTOCOL.md` ("protocol N"), apart from the
numba engine, so that both can be played side by side for the same (seed, game index) and compared event
for event. This module holds the state, the setup, every rule (one function each) and the scoring;
`actions.py` holds turns, policies, `play_game` and `replay_decisions`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto_mini.rules import BARN, FEMALE, INERT, LANDSCAPE_BASE, MALE, OFFSPRING, Rules

# Event kinds (protocol 10).
DRAW, TAKE, PLACE, BIRTH, FILL, BONUS_TAKE, BONUS_DISCARD, BONUS_SKIP, LAST_ROUND, ROUND_END = range(1, 11)
EVENT_NAMES = {DRAW: "DRAW", TAKE: "TAKE", PLACE: "PLACE", BIRTH: "BIRTH", FILL: "FILL", BONUS_TAKE: "BONUS_TAKE",
               BONUS_DISCARD: "BONUS_DISCARD", BONUS_SKIP: "BONUS_SKIP", LAST_ROUND: "LAST_ROUND",
               ROUND_END: "ROUND_END"}
BONUS_KINDS = (BONUS_TAKE, BONUS_DISCARD, BONUS_SKIP)
COMPONENTS = ("enclosure_points", "landscape_points", "barn_animal_penalty", "barn_landscape_penalty")

Event = tuple[int, int, int, int, int, int]


class IllegalMove(ZoosimError):
    """A decision that the rules do not allow in the current state."""


def species_of(code: int) -> int:
    return code // 4


def is_animal(code: int) -> bool:
    return 0 <= code < LANDSCAPE_BASE


def is_landscape(code: int) -> bool:
    return code >= LANDSCAPE_BASE


# --- state ----------------------------------------------------------------------------------------------

@dataclass
class Enclosure:
    """Spec 3: up to `size` tiles, animals (codes) of one species and landscapes (kinds) of any kind."""

    size: int
    animals: list[int] = field(default_factory=list)
    landscapes: list[int] = field(default_factory=list)

    @property
    def species(self) -> int | None:
        return species_of(self.animals[0]) if self.animals else None

    @property
    def free(self) -> int:
        return self.size - len(self.animals) - len(self.landscapes)


@dataclass
class Zoo:
    enclosures: list[Enclosure]
    barn: Counter = field(default_factory=Counter)  # tiles per code
    has_truck: bool = False
    bonuses_taken: int = 0
    offspring_born: int = 0

    @classmethod
    def new(cls, rules: Rules) -> Zoo:
        return cls([Enclosure(rules.enclosure_size) for _ in range(rules.enclosures)])

    def barn_codes(self) -> list[int]:
        return sorted(c for c, n in self.barn.items() if n > 0)

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


@dataclass
class State:
    rules: Rules
    players: int
    zoos: list[Zoo]
    trucks: list[Truck]
    main: list[int]  # the bag, main[0] drawn first
    end: list[int]
    supply: list[int]  # offspring left per species
    removed_species: list[int]
    out_of_game: list[int] = field(default_factory=list)
    round: int = 1
    current: int = 0
    last_round: bool = False
    game_over: bool = False
    turns: int = 0
    earned: int = 0  # bonuses earned by the current truck
    events: list[Event] = field(default_factory=list)
    round_scores: list[list[int]] = field(default_factory=list)  # the rounds log: scores after each round

    @classmethod
    def empty(cls, rules: Rules, players: int, removed_species: list[int] | None = None) -> State:
        """Before the first turn, tiles unshuffled (canonical order); default removed species: the highest."""
        k = rules.species_removed_by_players[players - 2]
        if removed_species is None:
            removed_species = list(range(rules.species - k, rules.species))
        kept = [s for s in range(rules.species) if s not in removed_species]
        tiles = canonical_tiles(rules, kept)
        cut = len(tiles) - rules.end_stack
        return cls(rules, players, [Zoo.new(rules) for _ in range(players)],
                   [Truck(c) for c in rules.truck_capacities(players)], tiles[:cut], tiles[cut:],
                   [0 if s in removed_species else rules.offspring_per_species for s in range(rules.species)],
                   sorted(removed_species))

    def log(self, kind: int, player: int, a: int = 0, b: int = 0, c: int = 0) -> None:
        self.events.append((kind, player, a, b, c, 0))


# --- setup (protocol 3) ---------------------------------------------------------------------------------

def canonical_tiles(rules: Rules, species: list[int]) -> list[int]:
    tiles: list[int] = []
    for s in sorted(species):
        tiles += [4 * s + MALE] * rules.fertile_males + [4 * s + FEMALE] * rules.fertile_females
        tiles += [4 * s + INERT] * (rules.tiles_per_species - rules.fertile_males - rules.fertile_females)
    for k in range(rules.landscape_kinds):
        tiles += [LANDSCAPE_BASE + k] * rules.landscapes_per_kind
    return tiles


def setup(rules: Rules, players: int, rng: PyRng) -> State:
    """Protocol 3: remove species (partial Fisher-Yates), shuffle, split bag and end stack."""
    k = rules.species_removed_by_players[players - 2]
    order = list(range(rules.species))
    for i in range(k):
        j = i + rng.below(rules.species - i)
        order[i], order[j] = order[j], order[i]
    state = State.empty(rules, players, order[:k])
    tiles = state.main + state.end
    for i in range(len(tiles) - 1, 0, -1):
        j = rng.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    cut = len(tiles) - rules.end_stack
    state.main, state.end = tiles[:cut], tiles[cut:]
    return state


def take_from_stacks(state: State, code: int) -> None:
    """Test helper: remove a tile from the stacks; an offspring comes from the supply and uses up a
    fertile male and female of its species from the stacks (its parents, now plain tiles)."""
    if is_animal(code) and code % 4 == OFFSPRING:
        s = species_of(code)
        if state.supply[s] <= 0:
            raise ZoosimError(f"no offspring of species {s} left")
        state.supply[s] -= 1
        for parent in (4 * s + MALE, 4 * s + FEMALE):
            take_from_stacks(state, parent)
            state.main.append(4 * s)
        return
    for stack in (state.main, state.end):
        if code in stack:
            stack.remove(code)
            return
    raise ZoosimError(f"no tile {code} left in the stacks")


def put_in_zoo(state: State, player: int, where: int, *codes: int) -> None:
    """Test helper: tiles from the stacks into an enclosure or the barn (no events, fills or births)."""
    zoo = state.zoos[player]
    for code in codes:
        take_from_stacks(state, code)
        if where == BARN:
            zoo.barn[code] += 1
        elif not can_take(zoo.enclosures[where], code):
            raise ZoosimError(f"enclosure {where} cannot take {code}")
        else:
            add_to_enclosure(zoo.enclosures[where], code)


def put_on_truck(state: State, truck: int, *codes: int) -> None:
    for code in codes:
        if len(state.trucks[truck].tiles) >= state.trucks[truck].capacity:
            raise ZoosimError(f"truck {truck} is full")
        take_from_stacks(state, code)
        state.trucks[truck].tiles.append(code)


# --- places, filling, breeding (spec 3-5, protocol 4-5) ------------------------------------------------

def can_take(enc: Enclosure, code: int) -> bool:
    """Spec 3: a free space; animals of one species only; landscapes of any kind."""
    if enc.free <= 0:
        return False
    return is_landscape(code) or enc.species is None or enc.species == species_of(code)


def placement_options(zoo: Zoo, code: int) -> list[int]:
    """Protocol 8.3: [each enclosure that can take the tile, ascending] + [barn]."""
    return [e for e, enc in enumerate(zoo.enclosures) if can_take(enc, code)] + [BARN]


def add_to_enclosure(enc: Enclosure, code: int) -> None:
    if is_landscape(code):
        enc.landscapes.append(code - LANDSCAPE_BASE)
    else:
        enc.animals.append(code)


def record_fill(state: State, player: int, e: int, from_truck: bool) -> None:
    """Spec 5 / protocol 5: a fill earns a bonus from a truck tile, one per enclosure or one per turn."""
    earns = from_truck and (state.rules.bonus_per_enclosure or state.earned == 0)
    if earns:
        state.earned += 1
    state.log(FILL, player, e, int(earns))


def breed(state: State, player: int, e: int, from_truck: bool) -> None:
    """Spec 4: unused fertile male + female breed at once (each once) while the supply lasts."""
    zoo = state.zoos[player]
    enc = zoo.enclosures[e]
    s = enc.species
    if s is None:
        return
    male, female = 4 * s + MALE, 4 * s + FEMALE
    while male in enc.animals and female in enc.animals and state.supply[s] > 0:
        enc.animals[enc.animals.index(male)] = 4 * s
        enc.animals[enc.animals.index(female)] = 4 * s
        state.supply[s] -= 1
        zoo.offspring_born += 1
        if enc.free > 0:
            enc.animals.append(4 * s + OFFSPRING)
            state.log(BIRTH, player, s, e, e)
            if enc.free == 0:
                record_fill(state, player, e, from_truck)
        else:
            zoo.barn[4 * s + OFFSPRING] += 1
            state.log(BIRTH, player, s, e, BARN)


def put_tile(state: State, player: int, code: int, dest: int, from_truck: bool) -> None:
    """Put a tile (already logged, destination already checked) in the barn or an enclosure."""
    zoo = state.zoos[player]
    if dest == BARN:
        zoo.barn[code] += 1
        return
    enc = zoo.enclosures[dest]
    add_to_enclosure(enc, code)
    if enc.free == 0:
        record_fill(state, player, dest, from_truck)
    if is_animal(code):
        breed(state, player, dest, from_truck)


# --- bonuses (spec 5, protocol 7 and 9) ----------------------------------------------------------------

def bonus_options(state: State, player: int) -> list[tuple[int, int, int, int]]:
    """Protocol 9: SKIP, then TAKE (seller, code, enclosure), then DISCARD code, in canonical order."""
    zoo = state.zoos[player]
    options = [(BONUS_SKIP, 0, 0, 0)]
    for q in range(state.players):
        if q != player:
            for code in state.zoos[q].barn_codes():
                options += [(BONUS_TAKE, q, code, e) for e, enc in enumerate(zoo.enclosures) if can_take(enc, code)]
    options += [(BONUS_DISCARD, code, 0, 0) for code in zoo.barn_codes()]
    return options


def apply_bonus(state: State, player: int, option: tuple[int, int, int, int]) -> None:
    """Resolve one earned bonus; a bonus tile's fill earns nothing; its pair still breeds."""
    if option not in bonus_options(state, player):
        raise IllegalMove(f"bonus {option} is not legal for player {player}")
    kind, a, b, c = option
    zoo = state.zoos[player]
    if kind == BONUS_SKIP:
        state.log(BONUS_SKIP, player)
        return
    zoo.bonuses_taken += 1
    if kind == BONUS_TAKE:
        state.zoos[a].remove_from_barn(b)
        state.log(BONUS_TAKE, player, a, b, c)
        put_tile(state, player, b, c, from_truck=False)
    else:
        zoo.remove_from_barn(a)
        state.out_of_game.append(a)
        state.log(BONUS_DISCARD, player, a)


# --- scoring (spec 6) -----------------------------------------------------------------------------------

def score_player(rules: Rules, zoo: Zoo) -> dict[str, int]:
    """Spec 6: the score components of one zoo, plus `total`."""
    kinds = {k for enc in zoo.enclosures for k in enc.landscapes}
    barn_species = {species_of(c) for c in zoo.barn_codes() if is_animal(c)}
    barn_kinds = {c for c in zoo.barn_codes() if is_landscape(c)}
    parts = {
        "enclosure_points": sum(rules.points_for_animals(len(enc.animals)) for enc in zoo.enclosures),
        "landscape_points": rules.landscape_kind_points * len(kinds),
        "barn_animal_penalty": -rules.barn_species_penalty * len(barn_species),
        "barn_landscape_penalty": -rules.barn_landscape_penalty * len(barn_kinds),
    }
    parts["total"] = sum(parts.values())
    return parts


def landscape_tiles(zoo: Zoo) -> int:
    """The tie-break: landscape tiles in the enclosures."""
    return sum(len(enc.landscapes) for enc in zoo.enclosures)


def ranks_and_shares(scores: list[int], tie_breaks: list[int]) -> tuple[list[int], list[float]]:
    keys = list(zip(scores, tie_breaks))
    ranks = [1 + sum(other > mine for other in keys) for mine in keys]
    winners = ranks.count(1)
    return ranks, [1.0 / winners if r == 1 else 0.0 for r in ranks]


@dataclass
class SeatResult:
    score: int
    components: dict[str, int]
    bonuses_taken: int
    landscape_tiles: int
    offspring_born: int
    barn_tiles: int
    rank: int
    win_share: float


@dataclass
class GameRecord:
    events: list[Event]
    seats: list[SeatResult]
    rounds: int
    turns: int
    round_scores: list[list[int]] = field(default_factory=list)


def game_record(state: State) -> GameRecord:
    scored = [score_player(state.rules, zoo) for zoo in state.zoos]
    ties = [landscape_tiles(zoo) for zoo in state.zoos]
    ranks, shares = ranks_and_shares([s["total"] for s in scored], ties)
    seats = [SeatResult(s["total"], {c: s[c] for c in COMPONENTS}, zoo.bonuses_taken, tie, zoo.offspring_born,
                        zoo.barn_tiles(), rank, share)
             for s, zoo, tie, rank, share in zip(scored, state.zoos, ties, ranks, shares)]
    return GameRecord(list(state.events), seats, state.round, state.turns, [list(r) for r in state.round_scores])


# --- invariants -----------------------------------------------------------------------------------------

def check_invariants(state: State) -> None:
    """Tiles conserved, offspring only from the supply, no pending pair, enclosures legal, score bounds."""
    rules = state.rules
    count: Counter = Counter()
    for tiles in [state.main, state.end, state.out_of_game] + [t.tiles for t in state.trucks]:
        count.update(tiles)
    for p, zoo in enumerate(state.zoos):
        for e, enc in enumerate(zoo.enclosures):
            assert enc.free >= 0, f"player {p} enclosure {e} overfull"
            assert len({species_of(c) for c in enc.animals}) <= 1, f"player {p} enclosure {e}: two species"
            s = enc.species
            if s is not None and state.supply[s] > 0:
                assert not (4 * s + MALE in enc.animals and 4 * s + FEMALE in enc.animals), \
                    f"player {p} enclosure {e}: an unused pair did not breed"
            count.update(enc.animals)
            count.update(LANDSCAPE_BASE + k for k in enc.landscapes)
        assert all(n > 0 for n in zoo.barn.values()), f"player {p}: bad barn entry"
        count.update(zoo.barn)
        total = score_player(rules, zoo)["total"]
        assert rules.min_score() <= total <= rules.max_score(), f"player {p}: score {total}"
    for s in range(rules.species):
        squares = sum(count[4 * s + k] for k in (INERT, MALE, FEMALE))
        if s in state.removed_species:
            assert squares == 0 and count[4 * s + OFFSPRING] == 0, f"removed species {s} in play"
            continue
        assert squares == rules.tiles_per_species, f"species {s}: {squares} square tiles"
        born = rules.offspring_per_species - state.supply[s]
        assert count[4 * s + OFFSPRING] == born, f"species {s}: offspring"
        assert rules.fertile_males - count[4 * s + MALE] == born, f"species {s}: used males != births"
        assert rules.fertile_females - count[4 * s + FEMALE] == born, f"species {s}: used females != births"
    for k in range(rules.landscape_kinds):
        assert count[LANDSCAPE_BASE + k] == rules.landscapes_per_kind, f"landscape {k} not conserved"
