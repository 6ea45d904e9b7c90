"""The numba engine and the plain-Python reference play identical New York Zoo games.

Same seed, same policies -> the same event log (every move, tile, animal, breeding, attraction), the
same turns, scores, ranks and win shares. Over 1,000 games: 1-5 players, the short game, both solo
sides and both solo endings, and randomised rule parameters.
"""
import random

import pytest

from zoosim.games.new_york_zoo import GAME, reference
from zoosim.games.new_york_zoo.play import play_traced
from zoosim.games.new_york_zoo.rules import Rules

SEED = 20261129


def random_rules(rng: random.Random, players: int) -> Rules:
    return Rules(
        harbour_requires_populate=rng.random() < 0.7,
        animal_space_requires_placement=rng.random() < 0.7,
        single_animal_any_species=rng.random() < 0.7,
        max_added_per_enclosure_per_turn=rng.choice([0, 0, 1, 2]),
        attraction_mandatory=rng.random() < 0.7,
        breeding_optional=rng.random() < 0.7,
        breeding_order=rng.choice(["crossing", "line_index"]),
        max_breedings_per_move=rng.choice([0, 0, 1, 2]),
        win_check=rng.choice(["end_of_turn", "per_breeding_line", "immediate"]),
        max_turns=rng.choice([1000, 1000, 40]),
        solo_side=rng.choice(["A", "B"]),
        solo_end=rng.choice(["play_until_full", "bga"]),
        short_game=players == 2 and rng.random() < 0.5,
    )


def reference_policies(specs, players):
    out = []
    for spec in (specs * players if len(specs) == 1 else specs):
        out.append(reference.policy_for(spec))
    return out


def assert_same_game(rules: Rules, players: int, policy_texts, seed: int, index: int) -> None:
    specs = [GAME.policy(t) for t in policy_texts]
    events, out, shares, _ = play_traced(rules, players, specs, seed, index)
    match = reference.play(rules, players, reference_policies(specs, players), seed, index)
    if events != match.events:
        shorter = min(len(events), len(match.events))
        k = next((i for i, (a, b) in enumerate(zip(events, match.events)) if a != b), shorter)
        pytest.fail(f"game {index} ({players}p, {rules}) differs at event {k}: engine {events[max(0, k - 2):k + 2]} "
                    f"reference {match.events[max(0, k - 2):k + 2]}")
    assert [int(x) for x in out[:, 0]] == match.scores()
    assert [int(x) for x in out[:, 1]] == match.ranks()
    assert list(shares) == pytest.approx(match.win_shares())


CONFIGS = [  # (label, players, rules, games)
    ("solo-A", 1, Rules(), 120),
    ("solo-B-bga", 1, Rules(solo_side="B", solo_end="bga"), 100),
    ("2p", 2, Rules(), 130),
    ("2p-short", 2, Rules(short_game=True), 100),
    ("3p", 3, Rules(), 130),
    ("4p", 4, Rules(), 130),
    ("5p", 5, Rules(), 130),
]


@pytest.mark.parametrize("label,players,rules,games", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_engine_equals_reference_uniform(label, players, rules, games):
    for index in range(games):
        assert_same_game(rules, players, ["uniform"], SEED, index)


def test_engine_equals_reference_random_rules():
    rng = random.Random(SEED)
    for index in range(120):
        players = 1 + index % 5
        assert_same_game(random_rules(rng, players), players, ["uniform"], SEED + 1, index)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_engine_equals_reference_scored_policies(players):
    tweaked = "heuristic:breed_value=1.5,rival_breed_weight=0.5,fit_weight=0,deny_weight=0.8,pair_weight=0"
    mixes = [["greedy"], ["heuristic"], [tweaked],
             ["uniform", "greedy", "heuristic", tweaked, "heuristic"][:players]]
    for index in range(16):
        texts = mixes[index % len(mixes)]
        if len(texts) not in (1, players):
            texts = texts[:1]
        rules = Rules(short_game=players == 2 and index % 2 == 1)
        assert_same_game(rules, players, texts, SEED + 2, index)
