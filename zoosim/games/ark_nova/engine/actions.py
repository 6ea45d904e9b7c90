"""Ark Nova in numba: the five main actions performed end to end (spec §4.1, §5.1-§5.5, §12), the after-action
abilities that perform one (§11 action:A, determination, hypnosis) and WAZA's Small Animals extra play (§12.6), and
the after-queue that runs them (§4.1) — reference.game.perform, extra_action, determination, hypnosis and
reference.actions' animals_action, play_animal, waza_small_extra, sponsors_action with the same decisions, draws and
event rows.

An action is a frame, so that only the dispatcher (engine.chain.run) and the entry points link the whole rule
graph (each numba function that calls `run` compiles a copy of everything it reaches):

    F_ACT  (p, action, strength, side II | acting << 1, stage, counters, card)     reference.game.perform
    F_MOVE (p, action)                                  the card to slot 1 once the action above it is resolved

`acting` = the side-II bit mask of the action cards whose conditions apply (the acting player's, or the hypnotised
one's, R8). A unit does what needs no resolving at once and pushes what can chain (a card entering the zoo, a
building, reputation), returning to its next stage once that is resolved. The after-queue's entries that perform
an action (`after_action_entry`) are started by engine.turn's F_TURN frame, which empties the queue.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.components.effects import Op
from zoosim.games.ark_nova.engine.abilities import coin, exposed
from zoosim.games.ark_nova.engine.animals import (
    ANIMAL, C_KIND, C_SIZE, FLOCK_HOME, animal_cost, animal_options, animal_playable, homes, icon_counts,
)
from zoosim.games.ark_nova.engine.build import build_type_options, engineer_type_options, has_passive
from zoosim.games.ark_nova.engine.cards import advance_break, cards_action, move_card, slot_of, strength
from zoosim.games.ark_nova.engine.piles import take_from_display, to_hand
from zoosim.games.ark_nova.engine.place import _cubes
from zoosim.games.ark_nova.engine.projects import association_unit, take_for_play
from zoosim.games.ark_nova.engine.sponsors import C_LEVEL, sponsor_options
from zoosim.games.ark_nova.engine.state import (
    AFTER_ACTION, B_SIZE, CARD_ID, E_ACTION, E_PLAY, F_ACT, F_BUILD, F_MOVE, FR_A, FR_B, FR_C, FR_D, FR_E, FR_F, FR_P,
    G_DISPLAY, G_DISPLAY_N, G_PL, G_PLAYERS, G_STACK_N, H_ANIMAL_HOME, H_ANIMAL_PLAY, H_BUILD_TYPE, H_COIN,
    H_DETERMINATION, H_ENGINEER_TYPE, H_HYPNOSIS_CARD, H_SNAP_FOLDER, H_SPONSOR_MODE, H_SPONSOR_PLAY, H_TARGET,
    H_XSPEND, P_ANIMALS_N, P_APPEAL, P_B_ANIMALS_N, P_B_CUBES, P_B_KIND, P_CONSTRICTION, P_HAND, P_HAND_N, P_HOME,
    P_HOME_SEQ, P_SIDE2, P_SIZE, P_ZOO_VERSION, P_SLOTS, P_X, PROG_OPS, PROG_START, SCR_ACTION, SCR_BUILT, SCR_HOMES,
    SCR_ICONS, SCR_PROBE, SCR_TURN, SCR_TYPES, _choose, _log, _push,
)
from zoosim.games.ark_nova.engine.tracks import gain_leaf, pay, push_gain
from zoosim.games.ark_nova.engine.triggers import push_enter, trigger_animal_played
from zoosim.games.ark_nova.engine.turn_options import can_perform, side_bits, spend_options
from zoosim.games.ark_nova.pack import (
    R_ANIMALS2_REP_STRENGTH, R_ANIMALS_PLAYABLE, R_MAX_X, R_PEACEFUL, R_SPONSORS2_LEVEL_BONUS, R_SPONSORS_BREAK_MONEY,
)

ANIMALS, CARDS_ACTION, BUILD, ASSOCIATION, SPONSORS = range(5)
OPTIONS = SCR_ACTION
SPEND = SCR_TURN + 16            # XSPEND options of an extra action
PICKS = SCR_TURN                 # determination's cards, hypnosis' targets (<= 5)
O_ACTION, O_DETERMINATION, O_HYPNOSIS = int(Op.ACTION), int(Op.DETERMINATION), int(Op.HYPNOSIS)
O_WAZA_SMALL = int(Op.WAZA_SMALL_EXTRA_PLAY)
OP_ENGINEER = int(Op.ENGINEER)


# ---------------------------------------------------------------- playing an animal (§5.3 steps 2-5)
@njit(cache=True, _nrt=False)
def play_animal(G, R, EV, rng, p, source, card):
    """ANIMAL_HOME, pay (folder, then cost), housed (cubes in a special enclosure), PLAY row; the card's entering
    the zoo is pushed (trg_waza follows once it is resolved: the caller's next stage)."""
    b = G_PL + p * P_SIZE
    home = G[SCR_HOMES + _choose(G, EV, rng, p, H_ANIMAL_HOME, homes(G, R, p, card, SCR_HOMES))]
    cost = animal_cost(G, R, p, card)
    take_for_play(G, EV, p, source, card)
    pay(G, EV, p, cost)
    i = G[b + P_ANIMALS_N]                      # the place F_ENTER appends the card at
    G[b + P_HOME + i] = home
    G[b + P_HOME_SEQ + i] = 0
    if home != FLOCK_HOME:
        G[b + P_HOME_SEQ + i] = G[b + P_B_ANIMALS_N + home]
        G[b + P_B_ANIMALS_N + home] += 1
        kind = G[b + P_B_KIND + home]
        if kind >= 7:
            G[b + P_B_CUBES + home] += _cubes(kind, card)
        G[b + P_ZOO_VERSION] += 1
    _log(G, EV, E_PLAY, p, CARD_ID[card], source, home, 0)
    push_enter(G, p, card)


@njit(cache=True, _nrt=False)
def _animals(G, R, EV, rng, fr, p, side2, acting):
    """Animals (§5.3; F_ACT FR_E = plays left | played << 8 | a non-small one played << 16, FR_F = the card):
    1 ANIMAL_PLAY (stop after the first); 2 trg_waza of the card played; 3 WAZA's extra play (§12.6: COIN, a small
    hand animal); 4 its trg_waza; 5 a small animal from any folder into hand (SNAP_FOLDER)."""
    stage = G[fr + FR_D]
    e = G[fr + FR_E]
    left, played, not_small = e & 255, (e >> 8) & 255, e >> 16
    if stage == 2 or stage == 4:
        card = G[fr + FR_F]
        trigger_animal_played(G, R, EV, p, card)
        if stage == 4:
            G[fr + FR_D] = 5
            return
        G[fr + FR_E] = left | (played + 1) << 8 | (1 if not_small or C_SIZE[card] > 2 else 0) << 16
        G[fr + FR_D] = 1
        return
    if stage == 1:
        m = animal_options(G, R, p, side2, acting, OPTIONS) if left > 0 else 0
        if m > 0:
            stop = 1 if played > 0 else 0
            k = _choose(G, EV, rng, p, H_ANIMAL_PLAY, m + stop) - stop
            if k >= 0:
                card = G[OPTIONS + 2 * k + 1]
                G[fr + FR_E] = (left - 1) | played << 8 | not_small << 16
                G[fr + FR_F] = card
                G[fr + FR_D] = 2
                play_animal(G, R, EV, rng, p, G[OPTIONS + 2 * k], card)
                return
        if played == 0 or not_small or not has_passive(G, R, p, O_WAZA_SMALL):
            G[G_STACK_N] -= 1
            return
        stage = 3
    b = G_PL + p * P_SIZE
    if stage == 3:
        icon_counts(G, p, SCR_ICONS)
        n = 0
        for i in range(G[b + P_HAND_N]):
            card = G[b + P_HAND + i]
            if C_KIND[card] == ANIMAL and C_SIZE[card] <= 2 and \
                    animal_playable(G, R, p, card, 0, acting, SCR_ICONS):
                G[OPTIONS + n] = card
                n += 1
        if n > 0 and coin(G, EV, rng, p) == 1:
            card = G[OPTIONS + _choose(G, EV, rng, p, H_ANIMAL_PLAY, n)]
            G[fr + FR_F] = card
            G[fr + FR_D] = 4
            play_animal(G, R, EV, rng, p, -1, card)
            return
    G[G_STACK_N] -= 1
    n = 0
    for f in range(1, G[G_DISPLAY_N] + 1):
        card = G[G_DISPLAY + f - 1]
        if card >= 0 and C_KIND[card] == ANIMAL and C_SIZE[card] <= 2:
            G[OPTIONS + n] = f
            n += 1
    if n > 0:
        f = G[OPTIONS + _choose(G, EV, rng, p, H_SNAP_FOLDER, n)]
        to_hand(G, EV, p, take_from_display(G, f), f)


@njit(cache=True, _nrt=False)
def _build(G, R, EV, rng, fr, p, side2):
    """Build (engine.chain.build_action as frames; FR_E = buildings built | kinds built << 8, FR_F = strength
    left): BUILD_TYPE until stop (side II) or once, each building pushed; then Engineer (§12.4, COIN)."""
    n_built = G[fr + FR_E] & 255
    built = G[fr + FR_E] >> 8
    if n_built == 0 or side2:
        n = build_type_options(G, R, p, G[fr + FR_F], side2, built, n_built, SCR_TYPES)
        if n == 0:
            G[G_STACK_N] -= 1
            return
        kind = G[SCR_TYPES + _choose(G, EV, rng, p, H_BUILD_TYPE, n)]
        if kind >= 0:
            G[SCR_BUILT + n_built] = kind
            G[fr + FR_E] = (n_built + 1) | (built | 1 << kind) << 8
            G[fr + FR_F] -= B_SIZE[kind]
            _push(G, F_BUILD, p, kind, 1 if side2 else 0, 1, 0)
            return
    G[G_STACK_N] -= 1
    if n_built > 0 and has_passive(G, R, p, OP_ENGINEER):
        n = engineer_type_options(G, R, p, side2, SCR_BUILT, n_built, SCR_TYPES)
        if n > 0 and _choose(G, EV, rng, p, H_COIN, 2) == 1:
            _push(G, F_BUILD, p, G[SCR_TYPES + _choose(G, EV, rng, p, H_ENGINEER_TYPE, n)], 1 if side2 else 0, 1, 0)


@njit(cache=True, _nrt=False)
def _sponsors(G, R, EV, rng, fr, p, side2, acting):
    """Sponsors stage 1 (FR_E = played, FR_F = level budget left): SPONSOR_PLAY (side II: until stop), the card
    pushed into the zoo."""
    played = G[fr + FR_E]
    m = sponsor_options(G, R, p, G[fr + FR_F], side2, acting, OPTIONS)
    if m == 0 or (played > 0 and not side2):
        G[G_STACK_N] -= 1
        return
    stop = 1 if played > 0 else 0
    k = _choose(G, EV, rng, p, H_SPONSOR_PLAY, m + stop) - stop
    if k < 0:
        G[G_STACK_N] -= 1
        return
    source = G[OPTIONS + 2 * k]
    card = G[OPTIONS + 2 * k + 1]
    take_for_play(G, EV, p, source, card)
    _log(G, EV, E_PLAY, p, CARD_ID[card], source, 0, 0)
    G[fr + FR_F] -= C_LEVEL[card]
    G[fr + FR_E] = played + 1
    push_enter(G, p, card)


@njit(cache=True, _nrt=False)
def _start(G, R, EV, rng, fr, p, action, st, side2, acting):
    """Stage 0: the ACTION row and what each action does before its first choice (Cards: all of it)."""
    side = 1 if side2 else 0
    _log(G, EV, E_ACTION, p, action, st, side, 0)
    G[fr + FR_D] = 1
    G[fr + FR_F] = st
    if action == CARDS_ACTION:
        G[G_STACK_N] -= 1
        cards_action(G, R, EV, rng, p, st, side2, OPTIONS)
    elif action == ANIMALS:
        G[fr + FR_E] = R[R_ANIMALS_PLAYABLE + side * 5 + min(st, 5) - 1]
        if side2 and st >= R[R_ANIMALS2_REP_STRENGTH]:
            push_gain(G, R, EV, p, 3, 1)
    elif action == SPONSORS:
        budget = st + (R[R_SPONSORS2_LEVEL_BONUS] if side2 else 0)
        G[fr + FR_F] = budget
        can_play = sponsor_options(G, R, p, budget, side2, acting, OPTIONS) > 0
        if _choose(G, EV, rng, p, H_SPONSOR_MODE, 2 if can_play else 1) == 0:
            G[G_STACK_N] -= 1
            advance_break(G, R, EV, p, st)
            gain_leaf(G, R, EV, p, 1, st * R[R_SPONSORS_BREAK_MONEY + side])
            _log(G, EV, E_ACTION, p, SPONSORS, st, -1, 0)


@njit(cache=True, _nrt=False)
def act_unit(G, R, EV, rng, fr):
    """F_ACT: the action's next stage."""
    p = G[fr + FR_P]
    action = G[fr + FR_A]
    st = G[fr + FR_B]
    side2 = G[fr + FR_C] & 1 == 1         # bool, as the option functions are compiled for (one signature each)
    acting = G[fr + FR_C] >> 1
    if G[fr + FR_D] == 0:
        _start(G, R, EV, rng, fr, p, action, st, side2, acting)
    elif action == ANIMALS:
        _animals(G, R, EV, rng, fr, p, side2, acting)
    elif action == BUILD:
        _build(G, R, EV, rng, fr, p, side2)
    elif action == ASSOCIATION:
        association_unit(G, R, EV, rng, fr)
    else:
        _sponsors(G, R, EV, rng, fr, p, side2, acting)


@njit(cache=True, _nrt=False)
def push_act(G, p, action, st, side2, acting):
    """reference.game.perform as a frame: `action` at strength st on side `side2`, conditions under `acting`."""
    _push(G, F_ACT, p, action, st, (1 if side2 else 0) | acting << 1, 0)


@njit(cache=True, _nrt=False)
def move_unit(G, R, EV, rng, fr):
    """F_MOVE: the card (FR_A) of player FR_P to slot 1, tokens off (R3)."""
    G[G_STACK_N] -= 1
    move_card(G, G[fr + FR_P], G[fr + FR_A], 1, True)


# ---------------------------------------------------------------- after-action abilities (§11)
@njit(cache=True, _nrt=False)
def _extra_action(G, R, EV, rng, p, action):
    """§11 action:A: XSPEND, the action at its strength + X pushed, then the card to slot 1 (F_MOVE below it)."""
    b = G_PL + p * P_SIZE
    n = spend_options(G, R, p, action, strength(G, p, action), SPEND, SCR_PROBE)
    if n == 0:
        return
    x = G[SPEND + _choose(G, EV, rng, p, H_XSPEND, n)]
    G[b + P_X] -= x
    _push(G, F_MOVE, p, action, 0, 0, 0)
    push_act(G, p, action, strength(G, p, action) + x, G[b + P_SIDE2 + action], side_bits(G, p))


@njit(cache=True, _nrt=False)
def _determination(G, R, EV, rng, p):
    """§11 determination: DETERMINATION over the other cards (not Animals, R15) in slot order with a completion."""
    b = G_PL + p * P_SIZE
    n = 0
    for k in range(5):
        a = G[b + P_SLOTS + k]
        if a != ANIMALS and spend_options(G, R, p, a, strength(G, p, a), SPEND, SCR_PROBE) > 0:
            G[PICKS + n] = a
            n += 1
    if n > 0:
        _extra_action(G, R, EV, rng, p, G[PICKS + _choose(G, EV, rng, p, H_DETERMINATION, n)])


@njit(cache=True, _nrt=False)
def _hypnosis_spend(G, R, p, q, a, at):
    """X-tokens x with a completion of q's card `a` at its strength on q's board + x, played by p."""
    t = G_PL + q * P_SIZE
    base = slot_of(G, q, a) - 2 * G[t + P_CONSTRICTION + a]
    n = 0
    for x in range(G[G_PL + p * P_SIZE + P_X] + 1):
        if can_perform(G, R, p, a, base + x, G[t + P_SIDE2 + a] == 1, side_bits(G, q), SCR_PROBE):
            G[at + n] = x
            n += 1
    return n


@njit(cache=True, _nrt=False)
def _hypnosis(G, R, EV, rng, p, slots):
    """§11.2 hypnosis: TARGET among the most appealing exposed players (appeal >= max(own, 5)); HYPNOSIS_CARD over
    their cards in slots 1..slots: (0, a) use it (XSPEND; their side and sides' conditions) or (1, a) take an
    X-token instead; their card moves to slot 1."""
    me = G_PL + p * P_SIZE
    floor = max(G[me + P_APPEAL], 5)
    top = -1
    for q in range(G[G_PLAYERS]):
        if exposed(G, R, p, q) and G[G_PL + q * P_SIZE + P_APPEAL] >= floor:
            top = max(top, G[G_PL + q * P_SIZE + P_APPEAL])
    if top < 0:
        return
    n = 0
    for q in range(G[G_PLAYERS]):
        if exposed(G, R, p, q) and G[G_PL + q * P_SIZE + P_APPEAL] == top:
            G[PICKS + n] = q
            n += 1
    q = G[PICKS + _choose(G, EV, rng, p, H_TARGET, n)]
    t = G_PL + q * P_SIZE
    n = 0
    for k in range(slots):
        a = G[t + P_SLOTS + k]
        if _hypnosis_spend(G, R, p, q, a, SPEND) > 0:
            G[OPTIONS + 2 * n] = 0
            G[OPTIONS + 2 * n + 1] = a
            n += 1
    if G[me + P_X] < R[R_MAX_X]:
        for k in range(slots):
            G[OPTIONS + 2 * n] = 1
            G[OPTIONS + 2 * n + 1] = G[t + P_SLOTS + k]
            n += 1
    if n == 0:
        return
    k = _choose(G, EV, rng, p, H_HYPNOSIS_CARD, n)
    a = G[OPTIONS + 2 * k + 1]
    if G[OPTIONS + 2 * k] == 0:
        x = G[SPEND + _choose(G, EV, rng, p, H_XSPEND, _hypnosis_spend(G, R, p, q, a, SPEND))]
        G[me + P_X] -= x
        base = slot_of(G, q, a) - 2 * G[t + P_CONSTRICTION + a]
        _push(G, F_MOVE, q, a, 0, 0, 0)
        push_act(G, p, a, base + x, G[t + P_SIDE2 + a], side_bits(G, q))
    else:
        gain_leaf(G, R, EV, p, 2, 1)
        move_card(G, q, a, 1, True)


@njit(cache=True, _nrt=False)
def after_action_entry(G, R, EV, rng, q, card, k):
    """The after-queue entry (q, card, AFTER_ACTION row k) if it performs an action (ACTION, DETERMINATION,
    HYPNOSIS): started here (frames pushed) and True; else False (engine.triggers.after_item runs it)."""
    row = PROG_START[R[R_PEACEFUL], card, AFTER_ACTION] + k
    op = PROG_OPS[row, 0]
    if op == O_ACTION:
        _extra_action(G, R, EV, rng, q, PROG_OPS[row, 1])
    elif op == O_DETERMINATION:
        _determination(G, R, EV, rng, q)
    elif op == O_HYPNOSIS:
        _hypnosis(G, R, EV, rng, q, PROG_OPS[row, 1])
    else:
        return False
    return True
