"""Ex & Hopp through the Match API: 1,000 seeded random matches that conserve every card and
never show a seat another hand or an exchange it was not part of; determinism, persistence,
the move limit (EXH-18), and the heuristic bot against random bots."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

import tablecards
from tablecards import EventRecorder, IllegalAction, Match, SaveError, UnknownGame
from tablecards.cli import cli
from tablecards.testing import check_replays, check_resumes, check_undo
from tablecards_exhopp import DECLINE, ExHopp, ExHoppState, Give, HeuristicBot, Propose


def random_match(
    seed: int, players: int = 4, stop_after: int | None = None, **kwargs: Any
) -> Match:
    match = Match(ExHopp(), players=players, seed=seed, **kwargs)
    rng = random.Random(seed)
    while not match.is_over and (stop_after is None or match.moves < stop_after):
        seat = rng.choice(match.waiting_for)
        actions = match.legal_actions(seat)
        match.apply(seat, actions[rng.randrange(len(actions))])
    return match


def check_conservation(state: ExHoppState) -> None:
    # EXH-01..EXH-03: 96 cards, each in exactly one zone; 12 per colour in play; 18 point cards.
    players = state.players
    ids = [card.id for zone in state.zones() for card in zone.cards]
    assert len(ids) == 96 and len(set(ids)) == 96
    in_play = (state.stock, state.discard, *state.hands, *state.sequences)
    assert sum(len(zone) for zone in in_play) == 12 * players
    assert len(state.box) == 12 * (6 - players)
    points = (state.point_stock, *state.point_cards, *state.taken)
    assert sum(len(zone) for zone in points) == 18
    assert all(len(hand) <= 4 for hand in state.hands)
    for slot, sequence in zip(state.point_cards, state.sequences, strict=True):
        assert len(slot) <= 1
        assert len(sequence) < (slot.cards[0].points if slot.cards else 1)


def check_view(match: Match, state: ExHoppState, viewer: int | None) -> None:
    view = match.view(viewer)
    for seat in range(state.players):
        if seat != viewer:
            assert "cards" not in view["zones"][f"hand:{seat}"]
    for name in ("stock", "point_stock"):
        assert "cards" not in view["zones"][name]
    shown = {card["id"] for zone in view["zones"].values() for card in zone.get("cards", ())}
    visible = {card.id for zone in state.zones() if zone.visible_to(viewer) for card in zone.cards}
    assert shown == visible
    exchange = view["exchange"]
    if exchange is not None and "your_card" in exchange:
        assert viewer in (state.current, state.accepter)
        assert exchange["your_card"] == (state.given if viewer == state.current else state.returned)


def check_stream(recorder: EventRecorder, state: ExHoppState, viewer: int | None) -> None:
    # A seat sees card faces only in moves from or to a zone it may see: never another hand's,
    # so never the values of an exchange between two other seats.
    for event in recorder.stream(viewer):
        if event.get("cards"):
            src, dst = state.zone(event["src"]), state.zone(event["dst"])
            assert src.visible_to(viewer) or dst.visible_to(viewer), (viewer, event)
        assert "given" not in event and "returned" not in event


@pytest.mark.slow
def test_1000_random_matches_conserve_cards_and_keep_secrets() -> None:
    truncated = dict.fromkeys(range(2, 7), 0)
    exchanges = 0
    for seed in range(1000):
        players = 2 + seed % 5
        watched = seed % 40 == 0  # views and event streams checked after every action
        recorder = EventRecorder()
        match = Match(ExHopp(), players=players, seed=seed, observers=[recorder] if watched else ())
        state = match.state
        assert isinstance(state, ExHoppState)
        rng = random.Random(seed)
        check_conservation(state)
        while not match.is_over:
            seat = rng.choice(match.waiting_for)
            actions = match.legal_actions(seat)
            match.apply(seat, actions[rng.randrange(len(actions))])
            check_conservation(state)
            if watched:
                for viewer in (None, *range(players)):
                    check_view(match, state, viewer)
        if watched:
            for viewer in (None, *range(players)):
                check_stream(recorder, state, viewer)
            exchanges += sum(1 for e in recorder.stream(None) if e["event"] == "Exchanged")
        result = match.result
        assert result is not None
        if result.truncated:
            truncated[players] += 1
            assert result.moves == match.move_limit
        else:
            # EXH-16: every point card taken; EXH-17: the scores are the signed point cards.
            assert not state.point_stock.cards and not any(s.cards for s in state.point_cards)
            assert sum(map(len, state.taken)) == 18
            assert result.scores == tuple(sum(p.signed for p in zone.cards) for zone in state.taken)
    print(f"truncated random matches by player count: {truncated}; watched exchanges: {exchanges}")
    assert exchanges > 0  # the privacy checks did see exchanges
    assert sum(truncated.values()) == 0


def test_out_of_turn_and_illegal_actions_leave_the_match_unchanged() -> None:
    match = Match(ExHopp(), players=4, seed=3)
    before = match.to_json()
    with pytest.raises(tablecards.NotYourTurn):
        match.apply(1, DECLINE)
    with pytest.raises(IllegalAction) as info:
        match.apply(0, DECLINE)  # nothing to answer: lay or propose (EXH-08)
    assert info.value.rule == "EXH-08"
    with pytest.raises(IllegalAction, match="not an action of exhopp"):
        match.apply(0, tablecards.Action())
    assert match.to_json() == before
    match.apply(0, _some_proposal(match))
    with pytest.raises(IllegalAction) as info:
        match.apply(1, Give(1))  # answer first (EXH-10)
    assert info.value.rule == "EXH-10"


def _some_proposal(match: Match) -> Propose:
    return next(a for a in match.legal_actions(0) if isinstance(a, Propose))


def test_same_seed_and_actions_give_byte_identical_json() -> None:
    check_replays(random_match(21))
    assert random_match(21).to_json() != random_match(22).to_json()


@pytest.mark.parametrize("cut", [0, 1, 37, 120])
def test_saved_mid_game_loaded_and_finished_ends_as_the_uninterrupted_match(cut: int) -> None:
    check_resumes(random_match(8, players=3), cut)


def test_tampered_save_is_refused() -> None:
    data = json.loads(random_match(6, stop_after=40).to_json())
    data["state"]["turns"] += 1
    with pytest.raises(SaveError, match="does not match its replayed log"):
        Match.from_json(json.dumps(data))


def test_undo_and_clone() -> None:
    check_undo(random_match(12, stop_after=60), 10)


def test_exh18_move_limit_scales_with_players_and_truncates() -> None:
    """EXH-18: move limit scales with players and truncates."""
    game = ExHopp()
    assert [game.move_limit(n) for n in (2, 6)] == [1200, 3600]
    match = random_match(5, players=3, move_limit=25)
    result = match.result
    assert result is not None and result.truncated and result.winners == () and result.moves == 25


def test_registered_by_entry_point_with_rules_text() -> None:
    assert "exhopp" in tablecards.available_games()
    game = tablecards.load_game("exhopp", first_player=1)
    assert isinstance(game, ExHopp)
    text = ExHopp.rules_text()
    assert text is not None
    for rule in range(1, 19):
        assert f"EXH-{rule:02d}" in text
    assert "heuristic" in tablecards.registry().bot_names("exhopp")
    with pytest.raises(UnknownGame):
        tablecards.load_game("exhop")


@pytest.mark.slow
def test_heuristic_bot_beats_three_random_bots() -> None:
    report = tablecards.simulate(
        "exhopp",
        players=4,
        bots=["heuristic", "random", "random", "random"],
        games=300,
        seed=2026,
        bot_seed=2026,
    )
    heuristic = report.by_bot[0]
    print(f"heuristic win rate over 300 4-player games vs 3 random bots: {heuristic.win_rate:.3f}")
    assert heuristic.ci95[0] > 1 / 4
    assert report.truncated == 0


@pytest.mark.parametrize("players", [2, 6])
def test_heuristic_bot_beats_random_bots_at_every_table_size(players: int) -> None:
    bots = ["heuristic"] + ["random"] * (players - 1)
    report = tablecards.simulate(
        "exhopp", players=players, bots=bots, games=100, seed=7, bot_seed=7
    )
    assert report.by_bot[0].ci95[0] > 1 / players


def test_cli_simulate_reports_the_heuristic_win_rate() -> None:
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "exhopp",
            "--players",
            "4",
            "--bots",
            "heuristic,random,random,random",
            "--games",
            "60",
            "--bot-seed",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["by_bot"][0]["bot"] == "heuristic"
    assert report["by_bot"][0]["win_rate"] > 1 / 4


def test_heuristic_bot_reasons_from_its_view_only() -> None:
    match = random_match(1, stop_after=15)
    for seat in match.to_act:
        bot = HeuristicBot(match.game, seat)
        view = json.loads(json.dumps(match.view(seat)))  # plain JSON: no way back to the state
        actions = match.legal_actions(seat)
        assert bot.choose(view, actions, random.Random(0)) in actions
