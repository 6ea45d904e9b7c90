"""Whole turns of New York Zoo worked by hand: every decision asked (kind, player, options, context) and every event
logged (PROTOCOL.md sections 4-9), on hand-built positions; the setup deal and the uniform policy's draws
(PROTOCOL 1, 3, 6) derived from the protocol's words."""
from __future__ import annotations

import pytest

from zoosim.core.rng import PyRng
from zoosim.games.new_york_zoo import GAME, reference
from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_DEST, D_ANIMAL_OPTION, D_ATTRACTION_KIND, D_ATTRACTION_PLACE, D_BONUS_BREED, D_BREED, D_DESTINATION,
    D_ENCLOSURE_PLACE, D_HOUSE_BONUS, D_POPULATE_FIRST, D_POPULATE_SECOND, D_SHORT_PLACE, END_SOLO_LAPS,
    END_TURN_CAP, EV_ANIMAL, EV_ATTRACTION, EV_BRED, EV_BREEDING, EV_END, EV_ENCLOSURE, EV_FULL, EV_MOVE, HOUSE,
    SUPPLY,
)
from zoosim.games.new_york_zoo.reference import placements_on_empty
from zoosim.games.new_york_zoo.reference import pieces
from zoosim.games.new_york_zoo.reference.policies import HeuristicPolicy, ScoredPolicy
from zoosim.games.new_york_zoo.rules import Rules
from tests.games.new_york_zoo.common import A1, A2, F, K, M, P, X, Decision, Scripted, give_enclosure, harbour, match

pytestmark = pytest.mark.rules


def n_placements(p, tile):
    return len(placements_on_empty(p.board, tile))


# ---------------------------------------------------------------- a harbour turn (spec 5.1, 5.2)
def test_harbour_turn_places_the_top_tile_and_populates_from_an_enclosure():
    """2 players, seat 0 (board 2P-1: 3 houses, a meerkat and a flamingo) holds an enclosure of 3 flamingos.
    It moves 1 step from 10 to harbour 11, places the heptomino on top there at placement 5 and moves two
    flamingos out of that enclosure (each source keeps at least one animal)."""
    answers = {D_DESTINATION: lambda o: 0, D_ENCLOSURE_PLACE: lambda o: 5,
               D_POPULATE_FIRST: lambda o: o.index((F, 0)), D_POPULATE_SECOND: lambda o: o.index((F, 0))}
    m, pols = match(2, answers=answers)
    p = m.players[0]
    give_enclosure(m, 0, 6, F, 3)
    tile = m.stacks[harbour(11)][-1]
    assert data.TILES[tile].size == 7
    m.turns = 1
    m.turn()
    assert m.events == [
        (EV_MOVE, 0, 11, 1, 1, -1),
        (EV_ENCLOSURE, 0, tile, 5, 1, 0),  # enclosure number 1: the second of seat 0
        (EV_ANIMAL, 0, F, 1, 0, 0),        # from enclosure 0 (3 -> 2)
        (EV_ANIMAL, 0, F, 1, 0, 0),        # from enclosure 0 again (2 -> 1)
    ]
    assert pols[0].asked == [
        # 10 -> 11, 12, 13, 14 (all stacks full); 14 enters the fox line
        Decision(D_DESTINATION, 0, [(11, 1, 1, [], -1), (12, 2, 2, [], -1), (13, 3, 3, [], -1),
                                    (14, 4, 4, [14], -1)], 0),
        Decision(D_ENCLOSURE_PLACE, 0, list(range(n_placements(p, tile))), tile),
        Decision(D_POPULATE_FIRST, 0, [(M, HOUSE), (F, HOUSE), (F, 0)], 0),
        Decision(D_POPULATE_SECOND, 0, [(F, SUPPLY), (F, HOUSE), (F, 0)], 0),  # [stop] + flamingo sources
    ]
    assert not pols[1].asked
    assert m.elephant == 11 and len(m.stacks[harbour(11)]) == 2
    assert [(e.capacity, e.species, e.count) for e in p.enclosures] == [(6, F, 1), (7, F, 2)]
    assert p.covered == p.board.house_corner | placements_on_empty(p.board, tile)[5]
    assert p.houses == [1, 1, 0, 0, 0] and p.enclosures_placed == 1 and p.turns_to_finish == -1


# ---------------------------------------------------------------- an animal-space turn (5.3, 6, 7)
def test_animal_turn_fills_an_enclosure_then_breeds_with_a_bonus():
    """3 players, seat 0 (board 3P-1: 2 houses, both full) holds 3 foxes in a 4-square enclosure, 2 penguins in a
    5 and 2 kangaroos in a 6. It moves 3 steps from 7 to 10 (fox, flamingo) over the penguin line (8|9).
    The fox fills the 4-square enclosure: emptied, no free house to keep one, a domino attraction at placement 3.
    The flamingo goes into the emptied enclosure and the flamingo of a house follows (house bonus).
    Penguin breeding: seat 0 breeds its penguins, then its bonus breeding (3 players) picks the flamingos;
    seats 1 and 2 have nothing to breed."""
    answers = {D_DESTINATION: lambda o: 2, D_ANIMAL_OPTION: lambda o: o.index((X, F)),
               D_ATTRACTION_KIND: lambda o: o.index(A2), D_ATTRACTION_PLACE: lambda o: 3,
               D_ANIMAL_DEST: lambda o: len(o) - 1, D_HOUSE_BONUS: lambda o: 1,
               D_BREED: lambda o: len(o) - 1, D_BONUS_BREED: lambda o: o.index(0)}
    m, pols = match(3, answers=answers)
    p = m.players[0]
    assert p.board.key == "3P-1" and p.houses == [1, 1, 0, 0, 0] and p.free_houses() == 0
    give_enclosure(m, 0, 4, X, 3)
    give_enclosure(m, 0, 5, P, 2)
    give_enclosure(m, 0, 6, K, 2)
    m.elephant = 7
    m.turns = 1
    m.turn()
    assert m.events == [
        (EV_MOVE, 0, 10, 3, 3, -1),
        (EV_ANIMAL, 0, X, 0, SUPPLY, 0),
        (EV_FULL, 0, 0, X, 4, 0),
        (EV_ATTRACTION, 0, A2, 3, 0, 0),
        (EV_ANIMAL, 0, F, 0, SUPPLY, 0),
        (EV_ANIMAL, 0, F, 0, HOUSE, 0),  # house bonus
        (EV_BREEDING, 0, P, 0, 0, 0),
        (EV_BRED, 0, 1, P, 0, 0),
        (EV_BRED, 0, 0, F, 1, 0),        # bonus breeding
    ]
    assert pols[0].asked == [
        Decision(D_DESTINATION, 0, [(8, 1, 1, [], -1), (9, 2, 2, [9], -1), (10, 3, 3, [9], -1)], 0),
        # no flamingo can be placed first (no free house, no empty or flamingo enclosure); meerkats neither
        Decision(D_ANIMAL_OPTION, 0, [(X, F), (X, -1), (K, -1), (P, -1)], 0),
        Decision(D_ANIMAL_DEST, 0, [0], X),
        Decision(D_ATTRACTION_KIND, 0, list(range(data.ATTRACTION_BASE, data.N_TILES)), 0),  # every kind fits
        Decision(D_ATTRACTION_PLACE, 0, list(range(n_placements(p, A2))), A2),
        Decision(D_ANIMAL_DEST, 0, [SUPPLY, 0], F),  # the second animal may be given up
        Decision(D_HOUSE_BONUS, 0, [0, 1], 0),
        Decision(D_BREED, 0, [(), (1,)], 0),
        Decision(D_BONUS_BREED, 0, [-1, 0, 2], 0),  # enclosure 1 was bred in this event
    ]
    assert pols[1].asked == [Decision(D_BREED, 1, [()], 0)]
    assert pols[2].asked == [Decision(D_BREED, 2, [()], 0)]
    assert [(e.species, e.count) for e in p.enclosures] == [(F, 3), (P, 3), (K, 2)]
    assert p.houses == [1, 0, 0, 0, 0] and p.breedings == 2 and p.attractions_taken == 1
    assert p.covered == p.board.house_corner | placements_on_empty(p.board, A2)[3]
    assert m.supply == [16, 5, 3, 3, 1, 1, 1, 1]  # a domino less; the 1x1 is unlimited


# ---------------------------------------------------------------- solo turns (spec 9, PROTOCOL 4)
def solo_match(max_turns, **rules):
    """Solo side A; each turn flips the first face-up tile (10 -> stay, 11, 13, 16, 20)."""
    first_tile = {D_DESTINATION: lambda o: next(i for i, x in enumerate(o) if x[4] >= 0)}
    return match(1, answers=first_tile, max_turns=max_turns, **rules)


def test_solo_tiles_flip_face_down_and_all_turn_up_again():
    m, _ = solo_match(4)
    m.play()
    moves = [ev for ev in m.events if ev[0] == EV_MOVE]
    assert moves == [(EV_MOVE, 0, 10, 0, 0, 0), (EV_MOVE, 0, 11, 1, 1, 1), (EV_MOVE, 0, 13, 2, 2, 2),
                     (EV_MOVE, 0, 16, 3, 3, 3)]
    assert m.solo_face_up == [False, False, False, False, True]
    assert m.travelled == 6 and m.players[0].own_turns == 4
    assert m.events[-1] == (EV_END, -1, END_TURN_CAP, 4, 0, 0) and not m.over
    m, _ = solo_match(5)
    m.play()
    assert [ev for ev in m.events if ev[0] == EV_MOVE][-1] == (EV_MOVE, 0, 20, 4, 4, 4)  # "4+": 4 steps
    assert m.solo_face_up == [True] * 5  # all five were face down at the end of the turn
    assert m.travelled == 10


def test_solo_move_options_from_the_start():
    """Side A, all stacks full, elephant on 10: stay (tile 0), 1, 2, 3 steps, "4+" = 4..24 raw spaces (24 is the
    most: 10 -> 9), then the free move to the next animal space, 12."""
    m, _ = match(1)
    options = m.move_options(m.players[0])

    def crossed(k):  # the lines entered by a move of k raw spaces from 10, in crossing order
        return [s for s in (14, 19, 24, 4, 9) if 0 < (s - 10) % 25 <= k]

    four_plus = [((10 + k - 1) % 25 + 1, k, k, crossed(k), 4) for k in range(4, 25)]
    assert options == [(10, 0, 0, [], 0), (11, 1, 1, [], 1), (12, 2, 2, [], 2), (13, 3, 3, [], 3)] + four_plus + [
        (12, 0, 2, [], -1)]
    assert four_plus[0] == (14, 4, 4, [14], 4) and four_plus[-1] == (9, 24, 24, [14, 19, 24, 4, 9], 4)
    m.solo_face_up = [False, True, False, True, False]  # only tiles 1 and 3 up
    assert m.move_options(m.players[0]) == [(11, 1, 1, [], 1), (13, 3, 3, [], 3), (12, 0, 2, [], -1)]


def test_solo_four_plus_reaches_exactly_24_raw_spaces_over_empty_harbours():
    """Every harbour but 9 empty: from 10 the counted spaces are the animal spaces and 9; the 10th step ends on 9
    after 24 raw spaces (legal), the 11th would cover 25."""
    m, _ = match(1)
    for h in data.HARBOUR_SPACES:
        if h != 9:
            m.stacks[harbour(h)].clear()
    m.solo_face_up = [False, False, False, False, True]
    four_plus = [o[:3] for o in m.move_options(m.players[0]) if o[4] == 4]
    assert four_plus == [(20, 4, 10), (22, 5, 12), (25, 6, 15), (2, 7, 17), (5, 8, 20), (7, 9, 22), (9, 10, 24)]


@pytest.mark.parametrize("solo_end,before,reason,turns", [
    ("bga", 49, END_SOLO_LAPS, 2), ("bga", 50, END_SOLO_LAPS, 1), ("bga", 48, END_TURN_CAP, 2),
    ("play_until_full", 49, END_TURN_CAP, 2),
])
def test_solo_bga_ends_when_lap_two_completes(solo_end, before, reason, turns):
    """bga: the game ends at the end of the turn in which T >= 50 (lap 2 complete); play_until_full plays on.
    Turn 1 stays on 10 (T + 0), turn 2 moves one step (T + 1); at most 2 turns."""
    m, _ = solo_match(2, solo_end=solo_end)
    m.travelled = before
    m.play()
    assert m.events[-1] == (EV_END, -1, reason, turns, 0, 0)
    assert m.travelled == before + turns - 1 and m.over == (reason == END_SOLO_LAPS)


def test_solo_side_b_board():
    m, _ = match(1, solo_side="B")
    p = m.players[0]
    assert p.board.key == "1P-B" and p.board.houses == 4 and p.houses == [1, 0, 1, 0, 0]


# ---------------------------------------------------------------- setup (PROTOCOL 3)
def protocol_deal(seed, index, players, short_game):
    """The stacks (and the short game's hands) as PROTOCOL 3 words them, from the same random stream."""
    rng = PyRng(seed, index)

    def shuffle(items):
        for i in range(len(items) - 1, 0, -1):
            j = rng.below(i + 1)
            items[i], items[j] = items[j], items[i]

    by_size = {}
    for size in (4, 5, 6, 7):
        by_size[size] = [t.index for t in data.TILES[:data.ATTRACTION_BASE] if t.size == size]
        shuffle(by_size[size])
    stacks = [[by_size[size].pop(0) for size in data.SPACES[h]["stack_bottom_to_top"]] for h in data.HARBOUR_SPACES]
    hands = []
    if players == 1 or short_game:
        removed = [s.pop() for s in stacks]
        if short_game:
            sevens = [t for t in removed if data.TILES[t].size == 7]
            sixes = [t for t in removed if data.TILES[t].size == 6]
            shuffle(sevens)
            shuffle(sixes)
            hands = [sevens[:3] + sixes[:3], sevens[3:6] + sixes[3:6]]
    return stacks, hands, rng


@pytest.mark.parametrize("players,short_game", [(1, False), (2, True), (3, False), (5, False)])
def test_setup_deals_the_stacks_as_the_protocol_says(players, short_game):
    for index in (0, 1):
        stacks, hands, rng = protocol_deal(17, index, players, short_game)
        pols = [Scripted() for _ in range(players)]
        m = reference.Match(Rules(short_game=short_game), players, pols, 17, index)
        assert m.stacks == stacks
        sizes = [[data.TILES[t].size for t in s] for s in m.stacks]
        full = [data.SPACES[h]["stack_bottom_to_top"] for h in data.HARBOUR_SPACES]
        assert sizes == ([f[:-1] for f in full] if players == 1 or short_game else full)
        assert m.rng.s == rng.s  # the setup drew exactly the protocol's draws
        assert m.elephant == 10 and m.turns == 0 and m.travelled == 0 and not m.over
        assert m.solo_face_up == [True] * 5
        if short_game:  # each seat places its heptominoes, then its hexominoes, as empty enclosures (spec 10)
            for seat, hand in enumerate(hands):
                p = m.players[seat]
                covered, asked, placed = p.board.house_corner, [], []
                for k, t in enumerate(hand):  # the legal placements on the board as the earlier tiles left it
                    masks = placements_on_empty(p.board, t)
                    legal = [i for i, x in enumerate(masks) if x & covered == 0]
                    asked.append(Decision(D_SHORT_PLACE, seat, legal, t))
                    placed.append((EV_ENCLOSURE, seat, t, legal[0], k, 1))  # option 0 each time
                    covered |= masks[legal[0]]
                assert pols[seat].asked == asked and p.covered == covered
                assert [ev for ev in m.events if ev[1] == seat] == placed
                assert p.enclosures_placed == 6 and p.turns_to_finish == -1
        else:
            assert m.events == []


# ---------------------------------------------------------------- the uniform policy (PROTOCOL 6)
def test_uniform_draws_below_n_and_nothing_for_one_option():
    m = reference.Match(Rules(), 2, [reference.UniformPolicy()] * 2, 7, 3)
    twin = PyRng(0, 0)
    twin.s = list(m.rng.s)
    policy = reference.UniformPolicy()
    assert policy.choose(m, D_HOUSE_BONUS, 0, [0]) == 0 and m.rng.s == twin.s  # one option: no draw
    for n in (2, 3, 2, 7, 2, 2, 5):
        assert policy.choose(m, D_BREED, 1, list(range(n))) == twin.below(n)


def test_policy_for_names():
    assert isinstance(reference.policy_for(GAME.policy("uniform")), reference.UniformPolicy)
    assert type(reference.policy_for(GAME.policy("greedy"))) is ScoredPolicy
    spec = GAME.policy("heuristic:breed_value=1.5")
    heuristic = reference.policy_for(spec)
    assert type(heuristic) is HeuristicPolicy and heuristic.prm == tuple(spec.values)
    assert heuristic.prm[8] == 1.5


def test_placements_on_empty_are_the_protocol_placements_and_kept():
    pieces._PLACEMENTS.clear()
    board = data.BOARD_BY_KEY["4P-3"]
    first = placements_on_empty(board, A1)
    assert first == data.placements(board, data.TILES[A1]) and len(first) == 60
    assert placements_on_empty(board, A1) is first
