"""The conformance kit catches each fault it exists for, names the seed and the action, and
passes correct games (with secrets, private gifts and open moments)."""

from __future__ import annotations

import subprocess
import sys
import types
from typing import Any

import pytest
from broken_toys import (
    CheatingBot,
    CountingSnap,
    DeckInViewSnap,
    DuplicatingSnap,
    EchoingSnap,
    EmptyNotedHands,
    EndlessSnap,
    ForgetfulHands,
    Give,
    GossipHands,
    HandBuiltViewSnap,
    HandsGame,
    HandsState,
    HashOrderSnap,
    HastySnap,
    HonestPolicy,
    IdleRedeal,
    LaxSnap,
    LeakyRedeal,
    LosingRedeal,
    MisnamedTableHands,
    MovingPolicy,
    MutatingSnap,
    OrderedRedeal,
    PeekingPolicy,
    PeekingRedeal,
    PeekingSceneHands,
    RawSceneHands,
    ShadowingSnap,
    ShownHands,
    StuckSnap,
    TellingHands,
    TrustingHands,
    UnrebuildableSnap,
    UnsavableSnap,
    UnseededSnap,
    ZoneInViewSnap,
)
from toys import SnapGame

import tablecards
from tablecards import Action, Game, Match, RandomBot
from tablecards.testing import (
    CHECKS,
    SEEDS_ENV,
    ConformanceFailure,
    check_game,
    default_seeds,
    raw_text_problems,
)

pytest_plugins = ["pytester"]

SEEDS = 20


def failure_of(game: Game[Any], **kwargs: Any) -> ConformanceFailure:
    with pytest.raises(ConformanceFailure) as info:
        check_game(game, seeds=kwargs.pop("seeds", SEEDS), **kwargs)
    return info.value


def replayed(game: Game[Any], failure: ConformanceFailure) -> Match:
    """The failing match, rebuilt from what the failure reports."""
    where = failure.where
    match = Match(game, players=where.players, seed=where.seed)
    for seat, action in where.log:
        match.apply(seat, action)
    return match


# -- each check catches its fault -----------------------------------------------------------


def test_conservation_catches_a_duplicated_card_at_the_action_that_copied_it() -> None:
    failure = failure_of(DuplicatingSnap())
    assert failure.check == "conservation"
    assert "in more than one place" in failure.detail
    match = replayed(DuplicatingSnap(), failure)
    cards = len(match.state.cards())
    assert failure.where.seat is not None and failure.where.action is not None
    match.apply(failure.where.seat, failure.where.action)
    assert len(match.state.cards()) > cards  # the reported action is the one that copies


def test_playout_catches_rules_that_crash_on_a_legal_action() -> None:
    failure = failure_of(EndlessSnap())
    assert failure.check == "playout"
    assert "IndexError" in failure.detail
    match = replayed(EndlessSnap(), failure)
    assert failure.where.seat is not None and failure.where.action is not None
    with pytest.raises(tablecards.RulesError):
        match.apply(failure.where.seat, failure.where.action)


def test_liveness_catches_a_seat_asked_to_act_without_any_legal_action() -> None:
    failure = failure_of(StuckSnap())
    assert failure.check == "liveness"
    assert "has no legal action" in failure.detail
    match = replayed(StuckSnap(), failure)
    assert failure.where.seat is not None and failure.where.action is not None
    match.apply(failure.where.seat, failure.where.action)
    assert any(not match.legal_actions(seat) for seat in match.to_act)


def test_no_op_catches_a_logged_action_that_changes_nothing() -> None:
    failure = failure_of(EchoingSnap())
    assert failure.check == "no_op"
    assert "nothing changed" in failure.detail
    match = replayed(EchoingSnap(), failure)
    before = tablecards.snapshot(match.state)
    assert failure.where.seat is not None and failure.where.action is not None
    match.apply(failure.where.seat, failure.where.action)
    assert tablecards.snapshot(match.state) == before  # the reported move changed nothing


@pytest.mark.slow
def test_no_op_is_run_for_the_correct_toys_and_can_be_left_out() -> None:
    assert "no_op" in CHECKS
    check_game(SnapGame(), seeds=SEEDS)  # every Snap move changes the match
    check_game(EchoingSnap(), seeds=SEEDS, checks=[c for c in CHECKS if c != "no_op"])


def test_liveness_lets_a_seat_that_is_not_waited_for_have_no_legal_action() -> None:
    """A seat may act (to_act) without being waited for, and then may have nothing to play
    (a Stop seat that passed, STOP-13): liveness asks a legal action only of waited seats."""

    class BystanderSnap(StuckSnap):
        """On a pair the flipper may act but has nothing to play, and is not waited for."""

        def waiting_for(self, state: Any) -> tuple[int, ...]:
            if state.waiting:
                return tuple(seat for seat in state.to_act if seat != state.current)
            return tuple(state.to_act)

        def apply(self, state: Any, seat: int, action: Action) -> None:
            super().apply(state, seat, action)
            if state.waiting == (state.current,):  # only the bystander left: the pair is dead
                state.waiting = ()
                self._next_turn(state)

    check_game(BystanderSnap(), seeds=SEEDS, checks=["playout", "liveness", "no_op"])
    with pytest.raises(ConformanceFailure, match="has no legal action"):
        check_game(StuckSnap(), seeds=SEEDS, checks=["playout", "liveness"])


def test_rejection_catches_a_state_changed_before_an_illegal_action_is_refused() -> None:
    failure = failure_of(MutatingSnap())
    assert failure.check == "rejection"
    assert "changed although the action was refused" in failure.detail
    match = replayed(MutatingSnap(), failure)
    before = match.to_json()
    assert failure.where.seat is not None and failure.where.action is not None
    with pytest.raises(tablecards.IllegalAction):
        match.apply(failure.where.seat, failure.where.action)
    assert match.to_json() != before


def test_rejection_catches_rules_that_accept_an_action_they_do_not_list() -> None:
    failure = failure_of(LaxSnap())
    assert failure.check == "rejection"
    assert "accepted an action it must refuse" in failure.detail
    match = replayed(LaxSnap(), failure)
    assert failure.where.seat is not None
    assert failure.where.action not in match.legal_actions(failure.where.seat)


def test_rejection_catches_a_malformed_action_that_crashes_the_rules() -> None:
    failure = failure_of(TrustingHands())
    assert failure.check == "rejection"
    # The engine turns a crash of the game's legality check into RulesError; the kit reports it.
    assert "expected IllegalAction, got RulesError" in failure.detail
    assert isinstance(failure.where.action, Give)
    assert failure.where.action.to not in range(4)  # a seat that does not exist, or no seat


def test_determinism_catches_a_shuffle_not_drawn_from_the_match_generator() -> None:
    failure = failure_of(UnseededSnap())
    assert failure.check == "determinism"
    assert "setup" in failure.detail and failure.where.index == 0


def test_persistence_catches_a_save_that_does_not_load_back() -> None:
    failure = failure_of(UnsavableSnap())
    assert failure.check == "persistence"
    assert "does not load" in failure.detail
    # Determinism alone passes: only saving and loading breaks.
    check_game(UnsavableSnap(), seeds=5, checks={"determinism", "playout"})


# A view that shows hidden cards also changes under a determinisation; these tests look at the
# leaks check alone, and the determinisation check's own test below catches such a view too.
NOT_DETERMINISATION = set(CHECKS) - {"determinisation"}


def test_leaks_catches_a_hand_shown_to_everyone_in_a_view() -> None:
    failure = failure_of(ShownHands(), checks=NOT_DETERMINISATION)
    assert failure.check == "leaks"
    assert "changed the view" in failure.detail and "'hands'" in failure.detail


def test_leaks_catches_a_hand_shown_to_everyone_in_an_event() -> None:
    failure = failure_of(TellingHands())
    assert failure.check == "leaks"
    assert "changed the events" in failure.detail


def test_leaks_catches_events_rebuilt_from_the_log_unlike_those_recorded_live() -> None:
    failure = failure_of(CountingSnap(), checks=["leaks"])
    assert failure.check == "leaks"
    assert "differ from those recorded" in failure.detail


def test_leaks_catches_a_hidden_deck_card_in_a_view() -> None:
    failure = failure_of(DeckInViewSnap())
    assert failure.check == "leaks"
    assert "'next'" in failure.detail and "zones deck" in failure.detail


def test_leaks_needs_games_to_declare_what_a_seat_knows_of_hidden_zones() -> None:
    # ForgetfulHands shows a giver its gifts (fair) without declaring them as known cards.
    failure = failure_of(ForgetfulHands(), checks=NOT_DETERMINISATION)
    assert failure.check == "leaks" and "'gave'" in failure.detail
    check_game(HandsGame(), seeds=SEEDS, checks={"leaks"})  # the same game, declared: passes


def test_determinisation_catches_a_redeal_that_leaks_the_real_hand() -> None:
    failure = failure_of(LeakyRedeal(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "stayed in their real places" in failure.detail and "hand:" in failure.detail


def test_determinisation_catches_a_redeal_that_loses_a_card() -> None:
    failure = failure_of(LosingRedeal(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "once each" in failure.detail and "lost ids" in failure.detail


def test_determinisation_catches_a_redeal_that_changes_the_seats_own_hand() -> None:
    failure = failure_of(PeekingRedeal(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "changed what the seat sees: its view" in failure.detail


def test_determinisation_catches_a_redeal_that_never_moves_anything() -> None:
    failure = failure_of(IdleRedeal(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "real places" in failure.detail


def test_determinisation_catches_a_redeal_that_depends_on_the_real_places() -> None:
    failure = failure_of(OrderedRedeal(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "depends on where the unseen cards really lie" in failure.detail


def test_determinisation_catches_a_view_that_shows_hidden_cards_too() -> None:
    failure = failure_of(ShownHands(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "changed what the seat sees: its view differs (at 'hands'" in failure.detail


def test_determinisation_catches_a_search_policy_that_reads_another_hand() -> None:
    failure = failure_of(PeekingPolicy(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "playout_action" in failure.detail and "reads what the seat cannot see" in failure.detail


def test_determinisation_catches_a_search_policy_that_changes_the_state() -> None:
    failure = failure_of(MovingPolicy(), checks={"determinisation"})
    assert failure.check == "determinisation"
    assert "changed the state it was given" in failure.detail


def test_determinisation_passes_a_search_policy_that_reads_its_own_hand() -> None:
    report = check_game(HonestPolicy(), seeds=SEEDS, checks={"determinisation"})
    assert report.determinisations > 0


def test_determinisation_passes_the_engine_redeal_with_declared_known_cards() -> None:
    report = check_game(HandsGame(), seeds=SEEDS, checks={"determinisation"})
    assert report.determinisations > 0


def test_views_catch_a_view_that_hands_out_part_of_the_state() -> None:
    failure = failure_of(ZoneInViewSnap())
    assert failure.check == "views"
    assert "Zone object" in failure.detail


def test_views_catch_a_game_that_shadows_an_engine_key() -> None:
    failure = failure_of(ShadowingSnap())
    assert failure.check == "views"
    assert "RulesError" in failure.detail and "reserved key(s) over" in failure.detail
    failure = failure_of(HandBuiltViewSnap())
    assert failure.check == "views"
    assert "does not follow the view schema" in failure.detail and "'over'" in failure.detail


def test_scenes_catch_a_scene_that_prints_raw_data() -> None:
    failure = failure_of(RawSceneHands())
    assert failure.check == "scenes"
    assert "shows raw data at scene.facts" in failure.detail and "[0, 0" in failure.detail
    check_game(HandsGame(), seeds=SEEDS, checks={"scenes"})  # the generic scene: passes


def test_scenes_catch_a_scene_that_reads_more_than_its_view() -> None:
    failure = failure_of(PeekingSceneHands(), checks={"scenes"})
    assert failure.check == "scenes"
    assert "reads more than its view" in failure.detail


def test_scenes_catch_a_zone_of_nobody_titled_as_a_players() -> None:
    failure = failure_of(MisnamedTableHands(), checks={"scenes"})
    assert failure.check == "scenes"
    assert "'table', which belongs to nobody, \"Ann's table\"" in failure.detail


def test_scenes_catch_an_empty_zone_noted_empty_again() -> None:
    failure = failure_of(EmptyNotedHands(), checks={"scenes"})
    assert failure.check == "scenes"
    assert "notes the empty zone" in failure.detail and "'empty'" in failure.detail


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('bids [null, {"total": 5}]', "JSON-like data"),
        ("scores [3, 4, 0, 2]", "a list of numbers in brackets"),
        ("winner None", "a null value"),
        ("calls open true", "a JSON true or false"),
        ("tokens_to_win 6", "a snake_case word"),
        ("raise seat 3's bid", "a seat number"),
        ("one card goes to hand:2", "a zone id"),
        ("Raise bid=2 values=1", "a field=value pair"),
        ("Play(card=3)", "a Python object"),
    ],
)
def test_raw_text_problems_names_each_kind_of_raw_data(text: str, problem: str) -> None:
    assert any(found.startswith(problem) for found in raw_text_problems(text)), text


def test_raw_text_problems_passes_words_for_players() -> None:
    for text in (
        "Bob raises your bid to 9",
        "Each player is dealt 12 cards; you get red 4, purple 7",
        "Sequence 3 \N{EM DASH} black 5: +5 to its winner",
        "Stop \N{EM DASH} round 2",
        "Waiting for Ann, Bob and Cleo",
        "Scores: You 3, Bob \N{MINUS SIGN}4",
    ):
        assert raw_text_problems(text) == [], text


def test_leaks_catches_a_log_that_shows_a_private_gift() -> None:
    failure = failure_of(GossipHands())
    assert failure.check == "leaks"
    assert "its log shows them apart" in failure.detail and "redact_action" in failure.detail
    check_game(HandsGame(), seeds=SEEDS, checks={"leaks"})  # the same game, redacted: passes


def test_liveness_catches_a_default_action_that_is_not_legal() -> None:
    failure = failure_of(HastySnap())
    assert failure.check == "liveness"
    assert "default action" in failure.detail and "Flip()" in failure.detail


def test_bots_are_given_plain_views_only() -> None:
    failure = failure_of(ZoneInViewSnap(), checks={"bots"}, bots={"plain": PlainViewBot})
    assert failure.check == "bots"
    assert "the view given to bot 'plain'" in failure.detail


def test_bots_check_catches_a_bot_choosing_an_illegal_action() -> None:
    failure = failure_of(SnapGame(), checks={"bots"}, bots={"cheat": CheatingBot})
    assert failure.check == "bots"
    assert "not among the legal actions" in failure.detail


class PlainViewBot(RandomBot):
    """A random bot that asks for views (so the runner builds them)."""

    uses_view = True


# -- correct games pass ---------------------------------------------------------------------


@pytest.mark.slow
def test_a_correct_game_with_hands_and_private_gifts_passes_every_check() -> None:
    report = check_game(HandsGame(), seeds=SEEDS, bots={"random": RandomBot, "p": PlainViewBot})
    assert report.matches == {2: SEEDS, 3: SEEDS, 4: SEEDS}
    assert report.leak_points > SEEDS  # the no-leak check found hidden cards to swap
    assert report.bot_matches == 9


def test_the_gifts_really_are_known_cards() -> None:
    match = Match(HandsGame(), players=2, seed=3)
    card = match.state.zone("hand:0").cards[0]
    match.apply(0, Give(card.id, 1))
    state = match.state
    assert isinstance(state, HandsState)
    assert HandsGame().known_cards(state, 0) == [card]
    assert match.view(0)["gave"] == [card.id] and match.view(1)["gave"] == []


@pytest.mark.slow
def test_truncated_matches_are_counted_and_still_checked() -> None:
    report = check_game(SnapGame(), seeds=5, move_limit=4)
    assert report.truncated == {2: 5, 3: 5, 4: 5, 5: 5}


# -- the interface --------------------------------------------------------------------------


@pytest.mark.slow
def test_default_players_are_every_count_the_game_accepts() -> None:
    report = check_game(SnapGame(), seeds=2, checks={"playout"})
    assert sorted(report.matches) == [2, 3, 4, 5]
    assert check_game(SnapGame(), players=3, seeds=[7, 9]).matches == {3: 2}


def test_an_installed_game_can_be_checked_by_name() -> None:
    report = check_game("hit", players=2, seeds=3)
    assert report.game == "hit" and report.matches == {2: 3}
    assert report.bot_matches == 3  # its registered bots played too


def test_unknown_check_names_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown checks \\['leak'\\]"):
        check_game(SnapGame(), checks={"leak"})
    assert "leaks" in CHECKS


def test_seeds_default_to_200_and_follow_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SEEDS_ENV, raising=False)
    assert default_seeds() == 200
    monkeypatch.setenv(SEEDS_ENV, "3")
    assert check_game(SnapGame(), players=2, checks={"playout"}).matches == {2: 3}


def test_the_seeds_option_reaches_every_check_game_of_the_session(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SEEDS_ENV, raising=False)
    pytester.makepyfile(
        """
        from tablecards.testing import default_seeds

        def test_seeds():
            assert default_seeds() == 7
        """
    )
    result = pytester.runpytest_inprocess(
        "-p", "tablecards.testing.pytest_plugin", "--tablecards-seeds=7", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=1)
    assert default_seeds() == 200  # restored when that session ended


def test_the_seeds_option_cuts_the_kit_blocks_at_collection(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SEEDS_ENV, raising=False)
    pytester.makepyfile(
        """
        import pytest
        from tablecards.testing import kit_blocks

        @pytest.mark.parametrize("block", kit_blocks("hit", players=[2], size=2), ids=str)
        def test_block(block):
            assert block.players == 2
        """
    )
    result = pytester.runpytest_inprocess(
        "-p", "tablecards.testing.pytest_plugin", "--tablecards-seeds=5", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=3)  # seeds 0-1, 2-3 and 4


@pytest.mark.slow
def test_the_pytest_plugin_is_loaded_only_when_a_run_asks_for_it(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        """
        import sys

        def test_not_loaded(request):
            assert "tablecards.testing.pytest_plugin" not in sys.modules
            assert request.config.pluginmanager.get_plugin("tablecards") is None
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    refused = pytester.runpytest_subprocess("--tablecards-seeds=3", "-p", "no:cacheprovider")
    assert refused.ret == pytest.ExitCode.USAGE_ERROR  # the option exists only when asked for


def test_the_fixture_is_check_game(tablecards_check: Any) -> None:
    assert tablecards_check is check_game


def test_a_failure_message_says_how_to_replay_it() -> None:
    failure = failure_of(DuplicatingSnap())
    text = str(failure)
    assert text.startswith("[conservation] snap, players=")
    assert f"seeds=[{failure.where.seed}]" in text and "Snap()" in text


def test_loading_the_pytest_plugin_loads_no_game() -> None:
    code = (
        "import sys, tablecards.testing.pytest_plugin, tablecards.testing, tablecards; "
        "print(sorted(m for m in sys.modules if m.startswith('tablecards_')), "
        "tablecards.registry.cache_info().currsize)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.split() == ["[]", "0"]  # no game plugin imported, no registry built


@pytest.mark.slow
def test_processes_catches_actions_listed_in_a_hash_seeded_order() -> None:
    failure = failure_of(HashOrderSnap())
    assert failure.check == "processes"
    assert "PYTHONHASHSEED" in failure.detail
    # Inside one process the game is deterministic: replays agree with themselves.
    check_game(HashOrderSnap(), seeds=5, checks={"playout", "determinism", "persistence"})
    # The reported action is where the two interpreters' playouts part.
    assert failure.where.seat is not None and failure.where.action is not None


def test_processes_needs_a_game_class_other_interpreters_can_import() -> None:
    class LocalSnap(SnapGame):
        pass

    failure = failure_of(LocalSnap(), checks={"processes"})
    assert failure.check == "processes"
    assert "LocalSnap is defined inside a function" in failure.detail
    assert "cannot import it" in failure.detail
    # The report names a real match to replay, never "players=0, seed=0".
    assert (failure.where.players, failure.where.seed) == (2, 0)
    assert "players=0" not in str(failure)
    assert "replay: check_game(game, players=[2], seeds=[0])" in str(failure)


def test_processes_reports_the_import_error_of_a_class_another_process_cannot_find(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A module that exists only in this interpreter: another process cannot import it.
    ghost = types.ModuleType("ghost_games")
    monkeypatch.setitem(sys.modules, "ghost_games", ghost)
    exec("from toys import SnapGame\nclass GhostSnap(SnapGame):\n    pass\n", ghost.__dict__)
    failure = failure_of(ghost.GhostSnap(), checks={"processes"})
    assert failure.check == "processes"
    assert "ghost_games.GhostSnap cannot be imported in another process" in failure.detail
    assert "ModuleNotFoundError: No module named 'ghost_games'" in failure.detail
    assert "-c 'import ghost_games; ghost_games.GhostSnap'" in failure.detail
    assert "replay: check_game(game, players=[2], seeds=[0])" in str(failure)


def test_processes_reports_a_game_its_options_cannot_rebuild() -> None:
    failure = failure_of(UnrebuildableSnap(), checks={"processes"})
    assert failure.check == "processes"
    assert "could not build the game from its options {'colour': 'red'}" in failure.detail
    assert "UnknownOption" in failure.detail
    assert "replay: check_game(game, players=[2], seeds=[0])" in str(failure)


def test_assert_refused_passes_only_for_a_clean_refusal() -> None:
    from toys import FLIP, SNAP

    from tablecards.testing import assert_refused

    match = Match(SnapGame(), players=2, seed=1)
    error = assert_refused(match, 0, SNAP, reason="no pair is showing")
    assert isinstance(error, tablecards.IllegalAction)
    assert_refused(match, 1, FLIP, expected=tablecards.NotYourTurn)
    with pytest.raises(AssertionError, match="was accepted"):
        assert_refused(match, 0, FLIP)
    with pytest.raises(AssertionError, match="not 'SNAP-9'"):
        assert_refused(match, match.to_act[0], SNAP, rule="SNAP-9")
    with pytest.raises(AssertionError, match="does not contain"):
        assert_refused(match, match.to_act[0], SNAP, reason="a pattern it lacks")
    with pytest.raises(AssertionError, match="changed the match"):
        assert_refused(Match(MutatingSnap(), players=2, seed=1), 0, SNAP)
