"""Observers are called directly (no pluggy call per event) with pluggy's contract kept."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

import tablecards
from tablecards import Match, PluginError


class Log:
    """Records its name and the hook it saw in a shared list."""

    def __init__(self, name: str, seen: list[tuple[str, str]]) -> None:
        self.name = name
        self.seen = seen

    @tablecards.hookimpl
    def tablecards_match_event(self, event: tablecards.Event) -> None:
        """Declares only ``event``: pluggy passes only the arguments a method declares."""
        self.seen.append((self.name, type(event).__name__))

    @tablecards.hookimpl
    def tablecards_action_applied(self, match: Match, seat: int, action: Any) -> None:
        """Takes every argument of the hook."""
        self.seen.append((self.name, "applied"))


def play(observers: list[object], moves: int = 3) -> Match:
    match = Match("hit", 3, 5, observers=observers)
    for _ in range(moves):
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    return match


def test_several_observers_are_called_last_first_as_pluggy_does() -> None:
    seen: list[tuple[str, str]] = []
    play([Log("a", seen), Log("b", seen)])
    assert len(seen) > 6
    assert [name for name, _ in seen] == ["b", "a"] * (len(seen) // 2)
    assert [kind for name, kind in seen[::2]] == [kind for name, kind in seen[1::2]]


def test_the_direct_calls_see_what_pluggy_calls_see() -> None:
    """The same match with a wrapper in the group (so every hook goes through pluggy) gives
    the plain observer the same calls."""
    direct: list[tuple[str, str]] = []
    play([Log("a", direct)], moves=8)
    through: list[tuple[str, str]] = []
    play([Log("a", through), Wrapper()], moves=8)
    assert direct == through and len(direct) > 8


def test_an_observer_given_twice_is_refused() -> None:
    seen: list[tuple[str, str]] = []
    log = Log("a", seen)
    with pytest.raises(PluginError, match="cannot observe a match"):
        Match("hit", 3, 1, observers=[log, log])


class BadArguments:
    @tablecards.hookimpl
    def tablecards_match_event(self, match: Match, event: Any, extra: int) -> None:
        """Asks for an argument the hook does not give."""


def test_an_observer_asking_for_unknown_arguments_is_refused() -> None:
    with pytest.raises(PluginError, match="cannot observe a match.*extra"):
        Match("hit", 3, 1, observers=[BadArguments()])


class Wrapper:
    def __init__(self) -> None:
        self.calls = 0

    @tablecards.hookimpl(wrapper=True)
    def tablecards_match_event(self, match: Match, event: Any) -> Generator[None, None, None]:
        """A pluggy wrapper: the match falls back to pluggy's own calling."""
        self.calls += 1
        return (yield)


def test_a_wrapper_observer_still_works_through_pluggy() -> None:
    """A wrapper sees every event call of the group."""
    wrapper = Wrapper()
    seen: list[tuple[str, str]] = []
    play([Log("a", seen), wrapper])
    assert wrapper.calls == len([kind for _, kind in seen if kind != "applied"]) > 0


def test_a_card_movement_reports_the_same_event_as_its_constructor_builds() -> None:
    """The engine builds ``CardsMoved`` without attrs' ``__init__``: the event must still be an
    ordinary one (equal, same hash and repr, frozen, redacted alike)."""
    recorder = tablecards.EventRecorder()
    Match(tablecards.load_game("hit"), 3, seed=4, observers=[recorder])
    moved = [event for event in recorder.events if type(event) is tablecards.CardsMoved]
    assert moved, "setting up Hit! draws a card"
    for event in moved:
        built = tablecards.CardsMoved(
            event.src,
            event.dst,
            event.count,
            event.cards,
            to=event.to,
            src_owner=event.src_owner,
            dst_owner=event.dst_owner,
        )
        assert event == built
        assert hash(event) == hash(built)
        assert repr(event) == repr(built)
        assert event.redacted() == built.redacted()
        with pytest.raises(AttributeError):
            event.count = 0  # type: ignore[misc]


def test_shared_draw_events_keep_each_zones_visibility() -> None:
    """Draw events are shared between matches: a card drawn between zones of the same names
    but other visibilities must still report who may see it (nothing leaks through the
    sharing)."""
    card = tablecards.Card(1)
    seen = []
    for visibility in (tablecards.Visibility.OWNER, tablecards.Visibility.PUBLIC):
        state = tablecards.State(players=2, rng=tablecards.MatchRandom(seed=1))
        deck = tablecards.Zone("deck", tablecards.Visibility.HIDDEN, cards=[card])
        hand: tablecards.Zone[tablecards.Card] = tablecards.Zone("hand:0", visibility, owner=0)
        state.sink = []
        state.draw(deck, hand)
        (event,) = state.sink
        seen.append((event.seen_by(1), event.seen_by(0)))
    assert seen[0][0] == tablecards.CardsMoved("deck", "hand:0", 1)
    assert seen[0][1] == tablecards.CardsMoved("deck", "hand:0", 1, (card,), to=frozenset({0}))
    assert seen[1][0] == seen[1][1] == tablecards.CardsMoved("deck", "hand:0", 1, (card,))
