"""The user-error type, on the ground floor so that every layer can raise it without importing another."""
from __future__ import annotations


class ZoosimError(ValueError):
    """A user error: the message is one line naming the bad value and what is accepted."""


def need(ok: bool, message: str) -> None:
    """Raise ZoosimError(message) unless `ok`: how every validator states a rule and its one-line error."""
    if not ok:
        raise ZoosimError(message)
