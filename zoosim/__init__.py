"""zoosim: Monte Carlo simulation and balance analysis for zoo board games.

`import zoosim` gives the analysis API (`load_run`, `win_rates`, ...); the engines live in `zoosim.games`.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from zoosim.version import __version__


NUMBA_SOURCES = ("games", "core", "search")  # every folder holding numba code (tests check that none is missed)


def _numba_cache_dir() -> str:
    """A numba cache directory keyed by the content of zoosim's own sources.

    numba keys its cache on each function's own file, so a compiled game loop can silently keep an old
    copy of a rule (or of the search kernel) it calls from another module. Keying the whole cache on every
    numba source file makes a stale cache impossible. NUMBA_CACHE_DIR, if set, is used as the base (for
    read-only installs).
    """
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(p for folder in NUMBA_SOURCES for p in root.glob(f"{folder}/**/*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    base = os.environ.get("ZOOSIM_NUMBA_CACHE_BASE") or os.environ.get("NUMBA_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        base = str(Path(xdg) / "zoosim" / "numba")
        os.environ["ZOOSIM_NUMBA_CACHE_BASE"] = base
    else:
        os.environ["ZOOSIM_NUMBA_CACHE_BASE"] = base
    return str(Path(base) / digest.hexdigest()[:16])


os.environ["NUMBA_CACHE_DIR"] = _numba_cache_dir()
if "numba" in sys.modules:  # numba already configured itself: point it at the keyed directory too
    sys.modules["numba"].config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]

_ANALYSIS = (
    "load_run", "open_runs", "win_rates", "seat_balance", "policy_matrix", "score_summary", "score_histogram",
    "game_outcomes", "game_table", "score_components", "game_length", "rounds_histogram", "compare_runs",
    "open_rounds", "tension_tables", "lead_changes", "leader_win_rates", "comeback_rates", "decided_when",
    "open_cards", "card_play_rates",
)
__all__ = ["__version__", *_ANALYSIS]


def __getattr__(name: str):
    """The analysis API, imported on first use (it brings polars and scipy; the engines do not need them)."""
    if name in _ANALYSIS:
        import zoosim.analysis

        return getattr(zoosim.analysis, name)
    raise AttributeError(f"module 'zoosim' has no attribute {name!r}")
