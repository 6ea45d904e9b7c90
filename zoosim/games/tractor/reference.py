"""Tractor Zooloretto in plain Python: the executable specification.

Written from `shared/specs/tractor.md` and `PROTOCOL.md` apart from the numba engine, so that both can be
played side by side for the same (seed, game index) and compared event for event: state, setup, every rule,
scoring, the policies uniform and random, `play_game` and `replay_decisions`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from collections.abc import Callable, Iterable, Sequence

from zoosim.core.rng import PyRng
from zoosim.games.family import reference as family
from zoosim.games.family.reference import (  # noqa: F401  (the game's own names)
    Event, GameRecord, IllegalMove, SeatResult, check_on_turn, shuffle,
)
from zoosim.games.tractor.rules import (
    ATTRACTION, BACKYARD, DISCARDED, STALL_BASE, STALLS, TO_BAG, Rules, validate,
)

TAKE, PLACE, PUSH, REFILL, PASS, ROUND_END = range(1, 7)
END_EMPTY, END_FULL_ZOO, END_ROUND_LIMIT = 0, 1, 2
COMPONENTS = ("full_enclosure_points", "attraction_points", "stall_points", "backyard_penalty",
              "card_species_winner", "card_enclosure_winner", "card_attraction_winner")


def is_animal(code: int) -> bool:
    return 0 <= code < STALL_BASE


def is_stall(code: int) -> bool:
    return STALL_BASE <= code < ATTRACTION


@dataclass
class Enclosure:
    """Animals of one species plus at most one attraction, `size` places in all."""

    size: int
    species: int | None = None
    animals: int = 0
    attraction: bool = False

    @property
    def tiles(self) -> int:
        return self.animals + int(self.attraction)


@dataclass
class Zoo:
    enclosures: list[Enclosure]
    stalls: list[int] = field(default_factory=list)  # kinds on the stall spaces
    backyard: Counter = field(default_factory=Counter)  # tiles per code
    pushes: int = 0

    def backyard_tiles(self) -> int:
        return sum(self.backyard.values())

    def backyard_animals(self) -> list[int]:
        """Every animal tile of the backyard, one code per tile, ascending."""
        return [c for c in sorted(self.backyard) if is_animal(c) for _ in range(self.backyard[c])]


@dataclass
class State:
    rules: Rules
    players: int
    zoos: list[Zoo]
    tractors: list[list[int]]  # tiles per tractor, slot 0 first
    bag: list[int]  # bag[0] is the top
    out_of_game: list[int] = field(default_factory=list)
    round: int = 1
    current: int = 0
    turns: int = 0
    game_over: bool = False
    end_reason: int = -1
    events: list[Event] = field(default_factory=list)
    round_scores: list[list[int]] = field(default_factory=list)  # the rounds log: scores after each round

    @classmethod
    def empty(cls, rules: Rules, players: int) -> State:
        """Before setup: the bag in canonical order, empty tractors."""
        zoos = [Zoo([Enclosure(rules.enclosure_size) for _ in range(rules.enclosures)]) for _ in range(players)]
        return cls(rules, players, zoos, [[] for _ in range(rules.tractors(players))], canonical_tiles(rules))

    def log(self, kind: int, player: int, a: int = 0, b: int = 0) -> None:
        self.events.append((kind, player, a, b, 0, 0))


def canonical_tiles(rules: Rules) -> list[int]:
    tiles = [s for s in range(rules.species) for _ in range(rules.tiles_per_species)]
    tiles += [STALL_BASE + k for k in range(rules.stall_kinds) for _ in range(rules.stalls_per_kind)]
    return tiles + [ATTRACTION] * rules.attractions


def refill(state: State, t: int) -> None:
    """Spec "A turn" 5: the bag's top tile onto tractor t, if the bag holds one."""
    if state.bag:
        code = state.bag.pop(0)
        state.tractors[t].append(code)
        state.log(REFILL, -1, t, code)


def setup(rules: Rules, players: int, rng: PyRng) -> State:
    """PROTOCOL 3: shuffle every tile into the bag, then one tile onto each tractor."""
    state = State.empty(rules, players)
    shuffle(state.bag, rng)
    for t in range(len(state.tractors)):
        refill(state, t)
    return state


# --- places (spec "A turn" 2-3) -------------------------------------------------------------------------

def zoo_places(state: State, player: int, code: int) -> list[int]:
    """PROTOCOL 4: the legal zoo places of a tile, in order."""
    zoo = state.zoos[player]
    if is_stall(code):
        return [STALLS] if len(zoo.stalls) < state.rules.stall_spaces else []
    places = []
    for e, enc in enumerate(zoo.enclosures):
        if enc.tiles >= enc.size:
            continue
        if code == ATTRACTION and not enc.attraction:
            places.append(e)
        elif is_animal(code) and enc.species in (None, code):
            places.append(e)
    return places


def put_in_zoo(zoo: Zoo, code: int, dest: int) -> None:
    if dest == STALLS:
        zoo.stalls.append(code - STALL_BASE)
    elif code == ATTRACTION:
        zoo.enclosures[dest].attraction = True
    else:
        enc = zoo.enclosures[dest]
        enc.species = code
        enc.animals += 1


def to_backyard(state: State, player: int, code: int) -> None:
    """Into the backyard; when it is full, to the bottom of the bag (overflow = bag) or out of the game."""
    zoo = state.zoos[player]
    if zoo.backyard_tiles() < state.rules.backyard_size:
        zoo.backyard[code] += 1
        state.log(PLACE, player, code, BACKYARD)
    elif state.rules.overflow == "bag":
        state.bag.append(code)
        state.log(PLACE, player, code, TO_BAG)
    else:
        state.out_of_game.append(code)
        state.log(PLACE, player, code, DISCARDED)


def push_options(state: State, player: int) -> list[tuple[int, int]]:
    """PROTOCOL 5.3: (animal code, tractor) for each backyard animal code ascending, each tractor holding
    1 to capacity-1 tiles ascending."""
    zoo = state.zoos[player]
    tractors = [u for u, tiles in enumerate(state.tractors) if 1 <= len(tiles) < state.rules.tractor_capacity]
    return [(code, u) for code in sorted(c for c in zoo.backyard if is_animal(c)) for u in tractors]


def backyard_after_take(state: State, player: int, tractor: int, dest: int) -> Counter:
    """The player's backyard once it has taken `tractor` with its first tile to `dest` (overflow left out)."""
    yard = Counter(state.zoos[player].backyard)
    tiles = state.tractors[tractor]
    for code in tiles if dest == BACKYARD else tiles[1:]:
        if sum(yard.values()) < state.rules.backyard_size:
            yard[code] += 1
    return yard


def push_options_after_take(state: State, player: int, tractor: int, dest: int) -> list[tuple[int, int]]:
    """The push options the player will have once it has taken `tractor` (first tile to `dest`): the
    backyard as the take leaves it, and every tractor but the emptied one."""
    yard = backyard_after_take(state, player, tractor, dest)
    tractors = [u for u, held in enumerate(state.tractors)
                if u != tractor and 1 <= len(held) < state.rules.tractor_capacity]
    return [(code, u) for code in sorted(c for c in yard if is_animal(c) and yard[c] > 0) for u in tractors]


def holding_tractors(state: State) -> list[int]:
    return [t for t, tiles in enumerate(state.tractors) if tiles]


# --- a turn ---------------------------------------------------------------------------------------------

def play_turn(state: State, tractor: int | None, dest: int | None = None, push: tuple[int, int] | None = None) -> None:
    """One turn of `state.current`: take `tractor` (None: pass, only when no tractor holds a tile), put its
    first tile at `dest` (a zoo place, or BACKYARD when it has none), push (code, tractor) or not, refill.
    An IllegalMove changes nothing."""
    if state.game_over:
        raise IllegalMove("the game is over")
    player = state.current
    if tractor is None:
        if holding_tractors(state):
            raise IllegalMove(f"player {player} must take a tractor: {holding_tractors(state)} hold tiles")
        state.log(PASS, player)
    else:
        problem = _turn_problem(state, player, tractor, dest, push)
        if problem:
            raise IllegalMove(problem)
        _take(state, player, tractor, dest)
        if push is not None:
            if push not in push_options(state, player):
                raise AssertionError("push_options_after_take disagrees with the take")
            code, u = push
            zoo = state.zoos[player]
            zoo.backyard[code] -= 1
            if zoo.backyard[code] == 0:
                del zoo.backyard[code]
            zoo.pushes += 1
            state.tractors[u].append(code)
            state.log(PUSH, player, code, u)
        refill(state, tractor)
    state.turns += 1
    if player == state.players - 1:
        end_round(state)
    else:
        state.current = player + 1


def _turn_problem(state: State, player: int, tractor: int, dest: int | None, push) -> str | None:
    if tractor not in holding_tractors(state):
        return f"tractor {tractor} holds no tile or does not exist"
    places = zoo_places(state, player, state.tractors[tractor][0])
    if places and dest not in places:
        return f"the first tile must go to one of {places}, not {dest}"
    if not places and dest != BACKYARD:
        return f"the first tile has no zoo place and goes to the backyard, not {dest}"
    if push is not None and tuple(push) not in push_options_after_take(state, player, tractor, dest):
        return f"push {push} is not legal; legal: {push_options_after_take(state, player, tractor, dest)}"
    return None


def _take(state: State, player: int, tractor: int, dest: int) -> None:
    tiles, state.tractors[tractor] = state.tractors[tractor], []
    state.log(TAKE, player, tractor, len(tiles))
    if dest == BACKYARD:
        to_backyard(state, player, tiles[0])
    else:
        put_in_zoo(state.zoos[player], tiles[0], dest)
        state.log(PLACE, player, tiles[0], dest)
    for code in tiles[1:]:
        to_backyard(state, player, code)


def end_round(state: State) -> None:
    """PROTOCOL 6: the end conditions, in order of precedence, after every seat's turn."""
    reason = -1
    if state.rules.end_on_full_zoo and any(all(e.tiles == e.size for e in z.enclosures) for z in state.zoos):
        reason = END_FULL_ZOO
    elif not state.bag and not holding_tractors(state):
        reason = END_EMPTY
    elif state.round >= state.rules.max_rounds:
        reason = END_ROUND_LIMIT
    state.log(ROUND_END, state.players - 1, state.round, reason)
    state.round_scores.append([s["total"] for s in score_all(state.rules, state.zoos)])
    if reason >= 0:
        state.game_over, state.end_reason = True, reason
    else:
        state.round += 1
        state.current = 0


# --- scoring (spec "Scoring") ---------------------------------------------------------------------------

def card_measures(zoo: Zoo) -> tuple[int, int, int]:
    """(most animals of one species in enclosures, most tiles in one enclosure, attractions in enclosures)."""
    per_species: Counter = Counter()
    for enc in zoo.enclosures:
        if enc.species is not None:
            per_species[enc.species] += enc.animals
    return (max(per_species.values(), default=0), max((e.tiles for e in zoo.enclosures), default=0),
            sum(e.attraction for e in zoo.enclosures))


def score_all(rules: Rules, zoos: Sequence[Zoo]) -> list[dict[str, int]]:
    """Spec "Scoring" for every player: own points, then each card to the strict maximum only."""
    out = []
    for zoo in zoos:
        out.append({
            "full_enclosure_points": sum(p for enc, p in zip(zoo.enclosures, rules.enclosure_points) if enc.tiles == enc.size),
            "attraction_points": sum(enc.attraction for enc in zoo.enclosures),
            "stall_points": len(zoo.stalls),
            "backyard_penalty": -len(zoo.backyard_animals()),
        })
    measures = [card_measures(zoo) for zoo in zoos]
    for card, name in enumerate(("card_species_winner", "card_enclosure_winner", "card_attraction_winner")):
        values = [m[card] for m in measures]
        best = max(values)
        for p, parts in enumerate(out):
            parts[name] = rules.card_points[card] if values.count(best) == 1 and values[p] == best else 0
    for parts in out:
        parts["total"] = sum(parts[c] for c in COMPONENTS)
    return out


def game_record(state: State) -> GameRecord:
    """Each seat's score (spec "Scoring") and own log columns; ranked by score alone (ties share the place)."""
    columns = [{"end_reason": state.end_reason, "pushes": zoo.pushes, "backyard_tiles": zoo.backyard_tiles()}
               for zoo in state.zoos]
    return family.game_record(state, score_all(state.rules, state.zoos), COMPONENTS, columns)


def check_invariants(state: State) -> None:
    """Every tile is somewhere exactly once; enclosures, stall spaces, backyards and tractors within
    their limits; scores within bounds."""
    rules = state.rules
    count: Counter = Counter(state.bag)
    count.update(state.out_of_game)
    for t, tiles in enumerate(state.tractors):
        assert len(tiles) <= max(rules.tractor_capacity, 1), f"tractor {t} over capacity"
        count.update(tiles)
    for p, zoo in enumerate(state.zoos):
        assert len(zoo.stalls) <= rules.stall_spaces, f"player {p}: too many stalls"
        assert zoo.backyard_tiles() <= rules.backyard_size, f"player {p}: backyard over capacity"
        for e, enc in enumerate(zoo.enclosures):
            assert enc.tiles <= enc.size, f"player {p} enclosure {e} overfull"
            count[ATTRACTION] += int(enc.attraction)
            if enc.animals:
                count[enc.species] += enc.animals
        count.update(STALL_BASE + k for k in zoo.stalls)
        count.update(zoo.backyard)
    assert +count == Counter(canonical_tiles(rules)), "tiles not conserved"
    for p, parts in enumerate(score_all(rules, state.zoos)):
        assert rules.min_score() <= parts["total"] <= rules.max_score(), f"player {p}: score {parts['total']}"


# --- policies (PROTOCOL 7-8), play and replay ----------------------------------------------------------

def uniform_turn(state: State, rng: PyRng, random_push: bool = False) -> None:
    """PROTOCOL 7 (uniform) and 8 (random, `random_push`)."""
    holding = holding_tractors(state)
    if not holding:
        play_turn(state, None)
        return
    player = state.current
    t = holding[rng.below(len(holding))]
    places = zoo_places(state, player, state.tractors[t][0])
    dest = places[rng.below(len(places))] if places else BACKYARD
    options = push_options_after_take(state, player, t, dest)
    push = None
    if random_push:
        if options:
            k = rng.below(len(options) + 1)
            push = options[k - 1] if k > 0 else None
    elif options:
        yard = backyard_after_take(state, player, t, dest)
        animals = [c for c in sorted(yard) if is_animal(c) for _ in range(yard[c])]
        tractors = sorted({u for _, u in options})
        if rng.below(2) == 0:
            push = (animals[rng.below(len(animals))], tractors[rng.below(len(tractors))])
    play_turn(state, t, dest, push)


POLICY_TURNS: dict[str, Callable[[State, PyRng], None]] = {
    "uniform": uniform_turn,
    "random": lambda state, rng: uniform_turn(state, rng, random_push=True),
}


play_game = family.game_player(validate, setup, POLICY_TURNS, game_record)  # one game of uniform and random seats


def replay_decisions(rules: Rules, players: int, seed: int, game_index: int,
                     events: Iterable[Sequence[int]],
                     check: Callable[[State], None] | None = None) -> GameRecord:
    """Replay the decisions of an event log (TAKE, the first tile's PLACE, PUSH, PASS); the rest is produced
    by these rules and must match. A wrong decision raises IllegalMove naming the event. `check` (e.g. check_invariants)
    runs after every turn."""
    validate(rules, players)
    state = setup(rules, players, PyRng(seed, game_index))
    rows = [tuple(int(x) for x in row) for row in events]
    pos = len(state.events)
    if [tuple(r) for r in rows[:pos]] != state.events:
        raise IllegalMove("the setup's REFILL rows differ from the bag of this seed")
    while not state.game_over:
        if pos >= len(rows):
            raise IllegalMove(f"the events end in round {state.round} with player {state.current} on turn")
        kind, player, a, b = rows[pos][:4]
        try:
            check_on_turn(state, player)
            if kind == PASS:
                play_turn(state, None)
            elif kind == TAKE:
                dest = rows[pos + 1][3] if pos + 1 < len(rows) and rows[pos + 1][0] == PLACE else None
                dest = BACKYARD if dest in (TO_BAG, DISCARDED) else dest
                push = None
                after = pos + 1 + b
                if after < len(rows) and rows[after][0] == PUSH:
                    push = (rows[after][2], rows[after][3])
                play_turn(state, a, dest, push)
            else:
                raise IllegalMove(f"expected TAKE or PASS, got kind {kind}")
        except IllegalMove as err:
            raise IllegalMove(f"event {pos} {rows[pos]}: {err}") from None
        produced = state.events[pos:]
        if [tuple(r) for r in rows[pos:pos + len(produced)]] != produced:
            raise IllegalMove(f"event {pos} {rows[pos]}: the rules give {produced}")
        pos += len(produced)
        if check is not None:
            check(state)
    if pos < len(rows):
        raise IllegalMove(f"event {pos}: events after the game ended")
    return game_record(state)
