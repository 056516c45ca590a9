"""Stop through the Match API and the registry: atomic rejection, determinism, saves, undo,
clones, options, the packaged rules, and the heuristic bot against random bots."""

from __future__ import annotations

import json
import random

import pytest

import tablecards
from tablecards import IllegalAction, Match, NotYourTurn, SaveError, UnknownOption
from tablecards.testing import check_replays, check_resumes, check_undo
from tablecards_stop import (
    CALL_STOP,
    DECLINE,
    PASS,
    ArrangedStop,
    Bid,
    Give,
    GiveRest,
    HeuristicBot,
    Raise,
    Stop,
    StopCard,
    hand_strength,
)


def random_match(seed: int, players: int = 4, stop_after: int | None = None) -> Match:
    match = Match(Stop(), players=players, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and (stop_after is None or match.moves < stop_after):
        able = [seat for seat in match.to_act if match.legal_actions(seat)]
        seat = able[rng.randrange(len(able))]
        actions = match.legal_actions(seat)
        match.apply(seat, actions[rng.randrange(len(actions))])
    return match


def test_stop_is_registered_with_its_heuristic_bot_and_ships_its_rules() -> None:
    assert "stop" in tablecards.available_games()
    game = tablecards.load_game("stop", tokens_to_win=4)
    assert isinstance(game, Stop) and game.options.tokens_to_win == 4
    assert tablecards.registry().bot("stop", "heuristic").factory is HeuristicBot
    text = Stop.rules_text()
    assert text is not None
    assert all(f"STOP-{n:02d}" in text for n in range(1, 22))


def test_unknown_option_and_bad_values_give_clear_errors() -> None:
    with pytest.raises(UnknownOption, match="colour.*options of 'stop': first_player"):
        tablecards.load_game("stop", colour="red")
    with pytest.raises(UnknownOption, match="tokens_to_win"):
        tablecards.load_game("stop", tokens_to_win="six")
    with pytest.raises(UnknownOption, match="3 to 6 players, not 7"):
        Match(Stop(), players=7)


def test_out_of_turn_and_illegal_actions_leave_the_match_unchanged() -> None:
    cut = 6
    match = random_match(3, stop_after=cut)
    while len(match.to_act) == 4:  # find a moment where some seat is not asked
        cut += 1
        match = random_match(3, stop_after=cut)
    before = match.to_json()
    waiting = next(seat for seat in range(4) if seat not in match.to_act)
    with pytest.raises(NotYourTurn):
        match.apply(waiting, PASS)
    seat = match.to_act[0]
    for bogus in (Raise(9, 1, 0), Raise(0, -1, 2), Bid(7, 1), Bid(2, 10**6), Give(2, -1)):
        if bogus not in match.legal_actions(seat):
            with pytest.raises(IllegalAction):
                match.apply(seat, bogus)
    for bogus2 in (object(), "Pass", tablecards.Action()):
        with pytest.raises(IllegalAction, match="not an action of stop"):
            match.apply(seat, bogus2)  # type: ignore[arg-type]
    assert match.to_json() == before


def test_same_seed_and_actions_give_byte_identical_json() -> None:
    check_replays(random_match(21))
    assert random_match(21).to_json() != random_match(22).to_json()


@pytest.mark.parametrize("cut", [0, 1, 9, 30])
def test_saved_mid_game_loaded_and_finished_ends_as_the_uninterrupted_match(cut: int) -> None:
    check_resumes(random_match(8), cut)


def test_a_tampered_save_is_refused() -> None:
    data = json.loads(random_match(6, stop_after=20).to_json())
    data["state"]["tokens"] = [6, 0, 0, 0]
    with pytest.raises(SaveError, match="does not match its replayed log"):
        Match.from_json(json.dumps(data))


def test_undo_and_clone() -> None:
    check_undo(random_match(12, stop_after=30), 5)


def test_describe_names_each_decision() -> None:
    game = Stop()
    assert game.describe(CALL_STOP) == "call Stop!"
    assert game.describe(DECLINE) == "do not call Stop"
    assert game.describe(Bid(3, 2)) == "bid two 3s (= 6)"
    # Without names a seat is "player N", counted from 1, never a 0-based number.
    assert game.describe(Raise(1, 1, 2)) == "raise player 2's bid with one value card and two +1s"
    assert game.describe(Give(1, 2)) == "give a +1 to player 3"
    names = ["Ana", "you", "Cleo"]
    assert game.describe(Raise(1, 1, 0), names) == "raise your bid with one value card"
    assert game.describe(Give(4, 2), names) == "give a 4 to Cleo"


# -- the heuristic bot -----------------------------------------------------------------------------


@pytest.mark.slow
def test_heuristic_bot_beats_three_random_bots_clearly() -> None:
    report = tablecards.simulate(
        Stop(),
        players=4,
        bots=["heuristic", "random", "random", "random"],
        games=1000,
        seed=2026,
        bot_seed=2026,
    )
    heuristic = report.by_bot[0]
    print(
        f"heuristic win rate over 1000 4-player games vs 3 random bots: {heuristic.win_rate:.3f}"
        f" (95% CI {heuristic.ci95[0]:.3f}-{heuristic.ci95[1]:.3f}), truncated {report.truncated}"
    )
    assert heuristic.ci95[0] > 1 / 4  # clearly, not by luck
    assert report.truncated == 0


def choose(match: Match, seat: int) -> tablecards.Action:
    bot = HeuristicBot(match.game, seat)
    view = json.loads(json.dumps(match.view(seat)))  # plain JSON: no way back to the state
    return bot.choose(view, match.legal_actions(seat), random.Random(0))


def test_heuristic_bot_calls_with_a_strong_hand_and_declines_a_weak_one() -> None:
    assert hand_strength([3, 3, 3, 1, 2]) == 10 and hand_strength([1, 1]) == 0
    strong = Match(ArrangedStop(hands={1: [4, 4, 4], 2: [2]}, red=0), players=3, seed=0)
    assert choose(strong, 1) == CALL_STOP
    weak = Match(ArrangedStop(hands={1: [2], 2: [3, 3, 3, 4]}, red=0), players=3, seed=0)
    assert choose(weak, 1) == DECLINE


def test_heuristic_bot_leads_cheaply_passes_when_leading_and_keeps_the_table() -> None:
    match = Match(ArrangedStop(hands={1: [3, 3, 2], 2: [4, 2, "+1"]}, red=0), players=3, seed=0)
    match.apply(1, CALL_STOP)
    assert choose(match, 1) == Bid(2, 1)  # the smallest opening keeps cards for later
    match.apply(1, Bid(3, 1))
    # Seat 2 leads alone with the fewest cards: one 4 (4 > 3).
    assert choose(match, 2) == Bid(4, 1)
    match.apply(2, Bid(4, 1))
    assert choose(match, 2) == PASS  # leading alone
    assert choose(match, 1) == Raise(1, 1, 0)  # 6 > 4 with one card
    match.apply(1, Raise(1, 1, 0))
    # Seat 2 cannot lead or tie with its own bid (a +1 makes 5 < 6): it passes rather than
    # put its +1 on seat 1's bid.
    assert match.legal_actions(2) == (PASS, Raise(1, 0, 1))
    assert choose(match, 2) == PASS
    match.apply(2, PASS)
    # STOP-13: seat 2 stays asked; with nothing new on the table it keeps its pass.
    assert 2 in match.to_act and choose(match, 2) == PASS
    match.apply(1, PASS)
    # STOP-15: it keeps the whole table, in one move.
    assert match.to_act == (1,) and choose(match, 1) == GiveRest(1)
    match.apply(1, GiveRest(1))
    assert all(not zone.cards for zone in match.state.bids)  # type: ignore[attr-defined]


def test_every_stop_event_and_play_reads_in_words() -> None:
    recorder = tablecards.EventRecorder()
    match = Match(Stop(), players=4, seed=5, observers=[recorder])
    tablecards.play(match, [tablecards.RandomBot()] * 4, seed=5)
    names = ["you", "Ben", "Cleo", "Dan"]
    kinds = set()
    for event in recorder.events:
        seen = event.seen_by(0)
        if seen is None:
            continue
        text = match.game.describe_event(seen, 0, names)
        if text is not None:
            assert "=" not in text and ":0" not in text and "hand:" not in text, text
            assert "cards(s)" not in text and "1 cards" not in text, text
            kinds.add(type(event).__name__)
    assert {"StopCalled", "BidPlaced", "RoundWon", "GameWon", "CardsMoved"} <= kinds
    for seat, action in match.log:
        line = match.game.describe_play(seat, action, names)
        assert line.startswith(names[seat] + " ") and "(" not in line, line
    assert match.game.describe_play(2, CALL_STOP, names) == "Cleo calls Stop!"
    assert match.game.describe_play(0, PASS, names) == "you pass"
    assert match.game.describe_play(1, Raise(0, 1, 1), names) == (
        "Ben adds one value card and one +1 to your bid"
    )


def test_stop_04_a_draw_shows_the_card_to_its_owner_only() -> None:
    """STOP-04: the card drawn into a hand is secret; the others read that a card was drawn."""
    card = tablecards.CardsMoved(
        "pack:1", "hand:1", 1, (StopCard(3, 1, "blue"),), to=frozenset({1})
    )
    names = ["Ana", "you", "Cleo"]
    game = Stop()
    own, other = card.seen_by(1), card.seen_by(0)
    assert own is not None and other is not None
    assert game.describe_event(own, 1, names) == "you draw a +1"
    assert game.describe_event(other, 0, ["you", "Ben", "Cleo"]) == "Ben draws a card"


def test_stop_01_screens_show_plus_cards_as_plus_one() -> None:
    """STOP-01: a "+1" card reads "+1" on screens, a value card its value."""
    game = Stop()
    assert game.card_label({"id": 20, "value": 1, "colour": "blue"}) == "+1 blue"
    assert game.card_label({"id": 3, "value": 4, "colour": "red"}) == "4 red"
