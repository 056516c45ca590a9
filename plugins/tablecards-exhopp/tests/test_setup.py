"""The components and the setup of Ex & Hopp (EXH-01..EXH-07), and the game's options."""

from __future__ import annotations

from collections import Counter

import pytest

import tablecards
from tablecards import Match, UnknownOption
from tablecards_exhopp import (
    COLOUR_CARDS,
    NUMBERED,
    POINT_CARDS,
    Colour,
    ExHopp,
    ExHoppState,
    Ink,
    Lay,
    Phase,
    Propose,
)


def new_state(players: int, seed: int = 0, **options: int) -> tuple[Match, ExHoppState]:
    match = Match(ExHopp(**options), players=players, seed=seed)
    state = match.state
    assert isinstance(state, ExHoppState)
    return match, state


def test_exh01_seventy_two_numbered_cards_one_per_colour_and_value() -> None:
    """EXH-01: seventy two numbered cards one per colour and value."""
    assert len(NUMBERED) == 72
    assert Counter((card.colour, card.value) for card in NUMBERED) == Counter(
        {(colour, value): 1 for colour in Colour for value in range(1, 13)}
    )
    assert len(Colour) == 6


def test_exh02_six_colour_cards_one_per_colour() -> None:
    """EXH-02: six colour cards one per colour."""
    assert sorted(card.colour.value for card in COLOUR_CARDS) == sorted(c.value for c in Colour)


def test_exh03_eighteen_point_cards_six_red_twelve_black_and_their_sign() -> None:
    """EXH-03: eighteen point cards six red twelve black and their sign."""
    assert Counter((card.ink, card.points) for card in POINT_CARDS) == Counter(
        {
            **{(Ink.RED, points): 2 for points in (4, 5, 6)},
            **{(Ink.BLACK, points): 4 for points in (4, 5, 6)},
        }
    )
    assert {card.signed for card in POINT_CARDS if card.ink is Ink.RED} == {-4, -5, -6}
    assert {card.signed for card in POINT_CARDS if card.ink is Ink.BLACK} == {4, 5, 6}
    ids = [card.id for card in (*NUMBERED, *COLOUR_CARDS, *POINT_CARDS)]
    assert len(set(ids)) == len(ids) == 96


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_exh04_one_public_colour_each_unused_colours_boxed(players: int) -> None:
    """EXH-04: one public colour each unused colours boxed."""
    match, state = new_state(players, seed=players)
    assert len(set(state.colours)) == players
    for seat, zone in enumerate(state.colour_cards):
        assert [card.colour for card in zone.cards] == [state.colours[seat]]
    # The colour cards are face up: every seat (and a spectator) sees every colour.
    view = match.view(None)
    assert view["colours"] == [colour.value for colour in state.colours]
    assert all("cards" in view["zones"][f"colour:{seat}"] for seat in range(players))
    aside = {card.colour for card in state.colours_aside.cards}
    assert aside == set(Colour) - set(state.colours)
    assert {card.colour for card in state.box.cards} == aside
    assert len(state.box) == 12 * (6 - players)
    in_play = [card for zone in (state.stock, *state.hands) for card in zone.cards]
    assert len(in_play) == 12 * players
    assert {card.colour for card in in_play} <= set(state.colours)


def test_exh04_colours_are_dealt_at_random() -> None:
    """EXH-04: colours are dealt at random."""
    seen = {new_state(3, seed=seed)[1].colours for seed in range(20)}
    assert len(seen) > 5


@pytest.mark.parametrize("players", [2, 6])
def test_exh05_four_secret_cards_each_rest_is_the_stock(players: int) -> None:
    """EXH-05: four secret cards each rest is the stock."""
    match, state = new_state(players, seed=11)
    assert [len(hand) for hand in state.hands] == [4] * players
    assert len(state.stock) == 12 * players - 4 * players
    for seat in range(players):
        view = match.view(seat)
        assert view["zones"]["stock"] == {"count": len(state.stock)}
        for other in range(players):
            shown = view["zones"][f"hand:{other}"]
            assert ("cards" in shown) == (other == seat)
            assert shown["count"] == 4
    # Shuffled: two seeds deal different hands.
    assert new_state(players, seed=12)[1].hands[0].cards != state.hands[0].cards


def test_exh06_four_point_cards_face_up_start_the_sequences() -> None:
    """EXH-06: four point cards face up start the sequences."""
    match, state = new_state(4, seed=5)
    assert [len(slot) for slot in state.point_cards] == [1, 1, 1, 1]
    assert len(state.point_stock) == 14
    assert all(len(sequence) == 0 for sequence in state.sequences)
    view = match.view(2)
    assert "cards" in view["zones"]["point:0"] and "cards" not in view["zones"]["point_stock"]
    lays = [a for a in match.legal_actions(0) if isinstance(a, Lay) and a.sequence == 0]
    assert len(lays) == 4


def test_exh07_seat_0_starts_by_default_and_play_goes_clockwise() -> None:
    """EXH-07: seat 0 starts by default and play goes clockwise."""
    match, state = new_state(4, seed=3)
    assert match.to_act == (0,) and state.phase is Phase.TURN
    for expected in (1, 2, 3, 0, 1):
        seat = match.to_act[0]
        lay = next(a for a in match.legal_actions(seat) if isinstance(a, Lay))
        match.apply(seat, lay)
        assert match.to_act == (expected,)


def test_exh07_first_player_option() -> None:
    """EXH-07: first player option."""
    match, _ = new_state(3, first_player=2)
    assert match.to_act == (2,)
    with pytest.raises(UnknownOption, match="first_player 3 is not a seat of 3"):
        Match(ExHopp(first_player=3), players=3)
    with pytest.raises(UnknownOption, match="first_player"):
        tablecards.load_game("exhopp", first_player=-1)


def test_players_option_two_to_six_decision() -> None:
    for bad in (1, 7):
        with pytest.raises(UnknownOption, match=f"2 to 6 players, not {bad}"):
            Match(ExHopp(), players=bad)
    with pytest.raises(UnknownOption, match="colour"):
        tablecards.load_game("exhopp", colour="red")


def test_exh08_exh10_the_current_player_may_lay_any_card_anywhere_or_propose() -> None:
    # EXH-08, EXH-10: every hand card on every open sequence, plus one proposal per pair of a
    # held colour and another colour in play.
    match, state = new_state(3, seed=9)
    actions = match.legal_actions(0)
    lays = {(a.sequence, a.colour, a.value) for a in actions if isinstance(a, Lay)}
    hand = state.hands[0].cards
    assert lays == {(i, c.colour.value, c.value) for i in range(4) for c in hand}
    proposals = {(a.give, a.want) for a in actions if isinstance(a, Propose)}
    held = {card.colour for card in hand}
    assert proposals == {
        (give.value, want.value) for give in held for want in state.colours if want is not give
    }
    assert match.legal_actions(1) == ()


def test_exh06_the_nth_card_finishes_a_sequence_after_an_n() -> None:
    # EXH-06: a point card showing n needs exactly n cards; the n-th finishes the sequence.
    match, state = new_state(2, seed=4)
    need = state.point_cards[0].cards[0].points
    for laid in range(need):
        seat = match.to_act[0]
        lay = next(a for a in match.legal_actions(seat) if isinstance(a, Lay) and a.sequence == 0)
        match.apply(seat, lay)
        assert len(state.sequences[0]) == (laid + 1) % need
