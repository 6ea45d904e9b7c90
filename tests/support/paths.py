"""Where the tests find the repository's files: the checkout's root, and the shared specs beside it (with the check
that a game's data file is still the spec's)."""
from __future__ import annotations

import hashlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPECS = REPO.parent / "shared" / "specs"  # the spec folder beside the checkout, when there is one

SPEC_FOLDERS = (SPECS, Path("/work/shared/specs"))  # ... and where the shared specs live on the project's machines


def assert_spec_copy(package_file: Path, spec_name: str, sha256: str) -> None:
    """A game's data file is the spec's file byte for byte: its SHA-256 is the one pinned, and every copy of the
    spec's file at hand (SPEC_FOLDERS) is still that file."""
    assert hashlib.sha256(package_file.read_bytes()).hexdigest() == sha256
    for folder in SPEC_FOLDERS:
        if (folder / spec_name).exists():
            assert hashlib.sha256((folder / spec_name).read_bytes()).hexdigest() == sha256, folder / spec_name
