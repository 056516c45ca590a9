"""A scripted test's one-line check that an action is refused and changes nothing."""

from __future__ import annotations

import re
from typing import Any

from tablecards import IllegalAction, Match, TablecardsError

__all__ = ["assert_refused"]


def assert_refused(
    match: Match,
    seat: int,
    action: Any,
    rule: str | None = None,
    reason: str | None = None,
    *,
    expected: type[TablecardsError] = IllegalAction,
) -> TablecardsError:
    """Assert that ``match`` refuses ``action`` for ``seat`` and is left exactly as it was.

    Args:
        match: the match to try the action on.
        seat: who tries it.
        action: what they try.
        rule: the rule ID the refusal must name (``error.rule``), when given.
        reason: a regular expression the error's message must contain, when given.
        expected: the error class (default :class:`~tablecards.IllegalAction`; pass
            :class:`~tablecards.NotYourTurn` for a seat that may not act).

    Returns:
        The error, for further checks.

    Raises:
        AssertionError: the action was accepted, refused otherwise, or changed the match.
    """
    before = match.to_json()
    try:
        match.apply(seat, action)
    except expected as error:
        refusal = error
    else:
        raise AssertionError(f"seat {seat}'s {action!r} was accepted; expected {expected.__name__}")
    if rule is not None and getattr(refusal, "rule", None) != rule:
        raise AssertionError(
            f"refused with rule {getattr(refusal, 'rule', None)!r}, not {rule!r}: {refusal}"
        )
    if reason is not None and not re.search(reason, str(refusal)):
        raise AssertionError(f"the refusal {str(refusal)!r} does not contain {reason!r}")
    if match.to_json() != before:
        raise AssertionError(f"refusing seat {seat}'s {action!r} changed the match")
    return refusal
