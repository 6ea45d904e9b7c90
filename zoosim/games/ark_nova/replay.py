"""One Ark Nova game told turn by turn (`zoosim replay ark-nova`), from the engine's event log (PROTOCOL.md 7).

The game is play.play_traced's: the game `simulate` logged for that (rules, seed, game index, policies), seats
relabelled as play.py says. Each turn shows the action card with its strength and side (X-tokens spent, an X
action, the Sponsors break option), the cards drawn, discarded, played (with the building that houses an animal),
the buildings built with their cells, the projects supported, upgrades, bonus tiles and tokens, and after the
turn every player's tracks (appeal, CP, reputation, money). Breaks show who triggered them and each player's
income; the end shows its reason and the final scoring. Decisions (DECIDE rows) are counted, not shown.

Players are named by their place in the turn order ("player 0" moved first); the header says which seat (policy
index, the log's `seat`) each one is.

With `explain` (`zoosim replay --explain`), each turn of a `search` seat shows, under its turn line, the plans it
weighed (PROTOCOL.md 12: SEARCH and SEARCH_STEP rows): what each plan does on the planner's own re-deal, its playouts
and mean outcome (points of heuristic's value against the best opponent), the chosen one starred.
"""
from __future__ import annotations

from collections.abc import Sequence

from zoosim.games.ark_nova.components import board, cards
from zoosim.games.ark_nova.components.vocab import ACTIONS, APPEAL, BUILDINGS, CP, MONEY, REPUTATION, RESOURCES
from zoosim.games.ark_nova.engine.state import (
    E_ACTION, E_BREAK, E_BUILD, E_DECIDE, E_DISCARD, E_DISPLAY, E_DRAW, E_END, E_GAIN, E_INCOME, E_PLAY, E_RELEASE,
    E_RESHUFFLE, E_SCORE, E_SUPPORT, E_TILE, E_TOKEN, E_TURN, E_UPGRADE, E_X_ACTION,
)
from zoosim.games.ark_nova.rules import Rules
from zoosim.games.base import PolicySpec

TOKENS = ("multiplier", "venom", "constriction")
E_SEARCH, E_SEARCH_STEP = 21, 22    # search.E_SEARCH, search.E_SEARCH_STEP (PROTOCOL.md 12), without importing numba
END_REASONS = ("a score reached end_trigger_score", "the turn cap (max_turns turns per seat)")


def card_name(card_id: int) -> str:
    """`id Name` of a printed card number."""
    return f"{card_id} {cards.CARDS.names[cards.index_of(card_id)]}"


def _source(b: int) -> str:
    if b == 0:
        return "the deck"
    if b > 0:
        return f"folder {b}"
    return {-1: "the hand", -2: "the discard pile", -3: "the base-project pile", -4: "another hand"}.get(b, str(b))


def _cells(lo: int, hi: int) -> str:
    mask = (lo & 0xFFFFFFFF) | (hi << 32)
    return " ".join(f"({x},{y})" for x, y in board.cells_of(mask))


class _Story:
    """Reads event rows in order and keeps what the text needs: the tracks of every player."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules, self.n = rules, players
        # each player's buildings by index, as the engine numbers them: the map's start buildings, then in build order
        self.buildings = [[int(k) for k in board.START_BUILDING_KIND] for _ in range(players)]
        self.tracks = [{APPEAL: rules.start_appeal_by_seat[q], CP: 0, REPUTATION: rules.start_reputation,
                        MONEY: rules.start_money} for q in range(players)]
        self.lines: list[str] = []
        self.decisions = 0
        self.in_turn = False
        self.scores: dict[int, tuple[int, int]] = {}
        self.search: list[str] = []     # the search lines of the coming turn (printed under its turn line)
        self.plans: dict[int, list[str]] = {}
        self.pending: list[tuple[int, int, int, int]] = []

    def home(self, q: int, index: int) -> str:
        if index < 0:
            return "as part of a flock (no enclosure)"
        kinds = self.buildings[q]
        return f"housed in {BUILDINGS[kinds[index]] if index < len(kinds) else '?'} (building {index})"

    def track_line(self) -> str:
        return "    tracks: " + " | ".join(
            f"p{q} appeal {t[APPEAL]} CP {t[CP]} rep {t[REPUTATION]} money {t[MONEY]}"
            for q, t in enumerate(self.tracks))

    def close_turn(self) -> None:
        if self.in_turn:
            self.lines.append(self.track_line())
            self.in_turn = False

    def say(self, seat: int, text: str) -> None:
        who = f"p{seat} " if seat >= 0 else ""
        self.lines.append(f"    {who}{text}")

    def search_row(self, seat: int, candidate: int, a: int, b: int, c: int) -> None:
        """A SEARCH row: the decision's header (candidate -1: plans made, shortlist, budget) or one candidate."""
        if candidate < 0:
            self.search = [f"    p{seat} search: {a} plan(s) made, {b} on the shortlist, budget {c} playouts"]
            self.plans = {}
            self.pending = []
            return
        self.pending.append((candidate, a, b, c))

    def flush_search(self) -> None:
        if not self.search:
            return
        self.lines.extend(self.search)
        for candidate, playouts, mean, flags in self.pending:
            mark = "*" if flags & 1 else " "
            what = "; ".join(self.plans.get(candidate, [])) or "(nothing)"
            own = ", heuristic's plan" if flags & 2 else ""
            self.lines.append(f"     {mark}{candidate + 1:>2}. {what}  [{playouts} playouts, mean {mean / 1000:+.2f}"
                              f"{own}]")
        self.search, self.plans, self.pending = [], {}, []

    @staticmethod
    def step_text(kind: int, a: int, b: int, c: int) -> str:
        if kind == E_ACTION:
            if a < 0:
                return f"{-b} X-token(s)"
            if c == -1:
                return "Sponsors break option"
            return f"{ACTIONS[a].capitalize()} {b}{' (II)' if c else ''}"
        if kind == E_X_ACTION:
            return f"X action ({ACTIONS[a].capitalize()} to slot 1)"
        if kind == E_PLAY:
            return f"plays {card_name(a)}"
        if kind == E_BUILD:
            return f"builds {BUILDINGS[a]}"
        if kind == E_SUPPORT:
            return f"supports {card_name(a)}"
        if kind == E_UPGRADE:
            return f"upgrades {ACTIONS[a].capitalize()}"
        if kind == E_GAIN:
            return f"{b:+d} {('appeal', 'money', 'X-token(s)', 'reputation', 'CP')[a]}"
        return f"event {kind}"

    def event(self, row: Sequence[int]) -> None:
        kind, seat, a, b, c, d = row
        if kind == E_DECIDE:
            self.decisions += 1
        elif kind == E_TURN:
            self.close_turn()
            self.in_turn = True
            self.lines.append(f"turn {a}: player {seat} (its turn {b})")
            self.flush_search()
        elif kind == E_SEARCH:
            self.search_row(seat, a, b, c, d)
        elif kind == E_SEARCH_STEP:
            self.plans.setdefault(a // 100, []).append(self.step_text(a % 100, b, c, d))
        elif kind == E_ACTION:
            if a < 0:
                self.say(seat, f"spends {-b} X-token(s) ({c} left)")
            elif c == -1:
                self.say(seat, "takes the Sponsors break option (money, break track)")
            else:
                self.say(seat, f"{ACTIONS[a].capitalize()} at strength {b}, side {'II' if c else 'I'}")
        elif kind == E_X_ACTION:
            self.say(seat, f"X action: {ACTIONS[a].capitalize()} moves to slot 1 (+1 X-token)")
        elif kind == E_GAIN:
            if seat >= 0 and a in self.tracks[seat]:
                self.tracks[seat][a] = c
            if a not in (APPEAL, CP, REPUTATION, MONEY) and seat >= 0:
                self.say(seat, f"{RESOURCES[a] if a < len(RESOURCES) else 'break token'} {b:+d} -> {c}")
        elif kind == E_DRAW:
            self.say(seat, f"takes {card_name(a)} from {_source(b)}")
        elif kind == E_DISCARD:
            if seat < 0:
                self.say(seat, f"{card_name(a)} leaves the display for the discard pile")
            else:
                self.say(seat, f"discards {'final scoring card ' if b == 1 else ''}{card_name(a)}")
        elif kind == E_BUILD:
            if a < 0:
                self.say(seat, f"moves {card_name(b)} into the new {BUILDINGS[c]}")
            else:
                self.buildings[seat].append(a)
                self.say(seat, f"builds {BUILDINGS[a]} (building {len(self.buildings[seat]) - 1}) on {_cells(b, c)}")
        elif kind == E_PLAY:
            if a > 0:
                home = f", {self.home(seat, c)}" if cards.CARDS.kind[cards.index_of(a)] == cards.ANIMAL else ""
                self.say(seat, f"plays {card_name(a)} from {_source(b)}{home}")
        elif kind == E_SUPPORT:
            self.say(seat, f"supports project {card_name(a)} (slot {b + 1})")
        elif kind == E_BREAK:
            self.close_turn()
            self.lines.append(f"== break (the break token reached the end in player {seat}'s turn, game turn {a})")
        elif kind == E_INCOME:
            self.say(seat, f"income: {a} from appeal, {b} from kiosks")
        elif kind == E_END:
            self.close_turn()
            self.lines.append(f"== end after {b} turns: {END_REASONS[a] if 0 <= a < 2 else a}")
        elif kind == E_SCORE:
            self.scores[seat] = (a, b)
        elif kind == E_RESHUFFLE:
            self.say(seat, f"the discard pile is shuffled into a new deck of {a} cards")
        elif kind == E_UPGRADE:
            self.say(seat, f"upgrades {ACTIONS[a].capitalize()} to side II")
        elif kind == E_TILE:
            self.say(seat, f"takes bonus tile {self.rules.bonus_tiles[b]} (CP space {a})")
        elif kind == E_TOKEN:
            self.say(seat, f"{TOKENS[a] if 0 <= a < 3 else a} token on {ACTIONS[b].capitalize()}")
        elif kind == E_RELEASE:
            self.say(seat, f"releases {card_name(a)}")
        elif kind == E_DISPLAY:
            pass


def replay_text(rules: Rules, players: int, policies: Sequence[PolicySpec], seed: int, game_index: int,
                explain: bool = False) -> str:
    """The game as text (module doc); `policies` by seat index, as `simulate` takes them; `explain` adds the search
    seats' decisions."""
    from zoosim.games.ark_nova import play

    events, rows, _ = play.play_traced(rules, players, list(policies), seed, game_index, explain=explain)
    position = [int(r[play.O_POSITION]) for r in rows]
    seat_of = {position[i]: i for i in range(players)}
    story = _Story(rules, players)
    head = [f"Ark Nova, {players} players, seed {seed}, game {game_index}",
            "turn order: " + ", ".join(f"player {q} = seat {seat_of[q]} ({policies[seat_of[q]].name})"
                                       for q in range(players)),
            f"setup: each player keeps {rules.hand_keep} of its {rules.hand_draw} dealt cards and discards the rest"]
    for row in events:
        story.event(row)
    story.close_turn()
    lines = head + story.lines
    lines.append(f"final scoring ({story.decisions} decisions in the game):")
    for q in range(players):
        r = rows[seat_of[q]]
        lines.append(f"  player {q} (seat {seat_of[q]}): score {r[play.O_SCORE]} = appeal {r[play.offset('appeal')]} "
                     f"+ conservation {r[play.offset('conservation_points')]} (CP {r[play.offset('conservation')]}), "
                     f"supports {r[play.offset('projects_supported')]}, rank {r[play.O_RANK]}")
    return "\n".join(lines)
