"""The no-leak check: what a seat cannot see must not change what it is shown.

Definition (documented in ``docs/testing.md``). At a moment of a match, let ``a`` be the seat
that plays the next action ``x`` and ``s`` a seat drawn at random; the *observers* are ``a``,
``s`` and a spectator. A *perturbation* permutes the cards lying in zones that no observing seat
can see, keeping every zone's size, never moving a card some observing seat knows the place of
(:meth:`Game.known_cards`) and swapping only cards with equal backs (:meth:`Game.card_back`).
For the real state and the perturbed one:

1. each observer's view, and each observing seat's legal actions, must be equal;
2. ``x`` must stay legal for ``a``, and applying it must not fail;
3. for each observer to whom the action reveals no perturbed card (no perturbed card ends in a
   zone it sees, is declared known to it, travels in a card movement it sees, or in an event
   addressed to it: ``to`` holds the seat, a private look), the events it sees and its view
   after the action must be equal.

Only (3) needs the exception: drawing a hidden card into a public row legitimately shows a
different card, and whatever the rules do with its value legitimately differs.

Public outcomes. Some rules announce what follows from hidden cards (two hands compared, a
guess answered "no"); the game marks such events with :meth:`Game.reveals`, and they must be
seen by every seat. A twin whose action announces other outcomes than the real one is a match
every seat can tell apart by the rules: it is set aside and another twin drawn (up to
:data:`TWINS`). Twins announcing the same outcomes must pass (3) in full, so a view or event
telling more than the announced outcome still fails. The perturbation also respects what the
observing seats rule out (:meth:`Game.ruled_out`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from tablecards import Action, Card, CardsMoved, Event, Game, Revealed, State
from tablecards.core._simultaneous import play, resample_answers
from tablecards.testing._failure import ConformanceFailure, Where

__all__ = ["check_leaks", "perturbed"]

#: Twins drawn at one moment until one announces the same public outcomes as the real match.
TWINS = 4


def check_leaks(
    game: Game[Any], state: State, seat: int, action: Action, rng: random.Random, where: Where
) -> bool:
    """Run the no-leak check before ``seat`` plays ``action``; ``False`` if nothing was hidden."""
    observer = rng.randrange(state.players)
    seats = sorted({seat, observer})
    watchers: list[int | None] = [*seats, None]
    for attempt in range(TWINS):
        real = state.clone()
        swapped = state.clone()
        moved = _perturb(game, swapped, seats, rng)
        # The others' answers to an open moment everyone answers on their own are hidden too.
        answered = resample_answers(game, swapped, seats, rng)
        if not moved and not answered:
            return attempt > 0
        label = f"swapping cards that seats {seats} cannot see ({_zones_of(state, moved)})"
        if answered:
            label += " and drawing again the answers they have not seen"
        _check_before(game, real, swapped, seats, label, where)
        why = game.why_illegal(swapped, seat, action)
        if why is not None:
            raise ConformanceFailure(
                "leaks", where, f"{label} made the action illegal for its own seat: {why.reason}"
            )
        real.sink, swapped.sink = [], []
        for version, name in ((real, "the real state"), (swapped, "the perturbed state")):
            try:
                play(game, version, seat, action)
            except Exception as error:
                raise ConformanceFailure(
                    "leaks",
                    where,
                    f"the rules failed on {name} after {label}: {type(error).__name__}: {error}. "
                    "If the rules rely on which hidden cards lie where, declare those cards with "
                    "Game.known_cards (cards a seat knows, or the state already refers to) or "
                    "Game.card_back (cards told apart face down)",
                ) from error
        if _outcomes(game, real.sink, where) != _outcomes(game, swapped.sink, where):
            # The rules announced another outcome (Game.reveals): every seat can tell this
            # twin from the real match, so it proves nothing; draw another.
            continue
        for watcher in watchers:
            if _revealed(game, real, moved, watcher) or _revealed(game, swapped, moved, watcher):
                continue
            if answered and _closes(real.sink):
                continue  # the action closed the moment: its answers are shown to all now
            _same(
                _stream(real.sink, watcher),
                _stream(swapped.sink, watcher),
                where,
                f"{label} changed the events {_who(watcher)} sees of this action",
            )
            _same(
                game.view(real, watcher),
                game.view(swapped, watcher),
                where,
                f"{label} changed the view of {_who(watcher)} after this action",
            )
        return True
    return True


def _closes(events: Iterable[Event] | None) -> bool:
    """Whether the events reveal the answers of a moment everyone answered on their own."""
    return any(isinstance(event, Revealed) for event in events or ())


def _outcomes(game: Game[Any], events: Iterable[Event] | None, where: Where) -> list[Any]:
    """The public outcomes (:meth:`Game.reveals`) among ``events``, as JSON."""
    out = []
    for event in events or ():
        if not game.reveals(event):
            continue
        if event.to is not None:
            raise ConformanceFailure(
                "leaks",
                where,
                f"Game.reveals marks {type(event).__name__} as a public outcome, but this one "
                f"is shown only to seats {sorted(event.to)}: an outcome the rules announce must "
                "reach every seat (emit it with to=None)",
            )
        out.append(event.to_json())
    return out


def _check_before(
    game: Game[Any], real: State, swapped: State, seats: list[int], label: str, where: Where
) -> None:
    """The observers' views and the observing seats' legal actions, before the action."""
    for watcher in (*seats, None):
        _same(
            game.view(real, watcher),
            game.view(swapped, watcher),
            where,
            f"{label} changed the view of {_who(watcher)}",
        )
    for watcher in seats:
        _same(
            _legal(game, real, watcher),
            _legal(game, swapped, watcher),
            where,
            f"{label} changed the legal actions of seat {watcher}",
        )


def _perturb(game: Game[Any], state: State, seats: Sequence[int], rng: random.Random) -> set[int]:
    """Permute the movable hidden cards of ``state`` in place; return the ids that moved.

    Cards a watching seat knows the place of stay put, cards move only among equal backs, and
    a permutation that would put a card where a watching seat rules it out is not used.
    """
    known = {card.id for seat in seats for card in game.known_cards(state, seat)}
    forbidden: dict[str, set[int]] = {}
    for seat in seats:
        for name, cards in game.ruled_out(state, seat).items():
            forbidden.setdefault(name, set()).update(card.id for card in cards)
    groups: dict[Any, list[tuple[list[Card], int, str]]] = {}
    for zone in state.zones():
        if any(zone.visible_to(seat) for seat in seats):
            continue
        for index, card in enumerate(zone.cards):
            if card.id not in known:
                groups.setdefault(game.card_back(card), []).append((zone.cards, index, zone.name))
    moved: set[int] = set()
    for slots in groups.values():
        cards = [pile[index] for pile, index, _ in slots]
        shuffled = list(cards)
        for _ in range(6 if forbidden else 3):
            rng.shuffle(shuffled)
            if shuffled != cards and not _breaks(shuffled, slots, forbidden):
                break
        else:
            continue
        for (pile, index, _), card in zip(slots, shuffled, strict=True):
            if pile[index] is not card:
                moved.add(card.id)
                pile[index] = card
    return moved


def _breaks(
    cards: list[Card], slots: list[tuple[list[Card], int, str]], forbidden: dict[str, set[int]]
) -> bool:
    return bool(forbidden) and any(
        card.id in forbidden.get(name, ()) for card, (_, _, name) in zip(cards, slots, strict=True)
    )


def _revealed(game: Game[Any], state: State, moved: set[int], watcher: int | None) -> bool:
    for zone in state.zones():
        if zone.visible_to(watcher) and any(card.id in moved for card in zone.cards):
            return True
    if watcher is not None and any(card.id in moved for card in game.known_cards(state, watcher)):
        return True
    for event in state.sink or ():
        seen = event.seen_by(watcher)
        if isinstance(seen, CardsMoved):
            if any(card.id in moved for card in seen.cards):
                return True
        elif (
            seen is not None
            and seen.to is not None
            and watcher in seen.to
            and any(card.id in moved for card in _cards_of(seen))
        ):
            # An event addressed to the watcher (a private look) shows it its cards, even
            # when the same action puts them out of its sight again (a round's reset).
            return True
    return False


def _cards_of(event: Event) -> list[Card]:
    """The cards an event's fields hold (a card, or a tuple of cards)."""
    out: list[Card] = []
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if isinstance(value, Card):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(item for item in value if isinstance(item, Card))
    return out


def _legal(game: Game[Any], state: State, seat: int) -> list[Action]:
    return list(game.legal_actions(state, seat)) if seat in state.to_act else []


def _stream(events: Iterable[Event] | None, watcher: int | None) -> list[dict[str, Any]]:
    out = []
    for event in events or ():
        seen = event.seen_by(watcher)
        if seen is not None:
            out.append(seen.to_json())
    return out


def _who(watcher: int | None) -> str:
    return "a spectator" if watcher is None else f"seat {watcher}"


def _zones_of(state: State, moved: set[int]) -> str:
    names = [zone.name for zone in state.zones() if any(c.id in moved for c in zone.cards)]
    return "zones " + ", ".join(names)


def _same(real: Any, swapped: Any, where: Where, what: str) -> None:
    if real == swapped:
        return
    path, left, right = _difference(real, swapped, "")
    raise ConformanceFailure(
        "leaks",
        where,
        f"{what}: at {path or 'the top'}, {left!r} became {right!r}. A seat must not learn "
        "what lies in zones it cannot see (the other differences may follow from this one)",
    )


def _difference(left: Any, right: Any, path: str) -> tuple[str, Any, Any]:
    if isinstance(left, dict) and isinstance(right, dict):
        for key in (*left, *(k for k in right if k not in left)):
            if left.get(key, _MISSING) != right.get(key, _MISSING):
                return _difference(
                    left.get(key, _MISSING), right.get(key, _MISSING), f"{path}[{key!r}]"
                )
    if isinstance(left, list) and isinstance(right, list) and len(left) == len(right):
        for number, (a, b) in enumerate(zip(left, right, strict=True)):
            if a != b:
                return _difference(a, b, f"{path}[{number}]")
    return path, _short(left), _short(right)


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()


def _short(value: Any) -> Any:
    text = repr(value)
    return value if len(text) <= 200 else text[:200] + "..."


def perturbed(game: Game[Any], state: State, rng: random.Random) -> State | None:
    """A copy of ``state`` where the cards no seat can see lie elsewhere (every seat's view is
    the same); ``None`` when no such card can move."""
    twin = state.clone()
    moved = _perturb(game, twin, range(state.players), rng)
    return twin if moved else None
