"""``tablecards play``: a human plays in the terminal against bots.

Each time a human seat may act, the screen shows that seat's scene only (the game's table as
that seat sees it, :meth:`tablecards.Match.scene`), what happened since its last decision
(:meth:`tablecards.Match.history`) and its choices, numbered. Players are called "Player 1",
"Player 2", ... and the reader "you". Bots act
as in :func:`tablecards.play`: each with its own generator derived from the seed.

Open moments (several seats may act, whoever speaks first takes the moment): a terminal cannot
time who speaks first, so **a human among the seats that may act is always asked first**, and
may act or pass (the game offers the pass). The bots speak once no human may act any more, in
an order drawn by :class:`tablecards.RandomPriority` from the seeded generator, as in
:func:`tablecards.play`. This favours the human in races (Stop's calls), which a human at the
terminal expects: nothing happens behind their back while they read the screen. A human whose
action leaves them asked among the same seats (a pass in Stop's auction, which can be taken
back until the last player passes) is asked again only after a bot has spoken. In a moment where
everyone answers on their own (:meth:`tablecards.Game.simultaneous`) nobody speaks first: the
screen says that each chooses on their own and that nobody sees the choice until all have
chosen; the human is still asked first, and the bots' answers cannot see theirs.

The seed is never shown while the match is live: with it and the public actions a player could
rebuild every hidden card. It is printed once the match is over (a ``--save`` file holds it,
and everything else).
"""

from __future__ import annotations

import json
import random
import secrets
from pathlib import Path
from typing import Any

import attrs
import click
from rich.text import Text

from tablecards import (
    Action,
    Bot,
    ChoiceMenu,
    IllegalAction,
    MalformedAction,
    Match,
    MenuChoice,
    NotYourTurn,
    RandomPriority,
    TablecardsError,
    action_to_json,
    bot_choice,
    read_choice,
    registry,
)
from tablecards.cli._common import err, fill_bots, out, parse_options, split_names
from tablecards.cli._screen import (
    SUMMARY_LINES,
    draw_screen,
    history_lines,
    player_names,
    result_lines,
    summarise,
)
from tablecards.core._describe import typed_form
from tablecards.words import listing

__all__ = ["play_command"]

HELP = """\
Choose an action by its number, its menu text (or the start of it), its name with its fields,
or its JSON. A choice with a second step under it opens that step: then type the second
step's number or text (an empty line goes back), or give both at once ("4 1", "4.1"). For
this decision, for example:
{examples}
Other commands: ? (this help), v (the table again), log (everything that happened so far),
q (quit; the match is saved when --save was given). Ctrl-C and the end of input quit too,
saving first."""


def help_examples(match: Match, menu: ChoiceMenu) -> list[str]:
    """What the help suggests typing now, each form taken from the seat's ``menu``.

    Every example is accepted as typed by :func:`tablecards.read_choice` (a test holds this
    for every game): the numbers and the texts of a choice of the menu, and its action's
    typed and JSON forms. The choice is one of two steps when there is one, else an action
    with fields when there is one: those are the forms that need an example.
    """
    paths = list(menu.paths())
    if not paths:
        return []

    def action(path: tuple[MenuChoice, ...]) -> Action:
        return match.parse_action(path[-1].act or {})

    path = max(paths, key=lambda path: (len(path), bool(attrs.fields(type(action(path))))))
    example = action(path)
    return [
        " ".join(str(choice.number) for choice in path),
        " / ".join(choice.text for choice in path),
        typed_form(example),
        json.dumps(action_to_json(example)),
    ]


class _Quit(Exception):
    """The human typed ``q``."""


@click.command("play")
@click.argument("game")
@click.option("-p", "--players", type=click.IntRange(min=1), help="Number of seats.")
@click.option(
    "-s",
    "--seat",
    "seats",
    type=click.IntRange(min=0),
    multiple=True,
    help="A seat you play (repeatable, for several humans at one terminal). Default: 0.",
)
@click.option(
    "--bots",
    help="Comma-separated bot names for the other seats, in seat order; one name fills them "
    "all. Default: the game's heuristic bot, else random.",
)
@click.option(
    "--seed",
    type=int,
    help="Match seed (default: a random one, shown when the match is over, never before).",
)
@click.option(
    "-o", "--option", "options", multiple=True, metavar="KEY=VALUE", help="A game option."
)
@click.option(
    "--save",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Write the match (JSON) to this file at the end, on q, at the end of input and on "
    "Ctrl-C. It holds the seed and every card: it reveals everything.",
)
@click.option(
    "--events",
    type=click.IntRange(min=1),
    default=SUMMARY_LINES,
    show_default=True,
    help="Lines of the account of what happened since your last decision (log shows all).",
)
@click.option(
    "--explain", is_flag=True, help="Cite the rule ID of each refusal (players rarely need them)."
)
def play_command(
    game: str,
    players: int | None,
    seats: tuple[int, ...],
    bots: str | None,
    seed: int | None,
    options: tuple[str, ...],
    save: Path | None,
    events: int,
    explain: bool,
) -> None:
    """Play GAME in the terminal against bots.

    You see only what your seat may see; choose by number or by typing the action.
    """
    if seed is None:
        seed = secrets.randbelow(2**31)
    try:
        loaded = registry().load_game(game, **parse_options(options))
        players = players if players is not None else loaded.default_players
        humans = tuple(sorted(set(seats))) if seats else (0,)
        loaded.check_players(players)
        robots = _make_bots(loaded, players, humans, split_names(bots))
        match = Match(loaded, players, seed)
    except TablecardsError as error:
        raise click.ClickException(str(error)) from None
    names = player_names(players)
    err.print(
        f"{loaded.title}, {players} players; you play {listing(names[seat] for seat in humans)}"
    )
    table = _Table(match, humans, robots, seed, events, explain)
    try:
        table.run()
    except _Quit:
        _save(match, save)
        return
    except click.Abort as error:
        _save(match, save)
        if isinstance(error.__context__, EOFError):
            # The end of a piped script is a normal way to stop, not an interruption.
            err.print("End of input: the match stops here.")
            return
        err.print("Interrupted.")
        raise SystemExit(130) from None
    except (KeyboardInterrupt, EOFError):
        _save(match, save)
        err.print("Interrupted.")
        raise SystemExit(130) from None
    view_seat = humans[0] if len(humans) == 1 else None
    since = table.seen[view_seat] if view_seat is not None else 0
    lines = summarise(history_lines(match, view_seat, names, since), events)
    draw_screen(out, match.scene(view_seat, names), "Final table", lines)
    for line in result_lines(match, names, humans):
        out.print(line, markup=False)
    out.print(f"The match's seed was {seed} (play it again with --seed {seed}).", markup=False)
    _save(match, save)


def _make_bots(
    game: Any, players: int, humans: tuple[int, ...], names: list[str] | None
) -> dict[int, Bot]:
    reg = registry()
    for seat in humans:
        if seat >= players:
            raise click.BadParameter(f"seat {seat} is not a seat of {players}", param_hint="--seat")
    others = [seat for seat in range(players) if seat not in humans]
    if not names:
        names = ["heuristic" if "heuristic" in reg.bot_names(game.name) else "random"]
    try:
        names = fill_bots(names, len(others), "the seats not played by you")
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from None
    return {
        seat: reg.bot(game.name, name).factory(game, seat)
        for seat, name in zip(others, names, strict=True)
    }


def _save(match: Match, path: Path | None) -> None:
    if path is None:
        return
    path.write_text(match.to_json() + "\n", encoding="utf-8")
    err.print(f"Match saved to {path} (replay it with: tablecards replay {path})", soft_wrap=True)


class _Table:
    """The loop of one match: humans are asked at the terminal, bots choose by themselves."""

    def __init__(
        self,
        match: Match,
        humans: tuple[int, ...],
        bots: dict[int, Bot],
        seed: int,
        events: int,
        explain: bool = False,
    ) -> None:
        self.match = match
        self.humans = humans
        self.bots = bots
        self.names = player_names(match.players)
        self.events = events
        self.explain = explain
        self.last_rule: str | None = None
        self.arbiter = RandomPriority()
        # The same derivations as tablecards.play, so bots behave as they do in simulations.
        self.speak = random.Random(f"{seed}/arbiter")
        self.rngs = {seat: random.Random(f"{seed}/bot/{seat}") for seat in bots}
        # Per human: the move from which the account of its next screen starts.
        self.seen = dict.fromkeys(humans, 0)

    def run(self) -> None:
        match = self.match
        # Only the seats the moment waits for are asked: a Stop seat that passed is not asked
        # again (passing again is not a move), so nobody is asked for ever.
        while not match.is_over:
            to_act = match.waiting_for or match.to_act
            waiting = [seat for seat in to_act if seat in self.humans]
            if waiting:
                self.ask(waiting[0], to_act)
                continue
            bots = tuple(seat for seat in to_act if seat not in self.humans)
            seat = bots[0] if len(bots) == 1 else self.arbiter.pick(bots, self.speak)
            match.apply(seat, bot_choice(self.bots[seat], match, seat, self.rngs[seat]))

    def screen(self, seat: int, to_act: tuple[int, ...]) -> ChoiceMenu:
        """The decision in front of ``seat``: what happened since its last, the table, the
        menu (numbered as :func:`tablecards.scene_text` numbers it); returns the menu."""
        match, game, names = self.match, self.match.game, self.names
        since = self.seen[seat]
        lines = summarise(history_lines(match, seat, names, since), self.events)
        heading = "Since your last decision" if since else "So far"
        scene = match.scene(seat, names)
        title = f"{game.title} - {names[seat]} (you) - move {match.moves + 1}"
        draw_screen(out, scene, title, lines, heading)
        if match.answering_since is not None:
            # Everyone answers on their own: nobody speaks first, and there may be no pass.
            others = [names[other] for other in match.waiting_for if other != seat]
            also = (
                f"{listing(others)} {'chooses' if len(others) == 1 else 'choose'} too; "
                if others
                else ""
            )
            out.print(
                f"[bold]Everyone chooses on their own:[/bold] {also}nobody sees your choice "
                "until all have chosen."
            )
        elif len(to_act) > 1:
            others = [names[other] for other in to_act if other != seat]
            out.print(
                f"[bold]Open moment:[/bold] {listing(others)} may act too; you speak first: "
                "act or pass."
            )
        prompt = scene.get("prompt") or "Your decision"
        out.print(Text.assemble((prompt, "bold"), " (? for help)"))
        menu = ChoiceMenu.from_scene(scene)
        for line in menu.lines():
            out.print(f"  {line}", markup=False)
        return menu

    def help(self, menu: ChoiceMenu) -> None:
        """The help, with examples taken from this decision; the last refusal's rule."""
        found = help_examples(self.match, menu)
        examples = "\n".join(f"  {example}" for example in found)
        out.print(HELP.format(examples=examples), markup=False)
        if self.last_rule:
            out.print(
                f"The last refusal applied rule {self.last_rule} "
                f"(tablecards rules {self.match.game.name}).",
                markup=False,
            )

    def ask(self, seat: int, to_act: tuple[int, ...]) -> None:
        """Ask seat ``seat`` until it gives a legal action; apply it."""
        match = self.match
        menu = self.screen(seat, to_act)
        first = f"{self.names[seat]}, your choice" if len(self.humans) > 1 else "Your choice"
        # A first step opened (what was typed for it, and its text): the next line is read in
        # its second step, as "first / second".
        opened: tuple[str, str] | None = None
        while True:
            prompt = first if opened is None else f"{opened[1]}, then"
            text = click.prompt(prompt, default="", show_default=False, prompt_suffix="> ").strip()
            if text in {"?", "help", "h"}:
                self.help(menu)
                continue
            if text in {"v", "view"}:
                menu, opened = self.screen(seat, to_act), None
                continue
            if text == "log":
                for line in history_lines(match, seat, self.names):
                    out.print(line, markup=False)
                continue
            if text in {"q", "quit", "exit"}:
                raise _Quit
            if opened is not None and not text:
                opened = None  # back to the first step
                continue
            typed = text if opened is None else f"{opened[0]} / {text}"
            try:
                path = menu.find(typed)
                if path is not None and path[-1].then is not None:
                    opened = (typed, path[-1].text)
                    for line in path[-1].then.lines():
                        out.print(f"    {line}", markup=False)
                    continue
                action = read_choice(match, seat, typed, self.names, menu=menu)
                match.apply(seat, action)
            except MalformedAction as error:
                out.print(Text.assemble(("Not understood: ", "red"), error.reason))
                continue
            except (IllegalAction, NotYourTurn) as error:
                reason = getattr(error, "reason", str(error))
                self.last_rule = getattr(error, "rule", None)
                where = f" [{self.last_rule}]" if self.last_rule and self.explain else ""
                out.print(Text.assemble(("Not allowed: ", "red"), f"{reason}{where}"))
                continue
            # The account of the next screen starts with this decision and what it caused.
            self.seen[seat] = match.moves
            return
