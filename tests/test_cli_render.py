"""Terminal rendering and words: the generic screen, the plugins' screens, the games' words
(``Game.describe_event``/``describe_play``), per-seat log lines and their summary."""

from __future__ import annotations

import io
import types
from collections.abc import Mapping
from typing import Any

from rich.console import Console, RenderableType
from toys import SnapCard, SnapGame

import tablecards
from tablecards import CardsMoved, Match, RoundEnded, Shuffled, TurnStarted, hookimpl
from tablecards._render import render_view
from tablecards.cli._screen import Journal, seat_names, summarise


def text(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def row(screen: str, zone: str) -> list[str]:
    for line in screen.splitlines():
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if cells[0] == zone:
            return cells
    raise AssertionError(f"no row {zone!r} in\n{screen}")


def test_the_generic_screen_shows_visible_cards_and_only_counts_of_hidden_ones() -> None:
    match = Match(SnapGame(), players=3, seed=2)
    for _ in range(3):
        match.apply(match.to_act[0], match.legal_actions(match.to_act[0])[0])
    screen = text(render_view(None, match.game, match.view(1), 1))
    deck = next(zone for zone in match.state.zones() if zone.name == "deck")
    assert row(screen, "deck") == ["deck", str(len(deck)), "(hidden)"]
    pile = " ".join(str(card.rank) for card in match.state.pile.cards)  # type: ignore[attr-defined]
    assert row(screen, "pile") == ["pile", "3", pile]
    assert "what seat 1 sees" in screen and "current" in screen


def test_a_plugin_rendering_wins_and_other_games_fall_back() -> None:
    plugin = types.SimpleNamespace()

    @hookimpl
    def tablecards_render_view(game: Any, view: Mapping[str, Any], seat: int | None) -> Any:
        return f"SNAP TABLE for seat {seat}" if game.name == "snap" else None

    plugin.tablecards_render_view = tablecards_render_view
    pm = tablecards.plugin_manager(load_entrypoints=False)
    pm.register(plugin)
    snap = Match(SnapGame(), players=2, seed=1)
    assert text(render_view(pm, snap.game, snap.view(0), 0)).strip() == "SNAP TABLE for seat 0"
    hit = Match("hit", seed=1)
    assert "what seat 0 sees" in text(render_view(pm, hit.game, hit.view(0), 0))


def test_hit_draws_its_own_table_through_the_installed_plugin() -> None:
    pm = tablecards.plugin_manager()
    match = Match("hit", players=3, seed=1)
    screen = text(render_view(pm, match.game, match.view(2), 2))
    assert "Hit! - round 1 of 1 - deck: 89 cards" in screen
    assert "2 (you)" in screen and "> 0" in screen
    assert "HIT-" not in screen  # rule IDs only on request


NAMES = ["Ana", "Ben", "you"]


def test_journal_lines_hide_private_cards_from_other_seats() -> None:
    game = SnapGame()
    journal = Journal()
    cards = (SnapCard(0, 5), SnapCard(1, 9))
    journal.entries.append(CardsMoved("deck", "hand:1", 2, cards, to=frozenset({1})))
    assert journal.lines(game, 1, seat_names(3, 1)) == [
        "  Two cards go from the deck to your hand: 5, 9"
    ]
    assert journal.lines(game, 0, NAMES) == ["  Two cards go from the deck to a hand"]
    assert journal.lines(game, None, NAMES) == ["  Two cards go from the deck to Ben's hand: 5, 9"]


def test_journal_puts_each_action_before_its_events() -> None:
    journal = Journal()
    match = Match(SnapGame(), players=2, seed=1, observers=[journal])
    match.apply(0, match.legal_actions(0)[0])
    lines = journal.lines(match.game, 0, seat_names(2, 0))
    assert lines[0] == "  The deck is shuffled"
    assert lines[1].startswith("You: ")
    assert lines[2].startswith("  One card goes from the deck to the pile: ")


def test_the_generic_words_never_show_zone_ids() -> None:
    game = SnapGame()
    assert game.describe_event(TurnStarted(2, 3), 0, NAMES) == "your turn"
    assert game.describe_event(TurnStarted(0), 2, NAMES) == "Ana's turn"
    assert game.describe_event(Shuffled("hand:2"), 2, NAMES) == "a hand is shuffled"
    assert game.describe_event(RoundEnded(1, (3, 0, 5)), None, NAMES) == (
        "round 1 ends: Ana 3, Ben 0, you 5"
    )
    moved = CardsMoved("row:0", "loot:2", 1)
    assert game.describe_event(moved, 1, NAMES) == "one card goes from a row to a loot"


def test_the_generic_words_name_seats_in_a_games_own_events() -> None:
    from tablecards_tutorial import PileWon

    class Quiet(SnapGame):  # a game with no words of its own for PileWon
        pass

    assert Quiet().describe_event(PileWon(1, 4), 0, NAMES) == "pile won: seat Ben, count 4"


def test_the_generic_log_line_of_a_play_and_of_a_secret_one() -> None:
    game = SnapGame()
    action = game.actions[0]()
    assert game.describe_play(2, None, NAMES) == "you make a secret choice"
    assert game.describe_play(0, None, NAMES) == "Ana makes a secret choice"
    assert game.describe_play(1, action, NAMES) == f"Ben: {game.describe(action)}"


def test_summarise_tells_once_what_several_seats_did_in_a_row() -> None:
    lines = ["  Seat 1 draws a card", "  Seat 2 draws a card", "  You draw a 3", "Seat 3 passes"]
    assert summarise(lines) == ["  Draws a card: seats 1 and 2", "  You draw a 3", "Seat 3 passes"]
    # The same seat twice is a repeat, not a group; different indents are different kinds.
    assert summarise(["Seat 1 passes", "Seat 1 passes"]) == ["Seat 1 passes (x2)"]
    assert summarise(["Seat 1 passes", "  Seat 2 passes"]) == ["Seat 1 passes", "  Seat 2 passes"]


def test_summarise_counts_repeats_and_cuts_the_oldest() -> None:
    assert summarise(["a", "a", "b"]) == ["a (x2)", "b"]
    lines = ["Seat 1 draws a card", "Seat 2 passes"] * 10 + [f"line {n}" for n in range(20)]
    short = summarise(lines, limit=8)
    assert len(short) == 9 and short[0].startswith("... 14 earlier lines")
    assert short[-1] == "line 19"
    assert summarise([*lines[:20], "end"], limit=8) == [
        "Seat 1 draws a card (x10)",
        "Seat 2 passes (x10)",
        "end",
    ]


def test_generic_texts_label_cards_as_the_game_does() -> None:
    class LabelledSnap(SnapGame):
        def card_label(self, card: Mapping[str, Any]) -> str:
            return f"rank-{card['rank']}"

    moved = CardsMoved("deck", "pile", 1, (SnapCard(5, 1),))
    assert LabelledSnap().describe_event(moved, 0, NAMES) == (
        "one card goes from the deck to the pile: rank-1"
    )
    assert (
        SnapGame().describe_event(moved, 0, NAMES) == "one card goes from the deck to the pile: 1"
    )


def test_stop_screen_shows_bids_tokens_and_who_passed() -> None:
    """STOP-11, STOP-13: the bids on the table with their totals, and the seats that passed."""
    pm = tablecards.plugin_manager()
    match = Match("stop", players=4, seed=3)
    while match.view(0)["phase"] != "auction":
        seat, actions = next(
            (seat, match.legal_actions(seat)) for seat in match.to_act if match.legal_actions(seat)
        )
        calls = [action for action in actions if type(action).__name__ == "CallStop"]
        match.apply(seat, (calls or list(actions))[0])  # call Stop as soon as one may
    view = match.view(0)
    bidder = next(seat for seat, bid in enumerate(view["bids"]) if bid)
    screen = text(render_view(pm, match.game, view, 0))
    row_of_bidder = next(line for line in screen.splitlines() if line.startswith(f"│ {bidder} "))
    assert str(view["bids"][bidder]["total"]) in row_of_bidder
    assert "Your hand:" in screen and "The auction: highest bid" in screen
    assert "passed" not in screen
    view["passed"] = [2]  # the form Stop 0.2 gives: the seats that passed
    assert "passed" in text(render_view(pm, match.game, view, 0))


def test_exhopp_screen_shows_an_exchange_as_each_seat_may_know_it() -> None:
    """EXH-10: the value chosen for an exchange is on the chooser's screen only."""
    import random

    pm = tablecards.plugin_manager()
    match = Match("exhopp", players=4, seed=1)
    rng = random.Random(1)
    while True:  # play until a proposer has chosen its card and the accepter has not
        view = match.view(None)
        exchange = view["exchange"]
        if exchange and exchange["accepter"] is not None and len(match.to_act) == 1:
            break
        seat = match.to_act[0]
        actions = list(match.legal_actions(seat))
        accepts = [a for a in actions if type(a).__name__ in {"Propose", "Accept"}]
        match.apply(seat, (accepts or actions)[0] if rng.random() < 0.9 else rng.choice(actions))
    chooser = next(s for s in (exchange["proposer"], exchange["accepter"]) if s not in match.to_act)
    others = [s for s in range(4) if s != chooser]
    mine = text(render_view(pm, match.game, match.view(chooser), chooser))
    assert "Exchange:" in mine and "you chose your" in mine
    for other in others:
        screen = text(render_view(pm, match.game, match.view(other), other))
        assert "Exchange:" in screen and "chose your" not in screen
