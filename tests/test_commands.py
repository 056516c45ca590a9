"""The typed-command parser (tablecards.parse_command / read_command): what ``tablecards play``
accepts, for embedders too.

Every legal action of seeded random matches of every game round-trips through the text the
terminal shows for it (its menu text), its menu number, its typed form and its JSON. The
default run plays 1,000 matches in all (spread over the six games); set
``TABLECARDS_COMMAND_MATCHES`` to play that many matches *per game* (the issue's bar is 1,000).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from typing import Any

import pytest

import tablecards
from tablecards import Action, IllegalAction, MalformedAction, Match, NotYourTurn
from tablecards.core._describe import typed_form
from tablecards_tutorial import DRAW, Play

GAMES = ["hit", "stop", "exhopp", "hattrick", "climb", "courtiers"]
#: Matches per game: 1,000 in all by default, or the environment's count per game.
MATCHES = int(os.environ.get("TABLECARDS_COMMAND_MATCHES", "0")) or 1000 // len(GAMES) + 1
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def round_trip(match: Match, seat: int, rng: random.Random) -> int:
    """Check every legal action of ``seat`` now; return how many."""
    game = match.game
    legal = match.legal_actions(seat)
    if not legal:  # a seat the moment does not wait for (a Stop seat that passed, no card)
        return 0
    names = [("you" if s == seat else NAMES[s]) for s in range(match.players)]
    # Every action through its menu text, as the terminal shows it today (describe(action))
    # and with the seats' names, and through its number.
    for who in (None, names):
        menu = [tablecards.menu_text(game, action, who) for action in legal]
        first: dict[str, Action] = {}
        for action, text in zip(legal, menu, strict=True):
            first.setdefault(text.lower(), action)
        for number, (action, text) in enumerate(zip(legal, menu, strict=True), 1):
            # A text shared by several actions names the first of them (Climb's two 10s).
            expected = first[text.lower()]
            assert tablecards.parse_command(game, text, legal, menu=menu) == expected, text
            assert tablecards.parse_command(game, str(number), legal, menu=menu) == action
    # One action per decision through its typed form, its JSON, and a menu the parser writes.
    action = rng.choice(legal)
    typed = typed_form(action)
    assert tablecards.parse_command(game, typed, legal) == action, typed
    data = json.dumps(game.action_json(action))
    assert tablecards.parse_command(game, data, legal) == action
    assert tablecards.parse_command(game, game.describe(action), legal) == first_like(
        game, legal, action
    )
    return len(legal)


def first_like(game: tablecards.Game[Any], legal: Sequence[Action], action: Action) -> Action:
    """The first legal action whose menu text is ``action``'s."""
    text = game.describe(action).lower()
    return next(other for other in legal if game.describe(other).lower() == text)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_round_trips_through_the_text_play_shows(name: str) -> None:
    game = tablecards.load_game(name)
    checked = 0
    for seed in range(MATCHES):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        match = Match(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            for seat in match.to_act:
                checked += round_trip(match, seat, rng)
            seat = rng.choice(match.waiting_for or match.to_act)
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert checked > MATCHES


def test_menu_texts_that_read_alike_name_the_first_action() -> None:
    # CLIMB-04: two cards of one value read alike ("play a 10"); the text names the first.
    legal = [Play(36), Play(37), DRAW]
    game = tablecards.load_game("climb")
    assert game.describe(legal[0]) == game.describe(legal[1])
    assert tablecards.parse_command(game, game.describe(legal[1]), legal) == legal[0]
    assert tablecards.parse_command(game, "2", legal) == legal[1]


def test_read_command_returns_a_legal_action_and_changes_nothing() -> None:
    match = Match("hit", players=3, seed=1)
    before = match.to_json()
    assert tablecards.read_command(match, 0, " Draw again ") == match.legal_actions(0)[0]
    assert tablecards.read_command(match, 0, "2") == match.legal_actions(0)[1]
    assert tablecards.read_command(match, 0, "endturn") == match.legal_actions(0)[1]
    assert match.to_json() == before


@pytest.mark.parametrize(
    "text",
    ["", "   ", "0", "3", "-1", "99999999999999999999", "fly", "Steal x", '{"type": "Fly"}', "{"],
)
def test_text_that_names_no_action_is_a_malformed_action(text: str) -> None:
    match = Match("hit", players=3, seed=1)
    with pytest.raises(MalformedAction) as info:
        tablecards.read_command(match, 0, text)
    assert info.value.reason


def test_a_command_that_is_not_text_is_malformed() -> None:
    match = Match("hit", players=3, seed=1)
    with pytest.raises(MalformedAction, match="is text"):
        tablecards.read_command(match, 0, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="texts for"):
        tablecards.parse_command(match.game, "1", match.legal_actions(0), menu=["only one"])


def test_a_well_formed_action_that_is_not_legal_is_refused_with_the_rule() -> None:
    # HIT-09: there is nothing to steal at the start of a turn.
    match = Match("hit", players=3, seed=1)
    before = match.to_json()
    with pytest.raises(IllegalAction) as info:
        tablecards.read_command(match, 0, "Steal")
    assert (info.value.seat, info.value.rule) == (0, "HIT-09")
    assert type(info.value.action).__name__ == "Steal" and info.value.reason
    with pytest.raises(NotYourTurn):
        tablecards.read_command(match, 1, "EndTurn")
    assert match.to_json() == before


def test_typed_fields_of_the_wrong_type_or_given_twice_are_refused() -> None:
    # STOP: a Raise names a seat and values; Stop's typed form accepts the fields by name.
    match = Match("stop", players=4, seed=2)
    seat = match.to_act[0]
    for text in ("Raise bid=two", "Raise bid=1 bid=2", "Raise nonsense"):
        with pytest.raises(MalformedAction):
            tablecards.read_command(match, seat, text)


def test_client_json_giving_a_key_twice_is_refused() -> None:
    # A duplicated key would silently take its last value: the action is refused instead.
    match = Match("stop", players=4, seed=2)
    with pytest.raises(MalformedAction, match="given twice"):
        match.parse_action('{"type": "Raise", "bid": 1, "bid": 2, "values": 1}')
    with pytest.raises(MalformedAction, match="given twice"):
        match.parse_action(b'{"type": "Pass", "type": "Pass"}')
    with pytest.raises(MalformedAction, match="given twice"):
        tablecards.action_from_json(match.game.action_types(), '{"type":"Pass","type":"Pass"}')
    with pytest.raises(MalformedAction, match="given twice"):
        tablecards.parse_command(match.game, '{"type": "Pass", "type": "Pass"}', ())
    # Nested objects too: a key given twice anywhere is refused.
    with pytest.raises(MalformedAction, match="given twice"):
        match.parse_action('{"type": "Raise", "bid": 1, "values": {"a": 1, "a": 2}}')
