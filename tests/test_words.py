"""Words, not internals: every installed game's events and plays read without zone ids.

The helpers of :mod:`tablecards.words`, and for each game a whole random match told to every
seat and to a spectator through ``Game.describe_event`` / ``Game.describe_play``, as the
terminal, replays and networked tables tell it.
"""

from __future__ import annotations

import random
import re

import pytest
from draft_toys import DraftCard, DraftGame
from toys import SnapCard, SnapGame

import tablecards
from tablecards import CardsMoved, EventRecorder, Match, MatchRandom, State, Visibility, Zone
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


def _lines(match: Match, seat: int | None, names: list[str]) -> list[str]:
    """Every consequence line of the match's history as ``seat`` reads it."""
    return [line for entry in match.history(seat, names) for line in entry["then"]]


def test_a_game_without_words_of_its_own_tells_card_moves_with_the_owners_names() -> None:
    """#36: the generic words name whose zones cards move between, from the zones' owners
    (which every CardsMoved carries): a draft that writes no words says who passes to whom, to
    every reader, where it said "three cards go from a hand to a hand"."""
    match = Match(DraftGame(), 3, seed=1)
    while not match.is_over:
        seat = match.waiting_for[0]
        match.apply(seat, match.legal_actions(seat)[0])
    names = ["Ann", "Bob", "Cleo"]
    spectator = _lines(match, None, names)
    assert "Three cards go from Ann's hand to Bob's hand" in spectator
    assert "Three cards go from Cleo's hand to Ann's hand" in spectator
    assert "One card goes from Bob's hand to Bob's picks" in spectator
    bob = _lines(match, 1, names)
    assert any(line.startswith("Three cards go from Ann's hand to your hand: ") for line in bob)
    assert any(line.startswith("Three cards go from your hand to Cleo's hand: ") for line in bob)
    assert "Three cards go from Cleo's hand to Ann's hand" in bob  # no card Bob may not see
    for line in spectator + bob:
        assert " a hand" not in line and " a picks" not in line, line
        assert not re.search(r"\bseat\b|\d'", line) and not ZONE_ID.search(line), line


def test_the_owners_come_from_the_zones_not_from_their_names() -> None:
    """A zone's owner is the zone's, whatever its name says: "chosen" of seat 1 and "dishes" of
    seat 2 read as theirs (they read "a chosen" and "the dishes" before)."""
    chosen = Zone("chosen", Visibility.PUBLIC, 1, [SnapCard(7, 3)])
    dishes: Zone[SnapCard] = Zone("dishes", Visibility.PUBLIC, 2)
    state = State(players=3, rng=MatchRandom(seed=1), sink=[])
    state.move_all(chosen, dishes)
    (event,) = state.sink or []
    assert isinstance(event, CardsMoved)
    assert (event.src_owner, event.dst_owner) == (1, 2)
    game = SnapGame()
    said = game.describe_event(event, None, ["Ann", "Bob", "Cleo"])
    assert said == "one card goes from Bob's chosen to Cleo's dishes: 3"
    # Read by seat 2, its own zone is "your"; without names, players are counted from one.
    assert game.describe_event(event, 2, ["Ann", "Bob", "you"]) == (
        "one card goes from Bob's chosen to your dishes: 3"
    )
    assert game.describe_event(event, None, []) == (
        "one card goes from player 2's chosen to player 3's dishes: 3"
    )
    # The owners stay out of the event's JSON (every view has them) and out of its comparisons.
    assert event.to_json() == {
        "event": "CardsMoved",
        "src": "chosen",
        "dst": "dishes",
        "count": 1,
        "cards": [{"id": 7, "rank": 3}],
    }
    assert event == CardsMoved("chosen", "dishes", 1, (SnapCard(7, 3),))


def test_a_card_move_carries_the_games_own_cards_to_the_type_checker() -> None:
    """``CardsMoved.cards`` holds the game's cards: read after ``isinstance`` (or through a
    ``CardsMoved[DraftCard]``) without a cast, and checked by mypy like any field."""

    def ranks(event: CardsMoved[DraftCard]) -> list[int]:
        return [card.rank for card in event.cards]

    recorder = EventRecorder()
    Match(DraftGame(), 2, seed=3, observers=[recorder])
    dealt = [event for event in recorder.events if isinstance(event, CardsMoved)]
    assert dealt and all(ranks(event) == [event.cards[0].rank] for event in dealt)


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
