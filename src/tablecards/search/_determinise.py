"""Determinisation: a whole match drawn from what one seat knows, for search bots.

A seat sees its view: public zones, its own hand, the sizes of everything else. A search bot
plays forward from *determinisations*: full matches that agree with everything the seat has
seen, with what it has not seen dealt again at random. The engine does it generically from zone
visibility (the core's :func:`~tablecards.redeal` over the zones a seat cannot see); a game
whose players know more (a card given away in a private exchange, the composition of a seat's
own pack) refines it in :meth:`Game.redeal_unseen <tablecards.Game.redeal_unseen>`.

Two properties make a determinisation safe to hand to a bot:

- it depends only on what the seat knows and on the generator it is given: the cards of each
  group are put in a canonical order (by id) before they are dealt, so two matches that differ
  only in where the unseen cards lie give the very same determinisation for the same generator;
- its future randomness is reseeded from that generator, so no hidden order (the real deck's
  next shuffle) survives in it, and the real log's secrets are replaced by :class:`Unseen`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

import attrs

from tablecards.core._actions import Action
from tablecards.core._errors import UnknownSeat
from tablecards.core._random import MatchRandom
from tablecards.core._redeal import _LOCAL
from tablecards.core._simultaneous import hidden_from, resample_answers

if TYPE_CHECKING:
    from tablecards.play._match import Match

__all__ = ["Unseen", "determinise"]


@attrs.frozen(slots=True)
class Unseen(Action):
    """Stands in a determinised match's log for an action its seat did not see.

    A determinised match keeps the length of the real log (views count moves), but never its
    secrets: where :meth:`Game.redact_action <tablecards.Game.redact_action>` hides an action
    from the seat, the log holds ``Unseen()``. Such a match plays forward like any other, but it
    cannot be saved and loaded again or undone: its state was drawn, not played.
    """


_UNSEEN: Final = Unseen()


def determinise(match: Match, seat: int, rng: random.Random) -> Match:
    """A new, independent match consistent with everything ``seat`` has seen of ``match``.

    The cards ``seat`` cannot see are dealt again at random among the places it cannot see
    (:meth:`Game.redeal_unseen <tablecards.Game.redeal_unseen>`: zone sizes kept, known cards
    kept, the game's finer knowledge respected), the match's future randomness is reseeded from
    ``rng`` (so that no hidden order survives), and actions of the log that ``seat`` did not
    see are replaced by :class:`Unseen`. ``seat``'s view, legal actions and own history are
    those of ``match``; what it cannot see varies with ``rng``. For the same ``rng`` state, two
    matches differing only in what ``seat`` cannot see give the same determinisation.

    The new match plays forward like any match (``apply``, ``legal_actions``, ``view``,
    ``clone``, ``result``) but has no observers and cannot be saved, undone or asked for
    ``events_for``: its state was drawn, not played, so its seed and log do not replay it.

    Raises:
        UnknownSeat: ``seat`` is not a seat of the match.
    """
    _check_seat(match, seat)
    new = match.clone()
    new._log = _seen_log(match, seat)
    _redeal_in(new, seat, rng)
    return new


def redeal_match(match: Match, seat: int, rng: random.Random) -> Match:
    """:func:`determinise` for a match that is already a determinisation for ``seat``.

    Its log holds no secret any more, so it is copied as it is, and its arrangement of the
    unseen cards owes nothing to the real one, so :func:`~tablecards.redeal` may deal from it
    without sorting the cards first (search bots draw thousands of determinisations from one).
    """
    new = match.clone()
    _LOCAL.settled = True
    try:
        _redeal_in(new, seat, rng)
    finally:
        _LOCAL.settled = False
    return new


def _redeal_in(new: Match, seat: int, rng: random.Random) -> None:
    state = new._state
    new._game.redeal_unseen(state, seat, rng)
    # What the others answered in an open moment everyone answers on their own is as hidden
    # as a card: drawn again among their legal actions (after the redeal: they depend on it).
    resample_answers(new._game, state, (seat,), rng)
    fresh = rng.getrandbits(63)
    state.rng = MatchRandom(fresh)
    new._seed = fresh


def _seen_log(match: Match, seat: int) -> list[tuple[int, Action]]:
    game = match.game
    log = match._log
    # The others' answers to an open moment everyone answers on their own are not seen yet.
    hidden = hidden_from(len(log), match._state)
    if type(game).redact_action is _base_redact() and hidden == len(log):
        return list(log)  # the game's actions are all public
    redact = game.redact_action
    out: list[tuple[int, Action]] = []
    for index, (actor, action) in enumerate(log):
        if index >= hidden and actor != seat:
            out.append((actor, _UNSEEN))
            continue
        seen = redact(action, actor, seat)
        out.append((actor, _UNSEEN if seen is None else seen))
    return out


def _base_redact() -> Any:
    from tablecards.core._game import Game

    return Game.redact_action


def _check_seat(match: Match, seat: object) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < match.players:
        raise UnknownSeat(seat, match.players)
