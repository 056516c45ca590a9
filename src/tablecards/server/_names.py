"""Players' names: what a name may be, and when two names are one.

A name is shown to everybody at a table, so it must say who someone is, and never pass for
someone else: it is kept in Unicode's compatibility form (NFKC: a fullwidth "Ann" is "Ann"),
without control, format or filler characters (zero-width spaces, Hangul fillers, the blank
Braille pattern), with at least one letter or digit, and without a pile of combining marks.
The words the table itself shows ("You", "Spectator", "Open seat 2", "Random bot 3") are no
one's name.

Two names are one when their :func:`skeleton` is the same: the casefolded name with its
accents dropped and its lookalike letters read as the Latin ones they pass for. This is a small
table in the spirit of Unicode's confusables (UTS #39) for the scripts that pass for Latin
(Greek, Cyrillic) and the usual digit tricks; it is not the whole of UTS #39. (Of the libraries
on PyPI, ``confusables`` was last released in 2021 and ``confusable-homoglyphs`` checks mixed
scripts but gives no skeleton to compare two names by.)
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_NAME", "NameRefused", "clean_name", "reserved", "reserved_reason", "skeleton"]

#: The longest name, in characters.
MAX_NAME = 40
#: Combining marks allowed in a row (a letter with two accents; never a "zalgo" pile).
MAX_MARKS = 2

#: Characters that show nothing, though Unicode calls them letters or symbols.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u00ad\u180e")

#: Letters of other scripts (and digits) as the Latin letters they pass for.
_LOOKALIKES = str.maketrans(
    # Greek
    "\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4"
    "\u03a5\u03a7\u03b1\u03b9\u03ba\u03bd\u03bf\u03c1\u03c5\u03c7\u03f2\u03b3"
    # Cyrillic
    "\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0423"
    "\u0405\u0406\u0408\u051a\u051c\u0430\u0435\u043e\u0440\u0441\u0443\u0445"
    "\u0455\u0456\u0458\u04bb\u051b\u051d\u04cf\u0261"
    # Latin and digits that pass for other Latin letters
    "I1|\u01310",
    # ... read as: Greek
    "ABEZHlKMNOPT"
    "YXaikvopuxcy"
    # Cyrillic
    "ABEKMHOPCTXY"
    "SlJQWaeopcyx"
    "sijhqwlg"
    # Latin and digits
    "lllio",
)
#: Letter pairs that pass for one letter, once casefolded.
_PAIRS = (("rn", "m"), ("vv", "w"))

_BOT = re.compile(r"\bbot [0-9lo]+$")


class NameRefused(ValueError):
    """A name that cannot be anyone's; the message says why, for the person who chose it."""


def skeleton(name: str) -> str:
    """The form in which two names at one table must differ: "Ann", " ann ", a fullwidth
    "Ann", an "Ann" whose "A" is a Greek capital alpha, and an accented "Ann" are one name."""
    text = unicodedata.normalize("NFKC", name).translate(_LOOKALIKES).casefold()
    text = "".join(
        ch
        for ch in unicodedata.normalize("NFD", text)
        if not unicodedata.combining(ch) and unicodedata.category(ch)[0] != "C" and ch not in _BLANK
    )
    text = " ".join(text.split())
    for pair, one in _PAIRS:
        text = text.replace(pair, one)
    return text


def reserved(name: str) -> bool:
    """Whether ``name`` passes for a word the table shows: "You", "Spectator", an open seat
    or a bot's name."""
    form = skeleton(name)
    if form in {skeleton("You"), skeleton("Spectator")}:
        return True
    return form.startswith(skeleton("Open seat")) or _BOT.search(form) is not None


def clean_name(value: object, default: str) -> str:
    """A player's name as shown to others: NFKC, no control, format or blank characters,
    spaces collapsed, at most :data:`MAX_NAME` long; ``default`` when nothing is left.

    It is still shown only through ``textContent``: cleaning is for looks, not safety.

    Words the table shows are the caller's to refuse (:func:`reserved`).

    Raises:
        NameRefused: a name with no letter or digit, or with a pile of combining marks.
    """
    if not isinstance(value, str):
        return default
    text = unicodedata.normalize("NFKC", value)
    kept = (ch for ch in text if unicodedata.category(ch)[0] != "C" and ch not in _BLANK)
    text = " ".join("".join(kept).split())[:MAX_NAME].strip()
    if not text:
        return default
    if not any(unicodedata.category(ch)[0] in "LN" for ch in text):
        raise NameRefused(f"{text!r} has no letter or digit: choose a name people can read")
    marks = 0
    for index, ch in enumerate(text):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS or index == 0 or text[index - 1] == " ":
                raise NameRefused("too many accents in a row: choose a name people can read")
        else:
            marks = 0
    return text


def reserved_reason(name: str) -> str:
    """Why a :func:`reserved` name is refused."""
    return f"{name} is a word the table shows (You, Spectator, open seats, bots): choose another"
