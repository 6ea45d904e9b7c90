"""The numba cache is keyed on every numba source file (zoosim/__init__.py): a folder holding numba code that the key
leaves out would let a compiled game keep an old copy of a function it calls from there."""
from __future__ import annotations

from pathlib import Path

import zoosim
from zoosim import NUMBA_SOURCES

ROOT = Path(zoosim.__file__).resolve().parent


def test_every_module_with_numba_code_is_in_the_cache_key() -> None:
    compiled = {path.relative_to(ROOT).parts[0] for path in ROOT.rglob("*.py") if "njit" in path.read_text()}
    assert compiled, "no numba module found: the scan is broken"
    assert compiled <= set(NUMBA_SOURCES), f"numba code outside the cache key: {sorted(compiled - set(NUMBA_SOURCES))}"
    assert {"games", "core", "search"} <= compiled
