"""Castles end positions as JSON, for `zoosim score castles` and tests (format: docs/positions.md, "Castles").

    {"players": [{"rooms": [{"room": "Parlor", "rot": 0, "x": 3, "y": 0}, ...], "money": 23000,
                  "bonus_cards": ["BC01"]}, ...],
     "favors_in_play": ["KF09", "KF17"],
     "exhausted": {"sizes": [100], "hallways": true, "stairs": false},
     "rules": {"exhaust_bonus": 2}}

Players are listed in master-builder order (the first master builder first: `start_points` by that order unless
given). A castle is its rooms in the order they were built; the foyer is implicit (its box's top-left cell is
x = y = 0, and every x, y is the top-left cell of the rotated tile's box relative to it; a leading
`{"room": "Foyer", "x": 0, "y": 0}` is accepted). Each room is laid on reference.castle.Castle in order and must be
legal when laid (§4.4 G1-G6, Castle.violation), so the file is a castle that can be built. Scoring
(reference.scoring): placement points (§5, summed as laid), completion rewards (§6: each completed living room's
re-score and `activity_reward_points` per completed activity room; `wild_reward_points` adds what the downstairs
wild rewards scored, which the castle cannot show), exhausted stacks (§7.1), King's Favors with their ties (§7.2),
bonus cards (§7.3), money (§7.4); the most points wins, then the larger area, else the win is shared.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zoosim.games.base import override_rules
from zoosim.games.castles.components import data
from zoosim.games.castles.text import card_name, draw_castle, tile_name
from zoosim.games.castles.columns import SCORE_COMPONENTS
from zoosim.games.castles.components.geometry import DOWN, TILE_LEVELS, UP
from zoosim.games.castles.reference.castle import Castle
from zoosim.games.castles.reference.scoring import (
    bonus_card_points, exhausted_points, favor_metric, favor_shares, living_rescore, metrics, placement_points, ranks,
)
from zoosim.games.castles.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, validate
from zoosim.games.position_input import expect_keys, fail, whole_number

POSITION_KEYS = ("players", "favors_in_play", "exhausted", "rules")
PLAYER_KEYS = ("rooms", "money", "bonus_cards", "start_points", "wild_reward_points")
ROOM_KEYS = ("room", "rot", "x", "y", "level")
VIOLATIONS = {
    "G1": "it leaves the grid",
    "G2": "it overlaps a tile already there",
    "G3": "none of its doorways meets an open doorway of the castle (unconnected)",
    "G4": "a doorway lies on a doorway of the other level",
    "G5": "a fence meets a wall",
    "G6": "the castle would keep no open upstairs doorway (external entrance)",
}
LEVEL_NAMES = {"up": UP, "upstairs": UP, "down": DOWN, "downstairs": DOWN}
SHORT_NAMES = {"hallway": data.HALLWAY, "stairs": data.STAIRS, "foyer": data.FOYER}


@dataclass
class PlayerPosition:
    castle: Castle
    money: int
    bonus_cards: list[int]
    start_points: int
    wild_reward_points: int
    placement_points: int = 0
    rooms: list[int] = field(default_factory=list)


def room_index(value: Any, where: str) -> int:
    """A tile by name (case-insensitive, 'Hallway', 'Stairs' and 'Foyer' for the pieces), rooms.csv id or index."""
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < data.N_TILES:
            return value
        fail(where, f"room index {value} out of range; accepted: 0-{data.N_TILES - 1}")
    if isinstance(value, str):
        key = value.strip().lower()
        if key in SHORT_NAMES:
            return SHORT_NAMES[key]
        for tile in data.TILES:
            if key in (tile.name.lower(), tile.id.lower()):
                return tile.index
    fail(where, f"unknown room {value!r}; accepted: a room's name or id from rooms.csv (e.g. 'Parlor' or "
                f"'liv150_parlor'), Hallway, Stairs, or an index 0-{data.N_TILES - 1}")


def _card(value: Any, index: dict[str, int], where: str, what: str, prefix: str) -> int:
    if not isinstance(value, str) or value.strip().upper() not in index:
        fail(where, f"unknown {what} {value!r}; accepted: {prefix}01-{prefix}{len(index):02d}")
    return index[value.strip().upper()]


def _level(value: Any, tile: int, where: str) -> int:
    if value is None:
        return UP if TILE_LEVELS[tile] & 1 else DOWN
    level = value if value in (0, 1) and not isinstance(value, bool) else LEVEL_NAMES.get(str(value).lower())
    if level is None:
        fail(where, f"level must be up or down, got {value!r}")
    if not TILE_LEVELS[tile] >> level & 1:
        fail(where, f"{tile_name(tile)} cannot be laid {('upstairs', 'downstairs')[level]}")
    return level


def _lay(castle: Castle, rules: Rules, item: Any, where: str) -> tuple[int, int] | None:
    """Lay one room entry on the castle; (tile, its placement points), or None for an explicit foyer."""
    item = expect_keys(item, ROOM_KEYS, where)
    if "room" not in item:
        fail(where, "needs a `room` (name, id or index)")
    tile = room_index(item["room"], where)
    rot = whole_number(item.get("rot", 0), where, "rot", 0, 3)
    x, y = (item.get(k) for k in ("x", "y"))
    for name, v in (("x", x), ("y", y)):
        if isinstance(v, bool) or not isinstance(v, int):
            fail(where, f"{name} must be a whole number (cells from the foyer's top-left cell), got {v!r}")
    if tile == data.FOYER:
        if (rot, x, y) != (0, 0, 0) or len(castle.tiles) > 1:
            fail(where, "the foyer is implicit at rot 0, x 0, y 0; list it first there or leave it out")
        return None
    level = _level(item.get("level"), tile, where)
    fx = rules.geometry().foyer_xy
    bad = castle.violation(tile, rot, x + fx, y + fx, level)
    if bad is not None:
        fail(where, f"{tile_name(tile)} at rot {rot}, x {x}, y {y} {('upstairs', 'downstairs')[level]} is illegal "
                    f"({bad}): {VIOLATIONS.get(bad, 'see spec §4.4')}")
    n, _ = castle.add(tile, rot, x + fx, y + fx, level)
    return tile, placement_points(castle, rules, n)


def _player(data_in: Any, rules: Rules, p: int, players: int) -> PlayerPosition:
    where = f"player {p}"
    item = expect_keys(data_in, PLAYER_KEYS, where)
    rooms = item.get("rooms", [])
    if not isinstance(rooms, list):
        fail(where, "`rooms` must be a list of {\"room\", \"rot\", \"x\", \"y\", \"level\"} in the order built")
    cards = item.get("bonus_cards", [])
    if not isinstance(cards, list):
        fail(where, "`bonus_cards` must be a list of ids such as \"BC03\"")
    held = [_card(c, data.BONUS_INDEX, where, "bonus card", "BC") for c in cards]
    if len(set(held)) != len(held):
        fail(where, "holds a bonus card twice")
    start = item.get("start_points", rules.start_points[p] if p < len(rules.start_points) else 0)
    me = PlayerPosition(Castle(rules), whole_number(item.get("money", 0), where, "money"), held,
                        whole_number(start, where, "start_points", -1000, 1000),
                        whole_number(item.get("wild_reward_points", 0), where, "wild_reward_points", 0, 1000))
    fx = rules.geometry().foyer_xy
    me.castle.add(data.FOYER, 0, fx, fx)
    for i, entry in enumerate(rooms):
        room = entry.get("room") if isinstance(entry, dict) else None
        laid = _lay(me.castle, rules, entry, f"player {p}, room {i}" + (f" ({room})" if isinstance(room, str) else ""))
        if laid is not None:
            me.rooms.append(laid[0])
            me.placement_points += laid[1]
    return me


def _exhausted(value: Any, rules: Rules, seats: list[PlayerPosition], players: int) -> tuple[list[int], int, int]:
    """(stack sizes, 0 for an exhausted stack, by size; hallway supply; stairs supply): as the file says, and
    every stack or supply whose whole content is in the castles."""
    where = "exhausted"
    value = expect_keys(value if value is not None else {}, ("sizes", "hallways", "stairs"), where)
    sizes = value.get("sizes", [])
    if not isinstance(sizes, list) or not all(s in data.SIZES_SQFT for s in sizes):
        fail(where, f"sizes must be a list of room sizes in sq ft; accepted: {', '.join(map(str, data.SIZES_SQFT))}")
    built = [0] * data.N_SIZES
    for me in seats:
        for tile in me.rooms:
            if tile < data.N_ROOMS:
                built[int(data.TILE_SIZE[tile])] += 1
    stacks = []
    for s in range(data.N_SIZES):
        cap = rules.for_players("small_stack" if s in data.SMALL_SIZES else "large_stack", players)
        if built[s] > cap:
            fail("position", f"{built[s]} rooms of {data.SIZES_SQFT[s]} sq ft in the castles; the stack holds {cap} "
                             f"at {players} players")
        stacks.append(0 if data.SIZES_SQFT[s] in sizes or built[s] == cap else cap - built[s])
    supplies = []
    for piece, key, name in ((data.HALLWAY, "hallways", "hallways"), (data.STAIRS, "stairs", "stairs")):
        flag = value.get(key, False)
        if not isinstance(flag, bool):
            fail(where, f"{key} must be true (the supply is empty) or false, got {flag!r}")
        cap = rules.for_players(name, players)
        used = sum(t == piece for me in seats for t in me.rooms)
        if used > cap:
            fail("position", f"{used} {name} in the castles; the supply holds {cap} at {players} players")
        supplies.append(0 if flag or used == cap else cap - used)
    return stacks, supplies[0], supplies[1]


def _favors(value: Any, rules: Rules, players: int) -> list[int]:
    where = "favors_in_play"
    if not isinstance(value, list):
        fail(where, "must be a list of King's Favor ids such as \"KF09\"")
    favors = [_card(f, data.FAVOR_INDEX, where, "King's Favor", "KF") for f in value]
    if len(set(favors)) != len(favors):
        fail(where, "lists a King's Favor twice")
    most = rules.for_players("favors_in_play", players)
    if len(favors) > most:
        fail(where, f"{len(favors)} King's Favors; {most} are in play at {players} players")
    pair = [data.FAVOR_INDEX[f] for f in rules.exclusive_favors]
    if pair and all(f in favors for f in pair):
        fail(where, f"{' and '.join(rules.exclusive_favors)} are never in play together")
    return favors


def load_position(data_in: Any, rules: Rules) -> tuple[Rules, list[PlayerPosition], list[int], tuple]:
    """Read a position: (rules with the file's overrides, players, favours, exhaustion); raise ZoosimError (one
    line naming the player, the room and the problem) if it cannot occur."""
    position = expect_keys(data_in, POSITION_KEYS, "position")
    raw = position.get("players")
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        fail("position", f"needs a `players` list of {MIN_PLAYERS}-{MAX_PLAYERS} players in master-builder order")
    players = len(raw)
    overrides = position.get("rules", {})
    if not isinstance(overrides, dict):
        fail("rules", "must be an object of rule overrides, e.g. {\"exhaust_bonus\": 3}")
    rules = override_rules(rules, overrides)
    validate(rules, players)
    seats = [_player(item, rules, p, players) for p, item in enumerate(raw)]
    owner: dict[int, int] = {}
    for p, me in enumerate(seats):
        for tile in me.rooms:
            if tile < data.N_ROOMS:
                if tile in owner:
                    where = f"player {p}, room {tile_name(tile)}"
                    fail(where, "used twice (each room is in the game once)" if owner[tile] == p else
                         f"already in the castle of player {owner[tile]} (each room is in the game once)")
                owner[tile] = p
    cards: dict[int, int] = {}
    for p, me in enumerate(seats):
        for c in me.bonus_cards:
            if c in cards:
                fail(f"player {p}", f"bonus card {data.BONUS_CARDS[c].id} is held by player {cards[c]} too")
            cards[c] = p
    favors = _favors(position.get("favors_in_play", []), rules, players)
    exhausted = _exhausted(position.get("exhausted"), rules, seats, players)
    return rules, seats, favors, exhausted


def score_position(data_in: Any, rules: Rules) -> dict:
    """Score every player (§5-§7) and name the winners (most points, then the larger area; ties share)."""
    rules, seats, favors, (stacks, hallways, stairs) = load_position(data_in, rules)
    for me in seats:
        castle = me.castle
        castle.complete = [castle.is_complete_now(t) for t in range(len(castle.tiles))]
    ms = [metrics(me.castle, rules, me.money) for me in seats]
    out = []
    for me, m in zip(seats, ms):
        castle = me.castle
        rewards = me.wild_reward_points
        for t, placed in enumerate(castle.tiles):
            if castle.complete[t] and placed.tile < data.N_ROOMS:
                kind = int(data.TILE_TYPE[placed.tile])
                if kind == data.LIVING:
                    rewards += living_rescore(castle, rules, t)
                elif kind == data.ACTIVITY:
                    rewards += rules.activity_reward_points
        by_card = {data.BONUS_CARDS[c].id: bonus_card_points(data.BONUS_CARDS[c], m, rules) for c in me.bonus_cards}
        out.append({"start_points": me.start_points, "placement_points": me.placement_points,
                    "completion_rewards": rewards,
                    "exhausted_stacks": exhausted_points(castle, rules, stacks, hallways, stairs),
                    "favor_points": 0, "bonus_card_points": sum(by_card.values()),
                    "money_points": me.money // rules.money_per_point,
                    "bonus_cards": by_card, "money": me.money, "area": m.area, "completed_rooms": m.completed})
    favor_rows = []
    for f in favors:
        values = [favor_metric(data.FAVORS[f], m) for m in ms]
        shares = favor_shares(values, rules.favor_points)
        for player, pts in zip(out, shares):
            player["favor_points"] += pts
        favor_rows.append({"favor": data.FAVORS[f].id, "name": data.FAVORS[f].name, "values": values,
                           "points": shares})
    for player in out:
        player["total"] = sum(player[c] for c in SCORE_COMPONENTS)
    rank, _shares = ranks([p["total"] for p in out], [p["area"] for p in out])
    fx = rules.geometry().foyer_xy
    for player, r, me in zip(out, rank, seats):
        player["rank"] = r
        player["castle"] = draw_castle(me.castle, (fx, fx))
    players = [{"total": p["total"], **{k: v for k, v in p.items() if k != "total"}} for p in out]
    return {"players": players, "favors": favor_rows,
            "exhausted": {"sizes": [data.SIZES_SQFT[s] for s in range(data.N_SIZES) if stacks[s] == 0],
                          "hallways": hallways == 0, "stairs": stairs == 0},
            "winners": [i for i, r in enumerate(rank) if r == 1]}


def format_score_text(result: dict) -> str:
    """A score_position result as text: the points by source per player, the favours, the castles, the winner."""
    players = result["players"]
    labels = ["total", *SCORE_COMPONENTS, "money", "area", "completed_rooms", "rank"]
    width = max(len(label) for label in labels)
    lines = [" " * width + "".join(f"{'player ' + str(i):>10}" for i in range(len(players)))]
    for label in labels:
        lines.append(f"{label:<{width}}" + "".join(f"{p[label]:>10}" for p in players))
    for f in result["favors"]:
        lines.append(f"{f['favor']} {f['name']}: values {f['values']}, points {f['points']}")
    for i, p in enumerate(players):
        cards = ", ".join(f"{card_name(data.BONUS_INDEX[c])} {v}" for c, v in p["bonus_cards"].items()) or "none"
        lines.append(f"player {i} bonus cards: {cards}")
    ex = result["exhausted"]
    gone = [f"{s} sq ft" for s in ex["sizes"]] + [k for k in ("hallways", "stairs") if ex[k]]
    lines.append(f"exhausted: {', '.join(gone) or 'nothing'}")
    for i, p in enumerate(players):
        lines.append(f"castle of player {i}:")
        lines += ["  " + row for row in p["castle"]]
    winners = result["winners"]
    tied = len({players[w]["total"] for w in winners}) == 1 and sum(p["total"] == players[winners[0]]["total"]
                                                                    for p in players) > len(winners)
    lines.append(("winner: player " if len(winners) == 1 else "shared win: players ")
                 + ", ".join(str(w) for w in winners) + (" (on the larger area)" if tied else ""))
    return "\n".join(lines) + "\n"


__all__ = ["score_position", "format_score_text", "load_position", "room_index"]
