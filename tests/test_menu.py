"""One menu for text clients (tablecards.choice_menu / read_choice): what ``scene_text`` shows
is what the reader reads.

For every position of seeded matches of the four games (each seat that may act, Stop's
auctions and share-outs included), every number and every choice text the scene text prints
reads back as exactly the action it shows, walking the two-step choices; and the text path
raises what the match would (UnknownSeat, MatchOver, NotYourTurn, the rule's IllegalAction),
and a MalformedAction for anything malformed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablecards
from tablecards import (
    ChoiceMenu,
    IllegalAction,
    MalformedAction,
    Match,
    MatchOver,
    NotYourTurn,
    UnknownSeat,
)

GAMES = ["hit", "stop", "exhopp", "hattrick"]
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
#: Seeds per player count: with these, every kind of decision of every game is met (checked).
SEEDS = 3


def names_of(match: Match) -> list[str]:
    return NAMES[: match.players]


def forgiving(text: str) -> str:
    """The text as a player might type it: other case, no punctuation, spaces around."""
    return "  " + "".join(ch for ch in text.upper() if ch.isalnum() or ch == " ") + " "


def check_position(match: Match, seat: int, met: dict[str, set[int]]) -> int:
    """Every number and text of ``seat``'s scene text reads back as its action; returns how
    many paths were read."""
    names = names_of(match)
    scene = match.scene(seat, names)
    text = tablecards.scene_text(scene)
    menu = tablecards.choice_menu(match, seat, names)
    # The scene text prints exactly the menu's lines, last (wrapped at its width).
    assert " ".join(text.split()).endswith(" ".join(" ".join(menu.lines()).split()))
    read = 0
    for path in menu.paths():
        shown = path[-1].act
        assert shown is not None
        expected = match.parse_action(shown)
        numbers = [str(choice.number) for choice in path]
        texts = [choice.text for choice in path]
        forms = [" ".join(numbers), ".".join(numbers), "/".join(numbers), " / ".join(texts)]
        if len(path) == 1:
            forms += [f"{numbers[0]}.", f" {numbers[0]} ", texts[0], forgiving(texts[0])]
        else:
            forms += [" > ".join(forgiving(t) for t in texts), f"{numbers[0]} / {texts[1]}"]
        for form in forms:
            assert tablecards.read_choice(match, seat, form, names, menu=menu) == expected, form
        if not read:  # once per position without the menu given: the reader builds it
            assert tablecards.read_choice(match, seat, forms[0], names) == expected
        if len(path) > 1:  # a first step alone asks for its second
            with pytest.raises(MalformedAction, match="opens a second step"):
                tablecards.read_choice(match, seat, numbers[0], names, menu=menu)
        met.setdefault(type(expected).__name__, set()).add(len(path))
        read += 1
    return read


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_number_and_text_scene_text_shows_reads_back_as_its_action(name: str) -> None:
    game = tablecards.load_game(name)
    met: dict[str, set[int]] = {}
    read = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(SEEDS):
            match = Match(game, players=players, seed=seed)
            rng = random.Random(seed)
            while not match.is_over:
                for seat in match.to_act:
                    read += check_position(match, seat, met)
                seat = rng.choice(match.waiting_for or match.to_act)
                match.apply(seat, rng.choice(match.legal_actions(seat)))
    # Every kind of decision of the game was met (Stop's two-step raises and gifts too).
    assert set(met) == set(game.action_types()), met
    if name == "stop":
        assert 2 in met["Raise"] and 2 in met["Give"], met
    assert read > 100


def stop_auction() -> tuple[Match, int, ChoiceMenu]:
    """A Stop match at a seat's auction decision with a two-step raise."""
    match = Match("stop", players=4, seed=3)
    rng = random.Random(3)
    while True:
        for seat in match.to_act:
            menu = tablecards.choice_menu(match, seat, NAMES[:4])
            if any(choice.then is not None for choice in menu.choices):
                return match, seat, menu
        seat = rng.choice(match.waiting_for or match.to_act)
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def test_a_two_step_choice_reads_as_numbers_texts_or_a_start() -> None:
    match, seat, menu = stop_auction()
    step = next(choice for choice in menu.choices if choice.then is not None)
    assert step.then is not None
    first = step.then.choices[0]
    assert first.act is not None
    raised = match.parse_action(first.act)
    n = step.number
    for text in (f"{n} 1", f"{n}.1", f"{n}, 1", f"{n} > 1", f"{step.text} / {first.text}"):
        assert tablecards.read_choice(match, seat, text, NAMES[:4]) == raised, text
    # What read_command reads today is still read: the typed form and the JSON.
    typed = " ".join(f"{key}={value}" for key, value in first.act.items() if key != "type")
    assert tablecards.read_choice(match, seat, f"Raise {typed}", NAMES[:4]) == raised
    with pytest.raises(MalformedAction, match="opens a second step") as info:
        tablecards.read_choice(match, seat, str(n), NAMES[:4])
    assert first.text in info.value.reason  # the second step's choices, in words
    with pytest.raises(MalformedAction, match="is not on the menu"):
        tablecards.read_choice(match, seat, f"{n} 99", NAMES[:4])
    with pytest.raises(MalformedAction, match="nothing follows it"):
        tablecards.read_choice(match, seat, f"{n} 1 1", NAMES[:4])


def test_an_ambiguous_text_lists_the_candidates_in_words() -> None:
    match, seat, menu = stop_auction()
    texts = [choice.text for choice in menu.choices]
    starts = [text for text in texts if text.lower().startswith("b")]
    if len(starts) < 2:  # this position has one bid or none: use two choices' common start
        pytest.fail(f"the seeded position has no two choices starting alike: {texts}")
    with pytest.raises(MalformedAction, match="could be any of") as info:
        tablecards.read_choice(match, seat, "b", NAMES[:4])
    for text in starts:
        assert text in info.value.reason


def test_the_words_players_see_in_hit_are_read() -> None:
    # The examples: the choice's text as shown, a start of it, "2.", the type in words.
    match = Match("hit", players=2, seed=1)
    names = ["Ann", "Bob"]
    draw, end = match.legal_actions(0)
    shown = tablecards.choice_menu(match, 0, names).choices[1].text
    assert shown == "End your turn (your row is banked at your next turn)"
    for text, expected in [
        (shown, end),
        ("2.", end),
        (" 2 ", end),
        ("draw", draw),
        ("end turn", end),
        ("END YOUR TURN", end),
        ("EndTurn", end),
        ('{"type": "EndTurn"}', end),
    ]:
        assert tablecards.read_choice(match, 0, text, names) == expected, text


def test_a_real_move_the_rules_forbid_is_refused_with_its_rule() -> None:
    # STOP-06: Stop! is called only during the draw: "call Stop!" in the auction names the
    # move, and the match refuses it with the rule rather than "not understood".
    match, seat, _ = stop_auction()
    with pytest.raises(IllegalAction) as info:
        tablecards.read_choice(match, seat, "call Stop!", NAMES[:4])
    assert info.value.rule == "STOP-06" and info.value.seat == seat
    # HIT-09: nothing to steal at the start of a turn.
    hit = Match("hit", players=3, seed=1)
    with pytest.raises(IllegalAction) as stolen:
        tablecards.read_choice(hit, 0, "steal")
    assert stolen.value.rule == "HIT-09"


def test_the_red_token_holder_calling_stop_hears_the_rule() -> None:
    # STOP-06: the red-token holder may not call Stop!; the text says so, as the match does.
    match = Match("stop", players=3, seed=4)
    rng = random.Random(4)
    while True:
        state: Any = match.state
        holder = state.red
        if state.phase.value == "draw" and match.moves > 0:
            break
        seat = rng.choice(match.waiting_for or match.to_act)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    expected: type[Exception] = IllegalAction if holder in match.to_act else NotYourTurn
    with pytest.raises(expected) as info:
        match.clone().apply(holder, match.parse_action({"type": "CallStop"}))
    with pytest.raises(expected) as read:
        tablecards.read_choice(match, holder, "call Stop!")
    assert read.value.rule == info.value.rule == "STOP-06"  # type: ignore[attr-defined]
    assert read.value.reason == info.value.reason  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["1", "2.", "end your turn", "EndTurn", "banana", ""])
def test_out_of_turn_after_the_end_and_unknown_seats_are_the_matchs_errors(text: str) -> None:
    match = Match("hit", players=3, seed=1)
    with pytest.raises(NotYourTurn) as info:
        tablecards.read_choice(match, 1, text)
    assert info.value.seat == 1 and info.value.to_act == (0,)
    with pytest.raises(NotYourTurn):
        tablecards.read_command(match, 1, text)
    for seat in (3, -1, True):
        with pytest.raises(UnknownSeat):
            tablecards.read_choice(match, seat, text)
        with pytest.raises(UnknownSeat):
            tablecards.read_command(match, seat, text)
    over = Match("hit", players=3, seed=1)
    tablecards.play(over, [tablecards.RandomBot()] * 3, seed=1)
    for seat in range(3):
        with pytest.raises(MatchOver):
            tablecards.read_choice(over, seat, text)
        with pytest.raises(MatchOver):
            tablecards.read_command(over, seat, text)


@pytest.mark.parametrize(
    "text",
    [
        "9" * 5000,
        "Bid value=" + "9" * 5000 + " count=1",
        "1 " * 600,
        "x" * 10_000_000,
        "banana",
        "",
        "   ",
        "0",
        "-1",
        None,
    ],
)
def test_malformed_text_is_a_malformed_action(text: Any) -> None:
    match = Match("stop", players=4, seed=2)
    seat = match.to_act[0]
    with pytest.raises(MalformedAction):
        tablecards.read_choice(match, seat, text)
    with pytest.raises(MalformedAction):
        tablecards.read_command(match, seat, text)


def test_a_huge_number_in_a_typed_field_is_malformed_not_a_value_error() -> None:
    # Python refuses to read an int of over 4,300 digits (a ValueError): the parser refuses
    # the line in words before any field is read.
    game = tablecards.load_game("stop")
    with pytest.raises(MalformedAction):
        tablecards.parse_command(game, "Bid value=" + "9" * 5000 + " count=1", [])


def test_the_menu_of_a_scene_is_the_scene_texts_choices() -> None:
    groups: list[dict[str, Any]] = [
        {"title": None, "choices": [{"text": "Pass", "act": {"type": "Pass"}}]},
        {
            "title": "Share out",
            "choices": [
                {
                    "text": "purple 4",
                    "then": {
                        "title": None,
                        "choices": [
                            {"text": "to Bob", "act": {"type": "Give", "to": 1}},
                            {"text": "to you", "act": {"type": "Give", "to": 0}},
                        ],
                    },
                }
            ],
        },
    ]
    menu = ChoiceMenu.from_groups(groups)
    assert menu.lines() == [
        "1. Pass",
        "Share out:",
        "2. purple 4",
        "    1. to Bob",
        "    2. to you",
    ]
    scene = {"title": "T", "actions": groups}
    assert tablecards.scene_text(scene).splitlines()[-5:] == ["  " + x for x in menu.lines()]
    assert [c.text for c in menu.find("2 2") or ()] == ["purple 4", "to you"]
    assert [c.text for c in menu.find("purple 4 > to bob") or ()] == ["purple 4", "to Bob"]
    assert [c.text for c in menu.find("2") or ()] == ["purple 4"]  # the step, opened
    assert menu.find("nothing of the kind") is None
    assert [[c.text for c in path] for path in menu.paths()] == [
        ["Pass"],
        ["purple 4", "to Bob"],
        ["purple 4", "to you"],
    ]
