"""polars or pandas: every public analysis function takes `frame="polars"` (the default) or `frame="pandas"`.

The analyses compute in polars and return polars; `returns_frame` wraps one so that, with
`frame="pandas"`, each DataFrame it returns (alone, or in a dict, tuple or list) comes back as a pandas
DataFrame, and a LazyFrame is collected first. pandas is imported only then, never by `import zoosim`.
"""
from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

import polars as pl

from zoosim.errors import ZoosimError

FRAMES = ("polars", "pandas")
F = TypeVar("F", bound=Callable[..., Any])


def check_frame(frame: object) -> str:
    """Validate a `frame` value (one-line ZoosimError naming the accepted ones)."""
    if not isinstance(frame, str) or frame not in FRAMES:
        raise ZoosimError(f"unknown frame {frame!r}; accepted: {', '.join(FRAMES)}")
    return frame


def as_frame(result: Any, frame: str = "polars") -> Any:
    """`result` unchanged for "polars"; for "pandas" every polars frame in it converted (LazyFrames
    collected), through dicts, tuples and lists; anything else is left as it is."""
    if check_frame(frame) == "polars":
        return result
    if isinstance(result, pl.LazyFrame):
        result = result.collect()
    if isinstance(result, pl.DataFrame):
        return result.to_pandas()  # polars imports pandas here, on first use
    if isinstance(result, dict):
        return {key: as_frame(value, frame) for key, value in result.items()}
    if isinstance(result, (tuple, list)):
        return type(result)(as_frame(value, frame) for value in result)
    return result


_FRAME_DOC = ('\n\n    frame: "polars" (default) returns polars as described; "pandas" returns pandas DataFrames '
              "(a LazyFrame is collected first).")


def returns_frame(function: F) -> F:
    """Give an analysis function a keyword-only `frame` ("polars" | "pandas"), checked before any work."""
    signature = inspect.signature(function)
    parameter = inspect.Parameter("frame", inspect.Parameter.KEYWORD_ONLY, default="polars", annotation="str")

    @functools.wraps(function)
    def wrapper(*args: Any, frame: str = "polars", **kwargs: Any) -> Any:
        check_frame(frame)
        return as_frame(function(*args, **kwargs), frame)

    wrapper.__signature__ = signature.replace(parameters=[*signature.parameters.values(), parameter])  # type: ignore[attr-defined]
    wrapper.__doc__ = (function.__doc__ or "").rstrip() + _FRAME_DOC
    return wrapper  # type: ignore[return-value]
