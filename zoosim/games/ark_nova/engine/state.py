"""The Ark Nova numba engine's state: one flat int64 block `G` per game, its offsets as module constants, the event
log and the small helpers every engine part uses (`_log`, `_choose`, popcount, `around`).

The block holds everything `reference.state.State` holds, in fixed-size arrays sized from the data (the card
tables, the map), so that a game never allocates and a lookahead copies one array:

    game header   G[G_*] scalars: players, current seat, game turn, event count, break track, donations, ...
    piles         G_DECK: the deck from G[G_DECK_HEAD] (the top) for G[G_DECK_N] cards (a pop from the top is
                  head += 1; a reshuffle copies the discard pile to G_DECK + 0 and shuffles it there);
                  G_DISCARD[0:G_DISCARD_N] in the order discarded; G_DISPLAY[0:R_DISPLAY_SIZE] folder f at f - 1;
                  G_BASE_PILE, G_FINAL_PILE (index 0 = top, popped by shifting: at most 12 cards);
                  G_BASE_PROJECTS in play (fixed positions); G_ROW the project row, leftmost first
    projects      project k = card row - PROJECT_ROW0 (32: base 101-112, then 113-132): G[G_SLOT_ON + k] 1 while
                  the project has slots (reference `project_slots` has the key), its 3 slots at G_SLOTS + 3k
                  (FREE -1, BLOCKED -2, else the supporting seat)
    bonus tiles   G[G_TILES_N + i] tiles left on CP bonus space i (rules.cp_bonus_spaces[i]), their positions in
                  `rules.bonus_tiles` (the pool, not the tile kind: R[R_BONUS_TILES + pos] is the kind) at
                  G_TILES + i * MAX_TILES_PER_SPACE
    players       player p's block at G_PL + p * P_SIZE, offsets P_* below
    effect stack  G_STACK: frames of FRAME_W ints (engine.tracks explains why), G[G_STACK_N] deep; empty between
                  operations; G[G_UNSUPPORTED] != 0 once the game reached a rule the engine does not play yet
    scratch       G_SCRATCH: options and dealt cards of the decisions being asked, one region per user (SCR_*);
                  never part of the state

Conventions a successor must keep:
- Cards are card *rows* (index into `cards.CARDS`, id order: finals 0-10, base projects 11-22, projects 23-42,
  sponsors 43-106, animals 107-234), -1 = none / empty folder; `pack` already gives `opening_card` as a row.
  Events log printed ids (`CARD_ID[row]`), exactly as the reference.
- Cell masks (58 bits) are int64 (bit 63 never set), never uint64, so no signed/unsigned mixing; `FP_MASK`,
  `FP_AROUND`, `NEIGHBOURS`, `KIOSK_BLOCKED` are int64 copies of board's tables.
- Sets of small integers are bit masks: the board's partner zoos (bit = continent icon index 7-11) and
  universities (bits 0-2), a player's bonus-column tokens left (bit = slot), reputation bonuses done (bit =
  space), CP spaces done (bit = space).
- A player's animals: P_ANIMALS in the order played, with P_HOME (building index, -1 none) and P_HOME_SEQ (the
  order it entered that building: `Building.animals` is the animals with that home sorted by it; animals moved
  into a new reptile house enter in id order, not play order).
- Pouched cards are (animal, card) pairs in the order pouched (the reference's dict groups them by animal).
- P_COVERED caches the union of the building masks: whatever adds a building keeps it (engine.place does).
- P_ZOO_VERSION: whatever changes a zoo's animals, sponsors, buildings or the animals they house adds 1 to it
  (F_ENTER's append, release, play_animal's and move_animals_in's housing, place_building, put_building), so that
  G_ZOO_MEMO's answers (engine.build.zoo_memo) are read only for the zoo they were made for. A new writer of those
  lists must add 1 too.
- No recursion anywhere (numba cannot cache it): a rule that can set off more rules is a frame on the stack.
- Every decision goes through `_choose` (uniform for now; a policy code would be dispatched there), whose
  options the caller wrote in its own SCR_* region in canonical order.

The other modules of the engine and what each holds: engine/__init__.py. engine.codec's `decode(G)` turns a block
into plain Python (dicts and lists, printed ids) and `encode(d)` the reverse, so tests compare the engine with the
reference field by field and can load any reference position.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from zoosim.core.numba_compile import one_compile_per_type
from zoosim.core.rng import below
from zoosim.core.trace import emit_row
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.effects import SMALL, Moment, Op
from zoosim.games.ark_nova.components.vocab import CONTINENT_ICONS
from zoosim.games.ark_nova.policies import GREEDY, HEURISTIC, MAX_PLAN, N_POLICY_PARAMS, RANDOM
from zoosim.games.ark_nova.protocol import *  # noqa: F403  (the hook and event codes, for every engine module)
from zoosim.games.ark_nova.protocol import E_DECIDE, H_TURN, H_XSPEND


one_compile_per_type(__name__.rsplit(".", 2)[0])   # the whole game package: its option functions are passed
                                                   # many constants

# ---------------------------------------------------------------- sizes from the data
N_CARDS = cards.N_CARDS
N_ZOO = len(cards.ZOO_DECK)                                   # 212
_KIND = cards.CARDS.kind
FINAL_ROWS = np.flatnonzero(_KIND == cards.FINAL).astype(np.int64)           # 11, ids 1-11
BASE_ROWS = np.flatnonzero(_KIND == cards.PROJECT_BASE).astype(np.int64)     # 12, ids 101-112
ZOO_ROWS = cards.ZOO_DECK.astype(np.int64)                    # id order: projects, sponsors, animals
N_FINALS, N_BASE = len(FINAL_ROWS), len(BASE_ROWS)
PROJECT_ROW0 = int(BASE_ROWS[0])
N_PROJECTS = N_BASE + int((_KIND == cards.PROJECT).sum())    # 32
N_ANIMAL_CARDS = int((_KIND == cards.ANIMAL).sum())           # 128
N_SPONSOR_CARDS = int((_KIND == cards.SPONSOR).sum())         # 64
MAX_PLAYERS = 4
N_ACTIONS = 5
MAX_DISPLAY = 12                                              # rules.validate: display_size 1-12
MAX_ROW = N_PROJECTS
MAX_TILES_PER_SPACE = 8                                       # pack.MAX_BONUS_TILES / 2 spaces
MAX_HAND = N_ZOO + N_BASE                                     # every card a hand can hold
MAX_BUILDINGS = board.N_CELLS                                 # each covers >= 1 cell
MAX_PARTNERS = len(CONTINENT_ICONS)
MAX_HAND_DRAW = 20                                            # rules.validate: hand_draw <= 20
N_BONUS_SLOTS = len(board.MAP.bonus_column)
MAX_EVENTS = 65536
FREE, BLOCKED = -1, -2

CARD_ID = cards.CARDS.ids.astype(np.int64)
INDEX_OF_ID = cards.INDEX_OF_ID.astype(np.int64)

SOURCE_DECK = 0  # a card's source (E_DRAW b, TAKE_SOURCE options): 0 deck, f folder f, -2 discard, -3 base pile

# ---------------------------------------------------------------- layout builder
LAYOUT: list[tuple[str, int, int]] = []     # (name, offset, width) of the game block, in order
PLAYER_LAYOUT: list[tuple[str, int, int]] = []


def _slot(table: list, name: str, width: int = 1) -> int:
    offset = table[-1][1] + table[-1][2] if table else 0
    table.append((name, offset, width))
    return offset


def _g(name: str, width: int = 1) -> int:
    return _slot(LAYOUT, name, width)


def _p(name: str, width: int = 1) -> int:
    return _slot(PLAYER_LAYOUT, name, width)


# ---------------------------------------------------------------- a player's block (P_*)
P_MONEY = _p("P_MONEY")
P_APPEAL = _p("P_APPEAL")
P_REP = _p("P_REP")
P_CP = _p("P_CP")
P_X = _p("P_X")
P_SLOTS = _p("P_SLOTS", N_ACTIONS)              # [k] = action card in slot k + 1
P_SIDE2 = _p("P_SIDE2", N_ACTIONS)              # by action
P_MULT = _p("P_MULT", N_ACTIONS)                # usable multiplier tokens by action
P_MULT_PENDING = _p("P_MULT_PENDING", N_ACTIONS)
P_VENOM = _p("P_VENOM", N_ACTIONS)
P_CONSTRICTION = _p("P_CONSTRICTION", N_ACTIONS)
P_WORKERS_ACTIVE = _p("P_WORKERS_ACTIVE")
P_WORKERS_SUPPLY = _p("P_WORKERS_SUPPLY")
P_TASK_WORKERS = _p("P_TASK_WORKERS", 4)
P_SUPPORTS = _p("P_SUPPORTS")
P_WILDCARDS = _p("P_WILDCARDS")
P_OKAPI = _p("P_OKAPI")
P_WAZA_CLASS = _p("P_WAZA_CLASS")
P_FULL_COVER = _p("P_FULL_COVER")
P_TURNS = _p("P_TURNS")
P_END_CP_SPONSORS = _p("P_END_CP_SPONSORS")
P_END_CP_FINALS = _p("P_END_CP_FINALS")
P_BONUS_TOKENS = _p("P_BONUS_TOKENS")           # bit mask of bonus-column slots left
P_REP_DONE = _p("P_REP_DONE")                   # bit mask of reputation spaces whose bonus was taken
P_CP_DONE = _p("P_CP_DONE")                     # bit mask of CP spaces passed
P_COVERED = _p("P_COVERED")                     # cache: the union of the building masks
P_HAND_N = _p("P_HAND_N")
P_HAND = _p("P_HAND", MAX_HAND)
P_FINALS_N = _p("P_FINALS_N")
P_FINALS = _p("P_FINALS", N_FINALS)
P_BUILDINGS_N = _p("P_BUILDINGS_N")
P_B_KIND = _p("P_B_KIND", MAX_BUILDINGS)        # building list: start kiosk 0, start enclosure 1, then build order
P_B_MASK = _p("P_B_MASK", MAX_BUILDINGS)
P_B_CUBES = _p("P_B_CUBES", MAX_BUILDINGS)
P_B_ANIMALS_N = _p("P_B_ANIMALS_N", MAX_BUILDINGS)  # animals housed (also the next P_HOME_SEQ there)
P_ANIMALS_N = _p("P_ANIMALS_N")
P_ANIMALS = _p("P_ANIMALS", N_ANIMAL_CARDS)
P_HOME = _p("P_HOME", N_ANIMAL_CARDS)
P_HOME_SEQ = _p("P_HOME_SEQ", N_ANIMAL_CARDS)
P_SPONSORS_N = _p("P_SPONSORS_N")
P_SPONSORS = _p("P_SPONSORS", N_SPONSOR_CARDS)
P_POUCH_N = _p("P_POUCH_N")
P_POUCH_ANIMAL = _p("P_POUCH_ANIMAL", MAX_HAND)
P_POUCH_CARD = _p("P_POUCH_CARD", MAX_HAND)
P_PARTNERS_N = _p("P_PARTNERS_N")
P_PARTNERS = _p("P_PARTNERS", MAX_PARTNERS)     # continent icon indices in the order taken
P_UNIVS_N = _p("P_UNIVS_N")
P_UNIVS = _p("P_UNIVS", 3)
P_SUPPORTED_N = _p("P_SUPPORTED_N")
P_SUPPORTED = _p("P_SUPPORTED", N_PROJECTS)     # project card rows in the order supported
P_ZOO_VERSION = _p("P_ZOO_VERSION")             # +1 whenever the zoo's cards, buildings or housed animals change
P_SIZE = PLAYER_LAYOUT[-1][1] + PLAYER_LAYOUT[-1][2]

# ---------------------------------------------------------------- the game block (G_*)
G_PLAYERS = _g("G_PLAYERS")
G_CURRENT = _g("G_CURRENT")
G_TURN = _g("G_TURN")
G_NEV = _g("G_NEV")                             # events logged
G_OVERFLOW = _g("G_OVERFLOW")                   # 1 if the event log was too short
G_GAME_OVER = _g("G_GAME_OVER")
G_END_REASON = _g("G_END_REASON")
G_END_TRIGGERED = _g("G_END_TRIGGERED")
G_BREAK_TOKEN = _g("G_BREAK_TOKEN")
G_BREAK_PENDING = _g("G_BREAK_PENDING")
G_BREAK_TRIGGER = _g("G_BREAK_TRIGGER")
G_BREAKS = _g("G_BREAKS")
G_DONATIONS = _g("G_DONATIONS")
G_CP10 = _g("G_CP10")
G_SCORING = _g("G_SCORING")
G_DISPLAY_DIRTY = _g("G_DISPLAY_DIRTY")
G_BOARD_PARTNERS = _g("G_BOARD_PARTNERS")       # bit mask over continent icon indices
G_BOARD_UNIVS = _g("G_BOARD_UNIVS")             # bit mask over university types 0-2
G_LAST_N = _g("G_LAST_N")
G_LAST = _g("G_LAST", MAX_PLAYERS)              # seats still to take a last turn, in order
G_DECK_HEAD = _g("G_DECK_HEAD")
G_DECK_N = _g("G_DECK_N")
G_DECK = _g("G_DECK", N_ZOO)
G_DISCARD_N = _g("G_DISCARD_N")
G_DISCARD = _g("G_DISCARD", N_ZOO)
G_DISPLAY_N = _g("G_DISPLAY_N")                 # folders (rules.display_size)
G_DISPLAY = _g("G_DISPLAY", MAX_DISPLAY)
G_BASE_PILE_N = _g("G_BASE_PILE_N")
G_BASE_PILE = _g("G_BASE_PILE", N_BASE)
G_FINAL_PILE_N = _g("G_FINAL_PILE_N")
G_FINAL_PILE = _g("G_FINAL_PILE", N_FINALS)
G_BASE_PROJECTS_N = _g("G_BASE_PROJECTS_N")
G_BASE_PROJECTS = _g("G_BASE_PROJECTS", N_BASE)
G_ROW_N = _g("G_ROW_N")
G_ROW = _g("G_ROW", MAX_ROW)
G_SLOT_ON = _g("G_SLOT_ON", N_PROJECTS)
G_SLOTS = _g("G_SLOTS", 3 * N_PROJECTS)
G_TILES_N = _g("G_TILES_N", 2)
G_TILES = _g("G_TILES", 2 * MAX_TILES_PER_SPACE)
G_UNSUPPORTED = _g("G_UNSUPPORTED")             # != 0: the game reached a rule the engine does not play yet
G_STACK_N = _g("G_STACK_N")                     # frames on the effect stack (engine.tracks)
MAX_FRAMES = 64
FRAME_W = 8
G_STACK = _g("G_STACK", MAX_FRAMES * FRAME_W)
G_SCRATCH_N = 1536
G_SCRATCH = _g("G_SCRATCH", G_SCRATCH_N)
# scratch regions, one per user, so that a decision inside a chain never overwrites the options of another
SCR_SETUP = G_SCRATCH                           # setup: the tile pool, the dealt cards, the kept positions (< 128)
SCR_TRACKS = G_SCRATCH + 128                    # engine.tracks' options (upgrade, CP2)
SCR_TAKE = G_SCRATCH + 144                      # TAKE_SOURCE options inside a chain (<= 13)
SCR_PLACE = G_SCRATCH + 160                     # FOOTPRINT options of a build in a chain (<= 244)
SCR_BUILT = G_SCRATCH + 416                     # the kinds built this Build action (Engineer)
SCR_TYPES = G_SCRATCH + 448                     # BUILD_TYPE / ENGINEER_TYPE options and their footprint probe
SCR_ICONS = G_SCRATCH + 480                     # a zoo's icon counts (engine.animals)
SCR_HOMES = G_SCRATCH + 512                     # ANIMAL_HOME options or a probe of them (<= 59)
SCR_FREE = G_SCRATCH + 576                      # for callers outside the engine's own steps (tests)
SCR_TURN = G_SCRATCH + 576                      # engine.turn: TURN options (<= 12), XSPEND options at + 16 (<= 32)
SCR_PROBE = G_SCRATCH + 624                     # can_perform's / turn_options' scratch (option lists probed)
SCR_ACTION = G_SCRATCH + 1000                   # engine.actions / engine.projects: an action's option lists
SCR_SCRATCH_TASK = G_SCRATCH + 1236             # engine.tasks: PARTNER / UNIVERSITY / SPONSOR_PLAY options
SCR_EFFECT = G_SCRATCH + 1300                   # engine.effects: icon counts (16), then revealed/drawn cards (<= 220)
G_PL = _g("G_PL", MAX_PLAYERS * P_SIZE)
# the turn's after-queue (reference State.after_queue, §4.1), FIFO from G_AFTER_HEAD; after G_PL so that adding it
# moved no earlier offset. An entry: (seat, card row, moment, row of the card at that moment; -1 = an Okapi play)
MAX_AFTER = 64
AFTER_W = 4
G_AFTER_HEAD = _g("G_AFTER_HEAD")
G_AFTER_N = _g("G_AFTER_N")
G_AFTER = _g("G_AFTER", MAX_AFTER * AFTER_W)
# the seats' policies (PROTOCOL.md 10; appended last, so no earlier offset moved): a new block is all `uniform`
G_POLICY = _g("G_POLICY", MAX_PLAYERS)          # policies.POLICY_CODES value per seat
G_PARAMS = _g("G_PARAMS", MAX_PLAYERS * N_POLICY_PARAMS)  # seat q's row at + q * N_POLICY_PARAMS, value * 1000
G_SEED = _g("G_SEED")                           # the game's (seed, game index), int64 bits: the planner's stream
G_GAME_INDEX = _g("G_GAME_INDEX")
G_PLAN_SEAT = _g("G_PLAN_SEAT")                 # seat + 1 whose planned turn is being played (0 none)
G_SCRIPT_N = _g("G_SCRIPT_N")                   # the plan: (hook, options, chosen) per asked decision
G_SCRIPT_POS = _g("G_SCRIPT_POS")               # decisions of the plan seat asked so far this turn (past the
G_SCRIPT = _g("G_SCRIPT", 3 * MAX_PLAN)         # script: the first one is recorded at G_REC_*)
G_REC_HOOK = _g("G_REC_HOOK")
G_REC_N = _g("G_REC_N")                         # 0: no decision past the script was asked before a hidden draw
G_HIDDEN = _g("G_HIDDEN")                       # 1 once a hidden card was drawn this turn (deck, final pile, hand)
G_DIVERGED = _g("G_DIVERGED")                   # 1 once a decision did not match the script
G_RANDOM_X = _g("G_RANDOM_X")                   # `random`: the x-spend index its TURN draw fixed, + 1 (0 none)
G_TURN_SPENDS = _g("G_TURN_SPENDS", 8)          # turn_options: XSPEND options of each TURN option (X action 1)
G_REC_MORE_N = _g("G_REC_MORE_N")               # the decisions asked after the recorded one, (hook, options) each:
G_REC_MORE = _g("G_REC_MORE", 2 * MAX_PLAN)     # the planner's option 0 replays the same turn, so it needs no replay
G_TURN_READY = _g("G_TURN_READY")               # > 0: the turn's TURN options (this - 1 of them) are listed at SCR_TURN
                                                # with their XSPEND options kept (the planner's replays; then cleared)
# per seat, what the option listings ask of the zoo's cards and buildings, for the zoo of version Z_TAG (engine.build.
# zoo_memo): whatever changes the zoo's animals, sponsors, buildings or the animals they house adds 1 to the seat's
# P_ZOO_VERSION, so a stale entry is never read. Zeroed by setup (no entry).
(Z_TAG, Z_PASSIVES, Z_SMALL_OFF, Z_LARGE_OFF, Z_KINDS, Z_KIOSK_BLOCKED, Z_LARGEST, Z_SPECIALS, Z_TRIGGERS, Z_ICON_TAG,
 Z_ICONS_LO, Z_ICONS_HI) = range(12)
ZOO_W = 12
G_ZOO_MEMO = _g("G_ZOO_MEMO", MAX_PLAYERS * ZOO_W)
# per seat, which building types have a legal footprint, keyed on everything engine.build.footprints_with reads of
# the zoo (engine.build.footprint_memo): a pure function of its key, so it is never invalidated, only re-keyed, and
# a copy of the block (the planner's replays) copies valid entries. Zeroed by setup (M_VALID 0 = no entry).
(M_VALID, M_COVERED, M_KINDS, M_KIOSK_BLOCKED, M_FLAGS, M_KNOWN, M_EXISTS) = range(7)
MEMO_W = 8
G_BUILD_MEMO = _g("G_BUILD_MEMO", MAX_PLAYERS * MEMO_W)
G_SIZE = LAYOUT[-1][1] + LAYOUT[-1][2]

# ---------------------------------------------------------------- tables the njit parts read as constants
FP = board.FOOTPRINTS
FP_START = FP.start.astype(np.int64)
FP_PLAIN_COUNT = FP.plain_count.astype(np.int64)
FP_COUNT = FP.count.astype(np.int64)
FP_MASK = FP.masks.astype(np.int64)
FP_AROUND = FP.around.astype(np.int64)
FP_BORDER_CELLS = FP.border_cells.astype(np.int64)
NEIGHBOURS = board.NEIGHBOURS.astype(np.int64)
KIOSK_BLOCKED = board.KIOSK_BLOCKED.astype(np.int64)
B_SIZE = board.BUILDING["size"].astype(np.int64)
B_MAX_PER_ZOO = board.BUILDING["max_per_zoo"].astype(np.int64)
B_ADJACENCY = board.BUILDING["needs_adjacency"].astype(np.int64)
B_MIN_ROCK = board.BUILDING["min_rock"].astype(np.int64)
B_MIN_WATER = board.BUILDING["min_water"].astype(np.int64)
B_MIN_BORDER = board.BUILDING["min_border_cells"].astype(np.int64)
PLAIN_CELLS = np.int64(board.PLAIN_CELLS)
ROCK_CELLS = np.int64(board.ROCK_CELLS)
WATER_CELLS = np.int64(board.WATER_CELLS)
BORDER_CELLS = np.int64(board.BORDER_CELLS)
BUILD2_CELLS = np.int64(board.BUILD2_CELLS)
START_B_KIND = board.START_BUILDING_KIND.astype(np.int64)
START_B_MASK = board.START_BUILDING_MASK.astype(np.int64)


# the effect moments as plain ints (numba constants), for every engine module
IMMEDIATE, PASSIVE, TRIGGER = int(Moment.IMMEDIATE), int(Moment.PASSIVE), int(Moment.TRIGGER)
AFTER_ACTION, INCOME, END_GAME = int(Moment.AFTER_ACTION), int(Moment.INCOME), int(Moment.END_GAME)


def _passive_ops() -> np.ndarray:
    """PASSIVE_OP[peaceful, card row, opcode] = 1 if the card has that standing (PASSIVE-moment) effect."""
    n_ops = 1 + max(int(cards.program(False).ops[:, 0].max()), int(cards.program(True).ops[:, 0].max()))
    out = np.zeros((2, N_CARDS, n_ops), np.int64)
    for peaceful in (0, 1):
        prog = cards.program(bool(peaceful))
        for c in range(N_CARDS):
            for r in range(int(prog.start[c, PASSIVE]), int(prog.start[c, PASSIVE] + prog.count[c, PASSIVE])):
                out[peaceful, c, int(prog.ops[r, 0])] = 1
    return out


PASSIVE_OP = _passive_ops()


def _programs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Both effect programs stacked: card c's rows at moment m under `peaceful` are
    PROG_OPS[PROG_START[peaceful, c, m] : + PROG_COUNT[peaceful, c, m]] (rows `[opcode, args...]`, cards.py)."""
    printed, peaceful = cards.program(False), cards.program(True)
    start = np.stack([printed.start, peaceful.start + len(printed.ops)]).astype(np.int64)
    count = np.stack([printed.count, peaceful.count]).astype(np.int64)
    return start, count, np.concatenate([printed.ops, peaceful.ops]).astype(np.int64)


PROG_START, PROG_COUNT, PROG_OPS = _programs()


def _discounts() -> np.ndarray:
    """CARD_DISCOUNT[peaceful, card row] = (its pas_cost_* discount for small animals, for large ones): its PASSIVE
    ANIMAL_DISCOUNT rows summed (engine.animals.zoo_passives sums these over a zoo)."""
    out = np.zeros((2, N_CARDS, 2), np.int64)
    for peaceful in (0, 1):
        for c in range(N_CARDS):
            start = PROG_START[peaceful, c, PASSIVE]
            for r in range(start, start + PROG_COUNT[peaceful, c, PASSIVE]):
                if PROG_OPS[r, 0] == int(Op.ANIMAL_DISCOUNT):
                    out[peaceful, c, 0 if PROG_OPS[r, 1] == SMALL else 1] += PROG_OPS[r, 2]
    return out


CARD_DISCOUNT = _discounts()
CARD_PASSIVE_BITS = (PASSIVE_OP << np.arange(PASSIVE_OP.shape[2], dtype=np.int64)).sum(axis=2)  # opcode bit mask
assert PASSIVE_OP.shape[2] <= 63


def _trigger_bits() -> np.ndarray:
    """CARD_TRIGGER_BITS[peaceful, card row]: bit event * 2 + scope for each of its TRIGGER rows (engine.triggers.
    _seat_triggers walks only rows of the event and scope it is asked for)."""
    out = np.zeros((2, N_CARDS), np.int64)
    for peaceful in (0, 1):
        for c in range(N_CARDS):
            start = PROG_START[peaceful, c, TRIGGER]
            for r in range(start, start + PROG_COUNT[peaceful, c, TRIGGER]):
                bit = int(PROG_OPS[r, 1]) * 2 + int(PROG_OPS[r, 2])
                assert 0 <= int(PROG_OPS[r, 2]) <= 1 and 0 <= bit < 63
                out[peaceful, c] |= 1 << bit
    return out


CARD_TRIGGER_BITS = _trigger_bits()


def _packed_icons() -> tuple[np.ndarray, np.ndarray]:
    """A card's icons (rock and water included) in 8-bit lanes: icons 0-7 in the first word, 8-14 in the second,
    so that a zoo's counts are two sums per card (engine.animals.icon_counts). Every icon's total over all cards is
    below 128, so no lane carries into the next or into the sign bit."""
    icons = cards.CARDS.icons.astype(np.int64)
    assert icons.shape[1] <= 16 and (icons >= 0).all() and int(icons.sum(axis=0).max()) < 128
    lo = np.zeros(N_CARDS, np.int64)
    hi = np.zeros(N_CARDS, np.int64)
    for k in range(icons.shape[1]):
        if k < 8:
            lo += icons[:, k] << (8 * k)
        else:
            hi += icons[:, k] << (8 * (k - 8))
    return lo, hi


CARD_ICONS_LO, CARD_ICONS_HI = _packed_icons()
# animal columns the map needs (special enclosures, §6.6): capacity used (-1 = not allowed), rock/water needed
CARD_PZ_CUBES = cards.CARDS.pz_cubes.astype(np.int64)
CARD_RH_CUBES = cards.CARDS.rh_cubes.astype(np.int64)
CARD_LBA_CUBES = cards.CARDS.lba_cubes.astype(np.int64)
CARD_ROCK = cards.CARDS.rock.astype(np.int64)
CARD_WATER = cards.CARDS.water.astype(np.int64)
B_CAPACITY = board.BUILDING["capacity"].astype(np.int64)
CELL_BONUS = board.CELL_BONUS.astype(np.int64)
CELL_BONUS_VALUE = board.CELL_BONUS_VALUE.astype(np.int64)
BONUS_CELLS = np.int64(board.BONUS_CELLS)
FULL_COVER_APPEAL = board.MAP.full_cover_appeal

# ---------------------------------------------------------------- the effect stack (engine.tracks, engine.place)
F_REP, F_CP, F_PLACE, F_BUILD = 1, 2, 3, 4      # frame kinds; fields FR_* (each module documents its own)
F_EFFECT, F_WORKERS = 5, 6                      # engine.effects: a card's effect rows at a moment; workers hired
F_ICONS = 7                                     # engine.triggers: icons entering a zoo fire the triggers
F_ENTER = 8                                     # engine.triggers: a played card enters the zoo (enter_zoo)
F_TASK = 9                                      # engine.tasks: a partner zoo, a university, the sponsor tile
F_ACT, F_MOVE = 10, 11                          # engine.actions: a main action performed; a card moved after one
F_PROJECT, F_COLUMN = 12, 13                    # engine.projects: a project supported; bonus-column slots
F_TURN, F_BREAK, F_FINISH = 14, 15, 16          # engine.turn: a turn and its end; a break; final scoring
FR_TYPE, FR_P, FR_A, FR_B, FR_C, FR_D, FR_E, FR_F = range(8)
STACK_OVERFLOW = 2                              # G_UNSUPPORTED code: the stack was too shallow


def new_state() -> np.ndarray:
    return np.zeros(G_SIZE, np.int64)


def new_events(n: int = MAX_EVENTS) -> np.ndarray:
    return np.zeros((n, 6), np.int64)


# ---------------------------------------------------------------- helpers
@njit(cache=True, _nrt=False, inline="always")
def _log(G, EV, kind, seat, a, b, c, d):
    """One event row (PROTOCOL.md 7); an empty log (no tracing) records nothing, a full one sets G_OVERFLOW."""
    if G[G_NEV] >= EV.shape[0] and EV.shape[0] > 0:
        G[G_OVERFLOW] = 1
    emit_row(G, G_NEV, EV, kind, seat, a, b, c, d)


@njit(cache=True, _nrt=False)
def _choose(G, EV, rng, seat, hook, n):
    """`uniform` at a hook with n options (PROTOCOL.md 1, 5): one option is taken without a draw or a row; a seat
    with another policy goes through `_policy_choose`. Not inlined by numba: its IR inlining (with `below`'s) at
    its ~60 call sites cost 5-11 s of the cold compile; calling it measured no slower."""
    if G[G_POLICY + seat] != 0:
        return _policy_choose(G, EV, rng, seat, hook, n)
    if n <= 1:
        return 0
    k = below(rng, n)
    _log(G, EV, E_DECIDE, seat, hook, n, k, 0)
    return k


@njit(cache=True, _nrt=False)
def _policy_choose(G, EV, rng, seat, hook, n):
    """PROTOCOL.md 10: `random` (TURN and XSPEND flattened into one draw over G_TURN_SPENDS, else uniform) and the
    planners (`greedy`, `heuristic`: the script of the seat's planned turn while its (hook, n) match and no hidden
    card was drawn; the first decision past it recorded, and the next MAX_PLAN at G_REC_MORE; option 0 everywhere
    else)."""
    pol = G[G_POLICY + seat]
    if pol == RANDOM:
        if hook == H_TURN and n > 0:
            total = 0
            for i in range(n):
                total += G[G_TURN_SPENDS + i]
            d = below(rng, total) if total > 1 else 0
            k = 0
            while d >= G[G_TURN_SPENDS + k]:
                d -= G[G_TURN_SPENDS + k]
                k += 1
            G[G_RANDOM_X] = d + 1 if G[SCR_TURN + 2 * k] == 0 else 0
            if n > 1:
                _log(G, EV, E_DECIDE, seat, hook, n, k, 0)
            return k
        if hook == H_XSPEND and G[G_RANDOM_X] > 0:
            k = G[G_RANDOM_X] - 1
            G[G_RANDOM_X] = 0
            if n > 1:
                _log(G, EV, E_DECIDE, seat, hook, n, k, 0)
            return k
        if n <= 1:
            return 0
        k = below(rng, n)
        _log(G, EV, E_DECIDE, seat, hook, n, k, 0)
        return k
    if n <= 1:
        return 0
    k = 0
    if (pol == GREEDY or pol == HEURISTIC) and G[G_PLAN_SEAT] == seat + 1 and G[G_HIDDEN] == 0 \
            and G[G_DIVERGED] == 0:
        pos = G[G_SCRIPT_POS]
        if pos < G[G_SCRIPT_N]:
            at = G_SCRIPT + 3 * pos
            if G[at] == hook and G[at + 1] == n:
                k = G[at + 2]
                G[G_SCRIPT_POS] = pos + 1
            else:
                G[G_DIVERGED] = 1
        elif pos == G[G_SCRIPT_N]:
            G[G_REC_HOOK] = hook
            G[G_REC_N] = n
            G[G_SCRIPT_POS] = pos + 1
        elif pos - G[G_SCRIPT_N] <= MAX_PLAN:
            j = pos - G[G_SCRIPT_N] - 1
            G[G_REC_MORE + 2 * j] = hook
            G[G_REC_MORE + 2 * j + 1] = n
            G[G_REC_MORE_N] = j + 1
            G[G_SCRIPT_POS] = pos + 1
    _log(G, EV, E_DECIDE, seat, hook, n, k, 0)
    return k


@njit(cache=True, _nrt=False, inline="always")
def _ones(x):
    """Set bits of a non-negative int64 (SWAR popcount). The bytes are summed by shifts, not by the usual
    multiply by 0x0101...: that multiply overflows int64, which LLVM treats as impossible (signed overflow), and
    inlined it folded a bounds check on the result to "always out of bounds"."""
    a = x - ((x >> 1) & 0x5555555555555555)
    b = (a & 0x3333333333333333) + ((a >> 2) & 0x3333333333333333)
    c = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0F
    c = c + (c >> 8)
    c = c + (c >> 16)
    c = c + (c >> 32)
    return c & 0x7F


@njit(cache=True, _nrt=False, inline="always")
def _low_bit(x):
    """Index of the lowest set bit of x > 0."""
    return _ones((x & -x) - 1)


def _around_bytes() -> np.ndarray:
    """AROUND_BYTE[i, v]: the cells adjacent to the cells 8i + j of the bits j of v (a mask has 8 bytes)."""
    out = np.zeros((8, 256), np.int64)
    for i in range(8):
        for v in range(256):
            m = 0
            for j in range(8):
                if v >> j & 1 and 8 * i + j < len(NEIGHBOURS):
                    m |= int(NEIGHBOURS[8 * i + j])
            out[i, v] = m
    return out


AROUND_BYTE = _around_bytes()


@njit(cache=True, _nrt=False)
def _around(mask):
    """Cells adjacent to `mask` and not in it: a table look-up per byte of the mask, not a loop over its cells
    (a zoo's covered cells are 30+ bits late in a game; footprints and homes ask this for every building)."""
    out = (AROUND_BYTE[0, mask & 255] | AROUND_BYTE[1, (mask >> 8) & 255] | AROUND_BYTE[2, (mask >> 16) & 255]
           | AROUND_BYTE[3, (mask >> 24) & 255] | AROUND_BYTE[4, (mask >> 32) & 255]
           | AROUND_BYTE[5, (mask >> 40) & 255] | AROUND_BYTE[6, (mask >> 48) & 255]
           | AROUND_BYTE[7, (mask >> 56) & 255])
    return out & ~mask


@njit(cache=True, _nrt=False)
def _push(G, kind, p, a, b, c, d):
    """A frame on the effect stack; it runs before the frames below it."""
    n = G[G_STACK_N]
    if n >= MAX_FRAMES:
        G[G_UNSUPPORTED] = STACK_OVERFLOW
        return
    fr = G_STACK + n * FRAME_W
    G[fr + FR_TYPE] = kind
    G[fr + FR_P] = p
    G[fr + FR_A] = a
    G[fr + FR_B] = b
    G[fr + FR_C] = c
    G[fr + FR_D] = d
    G[fr + FR_E] = 0
    G[fr + FR_F] = 0
    G[G_STACK_N] = n + 1
