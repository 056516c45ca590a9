"""A viewer's last scene is reused while its view is the same (the engine's business, #36)."""

from __future__ import annotations

from tablecards import Match


def test_the_same_view_gives_the_same_scene_object() -> None:
    match = Match("hit", players=3, seed=4)
    first = match.scene(None)
    assert match.scene(None) is first  # a second spectator, a page reloaded
    assert match.scene(0) is match.scene(0)
    assert match.scene(0) is not first


def test_a_move_names_or_an_undo_give_a_new_scene_equal_to_a_fresh_build() -> None:
    match = Match("hit", players=3, seed=4)
    before = match.scene(1)
    renamed = match.scene(1, ["Ann", "Bob", "Cleo"])
    assert renamed is not before and renamed["seats"][1]["name"] == "Cleo"
    seat = match.to_act[0]
    match.apply(seat, match.legal_actions(seat)[0])
    after = match.scene(1)
    assert after is not before and after != before
    # The reference: the game's own scene of a fresh, unshared view.
    names = [f"Player {other + 1}" for other in range(3)]
    assert after == match.game.scene(match.view(1), names, match.legal_actions(1))
    match.undo()
    assert match.scene(1) == before
