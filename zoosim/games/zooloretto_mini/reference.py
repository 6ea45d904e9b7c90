"""Zooloretto Mini in plain Python: the executable specification.

Written from `shared/specs/zooloretto-mini.md` ("spec N") and `PROTOCOL.md` ("protocol N"), apart from the
numba engine, so that both can be played side by side for the same (seed, game index) and compared event
for event: the state, the setup, every rule (one function each), the scoring, then the turns, the policies
uniform and random, `play_game` and `replay_decisions`. What the two truck games do alike (stacks, trucks,
breeding, the round) is written once in zoosim.games.family.trucks.

A turn option is `(DRAW, 0, 0, 0)` (the truck is chosen after the tile is seen) or `(TAKE, truck, 0, 0)`;
a bonus option is `(BONUS_SKIP, 0, 0, 0)`, `(BONUS_TAKE, seller, code, enclosure)` or
`(BONUS_DISCARD, code, 0, 0)`: laid out like the event rows they produce (protocol 10).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Union

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.family import reference as family
from zoosim.games.family import trucks
from zoosim.games.family.reference import (  # noqa: F401  (the game's own names)
    GameRecord, IllegalMove, SeatResult, check_on_turn, ranks_and_shares,
)
from zoosim.games.family.trucks import (  # noqa: F401  (the game's own names)
    BIRTH, DRAW, FILL, PLACE, TAKE, Truck, TruckChoice, animal_code, check_drawn, draw_trucks, forced_empty_truck,
    is_animal, put_on_truck, species_of, take_from_stacks, take_trucks, tiles_left,
)
from zoosim.games.zooloretto_mini.rules import BARN, LANDSCAPE_BASE, Rules, validate

# Event kinds (protocol 10): DRAW, TAKE, PLACE, BIRTH, FILL (1-5, as in Zooloretto), then the Mini's own.
BONUS_TAKE, BONUS_DISCARD, BONUS_SKIP, LAST_ROUND, ROUND_END = range(6, 11)
EVENT_NAMES = {DRAW: "DRAW", TAKE: "TAKE", PLACE: "PLACE", BIRTH: "BIRTH", FILL: "FILL", BONUS_TAKE: "BONUS_TAKE",
               BONUS_DISCARD: "BONUS_DISCARD", BONUS_SKIP: "BONUS_SKIP", LAST_ROUND: "LAST_ROUND",
               ROUND_END: "ROUND_END"}
BONUS_KINDS = (BONUS_TAKE, BONUS_DISCARD, BONUS_SKIP)
COMPONENTS = ("enclosure_points", "landscape_points", "barn_animal_penalty", "barn_landscape_penalty")


def is_landscape(code: int) -> bool:
    return code >= LANDSCAPE_BASE


# --- state ----------------------------------------------------------------------------------------------

@dataclass
class Enclosure(trucks.Enclosure):
    """Spec 3: up to `size` tiles, animals (codes) of one species and landscapes (kinds) of any kind."""

    size: int
    animals: list[int] = field(default_factory=list)
    landscapes: list[int] = field(default_factory=list)

    @property
    def free_spaces(self) -> int:
        return self.size - len(self.animals) - len(self.landscapes)


@dataclass
class Zoo(trucks.Zoo):
    bonuses_taken: int = 0

    @classmethod
    def new(cls, rules: Rules) -> Zoo:
        return cls([Enclosure(rules.enclosure_size) for _ in range(rules.enclosures)])


@dataclass
class State(trucks.State):
    earned: int = 0  # bonuses earned by the current truck

    @classmethod
    def empty(cls, rules: Rules, players: int, removed_species: list[int] | None = None) -> State:
        """Before the first turn, tiles unshuffled (canonical order); default removed species: the highest."""
        return cls.dealt(rules, players, removed_species, canonical_tiles, Zoo.new)


# --- setup (protocol 3) ---------------------------------------------------------------------------------

def canonical_tiles(rules: Rules, species: list[int]) -> list[int]:
    """The animals of the species in play, then the landscapes kind by kind."""
    tiles = trucks.canonical_animals(rules, species)
    for k in range(rules.landscape_kinds):
        tiles += [LANDSCAPE_BASE + k] * rules.landscapes_per_kind
    return tiles


def setup(rules: Rules, players: int, rng: PyRng) -> State:
    """Protocol 3: remove species (partial Fisher-Yates), shuffle, split bag and end stack."""
    return trucks.deal(State.empty, rules, players, rng)


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


# --- places, filling, breeding (spec 3-5, protocol 4-5) ------------------------------------------------

def can_take(enc: Enclosure, code: int) -> bool:
    """Spec 3: a free space; animals of one species only; landscapes of any kind."""
    if enc.free_spaces <= 0:
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
    """Spec 4: unused fertile male + female breed at once (each once) while the supply lasts; a birth that fills
    the enclosure is a fill like any other (it earns a bonus if its truck tile would)."""
    trucks.breed(state, player, e, lambda: record_fill(state, player, e, from_truck))


def put_tile(state: State, player: int, code: int, dest: int, from_truck: bool) -> None:
    """Put a tile (already logged, destination already checked) in the barn or an enclosure."""
    zoo = state.zoos[player]
    if dest == BARN:
        zoo.barn[code] += 1
        return
    enc = zoo.enclosures[dest]
    add_to_enclosure(enc, code)
    if enc.free_spaces == 0:
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


def game_record(state: State) -> GameRecord:
    """Spec 6: each seat's score and own log columns; ranked by score, then landscape tiles in the enclosures."""
    columns = [{"bonuses_taken": zoo.bonuses_taken, "landscape_tiles": landscape_tiles(zoo),
                "offspring_born": zoo.offspring_born, "barn_tiles": zoo.barn_tiles()} for zoo in state.zoos]
    return family.game_record(state, [score_player(state.rules, zoo) for zoo in state.zoos], COMPONENTS, columns,
                              [c["landscape_tiles"] for c in columns])


# --- invariants -----------------------------------------------------------------------------------------

def check_invariants(state: State) -> None:
    """Tiles conserved, offspring only from the supply, no pending pair, enclosures legal, score bounds."""
    rules = state.rules
    count = trucks.tiles_outside_zoos(state)
    for p, zoo in enumerate(state.zoos):
        for e, enc in enumerate(zoo.enclosures):
            assert enc.free_spaces >= 0, f"player {p} enclosure {e} overfull"
            trucks.check_enclosure_animals(state, p, e, enc)
            count.update(enc.animals)
            count.update(LANDSCAPE_BASE + k for k in enc.landscapes)
        assert all(n > 0 for n in zoo.barn.values()), f"player {p}: bad barn entry"
        count.update(zoo.barn)
        total = score_player(rules, zoo)["total"]
        assert rules.min_score() <= total <= rules.max_score(), f"player {p}: score {total}"
    trucks.check_animals_conserved(state, count)
    for k in range(rules.landscape_kinds):
        assert count[LANDSCAPE_BASE + k] == rules.landscapes_per_kind, f"landscape {k} not conserved"


# --- turns and rounds (spec 2, protocol 6) -------------------------------------------------------------

Option = tuple[int, int, int, int]
Placements = Union[Sequence[tuple[int, int]], Callable[[int, list[int]], int]]
Bonuses = Union[Sequence[Option], Callable[[State, int], Option]]
POLICIES = ("uniform", "random")


def legal_turn_options(state: State) -> list[Option]:
    """Protocol 9: DRAW (if D is non-empty), then TAKE t for t in T ascending."""
    options: list[Option] = [(DRAW, 0, 0, 0)] if draw_trucks(state) else []
    return options + [(TAKE, t, 0, 0) for t in take_trucks(state)]


def apply_turn(state: State, option: Sequence[int], truck: TruckChoice | None = None,
               placements: Placements | None = None, bonuses: Bonuses | None = None) -> None:
    """Play one turn of `state.current`. DRAW needs `truck` (a number, or a chooser from D called after the
    draw); TAKE needs `placements` ((code, destination) pairs in the order placed, or a chooser called in
    loading order) and, when bonuses are earned, `bonuses` (options in order, or a chooser). An
    IllegalMove leaves the state unchanged."""
    if state.game_over:
        raise IllegalMove("the game is over")
    kind, a = int(option[0]), int(option[1]) if len(option) > 1 else 0
    player = state.current
    if kind == DRAW:
        _draw_and_load(state, player, truck)
    elif kind == TAKE:
        if not callable(placements) or not callable(bonuses):
            trucks.try_on_a_copy(state, lambda trial: _take_truck(trial, player, a, placements, bonuses))
        _take_truck(state, player, a, placements, bonuses)
    else:
        raise IllegalMove(f"{kind} is not a turn option")
    end_turn(state)


def _draw_and_load(state: State, player: int, truck: TruckChoice | None) -> None:
    """Spec 2A: draw from the bag (then the end stack) onto an untaken truck with a free space; the first draw
    from the end stack makes the round the last."""
    from_end = trucks.draw_onto_truck(state, player, truck)
    if from_end and not state.last_round:
        state.last_round = True
        state.log(LAST_ROUND, player, state.round)


def _take_truck(state: State, player: int, t: int, placements: Placements | None, bonuses: Bonuses | None) -> None:
    """Spec 2B, 3-5: take the truck, place its tiles (births after each), then resolve the bonuses."""
    if not 0 <= t < len(state.trucks) or state.trucks[t].taken_by is not None:
        raise IllegalMove(f"truck {t} cannot be taken")
    if not state.trucks[t].tiles and forced_empty_truck(state) is None:
        raise IllegalMove(f"truck {t} is empty")
    zoo = state.zoos[player]
    state.earned = 0
    tiles = trucks.take_truck(state, player, t)
    if callable(placements):
        pairs = [(code, None) for code in tiles]
    else:
        pairs = list(placements or [])
        if sorted(code for code, _ in pairs) != sorted(tiles):
            raise IllegalMove(f"placements {[c for c, _ in pairs]} do not match the truck's tiles {tiles}")
    for code, dest in pairs:
        options = placement_options(zoo, code)
        if dest is None:
            dest = placements(code, options)
        if dest not in options:
            raise IllegalMove(f"tile {code} cannot go to {dest}; legal: {options}")
        state.log(PLACE, player, code, dest)
        put_tile(state, player, code, dest, from_truck=True)
    given = None if callable(bonuses) else list(bonuses or [])
    for k in range(state.earned):
        if given is None:
            choice = bonuses(state, player)
        elif k < len(given):
            choice = tuple(given[k])
        else:
            raise IllegalMove(f"{state.earned} bonus(es) earned, {len(given)} given")
        apply_bonus(state, player, choice)
    if given is not None and len(given) > state.earned:
        raise IllegalMove(f"{len(given)} bonus(es) given, {state.earned} earned")


def end_turn(state: State) -> None:
    """Spec 2, 7: the next seat without a truck is on turn; when every seat has one the round ends (tiles left on
    trucks leave the game; the last taker starts the next round; the game ends after the last round, when no tile
    is left, or at max_rounds)."""
    trucks.end_turn(state, ROUND_END, score_player)


# --- policies (spec 8, protocol 8-9) --------------------------------------------------------------------

def uniform_bonus(state: State, player: int, rng: PyRng) -> Option:
    """Spec 8.4: discard a uniformly chosen barn tile (tiles counted in ascending code order), else skip."""
    barn = state.zoos[player].barn
    tiles = [code for code in sorted(barn) for _ in range(barn[code])]
    if not tiles:
        return (BONUS_SKIP, 0, 0, 0)
    return (BONUS_DISCARD, tiles[rng.below(len(tiles))], 0, 0)


def _uniform_take(state: State, option: Option, rng: PyRng, bonuses: Bonuses) -> None:
    apply_turn(state, option, placements=lambda code, options: options[rng.below(len(options))], bonuses=bonuses)


def uniform_turn(state: State, rng: PyRng) -> None:
    """Spec 8: draw or take with probability 1/2 when both are possible."""
    d, t = draw_trucks(state), take_trucks(state)

    def bonuses(s: State, p: int) -> Option:
        return uniform_bonus(s, p, rng)

    if not d and not t:
        apply_turn(state, (TAKE, forced_empty_truck(state), 0, 0), placements=[], bonuses=bonuses)
    elif d and (not t or rng.below(2) == 0):
        apply_turn(state, (DRAW, 0, 0, 0), truck=lambda ds: ds[rng.below(len(ds))])
    else:
        _uniform_take(state, (TAKE, t[rng.below(len(t))], 0, 0), rng, bonuses)


def random_turn(state: State, rng: PyRng) -> None:
    """Protocol 9: a uniformly chosen turn option; each bonus uniform over its canonical option list."""
    options = legal_turn_options(state)

    def bonuses(s: State, p: int) -> Option:
        choices = bonus_options(s, p)
        return choices[rng.below(len(choices))]

    if not options:
        apply_turn(state, (TAKE, forced_empty_truck(state), 0, 0), placements=[], bonuses=bonuses)
        return
    option = options[rng.below(len(options))]
    if option[0] == DRAW:
        apply_turn(state, option, truck=lambda ds: ds[rng.below(len(ds))])
    else:
        _uniform_take(state, option, rng, bonuses)


POLICY_TURNS = {"uniform": uniform_turn, "random": random_turn}


play_game = family.game_player(validate, setup, POLICY_TURNS, game_record)  # one game of uniform and random seats


def replay_decisions(rules: Rules, players: int, seed: int, game_index: int,
                     events: Iterable[Sequence[int]],
                     check: Callable[[State], None] | None = None) -> GameRecord:
    """Replay the decisions of an event log (DRAW, TAKE with its PLACE and BONUS_* rows); consequences
    (BIRTH, FILL, LAST_ROUND, ROUND_END) are skipped on input and produced by these rules. Every decision
    is checked; a wrong one raises IllegalMove naming the event. `check` (e.g. check_invariants)
    runs after every turn."""
    validate(rules, players)
    state = setup(rules, players, PyRng(seed, game_index))
    rows = [tuple(int(x) for x in row) for row in events]
    decisions = [(i, row) for i, row in enumerate(rows) if row[0] in (DRAW, TAKE, PLACE) + BONUS_KINDS]
    pos = 0
    while not state.game_over:
        if pos >= len(decisions):
            raise IllegalMove(f"the events end in round {state.round} with player {state.current} on turn")
        at, (kind, player, a, b, c, _d) = decisions[pos]
        pos += 1
        try:
            check_on_turn(state, player)
            if kind == DRAW:
                check_drawn(state, a, c)
                apply_turn(state, (DRAW, 0, 0, 0), truck=b)
            elif kind == TAKE:
                places, bonuses = [], []
                while pos < len(decisions) and decisions[pos][1][0] in (PLACE,) + BONUS_KINDS:
                    row = decisions[pos][1]
                    (places if row[0] == PLACE else bonuses).append(row)
                    pos += 1
                apply_turn(state, (TAKE, a, 0, 0), placements=[(r[2], r[3]) for r in places],
                           bonuses=[_bonus_option(r) for r in bonuses])
            else:
                raise IllegalMove(f"expected DRAW or TAKE, got {EVENT_NAMES.get(kind, kind)}")
        except IllegalMove as err:
            raise IllegalMove(f"event {at} {rows[at]}: {err}") from None
        if check is not None:
            check(state)
    if pos < len(decisions):
        raise IllegalMove(f"event {decisions[pos][0]}: a decision after the game ended")
    return game_record(state)


def _bonus_option(row: Sequence[int]) -> Option:
    kind, _player, a, b, c = row[:5]
    if kind == BONUS_SKIP:
        return (BONUS_SKIP, 0, 0, 0)
    if kind == BONUS_DISCARD:
        return (BONUS_DISCARD, a, 0, 0)
    return (kind, a, b, c)

