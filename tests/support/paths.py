"""Where the tests find the repository's files: the checkout's root, and the shared specs beside it."""
from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPECS = REPO.parent / "shared" / "specs"  # the spec folder beside the checkout, when there is one
