"""Ark Nova engine state as plain Python (for tests): `decode` a block into the reference's `State` / `Player` field
names with printed card ids, `encode` such fields back into a block (engine.state's layout). Apart from engine.state
so that the state module stays the numba layout and helpers."""
from __future__ import annotations

import numpy as np

from zoosim.games.ark_nova.engine import state as es


def _ids(values) -> list[int]:
    return [int(es.CARD_ID[v]) for v in values]


def _bits(mask: int) -> list[int]:
    return [i for i in range(64) if mask >> i & 1]


def decode(G: np.ndarray) -> dict:
    """The block as plain Python with printed card ids, field names as the reference's `State` / `Player`."""
    g = [int(v) for v in G]
    n = g[es.G_PLAYERS]

    def seq(at_n: int, at: int, cards_: bool = True, head: int = 0) -> list[int]:
        vals = g[at + head:at + head + g[at_n]]
        return _ids(vals) if cards_ else vals

    out = {
        "players": n, "current": g[es.G_CURRENT], "turn": g[es.G_TURN], "game_over": bool(g[es.G_GAME_OVER]),
        "end_reason": g[es.G_END_REASON], "end_triggered": bool(g[es.G_END_TRIGGERED]),
        "break_token": g[es.G_BREAK_TOKEN],
        "break_pending": bool(g[es.G_BREAK_PENDING]), "break_trigger": g[es.G_BREAK_TRIGGER], "breaks": g[es.G_BREAKS],
        "donations": g[es.G_DONATIONS], "cp10_reached": bool(g[es.G_CP10]), "scoring": bool(g[es.G_SCORING]),
        "display_dirty": bool(g[es.G_DISPLAY_DIRTY]), "board_partner_zoos": _bits(g[es.G_BOARD_PARTNERS]),
        "board_universities": _bits(g[es.G_BOARD_UNIVS]), "last_turns": g[es.G_LAST:es.G_LAST + g[es.G_LAST_N]],
        "deck": seq(es.G_DECK_N, es.G_DECK, head=g[es.G_DECK_HEAD]), "discard": seq(es.G_DISCARD_N, es.G_DISCARD),
        "display": [int(es.CARD_ID[c]) if c >= 0 else 0 for c in g[es.G_DISPLAY:es.G_DISPLAY + g[es.G_DISPLAY_N]]],
        "base_pile": seq(es.G_BASE_PILE_N, es.G_BASE_PILE), "final_pile": seq(es.G_FINAL_PILE_N, es.G_FINAL_PILE),
        "base_projects": seq(es.G_BASE_PROJECTS_N, es.G_BASE_PROJECTS), "project_row": seq(es.G_ROW_N, es.G_ROW),
        "project_slots": {int(es.CARD_ID[es.PROJECT_ROW0 + k]): g[es.G_SLOTS + 3 * k:es.G_SLOTS + 3 * k + 3]
                       for k in range(es.N_PROJECTS) if g[es.G_SLOT_ON + k]},
        "bonus_tiles": [g[es.G_TILES + i * es.MAX_TILES_PER_SPACE:
                          es.G_TILES + i * es.MAX_TILES_PER_SPACE + g[es.G_TILES_N + i]] for i in range(2)],
    }
    ps = []
    for p in range(n):
        b = es.G_PL + p * es.P_SIZE
        q = g[b:b + es.P_SIZE]
        nb = q[es.P_BUILDINGS_N]
        animals, homes, order = q[es.P_ANIMALS:es.P_ANIMALS + q[es.P_ANIMALS_N]], q[es.P_HOME:], q[es.P_HOME_SEQ:]
        buildings = []
        for i in range(nb):
            inside = sorted((order[k], int(es.CARD_ID[a])) for k, a in enumerate(animals) if homes[k] == i)
            buildings.append((q[es.P_B_KIND + i], q[es.P_B_MASK + i], [a for _, a in inside], q[es.P_B_CUBES + i]))
        pouched: dict[int, list[int]] = {}
        for k in range(q[es.P_POUCH_N]):
            pouched.setdefault(int(es.CARD_ID[q[es.P_POUCH_ANIMAL + k]]), []).append(
                int(es.CARD_ID[q[es.P_POUCH_CARD + k]]))
        ps.append({
            "seat": p, "money": q[es.P_MONEY], "appeal": q[es.P_APPEAL], "rep": q[es.P_REP], "cp": q[es.P_CP],
            "x": q[es.P_X],
            "slots": q[es.P_SLOTS:es.P_SLOTS + 5], "side2": [bool(v) for v in q[es.P_SIDE2:es.P_SIDE2 + 5]],
            "multiplier": q[es.P_MULT:es.P_MULT + 5], "multiplier_pending": q[es.P_MULT_PENDING:es.P_MULT_PENDING + 5],
            "venom": [bool(v) for v in q[es.P_VENOM:es.P_VENOM + 5]],
            "constriction": [bool(v) for v in q[es.P_CONSTRICTION:es.P_CONSTRICTION + 5]],
            "workers_active": q[es.P_WORKERS_ACTIVE], "workers_supply": q[es.P_WORKERS_SUPPLY],
            "task_workers": q[es.P_TASK_WORKERS:es.P_TASK_WORKERS + 4],
            "hand": _ids(q[es.P_HAND:es.P_HAND + q[es.P_HAND_N]]),
            "finals": _ids(q[es.P_FINALS:es.P_FINALS + q[es.P_FINALS_N]]), "buildings": buildings,
            "animals": _ids(animals),
            "sponsors": _ids(q[es.P_SPONSORS:es.P_SPONSORS + q[es.P_SPONSORS_N]]), "pouched": pouched,
            "partner_zoos": q[es.P_PARTNERS:es.P_PARTNERS + q[es.P_PARTNERS_N]],
            "universities": q[es.P_UNIVS:es.P_UNIVS + q[es.P_UNIVS_N]],
            "bonus_tokens": _bits(q[es.P_BONUS_TOKENS]), "supports": q[es.P_SUPPORTS],
            "supported": _ids(q[es.P_SUPPORTED:es.P_SUPPORTED + q[es.P_SUPPORTED_N]]),
            "rep_bonus_done": set(_bits(q[es.P_REP_DONE])),
            "cp_spaces_done": set(_bits(q[es.P_CP_DONE])), "wildcards": q[es.P_WILDCARDS],
            "okapi_tokens": q[es.P_OKAPI],
            "waza_class": q[es.P_WAZA_CLASS], "full_cover_done": bool(q[es.P_FULL_COVER]), "turns": q[es.P_TURNS],
            "end_cp_sponsors": q[es.P_END_CP_SPONSORS], "end_cp_finals": q[es.P_END_CP_FINALS],
        })
    out["ps"] = ps
    return out


def _rows(ids) -> list[int]:
    return [int(es.INDEX_OF_ID[i]) for i in ids]


def _put(G: np.ndarray, at_n: int, at: int, values: list[int], width: int) -> None:
    if len(values) > width:
        raise ValueError(f"{len(values)} values do not fit {width} places")
    G[at_n] = len(values)
    G[at:at + len(values)] = values


def encode(d: dict) -> np.ndarray:
    """`decode`'s inverse: a block from plain Python (a position reached by the reference, for tests)."""
    G = es.new_state()
    n = G[es.G_PLAYERS] = d["players"]
    for name, at in (("current", es.G_CURRENT), ("turn", es.G_TURN), ("game_over", es.G_GAME_OVER),
                     ("end_reason", es.G_END_REASON), ("end_triggered", es.G_END_TRIGGERED),
                     ("break_token", es.G_BREAK_TOKEN), ("break_pending", es.G_BREAK_PENDING),
                     ("break_trigger", es.G_BREAK_TRIGGER), ("breaks", es.G_BREAKS),
                     ("donations", es.G_DONATIONS), ("cp10_reached", es.G_CP10), ("scoring", es.G_SCORING),
                     ("display_dirty", es.G_DISPLAY_DIRTY)):
        G[at] = int(d[name])
    G[es.G_BOARD_PARTNERS] = sum(1 << k for k in d["board_partner_zoos"])
    G[es.G_BOARD_UNIVS] = sum(1 << k for k in d["board_universities"])
    _put(G, es.G_LAST_N, es.G_LAST, d["last_turns"], es.MAX_PLAYERS)
    G[es.G_DECK_HEAD] = 0
    _put(G, es.G_DECK_N, es.G_DECK, _rows(d["deck"]), es.N_ZOO)
    _put(G, es.G_DISCARD_N, es.G_DISCARD, _rows(d["discard"]), es.N_ZOO)
    G[es.G_DISPLAY:es.G_DISPLAY + es.MAX_DISPLAY] = -1
    G[es.G_DISPLAY_N] = len(d["display"])
    G[es.G_DISPLAY:es.G_DISPLAY + len(d["display"])] = [int(es.INDEX_OF_ID[c]) if c else -1 for c in d["display"]]
    _put(G, es.G_BASE_PILE_N, es.G_BASE_PILE, _rows(d["base_pile"]), es.N_BASE)
    _put(G, es.G_FINAL_PILE_N, es.G_FINAL_PILE, _rows(d["final_pile"]), es.N_FINALS)
    _put(G, es.G_BASE_PROJECTS_N, es.G_BASE_PROJECTS, _rows(d["base_projects"]), es.N_BASE)
    _put(G, es.G_ROW_N, es.G_ROW, _rows(d["project_row"]), es.MAX_ROW)
    for project, slots in d["project_slots"].items():
        k = int(es.INDEX_OF_ID[project]) - es.PROJECT_ROW0
        G[es.G_SLOT_ON + k] = 1
        G[es.G_SLOTS + 3 * k:es.G_SLOTS + 3 * k + 3] = slots
    for i in range(2):
        _put(G, es.G_TILES_N + i, es.G_TILES + i * es.MAX_TILES_PER_SPACE, d["bonus_tiles"][i], es.MAX_TILES_PER_SPACE)
    for p in range(n):
        _encode_player(G, es.G_PL + p * es.P_SIZE, d["ps"][p])
    return G


def _encode_player(G: np.ndarray, b: int, q: dict) -> None:
    for name, at in (("money", es.P_MONEY), ("appeal", es.P_APPEAL), ("rep", es.P_REP), ("cp", es.P_CP), ("x", es.P_X),
                     ("workers_active", es.P_WORKERS_ACTIVE), ("workers_supply", es.P_WORKERS_SUPPLY),
                     ("supports", es.P_SUPPORTS), ("wildcards", es.P_WILDCARDS), ("okapi_tokens", es.P_OKAPI),
                     ("waza_class", es.P_WAZA_CLASS), ("full_cover_done", es.P_FULL_COVER), ("turns", es.P_TURNS),
                     ("end_cp_sponsors", es.P_END_CP_SPONSORS), ("end_cp_finals", es.P_END_CP_FINALS)):
        G[b + at] = int(q[name])
    for name, at in (("slots", es.P_SLOTS), ("side2", es.P_SIDE2), ("multiplier", es.P_MULT),
                     ("multiplier_pending", es.P_MULT_PENDING), ("venom", es.P_VENOM),
                     ("constriction", es.P_CONSTRICTION),
                     ("task_workers", es.P_TASK_WORKERS)):
        G[b + at:b + at + len(q[name])] = [int(v) for v in q[name]]
    G[b + es.P_BONUS_TOKENS] = sum(1 << k for k in q["bonus_tokens"])
    G[b + es.P_REP_DONE] = sum(1 << k for k in q["rep_bonus_done"])
    G[b + es.P_CP_DONE] = sum(1 << k for k in q["cp_spaces_done"])
    _put(G, b + es.P_HAND_N, b + es.P_HAND, _rows(q["hand"]), es.MAX_HAND)
    _put(G, b + es.P_FINALS_N, b + es.P_FINALS, _rows(q["finals"]), es.N_FINALS)
    animals = _rows(q["animals"])
    _put(G, b + es.P_ANIMALS_N, b + es.P_ANIMALS, animals, es.N_ANIMAL_CARDS)
    G[b + es.P_HOME:b + es.P_HOME + es.N_ANIMAL_CARDS] = -1
    covered = 0
    G[b + es.P_BUILDINGS_N] = len(q["buildings"])
    for i, (kind, mask, inside, cubes) in enumerate(q["buildings"]):
        G[b + es.P_B_KIND + i], G[b + es.P_B_MASK + i], G[b + es.P_B_CUBES + i] = kind, mask, cubes
        G[b + es.P_B_ANIMALS_N + i] = len(inside)
        covered |= mask
        for order, a in enumerate(inside):
            k = animals.index(int(es.INDEX_OF_ID[a]))
            G[b + es.P_HOME + k], G[b + es.P_HOME_SEQ + k] = i, order
    G[b + es.P_COVERED] = covered
    _put(G, b + es.P_SPONSORS_N, b + es.P_SPONSORS, _rows(q["sponsors"]), es.N_SPONSOR_CARDS)
    pairs = [(a, c) for a, cs in q["pouched"].items() for c in cs]
    G[b + es.P_POUCH_N] = len(pairs)
    for k, (a, c) in enumerate(pairs):
        G[b + es.P_POUCH_ANIMAL + k], G[b + es.P_POUCH_CARD + k] = es.INDEX_OF_ID[a], es.INDEX_OF_ID[c]
    _put(G, b + es.P_PARTNERS_N, b + es.P_PARTNERS, list(q["partner_zoos"]), es.MAX_PARTNERS)
    _put(G, b + es.P_UNIVS_N, b + es.P_UNIVS, list(q["universities"]), 3)
    _put(G, b + es.P_SUPPORTED_N, b + es.P_SUPPORTED, _rows(q["supported"]), es.N_PROJECTS)
