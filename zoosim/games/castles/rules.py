"""Castles of Mad King Ludwig as data: every number of the rulebook, every `param:` of the spec's §8 and every
open point U1-U12 (§11) is a field of the frozen `Rules` (defaults = the spec's reading); `RULE_DOCS` says what
each field means in one line; `validate(rules, players)` raises ZoosimError with one line naming a bad value and
what is accepted.

Per-player-count values are tuples indexed by players - 2 (2, 3, 4 players); `rules.for_players(name, n)`
reads them. The geometry readings (`grid_size`, `foyer_origin`, `allow_half_cell_sharing`,
`mixed_level_door_contact`, `min_external_entrances`) are fields here too; `rules.geometry()` hands them to
geometry.py as its `GeometryParams`.
"""
from __future__ import annotations

from dataclasses import dataclass

from zoosim.errors import need
from zoosim.games.castles.components import data
from zoosim.games.castles.components.geometry import MIXED_LEVEL_DOOR_CONTACTS, GeometryParams

MIN_PLAYERS, MAX_PLAYERS = 2, 4
PLAYER_COUNTS = (2, 3, 4)

FIRST_MB = ("random", "seat0")
ON_EMPTY_STACK = ("redraw", "skip")
ONCE_PER_TURN_SCOPES = ("action", "player_round")
DS_WILD_LIVING_TARGETS = ("completed_downstairs", "any_completed_room")

PRICES_4P = (1000, 2000, 4000, 6000, 8000, 10000, 15000)


@dataclass(frozen=True)
class Rules:
    """The rules of Castles of Mad King Ludwig (spec §2-§8). Field docs: RULE_DOCS."""

    # §2 setup, per player count (2, 3, 4)
    small_stack: tuple[int, ...] = (5, 7, 9)
    large_stack: tuple[int, ...] = (4, 5, 6)
    stairs: tuple[int, ...] = (4, 5, 6)
    hallways: tuple[int, ...] = (5, 7, 9)
    deck_cards_per_player: int = 11
    room_card_composition: tuple[int, ...] = (5,) * data.N_SIZES
    market_slots: tuple[int, ...] = (5, 6, 7)
    price_slots: tuple[tuple[int, ...], ...] = (PRICES_4P[2:], PRICES_4P[1:], PRICES_4P)
    favors_in_play: tuple[int, ...] = (2, 3, 4)
    start_money: int = 15000
    start_points: tuple[int, ...] = (0, 1, 2, 3)
    bonus_deal: int = 3
    bonus_keep: int = 2
    first_mb: str = "random"
    exclusive_favors: tuple[str, ...] = ("KF19", "KF20")
    # §3 the round
    unsold_increment: int = 1000
    piece_price: int = 3000
    pass_income: int = 5000
    coins_count_toward_price: bool = False
    on_empty_stack: str = "redraw"
    once_per_turn_scope: str = "action"
    max_rounds: int = 40
    # §5 scoring a placed tile
    pieces_are_corridor_for_room_rules: bool = True
    pieces_count_for_castle_rules: bool = True
    castle_rule_counts_self: bool = False
    bonus_per_link: bool = False
    living_rescore_includes_neighbours: bool = False
    # §6 completion rewards
    activity_reward_points: int = 5
    outdoor_reward_money: int = 10000
    utility_reward_draw: int = 2
    utility_reward_keep: int = 1
    sleeping_reward_max_tiles: int = 2
    food_extra_action_may_pass: bool = True
    corridor_reward_once_per_turn: bool = True
    downstairs_reward_once_per_turn: bool = True
    downstairs_reward_every: int = 2
    ds_wild_living_target: str = "completed_downstairs"
    pieces_give_rewards: bool = True
    # §7 end of game
    exhaust_bonus: int = 2
    favor_points: tuple[int, ...] = (8, 4, 2, 1)
    corridor_pieces_in_card_counts: bool = False
    money_card_unit: int = 10000
    money_per_point: int = 10000
    area_includes_pieces: bool = True
    # §4 geometry (geometry.GeometryParams)
    grid_size: int = 256
    foyer_origin: int | None = None
    allow_half_cell_sharing: bool = True
    mixed_level_door_contact: str = "illegal"
    min_external_entrances: int = 1

    def for_players(self, name: str, players: int):
        """A per-player-count field's value for `players` (2-4)."""
        return getattr(self, name)[players - MIN_PLAYERS]

    def geometry(self) -> GeometryParams:
        return GeometryParams(self.grid_size, self.foyer_origin, self.allow_half_cell_sharing,
                              self.mixed_level_door_contact, self.min_external_entrances)


RULE_DOCS: dict[str, str] = {
    "small_stack": "tiles kept in each 100-300 sq ft stack at 2/3/4 players (§2, [DOB])",
    "large_stack": "tiles kept in each 350-600 sq ft stack at 2/3/4 players (§2, U3)",
    "stairs": "stairs in the supply at 2/3/4 players (§2)",
    "hallways": "hallways in the supply at 2/3/4 players (§2)",
    "deck_cards_per_player": "room cards kept in the deck per player (§2: 22/33/44)",
    "room_card_composition": "room cards of each size 100..600 in the 50-card box deck (§2, U2; alt. 6 small/4 large)",
    "market_slots": "rooms on offer at 2/3/4 players (§2: N + 3)",
    "price_slots": "the contract board's prices at 2/3/4 players, cheapest first (§2, U1: top N+3 of the 4p list)",
    "favors_in_play": "King's Favor tiles revealed at 2/3/4 players (§2: one per player)",
    "start_money": "marks each player starts with (§2)",
    "start_points": "starting score by seat from the first master builder (§2, U6)",
    "bonus_deal": "bonus cards dealt to each player at setup (§2)",
    "bonus_keep": "bonus cards each player keeps of those dealt; the rest go to the bottom (§2)",
    "first_mb": "random: the policies are rotated over the seats by one draw | seat0: policy i plays seat i "
                "(seat 0 is always the first master builder, R10)",
    "exclusive_favors": "two King's Favors never in play together; the second revealed is discarded (§2 step 5)",
    "unsold_increment": "marks added to each room left on the market at upkeep (§3.1)",
    "piece_price": "price of a hallway or stairs (§3.1)",
    "pass_income": "marks from the bank for passing (§3.1)",
    "coins_count_toward_price": "the coins on a room count toward its price (False: taken after paying, §3.1)",
    "on_empty_stack": "a room card of an empty stack: redraw (discard, draw again) | skip (slot stays empty) (U8)",
    "once_per_turn_scope": "what 'once per turn' spans: action (each food extra action is a new turn) | "
                           "player_round (all of a player's actions in a round) (U7)",
    "max_rounds": "safety cap: the game ends after this round even if the deck has cards left (§8)",
    "pieces_are_corridor_for_room_rules": "hallways, stairs and the foyer are type corridor for conn/touch rules (§5)",
    "pieces_count_for_castle_rules": "pieces count as corridor for castle-wide downstairs rules (§5, U5, R5)",
    "castle_rule_counts_self": "a downstairs castle-wide rule counts its own room (§5, U9)",
    "bonus_per_link": "a conn rule scores per connected door pair, not once per neighbour (§5, U9)",
    "living_rescore_includes_neighbours": "the living re-score adds the neighbours' conn rules naming the room (§5, U9)",
    "activity_reward_points": "points for completing an activity room (§6)",
    "outdoor_reward_money": "marks for completing an outdoor room (§6)",
    "utility_reward_draw": "bonus cards drawn for completing a utility room (§6)",
    "utility_reward_keep": "bonus cards kept of those drawn for a utility completion (§6)",
    "sleeping_reward_max_tiles": "tiles a sleeping completion may take from one stack (§6)",
    "food_extra_action_may_pass": "a food extra action may be a pass (with its income) (§6, U10)",
    "corridor_reward_once_per_turn": "at most one corridor reward per turn (§6, R2)",
    "downstairs_reward_once_per_turn": "at most one downstairs wild reward per turn (§6, R3)",
    "downstairs_reward_every": "a wild reward for every this many completed downstairs rooms (§6)",
    "ds_wild_living_target": "a wild living reward re-scores: completed_downstairs (one of the player's completed "
                             "downstairs rooms, R4) | any_completed_room (any completed room of the player) (U10)",
    "pieces_give_rewards": "completed hallways, stairs and the foyer give the corridor reward (§6)",
    "exhaust_bonus": "points per castle room whose size stack (or piece supply) is exhausted at the end (§7.1)",
    "favor_points": "King's Favor points for 1st, 2nd, ... (§7.2)",
    "corridor_pieces_in_card_counts": "hallways and stairs count as corridor rooms for bonus cards and favours; "
                                      "the foyer never (§7.2, U5)",
    "money_card_unit": "marks per point of the Money bonus card BC23 (U4)",
    "money_per_point": "marks per point at the end (§7.4)",
    "area_includes_pieces": "the tie-break area counts the foyer, hallways and stairs (§7.4, U12)",
    "grid_size": "cells per side of a castle's grid (§4.2; engineering bound)",
    "foyer_origin": "x = y of the foyer's box; None: centred, (grid_size - 3) // 2 (§4.2)",
    "allow_half_cell_sharing": "two opposite corner half cells may share a cell (§4.6)",
    "mixed_level_door_contact": "a door on a door of the other level: illegal | blocked (G4, §4.6)",
    "min_external_entrances": "OPEN upstairs doors the castle keeps after every placement (G6)",
}

PER_PLAYER_COUNT = ("small_stack", "large_stack", "stairs", "hallways", "market_slots", "price_slots",
                    "favors_in_play")


def validate(rules: Rules, players: int) -> None:
    """Raise ZoosimError (one line: the bad value and what is accepted) for rules the game cannot be played with."""

    need(isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS,
         f"castles is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players}")
    for name in PER_PLAYER_COUNT:
        value = getattr(rules, name)
        need(len(value) == len(PLAYER_COUNTS),
             f"{name} needs one value per player count 2, 3, 4 (3 values), got {len(value)}")
    for name, tiles in (("small_stack", 9), ("large_stack", 6)):
        n = rules.for_players(name, players)
        need(1 <= n <= tiles, f"{name} at {players} players is {n}; accepted: 1-{tiles} (tiles of such a size)")
    for name in ("stairs", "hallways"):
        n = rules.for_players(name, players)
        need(0 <= n <= 20, f"{name} at {players} players is {n}; accepted: 0-20")
    comp = rules.room_card_composition
    need(len(comp) == data.N_SIZES and all(c >= 0 for c in comp),
         f"room_card_composition {comp} needs {data.N_SIZES} counts >= 0 (sizes 100..600)")
    need(rules.deck_cards_per_player >= 1,
         f"deck_cards_per_player must be >= 1, got {rules.deck_cards_per_player}")
    need(sum(comp) >= rules.deck_cards_per_player * players,
         f"room_card_composition holds {sum(comp)} cards, fewer than deck_cards_per_player x players = "
         f"{rules.deck_cards_per_player * players}; accepted: at least that many")
    slots = rules.for_players("market_slots", players)
    need(1 <= slots <= 16, f"market_slots at {players} players is {slots}; accepted: 1-16")
    prices = rules.for_players("price_slots", players)
    need(len(prices) >= slots,
         f"price_slots at {players} players has {len(prices)} prices for {slots} market slots; accepted: at least "
         f"one price per market slot")
    need(all(p >= 0 for p in prices), f"price_slots at {players} players {prices} has a negative price; "
         f"accepted: prices >= 0")
    favors = rules.for_players("favors_in_play", players)
    need(0 <= favors <= data.N_FAVORS - 1,
         f"favors_in_play at {players} players is {favors}; accepted: 0-{data.N_FAVORS - 1}")
    need(len(rules.exclusive_favors) in (0, 2) and all(f in data.FAVOR_INDEX for f in rules.exclusive_favors),
         f"exclusive_favors {rules.exclusive_favors} must be () or two King's Favor ids (KF01-KF{data.N_FAVORS})")
    need(len(rules.favor_points) >= players,
         f"favor_points {rules.favor_points} has {len(rules.favor_points)} values for {players} players; "
         f"accepted: one per place")
    need(len(rules.start_points) >= players,
         f"start_points {rules.start_points} has {len(rules.start_points)} values for {players} players; "
         f"accepted: one per seat")
    need(0 <= rules.bonus_keep <= rules.bonus_deal,
         f"bonus_keep {rules.bonus_keep} with bonus_deal {rules.bonus_deal}; accepted: 0 <= keep <= deal")
    need(rules.bonus_deal * players <= data.N_BONUS_CARDS,
         f"bonus_deal {rules.bonus_deal} x {players} players exceeds the {data.N_BONUS_CARDS} bonus cards")
    need(0 <= rules.utility_reward_keep <= rules.utility_reward_draw,
         f"utility_reward_keep {rules.utility_reward_keep} with utility_reward_draw {rules.utility_reward_draw}; "
         f"accepted: 0 <= keep <= draw")
    for name in ("start_money", "unsold_increment", "piece_price", "pass_income", "activity_reward_points",
                 "outdoor_reward_money", "exhaust_bonus", "sleeping_reward_max_tiles"):
        need(getattr(rules, name) >= 0, f"{name} must be >= 0, got {getattr(rules, name)}")
    for name in ("money_per_point", "money_card_unit", "downstairs_reward_every"):
        need(getattr(rules, name) >= 1, f"{name} must be >= 1, got {getattr(rules, name)}")
    need(1 <= rules.max_rounds <= 1000, f"max_rounds must be 1-1000, got {rules.max_rounds}")
    for name, accepted in (("first_mb", FIRST_MB), ("on_empty_stack", ON_EMPTY_STACK),
                           ("once_per_turn_scope", ONCE_PER_TURN_SCOPES),
                           ("ds_wild_living_target", DS_WILD_LIVING_TARGETS),
                           ("mixed_level_door_contact", MIXED_LEVEL_DOOR_CONTACTS)):
        need(getattr(rules, name) in accepted,
             f"{name} {getattr(rules, name)!r} unknown (accepted: {', '.join(accepted)})")
    need(16 <= rules.grid_size <= 1024,
         f"grid_size {rules.grid_size} is too small for a castle or too large (accepted: 16-1024 cells)")
    if rules.foyer_origin is not None:
        need(0 <= rules.foyer_origin <= rules.grid_size - 3,
             f"foyer_origin {rules.foyer_origin} puts the 3x3 foyer off a {rules.grid_size}-cell grid "
             f"(accepted: 0-{rules.grid_size - 3} or None)")
    need(rules.min_external_entrances >= 0,
         f"min_external_entrances must be >= 0, got {rules.min_external_entrances}")
