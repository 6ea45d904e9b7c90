"""Castles scoring in plain Python: a placement's points (§5), the living re-score, the static evaluation (§5's
invariant), and the end of game (§7): exhausted stacks, King's Favors with their ties, bonus cards, money, and the
area of the tie-break. Every function reads a `Castle` (reference/castle.py) and the `Rules`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from zoosim.games.castles.components import data
from zoosim.games.castles.components.geometry import OPEN, UP
from zoosim.games.castles.reference.castle import Castle
from zoosim.games.castles.rules import Rules

PIECES = (data.HALLWAY, data.STAIRS, data.FOYER)


# ---------------------------------------------------------------- types as the rules see them
def rule_type(rules: Rules, tile: int) -> int:
    """The type a neighbour's conn/touch rule sees (§5): a piece is corridor, or nothing when
    `pieces_are_corridor_for_room_rules` is off (-1 matches no rule)."""
    if tile in PIECES and not rules.pieces_are_corridor_for_room_rules:
        return -1
    return int(data.TILE_TYPE[tile])


def castle_type(rules: Rules, tile: int) -> int:
    """The type a castle-wide rule counts (§5, R5): a piece is corridor unless `pieces_count_for_castle_rules`
    is off. A dark hallway is corridor, never downstairs."""
    if tile in PIECES and not rules.pieces_count_for_castle_rules:
        return -1
    return int(data.TILE_TYPE[tile])


def card_type(rules: Rules, tile: int) -> int:
    """The type bonus cards and favours count (§7.2): rooms by their type; hallways and stairs are corridor only
    with `corridor_pieces_in_card_counts`; the foyer never counts."""
    if tile == data.FOYER or tile in PIECES and not rules.corridor_pieces_in_card_counts:
        return -1
    return int(data.TILE_TYPE[tile])


def rule_value(tile: int, kind: int, other_type: int) -> int:
    """connval / touchval / castleval(tile, other_type): the tile's rule value if its rule is of `kind` and
    names the type, else 0."""
    if other_type < 0 or data.TILE_RULE_KIND[tile] != kind:
        return 0
    return int(data.TILE_RULE_VALUE[tile, other_type])


# ---------------------------------------------------------------- §5 a placement's points
def conn_points(castle: Castle, rules: Rules, a: int, b: int) -> int:
    """a's conn rule toward b (per door pair with `bonus_per_link`)."""
    tiles = castle.tiles
    per = castle.links[a][b] if rules.bonus_per_link else 1
    return per * rule_value(tiles[a].tile, data.RULE_CONN, rule_type(rules, tiles[b].tile))


def touch_points(castle: Castle, rules: Rules, a: int, b: int) -> int:
    tiles = castle.tiles
    return rule_value(tiles[a].tile, data.RULE_TOUCH, rule_type(rules, tiles[b].tile))


def castle_rule_points(castle: Castle, rules: Rules, d: int, upto: int | None = None) -> int:
    """Tile d's castle-wide rule over tiles 0..upto-1 (all when None), itself only with castle_rule_counts_self."""
    tiles = castle.tiles[:upto] if upto is not None else castle.tiles
    own = castle.tiles[d].tile
    return sum(rule_value(own, data.RULE_CASTLE, castle_type(rules, p.tile))
               for t, p in enumerate(tiles) if t != d or rules.castle_rule_counts_self)


def placement_points(castle: Castle, rules: Rules, x: int) -> int:
    """§5: the points tile x (the last one added) scores when placed: its base, its and its neighbours' conn and
    touch rules over the pairs new in this placement (all of x's), earlier downstairs rules triggered by x, and
    x's own castle-wide rule over the tiles already there."""
    tiles = castle.tiles
    tile = tiles[x].tile
    pts = int(data.TILE_BASE[tile])
    for b in castle.links[x]:
        pts += conn_points(castle, rules, x, b) + conn_points(castle, rules, b, x)
    for b in castle.touches[x]:
        pts += touch_points(castle, rules, x, b) + touch_points(castle, rules, b, x)
    kind = castle_type(rules, tile)
    pts += sum(rule_value(p.tile, data.RULE_CASTLE, kind) for d, p in enumerate(tiles) if d != x)
    pts += castle_rule_points(castle, rules, x, x + 1)
    return pts


def living_rescore(castle: Castle, rules: Rules, r: int) -> int:
    """§5 living re-score: base(R) + R's conn rule over its connected tiles now (+ their conn rules naming R with
    `living_rescore_includes_neighbours`)."""
    pts = int(data.TILE_BASE[castle.tiles[r].tile])
    for b in castle.links[r]:
        pts += conn_points(castle, rules, r, b)
        if rules.living_rescore_includes_neighbours:
            pts += conn_points(castle, rules, b, r)
    return pts


def static_points(castle: Castle, rules: Rules) -> int:
    """§5 invariant: bases + both conn values per connected pair + both touch values per touching pair + each
    castle-wide rule over the final castle. Equals the sum of placement points (without re-scores)."""
    n = len(castle.tiles)
    pts = sum(int(data.TILE_BASE[p.tile]) for p in castle.tiles)
    for a in range(n):
        for b in castle.links[a]:
            pts += conn_points(castle, rules, a, b)
        for b in castle.touches[a]:
            pts += touch_points(castle, rules, a, b)
        pts += castle_rule_points(castle, rules, a)
    return pts


# ---------------------------------------------------------------- §7 the castle's metrics
@dataclass
class Metrics:
    """What bonus cards, favours and the tie-break count in one castle (pieces per §7.2)."""

    count_by_type: list[int]
    area_by_type: list[int]
    count_by_size: list[int]
    completed: int
    incomplete: int
    entrances: int
    hallways: int
    stairs: int
    money: int
    area: int


def metrics(castle: Castle, rules: Rules, money: int) -> Metrics:
    count_by_type = [0] * data.N_TYPES
    area_by_type = [0] * data.N_TYPES
    count_by_size = [0] * data.N_SIZES
    completed = incomplete = area = 0
    for t, p in enumerate(castle.tiles):
        tile = p.tile
        kind = card_type(rules, tile)
        if kind >= 0:
            count_by_type[kind] += 1
            area_by_type[kind] += int(data.TILE_SIZE_SQFT[tile])
        if tile not in PIECES:
            count_by_size[int(data.TILE_SIZE[tile])] += 1
            completed += castle.complete[t]
            incomplete += not castle.complete[t]   # R6: every room not complete
        if tile not in PIECES or rules.area_includes_pieces:
            area += int(data.TILE_SIZE_SQFT[tile])
    entrances = sum(1 for p, states in zip(castle.tiles, castle.door_state)
                    for (_, level), s in zip(p.doors, states) if s == OPEN and level == UP)
    hallways = sum(p.tile == data.HALLWAY for p in castle.tiles)
    stairs = sum(p.tile == data.STAIRS for p in castle.tiles)
    return Metrics(count_by_type, area_by_type, count_by_size, completed, incomplete, entrances, hallways, stairs,
                   money, area)


SMALL = set(data.SMALL_SIZES)
LARGE = set(data.LARGE_SIZES)
SQUARE = {data.SIZES_SQFT.index(100), data.SIZES_SQFT.index(400)}
CIRCULAR = {data.SIZES_SQFT.index(150), data.SIZES_SQFT.index(500)}


def favor_metric(card: data.Card, m: Metrics) -> int:
    """A King's Favor's metric (bonus.csv) for one castle."""
    key = card.source_key
    if key.startswith("RoomAreaKingsFavor_"):
        return m.area_by_type[card.type]
    if key.startswith("RoomCountKingsFavor_"):
        return m.count_by_type[card.type]
    by_key = {
        "MoneyFavor": m.money, "ExternalEntrancesFavor": m.entrances, "CompletedRoomsFavor": m.completed,
        "IncompleteRoomsFavor": m.incomplete,
        "SmallRoomsFavor": sum(m.count_by_size[s] for s in SMALL),
        "CircularRoomsFavor": sum(m.count_by_size[s] for s in CIRCULAR),
        "LargeRoomsFavor": sum(m.count_by_size[s] for s in LARGE),
        "SquareRoomsFavor": sum(m.count_by_size[s] for s in SQUARE),
    }
    return by_key[key]


def favor_shares(values: Sequence[int], favor_points: Sequence[int]) -> list[int]:
    """§7.2: rank by value; only values > 0 take places; tied players take consecutive places and share the sum
    of those places' points, rounded down (U11). Places beyond the player count do not exist."""
    points = list(favor_points[:len(values)])
    out = [0] * len(values)
    place = 0
    for v in sorted({v for v in values if v > 0}, reverse=True):
        tied = [p for p, x in enumerate(values) if x == v]
        share = sum(points[place:place + len(tied)]) // len(tied)
        for p in tied:
            out[p] = share
        place += len(tied)
    return out


def bonus_card_points(card: data.Card, m: Metrics, rules: Rules) -> int:
    """A bonus card's points (bonus.csv, U4 readings)."""
    key, unit = card.source_key, card.unit_points
    if key.startswith("RoomPurposeBonusCard_"):
        return unit * m.count_by_type[card.type]
    if key.startswith("FigureTypeBonusCard_"):
        return unit * m.count_by_size[card.size]
    if key == "AllFigureTypesBonusCard":
        return unit if all(m.count_by_size) else 0
    if key == "AllRoomPurposesBonusCard":
        return unit if all(m.count_by_type) else 0
    count = {
        "GalleriesBonusCard": m.hallways, "ExternalEntrancesBonusCard": m.entrances,
        "SquareRoomsBonusCard": sum(m.count_by_size[s] for s in SQUARE),
        "MoneyBonusCard": m.money // rules.money_card_unit,
        "StairsBonusCard": m.stairs, "CompletedRoomsBonusCard": m.completed,
        "CircularRoomsBonusCard": sum(m.count_by_size[s] for s in CIRCULAR),
    }[key]
    return unit * count


def exhausted_points(castle: Castle, rules: Rules, stack_sizes: Sequence[int], hallway_supply: int,
                     stairs_supply: int) -> int:
    """§7.1: exhaust_bonus for each room whose size stack is empty, each hallway if the hallway supply is empty,
    each stairs if the stairs supply is empty; never the foyer."""
    pts = 0
    for p in castle.tiles:
        if p.tile == data.HALLWAY:
            pts += rules.exhaust_bonus * (hallway_supply == 0)
        elif p.tile == data.STAIRS:
            pts += rules.exhaust_bonus * (stairs_supply == 0)
        elif p.tile != data.FOYER:
            pts += rules.exhaust_bonus * (stack_sizes[int(data.TILE_SIZE[p.tile])] == 0)
    return pts


def ranks(scores: Sequence[int], areas: Sequence[int]) -> tuple[list[int], list[float]]:
    """§7.4: most points; tie: larger area; still tied: shared place. (rank 1 = best, win shares)."""
    keys = list(zip(scores, areas))
    rank = [1 + sum(k > mine for k in keys) for mine in keys]
    winners = rank.count(1)
    return rank, [1.0 / winners if r == 1 else 0.0 for r in rank]
