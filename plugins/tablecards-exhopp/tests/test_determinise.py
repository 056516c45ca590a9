"""EXH-10: determinisations keep what an exchange tells the table, even when placed by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablecards
from tablecards import Match
from tablecards_exhopp import _determinise
from tablecards_exhopp._state import NumberCard, Phase


@pytest.mark.parametrize("tries", [1, 24])
def test_exh_10_the_exchange_colours_stay_in_the_exchangers_hands(
    monkeypatch: pytest.MonkeyPatch, tries: int
) -> None:
    """EXH-10: the proposer holds the offered colour and the accepter the wanted one, in every
    determinisation for another seat, whether the redeal found it or the card was placed."""
    monkeypatch.setattr(_determinise, "_TRIES", tries)
    checked = 0
    for seed in range(12):
        match = Match("exhopp", 6, seed)
        rng = random.Random(seed)
        while not match.is_over and checked < 400:
            state: Any = match.state
            if state.phase in (Phase.ANSWER, Phase.CHOOSE):
                others = [s for s in range(6) if s not in (state.current, state.accepter)]
                drawn: Any = tablecards.determinise(match, others[0], rng).state
                hands = drawn.hands
                assert any(c.colour is state.give for c in hands[state.current].cards)
                if state.accepter is not None:
                    assert any(c.colour is state.want for c in hands[state.accepter].cards)
                if drawn.given is not None:
                    assert any(
                        c.colour is state.give and c.value == drawn.given
                        for c in hands[state.current].cards
                    )
                assert all(type(c) is NumberCard for hand in hands for c in hand.cards)
                checked += 1
            seat = rng.choice(match.waiting_for)
            actions = match.legal_actions(seat)
            match.apply(seat, actions[rng.randrange(len(actions))])
    assert checked > 50
