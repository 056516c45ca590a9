"""The command group: plugins add commands through ``tablecards_register_commands``."""

from __future__ import annotations

import json
import types

import click
import pytest
from click.testing import CliRunner

import tablecards
from tablecards import hookimpl
from tablecards.cli import _common, cli, main


def test_a_plugin_command_runs_from_the_console_script(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plugin = types.SimpleNamespace()

    @hookimpl
    def tablecards_register_commands(cli: click.Group) -> None:
        @cli.command("hello")
        @click.argument("name")
        def hello(name: str) -> None:
            """Greet NAME."""
            click.echo(f"hello {name}")

    plugin.tablecards_register_commands = tablecards_register_commands
    pm = tablecards.plugin_manager(load_entrypoints=False)
    pm.register(plugin, name="hello-plugin")
    monkeypatch.setattr(_common, "hooks", lambda: pm)
    monkeypatch.setattr(cli, "commands", dict(cli.commands))  # keep the global group clean
    with pytest.raises(SystemExit) as exit_info:
        main(["hello", "world"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == "hello world\n"
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = capsys.readouterr().out
    for command in ("hello", "list", "play", "replay", "rules", "simulate"):
        assert f"  {command} " in help_text


def test_list_marks_the_tutorials_game_as_an_example() -> None:
    result = CliRunner().invoke(cli, ["list"])
    assert result.exit_code == 0
    assert "climb: the tutorial's example game" in result.output
    data = json.loads(CliRunner().invoke(cli, ["list", "--json"]).stdout)
    examples = {game["name"] for game in data["games"] if game["example"]}
    assert examples == {"climb"}
