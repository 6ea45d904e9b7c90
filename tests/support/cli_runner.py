"""Run the real `zoosim` entry point in-process, as a user's command line would, for the CLI tests."""
from __future__ import annotations

import sys

import pytest

from zoosim import cli


def run_cli(args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> tuple[int, str, str]:
    """`zoosim ARGS` through `zoosim.cli.main` (with its one-line error wrapper): (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["zoosim", *args])
    try:
        cli.main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err
