"""Climb through the Match API: hidden information, determinism, saving, undo, the bot."""

from __future__ import annotations

import random

import tablecards
from tablecards import EventRecorder, Match, RandomBot
from tablecards_tutorial import DRAW, Climb, ClimbState, HeuristicBot, PileWon


def test_registered_through_the_entry_point() -> None:
    assert "climb" in tablecards.available_games()
    game = tablecards.load_game("climb", hand_size=4)
    assert isinstance(game, Climb)
    assert tablecards.registry().bot("climb", "heuristic").factory is HeuristicBot


def test_views_and_event_streams_never_show_other_hands_or_the_deck() -> None:
    # CLIMB-02: a hand is seen only by its owner; nobody sees the deck.
    for seed in range(20):
        recorder = EventRecorder()
        match = Match(Climb(), players=3, seed=seed, observers=[recorder])
        rng = random.Random(seed)
        while not match.is_over:
            (seat,) = match.to_act
            for viewer in range(3):
                zones = match.view(viewer)["zones"]
                assert "cards" not in zones["deck"]
                assert all(
                    ("cards" in zones[f"hand:{other}"]) == (other == viewer) for other in range(3)
                )
            actions = match.legal_actions(seat)
            match.apply(seat, actions[rng.randrange(len(actions))])
        state = match.state
        assert isinstance(state, ClimbState)
        for viewer in range(3):
            secret = {card["id"] for card in _cards_in(recorder.stream(viewer), viewer)}
            assert not secret, f"seat {viewer} saw cards of another hand: {secret}"


def _cards_in(stream: list[dict[str, object]], viewer: int) -> list[dict[str, object]]:
    # Cards that reached another seat's hand by a draw: only that seat may see them.
    return [
        card
        for event in stream
        if event["event"] == "CardsMoved"
        and event["dst"] not in ("pile", f"hand:{viewer}")
        and str(event["dst"]).startswith("hand:")
        for card in event["cards"]  # type: ignore[attr-defined]
    ]


def test_same_seed_same_match_and_save_round_trip() -> None:
    def run(seed: int) -> Match:
        match = Match(Climb(), players=4, seed=seed)
        tablecards.play(match, [RandomBot()] * 4, seed=seed)
        return match

    text = run(11).to_json()
    assert text == run(11).to_json()
    again = Match.from_json(text)
    assert again.to_json() == text
    assert again.result == run(11).result


def test_undo_takes_back_a_draw() -> None:
    match = Match(Climb(), players=2, seed=4)
    before = match.to_json()
    match.apply(0, DRAW)
    match.undo()
    assert match.to_json() == before


def test_heuristic_bot_beats_random_bots() -> None:
    report = tablecards.simulate(
        "climb", bots=["heuristic", "random", "random"], games=300, seed=2, bot_seed=2
    )
    assert report.truncated == 0
    assert report.by_bot[0].win_rate > 0.45  # a random seat wins about a third
    assert report.by_bot[0].win_rate > report.by_bot[1].win_rate + 0.15


def test_climb_tells_a_won_pile_in_words_and_leaves_the_rest_to_the_engine() -> None:
    climb = tablecards.load_game("climb")
    names = ["Ana", "Ben", "you"]
    assert climb.describe_event(PileWon(2, 5), 2, names) == "you win the pile (five cards)"
    assert climb.describe_event(PileWon(0, 1), None, names) == "Ana wins the pile (one card)"
    assert climb.describe_event(tablecards.TurnStarted(1), 0, names) == "Ben's turn"
