"""New York Zoo's `search` player (search.py): it searches (a trap the heuristic walks into), it reads only public
information (the hidden stack tiles re-dealt), games stay reproducible and legal, and --explain shows its candidates.

Budgets are small: the tests check behaviour, benchmarks/bench_search.py measures strength."""
from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest

from zoosim.games.new_york_zoo import GAME, reference
from zoosim.games.new_york_zoo import search as Z
from zoosim.games.new_york_zoo.components import data
from zoosim.games.new_york_zoo.components.tables import TABLE
from zoosim.games.new_york_zoo.engine.game import results, setup
from zoosim.games.new_york_zoo.engine.state import (
    E_CAPACITY, E_COUNT, E_SPECIES, G_ELEPHANT, G_END_REASON, G_HEIGHT, G_NEVENTS, G_STACK, G_TURNS, LOG,
    N_HARBOURS, P_COVERED,
    P_FITS, P_HOUSE, P_NENC, eb, pb,
)
from zoosim.games.new_york_zoo.play import N_OUT, new_game, play_traced
from zoosim.games.new_york_zoo.policies import MAX_PARAMS, POLICIES
from zoosim.games.new_york_zoo.protocol import (
    D_ANIMAL_OPTION, D_DESTINATION, D_ENCLOSURE_PLACE, END_TURN_CAP, EV_CANDIDATE, EV_MOVE, EV_SEARCH,
)
from zoosim.games.new_york_zoo.reference.policies import HeuristicPolicy
from zoosim.games.new_york_zoo.rules import MAX_PLAYERS, Rules, pack
from zoosim.games.base import policy_arrays
from tests.games.new_york_zoo.test_invariants import CheckedMatch

FLAMINGO, PENGUIN = 1, 3
NO_TIMINGS = np.zeros(0)


def ready(rules: Rules, players: int, specs, seed: int = 1, game_index: int = 0):
    """A set-up game with its seats readied for search.play_on: (S, ids, params, workspace)."""
    ids, params = policy_arrays(specs, MAX_PARAMS)
    S = new_game(pack(rules, players), ids, 2_000)
    ws = Z.new_workspace()
    W, Fr, Fg, cand, stats, alive, X, V, stream = ws
    Z.seat_search(S, params, ids, Fr, Fg, X)
    setup(S, TABLE, Fg, seed, game_index)
    S[G_END_REASON] = END_TURN_CAP
    return S, ids, params, ws


def play_on(S, ids, params, ws, seed=1, game_index=0):
    """Play S to its end (search.play_on); the seats' win shares."""
    W, Fr, Fg, cand, stats, alive, X, V, stream = ws
    Z.seat_search(S, params, ids, Fr, Fg, X)
    Z.play_on(S, TABLE, params, ids, seed, game_index, *ws, NO_TIMINGS)
    out = np.zeros((MAX_PLAYERS, N_OUT), np.int64)
    shares = np.zeros(MAX_PLAYERS)
    results(S, out, shares)
    return shares[:int(S[0])]


def decide(S, ids, params, ws, seat=0, seed=1, game_index=0):
    """The search's decision at S (seat to move), on a copy: (chosen candidate, the shortlist, its statistics)."""
    W, Fr, Fg, cand, stats, alive, X, V, stream = ws
    Z.seat_search(S, params, ids, Fr, Fg, X)
    S = S.copy()
    c = Z.search_turn(S, TABLE, params[seat], seat, seed, game_index, W, Fr, cand, stats, alive, X, V, stream,
                      NO_TIMINGS)
    n = next(int(S[LOG + 6 * k + 2]) for k in range(int(S[G_NEVENTS]) - 1, -1, -1) if S[LOG + 6 * k] == EV_SEARCH)
    return c, cand[:n].copy(), stats[:n].copy()


def words(mask: int) -> tuple[int, int]:
    return int(np.uint64(mask & (2**64 - 1)).view(np.int64)), int(np.uint64(mask >> 64).view(np.int64))


def trap(specs):
    """A hand-built 2-player position (rules: no single animal of any species), seat 0 to move from space 10.

    Seat 1 has one uncovered square and an enclosure one flamingo from full: reaching an animal space that shows a
    flamingo (17, 20, 25, 10) wins it the game (a filled enclosure's 1-square attraction covers its board). It can
    place nothing else (houses full of penguins) and no tile fits it, so elsewhere it passes.
    Seat 0 has two holes: an E11 (1x5) and an E43 (7 squares). Harbour 11 holds E11, harbour 13 holds E43 (7, the
    heuristic's choice: the biggest tile), harbour 14 an E41 that fits neither hole (it counts as a step).
    - Seat 0 takes E43 at 13: seat 1 reaches 17 (13 -> 14, 15, 17) and wins.
    - Seat 0 takes E11 at 11: seat 1 cannot reach a flamingo (12, 13, 14, 15) and passes; seat 0 then takes E43 at
      13 and covers its board: it wins. Only a look two turns ahead sees it.
    """
    rules = Rules(single_animal_any_species=False)
    S, ids, params, ws = ready(rules, 2, specs)
    b0, b1 = data.board_for(2, 0), data.board_for(2, 1)
    full0, full1 = (1 << b0.cells) - 1, (1 << b1.cells) - 1
    hole1 = sum(1 << (7 * b0.width + c) for c in range(5))  # E11 along row 7, columns 0-4
    hole2 = sum(1 << (r * b0.width + c) for r, c in ((2, 8), (2, 9), (3, 8), (3, 9), (3, 10), (4, 9), (4, 10)))  # E43
    S[pb(0) + P_COVERED], S[pb(0) + P_COVERED + 1] = words(full0 & ~(hole1 | hole2))
    S[pb(1) + P_COVERED], S[pb(1) + P_COVERED + 1] = words(full1 & ~(1 << (8 * b1.width + 13)))
    for p in range(2):
        S[pb(p) + P_FITS:pb(p) + P_FITS + data.N_TILES] = -1
    S[pb(1) + P_HOUSE:pb(1) + P_HOUSE + data.N_SPECIES] = 0
    S[pb(1) + P_HOUSE + PENGUIN] = b1.houses
    S[pb(1) + P_NENC] = 1
    S[eb(1, 0) + E_CAPACITY], S[eb(1, 0) + E_SPECIES], S[eb(1, 0) + E_COUNT] = 4, FLAMINGO, 3
    tile = {t.id: t.index for t in data.TILES}
    stacks = {11: ["E11"], 13: ["E12", "E24", "E43"], 14: ["E13", "E25", "E41"]}  # bottom first
    for h, space in enumerate(data.HARBOUR_SPACES):
        S[G_HEIGHT + h] = len(stacks.get(space, []))
        for level, name in enumerate(stacks.get(space, [])):
            S[G_STACK + 3 * h + level] = tile[name]
    S[G_ELEPHANT] = 10
    S[G_TURNS] = 0
    return S, ids, params, ws


def test_search_sees_the_trap_the_heuristic_walks_into():
    heuristic = GAME.policy("heuristic")
    S, ids, params, ws = trap([heuristic, heuristic])
    assert list(play_on(S, ids, params, ws)) == [0.0, 1.0]  # the heuristic takes E43 and loses
    search = GAME.policy("search:budget=8")
    S, ids, params, ws = trap([search, heuristic])
    c, cand, _ = decide(S, ids, params, ws)
    assert cand[0, Z.C_SPACE] == 13  # candidate 0 is the heuristic's move
    assert cand[c, Z.C_SPACE] == 11 and cand[c, Z.C_CODE] // Z.SUB_BASE == data.TILES[10].index  # E11 first
    assert list(play_on(S, ids, params, ws)) == [1.0, 0.0]  # and the search wins


def shuffled_hidden(S, rng: random.Random):
    """S with the tiles below the stack tops permuted among the places of their size (what no seat sees)."""
    S = S.copy()
    places: dict[int, list[int]] = {}
    for h in range(N_HARBOURS):
        for level in range(int(S[G_HEIGHT + h]) - 1):
            places.setdefault(data.TILES[S[G_STACK + 3 * h + level]].size, []).append(G_STACK + 3 * h + level)
    for at in places.values():
        tiles = [int(S[k]) for k in at]
        rng.shuffle(tiles)
        for k, t in zip(at, tiles):
            S[k] = t
    return S


@pytest.mark.parametrize("players,turns", [(2, 0), (2, 9), (4, 14), (1, 5)])
def test_hidden_tiles_do_not_change_the_decision(players, turns):
    heuristic = [GAME.policy("heuristic")] * players
    S, ids, params, ws = ready(Rules(), players, heuristic, seed=5, game_index=3)
    for _ in range(turns):  # a few heuristic turns first
        Z.next_turn(S, TABLE, ws[2])
    seat = int(S[G_TURNS]) % players
    specs = list(heuristic)
    specs[seat] = GAME.policy("search:budget=24")
    ids, params = policy_arrays(specs, MAX_PARAMS)
    first = decide(S, ids, params, ws, seat)
    assert len(first[1]) > 1
    rng = random.Random(7)
    for _ in range(3):
        hidden = shuffled_hidden(S, rng)
        assert not np.array_equal(hidden, S)
        again = decide(hidden, ids, params, ws, seat)
        assert again[0] == first[0] and np.array_equal(again[1], first[1]) and np.array_equal(again[2], first[2])


def test_candidates_one_plays_the_heuristic_game():
    for players, rules in [(1, Rules()), (2, Rules(short_game=True)), (3, Rules(max_added_per_enclosure_per_turn=1)),
                           (4, Rules())]:
        rest = [GAME.policy("greedy")] * (players - 1)
        a = GAME.play_block(rules, players, [GAME.policy("search:candidates=1")] + rest, 7, 0, 30, threads=1)
        b = GAME.play_block(rules, players, [GAME.policy("heuristic")] + rest, 7, 0, 30, threads=1)
        assert all(np.array_equal(a[k], b[k]) for k in a)


def test_same_games_on_one_and_two_threads_and_in_replay():
    specs = [GAME.policy("search:budget=8"), GAME.policy("heuristic"),
             GAME.policy("search:budget=12,candidates=4,replies=3")]
    one = GAME.play_block(Rules(), 3, specs, 11, 4, 6, threads=1)
    two = GAME.play_block(Rules(), 3, specs, 11, 4, 6, threads=2)
    assert all(np.array_equal(one[k], two[k]) for k in one)
    for g in (0, 5):
        _, out, shares, _ = play_traced(Rules(), 3, specs, 11, 4 + g)
        assert list(out[:, 0]) == list(one["score"][3 * g:3 * g + 3])
        assert list(shares) == list(one["win_share"][3 * g:3 * g + 3])
        assert list(out[:, 1]) == list(one["rank"][3 * g:3 * g + 3])


class SearchReplayed:
    """A search seat in the reference game: the moves the engine's search chose (its event log: the MOVE after each
    of its EV_SEARCH rows, and the chosen candidate's first decision), the heuristic (default weights) otherwise."""

    def __init__(self, events, seat: int) -> None:
        self.heuristic = HeuristicPolicy(tuple(p.default for p in POLICIES["heuristic"].params))
        self.turns: deque = deque()
        for i, ev in enumerate(events):
            if ev[0] == EV_SEARCH and ev[1] == seat:
                chosen = events[i + 1 + ev[3]]
                assert chosen[0] == EV_CANDIDATE
                move = next(e for e in events[i:] if e[0] == EV_MOVE)
                self.turns.append((move, chosen[3]))
        self.code = None

    def choose(self, match, kind: int, player: int, options: list, context: int = 0) -> int:
        if kind == D_DESTINATION:
            move, self.code = self.turns.popleft()
            return [(o[0], o[1], o[2], o[4]) for o in options].index(tuple(move[2:6]))
        if kind in (D_ENCLOSURE_PLACE, D_ANIMAL_OPTION) and self.code is not None:
            code, self.code = self.code, None
            if kind == D_ENCLOSURE_PLACE:
                return options.index(code % Z.SUB_BASE)
            return options.index((code // 8, code % 8 - 1))
        return self.heuristic.choose(match, kind, player, options, context)


@pytest.mark.parametrize("players,rules", [(1, Rules()), (2, Rules(short_game=True)),
                                           (3, Rules(max_added_per_enclosure_per_turn=2)),
                                           (4, Rules(win_check="immediate")), (5, Rules())])
def test_search_games_are_legal_games(players, rules):
    """The reference plays the search's moves (checking the state after every turn) to the very same game."""
    specs = [GAME.policy("search:budget=6,candidates=6,replies=2")] + [GAME.policy("heuristic")] * (players - 1)
    if players >= 3:
        specs[2] = GAME.policy("search:budget=4,candidates=3,rollout=1,horizon=6")
    for index in range(2):
        events, out, shares, _ = play_traced(rules, players, specs, 13, index)
        policies = [SearchReplayed(events, s) if spec.name == "search" else reference.policy_for(spec)
                    for s, spec in enumerate(specs)]
        match = CheckedMatch(rules, players, policies, 13, index).play()
        assert [e for e in events if e[0] not in (EV_SEARCH, EV_CANDIDATE)] == match.events
        assert [int(x) for x in out[:, 0]] == match.scores() and list(shares) == pytest.approx(match.win_shares())


def test_explain_shows_the_candidates():
    specs = [GAME.policy("search:budget=48,candidates=4"), GAME.policy("heuristic")]
    plain = GAME.replay(Rules(), 2, specs, 3, 1)
    explained = GAME.replay(Rules(), 2, specs, 3, 1, explain=True)
    assert "search, seat" not in plain and "playouts" not in plain
    lines = explained.splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("  search, seat 0: ")]
    assert len(heads) > 5 and lines[heads[0] - 1] == "-- turn 1"
    for i in heads:
        assert lines[i - 1].startswith("-- turn ") and " candidates (#0 is the heuristic's), " in lines[i]
        n = int(lines[i].split(": ")[1].split(" ")[0])
        rows = lines[i + 1:i + 1 + n]
        assert all(r.startswith(("  * #", "    #")) and "space " in r and " playouts, mean " in r for r in rows)
        assert sum(r.startswith("  * #") for r in rows) == 1
    assert "4 candidates (#0 is the heuristic's), 48 playouts; plays #" in lines[heads[0]]
    # without the search rows, the very lines of the plain replay
    assert [line for line in lines if not line.startswith(("  search, ", "  * #", "    #"))] == plain.splitlines()


def test_explain_says_the_replies_weighed():
    specs = [GAME.policy("search:budget=24,candidates=3,replies=3"), GAME.policy("heuristic")]
    lines = GAME.replay(Rules(), 2, specs, 3, 1, explain=True).splitlines()
    heads = [line for line in lines if line.startswith("  search, seat 0: ")]
    assert len(heads) > 5 and all("samples (each weighs 3 replies of the next seat); plays #" in line for line in heads)
    # below the default budget the dial halves the shortlist (3 -> 2); 24 // 3 replies = 8 samples, 4 a candidate
    assert "2 candidates (#0 is the heuristic's), 8 samples" in heads[0]
    rows = [line for line in lines if line.startswith(("  * #", "    #"))]
    assert rows and all(" samples, mean " in row and "playouts" not in row for row in rows)


@pytest.mark.parametrize("budget, width, horizon, replies", [
    (1, 2, 2, 0), (3, 2, 5, 0), (6, 2, 5, 0), (12, 4, 10, 0), (47, 4, 10, 0), (48, 8, 0, 0), (191, 8, 0, 0),
    (192, 8, 0, 4), (767, 8, 0, 4), (768, 8, 0, 8), (3072, 8, 0, 16)])
def test_the_dial_looks_less_far_below_the_default_and_weighs_replies_above(budget, width, horizon, replies):
    assert Z.width_for(8.0, budget) == width and Z.width_for.py_func(8.0, budget) == width
    assert Z.horizon_for(0.0, budget) == horizon and Z.horizon_for.py_func(0.0, budget) == horizon
    assert Z.horizon_for(6.0, 12) == 3 and Z.horizon_for(6.0, 3) == 1 and Z.horizon_for(6.0, 192) == 6
    assert Z.replies_for(0.0, budget, 2) == replies and Z.replies_for.py_func(0.0, budget, 2) == replies
    assert Z.width_for(1.0, 3) == 1 and Z.width_for(3.0, 3) == 2   # 1 stays the heuristic's turn
    assert Z.replies_for(6.0, 48, 2) == 6 and Z.replies_for(6.0, 192, 2) == 6 and Z.replies_for(2.0, 3, 2) == 2
    # at 3 players and more the dial weighs no replies (one seat answering for itself is no better a model there)
    assert Z.replies_for(0.0, budget, 4) == 0 and Z.replies_for(0.0, budget, 1) == 0 and Z.replies_for(5.0, 768, 3) == 5


def test_budget_counts_playouts_when_replies_are_weighed():
    """At 192 (four times the default) a sample weighs 4 replies: 48 samples, the default's 48 without replies; at
    100 with replies=4, 25 samples, of which the halving over 8 candidates spends 8 a round (24)."""
    heuristic = [GAME.policy("heuristic")] * 2
    S, ids, params, ws = ready(Rules(), 2, heuristic, seed=5, game_index=3)
    for _ in range(6):
        Z.next_turn(S, TABLE, ws[2])
    for budget, samples, replies in [(48, 48, 0), (192, 48, 4), (100, 24, 4)]:
        spec = f"search:budget={budget}" + (",replies=4" if budget == 100 else "")
        ids, params = policy_arrays([GAME.policy(spec), heuristic[1]], MAX_PARAMS)
        S2 = S.copy()
        W, Fr, Fg, cand, stats, alive, X, V, stream = ws
        Z.seat_search(S2, params, ids, Fr, Fg, X)
        Z.search_turn(S2, TABLE, params[0], 0, 1, 0, W, Fr, cand, stats, alive, X, V, stream, NO_TIMINGS)
        row = next(S2[LOG + 6 * k:LOG + 6 * k + 6] for k in range(int(S2[G_NEVENTS])) if S2[LOG + 6 * k] == EV_SEARCH)
        assert int(row[2]) == 8 and int(row[4]) == samples and int(row[5]) == replies


def test_a_sample_is_worth_the_reply_best_for_the_next_seat():
    """playout with replies: the next seat's shortlist is played out reply by reply (each from the same state and
    stream), and the sample is worth, to the searching seat, the playout the next seat values most."""
    heuristic = [GAME.policy("heuristic")] * 2
    S, ids, params, ws = ready(Rules(), 2, heuristic, seed=5, game_index=3)
    for _ in range(8):
        Z.next_turn(S, TABLE, ws[2])
    p = int(S[G_TURNS]) % 2
    q = 1 - p
    W, Fr, Fg, cand, stats, alive, X, V, stream = ws
    n = Z.shortlist(S, W, TABLE, Fr[p], p, 4, cand, X, V)
    assert n == 4
    key, rollout, bonus, replies = 99, Z.POLICY_HEURISTIC, 10.0, 5
    checked = 0
    for c in range(n):
        for sample in range(3):
            got = Z.playout((S, W, TABLE, Fr, cand, X, V, stream, key, p, 0, rollout, bonus, replies), c, sample)
            # the same sample by hand: the candidate's turn, the next seat's replies each played out
            Wp = np.zeros_like(W[:Z.W_SIZE])
            Z.sample_stream(stream, key, sample)
            Z.determinize(Wp, S, X, stream)
            Wp[Z.G_POLICY:Z.G_POLICY + 2] = rollout
            Z.force_turn(Wp, TABLE, Fr, p, cand[c].copy(), rollout)
            assert int(Wp[G_TURNS]) % 2 == q
            answers = np.zeros((Z.MAX_CANDIDATES, 4), np.int64)
            m = Z.shortlist(Wp, np.zeros_like(Wp), TABLE, Fr[q], q, replies, answers, X, V)
            assert m > 1
            values = []
            for r in range(m):
                Wr = Wp.copy()
                Z.force_turn(Wr, TABLE, Fr, q, answers[r], rollout)
                Z.roll(Wr, TABLE, Fr, int(Wr[Z.R_MAX_TURNS]))
                values.append((Z.outcome(Wr, q, bonus), Z.outcome(Wr, p, bonus)))
            best = max(range(m), key=lambda r: (values[r][0], -r))
            assert got == values[best][1]
            checked += len({v[1] for v in values}) > 1  # the replies differ for p: the choice matters
    assert checked >= 3
