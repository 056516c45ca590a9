"""Looking back at finished matches: the lobby's list and each match's standings and rounds.

What a finished match shows is what a spectator saw (the spectator's view, events and log, as
during play) plus the result: no hidden card is turned over afterwards, and the seed never
leaves the server. The per-round summary reads the scores from the spectator's view at the end
of each round (the view's ``scores``), so it holds nothing a spectator did not see.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from tablecards import Match, TablecardsError
from tablecards.server._seats import with_claims
from tablecards.server.store import MatchRecord

if TYPE_CHECKING:
    from tablecards.server._hub import Hub

__all__ = ["finished_matches", "match_summary", "round_scores", "standings"]

#: Finished matches never change: their summaries are kept, per hub.
_DONE: weakref.WeakKeyDictionary[Hub, dict[str, dict[str, Any]]] = weakref.WeakKeyDictionary()


def standings(match: Match, names: list[str]) -> list[dict[str, Any]]:
    """The final standings: best score first (ties in seat order), winners marked."""
    result = match.result
    if result is None:
        return []
    order = sorted(range(match.players), key=lambda seat: (-result.scores[seat], seat))
    return [
        {
            "seat": seat,
            "name": names[seat],
            "score": result.scores[seat],
            "winner": seat in result.winners,
        }
        for seat in order
    ]


def round_scores(match: Match) -> list[dict[str, Any]]:
    """Every seat's score at the end of each round, as the spectator's view showed it.

    Replays the log on a fresh match: a round ends with the move after which
    :meth:`Game.rounds_played <tablecards.Game.rounds_played>` grows. Empty when the game's
    view shows no ``scores`` list.
    """
    game = match.game
    replay = Match(game, match.players, match.seed)
    rows: list[dict[str, Any]] = []
    for seat, action in match.log:
        before = game.rounds_played(replay.state)
        replay.apply(seat, action)
        # Round 0 is the set-up of games that count a round from its first move.
        if game.rounds_played(replay.state) > before >= 1 and not replay.is_over:
            scores = _scores(replay, match.players)
            if scores is None:
                return []
            rows.append({"round": before, "scores": scores})
    final = _scores(replay, match.players)
    if final is None:
        return []
    rows.append({"round": game.rounds_played(replay.state), "scores": final})
    return rows


def _scores(match: Match, players: int) -> list[int] | None:
    scores = match.view(None).get("scores")
    if (
        isinstance(scores, list)
        and len(scores) == players
        and all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    ):
        return list(scores)
    return None


def match_summary(match_id: str, record: MatchRecord, match: Match) -> dict[str, Any]:
    """``GET /matches/{id}``: who plays, how far, and once over the standings and rounds.

    Never the seed, never a card: the same for everybody who asks.
    """
    names = [seat.name for seat in record.seats]
    out: dict[str, Any] = {
        "id": match_id,
        "game": match.game.name,
        "title": match.game.title,
        "players": match.players,
        "seats": [seat.to_json() for seat in record.seats],
        "moves": match.moves,
        "over": match.is_over,
        "result": None,
    }
    result = match.result
    if result is not None:
        out["result"] = {
            "standings": standings(match, names),
            "rounds": round_scores(match),
            "winners": [names[seat] for seat in result.winners],
            "truncated": result.truncated,
        }
    return out


async def finished_matches(hub: Hub, limit: int = 20) -> list[dict[str, Any]]:
    """The most recent finished matches with their results, by name (newest first)."""
    done = _DONE.setdefault(hub, {})
    rows = []
    newest = await hub.store.finished(limit)
    # Only the summaries of this listing are kept: the cache stays as small as the listing.
    listed = {stored.id for stored in newest}
    for gone in [match_id for match_id in done if match_id not in listed]:
        del done[gone]
    for stored in newest:
        summary = done.get(stored.id)
        if summary is None:
            record = with_claims(stored, await hub.store.claims(stored.id))
            try:
                match = Match(
                    hub.load_game(record.game, **record.options), record.players, record.seed
                )
                for seat, text in await hub.store.actions(record.id):
                    match.apply(seat, match.parse_action(text))
            except (TablecardsError, TypeError, ValueError):
                continue  # a match of a game no longer installed, or changed: not listed
            summary = match_summary(record.id, record, match)
            done[record.id] = summary
        result = summary["result"] or {}
        rows.append(
            {
                "id": summary["id"],
                "game": summary["game"],
                "title": summary["title"],
                "names": [seat["name"] for seat in summary["seats"]],
                "winners": result.get("winners", []),
                "standings": result.get("standings", []),
            }
        )
    return rows
