"""Run the real `zoosim` entry point in-process with the sweep and tournament commands registered."""
from __future__ import annotations

import sys

import pytest

from zoosim import cli
from zoosim.sim import sweep_commands


def ensure_registered() -> None:
    names = {c.name or (c.callback.__name__ if c.callback else "") for c in cli.app.registered_commands}
    if "sweep" not in names:
        sweep_commands.register(cli.app)


def run_cli(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> tuple[int, str, str]:
    ensure_registered()
    monkeypatch.setattr(sys, "argv", ["zoosim", *args])
    try:
        cli.main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err
