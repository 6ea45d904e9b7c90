"""Ark Nova in plain Python, the top: a turn (§4.1, §5.6, §11.1, §11.2 venom fee), breaks (§9), the end trigger,
last turns, the turn cap (§13.1, §15.2 G9), final scoring and the tie-break (§13.2-13.3), and `play_game`.

It imports every other module of the reference (so every `HANDLERS` entry is filled): `state` (state, tracks),
`setup`, `build` (the map), `effects` (the opcode dispatchers), `actions` (action cards, Cards, Animals, Sponsors)
and `association` (Association, projects). Decision hooks, option orders and the event log are PROTOCOL.md's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from zoosim.core.rng import PyRng
from zoosim.errors import ZoosimError
from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.effects import Moment
from zoosim.games.ark_nova.components.vocab import CATEGORY_ICONS, ROCK, WATER
from zoosim.games.ark_nova.reference.actions import (
    can_animals, can_sponsors, move_card, strength,
)
from zoosim.games.ark_nova.reference.association import bonus_column_income, can_associate
from zoosim.games.ark_nova.reference.build import (
    BORDER, PLAIN, ROCK_CELLS, WATER_CELLS, can_build, connected, kiosk_income, legal_footprints,
)
from zoosim.games.ark_nova.reference.effects import end_effects, exposed, run, run_after_queue
from zoosim.games.ark_nova.reference.setup import setup
from zoosim.games.ark_nova.reference.state import (ANIMALS, ASSOCIATION, BUILD, C, CARDS_ACTION, E_ACTION, E_BREAK,
    E_END, E_INCOME, E_SCORE, E_TURN, E_X_ACTION, H_BREAK_DISCARD, H_DETERMINATION, H_HYPNOSIS_CARD, H_TARGET, H_TURN,
    H_XACTION_CARD, H_XSPEND, N_ACTIONS, SPONSORS, State, call, choose, handler, hand_limit, icon_counts, idx)
from zoosim.games.ark_nova.reference.tracks import (discard_card, discard_final_cards, discard_card as _discard,
    draw_deck, gain, pay, refill_display)
from zoosim.games.ark_nova.rules import Rules

import zoosim.games.ark_nova.reference.association  # noqa: F401  (fills HANDLERS)

NAMES = ("animals", "cards", "build", "association", "sponsors")
END_SCORE, END_TURN_CAP = 0, 1


# ---------------------------------------------------------------- legality of a main action (§4.1)
def can_perform(s: State, p: int, action: int, st: int, side2: bool, acting_side2: list[bool] | None = None) -> bool:
    if st < 1:
        return False
    if s.rules.allow_null_action:
        return True
    if action == ANIMALS:
        return can_animals(s, p, st, side2, acting_side2 or s.ps[p].side2)
    if action == CARDS_ACTION:
        return True
    if action == BUILD:
        return can_build(s, p, st, side2)
    if action == ASSOCIATION:
        return can_associate(s, p, st, side2)
    return can_sponsors(s, p, st, side2)


def spend_options(s: State, p: int, action: int, base: int | None = None) -> list[int]:
    """§15.2: X-tokens x with strength + x >= 1 and a legal completion."""
    pl = s.ps[p]
    base = strength(s, p, action) if base is None else base
    return [x for x in range(pl.x + 1) if can_perform(s, p, action, base + x, pl.side2[action])]


def turn_options(s: State, p: int) -> list[tuple[int, int]]:
    """(0, action) for each card in slot order with a legal completion, then (1, 0) = X action if X < max."""
    pl = s.ps[p]
    out = [(0, a) for a in pl.slots if spend_options(s, p, a)]
    if pl.x < s.rules.max_x_tokens:
        out.append((1, 0))
    return out


def perform(s: State, p: int, action: int, st: int, side2: bool, acting_side2: list[bool] | None = None) -> None:
    s.log(E_ACTION, p, action, st, int(side2))
    if action in (ANIMALS, SPONSORS):
        call(NAMES[action], s, p, st, side2, acting_side2)
    else:
        call(NAMES[action], s, p, st, side2)


# ---------------------------------------------------------------- a turn (§4.1)
def play_turn(s: State, p: int) -> None:
    pl = s.ps[p]
    s.turn += 1
    pl.turns += 1
    s.log(E_TURN, p, s.turn, pl.turns)
    kind, action = choose(s, p, H_TURN, turn_options(s, p))
    if kind == 1:
        action = choose(s, p, H_XACTION_CARD, list(pl.slots))
        had_venom = pl.venom[action]
        move_card(s, p, action, 1, True)
        gain(s, p, 2, 1)
        s.log(E_X_ACTION, p, action)
    else:
        x = choose(s, p, H_XSPEND, spend_options(s, p, action))
        st = strength(s, p, action) + x
        if x:
            pl.x -= x
            s.log(E_ACTION, p, -1, -x, pl.x)
        had_venom = pl.venom[action]
        perform(s, p, action, st, pl.side2[action])
        runs = pl.multiplier[action]
        pl.multiplier[action] = 0
        for _ in range(runs):  # §11.1: one more run per usable token, when a legal completion exists
            if can_perform(s, p, action, st, pl.side2[action]):
                perform(s, p, action, st, pl.side2[action])
        move_card(s, p, action, 1, True)
    run_after_queue(s)
    venom_fee(s, p, had_venom)
    for a in range(N_ACTIONS):  # R4: tokens placed this turn are usable from its end
        pl.multiplier[a] += pl.multiplier_pending[a]
        pl.multiplier_pending[a] = 0
    refill_display(s)


def venom_fee(s: State, p: int, used_card_had_venom: bool) -> None:
    """§11.2: 2 money once if a card carries venom and the used one did not (skipped with < 2 money)."""
    pl = s.ps[p]
    if any(pl.venom) and not used_card_had_venom and pl.money >= 2:
        pay(s, p, 2)


@handler("extra_action")
def extra_action(s: State, p: int, action: int) -> None:
    """§11 action:A (*after*): perform A at its current strength (+ X-tokens), then it moves to slot 1."""
    pl = s.ps[p]
    options = spend_options(s, p, action)
    if not options:
        return
    x = choose(s, p, H_XSPEND, options)
    pl.x -= x
    perform(s, p, action, strength(s, p, action) + x, pl.side2[action])
    move_card(s, p, action, 1, True)


@handler("determination")
def determination(s: State, p: int) -> None:
    """§11 determination (*after*): one other action (not Animals, R15) with a legal completion."""
    options = [a for a in s.ps[p].slots if a != ANIMALS and spend_options(s, p, a)]
    if options:
        extra_action(s, p, choose(s, p, H_DETERMINATION, options))


@handler("hypnosis")
def hypnosis(s: State, p: int, slots: int) -> None:
    """§11.2 hypnosis (*after*): use a card in slots 1..slots of the most appealing exposed player."""
    me = s.ps[p]
    pool = [q for q in exposed(s, p) if s.ps[q].appeal >= max(me.appeal, 5)]
    if not pool:
        return
    top = max(s.ps[q].appeal for q in pool)
    q = choose(s, p, H_TARGET, [q for q in pool if s.ps[q].appeal == top])
    t = s.ps[q]

    def base(a: int) -> int:
        return t.slot_of(a) - 2 * int(t.constriction[a])

    def xs(a: int) -> list[int]:
        return [x for x in range(me.x + 1) if can_perform(s, p, a, base(a) + x, t.side2[a], t.side2)]

    options = [(0, a) for a in t.slots[:slots] if xs(a)]
    if me.x < s.rules.max_x_tokens:
        options += [(1, a) for a in t.slots[:slots]]
    if not options:
        return
    kind, a = choose(s, p, H_HYPNOSIS_CARD, options)
    if kind == 0:
        x = choose(s, p, H_XSPEND, xs(a))
        me.x -= x
        perform(s, p, a, base(a) + x, t.side2[a], t.side2)
    else:
        gain(s, p, 2, 1)
    move_card(s, q, a, 1, True)


@handler("can_free_build")
def can_free_build(s: State, p: int, kind: int) -> bool:
    return bool(legal_footprints(s, p, kind, s.rules.free_building_ignores_build2 or s.ps[p].side2[BUILD]))


# ---------------------------------------------------------------- breaks (§9.2)
def do_break(s: State) -> None:
    t = s.break_trigger
    order = [(t + d) % s.players for d in range(s.players)]
    s.log(E_BREAK, t, s.turn)
    s.breaks += 1
    for q in order:  # 1. hand limit (R22)
        pl = s.ps[q]
        while len(pl.hand) > hand_limit(s, q):
            card = choose(s, q, H_BREAK_DISCARD, list(pl.hand))
            pl.hand.remove(card)
            _discard(s, q, card)
    for pl in s.ps:  # 2. tokens; 3. workers
        pl.multiplier = [0] * N_ACTIONS
        pl.multiplier_pending = [0] * N_ACTIONS
        pl.venom = [False] * N_ACTIONS
        pl.constriction = [False] * N_ACTIONS
        pl.workers_active += sum(pl.task_workers)
        pl.task_workers = [0] * 4
    for k in range(7, 12):
        if k not in s.board_partner_zoos and any(k not in pl.partner_zoos for pl in s.ps):
            s.board_partner_zoos.append(k)
    s.board_partner_zoos.sort()
    for u in range(3):
        if u not in s.board_universities and any(u not in pl.universities for pl in s.ps):
            s.board_universities.append(u)
    s.board_universities.sort()
    for f in (1, 2)[:len(s.display)]:  # 4. display (a 1-folder display has folder 1 only)
        if s.display[f - 1]:
            discard_card(s, -1, s.display[f - 1])
        s.display[f - 1] = 0
    refill_display(s)
    for q in order:  # 5. income (R12)
        income(s, q)
    s.break_token = 0
    s.break_pending = False
    refill_display(s)


def income(s: State, q: int) -> None:
    pl = s.ps[q]
    appeal = s.rules.appeal_income[min(pl.appeal, 113)]
    kiosks = kiosk_income(s, q)
    s.log(E_INCOME, q, appeal, kiosks)
    gain(s, q, 1, appeal)
    gain(s, q, 1, kiosks)
    for card in sorted(pl.sponsors):
        run(s, q, card, Moment.INCOME)
    bonus_column_income(s, q)


# ---------------------------------------------------------------- the end (§13)
def score(s: State, q: int) -> int:
    return s.rules.score(s.ps[q].appeal, s.ps[q].cp)


def someone_reached_end(s: State) -> bool:
    return any(score(s, q) >= s.rules.end_trigger_score for q in range(s.players))


def after_turn(s: State, p: int) -> None:
    """End check, break, last turns, turn cap; sets s.current to the next seat or ends the game."""
    final_phase = s.end_triggered
    if final_phase and s.last_turns and s.last_turns[0] == p:
        s.last_turns.pop(0)
    if not s.end_triggered and someone_reached_end(s):
        s.end_triggered = True
        s.last_turns = [(p + d) % s.players for d in range(1, s.players)]  # R5
    if s.break_pending:
        very_last = s.end_triggered and final_phase and not s.last_turns
        if not very_last or s.rules.break_after_last_turn:
            do_break(s)
            if not s.end_triggered and someone_reached_end(s):
                s.end_triggered = True
                t = s.break_trigger
                s.last_turns = [(t + d) % s.players for d in range(1, s.players + 1)]
    if s.end_triggered and not s.last_turns:
        finish(s, END_SCORE)
    elif all(pl.turns >= s.rules.max_turns for pl in s.ps):
        finish(s, END_TURN_CAP)
    else:
        s.current = s.last_turns[0] if s.end_triggered else (p + 1) % s.players


def final_metric(s: State, q: int, metric: int) -> int:
    name = cards.FINAL_METRICS[metric]
    pl = s.ps[q]
    icons = icon_counts(s, q)
    sizes = [int(C.size[idx(a)]) for a in pl.animals]
    if name == "large_animals":
        return sum(1 for z in sizes if z >= 4)
    if name == "small_animals":
        return sum(1 for z in sizes if z <= 2)
    if name == "science_icons":
        return icons[12]
    if name == "architecture":
        conn, cov = connected(s, q), pl.covered
        return (int(WATER_CELLS & ~conn == 0) + int(ROCK_CELLS & ~conn == 0) + int(PLAIN & ~cov == 0)
                + int(BORDER & PLAIN & ~cov == 0))
    if name == "supports":
        return pl.supports
    if name == "empty_spaces":
        return bin(PLAIN & ~pl.covered).count("1")
    if name == "reputation":
        return pl.rep
    if name == "sponsors":
        return len(pl.sponsors)
    if name == "category_majority_vs_previous":
        prev = icon_counts(s, (q - 1) % s.players)
        return min(4, sum(1 for k in CATEGORY_ICONS if icons[k] > prev[k]))
    if name == "rock_icons":
        return icons[ROCK]
    return icons[WATER]


def final_card_cp(s: State, q: int, card: int) -> int:
    c = idx(card)
    value = final_metric(s, q, int(C.final_metric[c]))
    best = 0
    for t, cp in zip(C.final_thresholds[c], C.final_cp[c]):
        if value >= t:
            best = int(cp)
    return min(best, s.rules.max_final_card_cp)


def finish(s: State, reason: int) -> None:
    """§13.2 final scoring; §13.3 ranks."""
    if not s.cp10_reached:
        discard_final_cards(s)
    s.scoring = True
    for q in range(s.players):
        before = s.ps[q].cp
        end_effects(s, q)
        s.ps[q].end_cp_sponsors = s.ps[q].cp - before
    for q in range(s.players):
        before = s.ps[q].cp
        for card in s.ps[q].finals:
            gain(s, q, 4, final_card_cp(s, q, card))
        s.ps[q].end_cp_finals = s.ps[q].cp - before
    for pl in s.ps:
        pl.appeal = min(pl.appeal, s.rules.max_appeal)
        pl.cp = min(pl.cp, s.rules.max_cp)
    s.game_over = True
    s.end_reason = reason
    s.log(E_END, -1, reason, s.turn)
    for q in range(s.players):
        s.log(E_SCORE, q, score(s, q), s.ps[q].supports)


@dataclass
class Result:
    scores: list[int]
    ranks: list[int]
    win_share: list[float]
    end_reason: int
    turns: int


def result(s: State) -> Result:
    keys = [(score(s, q), s.ps[q].supports) for q in range(s.players)]
    ranks = [1 + sum(1 for k in keys if k > keys[q]) for q in range(s.players)]
    winners = [q for q in range(s.players) if ranks[q] == 1]
    share = [1 / len(winners) if q in winners else 0.0 for q in range(s.players)]
    return Result([k[0] for k in keys], ranks, share, s.end_reason, s.turn)


@dataclass
class GameRecord:
    """What the log keeps of one finished game (columns.py): per seat `score`, `rank`, `win_share` and every
    `COLUMNS` value (`seats[q][name]`); per game `turns`, `breaks`, `end_reason`; and the event log (PROTOCOL.md 6)."""
    players: int
    turns: int
    breaks: int
    end_reason: int
    seats: list[dict[str, float]]
    events: list[tuple[int, int, int, int, int, int]]


def seat_columns(s: State, q: int) -> dict[str, int]:
    """Seat q's `COLUMNS` values in a finished game."""
    pl, r = s.ps[q], s.rules
    return {
        "appeal": min(pl.appeal, r.max_appeal),
        "conservation": pl.cp,
        "conservation_points": r.cp_points[min(max(pl.cp, 0), r.max_cp)],
        "reputation": pl.rep,
        "money": pl.money,
        "end_conservation_sponsors": pl.end_cp_sponsors,
        "end_conservation_final_cards": pl.end_cp_finals,
        "animals": len(pl.animals),
        "sponsors": len(pl.sponsors),
        "projects_supported": pl.supports,
        "partner_zoos": len(pl.partner_zoos),
        "universities": len(pl.universities),
        "buildings": len(pl.buildings),
        "breaks": s.breaks,
        "end_reason": s.end_reason,
    }


def game_record(s: State) -> GameRecord:
    """The log record of a finished game; the score components (`SCORE_COMPONENTS`) add up to each score."""
    if not s.game_over:
        raise ZoosimError("game_record needs a finished game")
    r = result(s)
    seats = []
    for q in range(s.players):
        row: dict[str, float] = {"score": r.scores[q], "rank": r.ranks[q], "win_share": r.win_share[q]}
        row.update(seat_columns(s, q))
        seats.append(row)
    return GameRecord(s.players, s.turn, s.breaks, s.end_reason, seats, list(s.events))


def play_game(rules: Rules, players: int, seed: int, game_index: int, policies: list[Callable]) -> State:
    """One whole game on the stream PyRng(seed, game_index) (PROTOCOL.md 1). Returns the final state, whose
    `record` is the game's log record (`game_record`). A policy with a `plan(state, seat)` method (reference.policies:
    `random`, the planners) is called at the start of each of its seat's turns (PROTOCOL.md 10)."""
    s = setup(rules, players, PyRng(seed, game_index), policies)
    s.seed, s.game_index = seed, game_index
    while not s.game_over:
        p = s.current
        s.hidden_drawn = False
        plan = getattr(s.policies[p], "plan", None)
        if plan is not None:
            plan(s, p)
        play_turn(s, p)
        after_turn(s, p)
    s.record = game_record(s)
    return s


__all__ = ["play_game", "game_record", "GameRecord", "seat_columns", "play_turn", "do_break", "finish", "result", "board", "draw_deck", "refill_display"]
