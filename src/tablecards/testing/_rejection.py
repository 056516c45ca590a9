"""Atomic rejection: illegal actions raise, and leave the match exactly as it was."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import attrs

from tablecards import (
    Action,
    EventRecorder,
    IllegalAction,
    Match,
    MatchOver,
    NotYourTurn,
    TablecardsError,
    snapshot,
)
from tablecards.core._serial import dumps
from tablecards.testing._failure import ConformanceFailure, Where

__all__ = ["AlienAction", "check_rejections"]


@attrs.frozen(slots=True)
class AlienAction(Action):
    """An action of no game: every match must refuse it."""

    note: str = "from another game"


_ALIEN = AlienAction()


def check_rejections(
    match: Match,
    recorder: EventRecorder,
    pool: Sequence[Action],
    rng: random.Random,
    where: Where,
    tries: int = 8,
) -> None:
    """Offer ``match`` actions it must refuse; each must raise and change nothing.

    The candidates: a legal action by a seat that may not act, another seat's action in an open
    moment, actions legal at other moments (from ``pool``), an action of another game, and the
    legal actions with malformed fields.
    """
    before = fingerprint(match)
    events = len(recorder.events)
    offers = list(_offers(match, pool, rng))
    rng.shuffle(offers)
    for seat, action, expected in offers[:tries]:
        here = attrs.evolve(where, seat=seat, action=action)
        try:
            match.apply(seat, action)
        except expected:
            pass
        except TablecardsError as error:
            raise ConformanceFailure(
                "rejection",
                here,
                f"expected {expected.__name__}, got {type(error).__name__}: {error}",
            ) from error
        except Exception as error:
            raise ConformanceFailure(
                "rejection",
                here,
                f"the rules crashed instead of raising IllegalAction: "
                f"{type(error).__name__}: {error}",
            ) from error
        else:
            raise ConformanceFailure(
                "rejection",
                here,
                "the match accepted an action it must refuse (why_illegal accepted an action "
                "that legal_actions does not list)",
            )
        if fingerprint(match) != before:
            raise ConformanceFailure(
                "rejection", here, "the match changed although the action was refused"
            )
        sink = match.state.sink
        if len(recorder.events) != events or sink:
            raise ConformanceFailure(
                "rejection", here, "a refused action emitted events (why_illegal must not emit)"
            )


def fingerprint(match: Match) -> tuple[int, bool, str]:
    """What a refused action must not change: the log's length, the end flag, the state.

    The rest of :meth:`Match.to_json` is the log itself, which only grows, so this compares
    the same thing at a fraction of the cost of serialising the whole log again.
    """
    return match.moves, match.is_over, dumps(snapshot(match.state))


def _offers(
    match: Match, pool: Sequence[Action], rng: random.Random
) -> Iterator[tuple[int, Action, type[Exception]]]:
    to_act = match.to_act
    if not to_act:
        if match.players:
            yield 0, pool[0] if pool else _ALIEN, MatchOver
        return
    # Lists, not sets: set order follows string hashes, which change between processes, and
    # a failure must replay from its seed.
    legal = {seat: list(match.legal_actions(seat)) for seat in to_act}
    # A seat that may act but is not waited for may have nothing to play (a Stop seat that
    # passed): the actor is one that has.
    able = [seat for seat in to_act if legal[seat]]
    actor = able[rng.randrange(len(able))]
    mine = legal[actor]
    allowed = set(mine)
    waiting = [seat for seat in range(match.players) if seat not in to_act]
    if waiting:
        yield rng.choice(waiting), mine[rng.randrange(len(mine))], NotYourTurn
    for other in to_act:
        theirs = [action for action in legal[other] if action not in allowed]
        if theirs:
            yield actor, theirs[0], IllegalAction
            break
    elsewhere = [action for action in pool if action not in allowed]
    for action in rng.sample(elsewhere, min(3, len(elsewhere))):
        yield actor, action, IllegalAction
    yield actor, _ALIEN, IllegalAction
    yield from _malformed(actor, rng.sample(mine, min(2, len(mine))), allowed)


def _malformed(
    seat: int, actions: Sequence[Action], legal: set[Action]
) -> Iterator[tuple[int, Action, type[Exception]]]:
    # Same-typed values out of every sensible range must be refused with IllegalAction by the
    # rules; values of the wrong type are refused so by the engine, before the rules see them.
    for action in actions:
        for field in attrs.fields(type(action)):
            value = getattr(action, field.name)
            for bad in _bad_values(value):
                try:
                    changed = attrs.evolve(action, **{field.name: bad})
                except Exception:  # a validator refused it: nothing to offer
                    continue
                if changed not in legal:
                    yield seat, changed, IllegalAction


def _bad_values(value: object) -> list[object]:
    if isinstance(value, bool):
        return [None, 1]
    if isinstance(value, int):
        return [-1, 10**6, "1", True, 1.0]
    if isinstance(value, str):
        return ["", "\x00no such thing", 0]
    if isinstance(value, tuple):
        return [(), (*value, *value), None]
    return [None]
