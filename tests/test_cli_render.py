"""Terminal rendering: the generic screen, the plugins' hooks, and per-seat event lines."""

from __future__ import annotations

import io
import types
from collections.abc import Mapping
from typing import Any

from rich.console import Console, RenderableType
from toys import SnapCard, SnapGame

import tablecards
from tablecards import CardsMoved, Match, hookimpl
from tablecards._render import describe_event, generic_event, render_view
from tablecards.cli._screen import Journal


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

    @hookimpl
    def tablecards_describe_event(game: Any, event: Mapping[str, Any]) -> str | None:
        return "a snap event" if game.name == "snap" else None

    plugin.tablecards_render_view = tablecards_render_view
    plugin.tablecards_describe_event = tablecards_describe_event
    pm = tablecards.plugin_manager(load_entrypoints=False)
    pm.register(plugin)
    snap = Match(SnapGame(), players=2, seed=1)
    assert text(render_view(pm, snap.game, snap.view(0), 0)).strip() == "SNAP TABLE for seat 0"
    assert describe_event(pm, snap.game, {"event": "Shuffled", "zone": "deck"}) == "a snap event"
    hit = Match("hit", seed=1)
    assert "what seat 0 sees" in text(render_view(pm, hit.game, hit.view(0), 0))
    assert describe_event(pm, hit.game, {"event": "Shuffled", "zone": "deck"}) == (
        "Shuffled: zone=deck"
    )


def test_hit_draws_its_own_table_through_the_installed_plugin() -> None:
    pm = tablecards.plugin_manager()
    match = Match("hit", players=3, seed=1)
    screen = text(render_view(pm, match.game, match.view(2), 2))
    assert "Hit! - round 1 of 1 - deck: 89 cards" in screen
    assert "2 (you)" in screen and "> 0" in screen
    line = describe_event(pm, match.game, {"event": "Busted", "seat": 1, "value": 4, "lost": 5})
    assert line == "seat 1 BUSTS on a 4: 5 cards go to the box (HIT-06)"


def test_journal_lines_hide_private_cards_from_other_seats() -> None:
    game = SnapGame()
    journal = Journal()
    cards = (SnapCard(0, 5), SnapCard(1, 9))
    journal.entries.append(CardsMoved("deck", "hand:1", 2, cards, to=frozenset({1})))
    assert journal.lines(game, 1, 5) == ["  2 cards deck -> hand:1 (5, 9)"]
    assert journal.lines(game, 0, 5) == ["  2 cards deck -> hand:1"]
    assert journal.lines(game, None, 5) == ["  2 cards deck -> hand:1 (5, 9)"]


def test_journal_puts_each_action_before_its_events() -> None:
    journal = Journal()
    match = Match(SnapGame(), players=2, seed=1, observers=[journal])
    match.apply(0, match.legal_actions(0)[0])
    lines = journal.lines(match.game, 0, 10)
    assert lines[0] == "  Shuffled: zone=deck"
    assert lines[1].startswith("seat 0 (you): ")
    assert lines[2].startswith("  1 card deck -> pile (")


def test_generic_event_text() -> None:
    game = SnapGame()
    assert generic_event(game, {"event": "TurnStarted", "seat": 2, "round": 3}) == (
        "seat 2 begins a turn (round 3)"
    )
    assert generic_event(game, {"event": "Snapped", "seat": 1, "count": 4}) == (
        "Snapped: seat=1 count=4"
    )


def test_generic_texts_label_cards_as_the_game_does() -> None:
    class LabelledSnap(SnapGame):
        def card_label(self, card: Mapping[str, Any]) -> str:
            return f"rank-{card['rank']}"

    moved = {
        "event": "CardsMoved",
        "src": "deck",
        "dst": "pile",
        "count": 1,
        "cards": [{"id": 5, "rank": 1}],
    }
    assert generic_event(LabelledSnap(), moved) == "1 card deck -> pile (rank-1)"
    assert generic_event(SnapGame(), moved) == "1 card deck -> pile (1)"
