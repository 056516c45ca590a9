"""The contract between the engine and a game: rules as functions of (state, seat, action)."""

from __future__ import annotations

import importlib.resources
import json
import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from tablecards.core import _describe
from tablecards.core._actions import Action, Illegal
from tablecards.core._cards import Card, shared_zone_views, zone_views
from tablecards.core._clock import Clock
from tablecards.core._errors import (
    MalformedAction,
    PlayerCountError,
    RulesError,
    UnknownOption,
    show,
)
from tablecards.core._events import Event
from tablecards.core._fields import read_action
from tablecards.core._passing import redeal_passed
from tablecards.core._random import MatchRandom
from tablecards.core._redeal import redeal, unseen_zones
from tablecards.core._serial import action_to_json
from tablecards.core._simultaneous import answers_of
from tablecards.core._state import State, zone_list
from tablecards.core._vocabulary import SceneFace

__all__ = [
    "RESERVED_VIEW_KEYS",
    "Game",
    "NoOptions",
    "OptionRange",
    "Result",
    "declares",
    "option_range",
    "seat_option",
]

#: The keys of a view that the engine writes; a game's :meth:`Game.view_extra` may not use them.
RESERVED_VIEW_KEYS: frozenset[str] = frozenset(
    ("game", "seat", "players", "to_act", "over", "zones", "moves", "answers")
)

S = TypeVar("S", bound=State)


# Marks an option field that names a seat; Game.check_players checks it against the seat count.
_SEAT = "tablecards.seat"


def seat_option(default: int = 0) -> Any:
    """An options field that names a seat (a first player, a first dealer).

    It accepts a whole number from 0, and :meth:`Game.check_players` refuses it with
    :class:`~tablecards.UnknownOption` when it is not a seat of the match::

        @attrs.frozen
        class MyOptions:
            first_player: int = tablecards.seat_option()
    """
    return attrs.field(default=default, validator=_seat_number, metadata={_SEAT: True})


def _seat_number(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{attribute.name} must be a seat number (>= 0), not {value!r}")


def _seat_fields(options: type[Any]) -> tuple[str, ...]:
    """The names of the seat options (:func:`seat_option`) of an options class, found once:
    every new match checks them against its seat count."""
    names = _SEAT_FIELDS.get(options)
    if names is None:
        names = _SEAT_FIELDS[options] = tuple(
            field.name for field in attrs.fields(options) if field.metadata.get(_SEAT)
        )
    return names


_SEAT_FIELDS: dict[type[Any], tuple[str, ...]] = {}

# Marks an option field with a declared range (an OptionRange); see option_range.
_RANGE = "tablecards.range"


@attrs.frozen(slots=True)
class OptionRange:
    """The values a whole-number option accepts, for forms and checks.

    From ``minimum`` to ``maximum`` (both included), and ``None`` too when ``allows_none``.
    :meth:`Game.option_ranges` lists them, so that forms can offer only valid values::

        >>> import tablecards
        >>> bounds = tablecards.OptionRange(1, 20)
        >>> 20 in bounds, 21 in bounds, None in bounds
        (True, False, False)
    """

    minimum: int
    maximum: int
    allows_none: bool = False

    def __contains__(self, value: object) -> bool:
        if value is None:
            return self.allows_none
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.minimum <= value <= self.maximum
        )

    def to_json(self) -> dict[str, Any]:
        """``{"min": …, "max": …, "none": …}`` (for forms)."""
        return {"min": self.minimum, "max": self.maximum, "none": self.allows_none}


def option_range(default: int | None, minimum: int, maximum: int, *, none: bool = False) -> Any:
    """An options field holding a whole number in a declared range.

    From ``minimum`` to ``maximum`` (``None`` too with ``none=True``); any other value is
    refused with :class:`~tablecards.UnknownOption`::

        @attrs.frozen
        class MyOptions:
            rounds: int = tablecards.option_range(3, 1, 20)

    Every option should declare its range (this, :func:`seat_option`, or attrs' ``ge``/``le``
    validators): :meth:`Game.option_ranges` reports them, and a server refuses nothing else.
    """
    bounds = OptionRange(minimum, maximum, none)
    return attrs.field(default=default, validator=_InRange(bounds), metadata={_RANGE: bounds})


@attrs.frozen(slots=True)
class _InRange:
    bounds: OptionRange

    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in self.bounds:
            lo, hi = self.bounds.minimum, self.bounds.maximum
            # Read by people too (the lobby shows it): "left unset" is None in their words.
            also = ", or left unset" if self.bounds.allows_none else ""
            raise ValueError(
                f"{attribute.name} must be a whole number from {lo} to {hi}{also}, "
                f"not {show(value)[:40]}"
            )


def _declared_range(field: attrs.Attribute[Any], max_players: int) -> OptionRange | None:
    """The range a field declares: option_range, seat_option, attrs' ge/le validators, or
    attrs' ``in_(range(a, b))``."""
    declared = field.metadata.get(_RANGE)
    if isinstance(declared, OptionRange):
        return declared
    if field.metadata.get(_SEAT):
        return OptionRange(0, max_players - 1)
    low = high = None
    validators = [field.validator]
    while validators:
        check = validators.pop()
        inner = getattr(check, "_validators", None)  # attrs' and_ (a list of validators)
        if inner is not None:
            validators.extend(inner)
            continue
        options = getattr(check, "options", None)  # attrs' in_(range(a, b))
        if isinstance(options, range) and options.step == 1 and len(options):
            return OptionRange(options.start, options.stop - 1, field.default is None)
        op, bound = getattr(check, "compare_op", None), getattr(check, "bound", None)
        if isinstance(bound, int) and op in (">=", ">"):
            low = bound if op == ">=" else bound + 1
        elif isinstance(bound, int) and op in ("<=", "<"):
            high = bound if op == "<=" else bound - 1
    if low is None or high is None:
        return None
    return OptionRange(low, high, field.default is None)


@attrs.frozen(slots=True)
class NoOptions:
    """The options of a game that has none."""


@attrs.frozen(slots=True)
class Result:
    """How a match ended.

    Attributes:
        scores: each seat's final score (for a truncated match, the score when it was cut).
        winners: the seats that share the win; empty when the match was truncated.
        rounds: how many rounds were played (started).
        moves: how many actions were applied.
        truncated: ``True`` when the engine's move limit ended the match, not the rules.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    moves: int
    truncated: bool = False

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "rounds": self.rounds,
            "moves": self.moves,
            "truncated": self.truncated,
        }


class Game(Generic[S]):
    """Base class of a game: a static description plus the rules as functions of the state.

    A game plugin subclasses it, sets the class attributes and implements the methods marked
    *required*. Instances are cheap and hold only the options (``load_game("hit", rounds=2)``);
    everything that changes during a match lives in the state, which the :class:`~tablecards.Match`
    owns: it validates, applies, logs, dispatches events and saves, so rules stay plain.
    The :doc:`tutorial` writes a whole game plugin step by step.

    Example:
        A complete game: each player is dealt one card from ten and shows it; the highest
        card wins.

        >>> import attrs
        >>> import tablecards
        >>> from tablecards import Action, Card, Game, State, Visibility, Zone
        >>> @attrs.frozen
        ... class Show(Action):
        ...     "Show your card."
        >>> @attrs.define(slots=True, eq=False, kw_only=True)
        ... class DuelState(State):
        ...     deck: Zone[Card]
        ...     hands: tuple[Zone[Card], ...]
        ...     shown: tuple[Zone[Card], ...]
        >>> class Duel(Game[DuelState]):
        ...     name, title, version = "duel", "Duel", "1.0"
        ...     min_players, max_players, default_players = 2, 4, 2
        ...     actions = (Show,)
        ...
        ...     def initial_state(self, players, rng):
        ...         seats = range(players)
        ...         return DuelState(
        ...             players=players,
        ...             rng=rng,
        ...             deck=Zone("deck", Visibility.HIDDEN, cards=[Card(i) for i in range(10)]),
        ...             hands=tuple(Zone(f"hand:{s}", Visibility.OWNER, s) for s in seats),
        ...             shown=tuple(Zone(f"shown:{s}", Visibility.PUBLIC, s) for s in seats),
        ...         )
        ...
        ...     def setup(self, state):
        ...         state.shuffle(state.deck)
        ...         state.deal(state.deck, state.hands, 1)
        ...         state.to_act = (0,)  # the rules say who acts next
        ...
        ...     def legal_actions(self, state, seat):
        ...         return [Show()]
        ...
        ...     def apply(self, state, seat, action):
        ...         state.move_all(state.hands[seat], state.shown[seat])
        ...         if seat + 1 < state.players:
        ...             state.to_act = (seat + 1,)
        ...         else:
        ...             state.to_act, state.over = (), True
        ...
        ...     def scores(self, state):
        ...         return tuple(shown.cards[0].id for shown in state.shown)
        >>> match = tablecards.Match(Duel(), players=2, seed=3)
        >>> "cards" in match.view(1)["zones"]["hand:0"]  # seat 1 cannot see seat 0's card
        False
        >>> match.apply(0, Show())
        >>> match.apply(1, Show())
        >>> match.result.scores, match.result.winners
        ((8, 6), (0,))

    Attributes:
        name (str): the registry name (``"hit"``): lower case, unique among installed games.
        title (str): the human name (``"Hit!"``).
        version (str): the plugin's version, stored in saved matches (default ``"0"``).
        min_players (int): the fewest seats the game can be played by.
        max_players (int): the most seats the game can be played by.
        default_players (int): the seats of a match that names no count.
        actions (tuple): every action class of the game, used to read actions back from JSON.
        Options (type): a frozen attrs class of the game's options, whose validators reject bad
            values (default :class:`~tablecards.NoOptions`: the game has none).
        summary (str): one line for people choosing a game ("A push-your-luck game: …"), shown
            by lobbies beside the title (default ``""``: none).
        length (str): how long a match lasts, in words ("one pass through the deck, about
            15 minutes") (default ``""``: not said).
        example (bool): a game written to learn from (the tutorial's Climb), not one to play:
            lobbies list it after the others, or only on request (default ``False``).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "0"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    actions: ClassVar[tuple[type[Action], ...]]
    Options: ClassVar[type[Any]] = NoOptions
    summary: ClassVar[str] = ""
    length: ClassVar[str] = ""
    example: ClassVar[bool] = False

    def __init__(self, /, **options: Any) -> None:
        # Positional-only: an option may be called anything, even "self", and is refused by
        # name when the game has no such option.
        known = {field.name for field in attrs.fields(self.Options)}
        for name in options:
            if name not in known:
                raise UnknownOption(
                    self.name, f"unexpected keyword argument {show(name)}", self.option_defaults()
                )
        try:
            self.options: Any = self.Options(**options)
        except TypeError as error:
            raise UnknownOption(self.name, _first_line(error), self.option_defaults()) from None
        except ValueError as error:
            raise UnknownOption(
                self.name, f"bad option value: {_first_line(error)[:200]}"
            ) from None
        for name, bounds in self.option_ranges().items():
            value = getattr(self.options, name)
            if value not in bounds:
                raise UnknownOption(
                    self.name,
                    f"bad option value: {name} must be from {bounds.minimum} to "
                    f"{bounds.maximum}, not {show(value)[:40]}",
                )

    @classmethod
    def option_ranges(cls) -> dict[str, OptionRange]:
        """The declared range of each option that has one.

        Declared by :func:`option_range`, :func:`seat_option`, attrs' ``ge`` and ``le``
        validators together, or attrs' ``in_(range(a, b))``. Values outside are refused with
        :class:`~tablecards.UnknownOption` when the game is made
        (:func:`~tablecards.load_game`). Every option must declare one: a game with an
        option that does not is refused when it is registered (a host must be able to
        bound what players ask for)."""
        ranges = {}
        for field in attrs.fields(cls.Options):
            bounds = _declared_range(field, cls.max_players)
            if bounds is not None:
                ranges[field.name] = bounds
        return ranges

    @classmethod
    def seat_options(cls) -> tuple[str, ...]:
        """The options that name a seat (declared with :func:`seat_option`), in field order.

        Their values are seats, counted from 0 like every seat of the library; a form for
        people shows them counted from 1 and converts.

            >>> import tablecards
            >>> tablecards.load_game("hit").seat_options()  # pip install tablecards-hit
            ('first_player',)
        """
        return _seat_fields(cls.Options)

    @classmethod
    def option_defaults(cls) -> dict[str, Any]:
        """Every option of the game with its default value."""
        return {
            field.name: field.default
            for field in attrs.fields(cls.Options)
            if field.default is not attrs.NOTHING
        }

    def options_json(self) -> dict[str, Any]:
        """The options of this instance as plain JSON data (stored in saved matches).

        Round-tripped through JSON, so that it compares equal to the options read back from a
        save (a tuple option becomes a list).
        """
        data: dict[str, Any] = json.loads(json.dumps(attrs.asdict(self.options)))
        return data

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options_json().items())
        return f"<game {self.name}({options})>"

    # -- required -----------------------------------------------------------------------------

    def initial_state(self, players: int, rng: MatchRandom) -> S:
        """*Required.* The state before setup: every card of the match in its starting zone.

        Each zone gets its visibility here; nobody acts yet. The match calls it once, with its
        seeded generator, then :meth:`setup`.

        Example:
            >>> import tablecards
            >>> game = tablecards.load_game("hit")  # pip install tablecards-hit
            >>> state = game.initial_state(3, tablecards.MatchRandom(seed=1))
            >>> len(state.cards()), state.zone("deck").visibility, state.to_act
            (90, <Visibility.HIDDEN: 'hidden'>, ())
        """
        raise NotImplementedError

    def setup(self, state: S) -> None:
        """*Required.* Shuffle, deal and choose who acts first (events are observed here).

        It must set ``state.to_act``: the match asks only those seats to act.

        Example:
            >>> import tablecards
            >>> game = tablecards.load_game("hit")  # pip install tablecards-hit
            >>> state = game.initial_state(3, tablecards.MatchRandom(seed=1))
            >>> game.setup(state)
            >>> state.to_act
            (0,)
        """
        raise NotImplementedError

    def legal_actions(self, state: S, seat: int) -> Sequence[Action]:
        """*Required.* Every action ``seat`` may take now (empty when it may not act).

        Bots, screens and learning agents choose from this list; keep it lean, simulations
        call it at every step.

        Example:
            >>> import tablecards
            >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
            >>> match.game.legal_actions(match.state, 0)
            (DrawAgain(), EndTurn())
            >>> match.legal_actions(1)  # the match asks the game only for seats in to_act
            ()
        """
        raise NotImplementedError

    def apply(self, state: S, seat: int, action: Action) -> None:
        """*Required.* Apply a legal action, changing ``state`` in place.

        The match calls it only after :meth:`why_illegal` accepted the action, and it must not
        fail after it starts changing the state.

        Example:
            Callers go through :meth:`Match.apply <tablecards.Match.apply>`, which checks the
            seat and the action, calls this method and logs the action:

            >>> import tablecards
            >>> from tablecards_hit import DRAW_AGAIN  # pip install tablecards-hit
            >>> match = tablecards.Match("hit", players=3, seed=1)
            >>> match.apply(0, DRAW_AGAIN)
            >>> match.moves, match.log_for(None)[-1]
            (1, (0, DrawAgain()))
        """
        raise NotImplementedError

    def scores(self, state: S) -> tuple[int, ...]:
        """*Required.* Every seat's current score.

        The match reads it for :attr:`Match.result <tablecards.Match.result>`, with
        :meth:`winners`.

        Example:
            >>> import tablecards
            >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
            >>> match.game.scores(match.state)
            (0, 0, 0)
        """
        raise NotImplementedError

    # -- optional -----------------------------------------------------------------------------

    def check_players(self, players: int) -> None:
        """Reject a seat count the options do not allow with :class:`~tablecards.PlayerCountError`.

        The default checks ``min_players <= players <= max_players`` and that every option
        declared with :func:`~tablecards.seat_option` names one of the seats. An override may
        raise :class:`~tablecards.UnknownOption` too (the base class of ``PlayerCountError``).
        """
        if not self.min_players <= players <= self.max_players:
            raise PlayerCountError(
                self.name,
                players,
                f"{self.title} is played by {self.min_players} to {self.max_players} players, "
                f"not {show(players)}",
            )
        for name in _seat_fields(type(self.options)):
            value = getattr(self.options, name)
            if value >= players:
                raise PlayerCountError(
                    self.name, players, f"{name} {value} is not a seat of {players}"
                )

    def why_illegal(self, state: S, seat: int, action: Action) -> Illegal | None:
        """Why ``action`` is not legal for ``seat`` now, or ``None`` when it is.

        The default looks the action up in :meth:`legal_actions`; games override it to explain
        rejections with rule IDs, or to check large action spaces without listing them.

        Example:
            >>> import tablecards
            >>> from tablecards_hit import NO_STEAL  # pip install tablecards-hit
            >>> match = tablecards.Match("hit", players=3, seed=1)
            >>> match.game.why_illegal(match.state, 0, NO_STEAL)
            Illegal(reason='there is nothing to steal: choose to draw again or end the turn',
                    rule='HIT-09')
        """
        if action in self.legal_actions(state, seat):
            return None
        return Illegal("not among the legal actions now")

    def why_not_your_turn(self, state: S, seat: int, action: Action) -> Illegal | None:
        """Why ``seat``, which is not among the seats to act, may not act now (optional).

        The match refuses the action with :class:`~tablecards.NotYourTurn` either way; a game
        that can say why (the red-token holder may not call Stop) returns the reason and the
        rule, and the error carries them. Default: ``None``.
        """
        return None

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats that share the win of a finished match (default: the highest scores)."""
        scores = self.scores(state)
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def rounds_played(self, state: S) -> int:
        """How many rounds have started (default: 1)."""
        return 1

    def view_extra(self, state: S, seat: int | None) -> dict[str, Any]:
        """Game-specific public information for ``seat``'s view (phase, bids, scores…).

        Whatever this returns must be visible to ``seat``; zones are rendered by the engine.
        The keys sit beside the engine's own, which are reserved (``game``, ``seat``,
        ``players``, ``to_act``, ``over``, ``zones``, ``moves``): returning one of them is a
        plugin bug, refused with :class:`~tablecards.RulesError` (see
        :func:`tablecards.view_schema`).

        Example:
            >>> import tablecards
            >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
            >>> extra = match.game.view_extra(match.state, 0)
            >>> sorted(extra)
            ['banked', 'current', 'last_bust', 'offer', 'phase', 'round', 'rounds', 'scores']
            >>> all(match.view(0)[key] == value for key, value in extra.items())
            True
        """
        return {}

    def default_action(self, state: S, seat: int) -> Action | None:
        """What ``seat``, which the moment waits for, does when a real-time table closes the
        moment after its :meth:`clock` ran out (optional).

        A server applies it for each seat still in :meth:`waiting_for` when the clock runs out
        (Stop: decline a Stop! call, pass in the auction). ``None`` (the default): the game
        declares no default here, and the table keeps waiting. A default must be one of the
        seat's legal actions (the conformance kit checks it).
        """
        return None

    def waiting_for(self, state: S) -> tuple[int, ...]:
        """The seats the current moment waits for: a subset of ``state.to_act`` (optional).

        ``to_act`` says who *may* act; this says whose answer the moment needs before it can
        end. Runners, arbiters and bots ask only these seats (all of ``to_act`` when this is
        empty), and a real-time table closes the moment for them with :meth:`default_action`
        when the :meth:`clock` runs out. A seat left out may still act (Stop: a seat that
        passed in the auction takes its pass back by playing a card, STOP-13), and may then
        have no legal action at all. Default: every seat in ``to_act``.

        Example:
            >>> import tablecards
            >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
            >>> match.game.waiting_for(match.state) == match.state.to_act
            True
        """
        return state.to_act

    def simultaneous(self, state: S) -> bool:
        """Whether the current moment is one where everyone answers on their own (optional).

        ``to_act`` says who may act. In a *first come* moment (the default, ``False``) the
        first seat to act takes the moment, as in any turn. In a moment where everyone answers
        on their own (``True``: sealed bids, a draft's picks, cards chosen to be revealed
        together), every seat the moment waits for (:meth:`waiting_for`) gives its own
        answer, secretly:

        - the engine holds each answer (``state.sealed``), never calling :meth:`apply` for it,
          and takes the seat out of ``to_act`` (unless :meth:`may_change_answer`); an answer
          never closes the moment for the others;
        - until the moment closes, nobody but its author can see an answer: views show who
          has chosen (the ``answers`` key: ``chosen`` and the viewer's own as ``yours``), the
          others' logs show "a secret choice", events say only that the seat answered
          (:class:`~tablecards.Answered`);
        - when the last awaited seat answers (at a real-time table, the :meth:`default_action`
          of the silent seats when the :meth:`clock` runs out), the answers are revealed
          together as :class:`~tablecards.Revealed` events in seat order, and
          :meth:`resolve` applies them.

        Asked before each action while no answer is held; the game's state must say it (a
        phase), since the rules cannot see the answers before :meth:`resolve`. The
        :doc:`simultaneous` page walks through a whole game.
        """
        return False

    def resolve(self, state: S, answers: Mapping[int, Action]) -> None:
        """*Required with* :meth:`simultaneous`. Apply the answers of a moment where
        everyone answered on their own, all at once.

        ``answers`` holds one legal action per seat that answered, in seat order (a changed
        answer: the last one). Like :meth:`apply`, it changes ``state`` in place and sets the
        next ``to_act`` (it may open the next such moment at once); it must not fail.
        """
        raise NotImplementedError(
            f"{self.name} declares moments where everyone answers on their own "
            "(Game.simultaneous) but does not resolve their answers (Game.resolve)"
        )

    def may_change_answer(self, state: S, seat: int) -> bool:
        """Whether ``seat``, having answered a moment where everyone answers on their own,
        may answer again before it closes, replacing its answer (optional).

        Default ``False``: an answer is final, and the seat leaves ``to_act`` once it has
        answered. With ``True`` it stays in ``to_act`` (but not in :attr:`Match.waiting_for
        <tablecards.Match.waiting_for>`), its legal actions lacking its current answer.
        """
        return False

    def clock(self, state: S) -> Clock | None:
        """How long the current moment may wait at a real-time table (optional).

        A :class:`~tablecards.Clock`: its kind (a short ``reaction`` window, a ``decision``,
        a ``turn``) and its limit in seconds at normal pace. A server scales it by kind, and
        when it runs out plays :meth:`default_action` for every seat still in
        :meth:`waiting_for`, so a moment with a clock must have a default for each of them.
        ``None`` (the default): the moment waits for ever.
        """
        return None

    def known_cards(self, state: S, seat: int) -> Collection[Card]:
        """Cards whose exact place ``seat`` knows although they lie in zones it cannot see.

        After a private exchange the giver knows which card now sits in the taker's hand; a
        card shown and put back is known to whoever saw it — as long as nothing since could
        have mixed it with others. List only cards the seat could point at.

        Never list what the seat knows only as a set, not the split (a determinisation would
        keep the real split, and a search bot would read it):

        - the cards of a hand it passed on, once the next seat may have taken some of them
          face down (pass hands with :meth:`State.rotate <tablecards.State.rotate>`: the
          engine records the set and redeals those cards among their own places);
        - a card it gave that joined others it cannot tell apart, then one of them left unseen;
        - another seat's answer to a moment where everyone answers on their own (the engine
          holds answers and draws them again in a determinisation: never keep a choice made
          face down in the state before the moment closes).

        The conformance kit's no-leak check (:func:`tablecards.testing.check_game`) shuffles
        what a seat cannot see and never moves these cards, so a view that rightly mentions
        them is not a leak; its ``knowledge`` check fails a game that lists here (or keeps in
        :meth:`redeal_unseen`) cards the seat cannot know. Default: none.
        """
        return ()

    def ruled_out(self, state: S, seat: int) -> Mapping[str, Collection[Card]]:
        """Cards ``seat`` knows are *not* in a zone it cannot see, by zone name.

        What a seat may rule out without seeing: a guess answered "no" in front of everyone
        ("Bob holds no Seer": both Seers are ruled out of Bob's hand), a card the seat saw
        leave a hand and knows did not come back. Return ``{"hand:1": [seer_a, seer_b]}``;
        keep the facts in the state (a field the rules fill when the answer is given and clear
        when the zone's cards change beyond what the seat can follow, at the latest when a
        new round deals again), never in the game object.

        :func:`tablecards.determinise` (through the default :meth:`redeal_unseen`) never deals
        a ruled-out card into its zone, so a search bot never imagines a hand the seat knows is
        impossible; the conformance kit checks it, and that the real state agrees with what is
        ruled out. Default: nothing.
        """
        return {}

    def reveals(self, event: Event) -> bool:
        """Whether ``event`` is a public outcome that rightly depends on hidden cards.

        Some rules announce to everyone what follows from cards nobody else sees: two hands
        are compared and the lower one is out, a guess is answered "no". The announced event
        (emitted with ``state.emit``, seen by every seat: ``to=None``) is then information the
        rules give away, and its fields say exactly what it reveals (``Compared(higher=0,
        lower=2)``; a tie is an outcome too). Return ``True`` for such events.

        The conformance kit's no-leak check then compares a match only with twins whose
        announced outcome is the same (a twin where the comparison went the other way is a
        match every seat can tell apart, by the rules); everything else must still be equal,
        so a view or another event that tells more than the announced outcome still fails.
        An event marked here that some seat may not see fails the check. Default: ``False``.
        """
        return False

    def card_back(self, card: Card) -> object:
        """What anyone can tell of ``card`` face down, as a hashable value (default: its class).

        The no-leak check swaps hidden cards only with cards of an equal back, so that it never
        builds a state the rules exclude (a point card in a hand of numbered cards). Override it
        when cards of one class are still told apart face down.
        """
        return type(card)

    def redeal_unseen(self, state: S, seat: int, rng: random.Random) -> None:
        """Deal again, in ``state``, every card ``seat`` cannot see: a determinisation's core.

        :func:`tablecards.determinise` calls it on a private copy of the match's state (then
        reseeds the copy's generator); search bots play forward from the result. It must keep
        everything ``seat`` sees and knows: its view and legal actions must come out unchanged,
        and every card must stay in the match. What ``seat`` cannot see should be dealt anew
        from ``rng`` only (never from the arrangement it found), so that two states differing
        only in hidden places give the same result. The conformance kit checks all of it.

        The default redeals the cards of every zone ``seat`` cannot see among those zones
        (:func:`tablecards.redeal`), the cards the seat passed on (:meth:`State.rotate
        <tablecards.State.rotate>`) among their own places only, keeping :meth:`known_cards`
        in place, swapping only
        cards of equal :meth:`card_back` and never dealing a card where :meth:`ruled_out`
        says the seat knows it is not. A game overrides it when its players know more than
        zone visibility says (cards a seat gave away in an exchange, the composition of its
        own pack) or when a state field records something hidden (a value chosen face down):
        redeal in groups, then set such fields anew to agree with the redealt cards.
        """
        back = None if type(self).card_back is Game.card_back else self.card_back
        keep = self.known_cards(state, seat)
        if state.passed_on:
            # The cards the seat passed (State.rotate): among their own places only.
            dealt = redeal_passed(state, seat, rng, keep, back)
            if dealt:
                keep = [*keep, *(card for card in state.cards() if card.id in dealt)]
        redeal(
            state,
            unseen_zones(state, seat),
            rng,
            keep=keep,
            back=back,
            ruled_out=self.ruled_out(state, seat),
        )

    def search_options(self) -> Mapping[str, Any]:
        """How the engine's ``ismcts`` bot is tuned for this game (default: not at all).

        Keyword arguments of :class:`~tablecards.IsmctsBot` that the registered ``ismcts`` bot
        uses for this game (:meth:`IsmctsBot.for_game <tablecards.IsmctsBot.for_game>`): the
        search stays the same generic algorithm, a game only says what suits it, for example
        ``{"opponent_bot": "heuristic"}`` to let its own heuristic bot stand for the opponents
        in the search, or ``{"prior_bot": "heuristic"}`` to let the search overrule that bot
        only when it is clearly better. Bots named here must be registered for the game.
        """
        return {}

    def playout_action(
        self, state: S, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """A quick move for ``seat`` in a match the search bot imagines (default: none).

        The ``ismcts`` bot plays its playouts (``policy_playouts``) and the other seats inside
        its tree (``policy_opponents``) with this policy instead of random moves. It runs on a
        determinisation, a private state that :func:`tablecards.determinise` dealt for the
        searching seat, many thousand times per decision: it should read ``state`` directly
        (no view) and cost about as much as :meth:`apply`. It must decide only from what
        ``seat`` may see in ``state`` (its own hand, public zones), as a bot would from its
        view: reading another seat's hidden cards would make the search trust imagined
        opponents who see through the cards it dealt them. Return one of ``legal``, or
        ``None`` to let the search choose at random. A game's heuristic bot and this policy
        usually share their reasoning.
        """
        return None

    def move_limit(self, players: int) -> int:
        """How many actions a match may take before the engine ends it as truncated."""
        return 10_000

    def upgrade_snapshot(self, version: str, snapshot: dict[str, Any]) -> dict[str, Any]:
        """The state snapshot of a match saved by ``version`` of this game, as this version
        writes it.

        :meth:`Match.from_json <tablecards.Match.from_json>` calls it when a save's
        ``game_version`` is not this game's ``version``; the save loads only if its log
        replays and reaches the snapshot returned here. The default returns ``snapshot``
        unchanged, so a save from another version loads exactly when nothing it holds has
        changed.

        A game whose new version changed a rule overrides it: it adds the fields the old
        version did not have (when their value follows from the old snapshot), and refuses the
        saves whose position the change gives another meaning by raising
        :class:`~tablecards.SaveError` naming both versions and the rule that changed; such a
        save must never load into a different match.
        """
        return snapshot

    def upgrade_action(self, version: str, state: S, seat: int, action: Action) -> Action | None:
        """An action of the log of a match saved by ``version`` of this game, as this version
        replays it (optional).

        :meth:`Match.from_json <tablecards.Match.from_json>` calls it, for a save whose
        ``game_version`` is not this game's ``version``, before replaying each logged action,
        with the state it is about to be applied to. Return the action (the default), or
        ``None`` to leave it out of the log: a move the old version logged although it changed
        nothing, and which this version no longer allows (Stop before 0.3.0 let a seat that
        had passed pass again). Leaving out anything else would load another match: the saved
        snapshot must still be reached (:meth:`upgrade_snapshot`), or the save is refused.
        """
        return action

    def redact_action(self, action: Action, actor: int, seat: int | None) -> Action | None:
        """What ``seat`` (``None``: a spectator) learns when ``actor`` plays ``action``.

        Actions are public by default: every seat sees what was played. A game whose actions
        carry a secret (the value of a card given in a private exchange) returns ``None`` for
        the seats that may not see it; the public consequences reach them as events. Screens,
        replays for one seat and relays use it, as events use :meth:`~tablecards.Event.seen_by`.
        """
        return action

    def card_label(self, card: Mapping[str, Any]) -> str:
        """A card's JSON (as views show it) as short text for screens.

        The default joins the card's fields but its id (``{"id": 3, "value": 7}`` -> ``7``);
        games whose fields read oddly override it (Stop's ``+1`` card).
        """
        values = [str(value) for key, value in card.items() if key != "id"]
        return " ".join(values) if values else f"#{card.get('id')}"

    def card_face(self, card: Mapping[str, Any]) -> SceneFace | None:
        """How one card looks face up on the table: the ``Face`` of a scene
        (:func:`tablecards.scene_schema`), drawn from the card's JSON as views show it.

        The engine draws each card's face once and keeps it beside the card's JSON: scenes ask
        for faces with :func:`tablecards.card_faces` (the generic scene does too), never
        calling this themselves, so a face must follow from the card's fields alone (the same
        card always looks the same) and is never changed once drawn. The conformance kit's
        scenes check compares scenes built with the faces kept against scenes of fresh views.

        The default returns ``None``: the engine draws the card from its fields (a big rank
        from ``value``, ``rank`` or ``points``; a palette colour from ``colour``; the label
        :meth:`card_label` gives, with its colour named). A game overrides it to draw its cards
        as its players know them.

        Example:
            A Hit! card shows its value and is worth as many points:

            >>> import tablecards
            >>> hit = tablecards.load_game("hit")  # pip install tablecards-hit
            >>> hit.card_face({"id": 4, "value": 7})
            {'id': 4, 'rank': '7', 'colour': None, 'label': '7', 'note': None, 'kind': None}
        """
        return None  # the engine's generic face: the contract names no presentation layer

    def describe(self, action: Action, names: Sequence[str] | None = None) -> str:
        """An action as a menu item, in the imperative ("draw again", "raise Bob's bid to 9").

        ``names[i]`` is how seat ``i`` is called, "you" for the reader (build it with
        :func:`tablecards.words.names_for`); with ``names=None`` a seat reads "player N",
        counted from 1 (:func:`tablecards.words.player_name`): a player never reads a 0-based
        seat number. ``tablecards play``, the scenes and the networked table show these texts
        and ``play`` accepts them typed back, so the texts of one seat's legal actions must
        be pairwise distinct. The default names the action's type and fields in words
        ("raise (bid Bob, values 1)"), reading a field declared :data:`tablecards.Seat` as a
        seat. The log's words for a played action are :meth:`describe_play`'s.
        """
        return _describe.action_text(action, names)

    def describe_play(self, actor: int, action: Action | None, names: Sequence[str]) -> str:
        """One line of the log: seat ``actor`` played ``action`` ("Cleo calls Stop!").

        ``action`` is already what the reader may see (:meth:`redact_action`): ``None`` when it
        is hidden from them, and the words must then say no more than that a choice was made.
        ``names[i]`` is how seat ``i`` is called; a caller may call the reader "you", so build
        sentences with :mod:`tablecards.words` (``says("you", "calls") == "you call"``).
        The default reads "Ana: draw again" (the menu text of :meth:`describe`).
        """
        return _describe.action_words(self, actor, action, names)

    def quiet_play(self, action: Action) -> bool:
        """Whether the history gives a move of ``action`` no line of its own: what followed it
        tells it (:meth:`Match.history <tablecards.Match.history>`).

        For routine moves that would bury the log: Stop's "does not call Stop", three after
        every draw, whose moment the next draw or call tells already. Such a move's history
        entry has an empty ``text``; its consequences, if any, stand alone (a reader shows the
        first as the move's line). ``action`` is what the reader may see: a hidden action is
        never quiet. :meth:`describe_play` still words the move for everyone else who names
        one move (a "too late" answer). The default: no move is quiet.
        """
        return False

    def describe_event(self, event: Event, seat: int | None, names: Sequence[str]) -> str | None:
        """One event in the game's words, as ``seat`` sees it; ``None``: nothing worth saying.

        ``event`` is the version ``seat`` may see (:meth:`Event.seen_by
        <tablecards.Event.seen_by>`, as :meth:`Match.events_for <tablecards.Match.events_for>`
        gives them), so words built from its fields never tell more than the seat may know.
        ``names`` is as in :meth:`describe_play`. This is the one place where a game puts its
        events into words, for the terminal, replays and networked tables alike.

        The default never shows zone ids: a card move reads "one card goes from the deck to
        your hand: 7", "three cards go from Ann's hand to Bob's hand" (a zone reads as its kind,
        with its owner's name: the event carries both zones' owners), a turn "Ana's turn", a
        round's end its scores, any other event its name and fields ("pile won: Cleo, count
        5"). Games override it (returning ``super().describe_event(...)`` for the events they
        leave to it).
        """
        return _describe.event_words(self, event, names)

    def scene(
        self, view: Mapping[str, Any], names: Sequence[str], legal: Sequence[Action] = ()
    ) -> Mapping[str, Any] | None:
        """What ``view["seat"]`` sees, laid out for players (:func:`tablecards.scene_schema`).

        ``view`` is one seat's view (``view["seat"]`` is ``None`` for a spectator), ``names``
        the players' names (index = seat), ``legal`` the viewer's legal actions (empty when it
        may not act). Build the scene from these only, never from a state: a scene then cannot
        show what the seat may not see, and the conformance kit checks it. The page of the
        networked table and ``tablecards play`` draw it; :func:`tablecards.scene_text` prints
        it. Every text in it is words for players: names ("You" for the viewer), never JSON,
        ``null``, snake_case keys or seat numbers.

        The default returns ``None``: the game lays out no table of its own, and whoever shows
        the scene (:meth:`Match.scene <tablecards.Match.scene>`, the terminal, the networked
        table, the conformance kit) shows :func:`tablecards.generic_scene` instead: zones
        grouped by their owners, the game's extra view keys in words. A game overrides it to
        lay its table out as its players know it, often starting from
        ``generic_scene(self, view, names, legal)`` and replacing parts of it (with new ones:
        parts may be shared with other scenes of the match, never change one).

        :meth:`Match.scene <tablecards.Match.scene>` passes the view of :meth:`scene_view`,
        whose zones stay the same objects while unchanged: a scene keeps what it built from
        them with :func:`tablecards.remember`, and costs little more than its view to build.

        Example:
            >>> import tablecards
            >>> match = tablecards.Match("hit", players=3, seed=1)  # pip install tablecards-hit
            >>> scene = match.game.scene(match.view(1), ["Ann", "Bob", "Cleo"])
            >>> scene["status"], [panel["name"] for panel in scene["seats"]]
            ('Waiting for Ann', ['You', 'Cleo', 'Ann'])
        """
        return None  # the engine's generic scene: the contract names no presentation layer

    def action_catalogue(self, players: int) -> Sequence[Action] | None:
        """Every action this game can ever list for ``players`` seats, in a fixed order.

        A learning agent picks actions by their place in this list (see
        :class:`~tablecards.ActionCatalogue`), so it must hold every action
        :meth:`legal_actions` may return, once, and keep its order from version to version of
        the game. It may hold actions that are never legal. Build it from the action types and
        the ranges of their fields (cards, seats, counts), never from a state.

        The default lists one instance of each action class when none has a field (Hit!'s
        four decisions), and ``None`` otherwise: a game with fields overrides it, or it cannot
        be an environment of :mod:`tablecards.rl`.
        """
        if all(not attrs.fields(cls) for cls in self.actions):
            return tuple(cls() for cls in self.actions)
        return None

    def observation_features(self, view: Mapping[str, Any]) -> Sequence[float]:
        """Numbers a learning agent should see beyond the generic encoding of a view.

        :mod:`tablecards.rl` encodes every view as counts of card kinds per zone, zone sizes
        and the top-level numbers of :meth:`view_extra`; it appends what this returns. ``view``
        is a seat's view without its zones (they are encoded already): ``seat``, ``players``,
        ``to_act``, ``over`` and the keys of :meth:`view_extra`. Computed from it alone, the
        features cannot leak. Return the same number of values for every view of a match with
        the same number of players (one-hot phases, seats relative to ``view["seat"]``, values
        the generic encoding skips because they are strings or nested). Default: nothing.
        """
        return ()

    @classmethod
    def rules_text(cls) -> str | None:
        """The game's rules and rulings as Markdown, when the plugin ships them.

        The default reads ``rules.md`` from the package of the game's module (ship it beside
        the game's code, as package data); ``None`` when there is none.
        """
        package = cls.__module__.rpartition(".")[0] or cls.__module__
        try:
            rules = importlib.resources.files(package).joinpath("rules.md")
        except (ModuleNotFoundError, TypeError):  # a bare module is not a package
            return None
        return rules.read_text("utf-8") if rules.is_file() else None

    # -- derived ------------------------------------------------------------------------------

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), JSON-ready.

        Built in one place from zone visibility (hidden cards become counts) plus
        :meth:`view_extra`, so no game has to strip secrets by hand.
        """
        return self._view(state, seat, zone_views(zone_list(state), seat))

    def scene_view(self, state: S, seat: int | None) -> dict[str, Any]:
        """The view :meth:`tablecards.Match.scene` builds a scene from: equal to :meth:`view`,
        its zones shared :class:`~tablecards.ZoneView` objects (the same while a zone is
        unchanged, for :func:`tablecards.remember`). Read-only: the engine keeps its parts.

        A game that overrides :meth:`view` gets its own view here, unshared.
        """
        if type(self).view is not Game.view:
            return self.view(state, seat)
        return self._view(state, seat, shared_zone_views(zone_list(state), seat))

    def _view(self, state: S, seat: int | None, zones: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.name,
            "seat": seat,
            "players": state.players,
            "to_act": list(state.to_act),
            "over": state.over,
            "zones": zones,
        }
        if state.sealed or type(self).simultaneous is not Game.simultaneous:
            answers = _answers_view(self, state, seat)
            if answers is not None:
                out["answers"] = answers
        extra = self.view_extra(state, seat)
        if not RESERVED_VIEW_KEYS.isdisjoint(extra):
            clash = sorted(RESERVED_VIEW_KEYS.intersection(extra))
            raise RulesError(
                f"{self.name}'s view_extra returned the engine's reserved key(s) "
                f"{', '.join(clash)}: a game's view keys must sit beside the engine's"
            )
        out.update(extra)
        return out

    def action_types(self) -> Mapping[str, type[Action]]:
        """The game's action classes by name."""
        return {cls.__name__: cls for cls in self.actions}

    def parse_action(self, data: Mapping[str, Any] | str | bytes) -> Action:
        """A client's action data as an action of this game.

        ``data`` is the JSON form :meth:`action_json` gives (``{"type": "Raise", "bid": 1,
        "values": 1}``), as a dict or as JSON text (``str`` or ``bytes``). Fields the action
        class declares with a default (a rule-given one, such as Stop's ``plus=0``) may be
        omitted. ``parse_action(action_json(a)) == a`` for every action of the game.

        Whether the action is legal is the match's question, not this one's.

        Raises:
            MalformedAction: not JSON (or JSON giving a key twice), not an object, an unknown
                type, or missing, extra or wrong-typed fields; the message says what was
                expected.
        """
        types = _ACTION_TYPES.get(type(self))
        if types is None:
            types = _ACTION_TYPES[type(self)] = dict(self.action_types())
        return read_action(types, data)

    def action_json(self, action: Action) -> dict[str, Any]:
        """An action of this game as JSON-ready data: ``{"type": name, field: value, ...}``.

        Raises:
            MalformedAction: ``action`` is not an action of this game.
        """
        if type(action) not in self.actions:
            raise MalformedAction(f"{show(action)} is not an action of {self.name}")
        return action_to_json(action)


# The action classes by name, per game class: parse_action is called for every client message.
_ACTION_TYPES: dict[type[Game[Any]], dict[str, type[Action]]] = {}


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def declares(game: Game[Any]) -> bool:
    """Whether ``game`` has moments where everyone answers on their own (it overrides
    :meth:`Game.simultaneous <tablecards.Game.simultaneous>`)."""
    return type(game).simultaneous is not Game.simultaneous


def _answers_view(game: Game[Any], state: State, seat: int | None) -> dict[str, Any] | None:
    """The view's ``answers`` key in a moment where everyone answers on their own: who has
    chosen (``chosen``, in seat order) and the viewer's own answer (``yours``, or ``None``);
    ``None`` outside such a moment."""
    if not state.sealed and not (declares(game) and not state.over and game.simultaneous(state)):
        return None
    answers = answers_of(state)
    mine = answers.get(seat) if seat is not None else None
    return {
        "chosen": sorted(answers),
        "yours": None if mine is None else action_to_json(mine),
    }
