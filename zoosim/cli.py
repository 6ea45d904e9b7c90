"""The `zoosim` command line: thin Typer commands; the work happens in games/, sim/, analysis/, report/.

Each area registers its own commands (`register(app)` in `zoosim/commands/<area>.py`). A user error
(`ZoosimError`) prints one line and exits 2, with no traceback.
"""
from __future__ import annotations

import sys

import typer

from zoosim.errors import ZoosimError

app = typer.Typer(
    help="Monte Carlo simulation and balance analysis for zoo board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register_all() -> None:
    from zoosim.commands import analysis, games, simulate, sweep, tune

    for area in (games, simulate, sweep, tune, analysis):
        area.register(app)


_register_all()


def fail(message: str) -> None:
    """Print one error line and exit 2."""
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


# Typer carries its own copy of click; its usage errors (bad option values, unknown options, missing
# arguments) all derive from the base class of typer.BadParameter.
UsageError = typer.BadParameter.__mro__[1]
INTERRUPTED = 130  # the shell's exit status for SIGINT


def main() -> None:
    try:
        code = app(standalone_mode=False)
    except UsageError as exc:
        fail(" ".join(exc.format_message().split()))
    except ZoosimError as exc:
        fail(str(exc))
    except (KeyboardInterrupt, typer.Abort):
        code = INTERRUPTED
    if code == INTERRUPTED:  # typer turns Ctrl-C inside a command into this return code
        print("interrupted: finished shards are kept; run the same command again to resume", file=sys.stderr)
        raise SystemExit(INTERRUPTED)
    if isinstance(code, int) and code:
        raise SystemExit(code)


if __name__ == "__main__":
    main()
