"""Zooloretto in plain Python: the executable specification.

Written from `shared/specs/zooloretto.md` ("spec N" below) and `PROTOCOL.md` ("protocol N"), independently
of the numba engine, so that both can be played side by side for the same (seed, game index) and compared
event for event. This module holds the state, the setup, every rule (one function each) and the scoring;
`actions.py` holds the turn options, the policies, `play_game` and `replay_decisions` (it
imports this module; this one does not import it).

Tile codes, destinations and event rows follow protocol 2, 4 and 9.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.zooloretto.rules import BARN, COIN, FEMALE, INERT, MALE, MONEY, OFFSPRING, STALL_BASE, Rules

# Event kinds (protocol 9).
DRAW, TAKE, PLACE, BIRTH, FILL, MOVE, EXCHANGE, PURCHASE, DISCARD, EXPAND, LAST_ROUND, ROUND_END = range(1, 13)
EVENT_NAMES = {
    DRAW: "DRAW", TAKE: "TAKE", PLACE: "PLACE", BIRTH: "BIRTH", FILL: "FILL", MOVE: "MOVE",
    EXCHANGE: "EXCHANGE", PURCHASE: "PURCHASE", DISCARD: "DISCARD", EXPAND: "EXPAND",
    LAST_ROUND: "LAST_ROUND", ROUND_END: "ROUND_END",
}
DECISION_KINDS = (DRAW, TAKE, MOVE, EXCHANGE, PURCHASE, DISCARD, EXPAND)
MONEY_KINDS = (MOVE, EXCHANGE, PURCHASE, DISCARD, EXPAND)
EXCHANGE_BARN = 100  # EXCHANGE's b field is 100 + s for the barn's species s

COMPONENTS = ("full_enclosure_points", "one_short_points", "partial_points", "stall_points",
              "barn_animal_penalty", "barn_stall_penalty")

Event = tuple[int, int, int, int, int, int]


class IllegalMove(ZoosimError):
    """A decision that the rules do not allow in the current state."""


# --- tiles (protocol 2) ---------------------------------------------------------------------------------

def species_of(code: int) -> int:
    return code // 4


def is_animal(code: int) -> bool:
    return 0 <= code < STALL_BASE


def is_stall(code: int) -> bool:
    return STALL_BASE <= code < COIN


def animal_code(species: int, klass: int) -> int:
    return 4 * species + klass


# --- state ----------------------------------------------------------------------------------------------

@dataclass
class Enclosure:
    """One enclosure of a zoo board (spec 2): its numbers, its animals (codes), its stalls (kinds)."""

    spaces: int
    stall_spaces: int
    full_points: int
    one_empty_points: int
    fill_coins: int
    animals: list[int] = field(default_factory=list)
    stalls: list[int] = field(default_factory=list)

    @property
    def species(self) -> int | None:
        return species_of(self.animals[0]) if self.animals else None

    @property
    def free_spaces(self) -> int:
        return self.spaces - len(self.animals)

    @property
    def free_stall_spaces(self) -> int:
        return self.stall_spaces - len(self.stalls)


def base_enclosure(rules: Rules, e: int) -> Enclosure:
    return Enclosure(rules.enclosure_spaces[e], rules.enclosure_stall_spaces[e], rules.enclosure_full_points[e],
                     rules.enclosure_one_empty_points[e], rules.enclosure_fill_coins[e])


def expansion_enclosure(rules: Rules) -> Enclosure:
    return Enclosure(rules.expansion_spaces, rules.expansion_stall_spaces, rules.expansion_full_points,
                     rules.expansion_one_empty_points, rules.expansion_fill_coins)


@dataclass
class Zoo:
    """One player's zoo: enclosures in board order (protocol 4), barn (count per tile code), money."""

    enclosures: list[Enclosure]
    barn: Counter = field(default_factory=Counter)
    coins: int = 0
    expansions: int = 0
    offspring_born: int = 0
    money_actions: int = 0
    has_truck: bool = False

    @classmethod
    def new(cls, rules: Rules) -> Zoo:
        return cls([base_enclosure(rules, e) for e in range(rules.base_enclosures())])

    def barn_codes(self) -> list[int]:
        """The distinct tile codes in the barn, ascending."""
        return sorted(code for code, n in self.barn.items() if n > 0)

    def barn_species(self) -> list[int]:
        return sorted({species_of(c) for c in self.barn_codes() if is_animal(c)})

    def barn_animals_of(self, species: int) -> list[int]:
        """Every animal of `species` in the barn, one code per tile, ascending."""
        return [c for c in self.barn_codes() if is_animal(c) and species_of(c) == species for _ in range(self.barn[c])]

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
    """The whole game: stacks (t[0] is drawn first), trucks, zoos, bank, offspring supply, the event log."""

    rules: Rules
    players: int
    zoos: list[Zoo]
    trucks: list[Truck]
    main: list[int]
    end: list[int]
    bank: int
    supply: list[int]  # offspring left per species
    removed_species: list[int]
    out_of_game: list[int] = field(default_factory=list)  # square tiles in play that left the game
    coin_tiles_cashed: int = 0
    round: int = 1
    current: int = 0
    last_round: bool = False
    game_over: bool = False
    turns: int = 0
    events: list[Event] = field(default_factory=list)
    round_scores: list[list[int]] = field(default_factory=list)  # the rounds log: scores after each round

    @classmethod
    def empty(cls, rules: Rules, players: int, removed_species: list[int] | None = None) -> State:
        """A state before the first turn with the tiles in play unshuffled in the stacks (canonical order,
        the last `end_stack` of them in the end stack). Default removed species: the highest indices."""
        removed = rules.species_removed_by_players[players - 2]
        if removed_species is None:
            removed_species = list(range(rules.species - removed, rules.species))
        kept = [s for s in range(rules.species) if s not in removed_species]
        tiles = canonical_tiles(rules, kept)
        cut = len(tiles) - rules.end_stack
        state = cls(
            rules=rules, players=players, zoos=[Zoo.new(rules) for _ in range(players)],
            trucks=[Truck(c) for c in rules.truck_capacities(players)], main=tiles[:cut], end=tiles[cut:],
            bank=rules.bank,
            supply=[0 if s in removed_species else rules.offspring_per_species for s in range(rules.species)],
            removed_species=sorted(removed_species),
        )
        for zoo in state.zoos:
            zoo.coins = rules.start_coins
            state.bank -= rules.start_coins
        return state

    def log(self, kind: int, player: int, a: int = 0, b: int = 0, c: int = 0, d: int = 0) -> None:
        self.events.append((kind, player, a, b, c, d))

    def species_in_play(self) -> list[int]:
        return [s for s in range(self.rules.species) if s not in self.removed_species]


# --- setup (spec 1, protocol 3) -------------------------------------------------------------------------

def draw_removed_species(rules: Rules, players: int, rng: PyRng) -> list[int]:
    """Protocol 3.1: a partial Fisher-Yates shuffle; the first k species of the list leave the game."""
    k = rules.species_removed_by_players[players - 2]
    order = list(range(rules.species))
    for i in range(k):
        j = i + rng.below(rules.species - i)
        order[i], order[j] = order[j], order[i]
    return sorted(order[:k])


def canonical_tiles(rules: Rules, species: list[int]) -> list[int]:
    """Protocol 3.2: the square tiles in play in canonical order."""
    tiles: list[int] = []
    for s in sorted(species):
        plain = rules.tiles_per_species - rules.fertile_males - rules.fertile_females
        tiles += [animal_code(s, MALE)] * rules.fertile_males
        tiles += [animal_code(s, FEMALE)] * rules.fertile_females
        tiles += [animal_code(s, INERT)] * plain
    for k in range(rules.stall_kinds):
        tiles += [STALL_BASE + k] * rules.stalls_per_kind
    tiles += [COIN] * rules.coin_tiles
    return tiles


def shuffle(tiles: list[int], rng: PyRng) -> None:
    """Protocol 3.3: Fisher-Yates from the top index down."""
    for i in range(len(tiles) - 1, 0, -1):
        j = rng.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]


def setup(rules: Rules, players: int, rng: PyRng) -> State:
    """Spec 1 / protocol 3: remove species, shuffle, split the stacks, pay starting coins, set out trucks."""
    removed = draw_removed_species(rules, players, rng)
    state = State.empty(rules, players, removed)
    tiles = state.main + state.end
    shuffle(tiles, rng)
    cut = len(tiles) - rules.end_stack
    state.main, state.end = tiles[:cut], tiles[cut:]
    return state


# --- hand-built states (for tests) ----------------------------------------------------------------------

def take_from_stacks(state: State, code: int) -> None:
    """Test helper: remove one tile of `code` from the stacks (main first). An offspring comes from the
    supply instead, and one unused fertile male and female of its species in the stacks become used
    (its parents), so that a hand-built state keeps the breeding invariant."""
    if code % 4 == OFFSPRING and is_animal(code):
        s = species_of(code)
        if state.supply[s] <= 0:
            raise ZoosimError(f"no {s} offspring left in the supply")
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


def put_in_zoo(state: State, player: int, where: int, *codes: int) -> None:
    """Test helper: put tiles from the stacks into a zoo: `where` is an enclosure number (animals to its
    animal spaces, stalls to its stall spaces) or BARN. No events, coins or births; checks capacity."""
    zoo = state.zoos[player]
    for code in codes:
        take_from_stacks(state, code)
        if where == BARN:
            zoo.barn[code] += 1
            continue
        enc = zoo.enclosures[where]
        if is_stall(code):
            if enc.free_stall_spaces <= 0:
                raise ZoosimError(f"enclosure {where} has no free stall space")
            enc.stalls.append(code - STALL_BASE)
        else:
            if not can_take_animal(enc, code):
                raise ZoosimError(f"enclosure {where} cannot take animal {code}")
            enc.animals.append(code)


def put_on_truck(state: State, truck: int, *codes: int) -> None:
    """Test helper: load tiles from the stacks onto a truck (no events)."""
    for code in codes:
        if state.trucks[truck].free_spaces <= 0:
            raise ZoosimError(f"truck {truck} is full")
        take_from_stacks(state, code)
        state.trucks[truck].tiles.append(code)


def set_coins(state: State, player: int, coins: int) -> None:
    """Test helper: set a player's coins, taking the difference from (or returning it to) the bank."""
    state.bank -= coins - state.zoos[player].coins
    state.zoos[player].coins = coins


# --- stacks (spec 3A) -----------------------------------------------------------------------------------

def tiles_left(state: State) -> bool:
    return bool(state.main or state.end)


def draw_tile(state: State) -> tuple[int, bool]:
    """Spec 3A: the top tile of the main stack; of the end stack only once the main stack is empty."""
    if state.main:
        return state.main.pop(0), False
    if state.end:
        return state.end.pop(0), True
    raise IllegalMove("no tile left to draw")


def peek_tile(state: State) -> tuple[int, bool]:
    """The tile `draw_tile` would return (for replays; policies never call it)."""
    if state.main:
        return state.main[0], False
    return state.end[0], True


def draw_ends_game(state: State, from_end: bool) -> bool:
    """Spec 7 `end_trigger`: does this draw make the current round the last?"""
    if state.last_round:
        return False
    if state.rules.end_trigger == "first_end_draw":
        return from_end
    return not from_end and not state.main  # "main_empty": the last main-stack tile was just drawn


# --- placing tiles (spec 4, protocol 4-5) ---------------------------------------------------------------

def can_take_animal(enc: Enclosure, code: int) -> bool:
    """Spec 4: a free animal space, and the enclosure is empty or holds the same species."""
    return enc.free_spaces > 0 and (enc.species is None or enc.species == species_of(code))


def can_take_stall(enc: Enclosure) -> bool:
    """Spec 4: a free stall space of the enclosure's own (any kind, duplicates allowed)."""
    return enc.free_stall_spaces > 0


def enclosures_for(zoo: Zoo, code: int) -> list[int]:
    """The enclosures that can legally take tile `code`, ascending (protocol 4)."""
    if is_animal(code):
        return [e for e, enc in enumerate(zoo.enclosures) if can_take_animal(enc, code)]
    if is_stall(code):
        return [e for e, enc in enumerate(zoo.enclosures) if can_take_stall(enc)]
    return []


def placement_options(zoo: Zoo, code: int) -> list[int]:
    """Protocol 7.3: [each enclosure that can take the tile, ascending] + [barn]; a coin tile: [money]."""
    if code == COIN:
        return [MONEY]
    return enclosures_for(zoo, code) + [BARN]


def fill_coins(state: State, player: int, e: int) -> None:
    """Spec 4 fill coins: the owner takes the enclosure's coins from the bank, or what is left of it."""
    coins = min(state.zoos[player].enclosures[e].fill_coins, state.bank)
    state.bank -= coins
    state.zoos[player].coins += coins
    state.log(FILL, player, e, coins)


def breed(state: State, player: int, e: int, pays_fill: bool) -> None:
    """Spec 6 / protocol 5: while an unused fertile male and female of the enclosure's species are in it
    and the supply has an offspring: both become used, the offspring enters the enclosure (else the barn)."""
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
            if enc.free_spaces == 0 and pays_fill:
                fill_coins(state, player, e)
        else:
            zoo.barn[animal_code(s, OFFSPRING)] += 1
            state.log(BIRTH, player, s, e, BARN)


def put_tile(state: State, player: int, code: int, dest: int) -> None:
    """Spec 4: put a tile (already taken from its source, already logged) at a legal destination, then
    pay fill coins and breed. `dest` must be checked by the caller."""
    zoo = state.zoos[player]
    if code == COIN:
        zoo.coins += 1
        state.coin_tiles_cashed += 1
    elif dest == BARN:
        zoo.barn[code] += 1
    elif is_stall(code):
        zoo.enclosures[dest].stalls.append(code - STALL_BASE)
    else:
        enc = zoo.enclosures[dest]
        enc.animals.append(code)
        if enc.free_spaces == 0:
            fill_coins(state, player, dest)
        breed(state, player, dest, pays_fill=True)


def placement_problem(zoo: Zoo, code: int, dest: int) -> str | None:
    """Why tile `code` cannot go to `dest` of this zoo (None when it can)."""
    if dest not in placement_options(zoo, code):
        where = {BARN: "the barn", MONEY: "money"}.get(dest, f"enclosure {dest}")
        return f"tile {code} cannot go to {where}; legal: {placement_options(zoo, code)}"
    return None


# --- scoring (spec 7) -----------------------------------------------------------------------------------

def enclosure_score(rules: Rules, enc: Enclosure) -> tuple[str, int]:
    """Spec 7: full value, one-empty value, or per animal with an own stall; returns (component, points)."""
    if enc.free_spaces == 0:
        return "full_enclosure_points", enc.full_points
    if enc.free_spaces == 1:
        return "one_short_points", enc.one_empty_points
    if enc.stalls:
        return "partial_points", rules.partial_points_per_animal * len(enc.animals)
    return "partial_points", 0


def score_player(rules: Rules, zoo: Zoo) -> dict[str, int]:
    """Spec 7: the score components of one zoo, plus their sum as `total`."""
    parts = dict.fromkeys(COMPONENTS, 0)
    for enc in zoo.enclosures:
        name, points = enclosure_score(rules, enc)
        parts[name] += points
    kinds_shown = {k for enc in zoo.enclosures for k in enc.stalls}
    parts["stall_points"] = rules.stall_kind_points * len(kinds_shown)
    barn_stall_kinds = {c for c in zoo.barn_codes() if is_stall(c)}
    parts["barn_animal_penalty"] = -rules.barn_penalty * len(zoo.barn_species())
    parts["barn_stall_penalty"] = -rules.barn_penalty * len(barn_stall_kinds)
    parts["total"] = sum(parts[c] for c in COMPONENTS)
    return parts


def ranks_and_shares(scores: list[int], coins: list[int]) -> tuple[list[int], list[float]]:
    """Spec 7: rank by score, then coins (1 = best, equal for a shared place); winners share 1 equally."""
    keys = list(zip(scores, coins))
    ranks = [1 + sum(other > mine for other in keys) for mine in keys]
    winners = ranks.count(1)
    return ranks, [1.0 / winners if r == 1 else 0.0 for r in ranks]


# --- the game record ------------------------------------------------------------------------------------

@dataclass
class SeatResult:
    score: int
    components: dict[str, int]
    coins: int
    expansions: int
    offspring_born: int
    barn_tiles: int
    money_actions: int
    rank: int
    win_share: float


@dataclass
class GameRecord:
    events: list[Event]
    seats: list[SeatResult]
    rounds: int
    turns: int
    round_scores: list[list[int]] = field(default_factory=list)

    @property
    def scores(self) -> list[int]:
        return [s.score for s in self.seats]


def game_record(state: State) -> GameRecord:
    """Score a finished game (spec 7) and collect the per-seat results."""
    scored = [score_player(state.rules, zoo) for zoo in state.zoos]
    ranks, shares = ranks_and_shares([s["total"] for s in scored], [z.coins for z in state.zoos])
    seats = [
        SeatResult(
            score=s["total"], components={c: s[c] for c in COMPONENTS}, coins=zoo.coins,
            expansions=zoo.expansions, offspring_born=zoo.offspring_born, barn_tiles=zoo.barn_tiles(),
            money_actions=zoo.money_actions, rank=rank, win_share=share,
        )
        for s, zoo, rank, share in zip(scored, state.zoos, ranks, shares)
    ]
    return GameRecord(events=list(state.events), seats=seats, rounds=state.round, turns=state.turns,
                      round_scores=[list(r) for r in state.round_scores])


# --- invariants (spec 10) -------------------------------------------------------------------------------

def check_invariants(state: State) -> None:
    """Spec 10: tiles conserved, offspring only from the supply, coins conserved, scores within bounds.
    Raises AssertionError naming the first broken invariant."""
    rules = state.rules
    count: Counter = Counter()
    for tiles in [state.main, state.end, state.out_of_game] + [t.tiles for t in state.trucks]:
        count.update(tiles)
    for t, truck in enumerate(state.trucks):
        assert len(truck.tiles) <= truck.capacity, f"truck {t} over capacity"
        assert all(c % 4 != OFFSPRING or not is_animal(c) for c in truck.tiles), f"offspring on truck {t}"
    assert all(c % 4 != OFFSPRING or not is_animal(c) for c in state.main + state.end), "offspring in a stack"
    for p, zoo in enumerate(state.zoos):
        assert len(zoo.enclosures) == rules.base_enclosures() + zoo.expansions, f"player {p}: enclosure count"
        assert zoo.expansions <= rules.expansion_limit(state.players), f"player {p}: too many expansions"
        assert zoo.coins >= 0, f"player {p}: negative coins"
        for e, enc in enumerate(zoo.enclosures):
            assert enc.free_spaces >= 0 and enc.free_stall_spaces >= 0, f"player {p} enclosure {e} overfull"
            assert all(is_animal(c) for c in enc.animals), f"player {p} enclosure {e}: non-animal"
            assert len({species_of(c) for c in enc.animals}) <= 1, f"player {p} enclosure {e}: two species"
            s = enc.species
            if s is not None and state.supply[s] > 0:
                pending = animal_code(s, MALE) in enc.animals and animal_code(s, FEMALE) in enc.animals
                assert not pending, f"player {p} enclosure {e}: an unused pair did not breed"
            count.update(enc.animals)
            count.update(STALL_BASE + k for k in enc.stalls)
        assert all(n > 0 and c != COIN for c, n in zoo.barn.items()), f"player {p}: bad barn entry"
        count.update(zoo.barn)
    for s in range(rules.species):
        squares = sum(count[animal_code(s, k)] for k in (INERT, MALE, FEMALE))
        if s in state.removed_species:
            assert squares == 0 and count[animal_code(s, OFFSPRING)] == 0, f"removed species {s} in play"
            continue
        assert squares == rules.tiles_per_species, f"species {s}: {squares} square tiles"
        born = rules.offspring_per_species - state.supply[s]
        assert 0 <= state.supply[s] and count[animal_code(s, OFFSPRING)] == born, f"species {s}: offspring"
        assert rules.fertile_males - count[animal_code(s, MALE)] == born, f"species {s}: used males != births"
        assert rules.fertile_females - count[animal_code(s, FEMALE)] == born, f"species {s}: used females"
    for k in range(rules.stall_kinds):
        assert count[STALL_BASE + k] == rules.stalls_per_kind, f"stall kind {k}: {count[STALL_BASE + k]} tiles"
    assert count[COIN] + state.coin_tiles_cashed == rules.coin_tiles, "coin tiles not conserved"
    assert state.bank >= 0, "negative bank"
    money = state.bank + sum(z.coins for z in state.zoos)
    assert money == rules.bank + state.coin_tiles_cashed, f"coins not conserved: {money}"
    for p, zoo in enumerate(state.zoos):
        total = score_player(rules, zoo)["total"]
        assert rules.min_score(state.players) <= total <= rules.max_score(state.players), f"player {p}: score {total}"


__all__ = [
    "State", "Zoo", "Enclosure", "Truck", "GameRecord", "SeatResult", "IllegalMove", "setup", "score_player",
    "check_invariants", "put_in_zoo", "put_on_truck", "set_coins", "take_from_stacks", "game_record",
]
