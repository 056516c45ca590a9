"""Text captures of each game's screen, as ``tablecards play`` draws it, for the docs.

``python tests/screens.py`` rewrites ``docs/games/_screens/<game>.txt``; ``test_screens.py``
fails when a committed capture differs from what the code draws now, so the pictures in the
game pages cannot drift from the real screens.
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

from rich.console import Console

import tablecards
from tablecards import Match
from tablecards.cli._screen import draw_screen, history_lines, player_names, summarise
from tablecards.table._render import menu

SCREENS = Path(__file__).resolve().parent.parent / "docs" / "games" / "_screens"
#: Per game: the seed, and how many actions the bots play before seat 0's screen is captured.
SHOTS = {"hit": (7, 6), "stop": (3, 14), "exhopp": (5, 9), "hattrick": (2, 9)}


def capture(game: str) -> str:
    """Seat 0's screen at its next decision after the bots played a few actions."""
    seed, moves = SHOTS[game]
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    bots = {
        seat: tablecards.registry().bot(game, "heuristic").factory(match.game, seat)
        for seat in range(match.players)
    }
    while match.moves < moves or 0 not in match.waiting_for:
        # Whoever may act speaks, in an order drawn from the seed, as at a table.
        seat = match.waiting_for[rng.randrange(len(match.waiting_for))]
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), rng))
    console = Console(file=io.StringIO(), width=88, color_system=None, legacy_windows=False)
    names = player_names(match.players)
    lines = summarise(history_lines(match, 0, names, max(0, match.moves - 4)))
    scene = match.scene(0, names)
    title = f"{match.game.title} - {names[0]} (you) - move {match.moves + 1}"
    draw_screen(console, scene, title, lines, "Since your last decision")
    console.print(f"[bold]{scene['prompt'] or 'Your decision'}[/bold] (? for help)")
    for number, (_, label, _) in enumerate(menu(scene["actions"])[:6], start=1):
        console.print(f"  {number}. {label}", markup=False)
    text: str = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def main() -> None:
    """Rewrite every capture."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    for game in SHOTS:
        (SCREENS / f"{game}.txt").write_text(capture(game), encoding="utf-8")
        print(f"wrote {SCREENS / f'{game}.txt'}", file=sys.stderr)


if __name__ == "__main__":
    main()
