"""`zoosim replay zooloretto`: one game told turn by turn, from the engine's own event log.

It plays the game with the same (rules, seed, game index, seat policies) as `simulate`, so what it
prints is exactly the game whose rows `simulate` wrote. The page around the story is the family's (family.replay).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from zoosim.games.family.replay import Replay, round_story, truck_event
from zoosim.games.zooloretto.columns import COLUMNS
from zoosim.games.zooloretto.engine import state as E
from zoosim.games.zooloretto.policies import MAX_POLICY_PARAMS
from zoosim.games.zooloretto.rules import MAX_STALL_KINDS, SPECIES_NAMES, STALL_BASE, pack, tile_name


def _place(dest: int) -> str:
    if dest == E.BARN_DEST:
        return "the barn"
    if dest == E.MONEY_DEST:
        return "money"
    return f"enclosure {_enclosure(dest)}"


def _enclosure(e: int) -> str:
    return f"E{e + 1}" if e < 3 else f"expansion {e - 2}"


def _exchanged(b: int) -> str:
    """What an exchange takes an enclosure's animals for: another enclosure, or the barn's animals of a species."""
    return f"the barn's {SPECIES_NAMES[b - E.EXCHANGE_BARN]}" if b >= E.EXCHANGE_BARN else _enclosure(b)


def _species(s: int) -> str:
    return SPECIES_NAMES[s] if s < 8 else str(s)


def _dest(field: int) -> int:
    """A destination field of a turn option (state.field_dest) as a destination."""
    return E.BARN_DEST if field == E.DEST_FIELD_BARN else field


def option_text(opt: int) -> str:
    """A turn option (state.option code) in words."""
    kind = opt >> 24
    a, b, c = (opt >> 16) & 255, (opt >> 8) & 255, opt & 255
    if kind == E.OPT_DRAW:
        return "draw"
    if kind == E.OPT_TAKE:
        return f"take truck {a}"
    if kind == E.OPT_MOVE:
        to = _place(_dest(c))
        if a == E.MOVE_BARN_ANIMAL:
            return f"move {tile_name(b)} from the barn to {to}"
        if a == E.MOVE_BARN_STALL:
            return f"move {tile_name(STALL_BASE + b)} from the barn to {to}"
        source, kind_of_stall = divmod(b, MAX_STALL_KINDS)
        return f"move {tile_name(STALL_BASE + kind_of_stall)} from {_enclosure(source)} to {to}"
    if kind == E.OPT_EXCHANGE:
        return f"exchange {_enclosure(a)} with {_exchanged(b)}"
    if kind == E.OPT_PURCHASE:
        return f"buy {tile_name(b)} from seat {a}'s barn into {_place(_dest(c))}"
    if kind == E.OPT_DISCARD:
        return f"discard {tile_name(b)} from the barn"
    if kind == E.OPT_EXPAND:
        return "expand"
    return f"option {opt:#x}"


def search_line(row: Sequence[int]) -> str:
    """An EV_SEARCH row (PROTOCOL 11): one candidate of a search seat's decision, its playouts and mean value."""
    _kind, player, a, playouts, mean, flags = (int(x) for x in row)
    stage = flags >> 2
    if stage == 1:
        what = f"put it on truck {a}"
    elif stage == 2:
        what = f"{tile_name(a >> 8)} to {_place((a & 255) - 2)} first"
    else:
        what = option_text(a)
    notes = [note for bit, note in ((2, "the heuristic's choice"), (1, "chosen")) if flags & bit]
    tail = f"  <- {', '.join(notes)}" if notes else ""
    return f"    search (seat {player}): {what}: {playouts} playouts, mean {mean / 100:+.2f}{tail}"


def describe_event(row: Sequence[int]) -> str:
    """One event of the log in words."""
    if int(row[0]) == E.EV_SEARCH:
        return search_line(row)
    words = truck_event(row, E.EV_LAST_ROUND, E.EV_ROUND_END, tile_name, _place, "main stack", _species)
    if words is not None:
        return words
    kind, player, a, b, c, _d = (int(x) for x in row)
    who = f"seat {player}"
    if kind == E.EV_FILL:
        return f"  seat {player} fills {_enclosure(a)} and takes {b} coin(s)"
    if kind == E.EV_MOVE:
        return f"{who} pays to move {tile_name(a)} from {_place(b)} to {_place(c)}"
    if kind == E.EV_EXCHANGE:
        return f"{who} pays to exchange the animals of {_enclosure(a)} with {_exchanged(b)}"
    if kind == E.EV_PURCHASE:
        return f"{who} buys {tile_name(b)} from seat {a}'s barn into {_place(c)}"
    if kind == E.EV_DISCARD:
        return f"{who} pays to discard {tile_name(a)} from the barn"
    if kind == E.EV_EXPAND:
        return f"{who} buys an expansion ({_enclosure(a)})"
    return f"event {kind}: {tuple(row)}"


# With --explain each search decision's candidates (EV_SEARCH, PROTOCOL 11) stand above the move it chose.
REPLAY = Replay(game="zooloretto", play="zoosim.games.zooloretto.play", first_column="O_FULL", pack=pack,
                max_params=MAX_POLICY_PARAMS, columns=COLUMNS, describe=describe_event,
                story=partial(round_story, round_end=E.EV_ROUND_END))
play_recorded = REPLAY.play_recorded
replay_text = REPLAY.replay_text
