"""Ark Nova's tracks in numba (spec §4.4, §4.5, §8.1-§8.3): gains with their caps, reputation with its one-time
bonuses, conservation points with the spaces 2 / 5 / 8 / 10, workers, upgrades — the same decisions, draws and
event rows as reference.state's `gain`, `hire_worker`, `upgrade` and what they call.

Why an effect stack: in the reference these call each other depth-first (a reputation bonus hires the last worker,
whose CP pass space 5, whose tile gives 2 reputation, ...), and the order of the events depends on it (a nested CP
gain resolves its spaces before the outer gain's later ones). numba cannot cache recursive functions (numba issue
#6061: the cached copy segfaults when loaded), so the recursion is an explicit stack of frames in G (G_STACK,
FRAME_W ints each): a gain that can chain pushes a frame; engine.chain.run advances the top frame one unit at a
time until the stack is back at its starting depth. A frame records where it resumes, so a unit that pushes a new
frame simply returns and the new frame runs first, exactly as the nested call did.

    F_REP  (p, steps left, space whose bonuses are being given or -1, next bonus entry)       gain_reputation
    F_CP   (p, CP before the gain, next space rank, sub-step, the space)                       gain_cp's milestones

Leaf operations (appeal, money, X-tokens, paying, an upgrade, a card taken) are done at once; the enclosure3 tile
pushes a free building (engine.place's F_BUILD); the partner_zoo, university and sponsor tiles push engine.tasks'
F_TASK. `push_gain` is a gain inside a frame (what may chain is pushed); the entry points that run a chain to its end
(`gain`, `hire_worker`, ...) are engine.chain's; `upgrade` here is a leaf and may be called from anywhere.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.engine.build import free_build2
from zoosim.games.ark_nova.engine.piles import take_card
from zoosim.games.ark_nova.engine.state import (
    CARD_ID, E_DISCARD, E_GAIN, E_TILE, E_TOKEN, E_UPGRADE, F_BUILD, F_CP, F_REP, F_TASK, F_WORKERS, FR_A, FR_B, FR_C,
    FR_D, FR_P, G_CP10, G_PL, G_PLAYERS, G_SCORING, G_STACK_N, G_TILES, G_TILES_N, H_CP2, H_CP_TILE, H_FINAL_DISCARD,
    H_MULTIPLIER_CARD, H_UPGRADE, MAX_TILES_PER_SPACE, P_APPEAL, P_CP, P_CP_DONE, P_FINALS, P_FINALS_N, P_MONEY,
    P_MULT_PENDING, P_REP, P_REP_DONE, P_SIDE2, P_SIZE, P_WORKERS_ACTIVE, P_WORKERS_SUPPLY, P_X, SCR_TAKE, SCR_TRACKS,
    _choose, _log, _push,
)
from zoosim.games.ark_nova.pack import (
    R_BONUS_TILES, R_BONUS_TILES_N, R_CP_BONUS_MONEY, R_CP_BONUS_SPACES, R_CP_FINAL_DISCARD_SPACE, R_CP_UPGRADE_SPACE,
    R_LAST_WORKER_CP, R_MAX_APPEAL, R_MAX_CP, R_MAX_REPUTATION, R_MAX_X, R_REP_BONUSES, R_REP_BONUSES_N,
    R_REPUTATION_CAP1,
)

CARDS_ACTION = 1


@njit(cache=True, _nrt=False)
def reputation_cap(G, R, p):
    """§8.3: the highest reputation seat p can reach now (max_reputation with Cards side II, else the side-I cap)."""
    return R[R_MAX_REPUTATION] if G[G_PL + p * P_SIZE + P_SIDE2 + CARDS_ACTION] else R[R_REPUTATION_CAP1]


TILE_MONEY10, TILE_ENCLOSURE3, TILE_REP2, TILE_X3, TILE_TAKE3, TILE_PARTNER, TILE_UNIVERSITY, TILE_MULTIPLIER, \
    TILE_SPONSOR = range(9)   # rules.BONUS_TILES order
BONUS_UPGRADE, BONUS_WORKER, BONUS_CARD, BONUS_CP, BONUS_X = range(5)  # rules.REPUTATION_BONUS_KINDS order
UNSUPPORTED_TILE = 1            # G_UNSUPPORTED code once used for tiles; every tile is played now
TAKE_PARTNER, TAKE_UNIVERSITY, TILE_SPONSOR = 0, 1, 2   # engine.tasks' F_TASK kinds
ASSOCIATION = 3
ENCLOSURE3 = 2   # vocab.BUILDINGS: the size-3 enclosure of the enclosure3 tile (R1)
OPTIONS = SCR_TRACKS
CARD_OPTIONS = SCR_TAKE


@njit(cache=True, _nrt=False)
def gain_leaf(G, R, EV, p, resource, amount):
    """Appeal (capped), money or X-tokens (capped): nothing follows from them."""
    if amount <= 0:
        return
    b = G_PL + p * P_SIZE
    if resource == 0:
        G[b + P_APPEAL] = min(R[R_MAX_APPEAL], G[b + P_APPEAL] + amount)
        _log(G, EV, E_GAIN, p, 0, amount, G[b + P_APPEAL], 0)
    elif resource == 1:
        G[b + P_MONEY] += amount
        _log(G, EV, E_GAIN, p, 1, amount, G[b + P_MONEY], 0)
    else:
        G[b + P_X] = min(R[R_MAX_X], G[b + P_X] + amount)
        _log(G, EV, E_GAIN, p, 2, amount, G[b + P_X], 0)


@njit(cache=True, _nrt=False)
def _start_cp(G, R, EV, p, amount, milestones):
    """gain_cp's first half: the CP and its row; the spaces passed become an F_CP frame."""
    b = G_PL + p * P_SIZE
    old = G[b + P_CP]
    G[b + P_CP] = min(R[R_MAX_CP], old + amount)
    _log(G, EV, E_GAIN, p, 4, amount, G[b + P_CP], 0)
    if milestones and not G[G_SCORING]:
        _push(G, F_CP, p, old, 0, 0, 0)


@njit(cache=True, _nrt=False)
def _hire_worker(G, R, EV, p):
    """§4.5: a worker becomes active; the last one's CP (map A) is pushed, not resolved."""
    b = G_PL + p * P_SIZE
    if G[b + P_WORKERS_SUPPLY] <= 0:
        return
    G[b + P_WORKERS_SUPPLY] -= 1
    G[b + P_WORKERS_ACTIVE] += 1
    _log(G, EV, E_GAIN, p, 5, 1, G[b + P_WORKERS_ACTIVE], 0)
    if G[b + P_WORKERS_SUPPLY] == 0 and R[R_LAST_WORKER_CP] > 0:
        _start_cp(G, R, EV, p, R[R_LAST_WORKER_CP], True)


@njit(cache=True, _nrt=False)
def push_gain(G, R, EV, p, resource, amount):
    """reference.state.gain inside a frame: leaves at once, reputation / CP / workers pushed above it (a unit's last
    act, so that they resolve before the unit's next stage)."""
    if amount <= 0:
        return
    if resource <= 2:
        gain_leaf(G, R, EV, p, resource, amount)
    elif resource == 3:
        _push(G, F_REP, p, amount, -1, 0, 0)
    elif resource == 4:
        _start_cp(G, R, EV, p, amount, True)
    else:
        _push(G, F_WORKERS, p, amount, 0, 0, 0)


@njit(cache=True, _nrt=False)
def pay(G, EV, p, amount):
    """reference.state.pay (the caller checked the money)."""
    if amount > 0:
        b = G_PL + p * P_SIZE
        G[b + P_MONEY] -= amount
        _log(G, EV, E_GAIN, p, 1, -amount, G[b + P_MONEY], 0)


@njit(cache=True, _nrt=False)
def upgrade(G, R, EV, rng, p):
    """§4.4: UPGRADE over the side-I action cards ascending (nothing if none is left)."""
    b = G_PL + p * P_SIZE
    n = 0
    for a in range(5):
        if G[b + P_SIDE2 + a] == 0:
            G[OPTIONS + n] = a
            n += 1
    if n == 0:
        return
    a = G[OPTIONS + _choose(G, EV, rng, p, H_UPGRADE, n)]
    G[b + P_SIDE2 + a] = 1
    _log(G, EV, E_UPGRADE, p, a, 0, 0, 0)


@njit(cache=True, _nrt=False)
def _cp_space(R, rank):
    """The rank-th smallest distinct CP space with an effect (upgrade, the two bonus spaces, final discard), -1
    past the last."""
    prev = -1
    for _ in range(rank + 1):
        best = -1
        for k in range(4):
            v = R[R_CP_UPGRADE_SPACE] if k == 0 else R[R_CP_BONUS_SPACES + k - 1] if k < 3 else \
                R[R_CP_FINAL_DISCARD_SPACE]
            if v > prev and (best < 0 or v < best):
                best = v
        if best < 0:
            return -1
        prev = best
    return prev


@njit(cache=True, _nrt=False)
def _cp_upgrade_or_worker(G, R, EV, rng, p):
    b = G_PL + p * P_SIZE
    n = 0
    for a in range(5):
        if G[b + P_SIDE2 + a] == 0:
            G[OPTIONS] = 0
            n = 1
            break
    if G[b + P_WORKERS_SUPPLY] > 0:
        G[OPTIONS + n] = 1
        n += 1
    if n == 0:
        return
    if G[OPTIONS + _choose(G, EV, rng, p, H_CP2, n)] == 0:
        upgrade(G, R, EV, rng, p)
    else:
        _hire_worker(G, R, EV, p)


@njit(cache=True, _nrt=False)
def _cp_bonus_space(G, R, EV, rng, p, space):
    """§8.2 CP 5 / 8: money, or a tile still on the space (it leaves the game) with its effect."""
    i = 1 if R[R_CP_BONUS_SPACES + 1] == space else 0
    at = G_TILES + i * MAX_TILES_PER_SPACE
    n = G[G_TILES_N + i]
    k = _choose(G, EV, rng, p, H_CP_TILE, n + 1) - 1
    if k < 0:
        gain_leaf(G, R, EV, p, 1, R[R_CP_BONUS_MONEY])
        return
    pos = G[at + k]
    for j in range(k, n - 1):
        G[at + j] = G[at + j + 1]
    G[G_TILES_N + i] = n - 1
    tile = R[R_BONUS_TILES + pos]
    first = pos
    for j in range(R[R_BONUS_TILES_N] - 1, -1, -1):
        if R[R_BONUS_TILES + j] == tile:
            first = j
    _log(G, EV, E_TILE, p, space, first, 0, 0)
    if tile == TILE_MONEY10:
        gain_leaf(G, R, EV, p, 1, 10)
    elif tile == TILE_REP2:
        _push(G, F_REP, p, 2, -1, 0, 0)
    elif tile == TILE_X3:
        gain_leaf(G, R, EV, p, 2, 3)
    elif tile == TILE_TAKE3:
        for _ in range(3):
            take_card(G, R, EV, rng, p, CARD_OPTIONS)
    elif tile == TILE_MULTIPLIER:
        a = _choose(G, EV, rng, p, H_MULTIPLIER_CARD, 5)
        G[G_PL + p * P_SIZE + P_MULT_PENDING + a] += 1
        _log(G, EV, E_TOKEN, p, 0, a, 0, 0)
    elif tile == TILE_ENCLOSURE3:
        _push(G, F_BUILD, p, ENCLOSURE3, free_build2(G, R, p), 0, 0)
    elif tile == TILE_PARTNER:
        _push(G, F_TASK, p, TAKE_PARTNER, G[G_PL + p * P_SIZE + P_SIDE2 + ASSOCIATION], 0, 0)
    elif tile == TILE_UNIVERSITY:
        _push(G, F_TASK, p, TAKE_UNIVERSITY, 0, 0, 0)
    else:
        _push(G, F_TASK, p, TILE_SPONSOR, 0, 0, 0)


@njit(cache=True, _nrt=False)
def _discard_final_cards(G, EV, rng):
    """§8.2 CP 10: every player holding >= 2 final cards discards 1 (FINAL_DISCARD), in seat order."""
    for q in range(G[G_PLAYERS]):
        b = G_PL + q * P_SIZE
        n = G[b + P_FINALS_N]
        if n >= 2:
            k = _choose(G, EV, rng, q, H_FINAL_DISCARD, n)
            card = G[b + P_FINALS + k]
            for j in range(k, n - 1):
                G[b + P_FINALS + j] = G[b + P_FINALS + j + 1]
            G[b + P_FINALS_N] = n - 1
            _log(G, EV, E_DISCARD, q, CARD_ID[card], 1, 0, 0)


@njit(cache=True, _nrt=False)
def _rep_unit(G, R, EV, rng, fr):
    p = G[fr + FR_P]
    b = G_PL + p * P_SIZE
    space = G[fr + FR_B]
    if space < 0:                       # the next step along the track
        if G[fr + FR_A] == 0:
            G[G_STACK_N] -= 1
            return
        G[fr + FR_A] -= 1
        rep = G[b + P_REP]
        if rep < reputation_cap(G, R, p):
            G[b + P_REP] = rep + 1
            _log(G, EV, E_GAIN, p, 3, 1, rep + 1, 0)
            if not G[b + P_REP_DONE] >> (rep + 1) & 1:
                G[fr + FR_B] = rep + 1
                G[fr + FR_C] = 0
        elif rep >= R[R_MAX_REPUTATION]:
            gain_leaf(G, R, EV, p, 0, 1)
        return
    k = G[fr + FR_C]                    # the space's next bonus entry
    while k < R[R_REP_BONUSES_N] and R[R_REP_BONUSES + 2 * k] != space:
        k += 1
    if k >= R[R_REP_BONUSES_N]:
        G[fr + FR_B] = -1
        return
    G[fr + FR_C] = k + 1
    G[b + P_REP_DONE] |= 1 << space
    kind = R[R_REP_BONUSES + 2 * k + 1]
    if kind == BONUS_UPGRADE:
        upgrade(G, R, EV, rng, p)
    elif kind == BONUS_WORKER:
        _hire_worker(G, R, EV, p)
    elif kind == BONUS_CARD:
        take_card(G, R, EV, rng, p, CARD_OPTIONS)
    elif kind == BONUS_CP:
        _start_cp(G, R, EV, p, 1, True)
    else:
        gain_leaf(G, R, EV, p, 2, 1)


@njit(cache=True, _nrt=False)
def _cp_unit(G, R, EV, rng, fr):
    p = G[fr + FR_P]
    b = G_PL + p * P_SIZE
    sub = G[fr + FR_C]
    if sub == 0:                        # the next space passed and not yet done
        rank = G[fr + FR_B]
        old = G[fr + FR_A]
        while True:
            space = _cp_space(R, rank)
            if space < 0:
                G[G_STACK_N] -= 1
                return
            rank += 1
            if old < space <= G[b + P_CP] and not G[b + P_CP_DONE] >> space & 1:
                break
        G[fr + FR_B] = rank
        G[fr + FR_D] = space
        G[b + P_CP_DONE] |= 1 << space
        sub = 1
    space = G[fr + FR_D]
    if sub == 1:
        G[fr + FR_C] = 2
        if space == R[R_CP_UPGRADE_SPACE]:
            _cp_upgrade_or_worker(G, R, EV, rng, p)
            return
        sub = 2
    if sub == 2:
        G[fr + FR_C] = 3
        if space == R[R_CP_BONUS_SPACES] or space == R[R_CP_BONUS_SPACES + 1]:
            _cp_bonus_space(G, R, EV, rng, p, space)
            return
    G[fr + FR_C] = 0
    if space == R[R_CP_FINAL_DISCARD_SPACE] and not G[G_CP10]:
        G[G_CP10] = 1
        _discard_final_cards(G, EV, rng)
