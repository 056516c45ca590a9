"""What a worker process runs in the tests that send errors across processes."""

from __future__ import annotations


def raise_it(error: BaseException) -> None:
    """Raise ``error``: it came here by pickle, and goes back the same way."""
    raise error
