"""Ark Nova numba whole games (engine.game.play_game: setup, turns with every action, the after-queue, breaks, the
end and final scoring) against reference.game.play_game with uniform policies on the same (rules, players, seed, game
index): every event row, the final state (engine.codec.decode), the stream position and the result are equal.

Default counts keep the file quick; ZOOSIM_ARK_NOVA_GAMES=N plays N games per test (the release differential
plays 200+ default-rule games over 2-4 players and as many with random rules)."""
import os
import random
from dataclasses import replace

from tests.games.ark_nova.common import assert_same_game, random_play_rules

from zoosim.games.ark_nova.engine import game as eg
from zoosim.games.ark_nova.reference import game as ref
from zoosim.games.ark_nova.reference import state as rs
from zoosim.games.ark_nova.rules import Rules

GAMES = int(os.environ.get("ZOOSIM_ARK_NOVA_GAMES", "0"))


def same_game(rules: Rules, players: int, seed: int, game_index: int) -> dict:
    G, rows, R, rng = eg.play(rules, players, seed, game_index)
    s = ref.play_game(rules, players, seed, game_index, [rs.uniform] * players)
    assert_same_game(rules, G, rows, R, rng, s)
    return {e[0] for e in rows} | {(e[0], e[2]) for e in rows if e[0] == rs.E_DECIDE}


def test_default_rule_games_equal_the_reference():
    seen: set = set()
    for g in range(GAMES or 9):
        seen |= same_game(Rules(), 2 + g % 3, 2026, g)
    for kind in (rs.E_BREAK, rs.E_SUPPORT, rs.E_PLAY, rs.E_BUILD, rs.E_INCOME, rs.E_END, rs.E_SCORE):
        assert kind in seen, kind
    for hook in (rs.H_TURN, rs.H_XSPEND, rs.H_ANIMAL_PLAY, rs.H_TASK, rs.H_SPONSOR_MODE, rs.H_BREAK_DISCARD):
        assert (rs.E_DECIDE, hook) in seen, hook


def test_random_rule_games_equal_the_reference():
    rnd = random.Random(7)
    for g in range(GAMES or 6):
        players = 2 + g % 3
        same_game(random_play_rules(rnd, players), players, 99, g)


def test_one_folder_display_breaks_as_the_reference():
    """§9.2 step 4 with display_size 1 discards folder 1 only (the reference indexed a second folder)."""
    same_game(replace(Rules(), display_size=1), 2, 5, 0)
