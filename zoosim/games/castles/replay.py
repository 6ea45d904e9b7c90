"""`zoosim replay castles`: one game told turn by turn from the engine's own event rows (play.play_traced, the same
game `simulate` logged for that seed and game index), with every castle a turn changed drawn as a character grid
(text.draw_castle), rebuilt by laying the PLACE rows on reference.castle.Castle.

Players are named as the log names them: `player i` played the i-th policy given (the log's `seat`); the
master-builder order (the log's `position`) is drawn per game with `first_mb = "random"`. Coordinates are cells
relative to the foyer's top-left cell, as in `zoosim score castles` positions (docs/positions.md).
"""
from __future__ import annotations

from collections.abc import Sequence

from zoosim.games.castles.components import data
from zoosim.games.castles.text import LEGEND, card_name, draw_castle, favor_name, size_name, tile_name
from zoosim.games.castles.columns import COLUMNS, SCORE_COMPONENTS
from zoosim.games.castles.reference.castle import Castle
from zoosim.games.castles.reference.state import (  # the event rows of PROTOCOL.md 9
    BONUS_DRAW, BONUS_RETURN, BUY_PIECE, BUY_ROOM, CARD_EMPTY, COMPLETE, EXTRA_ACTION, FAVOR, LIVING_TARGET, MARKET_IN,
    PASS, PLACE, PRICE, REWARD, ROUND_END, ROUND_START, SCORE, SEATS, SLEEPING_TAKE, UPKEEP,
)
from zoosim.games.castles.rules import Rules

ACTIONS = (BUY_ROOM, BUY_PIECE, PASS, EXTRA_ACTION)
LEVELS = ("upstairs", "downstairs")
END_REASONS = ("the room-card deck ran out", "max_rounds was reached")


SEARCH_OPTION = 21  # engine.state.SEARCH_OPTION: one row per candidate of a search decision (PROTOCOL.md 9, 10)
PLAN_CODE = 3000     # search.PLAN_CODE: a pricing plan's option code is PLAN_CODE + its intent's index
PRICE_INTENTS = (1.0, 0.0, 2.0, 0.5, 3.0, 1.5)  # search.PRICE_INTENTS


def replay_text(rules: Rules, players: int, policies: Sequence, seed: int, game_index: int,
                explain: bool = False) -> str:
    """The game of (rules, policies by player, seed, game index) as text: setup, every round and turn, the castles,
    and the final scoring; with `explain`, each search decision's candidates (playouts, mean outcome, the one
    chosen) under its turn."""
    from zoosim.games.castles.play import play_traced

    events, rows = play_traced(rules, players, list(policies), seed, game_index)
    return tell(rules, players, policies, seed, game_index, events, rows, explain)


def _piece(tile: int) -> str:
    return "a hallway" if tile == data.HALLWAY else "stairs" if tile == data.STAIRS else tile_name(tile)


def _money(amount: int) -> str:
    return f"{amount:,}"


class _Story:
    """The state a reader needs beside the rows: who sits where, castles, marks, points."""

    def __init__(self, rules: Rules, players: int, labels: Sequence[str]) -> None:
        self.rules, self.players, self.labels = rules, players, labels
        xy = rules.geometry().foyer_xy
        self.origin = (xy, xy)
        self.castles = []
        for _ in range(players):
            castle = Castle(rules)
            castle.add(data.FOYER, 0, xy, xy)
            self.castles.append(castle)
        self.policy_of = list(range(players))  # seat (master-builder order) -> player (policy index)
        self.money = [rules.start_money] * players
        self.points = [0] * players
        self.changed: list[int] = []
        self.indent = ""  # bonus-card rows of a utility reward are indented under it
        self.lines: list[str] = []
        self.explain = False
        self.market: list[int] = []  # the market's tiles in the engine's order (a pricing plan ranks them)
        self.prices = sorted(rules.for_players("price_slots", players))
        self.slot_prices = list(rules.for_players("price_slots", players))
        self.last_kind = 0

    def who(self, seat: int) -> str:
        return f"player {self.policy_of[seat]}"

    def payee(self, payee: int) -> str:
        return "the bank" if payee < 0 else self.who(payee)

    def flush(self) -> None:
        """Draw each castle changed since the last drawing, with its player's marks and points."""
        for seat in self.changed:
            p = self.policy_of[seat]
            self.lines.append(f"  castle of player {p} ({_money(self.money[seat])} marks, {self.points[seat]} points "
                              f"so far):")
            self.lines += ["    " + row for row in draw_castle(self.castles[seat], self.origin)]
        self.changed = []

    def option(self, code: int, tile: int, plan: int) -> str:
        """A search candidate in the game's terms."""
        if code >= PLAN_CODE:
            ranks = [(plan >> (4 * i)) & 15 for i in range(len(self.market))]
            priced = sorted(zip(ranks, self.market))
            return (f"price (w_intent {PRICE_INTENTS[code - PLAN_CODE]:g}): "
                    + ", ".join(f"{tile_name(t)} {_money(self.prices[r])}" for r, t in priced))
        if code >= 2000:
            return "pass"
        if code >= 1000:
            return f"buy {_piece(code - 1000)}"
        return f"buy {tile_name(tile)} at {_money(self.slot_prices[code])}"

    def search_row(self, seat: int, code: int, b: int, playouts: int, mean: int, chosen: int) -> None:
        """One candidate of a search decision (with --explain; nothing without)."""
        if not self.explain:
            return
        if self.last_kind != SEARCH_OPTION:
            self.lines.append(f"  {self.who(seat)} searches ({'pricing' if code >= PLAN_CODE else 'its action'}):")
        mark = "*" if chosen else " "
        self.lines.append(f"   {mark} {self.option(code, b, b):<60} {playouts:>5} playouts, mean {mean / 100:+.2f}")

    def event(self, row: Sequence[int]) -> None:
        kind, seat, a, b, c, d, e = row
        say = self.lines.append
        if kind == SEARCH_OPTION:
            self.search_row(seat, a, b, c, d, e)
            self.last_kind = kind
            return
        self.last_kind = kind
        if kind == MARKET_IN:
            self.market.append(a)
        elif kind == BUY_ROOM:
            self.market.remove(a)
        if kind in ACTIONS or kind in (ROUND_START, ROUND_END):
            self.flush()
        if kind == SEATS:
            self.policy_of = [(s + a) % self.players for s in range(self.players)]
            for s, p in enumerate(self.policy_of):
                say(f"player {p} ({self.labels[p]}) is master builder {s + 1}"
                    f"{' (first)' if s == 0 else ''}, starts with {self.rules.start_points[s]} points")
                self.points[s] = self.rules.start_points[s]
        elif kind == FAVOR:
            say(f"King's Favor {favor_name(a)}: " + ("in play" if b else "discarded (its exclusive pair is in play)"))
        elif kind == BONUS_DRAW:
            say(f"{self.indent}{self.who(seat)} draws bonus card {card_name(a)}")
        elif kind == BONUS_RETURN:
            say(f"{self.indent}{self.who(seat)} gives back bonus card {card_name(a)}")
        elif kind == MARKET_IN:
            say(f"  market: {tile_name(a)} ({data.TILE_SIZE_SQFT[a]} sq ft) comes in"
                + (" from a sleeping reward" if b else ""))
        elif kind == CARD_EMPTY:
            say(f"  market: a {size_name(a)} room card finds its stack empty ("
                + ("the slot stays empty)" if b else "drawing again)"))
        elif kind == ROUND_START:
            self.indent = "    "
            say("")
            say(f"== round {a}: master builder {self.who(b)}")
        elif kind == UPKEEP:
            say(f"  upkeep: {a} unsold room{'s' if a != 1 else ''} gain {_money(b)} marks each")
        elif kind == PRICE:
            say(f"  {self.who(seat)} prices {tile_name(a)} at {_money(c)}")
        elif kind == BUY_ROOM:
            self.money[seat] += d - c
            if e >= 0:
                self.money[e] += c
            coins = f", takes the {_money(d)} marks on it" if d else ""
            say(f"{self.who(seat)} buys {tile_name(a)} for {_money(c)}{coins}, paid to {self.payee(e)}")
        elif kind == BUY_PIECE:
            self.money[seat] -= b
            if e >= 0:
                self.money[e] += b
            say(f"{self.who(seat)} buys {_piece(a)} for {_money(b)}, paid to {self.payee(e)}")
        elif kind == PASS:
            self.money[seat] += a
            say(f"{self.who(seat)} passes{' (extra action)' if b else ''}: +{_money(a)} marks")
        elif kind == PLACE:
            ox, oy = self.origin
            self.castles[seat].add(a, b, c, d, e)
            if seat not in self.changed:
                self.changed.append(seat)
            say(f"  places {tile_name(a)} {LEVELS[e]}, rot {b}, at {c - ox}, {d - oy}")
        elif kind == SCORE:
            self.points[seat] += b
            say(f"  scores {b:+d} points")
        elif kind == COMPLETE:
            reward = "no reward" if b < 0 else f"{data.TYPE_NAMES[b]} reward"
            say(f"  completes {tile_name(a)}: {reward}")
        elif kind == REWARD:
            self.reward(seat, a, b, c, d)
        elif kind == SLEEPING_TAKE:
            say(f"    takes {tile_name(b)} from the {size_name(a)} stack (it enters the market next)")
        elif kind == EXTRA_ACTION:
            say(f"{self.who(seat)} takes an extra action (food reward)")
        elif kind == ROUND_END:
            say(f"== end of round {a}" + (f": the game ends, {END_REASONS[c]}" if c >= 0 else
                                          (" (the last round)" if b else "")))
        elif kind == LIVING_TARGET:
            say(f"    the wild reward re-scores {tile_name(a)}")
        else:
            say(f"event {kind}: {tuple(row)}")

    def reward(self, seat: int, kind: int, value: int, wild: int, lost: int) -> None:
        what = ("wild " if wild else "") + (data.TYPE_NAMES[kind] if 0 <= kind < data.N_TYPES else str(kind))
        if lost:
            self.lines.append(f"    {what} reward lost")
            return
        if kind in (data.LIVING, data.ACTIVITY):
            self.points[seat] += value
            text = f"{value:+d} points"
        elif kind == data.OUTDOOR:
            self.money[seat] += value
            text = f"+{_money(value)} marks"
        elif kind == data.SLEEPING:
            text = f"{value} tile{'s' if value != 1 else ''} taken"
        elif kind == data.UTILITY:
            text = f"draws {value} bonus card{'s' if value != 1 else ''}"
        elif kind == data.FOOD:
            text = "an extra action"
        elif kind == data.CORRIDOR:
            text = f"{_piece(value)} for free"
        else:
            text = "nothing"
        self.lines.append(f"    {what} reward: {text}")


def tell(rules: Rules, players: int, policies: Sequence, seed: int, game_index: int, events, rows,
         explain: bool = False) -> str:
    """The text of a traced game: `events` and result `rows` (by master-builder position) of play_traced; with
    `explain` the search decisions' candidates."""
    from zoosim.games.castles.engine.state import O_AREA, O_MONEY, O_POLICY, O_RANK, O_SCORE, O_START

    labels = [p if isinstance(p, str) else p.label for p in policies]
    story = _Story(rules, players, labels)
    story.explain = explain
    story.lines += [f"castles, {players} players, seed {seed}, game index {game_index}",
                    "player i: the log's seat i, who played the i-th policy given (after --rotation)",
                    "coordinates: cells relative to the foyer's top-left cell; rot: quarter turns clockwise",
                    LEGEND, "-- setup"]
    for row in events:
        story.event(row)
    story.flush()
    lines = story.lines + ["", "final scoring"]
    names = [c.name for c in COLUMNS]
    by_player = sorted(rows, key=lambda r: int(r[O_POLICY]))
    for r in by_player:
        parts = ", ".join(f"{name} {int(r[O_START + names.index(name)])}" for name in SCORE_COMPONENTS)
        lines.append(f"player {int(r[O_POLICY])}: score {int(r[O_SCORE])}, rank {int(r[O_RANK])} ({parts}; "
                     f"{_money(int(r[O_MONEY]))} marks, area {int(r[O_AREA])} sq ft)")
    return "\n".join(lines)
