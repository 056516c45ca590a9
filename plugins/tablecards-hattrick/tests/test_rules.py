"""Hattrick rules, one test (or more) per rule ID of rules/hattrick.md."""

from __future__ import annotations

from collections import Counter

import pytest

import tablecards
from tablecards import EventRecorder, IllegalAction, Match, RoundEnded
from tablecards_hattrick import (
    DECK,
    PASSES,
    PLAYS,
    ArrangedHattrick,
    Colour,
    HatCard,
    Hattrick,
    HattrickState,
    TrickLed,
    card,
    cards,
)


def state_of(match: Match) -> HattrickState:
    state = match.state
    assert isinstance(state, HattrickState)
    return state


def names(zone: tablecards.Zone[HatCard]) -> list[str]:
    return [f"{c.colour.value[0].upper()}{c.value}" for c in zone.cards]


def play(match: Match, seat: int, name: str) -> None:
    match.apply(seat, PLAYS[card(name).id])


def show(match: Match, seat: int, name: str) -> None:
    match.apply(seat, PASSES[card(name).id])


def round_scores(recorder: EventRecorder) -> list[tuple[int, ...]]:
    return [event.scores for event in recorder.events if isinstance(event, RoundEnded)]


# -- HAT-01 -------------------------------------------------------------------------------------


def test_hat_01_sixty_cards_three_colours_values_1_to_20_no_two_alike() -> None:
    """HAT-01: sixty cards three colours values 1 to 20 no two alike."""
    assert len(DECK) == 60
    assert Counter(c.colour for c in DECK) == dict.fromkeys(Colour, 20)
    for colour in Colour:
        assert sorted(c.value for c in DECK if c.colour is colour) == list(range(1, 21))
    assert len({(c.colour, c.value) for c in DECK}) == 60
    assert [c.id for c in DECK] == list(range(60))
    state = state_of(Match(Hattrick(), players=4, seed=1))
    assert sorted(c.id for c in state.cards()) == list(range(60))


# -- HAT-02 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(4, 15), (5, 12), (6, 10)])
def test_hat_02_all_sixty_cards_dealt_15_12_or_10_each(players: int, each: int) -> None:
    """HAT-02: all sixty cards dealt 15 12 or 10 each."""
    state = state_of(Match(Hattrick(), players=players, seed=3))
    assert [len(hand) for hand in state.hands] == [each] * players
    assert len(state.deck) == 0
    assert sum(len(hand) for hand in state.hands) == 60


def test_hat_02_the_deal_is_shuffled_with_the_seeded_rng() -> None:
    """HAT-02: the deal is shuffled with the seeded rng."""

    def deal(seed: int) -> list[list[int]]:
        return [[c.id for c in h.cards] for h in state_of(Match(Hattrick(), 4, seed)).hands]

    assert deal(5) == deal(5)
    assert deal(5) != deal(6)
    assert deal(5) != [list(range(i, 60, 4)) for i in range(4)]  # not the unshuffled deal


def test_hat_02_hands_are_secret_in_views_and_event_streams() -> None:
    """HAT-02: hands are secret in views and event streams."""
    recorder = EventRecorder()
    match = Match(Hattrick(), players=4, seed=2, observers=[recorder])
    state = state_of(match)
    for _ in range(8):
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    own = match.view(0)["zones"]["hand:0"]
    assert [c["id"] for c in own["cards"]] == [c.id for c in state.hands[0].cards]
    for other in (1, 2, 3, None):
        seen = match.view(other)["zones"]["hand:0"]
        assert seen == {"count": len(state.hands[0]), "owner": 0}
    # Seat 0's cards still in hand never reach another seat's stream (the deal included).
    secret = {c.id for c in state.hands[0].cards}
    for other in (1, 2, 3, None):
        for event in recorder.stream(other):
            ids = {c["id"] for c in event.get("cards", ())}
            assert not ids & secret, (other, event)
    # ...but do reach seat 0's own stream, from the deal.
    dealt = {c["id"] for e in recorder.stream(0) if e.get("dst") == "hand:0" for c in e["cards"]}
    assert secret <= dealt


# -- HAT-03 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "players", "leader"), [(0, 4, 1), (2, 5, 3), (5, 6, 0)])
def test_hat_03_dealers_left_leads_then_clockwise(dealer: int, players: int, leader: int) -> None:
    """HAT-03: dealers left leads then clockwise."""
    match = Match(Hattrick(first_dealer=dealer), players=players, seed=1)
    assert state_of(match).dealer == dealer
    assert match.to_act == (leader,)
    seat = leader
    for _ in range(players - 1):
        match.apply(seat, match.legal_actions(seat)[0])
        seat = (seat + 1) % players
        assert match.to_act == (seat,)


def test_hat_03_first_dealer_must_be_a_seat() -> None:
    """HAT-03: first dealer must be a seat."""
    with pytest.raises(tablecards.UnknownOption, match="first_dealer 4"):
        Match(Hattrick(first_dealer=4), players=4)
    Match(Hattrick(first_dealer=4), players=5)


# -- HAT-04 -------------------------------------------------------------------------------------


def four_hands(**hands: str) -> dict[int, str]:
    return {int(seat[1:]): names for seat, names in hands.items()}


def test_hat_04_the_leader_plays_any_card_and_opens_the_first_pile() -> None:
    """HAT-04: the leader plays any card and opens the first pile."""
    game = ArrangedHattrick(
        four_hands(s0="G1 G2 G3", s1="R10 B4 G17", s2="R1 R2 R3", s3="B1 B2 B3")
    )
    match = Match(game, players=4, seed=0)
    state = state_of(match)
    assert match.to_act == (1,)
    assert set(match.legal_actions(1)) == {PLAYS[c.id] for c in cards("R10 B4 G17")}
    with pytest.raises(IllegalAction, match="HAT-05"):
        show(match, 1, "G17")  # the leader may not pass
    play(match, 1, "G17")
    assert names(state.piles[0]) == ["G17"]
    assert names(state.piles[1]) == []
    assert match.to_act == (2,)


# -- HAT-05 -------------------------------------------------------------------------------------


def test_hat_05_with_one_pile_play_its_colour_or_open_a_second_never_pass() -> None:
    """HAT-05: with one pile play its colour or open a second never pass."""
    game = ArrangedHattrick(four_hands(s0="G1 G2 G3", s1="R10 B4 G7", s2="R1 B2 G4", s3="B1 B3 G5"))
    match = Match(game, players=4, seed=0)
    state = state_of(match)
    play(match, 1, "R10")
    assert set(match.legal_actions(2)) == {PLAYS[c.id] for c in cards("R1 B2 G4")}
    with pytest.raises(IllegalAction, match="only when two piles are open"):
        show(match, 2, "G4")
    play(match, 2, "R1")  # the colour of the pile: on the pile
    assert names(state.piles[0]) == ["R10", "R1"]
    play(match, 3, "B3")  # another colour: opens the second pile
    assert names(state.piles[1]) == ["B3"]
    assert state.pile_seats == ((1, 2), (3,))


def test_hat_05_third_colour_never_played_pass_by_choice_shows_it() -> None:
    """HAT-05: third colour never played pass by choice shows it."""
    game = ArrangedHattrick(
        four_hands(s0="G1 R5 B6", s1="R10 G2 G3", s2="B10 G4 G5", s3="R1 R2 R3")
    )
    match = Match(game, players=4, seed=0)
    state = state_of(match)
    play(match, 1, "R10")
    play(match, 2, "B10")
    play(match, 3, "R1")
    # Seat 0 holds red and blue cards, and a green one: it may play or pass by choice.
    assert set(match.legal_actions(0)) == {PLAYS[card("R5").id], PLAYS[card("B6").id]} | {
        PASSES[card("G1").id]
    }
    before = match.to_json()
    with pytest.raises(IllegalAction, match=r"third colour.*HAT-05|HAT-05") as info:
        play(match, 0, "G1")
    assert info.value.rule == "HAT-05"
    with pytest.raises(IllegalAction, match="third colour") as info:
        show(match, 0, "R5")  # a pass shows a card of the third colour only
    assert info.value.rule == "HAT-05"
    assert match.to_json() == before  # rejected actions leave the match untouched
    show(match, 0, "G1")
    assert names(state.penalties[0]) == ["G1"]
    # The penalty card is face down but was shown: everyone knows it.
    assert [c["id"] for c in match.view(2)["zones"]["penalty:0"]["cards"]] == [card("G1").id]
    assert names(state.hands[0]) == ["R5", "B6"]


def test_hat_05_must_pass_without_a_pile_colour_must_play_without_a_third() -> None:
    """HAT-05: must pass without a pile colour must play without a third."""
    game = ArrangedHattrick(
        four_hands(s0="R2 B3 B4", s1="R10 G2 G3", s2="B10 G4 G5", s3="G1 G6 G7")
    )
    match = Match(game, players=4, seed=0)
    play(match, 1, "R10")
    play(match, 2, "B10")
    # Seat 3 holds only green: it must pass, showing one of its green cards.
    assert set(match.legal_actions(3)) == {PASSES[c.id] for c in cards("G1 G6 G7")}
    show(match, 3, "G6")
    # Seat 0 holds no green card: it may not pass, it must play on a pile.
    assert set(match.legal_actions(0)) == {PLAYS[c.id] for c in cards("R2 B3 B4")}
    with pytest.raises(IllegalAction, match="not in your hand"):
        show(match, 0, "G7")


# -- HAT-06 -------------------------------------------------------------------------------------


def seven_trick(leader_card: str, *others: str) -> Match:
    """Four seats, leader 1; hands of three so that another trick follows (no round end)."""
    played = [leader_card, *others]  # seats 1, 2, 3, 0
    hands = {}
    for step, name in enumerate(played):
        seat = (1 + step) % 4
        filler = f"G{2 * seat + 1} G{2 * seat + 2}" if not name.startswith("G") else ""
        hands[seat] = f"{name} {filler}".strip()
    # Hands with a green played card get two low red fillers instead.
    for seat, hand in hands.items():
        if len(hand.split()) == 1:
            hands[seat] = f"{hand} R{seat + 1} R{seat + 5}"
    match = Match(ArrangedHattrick(hands), players=4, seed=0)
    for step, name in enumerate(played):
        play(match, (1 + step) % 4, name)
    return match


def test_hat_06_highest_card_of_each_pile_takes_it_face_up_by_colour() -> None:
    """HAT-06: highest card of each pile takes it face up by colour."""
    match = seven_trick("R15", "B18", "R3", "B2")
    state = state_of(match)
    assert names(state.won_zone(1, Colour.RED)) == ["R15", "R3"]
    assert names(state.won_zone(2, Colour.BLUE)) == ["B18", "B2"]
    assert all(len(pile) == 0 for pile in state.piles)
    assert sum(len(zone) for zone in state.won) == 4
    # Won cards are public: another seat (and a spectator) sees them.
    for seat in (0, None):
        seen = match.view(seat)["zones"]["won:2:blue"]["cards"]
        assert [c["id"] for c in seen] == [card("B18").id, card("B2").id]


def test_hat_06_one_pile_has_a_single_winner() -> None:
    """HAT-06: one pile has a single winner."""
    match = seven_trick("R5", "R12", "R20", "R1")
    state = state_of(match)
    assert sorted(names(state.won_zone(3, Colour.RED))) == ["R1", "R12", "R20", "R5"]
    assert sum(len(zone) for zone in state.won) == 4


def test_hat_06_the_trick_ends_only_when_everyone_has_acted() -> None:
    """HAT-06: the trick ends only when everyone has acted."""
    game = ArrangedHattrick(
        four_hands(s0="R2 B3 B4", s1="R10 G2 G3", s2="B10 G4 G5", s3="G1 G6 G7")
    )
    match = Match(game, players=4, seed=0)
    state = state_of(match)
    play(match, 1, "R10")
    play(match, 2, "B10")
    show(match, 3, "G1")
    assert len(state.piles[0]) == 1 and len(state.piles[1]) == 1  # seat 0 has yet to act
    play(match, 0, "B4")
    assert names(state.won_zone(1, Colour.RED)) == ["R10"]
    assert names(state.won_zone(2, Colour.BLUE)) == ["B10", "B4"]


# -- HAT-07 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "leads"),
    [
        # The highest card of the trick, over both piles: blue 18 (seat 2) over red 15 (seat 1).
        (("R15", "B18", "R3", "B2"), 2),
        (("B18", "R15", "R3", "B2"), 1),
        # Equal tops (18): the second-highest cards decide, red 12 > blue 5; red's top is seat 2.
        (("B18", "R18", "R12", "B5"), 2),
        (("B18", "R18", "R5", "B12"), 1),
        # Red runs out (only 18) while every compared card was equal: the longer blue pile's top.
        (("R18", "B18", "B7", "B3"), 2),
        (("B18", "R18", "B7", "B3"), 1),
    ],
)
def test_hat_07_highest_card_leads_with_the_pile_comparison_tie_break(
    played: tuple[str, ...], leads: int
) -> None:
    """HAT-07: highest card leads with the pile comparison tie break."""
    match = seven_trick(*played)
    assert match.to_act == (leads,)
    assert state_of(match).leader == leads


@pytest.mark.parametrize(
    ("played", "leads"),
    [
        # Red 18, 7 against blue 18, 7: the same length too; whose top card was played first.
        (("R7", "B18", "R18", "B7"), 2),  # seat 2's blue 18 before seat 3's red 18
        (("R18", "B7", "B18", "R7"), 1),  # the leader's red 18 first
        (("B7", "R7", "R18", "B18"), 3),  # seat 3's red 18 before seat 0's blue 18
    ],
)
def test_hat_07_decision_everything_equal_first_played_top_card_leads(
    played: tuple[str, ...], leads: int
) -> None:
    """HAT-07: decision everything equal first played top card leads."""
    match = seven_trick(*played)
    assert match.to_act == (leads,)


# -- HAT-08, HAT-09 -----------------------------------------------------------------------------

# Seat 0 has won 9 red, 2 blue and 4 green and laid one penalty card: the example of HAT-09.
EXAMPLE = {
    "won": {0: "R1 R2 R3 R4 R5 R6 R7 R8 R9 B1 B2 G1 G2 G3 G4"},
    "penalties": {0: "G5"},
    # The last trick: seat 1 leads blue 20, seat 2 opens green with 20, seat 3 adds green 19,
    # seat 0 loses with blue 19. The cards left in hand (red 20 ...) are never played.
    "hands": {0: "B19 R10", 1: "B20 R20", 2: "G20 R19", 3: "G19 R18"},
}


def example_match(**options: object) -> tuple[Match, EventRecorder]:
    recorder = EventRecorder()
    game = ArrangedHattrick(**EXAMPLE, **options)  # type: ignore[arg-type]
    match = Match(game, players=4, seed=0, observers=[recorder])
    for seat, name in ((1, "B20"), (2, "G20"), (3, "G19"), (0, "B19")):
        play(match, seat, name)
    return match, recorder


def test_hat_08_round_ends_when_every_hand_holds_one_card_which_never_counts() -> None:
    """HAT-08: round ends when every hand holds one card which never counts."""
    match, recorder = example_match(rounds=1)
    state = state_of(match)
    assert match.is_over
    assert [len(hand) for hand in state.hands] == [1, 1, 1, 1]
    assert names(state.hands[1]) == ["R20"]  # not played, in no pile, not won
    # Seat 1 won blue 20 and 19 only: +2; its red 20 would have made a difference.
    assert round_scores(recorder) == [(1, 2, 2, 0)]


def test_hat_08_the_next_round_starts_with_a_fresh_deal() -> None:
    """HAT-08: the next round starts with a fresh deal."""
    match, _ = example_match(rounds=2)
    state = state_of(match)
    assert not match.is_over
    assert state.round == 2
    assert [len(hand) for hand in state.hands] == [15] * 4
    assert all(len(zone) == 0 for zone in (*state.won, *state.penalties, *state.piles))


def test_hat_08_hand_sizes_stay_equal_trick_after_trick() -> None:
    """HAT-08: hand sizes stay equal trick after trick."""
    match = Match(Hattrick(rounds=1), players=5, seed=8)
    state = state_of(match)
    sizes = []
    while not match.is_over:
        seat = match.to_act[0]
        if seat == state.leader and not state.piles[0].cards:
            sizes.append({len(hand) for hand in state.hands})
        actions = match.legal_actions(seat)
        match.apply(seat, actions[len(actions) // 2])
    assert sizes == [{size} for size in range(12, 1, -1)]  # 11 tricks, then one card each
    assert [len(hand) for hand in state.hands] == [1] * 5


def test_hat_09_worked_example_9_minus_2_minus_4_minus_2_is_1() -> None:
    """HAT-09: worked example 9 minus 2 minus 4 minus 2 is 1."""
    match, recorder = example_match(rounds=1)
    state = state_of(match)
    assert Counter(c.colour for zone in state.won[:3] for c in zone.cards) == {
        Colour.RED: 9,
        Colour.BLUE: 2,
        Colour.GREEN: 4,
    }
    assert len(state.penalties[0]) == 1
    assert round_scores(recorder)[0][0] == 9 - 2 - 4 - 2 == 1
    result = match.result
    assert result is not None and result.scores[0] == 1


@pytest.mark.parametrize(
    ("won", "penalties", "score"),
    [
        ("R1 R2 R3 B1 B2 B3 G1", "", 3 - 3 - 1),  # a tie for most: either colour, the same
        ("G1 G2 B1", "R1 R2", 2 - 1 - 4),  # penalty cards count -2 whatever their colour
        ("", "", 0),
        ("B1 B2 B3 B4 R1", "", 4 - 1),  # the positive colour is the most-won one, not red
    ],
)
def test_hat_09_majority_colour_plus_one_others_minus_one_penalty_minus_two(
    won: str, penalties: str, score: int
) -> None:
    """HAT-09: majority colour plus one others minus one penalty minus two."""
    hands = {0: "G19 R19", 1: "B20 B19", 2: "G20 G18", 3: "B18 R18"}
    game = ArrangedHattrick(hands, won={3: won}, penalties={3: penalties})
    recorder = EventRecorder()
    match = Match(game, players=4, seed=0, observers=[recorder])
    for seat, name in ((1, "B20"), (2, "G20"), (3, "B18"), (0, "G19")):
        play(match, seat, name)
    # Seat 3 won nothing in the trick: its round score is its arranged cards'.
    assert round_scores(recorder)[0][3] == score


# -- HAT-10 -------------------------------------------------------------------------------------


def test_hat_10_totals_add_up_and_the_dealer_moves_left() -> None:
    """HAT-10: totals add up and the dealer moves left."""
    recorder = EventRecorder()
    match = Match(Hattrick(first_dealer=3), players=5, seed=4, observers=[recorder])
    dealers: list[int] = []
    state = state_of(match)
    while not match.is_over:
        starting = state.trick == 1 and not state.piles[0].cards and state.current == state.leader
        if starting and (not dealers or dealers[-1] != state.dealer):
            dealers.append(state.dealer)
        seat = match.to_act[0]
        match.apply(seat, match.legal_actions(seat)[0])
    assert dealers == [(3 + r) % 5 for r in range(10)]
    first_leaders = [e.seat for e in recorder.events if isinstance(e, TrickLed) and e.trick == 1]
    assert first_leaders == [(dealer + 1) % 5 for dealer in dealers]
    scores = round_scores(recorder)
    totals = tuple(sum(column) for column in zip(*scores, strict=True))
    result = match.result
    assert result is not None and result.scores == totals == state.totals


def test_hat_10_arranged_round_adds_to_earlier_totals() -> None:
    """HAT-10: arranged round adds to earlier totals."""
    match, _ = example_match(rounds=2, totals=(10, -3, 0, 4))
    state = state_of(match)
    assert state.totals == (11, -1, 2, 4)
    assert state.dealer == 1 and match.to_act == (2,)


# -- HAT-11 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5, 6])
def test_hat_11_twice_as_many_rounds_as_players_highest_total_wins(players: int) -> None:
    """HAT-11: twice as many rounds as players highest total wins."""
    recorder = EventRecorder()
    match = Match(Hattrick(), players=players, seed=players, observers=[recorder])
    tablecards.play(match, [tablecards.RandomBot()] * players, seed=1)
    result = match.result
    assert result is not None and not result.truncated
    assert result.rounds == 2 * players
    assert len(round_scores(recorder)) == 2 * players
    best = max(result.scores)
    assert result.winners == tuple(s for s, v in enumerate(result.scores) if v == best)


def test_hat_11_decision_equal_highest_totals_share_the_win() -> None:
    """HAT-11: decision equal highest totals share the win."""
    match, _ = example_match(rounds=1)  # round scores (1, 2, 2, 0)
    result = match.result
    assert result is not None
    assert result.scores == (1, 2, 2, 0)
    assert result.winners == (1, 2)


def test_hat_11_the_last_round_ends_the_game() -> None:
    """HAT-11: the last round ends the game."""
    match, _ = example_match(rounds=3, round=3, totals=(5, 0, 0, 0))
    result = match.result
    assert match.is_over and result is not None
    assert result.rounds == 3 and result.scores == (6, 2, 2, 0) and result.winners == (0,)


# -- HAT-12 -------------------------------------------------------------------------------------


def test_hat_12_target_ends_the_game_after_the_round_reaching_it() -> None:
    """HAT-12: target ends the game after the round reaching it."""
    # Round scores (1, 2, 2, 0): seat 1 reaches 3.
    match, _ = example_match(target=3, totals=(0, 1, 0, 0))
    result = match.result
    assert match.is_over and result is not None
    assert result.scores == (1, 3, 2, 0) and result.winners == (1,)


def test_hat_12_target_not_reached_the_game_goes_on() -> None:
    """HAT-12: target not reached the game goes on."""
    match, _ = example_match(target=4, totals=(0, 1, 0, 0))
    assert not match.is_over
    assert state_of(match).round == 2


def test_hat_12_decision_highest_total_wins_not_the_first_to_reach() -> None:
    """HAT-12: decision highest total wins not the first to reach."""
    # Both seat 1 (3) and seat 2 (2) reach the target 2: the highest wins.
    match, _ = example_match(target=2, totals=(0, 1, 0, 0))
    result = match.result
    assert result is not None and result.winners == (1,)
    # Equal highest totals share the win.
    match, _ = example_match(target=2)
    result = match.result
    assert result is not None and result.scores == (1, 2, 2, 0) and result.winners == (1, 2)


def test_hat_12_target_games_run_past_the_default_round_count() -> None:
    """HAT-12: target games run past the default round count."""
    recorder = EventRecorder()
    game = Hattrick(target=80)
    match = Match(game, players=4, seed=3, observers=[recorder])
    bots = [tablecards.registry().bot("hattrick", "heuristic").factory(game, s) for s in range(4)]
    tablecards.play(match, bots, seed=3)
    result = match.result
    assert result is not None and not result.truncated
    running = [0, 0, 0, 0]
    reached_at = None
    for index, scores in enumerate(round_scores(recorder)):
        running = [t + s for t, s in zip(running, scores, strict=True)]
        if max(running) >= 80:
            reached_at = index + 1
            break
    assert reached_at == result.rounds
    assert result.rounds > 8  # not the default 2 x 4 rounds
