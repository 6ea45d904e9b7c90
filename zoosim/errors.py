"""The user-error type, on the ground floor so that every layer can raise it without importing another."""
from __future__ import annotations


class ZoosimError(ValueError):
    """A user error: the message is one line naming the bad value and what is accepted."""


def need(ok: bool, message: str) -> None:
    """Raise ZoosimError(message) unless `ok`: how every validator states a rule and its one-line error."""
    if not ok:
        raise ZoosimError(message)


def need_one_of(settings: object, name: str, accepted: tuple[str, ...]) -> None:
    """need() for a named setting with a fixed set of readings: settings.<name> must be one of `accepted`."""
    value = getattr(settings, name)
    need(value in accepted, f"{name} must be one of {', '.join(accepted)}, got {value!r}")
