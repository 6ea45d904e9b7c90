"""Ark Nova end positions as JSON, for `zoosim score` and tests: the final scoring of §13.2 and the winner of §13.3.

A position is the game as it stands when play has ended, *before* final scoring:

    {"players": [
      {"appeal": 58, "conservation": 19, "reputation": 10,
       "zoo": [220, 401],
       "buildings": [{"type": "enclosure2", "cells": [[2, 7], [2, 9]]},
                     {"type": "enclosure1", "cells": [[3, 8]], "occupied": true}],
       "supports": 3, "final_cards": [7],
       "partner_zoos": ["africa"], "universities": ["science2"], "x_tokens": 0},
      ...]}

Per player, in seat order (seat 0 moved first): `appeal` (0-max_appeal), `conservation` (CP, 0-max_cp) and
`reputation` (1-max_reputation) as on the tracks; `zoo`, the animal (401-528) and sponsor (201-264) cards in the zoo
by printed id; `buildings`, the buildings built, each a `type` of `vocab.BUILDINGS` (enclosure1-5, kiosk, pavilion,
petting_zoo, reptile_house, large_bird_aviary, the unique ones) with the (x, y) cells of map A it covers (§6.1) and,
for a standard enclosure, `occupied` (default false; only size-1 enclosures' matters at the end) — the map's two
start buildings (kiosk (0,7), enclosure (0,9)/(0,11)/(1,10)) are always there and are not listed; `supports`, the
projects supported (the tie-break count); `final_cards`, the final scoring cards held (1-11). Optional, default
none/0: `partner_zoos` (continents: africa, americas, asia, australia, europe), `universities` (rep_hand,
science_rep, science2) and `x_tokens` — they count for icons and sponsor end effects. Every key but `zoo`,
`buildings`, `final_cards` and the optional ones is required.

Scoring is the reference's (`reference.game.finish`): step 1, if no player has reached `cp_final_discard_space` (10) CP,
a player holding two or more final cards discards one — here the one whose loss costs least (the first listed among
equals); step 2, sponsor end effects in card-id order; step 3, each final card's CP (at most 4); step 4, the clamps;
score = appeal + cp_value(CP). The winner has the highest score, then the most supports; still tied, a shared win.

An impossible position (an unknown or misplaced card id, a card twice, buildings off the map, overlapping, of the
wrong shape, or twice where one is allowed, a track out of range) raises a one-line ZoosimError naming it.
"""
from __future__ import annotations

from typing import Any

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.vocab import BUILDINGS, CONTINENT_ICONS, ICONS, STANDARD_BUILDINGS
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, validate
from zoosim.games.position_input import expect_keys, fail, whole_number

UNIVERSITIES = ("rep_hand", "science_rep", "science2")  # reference.state.UNIV_* order (§10.4)
CONTINENTS = tuple(ICONS[k] for k in CONTINENT_ICONS)
PLAYER_KEYS = ("appeal", "conservation", "reputation", "zoo", "buildings", "supports", "final_cards", "partner_zoos",
               "universities", "x_tokens")
BUILDING_KEYS = ("type", "cells", "occupied")
PARTS = ("appeal", "conservation_points", "conservation", "conservation_in_play", "end_conservation_sponsors",
         "end_conservation_final_cards", "end_appeal_sponsors", "supports", "final_cards_scored", "final_card_discarded")
_DIVERSITY_RESEARCHER = 219  # pas_build_on_rockwater: buildings may cover rock and water (§12.4)


def _names(value: Any, accepted: tuple[str, ...], where: str, what: str, one: str, limit: int) -> list[int]:
    if not isinstance(value, list):
        fail(where, f"{what} must be a list of names ({', '.join(accepted)})")
    out = []
    for v in value:
        if v not in accepted:
            fail(where, f"unknown {one} {v!r}; accepted: {', '.join(accepted)}")
        if accepted.index(v) in out:
            fail(where, f"{what}: {v} twice")
        out.append(accepted.index(v))
    if len(out) > limit:
        fail(where, f"{len(out)} {what}; at most {limit}")
    return out


def _card_ids(value: Any, where: str, what: str, kinds: tuple[int, ...], accepted: str) -> list[int]:
    if not isinstance(value, list):
        fail(where, f"{what} must be a list of card ids ({accepted})")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            fail(where, f"{what}: card ids are whole numbers, got {v!r}")
        try:
            c = cards.index_of(v)
        except ZoosimError:
            fail(where, f"{what}: unknown card id {v}; accepted: {accepted}")
        if int(cards.CARDS.kind[c]) not in kinds:
            kind = cards.KINDS[int(cards.CARDS.kind[c])].replace("_", " ")
            fail(where, f"{what}: card {v} is {'an' if kind[0] in 'aeiou' else 'a'} {kind} card; accepted: {accepted}")
        if v in out:
            fail(where, f"{what}: card {v} twice")
        out.append(v)
    return out


def _building(data: Any, where: str, covered: int, rockwater_ok: bool) -> rs.Building:
    data = expect_keys(data, BUILDING_KEYS, where)
    kind_name = data.get("type")
    if kind_name not in BUILDINGS:
        fail(where, f"unknown building type {kind_name!r}; accepted: {', '.join(BUILDINGS)}")
    kind = BUILDINGS.index(kind_name)
    cells = data.get("cells")
    if not isinstance(cells, list) or not all(isinstance(c, list) and len(c) == 2 and
                                              all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                                              for c in cells):
        fail(where, "cells must be a list of [x, y] pairs")
    for c in cells:
        if tuple(c) not in board.CELL_INDEX:
            fail(where, f"cell ({c[0]}, {c[1]}) is off map {board.MAP.id}")
    if len({tuple(c) for c in cells}) != len(cells):
        fail(where, f"a cell is listed twice in the {kind_name}")
    mask = board.mask_of(cells)
    F = board.FOOTPRINTS
    start = int(F.start[kind])
    plain = {int(m) for m in F.masks[start:start + int(F.plain_count[kind])]}
    every = {int(m) for m in F.masks[start:start + int(F.count[kind])]}
    if mask not in every:
        fail(where, f"cells {[tuple(c) for c in cells]} do not form a building of type {kind_name} "
                    f"({int(board.BUILDING['size'][kind])} cells in its shape)")
    if mask not in plain and not rockwater_ok:
        fail(where, f"the {kind_name} covers rock or water (only with Diversity Researcher 219)")
    if mask & covered:
        taken = [c for c in board.cells_of(mask & covered)]
        fail(where, f"the {kind_name} overlaps another building at {taken[0]}")
    occupied = data.get("occupied", False)
    if not isinstance(occupied, bool):
        fail(where, f"occupied must be true or false, got {occupied!r}")
    if occupied and kind_name not in STANDARD_BUILDINGS[:5]:
        fail(where, f"occupied is for standard enclosures (enclosure1-5), not a {kind_name}")
    return rs.Building(kind, mask, [0] if occupied else [])


def _player(data: Any, rules: Rules, p: int) -> rs.Player:
    where = f"player {p}"
    data = expect_keys(data, PLAYER_KEYS, where)
    for key in ("appeal", "conservation", "reputation", "supports"):
        if key not in data:
            fail(where, f"missing `{key}`")
    pl = rs.Player(p, 0, whole_number(data["appeal"], where, "appeal", 0, rules.max_appeal),
                   whole_number(data["reputation"], where, "reputation", 1, rules.max_reputation))
    pl.cp = whole_number(data["conservation"], where, "conservation", 0, rules.max_cp)
    pl.supports = whole_number(data["supports"], where, "supports")
    pl.x = whole_number(data.get("x_tokens", 0), where, "x_tokens", 0, rules.max_x_tokens)
    zoo = _card_ids(data.get("zoo", []), where, "zoo", (cards.ANIMAL, cards.SPONSOR),
                    "animals 401-528, sponsors 201-264")
    pl.animals = [c for c in zoo if cards.CARDS.kind[cards.index_of(c)] == cards.ANIMAL]
    pl.sponsors = [c for c in zoo if cards.CARDS.kind[cards.index_of(c)] == cards.SPONSOR]
    pl.finals = _card_ids(data.get("final_cards", []), where, "final_cards", (cards.FINAL,), "final cards 1-11")
    pl.partner_zoos = [CONTINENT_ICONS[k] for k in
                       _names(data.get("partner_zoos", []), CONTINENTS, where, "partner_zoos", "partner zoo", rules.max_partner_zoos[1])]
    pl.universities = _names(data.get("universities", []), UNIVERSITIES, where, "universities", "university", rules.max_universities)
    raw = data.get("buildings", [])
    if not isinstance(raw, list):
        fail(where, "buildings must be a list of {type, cells} objects")
    pl.buildings = [rs.Building(int(k), int(m)) for k, m in zip(board.START_BUILDING_KIND, board.START_BUILDING_MASK)]
    rockwater_ok = _DIVERSITY_RESEARCHER in pl.sponsors
    for k, item in enumerate(raw):
        b = _building(item, f"{where}, building {k}", pl.covered, rockwater_ok)
        limit = int(board.BUILDING["max_per_zoo"][b.kind])
        if limit and sum(1 for other in pl.buildings if other.kind == b.kind) >= limit:
            fail(f"{where}, building {k}", f"a second {BUILDINGS[b.kind]}; a zoo has at most {limit}")
        pl.buildings.append(b)
    return pl


def load_position(data: Any, rules: Rules) -> rs.State:
    """A reference state holding the position (final scoring not yet done); ZoosimError if it cannot occur."""
    data = expect_keys(data, ("players",), "position")
    players = data.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        fail("position", f"needs a `players` list of {MIN_PLAYERS}-{MAX_PLAYERS} players")
    validate(rules, len(players))
    s = rsu.new_state(rules, len(players), PyRng(0, 0), [rs.uniform] * len(players))
    s.ps = [_player(z, rules, p) for p, z in enumerate(players)]
    seen: dict[int, int] = {}
    for p, pl in enumerate(s.ps):
        for card in pl.animals + pl.sponsors + pl.finals:
            if card in seen:
                fail("position", f"card {card} is in player {seen[card]}'s zoo or hand and in player {p}'s")
            seen[card] = p
    s.cp10_reached = any(pl.cp >= rules.cp_final_discard_space for pl in s.ps)
    return s


def score_position(data: Any, rules: Rules) -> dict:
    """Final scoring (§13.2) and the winner (§13.3) of an end position (module docstring)."""
    s = load_position(data, rules)
    discarded: list[int | None] = [None] * s.players
    if not s.cp10_reached:  # step 1, decided for the player: keep what scores most
        for q, pl in enumerate(s.ps):
            if len(pl.finals) >= 2:
                worth = [ref.final_card_cp(s, q, c) for c in pl.finals]
                k = min(range(len(worth)), key=lambda i: (worth[i], -i))
                discarded[q] = pl.finals.pop(k)
        s.cp10_reached = True
    in_play = [(pl.cp, pl.appeal) for pl in s.ps]
    ref.finish(s, ref.END_SCORE)
    r = ref.result(s)
    out = []
    for q, pl in enumerate(s.ps):
        cols = ref.seat_columns(s, q)
        out.append({
            "total": r.scores[q], "appeal": cols["appeal"], "conservation_points": cols["conservation_points"],
            "conservation": pl.cp, "conservation_in_play": in_play[q][0],
            "end_conservation_sponsors": pl.end_cp_sponsors, "end_conservation_final_cards": pl.end_cp_finals,
            "end_appeal_sponsors": cols["appeal"] - min(in_play[q][1], rules.max_appeal),
            "supports": pl.supports, "final_cards_scored": list(pl.finals), "final_card_discarded": discarded[q],
        })
    return {"players": out, "winners": [q for q in range(s.players) if r.ranks[q] == 1], "ranks": r.ranks}


def format_score_text(result: dict) -> str:
    """The score of each player with its parts, then the winner after the tie-break."""
    lines = []
    for q, p in enumerate(result["players"]):
        cp = f"CP {p['conservation']} = {p['conservation_in_play']} in play"
        if p["end_conservation_sponsors"]:
            cp += f" + {p['end_conservation_sponsors']} from sponsors"
        if p["end_conservation_final_cards"]:
            cp += f" + {p['end_conservation_final_cards']} from final cards"
        appeal = f"appeal {p['appeal']}"
        if p["end_appeal_sponsors"]:
            appeal += f" (+{p['end_appeal_sponsors']} from sponsors)"
        extra = f"; final card {p['final_card_discarded']} discarded" if p["final_card_discarded"] is not None else ""
        lines.append(f"player {q}: {p['total']} = {appeal} + conservation {p['conservation_points']} ({cp}), "
                     f"supports {p['supports']}{extra}")
    winners = result["winners"]
    top = [result["players"][q]["total"] for q in winners][0]
    tied = [q for q, p in enumerate(result["players"]) if p["total"] == top]
    how = " after the tie-break (most projects supported)" if len(tied) > 1 else ""
    if len(winners) == 1:
        lines.append(f"winner: player {winners[0]}{how}")
    else:
        lines.append(f"shared win: players {', '.join(str(q) for q in winners)} (equal score and supports)")
    return "\n".join(lines)


def score_text(result: dict) -> str:
    """format_score_text as `zoosim score` prints it (the game's `score_text`): with a final newline."""
    return format_score_text(result) + "\n"
