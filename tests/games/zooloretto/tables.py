"""What the tests of Zooloretto's lookahead and search play on: `Table`, a game played from Python with the engine's
loop, which stops where a lookahead or search seat is on turn; `last_round`, a hand-built position in the last round
(the trucks loaded, the stacks empty and every tile nobody can see out of the game: nothing is hidden)."""
from __future__ import annotations

import numpy as np

from zoosim.core.rng import seed_stream
from zoosim.games.zooloretto import lookahead as L
from zoosim.games.zooloretto import play as P
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.engine.policies import MEMORY_SIZE
from zoosim.games.zooloretto.engine.valuation import LOOKAHEAD
from zoosim.games.zooloretto.rules import FEMALE, MALE, N_CODES, STALL_BASE, Rules, pack

CAMEL, LEOPARD, ELEPHANT, PANDA, CHIMP, ZEBRA = 1, 2, 3, 4, 5, 6


def last_round(S: np.ndarray, trucks: list[list[int]], rules: Rules) -> None:
    """Load `trucks` (tile codes per truck) into S, make it the last round with the stacks empty, and put every tile
    of the species in play (those with a supply), every stall and every coin tile that is not in sight out of the
    game."""
    for t, tiles in enumerate(trucks):
        S[E.T_COUNT + t] = len(tiles)
        for k, code in enumerate(tiles):
            S[E.T_TILES + t * 8 + k] = code
    S[E.H_ROUND] = 9
    S[E.H_LAST_ROUND] = 1
    counts = np.zeros(N_CODES, np.int64)
    L.visible_tiles(S, counts)
    for s in range(8):
        if S[E.SUPPLY + s] > 0:
            total = {4 * s + MALE: 2, 4 * s + FEMALE: 2, 4 * s: rules.tiles_per_species - 4}
            for code, n in total.items():
                S[E.OUT + code] = n - counts[code]
    for kind in range(rules.stall_kinds):
        S[E.OUT + STALL_BASE + kind] = rules.stalls_per_kind - counts[STALL_BASE + kind]
    S[E.OUT + 80] = rules.coin_tiles
    S[E.H_TOTAL] = S[E.H_DRAW_PTR] = S[E.H_MAIN_LEN] = 100


class Table:
    """A game from its setup, played by the engine's loop until a seat whose policy id is LOOKAHEAD or above (the
    lookahead, search) is on turn: `p` is that seat (-1 at the end); `play_out` goes on after its turn."""

    def __init__(self, rules: Rules, players: int, seed: int, game_index: int, ids: np.ndarray,
                 params: np.ndarray) -> None:
        self.players, self.seed, self.game_index = players, seed, game_index
        self.S = np.zeros(E.STATE_SIZE, np.int64)
        self.deck = np.zeros(P.MAX_DECK, np.int64)
        self.rng = np.zeros(4, np.uint64)
        self.options = np.zeros(E.MAX_OPTIONS, np.int64)
        self.workspace = np.zeros((3, E.STATE_SIZE), np.int64)
        self.memory = np.full(MEMORY_SIZE, -1.0)
        self.no_log = np.zeros((0, players), np.int16)
        self.components = np.zeros(E.N_COMPONENTS, np.int64)
        self.ids, self.params = ids, params
        seed_stream(self.rng, seed, game_index)
        P.setup(self.S, pack(rules, players), self.deck, self.rng)
        self.S[E.H_ROUND] = 1
        P.start_round(self.S)
        self.p = self.play_out(0, False)

    def play_out(self, p: int, played: bool) -> int:
        return P.play_out(self.S, self.deck, self.rng, p, played, self.ids, self.params, self.options,
                          self.workspace, self.memory, self.no_log, self.components, LOOKAHEAD)
