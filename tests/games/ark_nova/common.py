"""Shared by the Ark Nova engine tests: a reference `State` as `engine.codec.decode`'s plain-Python fields, random
rules for setup, the engine's setup run on a seed, and the engine loaded from and compared with a reference state."""
from __future__ import annotations

import random
from dataclasses import replace

import numpy as np

from zoosim.core.rng import PyRng, seed_stream
from zoosim.games.ark_nova.components import cards
from zoosim.games.ark_nova.engine import codec
from zoosim.games.ark_nova.engine import game as eg
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.engine.setup import setup
from zoosim.games.ark_nova.pack import pack
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.reference import setup as rsu
from zoosim.games.ark_nova.rules import BONUS_TILES, Rules


def tile_positions(rules: Rules, space_tiles: list[str], used: set[int]) -> list[int]:
    """Tile names -> their positions in rules.bonus_tiles (the first not yet used, for duplicates)."""
    out = []
    for name in space_tiles:
        pos = next(i for i, t in enumerate(rules.bonus_tiles) if t == name and i not in used)
        used.add(pos)
        out.append(pos)
    return out


GAME_FIELDS = ("players", "current", "turn", "game_over", "end_reason", "end_triggered", "break_token",
               "break_pending", "break_trigger", "breaks", "donations", "cp10_reached", "scoring", "display_dirty",
               "last_turns", "deck", "discard", "display", "base_pile", "final_pile", "base_projects", "project_row")
PLAYER_FIELDS = ("seat", "money", "appeal", "rep", "cp", "x", "slots", "side2", "multiplier", "multiplier_pending",
                 "venom", "constriction", "workers_active", "workers_supply", "task_workers", "hand", "finals",
                 "animals", "sponsors", "partner_zoos", "universities", "supports", "supported", "rep_bonus_done",
                 "cp_spaces_done", "wildcards", "okapi_tokens", "waza_class", "full_cover_done", "turns",
                 "end_cp_sponsors", "end_cp_finals")


def _copy(value):
    return list(value) if isinstance(value, list) else set(value) if isinstance(value, set) else value


def tile_names(d: dict, rules: Rules) -> dict:
    """Bonus tiles by name: a pool may hold a tile twice, so positions are no common ground."""
    return {**d, "bonus_tiles": [[rules.bonus_tiles[i] for i in space] for space in d["bonus_tiles"]]}


def reference_fields(s) -> dict:
    """The reference state in `engine.codec.decode`'s format (bonus tiles as pool positions)."""
    used: set[int] = set()
    d = {name: _copy(getattr(s, name)) for name in GAME_FIELDS}
    d["board_partner_zoos"] = sorted(s.board_partner_zoos)
    d["board_universities"] = sorted(s.board_universities)
    d["project_slots"] = {k: list(v) for k, v in s.project_slots.items()}
    d["bonus_tiles"] = [tile_positions(s.rules, s.bonus_tiles.get(space, []), used)
                        for space in s.rules.cp_bonus_spaces]
    d["ps"] = []
    for pl in s.ps:
        q = {name: _copy(getattr(pl, name)) for name in PLAYER_FIELDS}
        q["buildings"] = [(b.kind, b.mask, list(b.animals), b.cubes) for b in pl.buildings]
        q["pouched"] = {a: list(v) for a, v in pl.pouched.items()}
        q["bonus_tokens"] = sorted(pl.bonus_tokens)
        d["ps"].append(q)
    return d


def random_setup_rules(rnd: random.Random, players: int) -> Rules:
    """Rules that change setup, drawn where `rules.validate` allows them."""
    base = Rules()
    draw = rnd.randint(0, 12)
    keep = rnd.randint(0, draw)
    display = rnd.randint(1, 12)
    pool = tuple(rnd.choice(BONUS_TILES) for _ in range(rnd.randint(2, 12)))
    per = rnd.randint(1, len(pool) // 2)
    opening, seat = 0, 0
    if keep >= 1 and rnd.random() < 0.4:
        opening = int(cards.CARDS.ids[rnd.choice(list(cards.ZOO_DECK))])
        seat = rnd.randrange(players)
    return replace(
        base, hand_draw=draw, hand_keep=keep, display_size=display, bonus_tiles=pool, bonus_tiles_per_space=per,
        random_action_order=rnd.random() < 0.7, opening_card=opening, opening_card_seat=seat,
        final_scoring_dealt=rnd.randint(0, 11 // players), two_player_blocks=rnd.random() < 0.7,
        base_projects_shown=tuple(rnd.randint(0, 12) for _ in range(3)), start_money=rnd.randint(0, 40),
        start_appeal_by_seat=tuple(rnd.randint(0, 20) for _ in range(4)), start_reputation=rnd.randint(1, 9),
        workers_start=rnd.randint(1, 3), workers_total=rnd.randint(3, 8),
    )


def engine_setup(rules: Rules, players: int, seed: int, game_index: int, events: int = 4096):
    """(G, event rows as tuples, R) after the numba setup on stream (seed, game_index)."""
    R = pack(rules, players)
    G = es.new_state()
    EV = es.new_events(events)
    rng = np.zeros(4, np.uint64)
    seed_stream(rng, seed, game_index)
    setup(G, R, EV, rng)
    return G, engine_events(G, EV), R, rng


def engine_events(G, EV) -> list[tuple[int, ...]]:
    """The engine's event log so far, as the reference's tuples."""
    return [tuple(int(v) for v in EV[i]) for i in range(int(G[es.G_NEV]))]


def engine_arrays(t, events: int = 8192):
    """(R, G, EV, rng): the engine's arrays for the reference state t, with an empty log of `events` rows."""
    return pack(t.rules, t.players), codec.encode(reference_fields(t)), es.new_events(events), np.array(t.rng.s, np.uint64)


def assert_same(t, G, EV, rng, *, settled: bool = True) -> None:
    """Engine and reference at the same point: the same events, state (bonus tiles by name) and stream; settled:
    nothing unsupported was met and no effect is left on the stack."""
    if settled:
        assert G[es.G_UNSUPPORTED] == 0 and G[es.G_STACK_N] == 0
    assert engine_events(G, EV) == t.events
    assert tile_names(codec.decode(G), t.rules) == tile_names(reference_fields(t), t.rules)
    assert [int(v) for v in rng] == t.rng.s


def assert_same_game(rules: Rules, G, events: list, R, rng, s) -> None:
    """A whole game played by the engine (G, its events, R, rng) and by the reference (s) is the same game, to the
    final state, stream and result."""
    assert G[es.G_UNSUPPORTED] == 0 and G[es.G_OVERFLOW] == 0
    assert events == s.events, next(i for i, (a, b) in enumerate(zip(events + [()], s.events + [()])) if a != b)
    assert tile_names(codec.decode(G), rules) == tile_names(reference_fields(s), rules)
    assert [int(v) for v in rng] == s.rng.s
    r = ref.result(s)
    assert eg.result(G, R) == {"scores": r.scores, "ranks": r.ranks, "win_share": r.win_share,
                               "end_reason": r.end_reason, "turns": r.turns}


def positions(n_games: int, rnd: random.Random, make_rules, rate: float = 0.03):
    """Reference states at random turn starts of uniform games (2, 3, 4 players in turn), rules by make_rules(rnd)."""
    for g in range(n_games):
        players = 2 + g % 3
        s = rsu.setup(make_rules(rnd), players, PyRng(77, g), [rs.uniform] * players)
        while not s.game_over:
            if rnd.random() < rate:
                yield s
            p = s.current
            ref.play_turn(s, p)
            ref.after_turn(s, p)


def varied_positions(n_games: int, rnd: random.Random, make_rules, vary):
    """positions(), each changed by vary(s, rnd), with the engine's packed rules and state for it: (t, R, G)."""
    for s in positions(n_games, rnd, make_rules):
        t = vary(s, rnd)
        yield t, pack(t.rules, t.players), codec.encode(reference_fields(t))


def stepped_positions(n_games: int, rnd: random.Random, make_rules, change, step, *, steps: int, events: int,
                      rate: float = 0.03, compare=assert_same):
    """positions(), each changed by change(s, rnd) and loaded into the engine (an empty event list on both), then
    step(t, G, R, EV, rng, rnd) run `steps` times on both, compare(t, G, EV, rng) after every step. Yields each
    reference state when its steps are done (its events are those of the steps)."""
    for s in positions(n_games, rnd, make_rules, rate):
        t = change(s, rnd)
        t.events = []
        R, G, EV, rng = engine_arrays(t, events)
        for _ in range(steps):
            step(t, G, R, EV, rng, rnd)
            compare(t, G, EV, rng)
        yield t


def random_play_rules(rnd: random.Random, players: int) -> Rules:
    """random_setup_rules plus rules that change play: effects, buildings, piles, tasks, the end."""
    return replace(
        random_setup_rules(rnd, players), peaceful=rnd.random() < 0.3, place_unique_buildings=rnd.random() < 0.7,
        snap_ignores_reputation=rnd.random() < 0.5, allow_null_action=rnd.random() < 0.2,
        reshuffle_discard=rnd.random() < 0.7, support_without_bonus_token=rnd.random() < 0.6,
        free_building_ignores_build2=rnd.random() < 0.5, peacocking_needs_build2=rnd.random() < 0.5,
        covered_terrain_counts=rnd.random() < 0.3, break_after_last_turn=rnd.random() < 0.5,
        end_trigger_score=rnd.choice((100, 100, 60, 30)), max_turns=rnd.choice((150, 150, 40, 12)),
        cards_break_steps=rnd.choice((2, 2, 0, 4)), hand_limit=rnd.randint(1, 5),
        max_x_tokens=rnd.randint(1, 8), reputation_task_gain=rnd.randint(1, 3),
    )
