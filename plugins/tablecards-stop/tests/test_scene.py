"""Stop's scene: the table as players see it (issue 25), built from a seat's view only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablecards import Match
from tablecards.testing import (
    check_game,
    check_scenes_blind,
    check_worded_scenes,
    scene_zone,
    seat_panel,
)
from tablecards.words import names_for
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
)

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def badges(scene: dict[str, Any], seat: int) -> list[str]:
    return [badge["text"] for badge in seat_panel(scene, seat)["badges"]]


def choices(group: dict[str, Any]) -> list[dict[str, Any]]:
    return list(group["choices"])


def auction() -> Match:
    """Bob calls Stop! and bids two 3s; Dan passes; Cleo holds 4, 4, +1 (STOP-06, STOP-10)."""
    game = ArrangedStop(
        hands={1: [3, 3, 2, "+1"], 2: [4, 4, "+1"], 3: [2, 2]}, red=0, tokens={0: 2}
    )
    match = Match(game, players=4, seed=0)
    match.apply(1, CALL_STOP)
    match.apply(1, Bid(3, 2))
    match.apply(3, PASS)
    return match


def test_bids_lie_in_front_of_their_bidders_with_their_totals_stop_11() -> None:
    scene = auction().scene(2, NAMES[:4])
    bob = seat_panel(scene, 1)
    bid = scene_zone(bob, "bid:1")
    assert bid["title"] == "Bid 6" and bid["note"] == "bid 6: two 3s"
    assert [card["rank"] for card in bid["cards"]] == ["3", "3"]
    assert all(card["colour"] == "green" and "green" in card["label"] for card in bid["cards"])
    assert scene_zone(seat_panel(scene, 3), "bid:3")["title"] == "Bid"
    assert "Auction: highest bid 6 (Bob)" in scene["lines"][1]


def test_badges_show_the_red_token_the_caller_and_who_passed_stop_06_stop_13() -> None:
    scene = auction().scene(2, NAMES[:4])
    assert badges(scene, 1) == ["red token", "called Stop!"]  # the caller takes the red token
    assert badges(scene, 3) == ["passed"]
    assert badges(scene, 2) == [] and badges(scene, 0) == []
    # STOP-13: a seat that passed may still play, but the table does not wait for it.
    assert not seat_panel(scene, 3)["active"] and seat_panel(scene, 2)["active"]


def test_tokens_pack_and_hand_are_counters_stop_18() -> None:
    scene = auction().scene(0, NAMES[:4])
    ann = seat_panel(scene, 0)
    assert ann["name"] == "You" and ann["you"]
    counters = {c["label"]: c["value"] for c in ann["counters"]}
    assert counters == {"tokens": "2 of 6", "pack": "21 cards", "hand": "no cards"}
    assert {c["label"]: c["value"] for c in seat_panel(scene, 2)["counters"]}[
        "hand"
    ] == "three cards"
    assert [s["score"] for s in scene["scores"]] == ["two tokens", *["no tokens"] * 3]


def test_the_viewer_sees_only_its_own_hand_sorted() -> None:
    scene = auction().scene(2, NAMES[:4])
    hand = scene_zone(seat_panel(scene, 2), "hand:2")
    assert hand["style"] == "hand" and [c["rank"] for c in hand["cards"]] == ["4", "4", "+1"]
    assert hand["cards"][2]["kind"] == "plus"
    other = scene_zone(seat_panel(scene, 1), "hand:1")
    assert other["cards"] is None and other["count"] == 2


def test_raises_are_grouped_per_bid_and_say_the_total_stop_11_stop_12() -> None:
    match = auction()
    scene = match.scene(2, NAMES[:4])
    assert (
        scene["prompt"]
        == "Highest bid 6 (Bob): raise a bid to at least 6, place a new bid, or pass."
    )
    (group,) = scene["actions"]
    texts = [choice["text"] for choice in group["choices"]]
    assert texts == ["Pass", "Bid two 4s (8)", "Raise Bob's bid (6)"]
    then = group["choices"][2]["then"]
    assert [(c["text"], c["act"]) for c in then["choices"]] == [
        ("with one +1 (to 7)", {"type": "Raise", "bid": 1, "values": 0, "plus": 1})
    ]
    # Every legal action is reachable, exactly once.
    acts = [c["act"] for c in group["choices"] if "act" in c] + [c["act"] for c in then["choices"]]
    assert sorted(map(str, acts)) == sorted(
        str(match.action_json(a)) for a in match.legal_actions(2)
    )


def test_the_auction_prompt_offers_only_the_moves_there_are_stop_11_stop_13() -> None:
    """Issue 41: passing alone is not offered as "place a new bid, or pass", and a seat that
    passed (passing again is no move) is not told to pass."""
    game = ArrangedStop(
        hands={1: [3, 3, 2, "+1"], 2: [4, 4, "+1"], 3: [2, 2]}, red=0, tokens={0: 2}
    )
    match = Match(game, players=4, seed=0)
    match.apply(1, CALL_STOP)
    assert match.scene(1, NAMES[:4])["prompt"] == (
        "You called Stop! Now open the auction with cards of one value (2, 3 or 4)."
    )
    match.apply(1, Bid(3, 2))
    # Dan's two 2s can neither raise Bob's 3s nor reach 6: passing is all he may do.
    assert match.legal_actions(3) == (PASS,)
    assert match.scene(3, NAMES[:4])["prompt"] == (
        "Highest bid 6 (Bob): you have no card to play: pass."
    )
    match.apply(2, PASS)  # Cleo passes, and may still play on (STOP-13)
    assert PASS not in match.legal_actions(2)
    assert match.scene(2, NAMES[:4])["prompt"] == (
        "Highest bid 6 (Bob): you passed; raise a bid to at least 6 or place a new bid to play on."
    )


def test_the_share_out_keeps_them_all_or_gives_a_card_then_to_whom_stop_15() -> None:
    match = auction()
    match.apply(2, Bid(4, 2))  # Cleo bids two 4s: 8
    for seat in (1, 3, 2):
        match.apply(seat, PASS)  # everyone has passed in a row: Cleo wins with 8
    scene = match.scene(2, NAMES[:4])
    assert "won the round" in badges(scene, 2)
    assert scene["prompt"] == (
        "You won the round: share out the four cards of the bids among the bidders "
        "(Bob and you): keep them all, give them all to one bidder, or give them a card at "
        "a time."
    )
    (group,) = scene["actions"]
    assert [c["text"] for c in group["choices"]] == [
        "Keep them all (four cards)",
        "All to Bob",
        "Give a 3 (two left)",
        "Give a 4 (two left)",
    ]
    assert group["choices"][0]["act"] == match.action_json(GiveRest(2))
    assert group["choices"][1]["act"] == match.action_json(GiveRest(1))
    to_whom = group["choices"][2]["then"]
    assert to_whom["title"] == "Give a 3"
    assert [c["text"] for c in to_whom["choices"]] == ["Keep it", "To Bob"]
    assert to_whom["choices"][1]["act"] == match.action_json(Give(3, 1))
    assert match.scene(1, NAMES[:4])["lines"][1] == "Cleo won the round and shares out the bids"


def test_the_stop_moment_prompt_tells_the_hand_stop_06() -> None:
    game = ArrangedStop(hands={1: [3, 3], 2: ["+1"]}, red=0)
    match = Match(game, players=3, seed=0)
    scene = match.scene(1, NAMES[:3])
    assert scene["prompt"] == "Call Stop! and open the auction? Your hand: two 3s."
    assert [c["text"] for c in scene["actions"][0]["choices"]] == [
        "Call Stop!",
        "Let the draw go on",
    ]
    plus_only = match.scene(2, NAMES[:3])
    assert "no value card" in plus_only["prompt"]


def test_a_player_out_of_the_game_wears_the_badge_stop_09() -> None:
    game = ArrangedStop(hands={1: [3, 3], 3: [2]}, pack_sizes={2: 0}, red=0)
    match = Match(game, players=4, seed=0)
    while not match.view(None)["eliminated"][2]:
        for seat in list(match.to_act):
            match.apply(seat, DECLINE)  # the draws go on until Cleo must draw from nothing
    scene = match.scene(0, NAMES[:4])
    assert badges(scene, 2) == ["out"] and not seat_panel(scene, 2)["active"]
    assert {c["label"]: c["value"] for c in seat_panel(scene, 2)["counters"]}["pack"] == "no cards"


def test_names_everywhere_and_player_n_without_names() -> None:
    game = Stop()
    assert game.describe(Raise(0, 1, 1)) == "raise player 1's bid with one value card and one +1"
    assert game.describe(Give(1, 2)) == "give a +1 to player 3"
    you = names_for(NAMES[:4], 2)
    assert game.describe(Raise(2, 0, 2), you) == "raise your bid with two +1s"
    assert game.describe(Give(3, 0), you) == "give a 3 to Ann"


def hidden(match: Match, seat: int) -> list[Any]:
    """What ``seat`` cannot see: the other hands and every pack, in order."""
    state = match.state
    hands = [state.hands[s].cards for s in range(match.players) if s != seat]  # type: ignore[attr-defined]
    return [*hands, *(pack.cards for pack in state.packs)]  # type: ignore[attr-defined]


def play(players: int, seed: int) -> list[Match]:
    """A match played by heuristic bots, one snapshot (clone) per move."""
    match = Match(Stop(), players=players, seed=seed)
    rng = random.Random(seed)
    bots = [HeuristicBot(match.game, seat) for seat in range(players)]
    snapshots = []
    while not match.is_over and match.moves < 400:
        snapshots.append(match.clone())
        waiting = [s for s in match.to_act if s not in match.view(None).get("passed", ())]
        seat = rng.choice(waiting or list(match.to_act))
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), rng))
    return snapshots


@pytest.mark.parametrize("players", [3, 6])
def test_scenes_are_valid_and_worded_over_a_match(players: int) -> None:
    assert check_worded_scenes(play(players, seed=players)[::3], NAMES) > 0


def test_the_scene_never_depends_on_what_the_viewer_cannot_see() -> None:
    # Two states that differ only in the other hands and the packs' order: the same scene.
    assert check_scenes_blind(play(4, seed=11)[10::15], hidden, NAMES) >= 10  # they differed


def test_the_kit_checks_stop_s_scenes() -> None:
    check_game(Stop(), seeds=3, checks={"scenes"})  # every registered player count
