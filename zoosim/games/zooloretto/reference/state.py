"""Zooloretto in plain Python: the executable specification.

Written from `shared/specs/zooloretto.md` ("spec N" below) and `PROTOCOL.md` ("protocol N"), independently
of the numba engine, so that both can be played side by side for the same (seed, game index) and compared
event for event. This module holds the state, the setup, every rule (one function each) and the scoring;
`actions.py` holds the turn options, the policies, `play_game` and `replay_decisions` (it imports this module;
this one does not import it). What the two truck games do alike (stacks, trucks, breeding, the round) is
written once in zoosim.games.family.trucks.

Tile codes, destinations and event rows follow protocol 2, 4 and 9.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from zoosim.core.rng import PyRng
from zoosim.games.base import ZoosimError
from zoosim.games.family import reference as family
from zoosim.games.family import trucks
from zoosim.games.family.reference import GameRecord, IllegalMove, SeatResult, ranks_and_shares  # noqa: F401
from zoosim.games.family.trucks import (  # noqa: F401  (the game's own names)
    BIRTH, DRAW, FILL, PLACE, TAKE, Truck, animal_code, is_animal, put_on_truck, species_of, take_from_stacks,
    tiles_left,
)
from zoosim.games.zooloretto.rules import BARN, COIN, MONEY, STALL_BASE, Rules

# Event kinds (protocol 9): DRAW, TAKE, PLACE, BIRTH, FILL (1-5, as in Zooloretto Mini), then Zooloretto's own.
MOVE, EXCHANGE, PURCHASE, DISCARD, EXPAND, LAST_ROUND, ROUND_END = range(6, 13)
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


def is_stall(code: int) -> bool:
    return STALL_BASE <= code < COIN


# --- state ----------------------------------------------------------------------------------------------

@dataclass
class Enclosure(trucks.Enclosure):
    """One enclosure of a zoo board (spec 2): its numbers, its animals (codes), its stalls (kinds)."""

    spaces: int
    stall_spaces: int
    full_points: int
    one_empty_points: int
    fill_coins: int
    animals: list[int] = field(default_factory=list)
    stalls: list[int] = field(default_factory=list)

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
class Zoo(trucks.Zoo):
    """One player's zoo: enclosures in board order (protocol 4), barn (count per tile code), money."""

    coins: int = 0
    expansions: int = 0
    money_actions: int = 0

    @classmethod
    def new(cls, rules: Rules) -> Zoo:
        return cls([base_enclosure(rules, e) for e in range(rules.base_enclosures())])

    def barn_species(self) -> list[int]:
        return sorted({species_of(c) for c in self.barn_codes() if is_animal(c)})

    def barn_animals_of(self, species: int) -> list[int]:
        """Every animal of `species` in the barn, one code per tile, ascending."""
        return [c for c in self.barn_codes() if is_animal(c) and species_of(c) == species for _ in range(self.barn[c])]


@dataclass
class State(trucks.State):
    """The whole game: the truck games' state (family.trucks) with the bank and the coin tiles cashed."""

    bank: int = 0
    coin_tiles_cashed: int = 0

    @classmethod
    def empty(cls, rules: Rules, players: int, removed_species: list[int] | None = None) -> State:
        """A state before the first turn with the tiles in play unshuffled in the stacks (canonical order,
        the last `end_stack` of them in the end stack), starting coins paid from the bank. Default removed
        species: the highest indices."""
        state = cls.dealt(rules, players, removed_species, canonical_tiles, Zoo.new, bank=rules.bank)
        for zoo in state.zoos:
            zoo.coins = rules.start_coins
            state.bank -= rules.start_coins
        return state


# --- setup (spec 1, protocol 3) -------------------------------------------------------------------------

def canonical_tiles(rules: Rules, species: list[int]) -> list[int]:
    """Protocol 3.2: the square tiles in play in canonical order: the animals, the stalls, the coins."""
    tiles = trucks.canonical_animals(rules, species)
    for k in range(rules.stall_kinds):
        tiles += [STALL_BASE + k] * rules.stalls_per_kind
    return tiles + [COIN] * rules.coin_tiles


def setup(rules: Rules, players: int, rng: PyRng) -> State:
    """Spec 1 / protocol 3: remove species, shuffle, split the stacks, pay starting coins, set out trucks."""
    return trucks.deal(State.empty, rules, players, rng)


# --- hand-built states (for tests) ----------------------------------------------------------------------

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


def set_coins(state: State, player: int, coins: int) -> None:
    """Test helper: set a player's coins, taking the difference from (or returning it to) the bank."""
    state.bank -= coins - state.zoos[player].coins
    state.zoos[player].coins = coins


# --- the last round (spec 7) ----------------------------------------------------------------------------

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
    and the supply has an offspring: both become used, the offspring enters the enclosure (else the barn);
    a birth that fills the enclosure pays its fill coins when `pays_fill` (not after an Exchange)."""
    trucks.breed(state, player, e, (lambda: fill_coins(state, player, e)) if pays_fill else None)


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


# --- the game record ------------------------------------------------------------------------------------

def game_record(state: State) -> GameRecord:
    """Score a finished game (spec 7): each seat's score and own log columns; ranked by score, then coins."""
    columns = [{"coins": zoo.coins, "expansions": zoo.expansions, "offspring_born": zoo.offspring_born,
                "barn_tiles": zoo.barn_tiles(), "money_actions": zoo.money_actions} for zoo in state.zoos]
    return family.game_record(state, [score_player(state.rules, zoo) for zoo in state.zoos], COMPONENTS, columns,
                              [zoo.coins for zoo in state.zoos])


# --- invariants (spec 10) -------------------------------------------------------------------------------

def check_invariants(state: State) -> None:
    """Spec 10: tiles conserved, offspring only from the supply, coins conserved, scores within bounds.
    Raises AssertionError naming the first broken invariant."""
    rules = state.rules
    count = trucks.tiles_outside_zoos(state)
    for p, zoo in enumerate(state.zoos):
        assert len(zoo.enclosures) == rules.base_enclosures() + zoo.expansions, f"player {p}: enclosure count"
        assert zoo.expansions <= rules.expansion_limit(state.players), f"player {p}: too many expansions"
        assert zoo.coins >= 0, f"player {p}: negative coins"
        for e, enc in enumerate(zoo.enclosures):
            assert enc.free_spaces >= 0 and enc.free_stall_spaces >= 0, f"player {p} enclosure {e} overfull"
            assert all(is_animal(c) for c in enc.animals), f"player {p} enclosure {e}: non-animal"
            trucks.check_enclosure_animals(state, p, e, enc)
            count.update(enc.animals)
            count.update(STALL_BASE + k for k in enc.stalls)
        assert all(n > 0 and c != COIN for c, n in zoo.barn.items()), f"player {p}: bad barn entry"
        count.update(zoo.barn)
    trucks.check_animals_conserved(state, count)
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
