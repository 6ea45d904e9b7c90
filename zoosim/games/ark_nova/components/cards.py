"""Ark Nova's 235 cards as numpy tables and effect programs, built once at import from the package's `cards.csv`.

`cards.csv` is a byte copy of `shared/specs/ark-nova-cards.csv` (spec §2). A card's row index in every table is
its position in card-id order (finals 1-11, projects 101-132, sponsors 201-264, animals 401-528), so the tables
never depend on the CSV's row order; `INDEX_OF_ID[id]` maps a printed number to that index (-1 = no such card).

Effect programs (the numba dispatchers read only these arrays): for card c and moment m (`effects.Moment`),
`ops[start[c, m] : start[c, m] + count[c, m]]` are its effects in the order the CSV writes them; a row is
`[opcode, arg0, ..., arg{MAX_ARGS-1}]` (unused arguments 0; layouts in `effects`). `PROGRAM` follows the printed
abilities; `PEACEFUL_PROGRAM` follows `ability_peaceful` where a card has one — the spec's `param: peaceful`
(§11, default false) chooses which the engine gets (`program(peaceful)`).

Readings of the data where the spec leaves a choice (each named here, the spec's default in force):
- `icons[c, 13/14]` are the card's `rock`/`water` columns: §2 and §7.1 say they count as rock/water icons in the
  zoo, so the icon count of a card is one row for every kind.
- `ability_peaceful` replaces the whole `ability_printed` (§11 "use ability_peaceful instead"); on all 11 cards
  the printed ability is the single interactive tag anyway.
- Final cards written "1 each, max 4" (4 Architectural, 9 Diverse Species) become thresholds 1/2/3/4 -> CP 1/2/3/4:
  CP = min(count, 4), the same value (§13.2), so every final card is one tier lookup.
- `req` `partner_zoo` is "a partner zoo of one of the card's continents" and `partner_zoo*N` is "N partner zoos"
  (§7.2); both are accepted on any card.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources

import numpy as np

from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components.effects import (
    MAX_ARGS, N_MOMENTS, Effect, Moment, explain, format_effect, parse_tags,
)
from zoosim.games.ark_nova.components.vocab import CARD_ICON_NAMES, ICONS, N_ICONS, ROCK, WATER, lookup

COLUMNS: tuple[str, ...] = (
    "id", "type", "name", "level", "cost", "size", "std_ok", "rh_cubes", "lba_cubes", "pz_cubes", "rock", "water",
    "icons", "req", "appeal", "cp", "rep", "ability_printed", "ability_peaceful", "effects_model", "proj_kind",
    "proj_target", "slot_conditions", "slot_rewards", "place_bonus", "final_metric", "final_thresholds",
    "final_rewards", "xcheck", "notes",
)
INT_COLUMNS = ("level", "cost", "size", "std_ok", "rh_cubes", "lba_cubes", "pz_cubes", "rock", "water", "appeal",
               "cp", "rep")
KINDS: tuple[str, ...] = ("animal", "sponsor", "project_base", "project", "final")  # §2 `type`
ANIMAL, SPONSOR, PROJECT_BASE, PROJECT, FINAL = range(5)
ZOO_DECK_KINDS = (ANIMAL, SPONSOR, PROJECT)  # §3 step 1: the 212-card zoo deck
PROJECT_KINDS: tuple[str, ...] = ("icon_count", "distinct_categories", "distinct_continents", "small_animals",
                                  "large_animals", "release", "breed")
RELEASE_CLASSES: tuple[str, ...] = ("S", "M", "L")  # size <= 2 / = 3 / >= 4 (§2 slot_conditions, §10.1)
N_PROJECT_SLOTS = 3
FINAL_METRICS: tuple[str, ...] = ("large_animals", "small_animals", "science_icons", "architecture", "supports",
                                  "empty_spaces", "reputation", "sponsors", "category_majority_vs_previous",
                                  "rock_icons", "water_icons")
N_FINAL_TIERS = 4
ONE_EACH_MAX_4 = "1 each, max 4"


@dataclass(frozen=True)
class EffectProgram:
    """Every card's effects as fixed-shape int32 arrays (module doc)."""

    start: np.ndarray  # (n_cards, N_MOMENTS)
    count: np.ndarray  # (n_cards, N_MOMENTS)
    ops: np.ndarray    # (n_effects, 1 + MAX_ARGS)


@dataclass(frozen=True)
class CardTable:
    """One row per card in id order; ints are 0 where a column does not apply unless noted."""

    ids: np.ndarray            # int16 printed number
    kind: np.ndarray           # int8 index into KINDS
    level: np.ndarray          # int8 sponsor level 3-6
    cost: np.ndarray           # int16 animal cost before discounts
    size: np.ndarray           # int8 standard-enclosure size (petting animals 1)
    std_ok: np.ndarray         # int8 1 = may live in a standard enclosure
    rh_cubes: np.ndarray       # int8 reptile-house capacity used, -1 = not allowed
    lba_cubes: np.ndarray      # int8 large-bird-aviary capacity used, -1 = not allowed
    pz_cubes: np.ndarray       # int8 petting-zoo capacity used, -1 = not allowed
    rock: np.ndarray           # int8 rock cells the enclosure must touch / rock icons of a sponsor
    water: np.ndarray          # int8 same for water
    icons: np.ndarray          # int8 (n, 15) icons the card adds to the zoo, rock/water columns at 13/14
    appeal: np.ndarray         # int8 flat gains when played
    cp: np.ndarray             # int8
    rep: np.ndarray            # int8
    req_icons: np.ndarray      # int8 (n, 15) icon counts the zoo must hold (§7.2 ICON*N)
    req_partner_zoo_continent: np.ndarray  # int8 1 = needs a partner zoo of one of its continents
    req_partner_zoos: np.ndarray  # int8 partner zoos needed (partner_zoo*N), 0 = none
    req_animals2: np.ndarray   # int8 1 = needs Animals side II
    req_sponsors2: np.ndarray  # int8 1 = needs Sponsors side II
    req_min_rep: np.ndarray    # int8 reputation needed (rep>=N), 0 = none
    req_max_appeal: np.ndarray  # int16 appeal allowed at most (appeal<=N), -1 = no limit
    project_kind: np.ndarray   # int8 index into PROJECT_KINDS, -1 = not a project
    project_target: np.ndarray  # int8 icon counted / released / bred, -1 = none
    project_slot_condition: np.ndarray  # int8 (n, 3) left to right: count, or RELEASE_CLASSES index, breed 0
    project_slot_cp: np.ndarray  # int8 (n, 3)
    project_slot_rep: np.ndarray  # int8 (n, 3)
    project_place_rep: np.ndarray  # int8 reputation for putting the card into play
    final_metric: np.ndarray   # int8 index into FINAL_METRICS, -1 = not a final card
    final_thresholds: np.ndarray  # int8 (n, 4) increasing
    final_cp: np.ndarray       # int8 (n, 4) CP of the highest threshold reached
    names: tuple[str, ...]
    ability_printed: tuple[str, ...]  # raw tag text, for messages and tests
    ability_peaceful: tuple[str, ...]
    effects_model: tuple[str, ...]
    printed: EffectProgram
    peaceful: EffectProgram


# ---------------------------------------------------------------- cell parsers (one line errors via `where`)
def _int(text: str, where: str, column: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ZoosimError(f"{where}: {column} {text!r} is not an integer") from None


def _icon_counts(text: str, where: str) -> list[int]:
    counts = [0] * N_ICONS
    for name in filter(None, text.split(";")):
        counts[_in(CARD_ICON_NAMES, name, "icon", where)] += 1
    return counts


def _in(names: tuple[str, ...], value: str, what: str, where: str) -> int:
    try:
        return lookup(names, value, what)
    except ZoosimError as err:
        raise ZoosimError(f"{where}: {err}") from None


def _requirements(text: str, where: str) -> dict[str, object]:
    """§7.2 tokens -> the req_* columns; a repeated token is an error (it would be ambiguous)."""
    out: dict[str, object] = {"icons": [0] * N_ICONS, "pz_continent": 0, "pz": 0, "a2": 0, "s2": 0,
                              "rep": 0, "appeal": -1}
    seen: set[str] = set()
    for token in filter(None, text.split(";")):
        key, star, n = token.partition("*")
        if key.startswith("rep>=") and not star:
            key, n = "rep>=", key[5:]
        elif key.startswith("appeal<=") and not star:
            key, n = "appeal<=", key[8:]
        if key in seen:
            raise ZoosimError(f"{where}: req {token!r} repeats {key!r}")
        seen.add(key)
        count = _int(n, where, "req") if (star or key in ("rep>=", "appeal<=")) else 1
        if count < 1 and key != "appeal<=":
            raise ZoosimError(f"{where}: req {token!r} needs a count >= 1")
        if star and key not in ICONS and key != "partner_zoo":
            key = token  # only icons and partner zoos take *N
        if key in ICONS:
            out["icons"][ICONS.index(key)] = count  # type: ignore[index]
        elif key == "partner_zoo":
            out["pz" if star else "pz_continent"] = count
        elif (key in ("animals2", "sponsors2")) and not star:
            out["a2" if key == "animals2" else "s2"] = 1
        elif key == "rep>=":
            out["rep"] = count
        elif key == "appeal<=":
            out["appeal"] = count
        else:
            raise ZoosimError(f"{where}: unknown req {token!r}; accepted: ICON, ICON*N, partner_zoo, partner_zoo*N, "
                              f"animals2, sponsors2, rep>=N, appeal<=N (ICON: {', '.join(ICONS)})")
    return out


def _slots(text: str, where: str, column: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != N_PROJECT_SLOTS:
        raise ZoosimError(f"{where}: {column} {text!r} needs {N_PROJECT_SLOTS} slots joined by '/'")
    return parts


def _slot_conditions(text: str, kind: str, where: str) -> list[int]:
    parts = _slots(text, where, "slot_conditions")
    if kind == "release":
        return [_in(RELEASE_CLASSES, p, "release size class", where) for p in parts]
    if kind == "breed":
        if parts != ["-"] * N_PROJECT_SLOTS:
            raise ZoosimError(f"{where}: slot_conditions {text!r} of a breed project must be -/-/-")
        return [0] * N_PROJECT_SLOTS
    return [_int(p, where, "slot_conditions") for p in parts]


def _slot_rewards(text: str, where: str) -> tuple[list[int], list[int]]:
    """'2cp+2rep/1cp+2rep/2cp' -> CP per slot, reputation per slot."""
    cp, rep = [0] * N_PROJECT_SLOTS, [0] * N_PROJECT_SLOTS
    for i, part in enumerate(_slots(text, where, "slot_rewards")):
        for term in part.split("+"):
            for unit, out in (("cp", cp), ("rep", rep)):
                if term.endswith(unit) and term[:-len(unit)].isdigit():
                    out[i] += int(term[:-len(unit)])
                    break
            else:
                raise ZoosimError(f"{where}: slot reward {term!r} is not Ncp or Nrep")
    return cp, rep


def _final_tiers(thresholds: str, rewards: str, where: str) -> tuple[list[int], list[int]]:
    if rewards == ONE_EACH_MAX_4 and thresholds == "":
        return [1, 2, 3, 4], [1, 2, 3, 4]
    ts, cps = thresholds.split("/"), rewards.split("/")
    if len(ts) != N_FINAL_TIERS or len(cps) != N_FINAL_TIERS:
        raise ZoosimError(f"{where}: final tiers {thresholds!r} -> {rewards!r} need {N_FINAL_TIERS} values each "
                          f"joined by '/' (or no thresholds and {ONE_EACH_MAX_4!r})")
    t = [_int(x, where, "final_thresholds") for x in ts]
    if t != sorted(set(t)):
        raise ZoosimError(f"{where}: final_thresholds {thresholds!r} must increase")
    return t, [_int(x, where, "final_rewards") for x in cps]


def _only_on(row: dict[str, str], columns: tuple[str, ...], kinds: tuple[str, ...], where: str) -> None:
    for column in columns:
        if row[column] and row["type"] not in kinds:
            raise ZoosimError(f"{where}: column {column} is only for {'/'.join(kinds)} cards, not {row['type']}")


# ---------------------------------------------------------------- the whole file
def _program(effects: list[list[Effect]]) -> EffectProgram:
    start = np.zeros((len(effects), N_MOMENTS), np.int32)
    count = np.zeros((len(effects), N_MOMENTS), np.int32)
    rows: list[list[int]] = []
    for c, card_effects in enumerate(effects):
        for m in range(N_MOMENTS):
            start[c, m] = len(rows)
            mine = [e for e in card_effects if e.moment == m]
            count[c, m] = len(mine)
            rows += [[e.op, *e.args] + [0] * (MAX_ARGS - len(e.args)) for e in mine]
    ops = np.array(rows, np.int32).reshape(len(rows), 1 + MAX_ARGS)
    for arr in (start, count, ops):
        arr.setflags(write=False)
    return EffectProgram(start, count, ops)


def parse_cards_csv(text: str, source: str = "cards.csv") -> CardTable:
    """The card file's text -> CardTable; any bad cell raises a one-line ZoosimError naming line, card and value."""
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != COLUMNS:
        raise ZoosimError(f"{source}: header {','.join(reader.fieldnames or ())!r} is not {','.join(COLUMNS)!r}")
    parsed: dict[int, dict] = {}
    for row in reader:
        where = f"{source} line {reader.line_num}"
        if None in row or None in row.values():
            raise ZoosimError(f"{where}: {len(COLUMNS)} columns expected")
        card_id = _int(row["id"], where, "id")
        where = f"{where} (card {card_id})"
        if card_id in parsed:
            raise ZoosimError(f"{where}: duplicate card id {card_id}")
        if not 1 <= card_id <= 999:
            raise ZoosimError(f"{where}: card id {card_id} is outside 1-999")
        kind = _in(KINDS, row["type"], "card type", where)
        _only_on(row, ("ability_printed", "ability_peaceful"), ("animal",), where)
        _only_on(row, ("effects_model",), ("sponsor",), where)
        _only_on(row, ("proj_kind", "proj_target", "slot_conditions", "slot_rewards", "place_bonus"),
                 ("project_base", "project"), where)
        _only_on(row, ("final_metric", "final_thresholds", "final_rewards"), ("final",), where)
        card = {name: _int(row[name], where, name) for name in INT_COLUMNS}
        card.update(kind=kind, name=row["name"], row=row, req=_requirements(row["req"], where))
        icons = _icon_counts(row["icons"], where)
        icons[ROCK], icons[WATER] = card["rock"], card["water"]
        card["icons"] = icons
        if row["ability_peaceful"] and not row["ability_printed"]:
            raise ZoosimError(f"{where}: ability_peaceful without ability_printed")
        card["printed"] = (parse_tags(row["ability_printed"], "ability", f"{where} ability_printed")
                           + parse_tags(row["effects_model"], "sponsor", f"{where} effects_model"))
        card["peaceful"] = (parse_tags(row["ability_peaceful"], "ability", f"{where} ability_peaceful")
                            if row["ability_peaceful"] else card["printed"])
        card["project"] = None
        if kind in (PROJECT_BASE, PROJECT):
            pkind = row["proj_kind"]
            target = _in(ICONS, row["proj_target"], "project target", where) if row["proj_target"] else -1
            pk = _in(PROJECT_KINDS, pkind, "proj_kind", where)
            cps, reps = _slot_rewards(row["slot_rewards"], where)
            bonus = row["place_bonus"]
            if bonus and not (bonus.startswith("rep:") and bonus[4:].isdigit()):
                raise ZoosimError(f"{where}: place_bonus {bonus!r} is not rep:N")
            card["project"] = (pk, target, _slot_conditions(row["slot_conditions"], pkind, where), cps, reps,
                               int(bonus[4:]) if bonus else 0)
        card["final"] = None
        if kind == FINAL:
            metric = _in(FINAL_METRICS, row["final_metric"], "final_metric", where)
            card["final"] = (metric, *_final_tiers(row["final_thresholds"], row["final_rewards"], where))
        parsed[card_id] = card
    if not parsed:
        raise ZoosimError(f"{source}: no cards")
    return _tables([parsed[i] for i in sorted(parsed)], sorted(parsed))


def _tables(cards: list[dict], ids: list[int]) -> CardTable:
    n = len(cards)

    def col(key: str, dtype: type = np.int8) -> np.ndarray:
        return np.array([c[key] for c in cards], dtype)

    def req(key: str, dtype: type = np.int8) -> np.ndarray:
        return np.array([c["req"][key] for c in cards], dtype)

    project = np.full(n, -1, np.int8), np.full(n, -1, np.int8)
    slot = [np.zeros((n, N_PROJECT_SLOTS), np.int8) for _ in range(3)]
    place_rep = np.zeros(n, np.int8)
    final_metric = np.full(n, -1, np.int8)
    final_t, final_cp = np.zeros((n, N_FINAL_TIERS), np.int8), np.zeros((n, N_FINAL_TIERS), np.int8)
    for i, c in enumerate(cards):
        if c["project"] is not None:
            project[0][i], project[1][i], slot[0][i], slot[1][i], slot[2][i], place_rep[i] = c["project"]
        if c["final"] is not None:
            final_metric[i], final_t[i], final_cp[i] = c["final"]
    table = CardTable(
        ids=np.array(ids, np.int16), kind=col("kind"), level=col("level"), cost=col("cost", np.int16),
        size=col("size"), std_ok=col("std_ok"), rh_cubes=col("rh_cubes"), lba_cubes=col("lba_cubes"),
        pz_cubes=col("pz_cubes"), rock=col("rock"), water=col("water"), icons=col("icons"), appeal=col("appeal"),
        cp=col("cp"), rep=col("rep"), req_icons=req("icons"), req_partner_zoo_continent=req("pz_continent"),
        req_partner_zoos=req("pz"), req_animals2=req("a2"), req_sponsors2=req("s2"), req_min_rep=req("rep"),
        req_max_appeal=req("appeal", np.int16), project_kind=project[0], project_target=project[1],
        project_slot_condition=slot[0], project_slot_cp=slot[1], project_slot_rep=slot[2],
        project_place_rep=place_rep, final_metric=final_metric, final_thresholds=final_t, final_cp=final_cp,
        names=tuple(c["name"] for c in cards),
        ability_printed=tuple(c["row"]["ability_printed"] for c in cards),
        ability_peaceful=tuple(c["row"]["ability_peaceful"] for c in cards),
        effects_model=tuple(c["row"]["effects_model"] for c in cards),
        printed=_program([c["printed"] for c in cards]), peaceful=_program([c["peaceful"] for c in cards]),
    )
    for value in vars(table).values():
        if isinstance(value, np.ndarray):
            value.setflags(write=False)
    return table


CARDS: CardTable = parse_cards_csv(resources.files(__package__).joinpath("cards.csv").read_text(encoding="utf-8"))
N_CARDS = len(CARDS.ids)
INDEX_OF_ID = np.full(int(CARDS.ids.max()) + 1, -1, np.int16)
INDEX_OF_ID[CARDS.ids] = np.arange(N_CARDS)
INDEX_OF_ID.setflags(write=False)
ZOO_DECK = np.flatnonzero(np.isin(CARDS.kind, ZOO_DECK_KINDS)).astype(np.int16)  # card indices of the zoo deck
PROGRAM = CARDS.printed
PEACEFUL_PROGRAM = CARDS.peaceful


def program(peaceful: bool = False) -> EffectProgram:
    """The effect program for the spec's `param: peaceful` (§11; default false = printed abilities)."""
    return PEACEFUL_PROGRAM if peaceful else PROGRAM


def card_names() -> dict[int, str]:
    """Printed card id -> name, for every card of cards.csv (the game's `card_names`: the cards analysis names rows)."""
    return {int(i): str(name) for i, name in zip(CARDS.ids, CARDS.names)}


def index_of(card_id: int) -> int:
    """The table row of a printed card number."""
    if not 0 <= card_id < len(INDEX_OF_ID) or INDEX_OF_ID[card_id] < 0:
        raise ZoosimError(f"unknown card id {card_id}; accepted: 1-11, 101-132, 201-264, 401-528")
    return int(INDEX_OF_ID[card_id])


def card_effects(card_id: int, peaceful: bool = False) -> list[Effect]:
    """A card's effects read back from the program arrays, moment by moment (args padded to MAX_ARGS)."""
    prog, c = program(peaceful), index_of(card_id)
    out = []
    for m in range(N_MOMENTS):
        for row in prog.ops[prog.start[c, m]:prog.start[c, m] + prog.count[c, m]]:
            out.append(Effect(m, int(row[0]), tuple(int(a) for a in row[1:])))
    return out


def _column(card_id: int) -> str:
    return "ability" if CARDS.kind[index_of(card_id)] == ANIMAL else "sponsor"


def card_tags(card_id: int, peaceful: bool = False) -> list[str]:
    """The tags of a card decoded from the program arrays (CSV order within each moment)."""
    column = _column(card_id)
    return [format_effect(e, column) for e in card_effects(card_id, peaceful)]


def describe(card_id: int, peaceful: bool = False) -> list[str]:
    """Readable lines: the card, then one line per effect `moment: tag = OPCODE(arg=value, ...)`."""
    c = index_of(card_id)
    head = f"{card_id} {CARDS.names[c]} ({KINDS[CARDS.kind[c]]})"
    lines = [head]
    for effect, tag in zip(card_effects(card_id, peaceful), card_tags(card_id, peaceful)):
        lines.append(f"{Moment(effect.moment).name.lower()}: {tag} = {explain(effect)}")
    return lines
