"""Finding raw data in text meant for players: JSON, ``null``, snake_case, "seat 2", ``hand:2``."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["raw_text_problems"]

_NUMBER = r"-?\d+(?:\.\d+)?"
# (what it is, the pattern): each finds one kind of raw data in a text.
_PATTERNS: Final = (
    ("JSON-like data", re.compile(r"[\[{]\s*[\"']|\"\w+\"\s*:|\{\s*\}|\[\s*\]")),
    ("a list of numbers in brackets", re.compile(rf"\[\s*{_NUMBER}(?:\s*,\s*{_NUMBER})*\s*\]")),
    ("a null value", re.compile(r"\b(?:null|None|undefined|NaN|nil)\b")),
    ("a JSON true or false", re.compile(r"\b(?:true|false|True|False)\b")),
    ("a snake_case word", re.compile(r"\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*[A-Za-z0-9]\b")),
    ("a seat number", re.compile(r"(?i:\bseats?\s*#?\d)")),
    ("a zone id", re.compile(r"\b[A-Za-z]+(?::[A-Za-z0-9]+)*:\d+\b")),
    ("a field=value pair", re.compile(r"\b[A-Za-z]\w*=\S")),
    ("a Python object", re.compile(r"\bobject at 0x|<[A-Za-z_.]+ object\b|\b[A-Z]\w*\(\w+=")),
)


# All of them at once: most texts hold none, and one search tells it.
_ANY: Final = re.compile("|".join(f"(?:{pattern.pattern})" for _, pattern in _PATTERNS))


def raw_text_problems(text: str) -> list[str]:
    """What in ``text`` is raw data rather than words for players; empty when nothing is.

    Finds JSON-like text (a brace or bracket followed by a quote, ``"key":``, ``{}``, ``[]``),
    a list of numbers in brackets (``[3, 4]``), ``null``/``None``/``undefined`` and
    ``true``/``false`` as words, snake_case words (``tokens_to_win``), a seat number ("seat 2",
    which players never read: they are named, from 1), a zone id (``hand:2``), a
    ``field=value`` pair and a Python repr. The conformance kit runs it over every text of
    every scene (:data:`~tablecards.testing.CHECKS`: ``scenes``); a page's tests can run it
    over the text a browser shows.

    Example:
        >>> from tablecards.testing import raw_text_problems
        >>> raw_text_problems("Bob raises your bid to 9")
        []
        >>> raw_text_problems("bids [null, 3] for seat 2")
        ["a null value: 'null'", "a seat number: 'seat 2'"]
    """
    if _ANY.search(text) is None:
        return []
    problems = []
    for what, pattern in _PATTERNS:
        found = pattern.search(text)
        if found is not None:
            problems.append(f"{what}: {found.group(0)!r}")
    return problems
