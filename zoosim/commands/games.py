"""Commands about games: games, rules, policies, replay, score."""
from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from zoosim.errors import ZoosimError
from zoosim.games.registry import game_ids, get_game, listing


def _parse_rules(items: list[str] | None) -> dict[str, str]:
    overrides: dict[str, str] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ZoosimError(f"--rule needs key=value, got {item!r}")
        overrides[key.strip()] = value.strip()
    return overrides


def games() -> None:
    """List the games zoosim can simulate."""
    for game_id in game_ids():
        title, low, high = listing(game_id)
        print(f"{game_id:<16} {title} ({low}-{high} players)")


def rules(
    game: str = typer.Argument(..., help="game id, see `zoosim games`"),
    rule: Optional[List[str]] = typer.Option(None, "--rule", help="override a rule: key=value (repeatable)"),
) -> None:
    """Print a game's rules as TOML (defaults = the official game), with overrides applied."""
    from zoosim.games.base import rules_to_toml

    g = get_game(game)
    rules_obj = g.rules_from(_parse_rules(rule))
    print(rules_to_toml(rules_obj, g.rule_docs), end="")


def policies(game: str = typer.Argument(..., help="game id, see `zoosim games`")) -> None:
    """List a game's policies, what they do and their parameters."""
    g = get_game(game)
    for info in g.policies.values():
        print(f"{info.name}: {info.doc}")
        for param in info.params:
            accepted = f" (accepted: {param.low:g} to {param.high:g})" if param.strict else ""
            print(f"    {param.name} = {param.default:g}  {param.doc}{accepted}")
        if info.params:
            example = ",".join(f"{p.name}={p.default:g}" for p in info.params[:2])
            print(f"    e.g. --policy {info.name}:{example}")


def replay(
    game: str = typer.Argument(..., help="game id"),
    players: int = typer.Option(..., "--players", "-p", help="number of players"),
    seed: int = typer.Option(..., "--seed", "-s", help="the run's master seed"),
    game_index: int = typer.Option(..., "--game-index", "-g", help="0-based game index in the run"),
    policy: List[str] = typer.Option(["heuristic"], "--policy", help="policy for all seats, or once per seat (default heuristic, as simulate)"),
    rotation: int = typer.Option(0, "--rotation", help="seat rotation (runs made with --rotate-seats)"),
    rule: Optional[List[str]] = typer.Option(None, "--rule", help="override a rule: key=value"),
    explain: bool = typer.Option(False, "--explain", help="at each decision of a search seat, the options it weighed "
                                                          "with their playouts and mean outcome"),
) -> None:
    """Print one game turn by turn and its final scoring: the game `simulate` logged for that index."""
    from zoosim.games.base import seat_policies

    g = get_game(game)
    if g.replay is None:
        raise ZoosimError(f"{game} has no replay yet")
    rules_obj = g.rules_from(_parse_rules(rule), players)
    if seed < 0 or game_index < 0:
        raise ZoosimError("--seed and --game-index must be >= 0")
    if not 0 <= rotation < players:
        raise ZoosimError(f"--rotation must be 0-{players - 1}, got {rotation}")
    specs = seat_policies([g.policy(text, players) for text in policy], players, rotation)
    if explain and not any(spec.name == "search" for spec in specs):
        raise ZoosimError("--explain shows the decisions of search seats; no seat plays search "
                          "(e.g. --policy search --policy heuristic)")
    print(g.replay(rules_obj, players, specs, seed, game_index, explain=True) if explain else
          g.replay(rules_obj, players, specs, seed, game_index))


def score(
    game: str = typer.Argument(..., help="game id"),
    position: Path = typer.Argument(..., help="a JSON file with the end-of-game position"),
    fmt: str = typer.Option("text", "--format", help="text or json"),
    rule: Optional[List[str]] = typer.Option(None, "--rule", help="override a rule: key=value"),
) -> None:
    """Score an end-of-game position (for checking a real game)."""
    g = get_game(game)
    if fmt not in ("text", "json"):
        raise ZoosimError(f"--format must be text or json, got {fmt!r}")
    if g.score_position is None:
        raise ZoosimError(f"{game} has no position scoring yet")
    try:
        data = json.loads(position.read_text())
    except FileNotFoundError:
        raise ZoosimError(f"no such file: {position}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ZoosimError(f"cannot read {position}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ZoosimError(f"{position} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    rules_obj = g.rules_from(_parse_rules(rule))
    result = g.score_position(data, rules_obj)
    if fmt == "json":
        print(json.dumps(result))
    else:
        text = getattr(g, "score_text", None) or _score_text
        print(text(result), end="" if text is not _score_text else "\n")


def _score_text(result: dict) -> str:
    """Each seat's total with its parts, then the winners: for games without a text of their own."""
    lines = []
    for seat, player in enumerate(result["players"]):
        total_key = "total" if "total" in player else "score"
        parts = ", ".join(f"{k} {v}" for k, v in player.items() if k != total_key)
        lines.append(f"seat {seat}: {player[total_key]} ({parts})")
    winners = ", ".join(str(w) for w in result["winners"])
    lines.append(f"winner(s): seat {winners}")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add the game commands to the app."""
    app.command("games")(games)
    app.command("rules")(rules)
    app.command("policies")(policies)
    app.command("replay")(replay)
    app.command("score")(score)
