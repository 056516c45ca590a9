"""``Match.history``: the log grouped per move as one seat may read it, the same after a reload.

Each move is the action in the game's words, then its consequences in the order they happened;
a deal is one line per deal; a seat reads only what it may see; a match rebuilt from JSON (as a
server or a reloading page does) gives the very same entries.
"""

from __future__ import annotations

import random

import pytest

import tablecards
from tablecards import Match
from tablecards.words import names_for

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def random_match(game: str, seed: int, moves: int) -> Match:
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and match.moves < moves:
        waited = match.waiting_for or match.to_act
        seat = waited[rng.randrange(len(waited))]
        match.apply(seat, rng.choice(list(match.legal_actions(seat))))
    return match


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def test_each_move_is_its_action_then_its_consequences_in_order() -> None:
    match = random_match("hit", seed=3, moves=15)
    names = NAMES[: match.players]
    history = match.history(1, names)
    assert [entry["move"] for entry in history] == list(range(match.moves + 1))
    assert history[0]["text"] == "The match begins"
    said = names_for(names, 1)
    events: dict[int, list[str]] = {}
    for move, event in match.events_for(1):
        text = match.game.describe_event(event, 1, said)
        if text:
            events.setdefault(move, []).append(sentence(text))
    for entry, (actor, action) in zip(history[1:], match.log_for(1), strict=True):
        assert entry["text"] == sentence(match.game.describe_play(actor, action, said))
        assert entry["then"] == events.get(entry["move"], [])  # Hit! deals nothing to fold


def test_a_deal_is_one_line_and_lists_only_the_readers_own_cards() -> None:
    """HAT-02: each player is dealt the cards of the round, told in one line."""
    match = Match("hattrick", players=4, seed=1)
    hands = {seat: match.scene(seat)["seats"][0]["zones"] for seat in range(4)}
    for seat in range(4):
        setup = match.history(seat, NAMES[:4])[0]
        deals = [line for line in setup["then"] if "dealt" in line]
        assert len(deals) == 1, setup["then"]
        assert deals[0].startswith("Each player is dealt 15 cards; you get ")
        mine = next(box for box in hands[seat] if box["id"] == f"hand:{seat}")["cards"]
        listed = deals[0].split("; you get ")[1].split(", ")
        assert sorted(listed) == sorted(card["label"] for card in mine)
    spectator = match.history(None, NAMES[:4])[0]["then"]
    assert "Each player is dealt 15 cards" in spectator and not any(
        "you get" in line for line in spectator
    )


def test_an_uneven_deal_says_how_many_each_player_got() -> None:
    from tablecards.core._events import CardsMoved
    from tablecards.play._history import _consequences

    game = tablecards.load_game("hit")
    events = [
        CardsMoved("deck", "row:0", 2),
        CardsMoved("deck", "row:1", 1),
        CardsMoved("deck", "row:0", 1),
    ]
    owners = {"row:0": 0, "row:1": 1}
    lines = _consequences(game, events, 1, ["Ann", "you"], owners.get)
    assert lines == ["Cards are dealt: three cards to Ann, one card to you"]
    # A single move of cards is not a deal: the game's own words tell it.
    alone = _consequences(game, events[:1], 1, ["Ann", "you"], owners.get)
    assert alone == [sentence(game.describe_event(events[0], 1, ["Ann", "you"]) or "")]


@pytest.mark.parametrize("game", tablecards.available_games())
def test_a_match_rebuilt_from_json_gives_the_same_history(game: str) -> None:
    match = random_match(game, seed=7, moves=40)
    again = Match.from_json(match.to_json())
    fast = Match.from_json(match.to_json(), verify=False)
    names = NAMES[: match.players]
    for seat in (None, *range(match.players)):
        history = match.history(seat, names)
        assert again.history(seat, names) == history
        assert fast.history(seat, names) == history
        assert match.history(seat, names, since=5) == history[5:]


def test_a_seat_never_reads_another_seats_hidden_cards() -> None:
    """EXH-10: the value of a card given in a private exchange is for the two seats only."""
    match = random_match("exhopp", seed=2, moves=80)
    names = NAMES[: match.players]
    for seat in range(match.players):
        said = names_for(names, seat)
        lines = [
            line for entry in match.history(seat, names) for line in (entry["text"], *entry["then"])
        ]
        expected_plays = [
            sentence(match.game.describe_play(actor, action, said))
            for actor, action in match.log_for(seat)
        ]
        assert [entry["text"] for entry in match.history(seat, names)[1:]] == expected_plays
        assert all("seat" not in line.lower().split() for line in lines)


def test_history_checks_its_arguments() -> None:
    match = random_match("hit", seed=1, moves=3)
    with pytest.raises(tablecards.UnknownSeat):
        match.history(5)
    with pytest.raises(tablecards.TablecardsError, match="names must"):
        match.history(0, ["Ann"])
    with pytest.raises(tablecards.TablecardsError):
        match.history(0, since=-1)
    assert match.history(0, since=99) == []
    default = match.history(1)
    assert any(entry["text"].startswith("Player 1 ") for entry in default)


@pytest.mark.parametrize("game", ["hit", "stop", "exhopp", "hattrick"])
def test_history_from_any_move_is_the_tail_of_the_whole_history_move_after_move(game: str) -> None:
    """A table asks after every move for the entries a client has not had: from the last move,
    or from further back for a client that missed some. Each must be the whole history's tail."""
    match = Match(game, seed=3)
    rng = random.Random(3)
    names = NAMES[: match.players]
    while not match.is_over and match.moves < 50:
        waited = match.waiting_for or match.to_act
        seat = waited[rng.randrange(len(waited))]
        match.apply(seat, rng.choice(list(match.legal_actions(seat))))
        for reader in (None, *range(match.players)):
            whole = match.history(reader, names)
            for since in {0, 1, match.moves - 2, match.moves - 1, match.moves, match.moves + 1}:
                if since >= 0:
                    assert match.history(reader, names, since=since) == whole[since:]
                    events = match.events_for(reader, since)
                    assert events == tuple(
                        pair for pair in match.events_for(reader) if pair[0] >= since
                    )


def test_names_checked_once_are_checked_again_when_they_change() -> None:
    """The match keeps the names it checked last (a table passes the same ones after every
    move); other names, or the same list changed in place, are checked again."""
    match = random_match("hit", seed=1, moves=3)
    names = ["Ann", "Bob", "Cleo"]
    assert match.history(0, names)[0]["text"]
    assert match.scene(1, names)["seats"][1]["name"] in names
    names[2] = " "
    with pytest.raises(tablecards.TablecardsError, match="names must"):
        match.history(0, names)
    with pytest.raises(tablecards.TablecardsError, match="names must"):
        match.scene(0, names)
    with pytest.raises(tablecards.TablecardsError, match="names must"):
        match.scene(0, ("Ann", "Bob"))
    renamed = match.scene(0, ("Ann", "Bob", "Dee"))
    assert any(seat["name"] == "Dee" for seat in renamed["seats"])
