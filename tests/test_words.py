"""Words, not internals: every installed game's events and plays read without zone ids.

The helpers of :mod:`tablecards.words`, and for each game a whole random match told to every
seat and to a spectator through ``Game.describe_event`` / ``Game.describe_play``, as the
terminal, replays and networked tables tell it.
"""

from __future__ import annotations

import random
import re

import pytest

import tablecards
from tablecards import EventRecorder, Match
from tablecards.words import count, is_you, listing, names_for, player_name, says, whose

ZONE_ID = re.compile(r"\b[a-z_]+:\d")
ENGINE_TALK = ("card(s)", "seat(s)", "1 cards", "=", "None", "(,)")


def test_says_agrees_with_you() -> None:
    assert says("Ana", "steals") == "Ana steals"
    assert says("you", "steals") == "you steal"
    assert says("You", "passes") == "You pass"
    assert says("you", "has") == "you have" and says("you", "is out") == "you are out"
    assert says("you", "reaches") == "you reach" and says("you", "tries") == "you try"
    assert says("you", "raises") == "you raise" and says("you", "does not") == "you do not"


def test_count_listing_and_whose() -> None:
    assert count(1, "card") == "one card" and count(0, "card") == "no cards"
    assert count(2, "7") == "two 7s" and count(13, "card") == "13 cards"
    assert count(2, "box", "boxes") == "two boxes"
    assert listing([]) == "" and listing(["Ana"]) == "Ana"
    assert listing(["Ana", "Ben", "you"]) == "Ana, Ben and you"
    assert whose("you") == "your" and whose("Cleo") == "Cleo's"
    assert is_you(" YOU ") and not is_you("Yoü")


def test_names_for_calls_the_reader_you_and_copies() -> None:
    names = ["Ana", "Ben", "Cleo"]
    assert names_for(names, 1) == ["Ana", "you", "Cleo"]
    assert names_for(names, None) == names and names_for(names, None) is not names
    assert names == ["Ana", "Ben", "Cleo"]  # the caller's list is left alone
    assert names_for(("Ana", "Ben"), 0) == ["you", "Ben"]


def test_a_player_without_a_name_is_counted_from_one() -> None:
    assert player_name(0) == "player 1" and player_name(5) == "player 6"


def test_the_default_menu_text_names_seats_and_never_shows_a_zero_based_number() -> None:
    from tablecards_stop import Raise

    # Stop describes its actions itself: the engine's default describe is on the base class.
    raise_ = Raise(bid=2, values=1)
    default = tablecards.Game.describe
    hit = tablecards.load_game("hit")
    assert default(hit, raise_) == "raise (bid player 3, values 1, plus 0)"
    assert default(hit, raise_, ["Ana", "you", "Cleo"]) == "raise (bid Cleo, values 1, plus 0)"
    assert default(hit, hit.actions[2]()) == "draw again"  # DrawAgain, in words


def test_an_older_plugin_describe_without_names_still_works_and_names_seats() -> None:
    from tablecards.core._describe import menu_text

    class OldStyle(tablecards.Game):  # type: ignore[type-arg]
        name, title = "old", "Old"

        def describe(self, action: object) -> str:  # type: ignore[override]
            return "give a card to seat 2"

    assert menu_text(OldStyle(), object(), ["Ana", "Ben", "you"]) == "give a card to you"  # type: ignore[arg-type]
    assert menu_text(OldStyle(), object(), None) == "give a card to player 3"  # type: ignore[arg-type]


def told(game: str, seed: int) -> tuple[Match, EventRecorder]:
    recorder = EventRecorder()
    match = Match(game, seed=seed, observers=[recorder])
    rng = random.Random(seed)
    while not match.is_over and match.moves < 400:
        seat = match.waiting_for[rng.randrange(len(match.waiting_for))]
        match.apply(seat, rng.choice(list(match.legal_actions(seat))))
    return match, recorder


@pytest.mark.parametrize("game", tablecards.available_games())
def test_every_event_and_play_reads_in_words_for_every_reader(game: str) -> None:
    match, recorder = told(game, seed=3)
    names = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"][: match.players]
    lines = []
    for reader in [None, *range(match.players)]:
        said = names if reader is None else [*names[:reader], "you", *names[reader + 1 :]]
        for event in recorder.events:
            seen = event.seen_by(reader)
            if seen is not None:
                text = match.game.describe_event(seen, reader, said)
                if text is not None:
                    lines.append(text)
        for actor, action in match.log:
            shown = action if reader is None else match.game.redact_action(action, actor, reader)
            lines.append(match.game.describe_play(actor, shown, said))
    assert len(lines) > 50
    for line in lines:
        assert not ZONE_ID.search(line), line
        assert not any(word in line for word in ENGINE_TALK), line
        assert "you steals" not in line and "you draws" not in line, line


def test_a_secret_exchange_reads_as_a_choice_to_the_other_seats() -> None:
    """EXH-10: the value given in an exchange is told to the two players only."""
    match, _ = told("exhopp", seed=11)
    gives = [(actor, action) for actor, action in match.log if type(action).__name__ == "Give"]
    assert gives, "no exchange in this match: choose another seed"
    actor, action = gives[0]
    names = ["Ana", "Ben", "Cleo", "Dan"]
    other = (actor + 1) % 4  # the value is hidden from every seat but the giver
    hidden = match.game.redact_action(action, actor, other)
    assert (
        match.game.describe_play(actor, hidden, names) == f"{names[actor]} chooses a card to give"
    )
    assert str(action.value) in match.game.describe_play(actor, action, names)  # type: ignore[attr-defined]
