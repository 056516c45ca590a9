"""The words issue 41 put right, as the browser tests check them (``pages.WRONG_WORDS``)."""

from __future__ import annotations

from pages import wrong_words


def test_the_words_put_right_are_caught() -> None:
    """The list the browser tests check catches each phrase issue 41 reported."""
    reported = [
        "Ann draws a 8",
        "Too late: first came move 17, Bob calls Stop!",
        "Stop: Ann, Bob (move 1326)",
        "rounds must be a whole number from 1 to 20 or None, not 0",
        "You called Stop!: open the auction",
        "Face-up row empty empty",
        "Bob -13",
        "The first message must be a hello with a valid token",
        "Waiting for you, Bob — 12 s",
    ]
    for text in reported:
        assert wrong_words(text), text
    fixed = (
        "Ann draws an 8; Bob \N{MINUS SIGN}13; Face-up row empty; You and Bob have 12 s to choose"
    )
    assert wrong_words(fixed) == []
