"""The `search` policy (castles/search.py): it searches (a position where its playouts overrule heuristic), it reads
public information only, its games are reproducible (threads, replay) and legal, and --explain shows its
candidates. Small budgets and few games: the search compiles once for the file."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from zoosim.games.castles import play as P
from zoosim.games.castles import search as S
from zoosim.games.castles.components import data
from zoosim.games.castles.components import geometry as g
from zoosim.games.castles.engine import greedy_heuristic as PP
from zoosim.games.castles.engine import state as ES
from zoosim.games.castles.engine.game import play_on
from zoosim.games.castles.engine.rewards import _act_options
from zoosim.games.castles.engine.setup import setup
from zoosim.games.castles.reference.castle import Castle
from zoosim.games.castles.reference.scoring import static_points
from zoosim.games.castles.replay import SEARCH_OPTION, replay_text
from zoosim.games.castles.rules import Rules
from zoosim.games.registry import get_game
from zoosim.search.streams import decision_key

R = Rules()
GAME = get_game("castles")


def search_spec(players: int, text: str = "search:budget=16"):
    return GAME.policy(text, players)


# ---------------------------------------------------------------- a decision on a state
def state_at_decision(players, policies, seed, index, skip=0):
    """The state of game (seed, index) at the (skip+1)-th search decision of the game (the loop stopped there), with
    the pack and the policy arrays."""
    pk = P.Pack(R, players)
    codes, params = P._policy_arrays(policies)
    P.seed_stream(pk.rng, seed, index)
    setup(pk.G, pk.CS, pk.R, pk.RG, pk.EV, pk.rng, codes, params, pk.PW)
    seen = 0
    while True:
        stop = play_on(pk.G, pk.CS, pk.R, pk.RG, pk.PW, pk.EV, pk.rng, pk.keys, pk.opts, pk.cbuf, True)
        if stop == ES.STOP_ROUND:
            assert pk.G[ES.G_END] < 0, "the game ended before that decision"
            continue
        if seen == skip:
            return pk, codes, params, stop
        seen += 1
        n = pk.G[ES.G_N]
        seat = pk.G[ES.G_MB] if stop == ES.STOP_PRICE else (pk.G[ES.G_MB] + pk.G[ES.G_TURNK]) % n
        w = pk.workspace()
        decide(pk, params, stop, seat, 0, w)


def decide(pk, params, stop, seat, key, w, EV=None, prow=None):
    """search.decide on the pack's state; returns (the option set: act code or plan, stats of the candidates, k)."""
    EV = pk.EV[:0] if EV is None else EV
    row = params[pk.G[ES.G_SEATPOL + seat]] if prow is None else prow
    S.decide(stop, seat, key, pk.G, pk.CS, pk.R, pk.RG, pk.PW, EV, row, w.WG, w.WCS, w.WPW, w.EV0, w.rs, pk.keys,
             pk.opts, pk.cbuf, w.out, w.info, w.cand, w.plans, w.vals, w.stats, w.alive, w.scratch, w.fp)
    if stop == ES.STOP_ACT:
        return int(pk.G[ES.G_FORCED] - 1)
    return tuple(int(v) for v in pk.G[PP.PLAN:PP.PLAN + pk.G[ES.G_MKT_N]])


def heuristic_act(pk, seat):
    n = _act_options(pk.G, pk.CS, pk.R, pk.RG, seat, 0)
    i = PP.act_choice(pk.G, pk.CS, pk.R, pk.RG, pk.PW, seat, n, pk.keys, pk.opts)
    pk.G[PP.MEMO_TILE] = -1
    return int(pk.G[ES.G_OPT + i])


def test_search_overrules_heuristic_where_its_playouts_say_so():
    """2 players, seed 5, game 3, the search seat's first turn: heuristic buys one room; a few rounds on the search
    finds another option clearly better (its playouts' mean margin ahead by points, not noise) and plays it at a
    small budget. With budget 0 (no playout) it plays heuristic's choice: the difference is the search's. (24 playouts
    are a step below the default on the dial, which halves the width and shortens the horizon by a round: 8 and 4
    give a shortlist of 4 and a horizon of 3 rounds.)"""
    players, policies = 2, [search_spec(2, "search:budget=24,candidates=8,horizon=4"), "heuristic"]
    found = None
    for skip in range(6):
        pk, codes, params, stop = state_at_decision(players, policies, 5, 3, skip)
        if stop != ES.STOP_ACT:
            continue
        seat = (pk.G[ES.G_MB] + pk.G[ES.G_TURNK]) % players
        G0, CS0 = pk.G.copy(), pk.CS.copy()
        mine = heuristic_act(pk, seat)
        w = pk.workspace()
        chosen = decide(pk, params, stop, seat, 11, w)
        means = w.stats[:, 1] / np.maximum(w.stats[:, 0], 1)
        if chosen != mine:
            found = (chosen, mine, means, w.cand.copy(), w.stats.copy(), G0, CS0, seat, params)
            break
    assert found is not None, "no searched decision overruled heuristic in the first turns"
    chosen, mine, means, cand, stats, G0, CS0, seat, params = found
    k = int((stats[:, 0] > 0).sum())
    at_mine = list(cand[:k]).index(mine)
    at_chosen = list(cand[:k]).index(chosen)
    assert at_mine == 0  # heuristic's choice heads the shortlist
    assert means[at_chosen] > means[at_mine] + 1.0
    # the same state with budget 0 plays heuristic's choice
    pk.G[:] = G0
    pk.CS[:] = CS0
    row = params[pk.G[ES.G_SEATPOL + seat]].copy()
    row[0] = 0
    assert decide(pk, params, ES.STOP_ACT, seat, 11, pk.workspace(), prow=row) == mine


@pytest.mark.parametrize("skip", [0, 1, 2, 3])
def test_the_decision_reads_public_information_only(skip):
    """Re-order the room-card deck below the cards drawn, swap stack tiles with tiles set aside at setup, re-deal the
    other seat's bonus cards and the bonus deck: the search decides the same, with the same statistics."""
    players, policies = 3, [search_spec(3), "heuristic", "greedy"]
    pk, codes, params, stop = state_at_decision(players, policies, 17, 2, skip)
    n = pk.G[ES.G_N]
    seat = pk.G[ES.G_MB] if stop == ES.STOP_PRICE else (pk.G[ES.G_MB] + pk.G[ES.G_TURNK]) % n
    G0, CS0 = pk.G.copy(), pk.CS.copy()
    w = pk.workspace()
    first = decide(pk, params, stop, seat, 99, w)
    stats = w.stats.copy()
    rng = np.random.default_rng(skip)
    G = G0.copy()
    head, total = G[ES.G_DECK_HEAD], int(pk.RG[ES.RG_COMP:ES.RG_COMP + ES.N_SIZES].sum())
    G[ES.G_DECK + head:ES.G_DECK + total] = rng.permutation(G[ES.G_DECK + head:ES.G_DECK + total])
    seen = set(G[ES.G_MKT_T:ES.G_MKT_T + G[ES.G_MKT_N]]) | set(G[ES.G_PEND:ES.G_PEND + G[ES.G_PEND_N]])
    for q in range(n):
        seen |= set(CS0[q, S.EC.T_TILE:S.EC.T_TILE + CS0[q, S.EC.H_N]])
    for s in range(ES.N_SIZES):
        at, k = ES.G_STK + s * ES.MAX_STACK, G[ES.G_STN + s]
        unseen = [t for t in ES.SIZE_TILES[s] if t >= 0 and t not in seen]
        G[at:at + k] = rng.permutation(unseen)[:k]
    cards = list(G[ES.G_BD:ES.G_BD + G[ES.G_BD_N]])
    for q in range(n):
        if q != seat:
            at = ES.G_PL + q * ES.PB
            cards += list(G[at + ES.P_BONUS:at + ES.P_BONUS + G[at + ES.P_BONUS_N]])
    cards = list(rng.permutation(cards))
    for q in range(n):
        if q != seat:
            at = ES.G_PL + q * ES.PB
            h = G[at + ES.P_BONUS_N]
            G[at + ES.P_BONUS:at + ES.P_BONUS + h] = cards[:h]
            cards = cards[h:]
    G[ES.G_BD:ES.G_BD + G[ES.G_BD_N]] = cards
    assert not np.array_equal(G, G0)
    pk.G[:] = G
    pk.CS[:] = CS0
    assert decide(pk, params, stop, seat, 99, w) == first
    assert np.array_equal(w.stats, stats)


# ---------------------------------------------------------------- whole games
def test_same_rows_for_one_and_two_threads_and_replay_shows_the_simulated_game():
    players = 2
    specs = [search_spec(players), GAME.policy("heuristic", players)]
    one = GAME.play_block(R, players, specs, 41, 0, 130, threads=1)
    two = GAME.play_block(R, players, specs, 41, 0, 130, threads=2)
    for column in one:
        assert np.array_equal(one[column], two[column]), column
    for index in (0, 7):
        events, rows = P.play_traced(R, players, specs, 41, index)
        by_policy = sorted(rows, key=lambda r: int(r[ES.O_POLICY]))
        for p, r in enumerate(by_policy):
            at = index * players + p
            assert one["score"][at] == r[ES.O_SCORE] and one["rank"][at] == r[ES.O_RANK]
            assert one["turns"][at] == r[ES.O_TURNS]
        assert any(e[0] == SEARCH_OPTION for e in events)


def test_a_search_game_without_search_rows_is_heuristics_game():
    """budget 0 plays heuristic's choices at every hook: the same game as heuristic in that seat (less the search
    rows of the trace)."""
    players = 3
    specs = [search_spec(players, "search:budget=0"), "greedy", "heuristic"]
    events, rows = P.play_traced(R, players, specs, 8, 4)
    plain, rows2 = P.play_traced(R, players, ["heuristic", "greedy", "heuristic"], 8, 4)
    assert [e for e in events if e[0] != SEARCH_OPTION] == plain
    assert np.array_equal(rows[:, ES.O_SCORE], rows2[:, ES.O_SCORE])


@pytest.mark.parametrize("players", [2, 4])
def test_search_games_keep_the_rules_invariants(players):
    """The rules' invariants (test_games.check's, on the castles the event rows lay): every room at most once, no
    cell claimed twice, door states as geometry's, placement points equal the static evaluation and the SCORE rows,
    scores the sum of their parts, every seat's marks as the rows move them, one win in shares."""
    specs = [search_spec(players)] + ["heuristic"] * (players - 1)
    if players == 4:
        specs[2] = search_spec(players, "search:budget=8,horizon=0")
    for index in range(3):
        events, rows = P.play_traced(R, players, specs, 23, index)
        castles = []
        xy = R.geometry().foyer_xy
        for _ in range(players):
            c = Castle(R)
            c.add(data.FOYER, 0, xy, xy)
            castles.append(c)
        money = [R.start_money] * players
        scored = [0] * players
        rooms = Counter()
        for kind, seat, a, b, c, d, e in events:
            if kind == ES.PLACE:
                castles[seat].add(a, b, c, d, e)
                if a < data.N_ROOMS:
                    rooms[a] += 1
            elif kind == ES.SCORE:
                scored[seat] += b
            elif kind == ES.BUY_ROOM:
                money[seat] += d - c
                if e >= 0:
                    money[e] += c
            elif kind == ES.BUY_PIECE:
                money[seat] -= b
                if e >= 0:
                    money[e] += b
            elif kind == ES.PASS:
                money[seat] += a
            elif kind == ES.REWARD and a == data.OUTDOOR and not d:
                money[seat] += b
        assert max(rooms.values()) == 1
        shares = 0.0
        for r in rows:
            p = int(r[ES.O_POSITION])
            castle = castles[p]
            claimed: dict = {}
            for pl in castle.tiles:
                for cell, q in g.quarters(pl, R.allow_half_cell_sharing).items():
                    assert not claimed.get(cell, 0) & q
                    claimed[cell] = claimed.get(cell, 0) | q
            states = g.door_states(castle.tiles)
            assert castle.door_state == [[s for s, _ in row] for row in states]
            assert r[ES.O_PLACE] == static_points(castle, R) == scored[p]
            parts = sum(int(r[k]) for k in (ES.O_START, ES.O_PLACE, ES.O_COMPL, ES.O_EXH, ES.O_FAV, ES.O_BON,
                                             ES.O_MONEYPTS))
            assert r[ES.O_SCORE] == parts
            assert r[ES.O_MONEY] == money[p] >= 0
            shares += 1.0 / r[ES.O_WINNERS] if r[ES.O_RANK] == 1 else 0.0
        assert abs(shares - 1.0) < 1e-9
        assert rows[0, ES.O_TURNS] >= rows[0, ES.O_ROUNDS] * players


def test_explain_shows_the_candidates_with_playouts_and_means():
    specs = [search_spec(2), GAME.policy("heuristic", 2)]
    plain = replay_text(R, 2, specs, 3, 1)
    text = replay_text(R, 2, specs, 3, 1, explain=True)
    assert "searches" not in plain and "playouts" not in plain
    assert "player 0 searches (its action):" in text
    assert "player 0 searches (pricing):" in text
    lines = [line for line in text.splitlines() if "playouts, mean" in line]
    assert len(lines) >= 10
    assert sum(line.lstrip().startswith("*") for line in lines) == sum(
        1 for line in text.splitlines() if "searches (" in line)
    # without explain the story is the same, line for line, less the search lines
    assert [line for line in text.splitlines() if "playouts, mean" not in line and "searches (" not in line] == \
        plain.splitlines()


def test_event_kind_and_keys():
    assert SEARCH_OPTION == ES.SEARCH_OPTION
    assert S.PLAN_CODE == 3000 and tuple(S.PRICE_INTENTS) == __import__(
        "zoosim.games.castles.replay", fromlist=["PRICE_INTENTS"]).PRICE_INTENTS
    assert decision_key(1, 2, 0, 0) != decision_key(1, 2, 1, 0)
