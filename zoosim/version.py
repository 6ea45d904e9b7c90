"""zoosim's version, on the ground floor: manifests and reports record it without importing each other."""
from __future__ import annotations

__version__ = "0.1.0"


def zoosim_version() -> str:
    """The version recorded in manifests and reports."""
    return __version__
