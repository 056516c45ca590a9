"""``Match.from_json(..., verify=False)``: loads from the snapshot without replaying, and still
refuses every save that does not fit the game; ``verify=True`` (the default) replays."""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

import attrs
import pytest
from test_saves import MALFORMED, _edit, _saved
from toys import SnapGame, SnapState

import tablecards
from tablecards import Match, SaveError, SaveWarning


@pytest.mark.parametrize(("text", "words"), MALFORMED)
def test_every_malformed_save_is_refused_without_verification_too(text: Any, words: str) -> None:
    if callable(text):
        text = _edit(text)
    with pytest.raises(SaveError):
        Match.from_json(text, verify=False)


def _random_match(name: str, players: int, seed: int, moves: int | None) -> Match:
    match = Match(name, players, seed)
    rng = random.Random(seed)
    while not match.is_over and (moves is None or match.moves < moves):
        seat = rng.choice(match.waiting_for)
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    return match


def _cases() -> list[tuple[str, int]]:
    registry = tablecards.registry()
    return [
        (name, players)
        for name in sorted(registry.games)
        for players in sorted(
            {registry.load_game(name).min_players, registry.load_game(name).max_players}
        )
    ]


@pytest.mark.parametrize(("name", "players"), _cases())
@pytest.mark.parametrize("moves", [0, 7, 40, None])
def test_an_unverified_load_is_the_same_match_byte_for_byte(
    name: str, players: int, moves: int | None
) -> None:
    """Saved again at once and after playing on with the same actions, the fast load gives
    the same bytes as the original match and as a verified load."""
    match = _random_match(name, players, 11, moves)
    text = match.to_json()
    fast = Match.from_json(text, verify=False)
    slow = Match.from_json(text)
    assert fast.to_json() == slow.to_json() == text
    assert fast.log == match.log and fast.is_over == match.is_over
    rng = random.Random(3)
    for _ in range(15):
        if match.is_over:
            break
        seat = rng.choice(match.waiting_for)
        legal = match.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        for copy in (match, fast):
            copy.apply(seat, action)
    assert fast.to_json() == match.to_json()
    for seat in (None, *range(players)):
        assert fast.view(seat) == match.view(seat)
        assert fast.events_for(seat) == match.events_for(seat)


def _swap_two_cards(data: dict[str, Any]) -> None:
    """A consistent edit: the top cards of two hands change places (STOP's hands)."""
    hands = data["state"]["hands"]
    hands[0][-1], hands[1][-1] = hands[1][-1], hands[0][-1]


def test_a_consistent_edit_of_the_snapshot_is_refused_by_default_only() -> None:
    """What ``verify=False`` gives up, as the docs say: only replaying finds it."""
    text = _edit(_swap_two_cards)
    with pytest.raises(SaveError, match="does not match its replayed log"):
        Match.from_json(text)
    with pytest.raises(SaveError, match="does not match its replayed log"):
        Match.from_json(text, verify=True)
    assert Match.from_json(text, verify=False).moves > 0


def test_an_illegal_but_well_formed_log_entry_is_refused_by_default_only() -> None:
    match, data = _saved()
    seat, _ = match.log[0]
    other = (seat + 1) % match.players
    data["log"][0][0] = other  # a seat that was not to act
    text = json.dumps(data)
    with pytest.raises(SaveError, match="does not replay"):
        Match.from_json(text)
    assert Match.from_json(text, verify=False).log[0][0] == other


def _edits() -> list[tuple[str, Any]]:
    def doubled(data: dict[str, Any]) -> None:
        state = data["state"]
        state["hands"][0].append(state["hands"][1][0])

    def lost(data: dict[str, Any]) -> None:
        data["state"]["hands"][0].pop()

    def unknown(data: dict[str, Any]) -> None:
        data["state"]["hands"][0][0] = 10_000

    def card_as_text(data: dict[str, Any]) -> None:
        data["state"]["hands"][0][0] = str(data["state"]["hands"][0][0])

    def wrong_type(data: dict[str, Any]) -> None:
        data["state"]["tokens"] = 99

    def bad_enum(data: dict[str, Any]) -> None:
        data["state"]["phase"] = "no such phase"

    def missing_field(data: dict[str, Any]) -> None:
        del data["state"]["red"]

    def extra_field(data: dict[str, Any]) -> None:
        data["state"]["bonus"] = 1

    def one_hand_less(data: dict[str, Any]) -> None:
        data["state"]["hands"].pop()

    def other_generator(data: dict[str, Any]) -> None:
        data["state"]["rng"]["seed"] += 1

    def players(data: dict[str, Any]) -> None:
        data["state"]["players"] += 1

    def truncated(data: dict[str, Any]) -> None:
        data["truncated"] = True

    def bool_for_int(data: dict[str, Any]) -> None:
        data["state"]["red"] = bool(data["state"]["red"])

    return [
        ("a card in two zones", doubled),
        ("a card in no zone", lost),
        ("an unknown card id", unknown),
        ("a card id as text", card_as_text),
        ("a number for a tuple", wrong_type),
        ("an unknown phase", bad_enum),
        ("a missing field", missing_field),
        ("an extra field", extra_field),
        ("a zone less", one_hand_less),
        ("another generator seed", other_generator),
        ("another player count", players),
        ("a truncated flag the log contradicts", truncated),
        ("a bool for an int", bool_for_int),
    ]


@pytest.mark.parametrize(("what", "edit"), _edits(), ids=[what for what, _ in _edits()])
@pytest.mark.parametrize("verify", [False, True])
def test_a_snapshot_that_does_not_fit_the_game_is_refused_in_both_modes(
    what: str, edit: Any, verify: bool
) -> None:
    with pytest.raises(SaveError):
        Match.from_json(_edit(edit), verify=verify)


def test_another_version_is_replayed_even_without_verification() -> None:
    """A save of another game version goes through upgrade_snapshot and the replay."""
    match, data = _saved()
    data["game_version"] = "0.0.1"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loaded = Match.from_json(json.dumps(data), verify=False)
    assert any(issubclass(w.category, SaveWarning) for w in caught)
    assert loaded.log == match.log
    data["state"]["hands"][0].append(data["state"]["hands"][1][0])
    with pytest.raises(SaveError):
        Match.from_json(json.dumps(data), verify=False)


def test_observers_of_an_unverified_load_hear_the_rest_of_the_match() -> None:
    match, _ = _saved()
    recorder = tablecards.EventRecorder()
    loaded = Match.from_json(match.to_json(), verify=False, observers=[recorder])
    for _ in range(10):  # a decline in an open moment tells nothing: until a card moves
        seat = loaded.waiting_for[0]
        loaded.apply(seat, loaded.legal_actions(seat)[0])
    assert recorder.events


@attrs.define(slots=True, eq=False, kw_only=True)
class NotedState(SnapState):
    """A state with a field the generic reader cannot type (``Any``)."""

    note: Any = 0


class NotedSnap(SnapGame):
    """Snap whose state carries an untyped note."""

    def initial_state(self, players: int, rng: tablecards.MatchRandom) -> NotedState:
        plain = super().initial_state(players, rng)
        fields = {f.name: getattr(plain, f.name) for f in attrs.fields(SnapState) if f.init}
        return NotedState(**fields)


def test_a_state_the_reader_cannot_type_is_replayed_instead() -> None:
    """Without verification the load falls back to replaying, so an edit is still found."""
    game = NotedSnap()
    match = Match(game, 3, 4)
    for _ in range(6):
        seat = match.waiting_for[0]
        match.apply(seat, match.legal_actions(seat)[0])
    text = match.to_json()
    assert Match.from_json(text, game, verify=False).to_json() == text
    data = json.loads(text)
    data["state"]["note"] = 1
    with pytest.raises(SaveError, match="does not match its replayed log"):
        Match.from_json(json.dumps(data), game, verify=False)
