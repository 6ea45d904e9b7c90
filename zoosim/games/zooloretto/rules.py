"""Zooloretto's rulebook as data: every number of `shared/specs/zooloretto.md` is a field of `Rules`.

Defaults are the official game. `pack()` turns the rules into one int64 array for the numba core, so a
sweep over rule values never recompiles. The `R_*` constants are the indices into that array.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from zoosim.errors import need
from zoosim.games.family.rules import (  # noqa: F401  (FEMALE .. OFFSPRING: the animal tile classes, for the engine)
    ANIMAL_CODES, FEMALE, INERT, MALE, MAX_ROUNDS, OFFSPRING, TRUCK_RULE_DOCS, TruckRules, check_animal_tiles,
    check_bounds, check_count, check_players, check_trucks, not_negative, pack_slots,
)

SPECIES_NAMES = ("flamingo", "camel", "leopard", "elephant", "panda", "chimpanzee", "zebra", "kangaroo")
STALL_NAMES = ("A", "B", "C", "D", "E", "F", "G", "H")
END_TRIGGERS = ("first_end_draw", "main_empty")

# Capacities of the core's fixed-shape state.
MAX_PLAYERS = 5
MAX_SPECIES = 16
MAX_STALL_KINDS = 8
MAX_ENCLOSURES = 8
MAX_TRUCKS = 8
MAX_TRUCK_CAPACITY = 8

# Tile codes (see PROTOCOL.md): animal 4*species + class (family.rules), stall 64 + kind, coin 80.
STALL_BASE = ANIMAL_CODES
COIN = 80
N_CODES = 81
BARN = -1
MONEY = -2


@dataclass(frozen=True)
class Rules(TruckRules):
    """The rules of Zooloretto. Field docs are printed by `zoosim rules zooloretto`; the trucks and the species
    removed per player count are TruckRules' (the family's truck games)."""

    species: int = 8
    tiles_per_species: int = 11
    fertile_males: int = 2
    fertile_females: int = 2
    offspring_per_species: int = 2
    stall_kinds: int = 4
    stalls_per_kind: int = 3
    coin_tiles: int = 12
    bank: int = 30
    start_coins: int = 2
    truck_capacity: int = 3
    two_player_truck_capacities: tuple[int, ...] = (3, 2, 1)
    trucks_by_players: tuple[int, ...] = (3, 3, 4, 5)
    species_removed_by_players: tuple[int, ...] = (3, 2, 1, 0)
    end_stack: int = 15
    end_trigger: str = "first_end_draw"
    enclosure_spaces: tuple[int, ...] = (5, 4, 6)
    enclosure_stall_spaces: tuple[int, ...] = (1, 2, 1)
    enclosure_full_points: tuple[int, ...] = (8, 5, 10)
    enclosure_one_empty_points: tuple[int, ...] = (5, 4, 6)
    enclosure_fill_coins: tuple[int, ...] = (2, 1, 0)
    expansion_spaces: int = 5
    expansion_stall_spaces: int = 1
    expansion_full_points: int = 9
    expansion_one_empty_points: int = 5
    expansion_fill_coins: int = 1
    max_expansions: int = 1
    max_expansions_two_players: int = 2
    partial_points_per_animal: int = 1
    stall_kind_points: int = 2
    barn_penalty: int = 2
    move_cost: int = 1
    exchange_cost: int = 1
    purchase_cost: int = 1
    purchase_price: int = 1
    discard_cost: int = 2
    expand_cost: int = 3
    move_stall_to_barn: bool = False
    exchange_into_empty: bool = False
    max_rounds: int = 200

    def expansion_limit(self, players: int) -> int:
        return self.max_expansions_two_players if players == 2 else self.max_expansions

    def tiles_in_play(self, players: int) -> int:
        kept = self.species - self.species_removed(players)
        return kept * self.tiles_per_species + self.stall_kinds * self.stalls_per_kind + self.coin_tiles

    def base_enclosures(self) -> int:
        return len(self.enclosure_spaces)

    def max_score(self, players: int) -> int:
        """Best possible score: every enclosure full, every stall kind shown, an empty barn."""
        return (
            sum(self.enclosure_full_points)
            + self.expansion_limit(players) * self.expansion_full_points
            + self.stall_kinds * self.stall_kind_points
        )

    def min_score(self, players: int) -> int:
        """Worst possible score: every species and every stall kind in the barn."""
        return -self.barn_penalty * (self.species + self.stall_kinds)


RULE_DOCS = {
    **TRUCK_RULE_DOCS,
    "species": "animal species in the box (spec 1)",
    "stall_kinds": "kinds of vending stall",
    "stalls_per_kind": "stall tiles per kind",
    "coin_tiles": "coin tiles among the square tiles (each becomes 1 coin)",
    "bank": "coins in the game; starting coins are taken from it",
    "start_coins": "coins each player starts with",
    "two_player_truck_capacities": "usable spaces of the three 2-player trucks (spec 8)",
    "end_stack": "square tiles in the end stack",
    "end_trigger": "which draw makes the round the last: first_end_draw | main_empty",
    "enclosure_spaces": "animal spaces of E1, E2, E3",
    "enclosure_stall_spaces": "stall spaces of E1, E2, E3",
    "enclosure_full_points": "points of a full E1, E2, E3",
    "enclosure_one_empty_points": "points of E1, E2, E3 with exactly one empty animal space",
    "enclosure_fill_coins": "coins for taking the last animal space of E1, E2, E3",
    "expansion_spaces": "animal spaces of an expansion",
    "expansion_stall_spaces": "stall spaces of an expansion",
    "expansion_full_points": "points of a full expansion",
    "expansion_one_empty_points": "points of an expansion with one empty animal space",
    "expansion_fill_coins": "coins for filling an expansion",
    "max_expansions": "expansions a player may buy (3-5 players)",
    "max_expansions_two_players": "expansions a player may buy (2 players)",
    "partial_points_per_animal": "points per animal of an enclosure with 2+ empty spaces and a stall",
    "stall_kind_points": "points per different stall kind on stall spaces",
    "barn_penalty": "penalty per different species and per different stall kind in the barn",
    "move_cost": "coins for Move",
    "exchange_cost": "coins for Exchange",
    "purchase_cost": "coins to the bank for Purchase",
    "purchase_price": "coins to the seller for Purchase",
    "discard_cost": "coins for Discard",
    "expand_cost": "coins for Expand",
    "move_stall_to_barn": "Move may also put a stall from a stall space into the barn",
    "exchange_into_empty": "Exchange may have one empty side",
    "max_rounds": "safety cap on rounds (never reached under the official rules)",
}


BOUNDS = {  # rule: (lowest, highest); the highest are the capacities above
    "species": (1, MAX_SPECIES), "stall_kinds": (1, MAX_STALL_KINDS), "expansion_spaces": (2, 32),
    "max_rounds": (1, MAX_ROUNDS),
    **not_negative("stalls_per_kind", "coin_tiles", "bank", "start_coins", "end_stack", "partial_points_per_animal",
                   "stall_kind_points", "barn_penalty", "purchase_cost", "purchase_price", "max_expansions",
                   "max_expansions_two_players", "expansion_stall_spaces", "expansion_fill_coins"),
}
PAID_ACTIONS = ("move_cost", "exchange_cost", "discard_cost", "expand_cost")  # each costs at least 1
ENCLOSURE_TABLES = ("enclosure_stall_spaces", "enclosure_full_points", "enclosure_one_empty_points",
                    "enclosure_fill_coins")  # one value per base enclosure, like enclosure_spaces


def validate(rules: Rules, players: int) -> None:
    """Raise ZoosimError (one line: what is wrong, what is accepted) for rules the core cannot play."""
    check_players("zooloretto", players, MAX_PLAYERS)
    check_bounds(rules, BOUNDS)
    check_animal_tiles(rules)
    for name in PAID_ACTIONS:
        need(getattr(rules, name) >= 1, f"{name} must be >= 1 (a free money action could repeat forever)")
    need(rules.purchase_cost + rules.purchase_price >= 1, "purchase_cost + purchase_price must be >= 1")
    need(rules.end_trigger in END_TRIGGERS, f"end_trigger must be one of {', '.join(END_TRIGGERS)}, got {rules.end_trigger!r}")
    n_base = rules.base_enclosures()
    need(n_base >= 1, "enclosure_spaces needs at least one enclosure")
    for name in ENCLOSURE_TABLES:
        check_count(rules, name, n_base, reason="one per enclosure_spaces entry")
    need(all(2 <= s <= 32 for s in rules.enclosure_spaces), "enclosure_spaces must be 2-32")
    need(all(s >= 0 for s in rules.enclosure_stall_spaces), "enclosure_stall_spaces must be >= 0")
    need(all(c >= 0 for c in rules.enclosure_fill_coins), "enclosure_fill_coins must be >= 0")
    need(n_base + rules.expansion_limit(players) <= MAX_ENCLOSURES,
         f"enclosures plus expansions must be at most {MAX_ENCLOSURES}")
    check_trucks(rules, players, MAX_TRUCKS, MAX_TRUCK_CAPACITY)
    need(rules.start_coins * players <= rules.bank, "the bank must hold every player's start_coins")


# The packed rules array (pack): slot R_<NAME> holds the rule named in PACKED at its place (a field of Rules, or
# what pack derives for the player count); the truck capacities and the enclosure rows follow the slots.
PACKED = ("players", "species", "tiles_per_species", "fertile_males", "fertile_females", "offspring_per_species",
          "stall_kinds", "stalls_per_kind", "coin_tiles", "bank", "start_coins", "trucks", "species_removed",
          "end_stack", "end_trigger", "base_enclosures", "max_expansions", "partial_points_per_animal",
          "stall_kind_points", "barn_penalty", "move_cost", "exchange_cost", "purchase_cost", "purchase_price",
          "discard_cost", "expand_cost", "move_stall_to_barn", "exchange_into_empty", "max_rounds")
(R_PLAYERS, R_SPECIES, R_TILES_PER_SPECIES, R_MALES, R_FEMALES, R_OFFSPRING, R_STALL_KINDS, R_STALLS_PER_KIND,
 R_COIN_TILES, R_BANK, R_START_COINS, R_TRUCKS, R_REMOVED, R_END_STACK, R_END_TRIGGER, R_BASE_ENCLOSURES,
 R_MAX_EXPANSIONS, R_PARTIAL_POINTS, R_STALL_KIND_POINTS, R_BARN_PENALTY, R_MOVE_COST, R_EXCHANGE_COST,
 R_PURCHASE_COST, R_PURCHASE_PRICE, R_DISCARD_COST, R_EXPAND_COST, R_MOVE_STALL_TO_BARN, R_EXCHANGE_INTO_EMPTY,
 R_MAX_ROUNDS) = range(len(PACKED))
R_TRUCK_CAPACITY = 32  # MAX_TRUCKS entries
R_ENCLOSURE = 48  # MAX_ENCLOSURES rows of 5: spaces, stall spaces, full points, one-empty points, fill coins
ENC_SPACES, ENC_STALLS, ENC_FULL, ENC_ONE_EMPTY, ENC_COINS = range(5)
R_SIZE = R_ENCLOSURE + 5 * MAX_ENCLOSURES


def pack(rules: Rules, players: int) -> np.ndarray:
    """The rules for one player count as the int64 array the core reads."""
    validate(rules, players)
    capacities = rules.truck_capacities(players)
    r = pack_slots(rules, PACKED, R_SIZE, players=players, trucks=len(capacities),
                   species_removed=rules.species_removed(players), end_trigger=END_TRIGGERS.index(rules.end_trigger),
                   base_enclosures=rules.base_enclosures(), max_expansions=rules.expansion_limit(players))
    r[R_TRUCK_CAPACITY:R_TRUCK_CAPACITY + len(capacities)] = capacities
    rows = list(zip(rules.enclosure_spaces, rules.enclosure_stall_spaces, rules.enclosure_full_points,
                    rules.enclosure_one_empty_points, rules.enclosure_fill_coins))
    expansion = (rules.expansion_spaces, rules.expansion_stall_spaces, rules.expansion_full_points,
                 rules.expansion_one_empty_points, rules.expansion_fill_coins)
    rows += [expansion] * (MAX_ENCLOSURES - len(rows))
    for e, row in enumerate(rows):
        r[R_ENCLOSURE + 5 * e:R_ENCLOSURE + 5 * e + 5] = row
    return r


def tile_name(code: int) -> str:
    """A tile code in words, e.g. `zebra (fertile male)`, `stall B`, `coin`."""
    if code == COIN:
        return "coin"
    if code >= STALL_BASE:
        return f"stall {STALL_NAMES[code - STALL_BASE]}"
    species, klass = divmod(code, 4)
    name = SPECIES_NAMES[species] if species < len(SPECIES_NAMES) else f"species{species}"
    return name + ("", " (fertile male)", " (fertile female)", " (offspring)")[klass]
