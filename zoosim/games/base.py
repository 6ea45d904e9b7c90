"""What every game package offers the rest of zoosim.

The simulation layer, the CLI and the reports know games only through this interface: a game is a
`Game` object in the registry (`zoosim.games.registry`). Nothing outside `games/` imports an engine.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields, replace
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from zoosim.errors import ZoosimError
from zoosim.games.policy import PolicyInfo, PolicyParam, PolicySpec, policy_spec
from zoosim.games.policy_files import parse_policy

# re-exported: a game package finds everything it offers the rest of zoosim here
__all__ = ["ZoosimError", "PolicyInfo", "PolicyParam", "PolicySpec", "policy_spec", "parse_policy", "Game", "Column",
           "rules_hash", "rules_to_dict", "rules_to_toml", "override_rules", "rule_text", "policy_arrays", "block_columns",
           "rounds_log_block", "cards_log_block", "CARDS_LOG_FIELDS", "seat_policies"]


def rules_hash(rules: Any) -> str:
    """A short stable hash of a full rules object: two runs compare only when it matches."""
    payload = json.dumps(rules_to_dict(rules), sort_keys=True, default=str)
    return hashlib.sha256(payload.encode()).hexdigest()[:12]


def rules_to_dict(rules: Any) -> dict[str, Any]:
    out = {}
    for f in fields(rules):
        v = getattr(rules, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def rules_to_toml(rules: Any, docs: Mapping[str, str] | None = None) -> str:
    """Render a flat rules dataclass as TOML (one key per field, with its doc as a comment)."""
    lines = []
    for f in fields(rules):
        v = getattr(rules, f.name)
        if docs and f.name in docs:
            lines.append(f"# {docs[f.name]}")
        lines.append(f"{f.name} = {_toml_value(v)}")
    return "\n".join(lines) + "\n"


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return str(v)


def override_rules(rules: Any, overrides: Mapping[str, str]) -> Any:
    """Apply `key=value` text overrides to a flat frozen rules dataclass (types follow the defaults).

    Tuples take comma-separated values: `enclosure_full_points=8,5,11`.
    """
    known = {f.name: f for f in fields(rules)}
    changes: dict[str, Any] = {}
    for key, raw in overrides.items():
        if key not in known:
            raise ZoosimError(f"unknown rule {key!r}; see `zoosim rules GAME` for the accepted keys")
        current = getattr(rules, key)
        changes[key] = _coerce(key, raw, current)
    return replace(rules, **changes)


def _coerce(key: str, raw: Any, current: Any) -> Any:
    if not isinstance(raw, str):
        if isinstance(current, tuple) and current and isinstance(current[0], tuple):
            return tuple(tuple(group) for group in raw)
        return tuple(raw) if isinstance(current, tuple) else raw
    text = raw.strip()
    try:
        if isinstance(current, bool):
            if text.lower() in ("true", "1", "yes"):
                return True
            if text.lower() in ("false", "0", "no"):
                return False
            raise ValueError
        if isinstance(current, int):
            return int(text)
        if isinstance(current, float):
            return float(text)
        if isinstance(current, tuple) and current and isinstance(current[0], tuple):
            return _nested(text, type(current[0][0]) if current[0] else int)
        if isinstance(current, tuple):
            parts = [p for p in text.strip("[]()").split(",") if p.strip()]
            kind = type(current[0]) if current else int
            return tuple(kind(p.strip().strip('"')) for p in parts)
        return text.strip('"')
    except ValueError:
        raise ZoosimError(f"rule {key} needs a value like {_toml_value(current)}, got {raw!r}") from None


def rule_text(value: Any) -> str:
    """A rule value as the `--rule key=value` text that override_rules reads back: lists comma-separated, a list of
    lists as `[[1,2],[3]]`, booleans as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)) and any(isinstance(v, (list, tuple)) for v in value):
        return "[" + ",".join("[" + rule_text(v) + "]" for v in value) + "]"
    if isinstance(value, (list, tuple)):
        return ",".join(rule_text(v) for v in value)
    return str(value)


def _nested(text: str, kind: type) -> tuple[tuple[Any, ...], ...]:
    """A tuple of tuples from `[[1,2],[3]]` (as `zoosim rules` prints it) or `1,2;3` (groups split by `;`)."""
    if text.startswith("["):
        value = json.loads(text)
        if not (isinstance(value, list) and all(isinstance(group, list) for group in value)):
            raise ValueError
        return tuple(tuple(kind(x) for x in group) for group in value)
    return tuple(tuple(kind(x.strip()) for x in group.split(",") if x.strip()) for group in text.split(";"))


@dataclass(frozen=True)
class Column:
    """A game's own log column; `score_part` columns add up to the score (each game's columns.SCORE_COMPONENTS)."""

    name: str
    dtype: str  # numpy dtype name
    doc: str
    score_part: bool = False


def score_parts(columns: Sequence[Column]) -> tuple[str, ...]:
    """The names of the columns that add up to the score, in column order."""
    return tuple(c.name for c in columns if c.score_part)


@dataclass(frozen=True)
class Game:
    """A game as the rest of zoosim sees it.

    play_block(rules, players, policies, seed, first_index, count) plays games
    first_index .. first_index+count-1 of master seed `seed` and returns columns of one row per
    (game, seat), ordered by game then seat: game_index, seat, score, rank, win_share, rounds, turns,
    then `columns`. `score_components` names the columns that add up to the score. `threads` (keyword,
    optional) caps the numba threads. Each game must depend only on (rules, players, policies, seed, game_index) per game.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    rules_type: type
    policies: Mapping[str, PolicyInfo]
    columns: tuple[Column, ...]
    score_components: tuple[str, ...]
    play_block: Callable[..., dict[str, np.ndarray]]
    validate: Callable[[Any, int], None]
    rule_docs: Mapping[str, str] = field(default_factory=dict)
    replay: Callable[..., str] | None = None
    score_position: Callable[..., dict] | None = None
    score_text: Callable[[dict], str] | None = None  # the game's own text of a score_position result
    variant_label: Callable[[Any], str] | None = None
    rounds_log: bool = False  # play_block(..., rounds_log=True) adds `round_scores` (see rounds_log_block)
    cards_log: bool = False  # play_block(..., cards_log=True) adds `cards` (see cards_log_block)
    card_names: Callable[[], Mapping[int, str]] | None = None  # printed card id -> name, for the cards analysis

    def default_rules(self) -> Any:
        return self.rules_type()

    def rules_from(self, overrides: Mapping[str, str], players: int | None = None) -> Any:
        rules = override_rules(self.rules_type(), overrides)
        if players is not None:
            self.check_players(players)
            self.validate(rules, players)
        return rules

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ZoosimError(
                f"{self.id} is for {self.min_players}-{self.max_players} players, got {players}"
            )

    def policy(self, text: str, players: int | None = None) -> PolicySpec:
        """A seat's policy from its text; `players` (when the caller knows it) resolves `@tuned`."""
        return parse_policy(text, self.policies, game=self.id, players=players)

    def variant(self, rules: Any) -> str:
        """A short label of the non-default rules, e.g. `end_stack=10`; `default` when none."""
        default = self.rules_type()
        diffs = []
        for f in fields(rules):
            a, b = getattr(rules, f.name), getattr(default, f.name)
            if a != b:
                diffs.append(f"{f.name}={_toml_value(a).replace(' ', '')}")
        return ",".join(diffs) if diffs else "default"


def policy_arrays(policies: Sequence[PolicySpec], width: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """The seats' policies as the engines read them: policy ids, and parameters padded to `width`."""
    ids = np.array([p.id for p in policies], dtype=np.int64)
    params = np.zeros((len(policies), width))
    for seat, spec in enumerate(policies):
        params[seat, :len(spec.values)] = spec.values
    return ids, params


def block_columns(rows: np.ndarray, shares: np.ndarray, first_index: int, count: int, players: int,
                  result: tuple[int, int, int, int], first_column: int, columns: Sequence[Column]) -> dict[str, np.ndarray]:
    """An engine's integer result rows as the log's columns (one row per game and seat, by game then seat).

    `result` gives the row offsets of score, rank, rounds and turns; the game's own `columns` start at
    `first_column`, in order.
    """
    score, rank, rounds, turns = result
    # one contiguous row per column first: casting strided columns one by one costs 2-3x more
    narrow = all(np.dtype(c.dtype).itemsize <= 4 for c in columns)
    by_column = rows.astype(np.int32 if narrow else np.int64).T.copy()
    out: dict[str, np.ndarray] = {
        "game_index": np.repeat(np.arange(first_index, first_index + count, dtype=np.int64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), count),
        "score": by_column[score].astype(np.int16),
        "rank": by_column[rank].astype(np.int8),
        "win_share": shares,
        "rounds": by_column[rounds].astype(np.int16),
        "turns": by_column[turns].astype(np.int32),
    }
    for k, column in enumerate(columns):
        out[column.name] = by_column[first_column + k].astype(column.dtype)
    return out


def rounds_log_block(round_scores: np.ndarray, rounds: np.ndarray, max_rounds: int) -> np.ndarray:
    """An engine's rounds log (games x rounds x players) as one row per (game, seat): rows x rounds.

    Refuses games longer than the log's width rather than silently dropping their late rounds.
    """
    games, width, players = round_scores.shape
    if len(rounds) and int(rounds.max()) > width:
        raise ZoosimError(f"a game lasted {int(rounds.max())} rounds; the rounds log holds at most {width} "
                          f"(max_rounds above {max_rounds} cannot be logged)")
    return np.ascontiguousarray(round_scores.transpose(0, 2, 1).reshape(games * players, width))


CARDS_LOG_FIELDS = ("game_index", "seat", "card", "turn", "round")  # the columns of a block's `cards` array


def cards_log_block(card_counts: np.ndarray, card_rows: np.ndarray, first_index: int) -> np.ndarray:
    """An engine's cards log (games x rows x (seat, card, turn, round), `card_counts[g]` rows used per game) as one
    int64 array of CARDS_LOG_FIELDS, one row per card played, by game then in the order played.

    A count of -1 marks a game that played more cards than the log holds: refused, never cut short.
    """
    if len(card_counts) and int(card_counts.min()) < 0:
        game = first_index + int(np.flatnonzero(card_counts < 0)[0])
        raise ZoosimError(f"game {game} played more than {card_rows.shape[1]} cards; the cards log holds at most "
                          f"{card_rows.shape[1]} a game")
    used = np.arange(card_rows.shape[1])[None, :] < card_counts[:, None]
    games = np.repeat(np.arange(first_index, first_index + len(card_counts), dtype=np.int64), card_counts)
    return np.column_stack([games, card_rows[used].astype(np.int64)]) if len(games) else \
        np.zeros((0, len(CARDS_LOG_FIELDS)), np.int64)


def seat_policies(policies: Sequence[PolicySpec], players: int, rotation: int = 0) -> list[PolicySpec]:
    """The policy of each seat: one policy for all seats, or one per seat, rotated by `rotation`."""
    if len(policies) == 1:
        base = list(policies) * players
    elif len(policies) == players:
        base = list(policies)
    else:
        raise ZoosimError(f"give --policy once or once per seat ({players}), got {len(policies)}")
    return [base[(s - rotation) % players] for s in range(players)]
