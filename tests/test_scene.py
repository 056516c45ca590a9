"""Scenes: the generic scene built from a view, the scene schema, and the plain-text rendering.

Every installed game's scenes (each seat and a spectator, along a random match) follow the
published JSON Schema, as ``jsonschema`` reads it; the generic scene puts zones with their owners
and zones of nobody in the middle, paints cards from their fields, and says a game's extra keys
in words; ``scene_text`` prints the scene's words and nothing else.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from broken_toys import HandsGame
from toys import SnapGame

import tablecards
from tablecards import Match, generic_scene, scene_schema, scene_text
from tablecards.testing import raw_text_problems
from tablecards.testing._scenes import scene_texts
from tablecards.testing._schema_check import schema_problems

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]
GAMES = [*tablecards.available_games()]


def moments(game: Any, seed: int, players: int | None = None) -> Iterator[Match]:
    """A random match of ``game``, yielded before each action (and once over)."""
    match = Match(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not match.is_over and match.moves < 300:
        yield match
        waited = match.waiting_for or match.to_act
        seat = waited[rng.randrange(len(waited))]
        match.apply(seat, rng.choice(list(match.legal_actions(seat))))
    yield match


def boxes(scene: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """Every zone box by id, with where it is: a panel's name or "middle"."""
    out = {box["id"]: (panel["name"], box) for panel in scene["seats"] for box in panel["zones"]}
    for group in scene["middle"]:
        out.update({box["id"]: ("middle", box) for box in group["zones"]})
    return out


def generic(match: Match, seat: int | None, names: list[str] | None = None) -> dict[str, Any]:
    """The engine's generic scene of ``match`` for ``seat`` (the games draw their own)."""
    names = names or [f"Player {n + 1}" for n in range(match.players)]
    legal = match.legal_actions(seat) if seat is not None and seat in match.to_act else ()
    return generic_scene(match.game, match.view(seat), names, legal)


def test_the_scene_schema_is_a_valid_draft_2020_12_schema_and_a_fresh_copy() -> None:
    schema = scene_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "changed"
    assert scene_schema()["title"] == "tablecards scene"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_scene_of_a_match_follows_the_schema_and_speaks_words(game: str) -> None:
    validator = jsonschema.Draft202012Validator(scene_schema())
    checked = 0
    for match in moments(game, seed=5):
        if match.moves % 7 and not match.is_over:
            continue
        for seat in (None, *range(match.players)):
            scene = match.scene(seat, NAMES[: match.players])
            validator.validate(scene)
            assert schema_problems(scene, scene_schema()) == []  # the kit's reader agrees
            for path, text in scene_texts(scene):
                assert raw_text_problems(text) == [], (path, text)
            checked += 1
    assert checked > 10


def test_the_kits_schema_reader_finds_what_jsonschema_finds() -> None:
    scene = Match("hit", players=3, seed=1).scene(0)
    broken = copy.deepcopy(scene)
    broken["seats"][0]["zones"][0]["style"] = "fan"
    del broken["status"]
    broken["extra"] = 1
    problems = schema_problems(broken, scene_schema())
    assert any("style" in problem and "fan" in problem for problem in problems)
    assert any("has no 'status'" in problem for problem in problems)
    assert any("unknown key 'extra'" in problem for problem in problems)
    assert not jsonschema.Draft202012Validator(scene_schema()).is_valid(broken)


def test_owned_zones_go_to_their_owners_panel_and_zones_of_nobody_to_the_middle() -> None:
    match = Match("hattrick", players=4, seed=2)
    scene = generic(match, 1, NAMES[:4])
    where = boxes(scene)
    for zone in match.state.zones():
        place, _ = where[zone.name]
        if zone.owner is None:
            assert place == "middle", zone.name
        else:
            assert place == ("You" if zone.owner == 1 else NAMES[zone.owner]), zone.name
    assert where["hand:1"][1]["style"] == "hand" and where["hand:2"][1]["style"] == "stack"
    assert where["deck"][1]["style"] == "deck"
    # Titles come from the zone's kind: a zone of nobody never reads as a player's.
    assert where["pile:0"][1]["title"] == "Pile 1" and where["pile:1"][1]["title"] == "Pile 2"
    assert where["won:2:red"][1]["title"] == "Won red"
    assert [panel["name"] for panel in scene["seats"]] == ["You", "Cleo", "Dan", "Ann"]


def test_a_spectator_sees_seat_0_first_and_has_no_choices() -> None:
    scene = Match("hit", players=3, seed=1).scene(None, NAMES[:3])
    assert scene["viewer"] is None
    assert [panel["name"] for panel in scene["seats"]] == ["Ann", "Bob", "Cleo"]
    assert not any(panel["you"] for panel in scene["seats"])
    assert scene["prompt"] is None and scene["actions"] == []
    assert scene["status"] == "Waiting for Ann"


def test_the_viewers_hand_is_sorted_and_cards_are_painted_from_their_fields() -> None:
    match = Match("hattrick", players=4, seed=3)
    hand = boxes(generic(match, 0))["hand:0"][1]["cards"]
    order = ["red", "orange", "yellow", "green", "blue", "purple"]
    keys = [(order.index(card["colour"]), int(card["rank"])) for card in hand]
    assert keys == sorted(keys)
    for card in hand:
        assert card["label"] == f"{card['colour']} {card['rank']}"
        assert card["note"] is None


def test_faces_read_any_colour_field_and_sign_negative_ranks() -> None:
    game = SnapGame()
    view: dict[str, Any] = {
        "game": "snap",
        "seat": 0,
        "players": 2,
        "to_act": [0],
        "over": False,
        "moves": 0,
        "zones": {
            "row": {
                "count": 4,
                "cards": [
                    {"id": 1, "color": "purple", "value": 7},
                    {"id": 2, "colour": "teal", "points": -4},
                    {"id": 3, "suit": "Gray", "rank": "queen"},
                    {"id": 4, "kind": "point", "value": 5, "face_down": False},
                ],
            }
        },
    }
    cards = generic_scene(game, view, ["Ann", "Bob"])["middle"][0]["zones"][0]["cards"]
    assert [(c["rank"], c["colour"], c["label"]) for c in cards] == [
        ("7", "purple", "purple 7"),
        ("\N{MINUS SIGN}4", None, "teal \N{MINUS SIGN}4"),
        ("queen", "grey", "gray queen"),
        ("5", None, "point 5"),
    ]
    assert cards[3]["kind"] == "point"


def test_extra_keys_become_counters_badges_and_facts_in_words() -> None:
    view: dict[str, Any] = {
        "game": "snap",
        "seat": 1,
        "players": 3,
        "to_act": [2],
        "over": False,
        "moves": 4,
        "zones": {},
        "round": 2,
        "rounds": 5,
        "tokens_to_win": 6,
        "phase": "go_on",
        "winner": None,
        "tokens": [1, 0, 3],
        "eliminated": [False, True, False],
        "bids": [None, {"total": 5, "top_value": 2}, None],
        "offer": {"giver": 1, "asked": None},
        "passed": [],
        "scores": [3, 4, 0],
    }
    scene = generic_scene(SnapGame(), view, ["Ann", "Bob", "Cleo"])
    assert scene["title"] == "Snap \N{EM DASH} round 2 of 5"
    facts = {fact["label"]: fact["text"] for fact in scene["facts"]}
    assert facts == {
        "Tokens to win": "6",
        "Phase": "go on",
        "Offer": "giver 1",
        "Passed": "none",
    }
    panels = {panel["name"]: panel for panel in scene["seats"]}
    assert panels["Ann"]["counters"] == [{"label": "Tokens", "value": "1"}]
    assert panels["You"]["badges"] == [{"text": "Eliminated", "tone": "info"}]
    assert {"label": "Bids", "value": "total 5, top value 2"} in panels["You"]["counters"]
    assert scene["scores"] == [
        {"seat": 0, "name": "Ann", "score": "3"},
        {"seat": 1, "name": "You", "score": "4"},
        {"seat": 2, "name": "Cleo", "score": "0"},
    ]
    assert scene["status"] == "Waiting for Cleo" and scene["prompt"] is None
    for _, text in scene_texts(scene):
        assert raw_text_problems(text) == [], text


def test_the_choices_are_the_legal_actions_in_words_with_names() -> None:
    """STOP-11: a raise names whose bid it raises, by name."""
    match = Match("stop", players=4, seed=3)
    rng = random.Random(3)
    while not any(
        type(action).__name__ == "Raise" and action.bid != 0  # type: ignore[attr-defined]
        for action in (match.legal_actions(0) if 0 in match.to_act else ())
    ):
        seat = match.to_act[rng.randrange(len(match.to_act))]
        actions = list(match.legal_actions(seat))
        bids = [a for a in actions if type(a).__name__ in {"CallStop", "Bid"}]
        match.apply(seat, (bids or actions)[0] if seat != 0 else rng.choice(actions))
    scene = generic(match, 0, NAMES[:4])
    assert scene["prompt"] == "Your turn: choose"
    choices = [choice for group in scene["actions"] for choice in group["choices"]]
    assert {match.parse_action(choice["act"]) for choice in choices} == set(match.legal_actions(0))
    texts = [choice["text"] for choice in choices]
    raises = [
        (choice["text"], match.parse_action(choice["act"]).bid)  # type: ignore[attr-defined]
        for choice in choices
        if choice["act"]["type"] == "Raise"
    ]
    assert raises, texts
    for text, bid in raises:  # a raise names the bid's owner: "you" or their name
        assert ("your" in text) if bid == 0 else (NAMES[bid] in text), text
    assert not any("seat" in text for text in texts), texts


def test_actions_that_read_alike_are_one_choice_and_many_are_grouped_by_kind() -> None:
    game = HandsGame()
    match = Match(game, players=4, seed=1)
    legal = match.legal_actions(0)
    groups = match.scene(0)["actions"]
    # Three plays and nine gifts: more than nine choices, so one group per kind of action.
    assert [group["title"] for group in groups] == ["Play", "Give"]
    assert sum(len(group["choices"]) for group in groups) == len(legal)
    twice = generic_scene(game, match.view(0), NAMES[:4], [*legal[:2], legal[0]])
    assert len(twice["actions"][0]["choices"]) == 2


def test_the_same_view_gives_the_same_scene_and_stays_unchanged() -> None:
    match = Match("exhopp", players=4, seed=4)
    view = match.view(2)
    kept = copy.deepcopy(view)
    legal = match.legal_actions(2)
    first = match.game.scene(view, NAMES[:4], legal)
    assert view == kept
    assert match.game.scene(copy.deepcopy(view), list(NAMES[:4]), legal) == first
    assert match.scene(2, NAMES[:4]) == first


def test_match_scene_names_default_to_player_numbers_from_one() -> None:
    scene = Match("hit", players=3, seed=1).scene(1)
    assert [panel["name"] for panel in scene["seats"]] == ["You", "Player 3", "Player 1"]
    assert scene["status"] == "Waiting for Player 1"


@pytest.mark.parametrize(
    "names", [["Ann", "Bob"], "Ann", ["Ann", "", "Cleo"], ["Ann", "Bob", 3], None.__class__]
)
def test_bad_names_are_refused_with_a_library_error(names: Any) -> None:
    match = Match("hit", players=3, seed=1)
    with pytest.raises(tablecards.TablecardsError, match="names must"):
        match.scene(0, names)


def test_a_bad_seat_is_refused_before_any_scene_is_built() -> None:
    match = Match("hit", players=3, seed=1)
    for seat in (3, -1, True, "0"):
        with pytest.raises(tablecards.UnknownSeat):
            match.scene(seat)  # type: ignore[arg-type]


def test_scene_text_prints_the_words_the_others_first_and_you_at_the_bottom() -> None:
    match = Match("hattrick", players=4, seed=2)
    while 0 not in match.to_act:
        match.apply(match.to_act[0], match.legal_actions(match.to_act[0])[0])
    scene = generic(match, 0, NAMES[:4])
    text = scene_text(scene, width=60)
    lines = text.splitlines()
    assert lines[0] == "Hattrick \N{EM DASH} round 1 of 8"
    assert all(len(line) <= 60 for line in lines)
    assert text.index("-- Bob") < text.index("-- Table") < text.index("-- You (to play)")
    assert text.index("-- You") < text.index("Your turn: choose") < text.index("  1. play ")
    hand = boxes(scene)["hand:0"][1]["cards"]
    flat = " ".join(text.split())
    assert all(card["label"] in flat for card in hand)
    assert "hand:0" not in text and '"' not in text  # data never printed
    for line in lines:
        assert raw_text_problems(line) == [], line


def test_scene_text_of_face_down_and_empty_zones_and_piles() -> None:
    view: dict[str, Any] = {
        "game": "snap",
        "seat": None,
        "players": 2,
        "to_act": [],
        "over": True,
        "moves": 9,
        "zones": {
            "deck": {"count": 3},
            "box": {"count": 0, "cards": []},
            "pile": {"count": 2, "cards": [{"id": 1, "rank": 4}, {"id": 2, "rank": 9}]},
        },
    }
    text = scene_text(generic_scene(SnapGame(), view, ["Ann", "Bob"]))
    assert "Deck: 3 cards face down" in text
    assert "Box: empty" in text
    assert "Pile: 9 on top, 2 cards" in text
    assert "The match is over" in text


SCHEMA_FILE = Path(__file__).resolve().parent.parent / "docs" / "scene.schema.json"


def schema_text() -> str:
    return json.dumps(scene_schema(), indent=2, ensure_ascii=False) + "\n"


def test_the_docs_show_the_schema_the_code_publishes() -> None:
    assert SCHEMA_FILE.read_text("utf-8") == schema_text(), (
        "docs/scene.schema.json is out of date: run `uv run python tests/test_scene.py`"
    )


if __name__ == "__main__":
    SCHEMA_FILE.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_FILE}")
