"""``tablecards play`` in a real pseudo-terminal, as a player meets it.

Each game is played a few decisions by a scripted human through :mod:`pty` (a real terminal:
rich draws its screens as for a person). The tests read the screen and check what the issue
promised: the seat's own hand is there, no other seat's hidden card is, no line shows a zone id
or a seat number, the help's examples are accepted as typed, and the seed stays hidden while
the match is live.
"""

from __future__ import annotations

import os
import pty
import random
import re
import select
import sys
import time
from pathlib import Path

import pytest

import tablecards
from tablecards import Match
from tablecards.cli._play import help_examples
from tablecards.core._describe import typed_form

GAMES = ["hit", "stop", "exhopp", "hattrick"]
ZONE_ID = re.compile(r"\b(?:row|hand|pack|bid|loot|pile|won|sequence|point|taken|colour):\d")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = "choice>"


class Terminal:
    """``tablecards play`` on a pseudo-terminal: type lines, read the screen so far."""

    def __init__(self, *args: str) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the command line, on the terminal
            os.environ.update({"COLUMNS": "100", "LINES": "50", "TERM": "xterm"})
            os.execv(sys.executable, [sys.executable, "-m", "tablecards", *args])
        self.seen = ""

    def read_until(self, marker: str, timeout: float = 30.0, ended: str | None = None) -> str:
        """Everything printed until ``marker`` shows (the prompt), without terminal codes.

        With ``ended``, the command may also end once that text was printed.
        """
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while marker not in self.seen[start:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {marker!r} within {timeout}s:\n{self.seen[-3000:]}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    if ended is not None and ended in self.seen[start:]:
                        return self.seen[start:]
                    raise AssertionError(f"the command ended before {marker!r}:\n{self.seen}")
                self.seen += ANSI.sub("", chunk.decode("utf-8", "replace")).replace("\r", "")
        return self.seen[start:]

    def read_to_end(self, timeout: float = 30.0) -> None:
        """Read until the command closes the terminal (it has exited)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], deadline - time.monotonic())
            try:
                chunk = os.read(self.fd, 65536) if ready else b""
            except OSError:
                return
            if not chunk:
                return
            self.seen += ANSI.sub("", chunk.decode("utf-8", "replace")).replace("\r", "")

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\n")

    def close(self) -> int:
        os.close(self.fd)
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


@pytest.mark.parametrize("game", GAMES)
def test_a_player_meets_the_game_on_a_real_terminal(game: str) -> None:
    seed = 4
    term = Terminal("play", game, "--seed", str(seed))
    try:
        screen = term.read_until(PROMPT)
        assert "(? for help)" in screen and "You" in screen
        assert f"seed {seed}" not in term.seen and "--seed" not in term.seen  # hidden while live
        if game != "hit":  # the games with secret hands show the seat's own
            assert "Hand" in screen
        for form in range(4):  # the number, the menu text, the typed form, the JSON
            term.type("?")
            help_text = term.read_until(PROMPT)
            examples = help_text.split("for example:")[1].splitlines()[1:5]
            term.type(examples[form].strip())
            screen = term.read_until(PROMPT, ended="Match over")
            assert "Not understood" not in screen and "Not allowed" not in screen, screen
            if "Match over" in screen:  # the bots finished the match meanwhile
                break
        else:
            term.type("q")
        term.read_to_end()
    finally:
        code = term.close()
    assert code == 0
    log = [line for line in term.seen.splitlines() if line[:1] in {" ", "Y", "S"}]
    assert not [line for line in log if ZONE_ID.search(line)], "a zone id reached the screen"
    assert "card(s)" not in term.seen and "seat(s)" not in term.seen
    assert not re.search(r"\bseat \d", term.seen, re.IGNORECASE), "a seat number on screen"
    assert not re.search(r"\b1 cards", term.seen)
    for word in ("(HIT-", "(STOP-", "(EXH-", "(HAT-"):
        assert word not in term.seen


@pytest.mark.parametrize("game", ["stop", "exhopp", "hattrick"])
def test_the_screen_shows_the_own_hand_and_no_other_hidden_card(game: str, tmp_path: Path) -> None:
    save = tmp_path / "match.json"
    term = Terminal("play", game, "--seed", "9", "--save", str(save))
    try:
        screen = term.read_until(PROMPT)
        term.type("q")
        term.read_to_end()
    finally:
        term.close()
    match = Match.from_json(save.read_text("utf-8"))  # the match as it stood on that screen
    scene = match.scene(0)
    mine = next(box for box in scene["seats"][0]["zones"] if box["id"] == "hand:0")
    assert mine["cards"], "the seat's own hand is face up for it"
    flat = " ".join(screen.replace("│", " ").split())
    for card in mine["cards"]:  # every card of the hand is on screen, by its label
        assert card["label"] in flat, card
    if game == "exhopp":  # colour and value name one card only (EXH-01)
        for zone in match.state.zones():
            if zone.name.startswith("hand:") and zone.name != "hand:0":
                for card in zone.cards:
                    data = card.to_json()
                    assert f"{data['colour']} {data['value']}" not in flat, data


@pytest.mark.parametrize("game", [*GAMES, "climb"])
def test_every_help_example_is_accepted_as_typed(game: str) -> None:
    """Across a whole match, each example the help prints parses to a legal action."""
    match = Match(game, seed=2)
    rng = random.Random(2)
    checked = 0
    while not match.is_over and match.moves < 300:
        # The seat the moment waits for: a Stop seat that passed may have nothing to play.
        seat = match.waiting_for[0]
        actions = match.legal_actions(seat)
        menu = tablecards.choice_menu(match, seat)
        for example in help_examples(match, menu):
            chosen = tablecards.read_choice(match, seat, example, menu=menu)
            assert chosen in actions, (example, typed_form(chosen))
            checked += 1
        match.apply(seat, rng.choice(list(actions)))
    assert checked > 20
