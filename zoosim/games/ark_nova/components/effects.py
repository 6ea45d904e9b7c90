"""Ark Nova's effect tags (spec §11, §12) as small-integer opcodes with integer arguments, and back.

A tag of the card file (`sprint:3`, `trg_own:science:rep:1`, `end_cp_tiers:science:3=1,6=2`) becomes one
`Effect` = (moment, opcode, args). The moment says which dispatcher runs it (§11: immediate or *after*; §12: the
`imm_`/`inc_`/`trg_`/`pas_`/`end_` prefix); the opcode says what happens, so `imm_money:3` and `inc_money:3` are the
same `GAIN` at two moments and a new tag with a known effect needs no new dispatcher case. The grammar is the
table `TAG_SPECS`: each tag is a head and colon-separated fields, each field parsed by a small strict kind; the
same table turns an effect back into its tag (`format_effect`), so decoding is exact.

Argument layouts (all ints; unused trailing arguments are 0 in the numpy tables):
- a TRIGGER effect's args start with (event, scope): event 0-14 = that icon entering a zoo, `EVENT_NEW_KIND`,
  `EVENT_ANIMAL_PLAYED`; scope `SCOPE_OWN` (own zoo) or `SCOPE_ALL` (any zoo, §12.3 `trg_any`). The effect's own
  arguments follow, laid out as at any other moment.
- `GAIN_PER_METRIC` gains amount * min(metric // per, cap or unbounded); `GAIN_BY_TIERS` gains the value of the
  highest tier whose threshold the metric reaches (threshold 0 = unused tier). Metrics are `METRICS` (below).

Readings where the spec's wording leaves a choice (the chosen one is what the tables hold):
- A cap ("max 8", "max3") bounds the count (metric // per), not the gain: iconic 8 icons, inventive_bear 3 bears,
  `end_app_per_rockwater_pair:2:max3` 3 pairs = at most 6 appeal (§11, §12.5).
- `imm_money_per_distinct` (§12.1, "each distinct continent kind and category kind") counts the same 12 kinds
  as `imm_cp_per_2distinct`: metric `distinct_kinds`.
- `pas_okapi` keeps the moment of its `pas_` prefix (PASSIVE, §12.6); the engine puts the tokens on the card
  when it is played and its herbivore-icon trigger reads them.
- `hypnosis` runs AFTER_ACTION (§11.2 marks it *after*); venom, constriction and pilfering are IMMEDIATE.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Callable, NamedTuple

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components.vocab import (
    ACTIONS, APPEAL, BUILDINGS, CONTINENT_ICONS, CP, ENCLOSURE1, ICONS, KIOSK, LARGE_BIRD_AVIARY, MONEY, N_ICONS,
    PAVILION, REPUTATION, RESOURCES, ROCK, UNIQUE_BUILDINGS, WATER, WORKERS, X_TOKENS, FIRST_UNIQUE_BUILDING,
)


class Moment(IntEnum):
    """When an effect runs: one numba dispatcher per moment (DESIGN.md, card-driven games)."""

    IMMEDIATE = 0     # when the card is played (§11 unmarked abilities, §12.1 imm_, §6.9 place_unique)
    AFTER_ACTION = 1  # after the action that played the card finishes (§11 *after*, §4.1)
    INCOME = 2        # at every break's income step (§9.2 5c, §12.2 inc_)
    TRIGGER = 3       # when an event happens later (§12.3 trg_)
    PASSIVE = 4       # a standing rule other code consults (§12.4, §12.6 pas_, §6.6 flock)
    END_GAME = 5      # at final scoring (§13.2 step 2, §12.5 end_)


N_MOMENTS = len(Moment)


class Op(IntEnum):
    """Opcodes; each member carries `args` (argument names) and a docstring naming the spec section."""

    def __new__(cls, code: int, args: tuple[str, ...], doc: str) -> "Op":
        member = int.__new__(cls, code)
        member._value_ = code
        member.args = args  # type: ignore[attr-defined]
        member.__doc__ = doc
        return member

    GAIN = 1, ("resource", "amount"), "§11 inventive/worker, §12.1-12.3: gain `amount` of a resource."
    GAIN_PAIR = 2, ("resource", "amount", "resource", "amount"), "§12.3 trg_new_icon: two gains at once."
    GAIN_PER_METRIC = 3, ("resource", "metric", "amount", "per", "cap", "scope"), (
        "§11 pack/petting/iconic/inventive_bear, §12.1 imm_*_per_*, §12.5 end_*: amount * min(metric // per, cap).")
    GAIN_BY_TIERS = 4, ("resource", "metric", "t1", "v1", "t2", "v2", "t3", "v3"), (
        "§11 inventive_primate, §12.1 imm_money_by_univ, §12.2 inc_money_tier, §12.5 end_cp_tiers: "
        "the value of the highest threshold reached.")
    OTHERS_MONEY_PER_CP = 5, ("amount",), "§12.1 imm_others_money_per_cp: others gain amount per CP of the tag before."
    DRAW_FROM_DECK = 6, ("count",), "§11 sprint: draw count cards from the deck."
    TAKE_CARDS = 7, ("count",), "§12.1 imm_take, §12.2 inc_take: take count cards from range or deck."
    HUNTER = 8, ("reveal",), "§11 hunter: reveal cards, keep 1 animal, discard the rest."
    HUNTER_X = 9, (), "§12.3 trg_own:ICON:hunter_x: hunter with X = own icons of the trigger's kind."
    PERCEPTION = 10, ("draw", "keep"), "§11 perception, §12.3 perception2: draw, keep some, discard the rest."
    SCAVENGING = 11, ("draw",), "§11 scavenging: draw from the shuffled discard pile, keep 1."
    SNAPPING = 12, ("times",), "§11 snapping: take any display card, times times."
    DIGGING = 13, ("times",), "§11 digging: up to times, replace a display card or a hand card."
    SUNBATHING = 14, ("cards", "price"), "§11 sunbathing, §12.3 sunbathing2: sell up to cards hand cards."
    POUCH = 15, ("cards", "appeal"), "§11 pouch, §12.3 pouch1: put up to cards hand cards under this card."
    JUMPING = 16, ("steps",), "§11 jumping: advance the break token steps and gain steps money."
    RESISTANCE = 17, ("draw", "keep"), "§11 resistance: draw final scoring cards, keep some."
    ASSERTION = 18, (), "§11 assertion: put 1 base project not in play into hand."
    DOMINANCE = 19, ("project",), "§11 dominance: put that base project into hand if not in play."
    SPONSOR_MAGNET = 20, (), "§11 sponsor_magnet: take every sponsor of the display into hand."
    POSTURING = 21, ("times",), "§11 posturing: up to times, place a free kiosk or pavilion."
    FREE_BUILDING = 22, ("building",), "§11 peacocking, §12.1 imm_free_enclosure, §12.3 free_*: a free building."
    PLACE_UNIQUE_BUILDING = 23, ("building",), "§6.9, §12.6 place_unique: place the sponsor's unique building."
    MULTIPLIER = 24, ("action",), "§11, §11.1 multiplier: a multiplier token on that action card."
    VENOM = 25, ("slots",), "§11.2 venom: venom tokens on richer players' cards in slots 1..slots."
    CONSTRICTION = 26, (), "§11.2 constriction: tokens on slots 5 and 4 of players ahead."
    PILFERING = 27, ("targets",), "§11.2 pilfering: 1 or 2 targets give 5 money or a card."
    HYPNOSIS = 28, ("slots",), "§11.2 hypnosis (*after*): use a target's card in slots 1..slots."
    CLEVER = 29, (), "§11 clever (*after*), §12.3 trg_own:africa:clever: move any action card to slot 1."
    BOOST = 30, ("action",), "§11 boost (*after*): move that action card to slot 1 or 5."
    ACTION = 31, ("action",), "§11 action (*after*): perform that action at its current strength."
    DETERMINATION = 32, (), "§11 determination (*after*): perform one other action."
    SEARCH_ANIMAL_CLASS = 33, (), "§12.1 imm_search: choose small or large, reveal until such an animal."
    WAZA_ASSIGNMENT = 34, ("small_appeal", "large_appeal"), "§12.3 trg_waza: only one class; appeal per animal."
    FLOCK = 35, ("herbivore_size",), "§6.6, §11 flock: no enclosure needed beside a herbivore that large."
    ANIMAL_DISCOUNT = 36, ("size_class", "amount"), "§5.3, §12.4 pas_cost_small/large: animal cost reduction."
    PROJECT_STRENGTH = 37, ("strength",), "§5.4, §12.4 pas_project_strength: project task value."
    ICON_WILDCARDS = 38, ("tokens",), "§10.1, §12.4 pas_icon_tokens: wildcard tokens for base projects."
    ENGINEER = 39, (), "§12.4 pas_engineer, R14: one more building of a type just built."
    IGNORE_ANIMAL_ROCKWATER = 40, (), "§12.4 pas_ignore_rockwater: animals ignore rock/water needs."
    BUILD_ON_ROCKWATER = 41, (), "§6.3, §12.4 pas_build_on_rockwater: rock and water cells may be covered."
    RELEASE_CP = 42, ("cp",), "§10.2, §12.4 pas_release_cp: CP per release."
    LARGE_IGNORE_CONDITION = 43, (), "§7.2, §12.4, R7 pas_large_ignore_condition: large animals skip 1 condition."
    COVER_NEXT_TO_TERRAIN_MONEY = 44, ("terrain", "money"), "§12.4 pas_cover_next_*: money per covered cell."
    ARCHAEOLOGIST = 45, (), "§12.6 pas_archaeologist: border bonus cells give an extra uncovered bonus."
    OKAPI = 46, ("tokens",), "§12.6 pas_okapi: tokens; each own herbivore icon may spend one to buy a sponsor."
    WAZA_SMALL_EXTRA_PLAY = 47, (), "§12.6 pas_waza_small_extra_play, R19: one more small animal."
    RELEASE_REPEAT = 48, (), "§10.1, §12.6 pas_release_repeat: release projects supported more than once."
    IMMUNE_HOSTILE = 49, (), "§11.2, §12.6 pas_immune_hostile: untouched by venom/constriction/hypnosis/pilfering."


# Trigger events and scopes (module doc).
EVENT_NEW_KIND = N_ICONS       # §12.3 trg_new_icon: a category or continent kind appears in the zoo for the first time
EVENT_ANIMAL_PLAYED = N_ICONS + 1  # §12.3 trg_waza
EVENTS: tuple[str, ...] = ICONS + ("new_kind", "animal_played")
SCOPES: tuple[str, ...] = ("own", "all")
SCOPE_OWN, SCOPE_ALL = 0, 1
SIZE_CLASSES: tuple[str, ...] = ("small", "large")  # size <= 2 / >= 4 (§2)
SMALL, LARGE = 0, 1

# What a player's zoo is measured by, for per-X gains, tiers and end scoring; index 0-14 = own icons of ICONS[i].
METRICS: tuple[str, ...] = tuple(f"icon_{name}" for name in ICONS) + (
    "rockwater",                 # rock + water icons (§12.1 imm_money_per_icon:rockwater)
    "science",                   # = icon_science, spelled so by end_cp_tiers (§12.5)
    "univ", "kiosks", "enc1_occupied", "supports", "rep", "distinct_categories", "distinct_continents",
    "distinct_kinds",            # categories + continents present, of 12 (§12.1 imm_cp_per_2distinct, _per_distinct)
    "small_animals", "large_animals", "x_tokens",
    "rockwater_pairs",           # min(rock, water) icons (§12.5)
    "connected_water", "connected_rock", "connected_bonus", "connected_border_empty",  # §6.5, §12.1
    "unconnected_water", "unconnected_rock", "unconnected_bonus",                      # §12.5
    "empty_group_sixes",         # sum over connected groups of empty building cells of size // 6 (§12.5)
    "side_entrance_buildings",   # buildings next to the Side Entrance, §12.6 rule
    "water_all_connected", "rock_all_connected", "border_covered", "full_cover",       # 0/1 (§6.5, R11)
)
METRIC = {name: i for i, name in enumerate(METRICS)}

# Numbers the spec fixes inside a tag's meaning (section in the comment).
PERCEPTION_KEEP = 2          # §11 perception:4 keeps 2
SELL_PRICE = 4               # §11 sunbathing
POUCH_APPEAL = 2             # §11 pouch
ICONIC_CAP = 8               # §11 iconic
INVENTIVE_BEAR_CAP = 3       # §11 inventive_bear
INVENTIVE_PRIMATE_TIERS = (1, 1, 3, 2, 5, 3)  # §11: 1/3/5 primate icons -> 1/2/3 X-tokens
INCOME_MONEY_TIERS = (1, 3, 3, 6, 5, 9)       # §12.2 inc_money_tier: 1-2 / 3-4 / >=5 icons -> 3 / 6 / 9
DOMINANCE_PROJECT = 108      # §11 dominance: base project Primates
MAX_TIERS = 3


class Effect(NamedTuple):
    moment: int
    op: int
    args: tuple[int, ...]


# ---------------------------------------------------------------- argument kinds
@dataclass(frozen=True)
class Kind:
    """How one text field becomes ints and back; `label` is what the accepted-forms list shows."""

    label: str
    width: int
    parse: Callable[[str], tuple[int, ...]]
    format: Callable[[tuple[int, ...]], str]


def _number(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise ZoosimError(f"{text!r} is not a whole number 0-999")
    return int(text)


def _enum_kind(label: str, names: dict[str, int]) -> Kind:
    back = {v: k for k, v in names.items()}

    def parse(text: str) -> tuple[int, ...]:
        if text not in names:
            raise ZoosimError(f"{text!r} is not a valid {label} ({', '.join(names)})")
        return (names[text],)

    def format(args: tuple[int, ...]) -> str:
        if args[0] not in back:
            raise ZoosimError(f"{args[0]} is not a {label} code")
        return back[args[0]]

    return Kind(label, 1, parse, format)


def _int_list_kind(n: int) -> Kind:
    def parse(text: str) -> tuple[int, ...]:
        parts = text.split("/")
        if len(parts) != n:
            raise ZoosimError(f"{text!r} is not {n} numbers joined by '/'")
        return tuple(_number(p) for p in parts)

    return Kind("/".join("N" * n), n, parse, lambda args: "/".join(str(a) for a in args))


def _parse_tiers(text: str) -> tuple[int, ...]:
    """'3=1,6=2' -> (3, 1, 6, 2, 0, 0): thresholds >= 1 and increasing, at most MAX_TIERS."""
    pairs = text.split(",")
    out: list[int] = []
    for pair in pairs:
        t, eq, v = pair.partition("=")
        if not eq:
            raise ZoosimError(f"tier {pair!r} is not threshold=value")
        out += [_number(t), _number(v)]
    thresholds = out[0::2]
    if len(pairs) > MAX_TIERS or min(thresholds) < 1 or thresholds != sorted(set(thresholds)):
        raise ZoosimError(f"tiers {text!r} need 1-{MAX_TIERS} thresholds >= 1, increasing")
    return tuple(out + [0] * (2 * MAX_TIERS - len(out)))


def _format_tiers(args: tuple[int, ...]) -> str:
    pairs = [(args[i], args[i + 1]) for i in range(0, len(args), 2) if args[i] > 0]
    if not pairs or any(args[2 * len(pairs):]):
        raise ZoosimError(f"{args} is not a tier list")
    return ",".join(f"{t}={v}" for t, v in pairs)


def _parse_univ(text: str) -> tuple[int, ...]:
    a, b, c = _int_list_kind(3).parse(text)
    return (1, a, 2, b, 3, c)


def _format_univ(args: tuple[int, ...]) -> str:
    if args[0::2] != (1, 2, 3):
        raise ZoosimError(f"{args} is not a 1/2/3-university tier list")
    return "/".join(str(v) for v in args[1::2])


def _parse_max(text: str) -> tuple[int, ...]:
    if not text.startswith("max"):
        raise ZoosimError(f"{text!r} is not maxN")
    return (_number(text[3:]),)


INT = Kind("N", 1, lambda text: (_number(text),), lambda args: str(args[0]))
ICON = _enum_kind("ICON", {name: i for i, name in enumerate(ICONS)})
CONTINENT = _enum_kind("CONTINENT", {ICONS[i]: i for i in CONTINENT_ICONS})
ICON_OR_ROCKWATER = _enum_kind("ICON|rockwater", {**{n: i for i, n in enumerate(ICONS)}, "rockwater": METRIC["rockwater"]})
ACTION = _enum_kind("ACTION", {name: i for i, name in enumerate(ACTIONS)})
RESOURCE_SHORT = _enum_kind("R", {"app": APPEAL, "money": MONEY, "x": X_TOKENS, "rep": REPUTATION, "cp": CP})
UNIQUE = _enum_kind("NAME", {name: FIRST_UNIQUE_BUILDING + i for i, name in enumerate(UNIQUE_BUILDINGS)})
ENCLOSURE_SIZE = _enum_kind("SIZE", {str(s): ENCLOSURE1 + s - 1 for s in range(1, 6)})
TIER_METRIC = _enum_kind("M", {m: METRIC[m] for m in (
    "science", "univ", "kiosks", "enc1_occupied", "supports", "rep", "distinct_categories", "distinct_continents",
    *(f"icon_{name}" for name in ICONS))})
CONDITION = _enum_kind("COND", {m: METRIC[m] for m in ("water_all_connected", "rock_all_connected", "border_covered")})
CONNECTED = _enum_kind("K", {k: METRIC[f"connected_{k}"] for k in ("water", "rock", "bonus", "border_empty")})
UNCONNECTED = _enum_kind("K", {k: METRIC[f"unconnected_{k}"] for k in ("water", "rock", "bonus")})
TIERS = Kind("t=v,...", 2 * MAX_TIERS, _parse_tiers, _format_tiers)
UNIV_TIERS = Kind("N/N/N", 6, _parse_univ, _format_univ)
INT_PAIR = _int_list_kind(2)
MAX_N = Kind("maxN", 1, _parse_max, lambda args: f"max{args[0]}")


# ---------------------------------------------------------------- the grammar
@dataclass(frozen=True)
class Field:
    """A tag field: parsed text (`kind`), a literal word (`text`), or arguments with no text (`fixed`)."""

    kind: Kind | None = None
    text: str | None = None
    fixed: tuple[int, ...] = ()


def P(kind: Kind) -> Field:
    return Field(kind=kind)


def L(text: str) -> Field:
    return Field(text=text)


def F(*values: int) -> Field:
    return Field(fixed=values)


@dataclass(frozen=True)
class TagSpec:
    column: str  # "ability" (animal columns, §11) or "sponsor" (effects_model, §12)
    head: str
    moment: Moment
    op: Op
    fields: tuple[Field, ...]

    @property
    def width(self) -> int:
        """How many int arguments the tag's Effect carries."""
        return sum(f.kind.width if f.kind else len(f.fixed) for f in self.fields)

    @property
    def form(self) -> str:
        words = [f.kind.label if f.kind else f.text for f in self.fields if f.kind or f.text is not None]
        return ":".join([self.head, *(w for w in words if w is not None)])


def _spec(column: str, head: str, moment: Moment, op: Op, *fields: Field) -> TagSpec:
    return TagSpec(column, head, moment, op, fields)


I_, A_, INC, T_, PAS, END = (Moment.IMMEDIATE, Moment.AFTER_ACTION, Moment.INCOME, Moment.TRIGGER, Moment.PASSIVE,
                             Moment.END_GAME)
OWN = F(SCOPE_OWN)
PER1_OWN = F(1, 0, SCOPE_OWN)  # per 1, no cap, own zoo
M = METRIC


def _ability_specs() -> list[TagSpec]:
    a = "ability"
    return [
        _spec(a, "sprint", I_, Op.DRAW_FROM_DECK, P(INT)),
        _spec(a, "hunter", I_, Op.HUNTER, P(INT)),
        _spec(a, "perception", I_, Op.PERCEPTION, P(INT), F(PERCEPTION_KEEP)),
        _spec(a, "scavenging", I_, Op.SCAVENGING, P(INT)),
        _spec(a, "snapping", I_, Op.SNAPPING, P(INT)),
        _spec(a, "digging", I_, Op.DIGGING, P(INT)),
        _spec(a, "sunbathing", I_, Op.SUNBATHING, P(INT), F(SELL_PRICE)),
        _spec(a, "pouch", I_, Op.POUCH, P(INT), F(POUCH_APPEAL)),
        _spec(a, "jumping", I_, Op.JUMPING, P(INT)),
        _spec(a, "inventive", I_, Op.GAIN, F(X_TOKENS), P(INT)),
        _spec(a, "inventive_bear", I_, Op.GAIN_PER_METRIC,
              F(X_TOKENS, M["icon_bear"], 1, 1, INVENTIVE_BEAR_CAP, SCOPE_ALL)),
        _spec(a, "inventive_primate", I_, Op.GAIN_BY_TIERS, F(X_TOKENS, M["icon_primate"], *INVENTIVE_PRIMATE_TIERS)),
        _spec(a, "pack", I_, Op.GAIN_PER_METRIC, F(APPEAL, M["icon_predator"], 1), PER1_OWN),
        _spec(a, "iconic", I_, Op.GAIN_PER_METRIC, F(APPEAL), P(CONTINENT), F(1, 1, ICONIC_CAP, SCOPE_ALL)),
        _spec(a, "petting", I_, Op.GAIN_PER_METRIC, F(APPEAL, M["icon_pet"], 3), PER1_OWN),
        _spec(a, "worker", I_, Op.GAIN, F(WORKERS), P(INT)),
        _spec(a, "resistance", I_, Op.RESISTANCE, F(2, 1)),
        _spec(a, "assertion", I_, Op.ASSERTION),
        _spec(a, "dominance", I_, Op.DOMINANCE, F(DOMINANCE_PROJECT)),
        _spec(a, "sponsor_magnet", I_, Op.SPONSOR_MAGNET),
        _spec(a, "posturing", I_, Op.POSTURING, P(INT)),
        _spec(a, "peacocking", I_, Op.FREE_BUILDING, F(LARGE_BIRD_AVIARY)),
        _spec(a, "flock", PAS, Op.FLOCK, P(INT)),
        _spec(a, "multiplier", I_, Op.MULTIPLIER, P(ACTION)),
        _spec(a, "clever", A_, Op.CLEVER),
        _spec(a, "boost", A_, Op.BOOST, P(ACTION)),
        _spec(a, "action", A_, Op.ACTION, P(ACTION)),
        _spec(a, "determination", A_, Op.DETERMINATION),
        _spec(a, "venom", I_, Op.VENOM, P(INT)),
        _spec(a, "constriction", I_, Op.CONSTRICTION),
        _spec(a, "hypnosis", A_, Op.HYPNOSIS, P(INT)),
        _spec(a, "pilfering", I_, Op.PILFERING, P(INT)),
    ]


def _sponsor_specs() -> list[TagSpec]:
    s = "sponsor"
    specs = [
        _spec(s, "imm_take", I_, Op.TAKE_CARDS, P(INT)),
        _spec(s, "imm_money", I_, Op.GAIN, F(MONEY), P(INT)),
        _spec(s, "imm_x", I_, Op.GAIN, F(X_TOKENS), P(INT)),
        _spec(s, "imm_worker", I_, Op.GAIN, F(WORKERS), P(INT)),
        _spec(s, "imm_app_per_icon", I_, Op.GAIN_PER_METRIC, F(APPEAL), P(ICON), P(INT), PER1_OWN),
        _spec(s, "imm_app_per_2icons", I_, Op.GAIN_PER_METRIC, F(APPEAL), P(ICON), P(INT), F(2, 0, SCOPE_OWN)),
        _spec(s, "imm_money_per_icon", I_, Op.GAIN_PER_METRIC, F(MONEY), P(ICON_OR_ROCKWATER), P(INT), PER1_OWN),
        _spec(s, "imm_money_by_univ", I_, Op.GAIN_BY_TIERS, F(MONEY, M["univ"]), P(UNIV_TIERS)),
        _spec(s, "imm_app_per_support", I_, Op.GAIN_PER_METRIC, F(APPEAL, M["supports"]), P(INT), PER1_OWN),
        _spec(s, "imm_cp_per_2distinct", I_, Op.GAIN_PER_METRIC, F(CP, M["distinct_kinds"]), P(INT),
              F(2, 0, SCOPE_OWN)),
        _spec(s, "imm_cp_per_icon", I_, Op.GAIN_PER_METRIC, F(CP), P(ICON), P(INT), PER1_OWN),
        _spec(s, "imm_others_money_per_cp", I_, Op.OTHERS_MONEY_PER_CP, P(INT)),
        _spec(s, "imm_app_per_small_animal", I_, Op.GAIN_PER_METRIC, F(APPEAL, M["small_animals"]), P(INT), PER1_OWN),
        _spec(s, "imm_app_per_large_animal", I_, Op.GAIN_PER_METRIC, F(APPEAL, M["large_animals"]), P(INT), PER1_OWN),
        _spec(s, "imm_money_per_small_animal", I_, Op.GAIN_PER_METRIC, F(MONEY, M["small_animals"]), P(INT),
              PER1_OWN),
        _spec(s, "imm_money_per_distinct", I_, Op.GAIN_PER_METRIC, F(MONEY, M["distinct_kinds"]), P(INT), PER1_OWN),
        _spec(s, "imm_search", I_, Op.SEARCH_ANIMAL_CLASS, L("small_or_large")),
        _spec(s, "imm_free_enclosure", I_, Op.FREE_BUILDING, P(ENCLOSURE_SIZE)),
        _spec(s, "imm_app_per_connected", I_, Op.GAIN_PER_METRIC, F(APPEAL), P(CONNECTED), F(1), PER1_OWN),
        _spec(s, "place_unique", I_, Op.PLACE_UNIQUE_BUILDING, P(UNIQUE)),
        _spec(s, "inc_take", INC, Op.TAKE_CARDS, P(INT)),
        _spec(s, "inc_cp", INC, Op.GAIN, F(CP), P(INT)),
        _spec(s, "inc_x", INC, Op.GAIN, F(X_TOKENS), P(INT)),
        _spec(s, "inc_money", INC, Op.GAIN, F(MONEY), P(INT)),
        _spec(s, "inc_money_tier", INC, Op.GAIN_BY_TIERS, F(MONEY), P(ICON), F(*INCOME_MONEY_TIERS)),
        _spec(s, "inc_side_entrance", INC, Op.GAIN_PER_METRIC, F(MONEY, M["side_entrance_buildings"]), P(INT),
              PER1_OWN),
        _spec(s, "trg_own", T_, Op.GAIN, P(ICON), OWN, P(RESOURCE_SHORT), P(INT)),
        _spec(s, "trg_any", T_, Op.GAIN, P(ICON), F(SCOPE_ALL), P(RESOURCE_SHORT), P(INT)),
        _spec(s, "trg_own", T_, Op.PERCEPTION, P(ICON), OWN, L("perception2"), F(2, 1)),
        _spec(s, "trg_own", T_, Op.SUNBATHING, P(ICON), OWN, L("sunbathing2"), F(2, SELL_PRICE)),
        _spec(s, "trg_own", T_, Op.HUNTER_X, P(ICON), OWN, L("hunter_x")),
        _spec(s, "trg_own", T_, Op.POUCH, P(ICON), OWN, L("pouch1"), F(1, POUCH_APPEAL)),
        _spec(s, "trg_own", T_, Op.FREE_BUILDING, P(ICON), OWN, L("free_kiosk"), F(KIOSK)),
        _spec(s, "trg_own", T_, Op.FREE_BUILDING, P(ICON), OWN, L("free_pavilion"), F(PAVILION)),
        _spec(s, "trg_own", T_, Op.FREE_BUILDING, P(ICON), OWN, L("free_enclosure1"), F(ENCLOSURE1)),
        _spec(s, "trg_own", T_, Op.CLEVER, P(ICON), OWN, L("clever")),
        _spec(s, "trg_new_icon", T_, Op.GAIN_PAIR, F(EVENT_NEW_KIND, SCOPE_OWN), L("app1_money2"),
              F(APPEAL, 1, MONEY, 2)),
        _spec(s, "trg_waza", T_, Op.WAZA_ASSIGNMENT, F(EVENT_ANIMAL_PLAYED, SCOPE_OWN), P(INT_PAIR)),
        _spec(s, "pas_cost_small", PAS, Op.ANIMAL_DISCOUNT, F(SMALL), P(INT)),
        _spec(s, "pas_cost_large", PAS, Op.ANIMAL_DISCOUNT, F(LARGE), P(INT)),
        _spec(s, "pas_project_strength", PAS, Op.PROJECT_STRENGTH, P(INT)),
        _spec(s, "pas_icon_tokens", PAS, Op.ICON_WILDCARDS, P(INT)),
        _spec(s, "pas_engineer", PAS, Op.ENGINEER),
        _spec(s, "pas_ignore_rockwater", PAS, Op.IGNORE_ANIMAL_ROCKWATER),
        _spec(s, "pas_build_on_rockwater", PAS, Op.BUILD_ON_ROCKWATER),
        _spec(s, "pas_release_cp", PAS, Op.RELEASE_CP, P(INT)),
        _spec(s, "pas_large_ignore_condition", PAS, Op.LARGE_IGNORE_CONDITION),
        _spec(s, "pas_cover_next_water", PAS, Op.COVER_NEXT_TO_TERRAIN_MONEY, F(WATER), P(INT)),
        _spec(s, "pas_cover_next_rock", PAS, Op.COVER_NEXT_TO_TERRAIN_MONEY, F(ROCK), P(INT)),
        _spec(s, "pas_archaeologist", PAS, Op.ARCHAEOLOGIST),
        _spec(s, "pas_okapi", PAS, Op.OKAPI, P(INT)),
        _spec(s, "pas_waza_small_extra_play", PAS, Op.WAZA_SMALL_EXTRA_PLAY),
        _spec(s, "pas_release_repeat", PAS, Op.RELEASE_REPEAT),
        _spec(s, "pas_immune_hostile", PAS, Op.IMMUNE_HOSTILE),
        _spec(s, "end_cp_tiers", END, Op.GAIN_BY_TIERS, F(CP), P(TIER_METRIC), P(TIERS)),
        _spec(s, "end_cp_if", END, Op.GAIN_PER_METRIC, F(CP), P(CONDITION), P(INT), PER1_OWN),
        _spec(s, "end_app_if_full_cover", END, Op.GAIN_PER_METRIC, F(APPEAL, M["full_cover"]), P(INT), PER1_OWN),
        _spec(s, "end_app_per_xtoken", END, Op.GAIN_PER_METRIC, F(APPEAL, M["x_tokens"]), P(INT), PER1_OWN),
        _spec(s, "end_app_per_rockwater_pair", END, Op.GAIN_PER_METRIC, F(APPEAL, M["rockwater_pairs"]), P(INT),
              F(1), P(MAX_N), OWN),
        _spec(s, "end_cp_per2_unconnected", END, Op.GAIN_PER_METRIC, F(CP), P(UNCONNECTED), F(1, 2, 0, SCOPE_OWN)),
        _spec(s, "end_cp_per_group6", END, Op.GAIN_PER_METRIC, F(CP, M["empty_group_sixes"], 1), PER1_OWN,
              L("empty")),
    ]
    return specs


TAG_SPECS: tuple[TagSpec, ...] = tuple(_ability_specs() + _sponsor_specs())
MAX_ARGS = max(s.width for s in TAG_SPECS)  # columns after the opcode in an effect table row
COLUMNS = ("ability", "sponsor")
_BY_HEAD: dict[tuple[str, str], list[TagSpec]] = {}
_BY_OP: dict[tuple[str, int, int], list[TagSpec]] = {}
for _s in TAG_SPECS:
    _BY_HEAD.setdefault((_s.column, _s.head), []).append(_s)
    _BY_OP.setdefault((_s.column, int(_s.moment), int(_s.op)), []).append(_s)


def accepted_forms(column: str) -> str:
    return ", ".join(s.form for s in TAG_SPECS if s.column == column)


def _try_parse(spec: TagSpec, words: list[str]) -> tuple[int, ...]:
    texts = [f for f in spec.fields if f.kind is not None or f.text is not None]
    if len(texts) != len(words):
        raise ZoosimError(f"takes {len(texts)} argument(s) ({spec.form})")
    args: list[int] = []
    it = iter(words)
    for f in spec.fields:
        if f.kind is not None:
            args += f.kind.parse(next(it))
        elif f.text is not None:
            word = next(it)
            if word != f.text:
                raise ZoosimError(f"{word!r} is not {f.text!r}")
        else:
            args += f.fixed
    return tuple(args)


def parse_tag(tag: str, column: str, where: str = "") -> Effect:
    """One tag -> Effect; a bad tag raises a one-line ZoosimError naming it, `where` and the accepted forms."""
    spec, args = match_tag(tag, column, where)
    return Effect(int(spec.moment), int(spec.op), args)


def match_tag(tag: str, column: str, where: str = "") -> tuple[TagSpec, tuple[int, ...]]:
    """The grammar row a tag matches and its arguments (see `parse_tag`)."""
    if column not in COLUMNS:
        raise ZoosimError(f"unknown tag column {column!r}; accepted: {', '.join(COLUMNS)}")
    head, *words = tag.split(":")
    prefix = f"{where}: " if where else ""
    candidates = _BY_HEAD.get((column, head))
    if not candidates:
        raise ZoosimError(f"{prefix}unknown {column} tag {tag!r}; accepted: {accepted_forms(column)}")
    reasons: list[tuple[bool, str]] = []  # (the word count fitted, why it failed)
    for spec in candidates:
        try:
            return spec, _try_parse(spec, words)
        except ZoosimError as err:
            reasons.append((str(err).startswith("takes "), str(err)))
    reason = min(reasons, key=lambda r: r[0])[1]  # a reason from a form with the right word count comes first
    forms = ", ".join(s.form for s in candidates)
    raise ZoosimError(f"{prefix}bad {column} tag {tag!r}: {reason}; accepted: {forms}")


def parse_tags(text: str, column: str, where: str = "") -> list[Effect]:
    """A `;`-separated tag list (a CSV cell) -> Effects in the written order; empty text -> []."""
    if text == "":
        return []
    tags = text.split(";")
    if any(t == "" for t in tags):
        raise ZoosimError(f"{where + ': ' if where else ''}empty tag in {text!r} (tags are joined by single ';')")
    return [parse_tag(t, column, where) for t in tags]


def format_effect(effect: Effect, column: str) -> str:
    """The tag an Effect was parsed from (exact inverse of `parse_tag`); trailing zero padding is ignored."""
    moment, op, args = effect
    for spec in _BY_OP.get((column, moment, op), []):
        width = spec.width
        if any(args[width:]):
            continue
        args = tuple(args) + (0,) * (width - len(args))
        words, pos, ok = [], 0, True
        for f in spec.fields:
            if f.kind is not None:
                try:
                    words.append(f.kind.format(tuple(args[pos:pos + f.kind.width])))
                except ZoosimError:
                    ok = False
                    break
                pos += f.kind.width
            elif f.text is not None:
                words.append(f.text)
            else:
                ok = ok and tuple(args[pos:pos + len(f.fixed)]) == f.fixed
                pos += len(f.fixed)
        if ok:
            return ":".join([spec.head, *words])
    raise ZoosimError(f"no {column} tag for moment {moment}, opcode {op}, args {tuple(args)}")


_VALUE_NAMES: dict[str, tuple[str, ...]] = {
    "resource": RESOURCES, "metric": METRICS, "building": BUILDINGS, "action": ACTIONS, "event": EVENTS,
    "scope": SCOPES, "size_class": SIZE_CLASSES, "terrain": ICONS,
}


def explain(effect: Effect) -> str:
    """`OP(name=value, ...)` with codes shown as names: the readable half of a describe() line."""
    moment, op, args = effect
    code = Op(op)
    names = (("event", "scope") if moment == Moment.TRIGGER else ()) + code.args  # type: ignore[attr-defined]
    parts = []
    for name, value in zip(names, args):
        table = _VALUE_NAMES.get(name)
        parts.append(f"{name}={table[value] if table and 0 <= value < len(table) else value}")
    return f"{code.name}({', '.join(parts)})"
