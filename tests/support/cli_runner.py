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


def simulate_runs(base, runs: dict[str, list[str]]) -> dict:
    """`zoosim simulate` once per named argument list, each into base/name: {name: path}. For module-wide fixtures,
    so the entry is called by hand rather than through the function-scoped monkeypatch and capsys."""
    out = {}
    mp = pytest.MonkeyPatch()
    try:
        for name, args in runs.items():
            mp.setattr(sys, "argv", ["zoosim", "simulate", *args, "--out", str(base / name), "-q"])
            try:
                cli.main()
            except SystemExit as exc:
                assert not exc.code, exc.code
            out[name] = base / name
    finally:
        mp.undo()
    return out


def run_without_numba(argvs: list[list[str]], cwd) -> str:
    """Run each `zoosim ARGV` in one fresh interpreter and return what they printed, after checking that none failed
    and none imported numba (the listing commands must stay light)."""
    import subprocess

    script = ("import sys\nfrom zoosim.cli import main\n"
              f"for argv in {argvs!r}:\n"
              "    sys.argv = ['zoosim', *argv]\n"
              "    try:\n        main()\n    except SystemExit as exc:\n        assert not exc.code\n"
              "print('numba' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=cwd, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"
    return done.stdout


def assert_refused(args: list[str], message: str, folder, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture) -> None:
    """`zoosim ARGS` is refused: exit 2 with one line that names `message`, nothing on stdout, nothing new in
    `folder` (where ARGS would write)."""
    before = sorted(p.name for p in folder.iterdir())
    code, out, err = run_cli(args, monkeypatch, capsys)
    assert code == 2 and message in err and err.count("\n") == 1, err
    assert out == "" and sorted(p.name for p in folder.iterdir()) == before
