"""The worked example of rules/hit.md, scripted move by move (HIT-06, HIT-07, HIT-08, HIT-09)."""

from __future__ import annotations

from collections import Counter

from tablecards import EventRecorder, Match
from tablecards_hit import DRAW_AGAIN, NO_STEAL, STEAL, HitState, StackedHit


def test_worked_example_from_the_rules() -> None:
    # Two opponents show a 1 and a 5 each; you (seat 0) start with an empty row.
    game = StackedHit(draws=[6, 1, 6, 5, 6], rows={1: [1, 5], 2: [1, 5]})
    recorder = EventRecorder()
    match = Match(game, players=3, seed=0, observers=[recorder])
    state = match.state
    assert isinstance(state, HitState)

    def row(seat: int) -> list[int]:
        return [card.value for card in state.rows[seat].cards]

    # Draw 6: no one else has a 6, so no steal is offered.
    assert row(0) == [6]
    match.apply(0, DRAW_AGAIN)
    # Draw 1: two opponents' 1s are available; decline (HIT-08), staying at two cards.
    assert row(0) == [6, 1]
    assert match.legal_actions(0) == (STEAL, NO_STEAL)
    match.apply(0, NO_STEAL)
    match.apply(0, DRAW_AGAIN)
    # Draw 6 with two cards: added (HIT-07). Row: 6, 1, 6.
    assert row(0) == [6, 1, 6]
    match.apply(0, DRAW_AGAIN)
    # Draw 5: two 5s are available from opponents; steal them (HIT-08).
    assert match.legal_actions(0) == (STEAL, NO_STEAL)
    match.apply(0, STEAL)
    assert sorted(row(0)) == [1, 5, 5, 5, 6, 6]
    assert row(1) == [1] and row(2) == [1]
    # Go on (HIT-09), draw a 6: three or more cards and already a 6, so bust (HIT-06).
    match.apply(0, DRAW_AGAIN)
    assert row(0) == []
    assert Counter(card.value for card in state.box.cards) == Counter([6, 6, 1, 5, 5, 5, 6])
    assert match.to_act == (1,)
    busts = [e for e in recorder.stream(None) if e["event"] == "Busted"]
    assert busts == [{"event": "Busted", "seat": 0, "value": 6, "lost": 7}]
