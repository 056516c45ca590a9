"""One menu for text clients: a seat's choices numbered as :func:`tablecards.scene_text` shows
them, and the reader of what a player types back.

A scene's choices (:meth:`Match.scene <tablecards.Match.scene>`, ``"actions"``) come in groups,
and a choice may open a second step (Stop's raise: which bid, then with which cards). The menu
numbers them as the scene text prints them: from 1 across the groups, and from 1 again inside a
step, printed under the choice that opens it::

    1. Pass
    2. Raise Ann's bid (3)
        Raise Ann's bid (3):
        1. with one +1 (to 4)

:class:`ChoiceMenu` is that numbering; :func:`tablecards.scene_text` prints its
:meth:`~ChoiceMenu.lines`, so the two cannot drift apart. :func:`read_choice` reads a reply:

- a number (``"2"``, ``"2."``, ``" 2 "``); a two-step choice as its path of numbers
  (``"2 1"``, ``"2.1"``, ``"2/1"``), or one number per message where the host keeps the step
  (:meth:`ChoiceMenu.find` tells it that a number opened one);
- a choice's text as the scene shows it, forgiving case, spaces and punctuation, or a unique
  start of it (``"raise ann"``); a second step after ``/`` or ``>`` (``"Raise Ann's bid (3) /
  with one +1"``), or alone where it is the only one of its words;
- the typed forms of :func:`tablecards.read_command`: an action's type with its fields
  (``Raise bid=0 values=0 plus=1``), its JSON, the words of :meth:`Game.describe
  <tablecards.Game.describe>`.

The text path raises what the match would: :class:`~tablecards.UnknownSeat`,
:class:`~tablecards.MatchOver` and :class:`~tablecards.NotYourTurn` before the text is read,
the match's :class:`~tablecards.IllegalAction` for a real move the rules forbid now, and a
:class:`~tablecards.MalformedAction` that says what to type for anything else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from tablecards.core._errors import MalformedAction
from tablecards.table._commands import (
    bounded_text,
    menu_text,
    refuse_out_of_turn,
    typed_action,
)
from tablecards.words import names_for

if TYPE_CHECKING:
    from tablecards.core._actions import Action
    from tablecards.play._match import Match

__all__ = ["ChoiceMenu", "MenuChoice", "choice_menu", "read_choice"]


@attrs.frozen(eq=False)
class MenuChoice:
    """One numbered choice of a :class:`ChoiceMenu`: an action, or a step that opens a menu."""

    #: Its number in its menu, from 1 (numbers run on across the menu's groups).
    number: int
    #: The text the scene shows: "Raise Ann's bid (3)", "with one +1 (to 4)".
    text: str
    #: The title of its group ("Share out"), or ``None``.
    title: str | None
    #: The action's JSON (:meth:`Match.parse_action <tablecards.Match.parse_action>` reads
    #: it), or ``None`` for a first step.
    act: Mapping[str, Any] | None
    #: The second step a first step opens, or ``None`` for an action.
    then: ChoiceMenu | None = None
    _key: str = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_key", _key(self.text))


@attrs.frozen(eq=False)
class ChoiceMenu:
    """A seat's choices numbered as :func:`tablecards.scene_text` prints them.

    Build it from a scene (:meth:`from_scene`) or with :func:`choice_menu`. ``groups`` are
    the scene's groups of choices, each a title (or ``None``) and its choices; a step's menu
    (:class:`MenuChoice`'s ``then``) has one group.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=2, seed=1)  # pip install tablecards-hit
        >>> menu = tablecards.choice_menu(match, 0, ["Ann", "Bob"])
        >>> menu.lines()
        ['1. Draw again', '2. End your turn (your row is banked at your next turn)']
        >>> [choice.text for choice in menu.find("2.")]
        ['End your turn (your row is banked at your next turn)']
    """

    groups: tuple[tuple[str | None, tuple[MenuChoice, ...]], ...] = ()
    _choices: tuple[MenuChoice, ...] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        flat = tuple(choice for _, choices in self.groups for choice in choices)
        object.__setattr__(self, "_choices", flat)

    @classmethod
    def from_scene(cls, scene: Mapping[str, Any]) -> ChoiceMenu:
        """The menu of a scene's choices (``scene["actions"]``; none for a spectator)."""
        return cls.from_groups(scene.get("actions", ()))

    @classmethod
    def from_groups(cls, groups: Iterable[Mapping[str, Any]]) -> ChoiceMenu:
        """The menu of a scene's groups of choices (the scene's ``"actions"``)."""
        made: list[tuple[str | None, tuple[MenuChoice, ...]]] = []
        number = 0
        for group in groups:
            title = group.get("title")
            choices = []
            for choice in group.get("choices", ()):
                number += 1
                then = choice.get("then")
                choices.append(
                    MenuChoice(
                        number,
                        choice["text"],
                        title,
                        None if then is not None else choice["act"],
                        None if then is None else cls.from_groups([then]),
                    )
                )
            made.append((title, tuple(choices)))
        return cls(tuple(made))

    @property
    def choices(self) -> tuple[MenuChoice, ...]:
        """Every choice of the menu, in number order (choice ``n`` is ``choices[n - 1]``)."""
        return self._choices

    def lines(self) -> list[str]:
        """The menu as :func:`tablecards.scene_text` prints it: "1. Pass", a group's title
        line ("Share out:") before its choices, a step's menu under its first step, indented
        by four spaces."""
        out: list[str] = []
        for title, choices in self.groups:
            if title:
                out.append(f"{title}:")
            for choice in choices:
                out.append(f"{choice.number}. {choice.text}")
                if choice.then is not None:
                    out.extend("    " + line for line in choice.then.lines())
        return out

    def paths(self) -> Iterator[tuple[MenuChoice, ...]]:
        """Every action of the menu as the path of choices that leads to it, in menu order:
        ``(choice,)`` for an action, ``(first step, second step)`` for a two-step one."""
        for choice in self.choices:
            if choice.then is None:
                yield (choice,)
            else:
                for rest in choice.then.paths():
                    yield (choice, *rest)

    def find(self, text: str) -> tuple[MenuChoice, ...] | None:
        """The path of choices that ``text`` names in this menu, or ``None`` when it names
        none (a typed form, a word of nothing: :func:`read_choice` reads those).

        The path may end at a first step (its ``then`` is not ``None``) when
        the text names the step only ("2", "Raise Ann's bid"): a host that keeps the step
        shows its menu and reads the next reply in it; :func:`read_choice` asks for both.

        Raises:
            MalformedAction: the text is longer than the bound, numbers a choice that is not
                there ("9" of eight), goes on after an action ("1 2" when 1 is one), or reads
                as several choices (the reason lists them).
        """
        text = bounded_text(text).strip()
        if not text:
            return None
        if _NUMBERS.fullmatch(text):
            return self._numbered(_DIGITS.findall(text))
        found = self._exact(_key(text), text)
        if found is None:
            parts = [part for part in _STEP.split(text) if part.strip()]
            if len(parts) > 1:
                found = self._walk(parts)
        return found

    def find_start(self, text: str) -> tuple[MenuChoice, ...] | None:
        """The choice of this menu whose text starts as ``text`` does (case, spaces and
        punctuation ignored), or ``None``.

        Raises:
            MalformedAction: several choices start so (the reason lists them).
        """
        wanted = _key(bounded_text(text))
        if not wanted:
            return None
        return _one([(c,) for c in self.choices if c._key.startswith(wanted)], text)

    def _numbered(self, numbers: Sequence[str]) -> tuple[MenuChoice, ...]:
        level: ChoiceMenu = self
        path: list[MenuChoice] = []
        for index, digits in enumerate(numbers):
            choices = level.choices
            number = int(digits) if len(digits) <= 9 else 0
            if not 1 <= number <= len(choices):
                where = f" of {path[-1].text}" if path else ""
                raise MalformedAction(
                    f"{_brief(digits)} is not on the menu{where}: "
                    f"type a number from 1 to {len(choices)}"
                )
            choice = choices[number - 1]
            path.append(choice)
            if choice.then is None:
                if index + 1 < len(numbers):
                    raise MalformedAction(
                        f"{number} ({choice.text}) is a choice by itself: nothing follows it"
                    )
                break
            level = choice.then
        return tuple(path)

    def _exact(self, wanted: str, text: str) -> tuple[MenuChoice, ...] | None:
        # A choice's own text first; then a whole path's texts run together ("Raise Ann's
        # bid (3) with one +1 (to 4)"); then a second step named alone, where no other
        # step reads the same.
        found = _one([(c,) for c in self.choices if c._key == wanted], text)
        if found is None:
            deep = [path for path in self.paths() if len(path) > 1]
            found = _one([p for p in deep if "".join(c._key for c in p) == wanted], text)
            if found is None:
                found = _one([p for p in deep if p[-1]._key == wanted], text)
        return found

    def _walk(self, parts: Sequence[str]) -> tuple[MenuChoice, ...] | None:
        level: ChoiceMenu | None = self
        path: list[MenuChoice] = []
        for typed in parts:
            if level is None:
                raise MalformedAction(f"{path[-1].text} is a choice by itself: nothing follows it")
            part = typed.strip()
            step: tuple[MenuChoice, ...] | None
            if _NUMBERS.fullmatch(part):
                step = level._numbered(_DIGITS.findall(part))
            else:
                wanted = _key(part)
                step = _one([(c,) for c in level.choices if c._key == wanted], part)
                if step is None:
                    step = level.find_start(part)
            if step is None:
                return None
            path.extend(step)
            level = path[-1].then
        return tuple(path)


def _one(paths: Sequence[tuple[MenuChoice, ...]], text: str) -> tuple[MenuChoice, ...] | None:
    """The one path of ``paths``, ``None`` for none; several read alike: a MalformedAction
    that lists them in words."""
    if len(paths) <= 1:
        return paths[0] if paths else None
    listed = "; ".join(" / ".join(choice.text for choice in path) for path in paths[:12])
    more = f" (and {len(paths) - 12} more)" if len(paths) > 12 else ""
    raise MalformedAction(f"{_brief(text)!r} could be any of: {listed}{more}: say which")


def _brief(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:37]}..."


#: A path of numbers: "2", "2.", " 2 ", "5 2", "5.2", "5/2", "5 > 2", "5, 2".
_NUMBERS: Final = re.compile(r"\d+(?:\s*[.,/>:]\s*\d+|\s+\d+)*\s*\.?")
_DIGITS: Final = re.compile(r"\d+")
#: What separates the steps of a choice typed as words: "Raise Ann's bid (3) / with one +1".
_STEP: Final = re.compile(r"\s*(?:/|>|\N{RIGHTWARDS ARROW})\s*")
#: What a choice's comparison ignores: everything but letters and digits.
_NOT_ALNUM: Final = re.compile(r"[\W_]+")


def _key(text: str) -> str:
    return _NOT_ALNUM.sub("", text.casefold())


def choice_menu(match: Match, seat: int, names: Sequence[str] | None = None) -> ChoiceMenu:
    """The choices of ``seat`` now, numbered as :func:`tablecards.scene_text` prints them.

    Built from the seat's scene (:meth:`Match.scene <tablecards.Match.scene>` with the same
    ``names``), as the scene text is: empty when the seat may not act.

    Raises:
        UnknownSeat: ``seat`` is not a seat of the match.
    """
    return ChoiceMenu.from_scene(match.scene(seat, names))


def read_choice(
    match: Match,
    seat: int,
    text: str,
    names: Sequence[str] | None = None,
    *,
    menu: ChoiceMenu | None = None,
) -> Action:
    """The legal action of ``seat`` that ``text`` names, or the library's error saying why not.

    ``text`` is read against the menu :func:`tablecards.scene_text` shows the seat
    (:func:`choice_menu`): the same numbers, the same two steps.
    ``names`` are the players' names the scene was shown with (as in :meth:`Match.scene
    <tablecards.Match.scene>`); ``menu`` the menu itself when the host has it already. A
    two-step choice needs both steps: ``"5 2"``, ``"5.2"``, ``"5/2"``, or its texts joined
    by ``/``; a host that keeps no state between messages passes them so. The text is read
    as (first match wins): a path of numbers; a choice's text (case, spaces and punctuation
    ignored); a typed form of :func:`tablecards.read_command` (a type with its fields, JSON,
    the words of :meth:`Game.describe <tablecards.Game.describe>`); the unique start of a
    choice's text. The match itself is never changed: apply the action returned.

    Example:
        >>> import tablecards
        >>> match = tablecards.Match("hit", players=2, seed=1)  # pip install tablecards-hit
        >>> print(tablecards.scene_text(match.scene(0, ["Ann", "Bob"])).splitlines()[-2])
          1. Draw again
        >>> tablecards.read_choice(match, 0, "1.", ["Ann", "Bob"])
        DrawAgain()
        >>> tablecards.read_choice(match, 0, "end your turn", ["Ann", "Bob"])
        EndTurn()
        >>> try:
        ...     tablecards.read_choice(match, 1, "1")
        ... except tablecards.NotYourTurn as error:
        ...     print(error.seat, error.to_act)
        1 (0,)

    Raises:
        UnknownSeat: ``seat`` is not a seat of the match (checked first).
        MatchOver: the match has ended.
        MalformedAction: the text is not a string or is longer than 1,000 characters
            (checked before it is read); it names no choice, names a first step without its second,
            or could be several choices (the reason lists them in words).
        NotYourTurn: ``seat`` may not act now (with the game's reason and rule when the text
            names an action the game explains).
        IllegalAction: the text names a real move that the rules forbid now (Stop's
            red-token holder typing "call Stop!"), with its reason and rule.
    """
    refuse_out_of_turn(match, seat, text)
    text = bounded_text(text)
    if menu is None:
        menu = choice_menu(match, seat, names)
    if not text.strip():
        raise MalformedAction(f"nothing was typed: {_hint(menu)}")
    path = menu.find(text)
    action: Action | None = None
    if path is None:
        try:
            action = _typed(match, seat, text, names)
        except MalformedAction as error:
            # "raise bob" reads as a Raise without its fields, but starts one choice only.
            path = menu.find_start(text)
            if path is None:
                raise error from None
    if action is None and path is None:
        path = menu.find_start(text)
    if action is None:
        if path is None:
            raise MalformedAction(f"{_brief(text.strip())!r} is not a choice: {_hint(menu)}")
        last = path[-1]
        if last.then is not None or last.act is None:
            raise MalformedAction(_step_hint(path))
        action = match.parse_action(last.act)
    legal = match.legal_actions(seat)
    if action not in legal:
        match.clone().apply(seat, action)  # raises the refusal the match would give
    return action


def _typed(match: Match, seat: int, text: str, names: Sequence[str] | None) -> Action | None:
    """The action typed as :func:`tablecards.read_command` reads it (not by number)."""
    game = match.game
    legal = match.legal_actions(seat)
    # The words of Game.describe as the scene speaks them: the viewer is "you".
    shown = names if names is not None else [f"Player {n + 1}" for n in range(match.players)]
    words = names_for(shown, seat)
    action = typed_action(game, text, legal, words)
    if action is not None:
        return action
    wanted = _key(text)
    return next((a for a in legal if _key(menu_text(game, a, words)) == wanted), None)


def _hint(menu: ChoiceMenu) -> str:
    if not menu.choices:
        return "there is nothing to choose now"
    return (
        f"type a number from 1 to {len(menu.choices)}, a choice's text, or an action's type "
        "with its fields"
    )


def _step_hint(path: Sequence[MenuChoice]) -> str:
    step = path[-1]
    then = step.then.choices if step.then is not None else ()
    numbers = " ".join(str(choice.number) for choice in path)
    options = "; ".join(f"{choice.number}. {choice.text}" for choice in then)
    return (
        f"{step.text} opens a second step: add its number or its text after a slash, as in "
        f"{numbers} 1 or {numbers}.1: {options}"
    )
