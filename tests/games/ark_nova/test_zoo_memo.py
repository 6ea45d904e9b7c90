"""Ark Nova's zoo memos (engine.build.zoo_memo and footprint_memo, engine.animals.icon_counts): every answer the
engine keeps for a zoo equals the answer computed afresh, after every turn of `uniform` and `random` games under
random rules. The memos are read only while the seat's P_ZOO_VERSION is the one they were made for, so a writer of
a zoo's cards, buildings or housed animals that forgets to add 1 to it fails here."""
import random

import numpy as np
from tests.games.ark_nova.common import random_play_rules

from zoosim.core.rng import seed_stream
from zoosim.games.ark_nova.components.vocab import BUILDINGS, ICONS
from zoosim.games.ark_nova.engine import animals as ea
from zoosim.games.ark_nova.engine import build as eb
from zoosim.games.ark_nova.engine import game as eg
from zoosim.games.ark_nova.engine import state as es
from zoosim.games.ark_nova.engine.chain import run
from zoosim.games.ark_nova.engine.planner import start_turn
from zoosim.games.ark_nova.engine.setup import setup
from zoosim.games.ark_nova.engine.turn import WHOLE, push_turn
from zoosim.games.ark_nova.pack import R_PEACEFUL, pack
from zoosim.games.ark_nova.policies import RANDOM, UNIFORM

ZOO_FACTS = slice(es.Z_TAG, es.Z_ICON_TAG)       # the facts zoo_memo keeps (the icons have their own tag)
PROBE = es.SCR_TYPES                             # scratch for the answers computed afresh


def fresh(G):
    """A copy of the block with every memo entry forgotten, so each question is answered from the zoo itself."""
    H = G.copy()
    for q in range(es.MAX_PLAYERS):
        H[es.G_ZOO_MEMO + q * es.ZOO_W + es.Z_TAG] = -1
        H[es.G_ZOO_MEMO + q * es.ZOO_W + es.Z_ICON_TAG] = -1
        H[es.G_BUILD_MEMO + q * es.MEMO_W + es.M_VALID] = 0
    return H


def check_seat(G, R, q) -> int:
    """Compare seat q's kept answers with fresh ones; the number of answers compared."""
    b = es.G_PL + q * es.P_SIZE
    version = int(G[b + es.P_ZOO_VERSION])
    z = es.G_ZOO_MEMO + q * es.ZOO_W
    compared = 0
    if G[z + es.Z_TAG] == (version + 1) * 2 + int(R[R_PEACEFUL]):
        H = fresh(G)
        eb.zoo_memo(H, R, q)
        assert list(G[z:z + es.ZOO_W][ZOO_FACTS]) == list(H[z:z + es.ZOO_W][ZOO_FACTS]), (q, version)
        compared += 1
    if G[z + es.Z_ICON_TAG] == version + 1:
        kept, H = G.copy(), fresh(G)
        ea.icon_counts(kept, q, PROBE)
        ea.icon_counts(H, q, PROBE)
        assert list(kept[PROBE:PROBE + len(ICONS)]) == list(H[PROBE:PROBE + len(ICONS)]), (q, version)
        compared += 1
    m = es.G_BUILD_MEMO + q * es.MEMO_W
    if G[m + es.M_VALID]:
        flags = int(G[m + es.M_FLAGS])
        build2, on_rockwater, ignore = flags >> 1 & 1, flags >> 2 & 1, flags >> 3 & 1
        H = fresh(G)
        H[m:m + es.MEMO_W] = G[m:m + es.MEMO_W]
        eb.footprint_memo(H, R, q, build2, on_rockwater, ignore)
        if H[m + es.M_KNOWN] == G[m + es.M_KNOWN]:   # the key still matches this zoo: its answers are read
            for kind in range(len(BUILDINGS)):
                if G[m + es.M_KNOWN] >> kind & 1:
                    found = eb.footprints_with(fresh(G), R, q, kind, build2, PROBE, 1, on_rockwater, ignore) > 0
                    assert bool(G[m + es.M_EXISTS] >> kind & 1) == found, (q, kind, version)
                    compared += 1
    return compared


def test_kept_zoo_answers_equal_fresh_ones_after_every_turn():
    rnd = random.Random(20261202)
    compared = turns = 0
    for game in range(12):
        players = 2 + game % 3
        R = pack(random_play_rules(rnd, players), players)
        G = es.new_state()
        EV = es.new_events(1 << 16)
        rng = np.zeros(4, np.uint64)
        seed_stream(rng, 41, game)
        eg.set_policies(G, [rnd.choice((UNIFORM, RANDOM)) for _ in range(players)], seed=41, game_index=game)
        setup(G, R, EV, rng)
        while not G[es.G_GAME_OVER] and G[es.G_UNSUPPORTED] == 0:
            p = int(G[es.G_CURRENT])
            start_turn(G)
            push_turn(G, p, 0, WHOLE)
            run(G, R, EV, rng, 0)
            start_turn(G)
            turns += 1
            for q in range(players):
                compared += check_seat(G, R, q)
        assert G[es.G_UNSUPPORTED] == 0
    assert turns > 500 and compared > 1000, (turns, compared)
