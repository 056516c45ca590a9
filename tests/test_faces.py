"""Card faces: a game draws each card once (``Game.card_face``), the engine keeps the face beside
the card's JSON, and every scene asks for it with ``tablecards.card_faces``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from toys import SnapGame

from tablecards import Match, SceneFace, card_faces

NAMES = ["Ann", "Bob", "Cleo"]


def _shown_ids(scene: Mapping[str, Any]) -> set[int]:
    """The ids of every card a scene shows face up."""
    boxes = [box for panel in scene["seats"] for box in panel["zones"]]
    boxes += [box for group in scene["middle"] for box in group["zones"]]
    return {face["id"] for box in boxes for face in box["cards"] or ()}


def test_the_engine_draws_each_card_once_for_every_scene_of_every_seat() -> None:
    drawn: list[int] = []

    class WordySnap(SnapGame):
        """Snap whose cards read "rank 3", noting every face it is asked to draw."""

        def card_face(self, card: Mapping[str, Any]) -> SceneFace:
            drawn.append(card["id"])
            return {
                "id": card["id"],
                "rank": str(card["rank"]),
                "colour": None,
                "label": f"rank {card['rank']}",
                "note": None,
                "kind": None,
            }

    match = Match(WordySnap(), players=3, seed=4)
    rng = random.Random(4)
    shown: set[int] = set()
    labels: set[str] = set()
    while not match.is_over:
        for viewer in (None, 0, 1, 2):
            scene = match.scene(viewer, NAMES)  # the generic scene: the game lays out none
            shown |= _shown_ids(scene)
            labels |= {
                face["label"]
                for group in scene["middle"]
                for box in group["zones"]
                for face in box["cards"] or ()
            }
        seat = match.to_act[rng.randrange(len(match.to_act))]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert len(shown) > 10
    assert sorted(drawn) == sorted(shown)  # each card shown, drawn once for all the scenes
    assert all(label.startswith("rank ") for label in labels)


def test_faces_are_fresh_dicts_and_a_view_built_by_hand_is_drawn_on_the_spot() -> None:
    match = Match(SnapGame(), players=2, seed=1)
    match.apply(0, match.legal_actions(0)[0])
    pile = match.scene_view(0)["zones"]["pile"]["cards"]
    face = card_faces(match.game, pile)[0]
    face["note"] = "mine"  # a scene may note who played a card: the face kept is unchanged
    assert card_faces(match.game, pile)[0]["note"] is None
    by_hand = [dict(card) for card in pile]
    assert card_faces(match.game, by_hand) == card_faces(match.game, pile)
    assert card_faces(SnapGame(), [{"id": 9, "rank": 3}]) == [
        {"id": 9, "rank": "3", "colour": None, "label": "3", "note": None, "kind": None}
    ]


def test_views_hand_out_plain_dicts_of_the_cards_the_engine_keeps() -> None:
    match = Match(SnapGame(), players=2, seed=1)
    match.apply(0, match.legal_actions(0)[0])
    shared = match.scene_view(0)["zones"]["pile"]["cards"]
    copied = match.view(0)["zones"]["pile"]["cards"]
    assert copied == shared
    assert all(type(card) is dict for card in copied)
