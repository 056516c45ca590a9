"""Moments where everyone answers on their own: secret choices made at the same time.

A game declares such a moment through :meth:`Game.simultaneous <tablecards.Game.simultaneous>`
(sealed bids, a draft's picks). While it lasts, the engine, not the game, holds each seat's
answer: :func:`play` records it in the state (``state.sealed``) instead of calling the game's
``apply``, takes the seat out of ``to_act`` (unless :meth:`Game.may_change_answer
<tablecards.Game.may_change_answer>` lets it answer again) and tells the others only *that*
it answered (:class:`Answered`). An answer never closes the moment for the others. When the
last seat the moment waits for has answered, the answers are revealed together, in seat order
(:class:`Revealed`), and the game's :meth:`Game.resolve <tablecards.Game.resolve>` applies
them at once.

Every path that applies an action (the match, its replays and undo, events rebuilt from the
log, the search bot, the conformance kit) goes through :func:`play`, so they all agree; the
log keeps one ``(seat, action)`` entry per answer, and the last ``len(state.sealed)`` entries
of a match's log are the answers of the moment still open, hidden from the other seats.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from tablecards.core._actions import Action
from tablecards.core._events import Event
from tablecards.core._serial import action_to_json

if TYPE_CHECKING:
    from tablecards.core._game import Game
    from tablecards.core._state import State

__all__ = [
    "Answered",
    "Revealed",
    "answers_of",
    "hidden_from",
    "legal_now",
    "play",
    "reopen",
    "resample_answers",
    "waiting_now",
]


@attrs.frozen(slots=True)
class Answered(Event):
    """Seat ``seat`` answered the moment everyone answers on their own.

    Its author sees its answer (``action``); every other seat and a spectator learn only that
    it answered (``action`` is ``None``) until the moment closes (:class:`Revealed`).
    """

    seat: int
    action: Action | None = None

    def redacted(self) -> Event:
        return Answered(self.seat)

    def to_json(self) -> dict[str, Any]:
        """``{"event": "Answered", "seat": …, "action": {…} or None}``."""
        action = None if self.action is None else action_to_json(self.action)
        return {"event": "Answered", "seat": self.seat, "action": action}


@attrs.frozen(slots=True)
class Revealed(Event):
    """Seat ``seat``'s answer, shown to everyone when the moment closes.

    One event per seat that answered, in seat order, just before the game resolves them.
    """

    seat: int
    action: Action

    def to_json(self) -> dict[str, Any]:
        """``{"event": "Revealed", "seat": …, "action": {…}}``."""
        return {"event": "Revealed", "seat": self.seat, "action": action_to_json(self.action)}


def answers_of(state: State) -> dict[int, Action]:
    """The answers given so far in the open moment, by seat (a changed answer: the last)."""
    return dict(state.sealed)


def play(game: Game[Any], state: State, seat: int, action: Action) -> None:
    """Apply a legal ``action`` of ``seat``: through the game's ``apply``, or, in a moment
    where everyone answers on their own, as the seat's sealed answer (closing the moment when
    it is the last one awaited)."""
    sealed = state.sealed
    if not sealed and not game.simultaneous(state):
        game.apply(state, seat, action)
        return
    sealed = state.sealed = (*sealed, (seat, action))
    if not game.may_change_answer(state, seat):
        state.to_act = tuple(other for other in state.to_act if other != seat)
    sink = state.sink
    if sink is not None:
        sink.append(Answered(seat, action, to=frozenset((seat,))))
    answered = {other for other, _ in sealed}
    # A game's empty waiting_for means all of to_act (Game.waiting_for).
    if any(other not in answered for other in game.waiting_for(state) or state.to_act):
        return
    answers = dict(sealed)
    ordered = {other: answers[other] for other in sorted(answers)}
    # Cleared before the rules run: resolving may open the next such moment at once.
    state.sealed = ()
    if sink is not None:
        sink.extend(Revealed(other, chosen) for other, chosen in ordered.items())
    game.resolve(state, ordered)


def legal_now(game: Game[Any], state: State, seat: int) -> Sequence[Action]:
    """``seat``'s legal actions, without the answer it already gave in the open moment
    (answering the same again would change nothing)."""
    legal = game.legal_actions(state, seat)
    if not state.sealed:
        return legal
    mine = answers_of(state).get(seat)
    if mine is None:
        return legal
    return tuple(action for action in legal if action != mine)


def waiting_now(game: Game[Any], state: State) -> tuple[int, ...]:
    """The seats the moment still waits for: the game's, without those that answered."""
    waiting = tuple(game.waiting_for(state))
    if not state.sealed:
        return waiting
    answered = {seat for seat, _ in state.sealed}
    return tuple(seat for seat in waiting if seat not in answered)


def hidden_from(moves: int, state: State) -> int:
    """The first log index (of ``moves`` entries) that is an answer of the open moment: the
    entries from there on are hidden from every seat but their author."""
    return moves - len(state.sealed)


def resample_answers(
    game: Game[Any], state: State, keep: Sequence[int], rng: random.Random
) -> bool:
    """Draw again, from ``rng``, the open moment's answers of every seat not in ``keep``
    (each among that seat's legal actions in ``state``): what those seats chose is hidden
    from the seats in ``keep``. Returns whether any answer changed.

    The number of answers (and so of log entries) stays the same; a seat that answered twice
    gets the same drawn answer for both.
    """
    if not state.sealed:
        return False
    drawn: dict[int, Action] = {}
    changed = False
    out = []
    for seat, action in state.sealed:
        if seat in keep:
            out.append((seat, action))
            continue
        if seat not in drawn:
            legal = game.legal_actions(state, seat)
            drawn[seat] = legal[rng.randrange(len(legal))] if legal else action
        changed = changed or drawn[seat] != action
        out.append((seat, drawn[seat]))
    state.sealed = tuple(out)
    return changed


def reopen(game: Game[Any], state: State, keep: int) -> None:
    """Forget the open moment's answers of every seat but ``keep`` and let those seats answer
    again (a search's private copy: the seats' answers are chosen by the search instead)."""
    if not state.sealed:
        return
    dropped = {seat for seat, _ in state.sealed if seat != keep}
    if not dropped:
        return
    state.sealed = tuple((seat, action) for seat, action in state.sealed if seat == keep)
    state.to_act = tuple(sorted({*state.to_act, *dropped}))
