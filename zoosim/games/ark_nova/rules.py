"""Ark Nova as data: every rulebook number the spec (`shared/specs/ark-nova.md`) states and every `param:` of its
§16 is a field of the frozen `Rules` (defaults = the standard BGA game: interactive abilities, unique buildings
placed, map A). The player count is not a field: like every zoosim game it is the `players` argument of
`validate` (the spec's `n_players`, 2-4); the per-player-count parameters are tuples indexed by `players - 2`.

The readings of §15.3 (R1-R23) are not choices the simulator sweeps: they are fixed for every implementation and
kept here as the documented constants `READINGS`, each implemented where its section is.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from zoosim.errors import need, need_one_of
from zoosim.games.ark_nova.components import cards as _cards

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAP_FILES = ("ark-nova-map-a.toml",)  # §16 map_file; the package ships it as map_a.toml (byte copy)
BONUS_TILES = ("money10", "enclosure3", "rep2", "x3", "take3", "partner_zoo", "university", "multiplier", "sponsor")
VENOM_UNPAID = ("skip",)
BONUS_SPONSOR_RULES = ("hand_level5_free",)
MULTIPLIER_RULES = ("next_use_twice",)
TIE_RULES = ("supports_then_shared",)
END_REASONS = ("score", "turn_cap")  # §13.1 trigger reached / §15.2 G9 `max_turns`
REPUTATION_BONUS_KINDS = ("upgrade", "worker", "card", "cp", "x")


def _appeal_income(a: int) -> int:
    """§9.3 formula (the full table is the default of `appeal_income`)."""
    if a <= 5:
        return 5 + a
    if a <= 17:
        return 10 + (a - 5) // 2
    if a <= 32:
        return 16 + (a - 17) // 3
    if a <= 56:
        return 21 + (a - 32) // 4
    if a <= 96:
        return 27 + (a - 56) // 5
    return 35 + (a - 96) // 6


def _cp_points(c: int) -> int:
    """§13.1 cp_value: 2c - 14 up to 10, 3c - 24 from 10."""
    return 2 * c - 14 if c <= 10 else 3 * c - 24


@dataclass(frozen=True)
class Rules:
    """The rules of Ark Nova (BGA base game). Field docs are `RULE_DOCS`."""

    # §16 parameters
    map_file: str = "ark-nova-map-a.toml"
    peaceful: bool = False
    place_unique_buildings: bool = True
    venom_unpaid: str = "skip"
    break_track_len: tuple[int, ...] = (9, 12, 15)
    start_money: int = 25
    start_appeal_by_seat: tuple[int, ...] = (0, 1, 2, 3)
    start_reputation: int = 1
    start_seat_random: bool = True
    random_action_order: bool = True
    hand_draw: int = 8
    hand_keep: int = 4
    final_scoring_dealt: int = 2
    display_size: int = 6
    base_projects_shown: tuple[int, ...] = (3, 3, 4)
    project_row_limit: tuple[int, ...] = (2, 3, 4)
    two_player_blocks: bool = True
    donation_costs: tuple[tuple[int, ...], ...] = ((2, 5, 7, 10), (2, 5, 5, 7, 7, 10, 10), (2, 5, 5, 7, 7, 10, 10))
    donation_overflow: int = 12
    bonus_tiles: tuple[str, ...] = BONUS_TILES
    bonus_sponsor_rule: str = "hand_level5_free"
    max_x_tokens: int = 5
    max_appeal: int = 113
    max_cp: int = 41
    hand_limit: int = 3
    hand_limit_univ: int = 5
    snap_ignores_reputation: bool = True
    allow_null_action: bool = False
    reshuffle_discard: bool = True
    support_without_bonus_token: bool = True
    free_building_ignores_build2: bool = False
    peacocking_needs_build2: bool = False
    covered_terrain_counts: bool = False
    multiplier_rule: str = "next_use_twice"
    mapA_partner4_cp: int = 2
    mapA_univ3_cp: int = 2
    mapA_last_worker_cp: int = 2
    end_trigger_score: int = 100
    break_after_last_turn: bool = False
    tie_rule: str = "supports_then_shared"
    max_turns: int = 150
    # opening-hand rule (for per-card studies): card `opening_card` (printed id, 0 = none) is dealt into seat
    # `opening_card_seat`'s opening hand in place of the first card that seat would have been dealt, and kept
    opening_card: int = 0
    opening_card_seat: int = 0
    # rulebook numbers the spec states (§3-§10, §13)
    workers_total: int = 4
    workers_start: int = 1
    building_cost_per_cell: int = 2
    cards_break_steps: int = 2
    cards_draw: tuple[tuple[int, ...], ...] = ((1, 1, 2, 2, 3), (1, 2, 2, 3, 4))
    cards_discard: tuple[tuple[int, ...], ...] = ((1, 0, 1, 0, 1), (0, 1, 0, 1, 1))
    cards_snap_strength: tuple[int, ...] = (5, 3)
    animals_playable: tuple[tuple[int, ...], ...] = ((0, 1, 1, 1, 2), (1, 1, 2, 2, 2))
    animals2_rep_strength: int = 5
    sponsors2_level_bonus: int = 1
    sponsors_break_money: tuple[int, ...] = (1, 2)
    task_values: tuple[int, ...] = (2, 3, 4, 5)
    reputation_task_gain: int = 2
    veterinarian_project_value: int = 4
    partner_zoo_discount: int = 3
    max_partner_zoos: tuple[int, ...] = (2, 4)
    max_universities: int = 3
    workers_per_repeat: tuple[int, ...] = (1, 2)
    reputation_cap_side1: int = 9
    max_reputation: int = 15
    reputation_bonuses: tuple[tuple[int, str], ...] = (
        (5, "upgrade"), (8, "worker"), (10, "card"), (11, "cp"), (12, "x"), (13, "card"), (14, "cp"), (15, "x"))
    reputation_range: tuple[int, ...] = (1, 2, 4, 7, 10, 13)
    cp_upgrade_space: int = 2
    cp_bonus_spaces: tuple[int, ...] = (5, 8)
    cp_bonus_money: int = 5
    cp_final_discard_space: int = 10
    bonus_tiles_per_space: int = 2
    appeal_income: tuple[int, ...] = tuple(_appeal_income(a) for a in range(114))
    cp_points: tuple[int, ...] = tuple(_cp_points(c) for c in range(42))
    max_final_card_cp: int = 4

    def at(self, name: str, players: int):
        """A per-player-count field's value for `players`."""
        return getattr(self, name)[players - MIN_PLAYERS]

    def range_folders(self, reputation: int) -> int:
        """§8.3: display folders 1..f within reputation range."""
        return sum(1 for t in self.reputation_range if reputation >= t)

    def score(self, appeal: int, cp: int) -> int:
        """§13.1 BGA score = appeal + cp_value(CP), both clamped."""
        return min(appeal, self.max_appeal) + self.cp_points[min(max(cp, 0), self.max_cp)]

    @property
    def max_rounds(self) -> int:
        """The simulation layer's cap on the log's `rounds` (breaks + 1; play.py): a break follows at most one turn, so
        at most 4 seats x max_turns turns. Not a rule: no field, not in `zoosim rules`, not hashed."""
        return 4 * self.max_turns + 1


RULE_DOCS = {
    "map_file": "the zoo map (§6): only ark-nova-map-a.toml (map A) is modelled",
    "peaceful": "true = the 11 interactive animals use their printed peaceful alternative (§11)",
    "place_unique_buildings": "sponsors 243-257 place their unique building (§6.9); false keeps only their other effects",
    "venom_unpaid": "a venom holder with < 2 money: skip (pays nothing, §11.2)",
    "break_track_len": "break track length for 2 / 3 / 4 players (§3.9)",
    "start_money": "money per player at setup (§3.7)",
    "start_appeal_by_seat": "starting appeal of seats 0..3 (§3.7)",
    "start_reputation": "starting reputation (§3.7; the track has no space 0)",
    "start_seat_random": "seats are relabelled at random by the simulation layer (no effect inside a game)",
    "random_action_order": "action cards in slots 2-5 shuffled at setup; false = Cards, Build, Association, Sponsors",
    "hand_draw": "zoo cards dealt to each player at setup (§3.7)",
    "hand_keep": "of those, cards kept (the rest go face up to the discard pile)",
    "final_scoring_dealt": "final scoring cards dealt to each player (§3.7)",
    "display_size": "display folders (§3.8)",
    "base_projects_shown": "base projects in play for 2 / 3 / 4 players (§3.2)",
    "project_row_limit": "project cards in the row for 2 / 3 / 4 players (§10.1)",
    "two_player_blocks": "with 2 players, base project i has its slot i blocked and 3 donation spaces are blocked",
    "donation_costs": "donation spaces for 2 / 3 / 4 players, cheapest first (§10.6)",
    "donation_overflow": "cost of every donation after the spaces are used (§10.6)",
    "bonus_tiles": "the bonus tile pool; 4 drawn, 2 to CP 5 and 2 to CP 8 (§8.2)",
    "bonus_sponsor_rule": "the sponsor tile: hand_level5_free (play 1 hand sponsor of level <= 5 free, §8.2)",
    "max_x_tokens": "X-tokens a player may hold (§8.1)",
    "max_appeal": "top of the appeal track (§8.1)",
    "max_cp": "top of the conservation track (§8.2)",
    "hand_limit": "hand limit at a break (§9.2)",
    "hand_limit_univ": "hand limit with the univ_rep_hand university (§10.4)",
    "snap_ignores_reputation": "snap takes any display folder, not only those in reputation range (§5.1)",
    "allow_null_action": "a main action may be chosen even if it can do nothing (§4.1)",
    "reshuffle_discard": "an empty deck is refilled by shuffling the discard pile (§9.4)",
    "support_without_bonus_token": "a project may be supported with no bonus token left (§10.1 step 5)",
    "free_building_ignores_build2": "free buildings may cover 'II' cells with Build side I (§6.3)",
    "peacocking_needs_build2": "Peacocking's free aviary needs Build side II (§6.3)",
    "covered_terrain_counts": "a covered rock/water cell still counts for adjacency (§6.5)",
    "multiplier_rule": "multiplier token: next_use_twice (§11.1)",
    "mapA_partner4_cp": "CP for the 4th partner zoo on map A (§10.3)",
    "mapA_univ3_cp": "CP for the 3rd university on map A (§10.4)",
    "mapA_last_worker_cp": "CP for hiring the 4th worker on map A (§4.5)",
    "end_trigger_score": "the end is triggered when a score reaches this (§13.1)",
    "break_after_last_turn": "a break caused by the very last turn is resolved (§13.1)",
    "tie_rule": "supports_then_shared: most supports, then a shared win (§13.3)",
    "max_turns": "turn cap per seat: the game stops after the turn (and its break) at which every seat had this many",
    "opening_card": "printed id of a zoo card dealt into opening_card_seat's opening hand and kept (0 = none)",
    "opening_card_seat": "the seat that receives opening_card",
    "workers_total": "association workers per player (§4.5)",
    "workers_start": "of those, active at setup (§4.5)",
    "building_cost_per_cell": "money per cell of a built building (§5.2)",
    "cards_break_steps": "break-token steps of every Cards action (§5.1)",
    "cards_draw": "Cards: cards drawn at strength 1-5, side I and side II (§5.1)",
    "cards_discard": "Cards: cards then discarded at strength 1-5, side I and side II (§5.1)",
    "cards_snap_strength": "Cards: lowest strength allowing snap, side I and side II (§5.1)",
    "animals_playable": "Animals: animals playable at strength 1-5, side I and side II (§5.3)",
    "animals2_rep_strength": "Animals side II at this strength or more first gains 1 reputation (§5.3)",
    "sponsors2_level_bonus": "Sponsors side II: level budget = strength + this (§5.5)",
    "sponsors_break_money": "Sponsors break option: money per step, side I and side II (§5.5)",
    "task_values": "Association task values: reputation, partner zoo, university, project (§5.4)",
    "reputation_task_gain": "reputation from the reputation task (§5.4)",
    "veterinarian_project_value": "project task value with Veterinarian 203 (§5.4)",
    "partner_zoo_discount": "animal cost reduction per continent icon matching a partner zoo (§5.3)",
    "max_partner_zoos": "partner zoos allowed with Association side I and side II (§10.3)",
    "max_universities": "universities a player may hold (§10.4)",
    "workers_per_repeat": "workers placed on a task already holding 0 / 1 of the player's workers (§5.4)",
    "reputation_cap_side1": "reputation cap while Cards is side I (§8.3)",
    "max_reputation": "top of the reputation track; gains beyond become appeal (§8.3)",
    "reputation_bonuses": "one-time bonuses on reaching reputation spaces (§8.3)",
    "reputation_range": "lowest reputation for display folders 1..6 in range (§8.3)",
    "cp_upgrade_space": "CP space giving upgrade-or-worker (§8.2)",
    "cp_bonus_spaces": "CP spaces giving 5 money or a bonus tile (§8.2)",
    "cp_bonus_money": "money instead of a bonus tile (§8.2)",
    "cp_final_discard_space": "CP space whose first reach makes everyone discard a final card (§8.2)",
    "bonus_tiles_per_space": "bonus tiles put on each bonus CP space (§3.4)",
    "appeal_income": "money at a break by appeal 0..113 (§9.3)",
    "cp_points": "score value of CP 0..41 (§13.1)",
    "max_final_card_cp": "CP at most per final scoring card (§13.2)",
}

# §15.3: readings fixed for every implementation (not parameters; implemented in the reference modules)
READINGS = {
    "R1": "map vocabulary: enclosure3 = size-3 enclosure; reputation/x_token/take_card/money/worker bonuses",
    "R2": "release flips the smallest occupied standard enclosure meeting the animal's needs; special returns cubes",
    "R3": "venom/constriction tokens leave only a card that is used; Clever and Boost keep them",
    "R4": "only the turn's main action uses multipliers; a token placed in a turn is usable at its end",
    "R5": "the triggering turn's player gets no last turn; every other player gets one, in turn order",
    "R6": "Animals side II at strength >= 5 is legal only if an animal can be played (range after +1 rep)",
    "R7": "ignore 1 condition: any single unmet condition unit",
    "R8": "animals2/sponsors2 read the card performing the action; outside an action the player's own card",
    "R9": "a base project brought into the row stays a base project; pushed out it returns to the base pile",
    "R10": "Okapi resolves after the action; its own herbivore icon does not trigger it",
    "R11": "all water (rock) connected: every such cell covered by or adjacent to the player's buildings",
    "R12": "income order: appeal, kiosks, sponsors by id, bonus-column slots; bonuses under a building by (x, y)",
    "R13": "a CP 5/8 tile with no legal effect may be taken and gives nothing",
    "R14": "Engineer: any built non-special type, normal cost, no strength limit",
    "R15": "Determination after a hypnotised Animals card excludes the player's own Animals card",
    "R16": "Hypnosis X action: the target's card moves to the target's slot 1 and loses its tokens",
    "R17": "the animal being played does not count for its own Flock",
    "R18": "CP gained during final scoring triggers no milestone",
    "R19": "WAZA Small Animals takes a small animal from any display folder",
    "R20": "per-CP-gained effects count CP before the clamp at 41",
    "R21": "icon triggers: own first, then others' trg_any in turn order; icons one at a time in icon index order",
    "R22": "hand limit checked at the break's discard step only",
    "R23": "kiosk income: every adjacent building but empty standard enclosures and kiosks pays 1",
}


def validate(rules: Rules, players: int) -> None:
    """Raise ZoosimError (one line: the bad value and what is accepted) for rules the game cannot be played with."""

    def per_count(name: str, lo: int, hi: int) -> None:
        value = getattr(rules, name)
        need(len(value) == MAX_PLAYERS - MIN_PLAYERS + 1,
             f"{name} needs 3 values (for 2, 3, 4 players), got {len(value)}")
        for n, v in zip(range(MIN_PLAYERS, MAX_PLAYERS + 1), value):
            need(lo <= v <= hi, f"{name} for {n} players must be {lo}-{hi}, got {v}")

    def table(name: str, rows: int, width: int, lo: int, hi: int) -> None:
        value = getattr(rules, name)
        need(len(value) == rows and all(len(r) == width for r in value),
             f"{name} needs {rows} rows of {width} values, got {[len(r) for r in value]}")
        bad = [v for r in value for v in r if not lo <= v <= hi]
        need(not bad, f"{name} values must be {lo}-{hi}, got {bad[0] if bad else 0}")

    need(MIN_PLAYERS <= players <= MAX_PLAYERS, f"ark_nova is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players}")
    need_one_of(rules, "map_file", MAP_FILES)
    need_one_of(rules, "venom_unpaid", VENOM_UNPAID)
    need_one_of(rules, "bonus_sponsor_rule", BONUS_SPONSOR_RULES)
    need_one_of(rules, "multiplier_rule", MULTIPLIER_RULES)
    need_one_of(rules, "tie_rule", TIE_RULES)
    per_count("break_track_len", 1, 99)
    per_count("base_projects_shown", 0, 12)
    per_count("project_row_limit", 1, 20)
    need(len(rules.start_appeal_by_seat) >= MAX_PLAYERS,
         f"start_appeal_by_seat needs {MAX_PLAYERS} values (seats 0-3), got {len(rules.start_appeal_by_seat)}")
    bad = [a for a in rules.start_appeal_by_seat if not 0 <= a <= rules.max_appeal]
    need(not bad, f"start_appeal_by_seat values must be 0-{rules.max_appeal}, got {bad[0] if bad else 0}")
    need(len(rules.donation_costs) == 3, f"donation_costs needs 3 lists (for 2, 3, 4 players), got "
         f"{len(rules.donation_costs)}")
    bad = [c for costs in rules.donation_costs for c in costs if c < 0]
    need(not bad, f"donation_costs must be >= 0, got {bad[0] if bad else 0}")
    need(rules.donation_overflow >= 0, f"donation_overflow must be >= 0, got {rules.donation_overflow}")
    for tile in rules.bonus_tiles:
        need(tile in BONUS_TILES, f"bonus tile {tile!r} is unknown; accepted: {', '.join(BONUS_TILES)}")
    need(len(rules.bonus_tiles) >= 2 * rules.bonus_tiles_per_space,
         f"bonus_tiles needs at least {2 * rules.bonus_tiles_per_space} tiles (2 spaces x bonus_tiles_per_space), "
         f"got {len(rules.bonus_tiles)}")
    need(1 <= rules.max_appeal <= 113, f"max_appeal must be 1-113 (the income table's length), got {rules.max_appeal}")
    need(1 <= rules.max_cp <= 41, f"max_cp must be 1-41 (the CP table's length), got {rules.max_cp}")
    need(0 <= rules.max_x_tokens <= 20, f"max_x_tokens must be 0-20, got {rules.max_x_tokens}")
    need(rules.start_money >= 0, f"start_money must be >= 0, got {rules.start_money}")
    need(1 <= rules.start_reputation <= rules.reputation_cap_side1,
         f"start_reputation must be 1-{rules.reputation_cap_side1}, got {rules.start_reputation}")
    need(1 <= rules.display_size <= 12, f"display_size must be 1-12, got {rules.display_size}")
    need(0 <= rules.hand_keep <= rules.hand_draw <= 20,
         f"hand_keep and hand_draw must satisfy 0 <= hand_keep <= hand_draw <= 20, got {rules.hand_keep} and "
         f"{rules.hand_draw}")
    need(0 <= rules.final_scoring_dealt <= 11 // players,
         f"final_scoring_dealt must be 0-{11 // players} with {players} players (11 cards), got "
         f"{rules.final_scoring_dealt}")
    need(0 <= rules.hand_limit <= rules.hand_limit_univ,
         f"hand_limit and hand_limit_univ must satisfy 0 <= hand_limit <= hand_limit_univ, got {rules.hand_limit} "
         f"and {rules.hand_limit_univ}")
    for name in ("mapA_partner4_cp", "mapA_univ3_cp", "mapA_last_worker_cp"):
        need(getattr(rules, name) >= 0, f"{name} must be >= 0, got {getattr(rules, name)}")
    need(1 <= rules.end_trigger_score <= 300, f"end_trigger_score must be 1-300, got {rules.end_trigger_score}")
    need(1 <= rules.max_turns <= 1000, f"max_turns must be 1-1000, got {rules.max_turns}")
    if rules.opening_card:
        deck_ids = {int(_cards.CARDS.ids[c]) for c in _cards.ZOO_DECK}
        need(rules.opening_card in deck_ids, f"opening_card {rules.opening_card} is not a zoo-deck card; accepted: "
             f"0 (none), animals 401-528, sponsors 201-264, projects 113-132")
        need(0 <= rules.opening_card_seat < players,
             f"opening_card_seat must be 0-{players - 1} with {players} players, got {rules.opening_card_seat}")
        need(rules.hand_keep >= 1, f"opening_card needs hand_keep >= 1, got {rules.hand_keep}")
    need(1 <= rules.workers_start <= rules.workers_total <= 8,
         f"workers_start and workers_total must satisfy 1 <= start <= total <= 8, got {rules.workers_start} and "
         f"{rules.workers_total}")
    need(rules.building_cost_per_cell >= 0, f"building_cost_per_cell must be >= 0, got {rules.building_cost_per_cell}")
    need(rules.cards_break_steps >= 0, f"cards_break_steps must be >= 0, got {rules.cards_break_steps}")
    table("cards_draw", 2, 5, 0, 10)
    table("cards_discard", 2, 5, 0, 10)
    table("animals_playable", 2, 5, 0, 5)
    need(len(rules.cards_snap_strength) == 2 and all(1 <= s <= 6 for s in rules.cards_snap_strength),
         f"cards_snap_strength needs 2 values 1-6 (6 = never), got {rules.cards_snap_strength}")
    need(len(rules.sponsors_break_money) == 2, f"sponsors_break_money needs 2 values, got "
         f"{len(rules.sponsors_break_money)}")
    need(len(rules.task_values) == 4 and all(1 <= v <= 10 for v in rules.task_values),
         f"task_values needs 4 values 1-10 (reputation, partner zoo, university, project), got {rules.task_values}")
    need(len(rules.max_partner_zoos) == 2 and 0 <= rules.max_partner_zoos[0] <= rules.max_partner_zoos[1] <= 5,
         f"max_partner_zoos needs 2 values 0-5 (side I <= side II), got {rules.max_partner_zoos}")
    need(0 <= rules.max_universities <= 3, f"max_universities must be 0-3, got {rules.max_universities}")
    need(len(rules.workers_per_repeat) == 2, f"workers_per_repeat needs 2 values, got {len(rules.workers_per_repeat)}")
    need(1 <= rules.reputation_cap_side1 <= rules.max_reputation <= 15,
         f"reputation_cap_side1 and max_reputation must satisfy 1 <= cap <= max <= 15, got "
         f"{rules.reputation_cap_side1} and {rules.max_reputation}")
    for space, kind in rules.reputation_bonuses:
        need(kind in REPUTATION_BONUS_KINDS and 1 <= space <= 15,
             f"reputation bonus ({space}, {kind!r}) is not (1-15, one of {', '.join(REPUTATION_BONUS_KINDS)})")
    rr = rules.reputation_range
    need(len(rr) == 6 and rr[0] == 1 and list(rr) == sorted(set(rr)),
         f"reputation_range needs 6 increasing values starting at 1 (one per display folder), got {rr}")
    need(len(rules.appeal_income) == 114, f"appeal_income needs 114 values (appeal 0-113), got "
         f"{len(rules.appeal_income)}")
    need(len(rules.cp_points) == 42, f"cp_points needs 42 values (CP 0-41), got {len(rules.cp_points)}")
    need(rules.cp_upgrade_space >= 1 and all(s >= 1 for s in rules.cp_bonus_spaces) and len(rules.cp_bonus_spaces) == 2,
         f"cp_bonus_spaces needs 2 spaces >= 1, got {rules.cp_bonus_spaces}")
    need(rules.max_final_card_cp >= 0, f"max_final_card_cp must be >= 0, got {rules.max_final_card_cp}")


def non_default(rules: Rules) -> dict[str, object]:
    """The fields that differ from the standard game (for variant labels and messages)."""
    base = Rules()
    return {f.name: getattr(rules, f.name) for f in fields(rules) if getattr(rules, f.name) != getattr(base, f.name)}
