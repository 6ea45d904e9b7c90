"""Ark Nova engine state as plain Python (for tests): `decode` a block into the reference's `State` / `Player` field
names with printed card ids, `encode` such fields back into a block (engine.state's layout). Apart from engine.state
so that the state module stays the numba layout and helpers."""
from __future__ import annotations

import numpy as np

from zoosim.games.ark_nova.engine.state import (
    CARD_ID,
    G_BASE_PILE,
    G_BASE_PILE_N,
    G_BASE_PROJECTS,
    G_BASE_PROJECTS_N,
    G_BOARD_PARTNERS,
    G_BOARD_UNIVS,
    G_BREAK_PENDING,
    G_BREAK_TOKEN,
    G_BREAK_TRIGGER,
    G_BREAKS,
    G_CP10,
    G_CURRENT,
    G_DECK,
    G_DECK_HEAD,
    G_DECK_N,
    G_DISCARD,
    G_DISCARD_N,
    G_DISPLAY,
    G_DISPLAY_DIRTY,
    G_DISPLAY_N,
    G_DONATIONS,
    G_END_REASON,
    G_END_TRIGGERED,
    G_FINAL_PILE,
    G_FINAL_PILE_N,
    G_GAME_OVER,
    G_LAST,
    G_LAST_N,
    G_PL,
    G_PLAYERS,
    G_ROW,
    G_ROW_N,
    G_SCORING,
    G_SLOT_ON,
    G_SLOTS,
    G_TILES,
    G_TILES_N,
    G_TURN,
    INDEX_OF_ID,
    MAX_DISPLAY,
    MAX_HAND,
    MAX_PARTNERS,
    MAX_PLAYERS,
    MAX_ROW,
    MAX_TILES_PER_SPACE,
    N_ANIMAL_CARDS,
    N_BASE,
    N_FINALS,
    N_PROJECTS,
    N_SPONSOR_CARDS,
    N_ZOO,
    P_ANIMALS,
    P_ANIMALS_N,
    P_APPEAL,
    P_B_ANIMALS_N,
    P_B_CUBES,
    P_B_KIND,
    P_B_MASK,
    P_BONUS_TOKENS,
    P_BUILDINGS_N,
    P_CONSTRICTION,
    P_COVERED,
    P_CP,
    P_CP_DONE,
    P_END_CP_FINALS,
    P_END_CP_SPONSORS,
    P_FINALS,
    P_FINALS_N,
    P_FULL_COVER,
    P_HAND,
    P_HAND_N,
    P_HOME,
    P_HOME_SEQ,
    P_MONEY,
    P_MULT,
    P_MULT_PENDING,
    P_OKAPI,
    P_PARTNERS,
    P_PARTNERS_N,
    P_POUCH_ANIMAL,
    P_POUCH_CARD,
    P_POUCH_N,
    P_REP,
    P_REP_DONE,
    P_SIDE2,
    P_SIZE,
    P_SLOTS,
    P_SPONSORS,
    P_SPONSORS_N,
    P_SUPPORTED,
    P_SUPPORTED_N,
    P_SUPPORTS,
    P_TASK_WORKERS,
    P_TURNS,
    P_UNIVS,
    P_UNIVS_N,
    P_VENOM,
    P_WAZA_CLASS,
    P_WILDCARDS,
    P_WORKERS_ACTIVE,
    P_WORKERS_SUPPLY,
    P_X,
    PROJECT_ROW0,
    new_state,
)


def _ids(values) -> list[int]:
    return [int(CARD_ID[v]) for v in values]


def _bits(mask: int) -> list[int]:
    return [i for i in range(64) if mask >> i & 1]


def decode(G: np.ndarray) -> dict:
    """The block as plain Python with printed card ids, field names as the reference's `State` / `Player`."""
    g = [int(v) for v in G]
    n = g[G_PLAYERS]

    def seq(at_n: int, at: int, cards_: bool = True, head: int = 0) -> list[int]:
        vals = g[at + head:at + head + g[at_n]]
        return _ids(vals) if cards_ else vals

    out = {
        "players": n, "current": g[G_CURRENT], "turn": g[G_TURN], "game_over": bool(g[G_GAME_OVER]),
        "end_reason": g[G_END_REASON], "end_triggered": bool(g[G_END_TRIGGERED]), "break_token": g[G_BREAK_TOKEN],
        "break_pending": bool(g[G_BREAK_PENDING]), "break_trigger": g[G_BREAK_TRIGGER], "breaks": g[G_BREAKS],
        "donations": g[G_DONATIONS], "cp10_reached": bool(g[G_CP10]), "scoring": bool(g[G_SCORING]),
        "display_dirty": bool(g[G_DISPLAY_DIRTY]), "board_partner_zoos": _bits(g[G_BOARD_PARTNERS]),
        "board_universities": _bits(g[G_BOARD_UNIVS]), "last_turns": g[G_LAST:G_LAST + g[G_LAST_N]],
        "deck": seq(G_DECK_N, G_DECK, head=g[G_DECK_HEAD]), "discard": seq(G_DISCARD_N, G_DISCARD),
        "display": [int(CARD_ID[c]) if c >= 0 else 0 for c in g[G_DISPLAY:G_DISPLAY + g[G_DISPLAY_N]]],
        "base_pile": seq(G_BASE_PILE_N, G_BASE_PILE), "final_pile": seq(G_FINAL_PILE_N, G_FINAL_PILE),
        "base_projects": seq(G_BASE_PROJECTS_N, G_BASE_PROJECTS), "project_row": seq(G_ROW_N, G_ROW),
        "project_slots": {int(CARD_ID[PROJECT_ROW0 + k]): g[G_SLOTS + 3 * k:G_SLOTS + 3 * k + 3]
                       for k in range(N_PROJECTS) if g[G_SLOT_ON + k]},
        "bonus_tiles": [g[G_TILES + i * MAX_TILES_PER_SPACE:G_TILES + i * MAX_TILES_PER_SPACE + g[G_TILES_N + i]]
                     for i in range(2)],
    }
    ps = []
    for p in range(n):
        b = G_PL + p * P_SIZE
        q = g[b:b + P_SIZE]
        nb = q[P_BUILDINGS_N]
        animals, homes, order = q[P_ANIMALS:P_ANIMALS + q[P_ANIMALS_N]], q[P_HOME:], q[P_HOME_SEQ:]
        buildings = []
        for i in range(nb):
            inside = sorted((order[k], int(CARD_ID[a])) for k, a in enumerate(animals) if homes[k] == i)
            buildings.append((q[P_B_KIND + i], q[P_B_MASK + i], [a for _, a in inside], q[P_B_CUBES + i]))
        pouched: dict[int, list[int]] = {}
        for k in range(q[P_POUCH_N]):
            pouched.setdefault(int(CARD_ID[q[P_POUCH_ANIMAL + k]]), []).append(int(CARD_ID[q[P_POUCH_CARD + k]]))
        ps.append({
            "seat": p, "money": q[P_MONEY], "appeal": q[P_APPEAL], "rep": q[P_REP], "cp": q[P_CP], "x": q[P_X],
            "slots": q[P_SLOTS:P_SLOTS + 5], "side2": [bool(v) for v in q[P_SIDE2:P_SIDE2 + 5]],
            "multiplier": q[P_MULT:P_MULT + 5], "multiplier_pending": q[P_MULT_PENDING:P_MULT_PENDING + 5],
            "venom": [bool(v) for v in q[P_VENOM:P_VENOM + 5]],
            "constriction": [bool(v) for v in q[P_CONSTRICTION:P_CONSTRICTION + 5]],
            "workers_active": q[P_WORKERS_ACTIVE], "workers_supply": q[P_WORKERS_SUPPLY],
            "task_workers": q[P_TASK_WORKERS:P_TASK_WORKERS + 4], "hand": _ids(q[P_HAND:P_HAND + q[P_HAND_N]]),
            "finals": _ids(q[P_FINALS:P_FINALS + q[P_FINALS_N]]), "buildings": buildings, "animals": _ids(animals),
            "sponsors": _ids(q[P_SPONSORS:P_SPONSORS + q[P_SPONSORS_N]]), "pouched": pouched,
            "partner_zoos": q[P_PARTNERS:P_PARTNERS + q[P_PARTNERS_N]],
            "universities": q[P_UNIVS:P_UNIVS + q[P_UNIVS_N]],
            "bonus_tokens": _bits(q[P_BONUS_TOKENS]), "supports": q[P_SUPPORTS],
            "supported": _ids(q[P_SUPPORTED:P_SUPPORTED + q[P_SUPPORTED_N]]),
            "rep_bonus_done": set(_bits(q[P_REP_DONE])),
            "cp_spaces_done": set(_bits(q[P_CP_DONE])), "wildcards": q[P_WILDCARDS], "okapi_tokens": q[P_OKAPI],
            "waza_class": q[P_WAZA_CLASS], "full_cover_done": bool(q[P_FULL_COVER]), "turns": q[P_TURNS],
            "end_cp_sponsors": q[P_END_CP_SPONSORS], "end_cp_finals": q[P_END_CP_FINALS],
        })
    out["ps"] = ps
    return out


def _rows(ids) -> list[int]:
    return [int(INDEX_OF_ID[i]) for i in ids]


def _put(G: np.ndarray, at_n: int, at: int, values: list[int], width: int) -> None:
    if len(values) > width:
        raise ValueError(f"{len(values)} values do not fit {width} places")
    G[at_n] = len(values)
    G[at:at + len(values)] = values


def encode(d: dict) -> np.ndarray:
    """`decode`'s inverse: a block from plain Python (a position reached by the reference, for tests)."""
    G = new_state()
    n = G[G_PLAYERS] = d["players"]
    for name, at in (("current", G_CURRENT), ("turn", G_TURN), ("game_over", G_GAME_OVER),
                     ("end_reason", G_END_REASON), ("end_triggered", G_END_TRIGGERED), ("break_token", G_BREAK_TOKEN),
                     ("break_pending", G_BREAK_PENDING), ("break_trigger", G_BREAK_TRIGGER), ("breaks", G_BREAKS),
                     ("donations", G_DONATIONS), ("cp10_reached", G_CP10), ("scoring", G_SCORING),
                     ("display_dirty", G_DISPLAY_DIRTY)):
        G[at] = int(d[name])
    G[G_BOARD_PARTNERS] = sum(1 << k for k in d["board_partner_zoos"])
    G[G_BOARD_UNIVS] = sum(1 << k for k in d["board_universities"])
    _put(G, G_LAST_N, G_LAST, d["last_turns"], MAX_PLAYERS)
    G[G_DECK_HEAD] = 0
    _put(G, G_DECK_N, G_DECK, _rows(d["deck"]), N_ZOO)
    _put(G, G_DISCARD_N, G_DISCARD, _rows(d["discard"]), N_ZOO)
    G[G_DISPLAY:G_DISPLAY + MAX_DISPLAY] = -1
    G[G_DISPLAY_N] = len(d["display"])
    G[G_DISPLAY:G_DISPLAY + len(d["display"])] = [int(INDEX_OF_ID[c]) if c else -1 for c in d["display"]]
    _put(G, G_BASE_PILE_N, G_BASE_PILE, _rows(d["base_pile"]), N_BASE)
    _put(G, G_FINAL_PILE_N, G_FINAL_PILE, _rows(d["final_pile"]), N_FINALS)
    _put(G, G_BASE_PROJECTS_N, G_BASE_PROJECTS, _rows(d["base_projects"]), N_BASE)
    _put(G, G_ROW_N, G_ROW, _rows(d["project_row"]), MAX_ROW)
    for project, slots in d["project_slots"].items():
        k = int(INDEX_OF_ID[project]) - PROJECT_ROW0
        G[G_SLOT_ON + k] = 1
        G[G_SLOTS + 3 * k:G_SLOTS + 3 * k + 3] = slots
    for i in range(2):
        _put(G, G_TILES_N + i, G_TILES + i * MAX_TILES_PER_SPACE, d["bonus_tiles"][i], MAX_TILES_PER_SPACE)
    for p in range(n):
        _encode_player(G, G_PL + p * P_SIZE, d["ps"][p])
    return G


def _encode_player(G: np.ndarray, b: int, q: dict) -> None:
    for name, at in (("money", P_MONEY), ("appeal", P_APPEAL), ("rep", P_REP), ("cp", P_CP), ("x", P_X),
                     ("workers_active", P_WORKERS_ACTIVE), ("workers_supply", P_WORKERS_SUPPLY),
                     ("supports", P_SUPPORTS), ("wildcards", P_WILDCARDS), ("okapi_tokens", P_OKAPI),
                     ("waza_class", P_WAZA_CLASS), ("full_cover_done", P_FULL_COVER), ("turns", P_TURNS),
                     ("end_cp_sponsors", P_END_CP_SPONSORS), ("end_cp_finals", P_END_CP_FINALS)):
        G[b + at] = int(q[name])
    for name, at in (("slots", P_SLOTS), ("side2", P_SIDE2), ("multiplier", P_MULT),
                     ("multiplier_pending", P_MULT_PENDING), ("venom", P_VENOM), ("constriction", P_CONSTRICTION),
                     ("task_workers", P_TASK_WORKERS)):
        G[b + at:b + at + len(q[name])] = [int(v) for v in q[name]]
    G[b + P_BONUS_TOKENS] = sum(1 << k for k in q["bonus_tokens"])
    G[b + P_REP_DONE] = sum(1 << k for k in q["rep_bonus_done"])
    G[b + P_CP_DONE] = sum(1 << k for k in q["cp_spaces_done"])
    _put(G, b + P_HAND_N, b + P_HAND, _rows(q["hand"]), MAX_HAND)
    _put(G, b + P_FINALS_N, b + P_FINALS, _rows(q["finals"]), N_FINALS)
    animals = _rows(q["animals"])
    _put(G, b + P_ANIMALS_N, b + P_ANIMALS, animals, N_ANIMAL_CARDS)
    G[b + P_HOME:b + P_HOME + N_ANIMAL_CARDS] = -1
    covered = 0
    G[b + P_BUILDINGS_N] = len(q["buildings"])
    for i, (kind, mask, inside, cubes) in enumerate(q["buildings"]):
        G[b + P_B_KIND + i], G[b + P_B_MASK + i], G[b + P_B_CUBES + i] = kind, mask, cubes
        G[b + P_B_ANIMALS_N + i] = len(inside)
        covered |= mask
        for order, a in enumerate(inside):
            k = animals.index(int(INDEX_OF_ID[a]))
            G[b + P_HOME + k], G[b + P_HOME_SEQ + k] = i, order
    G[b + P_COVERED] = covered
    _put(G, b + P_SPONSORS_N, b + P_SPONSORS, _rows(q["sponsors"]), N_SPONSOR_CARDS)
    pairs = [(a, c) for a, cs in q["pouched"].items() for c in cs]
    G[b + P_POUCH_N] = len(pairs)
    for k, (a, c) in enumerate(pairs):
        G[b + P_POUCH_ANIMAL + k], G[b + P_POUCH_CARD + k] = INDEX_OF_ID[a], INDEX_OF_ID[c]
    _put(G, b + P_PARTNERS_N, b + P_PARTNERS, list(q["partner_zoos"]), MAX_PARTNERS)
    _put(G, b + P_UNIVS_N, b + P_UNIVS, list(q["universities"]), 3)
    _put(G, b + P_SUPPORTED_N, b + P_SUPPORTED, _rows(q["supported"]), N_PROJECTS)
