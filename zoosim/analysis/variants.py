"""Short names for variants: a run's label is its study name, or only the rules that differ from the default with
long values abbreviated, so tables, legends and sentences stay readable; one table maps each name to its full rules.

The log's `variant` column spells every non-default rule in full (`price_slots=[[1000,2000,...],...]`). Grouping
uses the label, so an abbreviation must never make two different variants one: a value is shortened without loss
where it can be (runs of a repeated element: `[6,6,6,6,6,4,4,4,4,4]` -> `[6×5,4×5]`), and otherwise cut with a
short hash of the whole value (`[[1000,2000…#3f2a`), which keeps different values apart.
"""
from __future__ import annotations

import hashlib

LIMIT = 20  # a value longer than this is abbreviated
HEAD = 11   # characters of a cut value kept before the hash


def split_items(label: str) -> list[str]:
    """The `key=value` items of a variant label: commas split items only outside brackets and quotes."""
    items, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(label):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "[(":
            depth += 1
        elif not quoted and ch in "])":
            depth -= 1
        elif not quoted and depth == 0 and ch == ",":
            items.append(label[start:i])
            start = i + 1
    items.append(label[start:])
    return [item for item in items if item]


def _runs(value: str) -> str:
    """A flat list `[a,a,a,b]` as `[a×3,b]` (unchanged when it has nested brackets or nothing repeats)."""
    if not (value.startswith("[") and value.endswith("]")) or "[" in value[1:] or '"' in value:
        return value
    elements = value[1:-1].split(",")
    out: list[str] = []
    i = 0
    while i < len(elements):
        j = i
        while j + 1 < len(elements) and elements[j + 1] == elements[i]:
            j += 1
        out.append(elements[i] if j == i else f"{elements[i]}×{j - i + 1}")
        i = j + 1
    shorter = "[" + ",".join(out) + "]"
    return shorter if len(shorter) < len(value) else value


def short_value(value: str, limit: int = LIMIT) -> str:
    """A rule value as a label shows it: a plain word without its quotes; unchanged when short, else without
    repeats, else cut with a hash."""
    if len(value) >= 2 and value[0] == value[-1] == '"' and not any(c in value[1:-1] for c in '",[]()='):
        value = value[1:-1]
    if len(value) <= limit:
        return value
    compact = _runs(value)
    if len(compact) <= limit:
        return compact
    digest = hashlib.sha1(value.encode()).hexdigest()[:4]
    return value[:HEAD].rstrip(",") + "…#" + digest


def short_variant(label: str, limit: int = LIMIT) -> str:
    """A variant label with every long value abbreviated (`default` and short labels come back unchanged)."""
    parts = []
    for item in split_items(label):
        key, eq, value = item.partition("=")
        parts.append(f"{key}={short_value(value, limit)}" if eq else item)
    return ",".join(parts)
