"""The terminal's screen: a scene drawn with rich, the history as lines, the summary of a long
stretch, the menu of choices and the result, all in words with names (no seat numbers)."""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console, RenderableType
from toys import SnapGame

from tablecards import Match
from tablecards.cli._screen import history_lines, player_names, result_lines, summarise
from tablecards.table._render import menu, render_scene


def text(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def played(game: Any, moves: int, players: int = 3, seed: int = 2) -> Match:
    match = Match(game, players=players, seed=seed)
    while match.moves < moves and not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    return match


def test_the_screen_shows_visible_cards_and_only_counts_of_hidden_ones() -> None:
    match = played(SnapGame(), 3)
    screen = text(render_scene(match.scene(1, ["Ann", "Bob", "Cleo"])))
    deck = len(match.state.zone("deck"))
    assert f"Deck: {deck} cards face down" in screen
    pile = match.state.zone("pile").cards
    assert f"Pile: {pile[-1].rank} on top, {len(pile)} cards" in screen  # a pile: its top card
    # The others first, the table, then "You" at the bottom, as players sit.
    assert screen.index("Cleo") < screen.index("Table") < screen.index("You")
    assert "Ann" in screen and "Bob" not in screen


def test_the_screen_paints_cards_in_their_colour() -> None:
    match = Match("hattrick", players=4, seed=1)
    console = Console(file=io.StringIO(), width=120, color_system="truecolor", force_terminal=True)
    console.print(render_scene(match.scene(0)))
    painted = console.file.getvalue()  # type: ignore[attr-defined]
    hand = match.view(0)["zones"]["hand:0"]["cards"]
    colours = {card["colour"] for card in hand}
    assert "red" in colours
    # Each label in the hand is printed with an escape code before it (its colour).
    red = next(card for card in hand if card["colour"] == "red")
    label = re.escape(f"red {red['value']}")
    assert re.search(rf"\x1b\[[0-9;]*m{label}", painted)


def test_history_lines_put_each_action_before_its_consequences() -> None:
    match = played(SnapGame(), 2, players=2, seed=1)
    lines = history_lines(match, 0, player_names(2))
    assert lines[:2] == ["The match begins", "  The deck is shuffled"]
    assert lines[2].startswith("You: flip")
    assert lines[3].startswith("  One card goes from the deck to the pile: ")
    assert lines[4].startswith("Player 2: flip")
    later = history_lines(match, 0, player_names(2), since=2)
    assert later == lines[4:]


def test_history_lines_never_name_a_seat_by_number() -> None:
    match = played("hit", 12, players=3, seed=4)
    for seat in (0, 1, 2, None):
        lines = history_lines(match, seat, player_names(3))
        assert not [line for line in lines if re.search(r"\bseat \d", line, re.IGNORECASE)]
    assert any(line.startswith("Player 2 ") for line in history_lines(match, 0, player_names(3)))


def test_summarise_counts_repeats_and_cuts_the_oldest() -> None:
    assert summarise(["a", "a", "b"]) == ["a (x2)", "b"]
    lines = ["Player 2 draws a card", "Player 3 passes"] * 10 + [f"line {n}" for n in range(20)]
    short = summarise(lines, limit=8)
    assert len(short) == 9 and short[0].startswith("... 14 earlier lines")
    assert short[-1] == "line 19"
    assert summarise([*lines[:20], "end"], limit=8) == [
        "Player 2 draws a card (x10)",
        "Player 3 passes (x10)",
        "end",
    ]


def test_the_menu_flattens_groups_and_two_step_choices_in_order() -> None:
    groups: list[dict[str, Any]] = [
        {"title": None, "choices": [{"text": "pass", "act": {"type": "Pass"}}]},
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
    assert menu(groups) == [
        (None, "pass", {"type": "Pass"}),
        ("Share out", "purple 4: to Bob", {"type": "Give", "to": 1}),
        ("Share out", "purple 4: to you", {"type": "Give", "to": 0}),
    ]


def test_the_result_names_the_players() -> None:
    match = played("hit", 10_000, players=3, seed=3)
    result = match.result
    assert result is not None
    lines = result_lines(match, ["Ann", "Bob", "Cleo"])
    assert lines[0].startswith(f"Match over after {result.moves} actions. Final scores: Ann ")
    winners = [["Ann", "Bob", "Cleo"][seat] for seat in result.winners]
    assert lines[1] == f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}"
    mine = result_lines(match, player_names(3), humans=(result.winners[0],))
    assert "You win" in mine[-1] and "You " in mine[0]
    assert not [line for line in mine if re.search(r"\bseat \d", line, re.IGNORECASE)]
