"""Ark Nova in numba: a turn and its end (spec §4.1, §11.1 multipliers, §11.2 venom fee, §15.2 X action, §13.1 end
trigger and last turns), a break (§9.2) and final scoring (§13.2) — reference.game.play_turn, after_turn, do_break,
income and finish with the same decisions, draws and event rows, as frames engine.chain.run advances (engine.actions
explains why):

    F_TURN   (p, stage, action, strength, multiplier runs left, had venom / a break happened, 1 = go on to
              after_turn)
    F_BREAK  (seat that triggered it, stage, seats whose income is done)
    F_FINISH (0, stage, seat, its CP before, reason)

F_TURN stages: 0 TURN and the action (XSPEND, F_ACT pushed) or the X action; 1 the multiplier tokens read; 2 one
more run per token while the action has a completion, then the card to slot 1; 3 the after-queue, one entry per
unit (an action entry through engine.actions, the rest through engine.triggers.after_item), then its PLAY row, the
venom fee, tokens placed this turn made usable (R4), the display refilled; 4 after_turn: end check, break pushed;
5 the end check after a break, then F_FINISH or the next seat.
"""
from __future__ import annotations

from numba import njit

from zoosim.games.ark_nova.engine.abilities import hand_take
from zoosim.games.ark_nova.engine.actions import after_action_entry, push_act
from zoosim.games.ark_nova.engine.build import kiosk_income
from zoosim.games.ark_nova.engine.cards import move_card, strength
from zoosim.games.ark_nova.engine.effects import push_effects, sponsors_by_id
from zoosim.games.ark_nova.engine.piles import discard_card, refill_display
from zoosim.games.ark_nova.engine.scoring import final_card_cp, score
from zoosim.games.ark_nova.engine.state import (
    AFTER_ACTION, AFTER_W, END_GAME, E_ACTION, E_BREAK, E_END, E_INCOME, E_PLAY, E_SCORE, E_TURN, E_X_ACTION, F_BREAK,
    F_COLUMN, F_FINISH, F_TURN, FR_A, FR_B, FR_C, FR_D, FR_E, FR_F, FR_P, FRAME_W, G_AFTER, G_AFTER_HEAD, G_AFTER_N,
    G_BOARD_PARTNERS, G_BOARD_UNIVS, G_BREAK_PENDING, G_BREAK_TOKEN, G_BREAK_TRIGGER, G_BREAKS, G_CP10, G_CURRENT,
    G_DISPLAY, G_DISPLAY_N, G_END_REASON, G_END_TRIGGERED, G_GAME_OVER, G_LAST, G_LAST_N, G_PL, G_PLAYERS, G_SCORING,
    G_STACK, G_STACK_N, G_TURN, G_TURN_READY, G_TURN_SPENDS, H_BREAK_DISCARD, H_TURN, H_XACTION_CARD, H_XSPEND, INCOME,
    P_APPEAL, P_CONSTRICTION, P_CP, P_END_CP_FINALS, P_END_CP_SPONSORS, P_FINALS, P_FINALS_N, P_HAND_N, P_MONEY, P_MULT,
    P_MULT_PENDING, P_PARTNERS, P_PARTNERS_N, P_SIDE2, P_SIZE, P_SLOTS, P_SUPPORTS, P_TASK_WORKERS, P_TURNS, P_UNIVS,
    P_UNIVS_N, P_VENOM, P_WORKERS_ACTIVE, P_X, SCR_PROBE, SCR_TURN, _choose, _log, _push,
)
from zoosim.games.ark_nova.engine.tracks import _discard_final_cards, gain_leaf, pay, push_gain
from zoosim.games.ark_nova.engine.triggers import after_item
from zoosim.games.ark_nova.engine.turn_options import can_perform, kept_spends, side_bits, turn_options
from zoosim.games.ark_nova.pack import (
    R_APPEAL_INCOME, R_BREAK_AFTER_LAST_TURN, R_END_TRIGGER_SCORE, R_HAND_LIMIT, R_HAND_LIMIT_UNIV, R_MAX_APPEAL,
    R_MAX_CP, R_MAX_TURNS,
)

SPEND = SCR_TURN + 16
SORTED = SCR_PROBE                  # a player's sponsors in id order
UNIV_REP_HAND = 0
FIRST_CONTINENT, LAST_CONTINENT = 7, 11
END_SCORE, END_TURN_CAP = 0, 1
WHOLE = 1                           # F_TURN FR_F: go on to after_turn


# ---------------------------------------------------------------- a turn (§4.1)
@njit(cache=True, _nrt=False)
def _turn_start(G, R, EV, rng, fr, p):
    """Stage 0: TURN (its options listed here unless G_TURN_READY says they are); the X action (XACTION_CARD,
    +1 X-token) or XSPEND and the action pushed."""
    b = G_PL + p * P_SIZE
    G[G_TURN] += 1
    G[b + P_TURNS] += 1
    _log(G, EV, E_TURN, p, G[G_TURN], G[b + P_TURNS], 0, 0)
    n_turn = G[G_TURN_READY] - 1
    if n_turn >= 0:
        G[G_TURN_READY] = 0
    else:
        n_turn = turn_options(G, R, p, SCR_TURN, SCR_PROBE)
    k = _choose(G, EV, rng, p, H_TURN, n_turn)
    action = G[SCR_TURN + 2 * k + 1]
    if G[SCR_TURN + 2 * k] == 1:
        action = G[b + P_SLOTS + _choose(G, EV, rng, p, H_XACTION_CARD, 5)]
        G[fr + FR_E] = G[b + P_VENOM + action]
        move_card(G, p, action, 1, True)
        gain_leaf(G, R, EV, p, 2, 1)
        _log(G, EV, E_X_ACTION, p, action, 0, 0, 0)
        G[fr + FR_A] = 3
        return
    base = strength(G, p, action)
    n = G[G_TURN_SPENDS + k]        # spend_options(G, R, p, action, base, SPEND, SCR_PROBE), kept by turn_options
    kept = kept_spends(SCR_PROBE, k)
    for i in range(n):
        G[SPEND + i] = G[kept + i]
    x = G[SPEND + _choose(G, EV, rng, p, H_XSPEND, n)]
    if x > 0:
        G[b + P_X] -= x
        _log(G, EV, E_ACTION, p, -1, -x, G[b + P_X], 0)
    G[fr + FR_B] = action
    G[fr + FR_C] = base + x
    G[fr + FR_E] = G[b + P_VENOM + action]
    G[fr + FR_A] = 1
    push_act(G, p, action, base + x, G[b + P_SIDE2 + action], side_bits(G, p))


@njit(cache=True, _nrt=False)
def _after_queue(G, R, EV, rng, fr, p):
    """Stage 3: the after-queue's next entry; when empty its PLAY row, venom fee, tokens usable, refill."""
    head = G[G_AFTER_HEAD]
    if head < G[G_AFTER_N]:
        at = G_AFTER + head * AFTER_W
        if G[at + 2] == AFTER_ACTION and G[at + 3] >= 0:
            G[G_AFTER_HEAD] = head + 1
            if after_action_entry(G, R, EV, rng, G[at], G[at + 1], G[at + 3]):
                return
            G[G_AFTER_HEAD] = head
        after_item(G, R, EV, rng)
        return
    G[G_AFTER_HEAD] = 0
    G[G_AFTER_N] = 0
    _log(G, EV, E_PLAY, -1, 0, 0, 0, 0)
    b = G_PL + p * P_SIZE
    venom = 0
    for a in range(5):
        venom |= G[b + P_VENOM + a]
    if venom and not G[fr + FR_E] and G[b + P_MONEY] >= 2:      # §11.2 venom fee
        pay(G, EV, p, 2)
    for a in range(5):
        G[b + P_MULT + a] += G[b + P_MULT_PENDING + a]
        G[b + P_MULT_PENDING + a] = 0
    refill_display(G, R, EV, rng)
    if G[fr + FR_F] & WHOLE:
        G[fr + FR_A] = 4
    else:
        G[G_STACK_N] -= 1


@njit(cache=True, _nrt=False)
def someone_reached_end(G, R):
    for q in range(G[G_PLAYERS]):
        if score(G, R, q) >= R[R_END_TRIGGER_SCORE]:
            return True
    return False


@njit(cache=True, _nrt=False)
def _last_turns(G, first, count):
    """G_LAST = the `count` seats from `first` on, in turn order."""
    for d in range(count):
        G[G_LAST + d] = (first + d) % G[G_PLAYERS]
    G[G_LAST_N] = count


@njit(cache=True, _nrt=False)
def _after_turn(G, R, EV, rng, fr, p):
    """Stages 4-5 (reference after_turn): last turns, end trigger (R5), the break, the turn cap, the next seat."""
    n = G[G_PLAYERS]
    if G[fr + FR_A] == 4:
        final_phase = G[G_END_TRIGGERED]
        if final_phase and G[G_LAST_N] > 0 and G[G_LAST] == p:
            for i in range(G[G_LAST_N] - 1):
                G[G_LAST + i] = G[G_LAST + i + 1]
            G[G_LAST_N] -= 1
        if not G[G_END_TRIGGERED] and someone_reached_end(G, R):
            G[G_END_TRIGGERED] = 1
            _last_turns(G, p + 1, n - 1)
        G[fr + FR_A] = 5
        G[fr + FR_E] = 0
        if G[G_BREAK_PENDING]:
            very_last = G[G_END_TRIGGERED] and final_phase and G[G_LAST_N] == 0
            if not very_last or R[R_BREAK_AFTER_LAST_TURN]:
                G[fr + FR_E] = 1
                _push(G, F_BREAK, G[G_BREAK_TRIGGER], 0, 0, 0, 0)
        return
    if G[fr + FR_E] and not G[G_END_TRIGGERED] and someone_reached_end(G, R):
        G[G_END_TRIGGERED] = 1
        _last_turns(G, G[G_BREAK_TRIGGER] + 1, n)
    all_capped = True
    for q in range(n):
        if G[G_PL + q * P_SIZE + P_TURNS] < R[R_MAX_TURNS]:
            all_capped = False
    G[G_STACK_N] -= 1
    if G[G_END_TRIGGERED] and G[G_LAST_N] == 0:
        _push(G, F_FINISH, 0, 0, 0, 0, END_SCORE)
    elif all_capped:
        _push(G, F_FINISH, 0, 0, 0, 0, END_TURN_CAP)
    else:
        G[G_CURRENT] = G[G_LAST] if G[G_END_TRIGGERED] else (p + 1) % n


@njit(cache=True, _nrt=False)
def turn_unit(G, R, EV, rng, fr):
    """F_TURN: the turn's next stage (module doc)."""
    p = G[fr + FR_P]
    stage = G[fr + FR_A]
    b = G_PL + p * P_SIZE
    if stage == 0:
        _turn_start(G, R, EV, rng, fr, p)
    elif stage == 1:
        G[fr + FR_D] = G[b + P_MULT + G[fr + FR_B]]
        G[b + P_MULT + G[fr + FR_B]] = 0
        G[fr + FR_A] = 2
    elif stage == 2:
        action = G[fr + FR_B]
        if G[fr + FR_D] > 0:
            G[fr + FR_D] -= 1
            if can_perform(G, R, p, action, G[fr + FR_C], G[b + P_SIDE2 + action] == 1, side_bits(G, p),
                           SCR_PROBE):
                push_act(G, p, action, G[fr + FR_C], G[b + P_SIDE2 + action], side_bits(G, p))
            return
        move_card(G, p, action, 1, True)
        G[fr + FR_A] = 3
    elif stage == 3:
        _after_queue(G, R, EV, rng, fr, p)
    else:
        _after_turn(G, R, EV, rng, fr, p)


@njit(cache=True, _nrt=False)
def push_turn(G, p, stage, flags):
    """An F_TURN frame for seat p from `stage` (0: the whole turn; 4: after_turn), flags WHOLE | FINAL_PHASE."""
    _push(G, F_TURN, p, stage, 0, 0, 0)
    G[G_STACK + (G[G_STACK_N] - 1) * FRAME_W + FR_F] = flags


# ---------------------------------------------------------------- breaks (§9.2)
@njit(cache=True, _nrt=False)
def hand_limit(G, R, q):
    b = G_PL + q * P_SIZE
    for i in range(G[b + P_UNIVS_N]):
        if G[b + P_UNIVS + i] == UNIV_REP_HAND:
            return R[R_HAND_LIMIT_UNIV]
    return R[R_HAND_LIMIT]


@njit(cache=True, _nrt=False)
def _owned_by_all(G, at_n, at, value):
    for q in range(G[G_PLAYERS]):
        b = G_PL + q * P_SIZE
        found = 0
        for i in range(G[b + at_n]):
            if G[b + at + i] == value:
                found = 1
        if not found:
            return False
    return True


@njit(cache=True, _nrt=False)
def _push_sponsor_effects(G, R, p, moment):
    """The player's sponsors' rows at `moment` pushed in reverse card-id order, so that they run in id order, each
    resolved before the next (reference income / end_effects)."""
    n = sponsors_by_id(G, p, SORTED)
    for i in range(n - 1, -1, -1):
        push_effects(G, R, p, G[SORTED + i], moment, 0, -1)


@njit(cache=True, _nrt=False)
def _break_start(G, R, EV, rng, t):
    """§9.2 steps 1-4 from the seat that triggered it: hand limit (BREAK_DISCARD), tokens off, workers back,
    partner zoos and universities some player lacks back on the board, folders 1-2 discarded, refill."""
    n = G[G_PLAYERS]
    _log(G, EV, E_BREAK, t, G[G_TURN], 0, 0, 0)
    G[G_BREAKS] += 1
    for d in range(n):
        q = (t + d) % n
        b = G_PL + q * P_SIZE
        while G[b + P_HAND_N] > hand_limit(G, R, q):
            card = hand_take(G, q, _choose(G, EV, rng, q, H_BREAK_DISCARD, G[b + P_HAND_N]))
            discard_card(G, EV, q, card)
    for q in range(n):
        b = G_PL + q * P_SIZE
        for a in range(5):
            G[b + P_MULT + a] = 0
            G[b + P_MULT_PENDING + a] = 0
            G[b + P_VENOM + a] = 0
            G[b + P_CONSTRICTION + a] = 0
        for k in range(4):
            G[b + P_WORKERS_ACTIVE] += G[b + P_TASK_WORKERS + k]
            G[b + P_TASK_WORKERS + k] = 0
    for k in range(FIRST_CONTINENT, LAST_CONTINENT + 1):
        if not _owned_by_all(G, P_PARTNERS_N, P_PARTNERS, k):
            G[G_BOARD_PARTNERS] |= 1 << k
    for u in range(3):
        if not _owned_by_all(G, P_UNIVS_N, P_UNIVS, u):
            G[G_BOARD_UNIVS] |= 1 << u
    for f in range(min(2, G[G_DISPLAY_N])):
        card = G[G_DISPLAY + f]
        if card >= 0:
            discard_card(G, EV, -1, card)
        G[G_DISPLAY + f] = -1
    refill_display(G, R, EV, rng)


@njit(cache=True, _nrt=False)
def break_unit(G, R, EV, rng, fr):
    """F_BREAK: stage 0 steps 1-4; stage 1 each seat's income from the trigger on (§9.2 5: appeal money, kiosks,
    an INCOME row, the sponsors' income effects in id order, the bonus column), then the token reset and refill."""
    t = G[fr + FR_P]
    n = G[G_PLAYERS]
    if G[fr + FR_A] == 0:
        _break_start(G, R, EV, rng, t)
        G[fr + FR_A] = 1
        return
    i = G[fr + FR_B]
    if i == n:
        G[G_STACK_N] -= 1
        G[G_BREAK_TOKEN] = 0
        G[G_BREAK_PENDING] = 0
        refill_display(G, R, EV, rng)
        return
    G[fr + FR_B] = i + 1
    q = (t + i) % n
    b = G_PL + q * P_SIZE
    appeal = R[R_APPEAL_INCOME + min(G[b + P_APPEAL], 113)]
    kiosks = kiosk_income(G, q)
    _log(G, EV, E_INCOME, q, appeal, kiosks, 0, 0)
    gain_leaf(G, R, EV, q, 1, appeal)
    gain_leaf(G, R, EV, q, 1, kiosks)
    _push(G, F_COLUMN, q, 0, 1, 0, 0)
    _push_sponsor_effects(G, R, q, INCOME)


# ---------------------------------------------------------------- final scoring (§13.2)
@njit(cache=True, _nrt=False)
def finish_unit(G, R, EV, rng, fr):
    """F_FINISH: final cards down to one (CP 10 never reached); per seat the sponsors' end effects (their CP
    recorded); the final cards' CP (no milestones while scoring); appeal and CP capped; END and SCORE rows."""
    stage = G[fr + FR_A]
    q = G[fr + FR_B]
    n = G[G_PLAYERS]
    if stage == 0:
        if not G[G_CP10]:
            _discard_final_cards(G, EV, rng)
        G[G_SCORING] = 1
        G[fr + FR_A] = 1
        return
    if stage == 2:
        b = G_PL + q * P_SIZE
        G[b + P_END_CP_SPONSORS] = G[b + P_CP] - G[fr + FR_C]
        G[fr + FR_B] = q + 1
        G[fr + FR_A] = 1
        return
    if q < n:
        G[fr + FR_C] = G[G_PL + q * P_SIZE + P_CP]
        G[fr + FR_A] = 2
        _push_sponsor_effects(G, R, q, END_GAME)
        return
    G[G_STACK_N] -= 1
    for q in range(n):
        b = G_PL + q * P_SIZE
        before = G[b + P_CP]
        for i in range(G[b + P_FINALS_N]):
            push_gain(G, R, EV, q, 4, final_card_cp(G, R, q, G[b + P_FINALS + i], SCR_PROBE))
        G[b + P_END_CP_FINALS] = G[b + P_CP] - before
    for q in range(n):
        b = G_PL + q * P_SIZE
        G[b + P_APPEAL] = min(G[b + P_APPEAL], R[R_MAX_APPEAL])
        G[b + P_CP] = min(G[b + P_CP], R[R_MAX_CP])
    G[G_GAME_OVER] = 1
    G[G_END_REASON] = G[fr + FR_D]
    _log(G, EV, E_END, -1, G[fr + FR_D], G[G_TURN], 0, 0)
    for q in range(n):
        _log(G, EV, E_SCORE, q, score(G, R, q), G[G_PL + q * P_SIZE + P_SUPPORTS], 0, 0)
