"""``tablecards serve``: its options, and a clear message when the extra is missing."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from click.testing import CliRunner

from tablecards.cli import cli


def test_serve_is_a_command_with_host_port_and_db() -> None:
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    for option in (
        *("--host", "--port", "--db", "--clock", "--bot-think", "--allowed-hosts"),
        *("--creates-per-minute", "--live-matches", "--connections", "--abandon-after"),
        *("--time-scale", "--away-after", "--stand-in-after", "--bot-workers"),
    ):
        assert option in result.output
    assert "127.0.0.1" in result.output and "tablecards.db" in result.output


def test_serve_without_the_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # A module set to None in sys.modules cannot be imported: as if starlette were absent.
    for name in [name for name in sys.modules if name.startswith("tablecards.server")]:
        monkeypatch.delitem(sys.modules, name)
    # Submodules already imported would still be found: hide them all.
    for name in [name for name in sys.modules if name.split(".")[0] == "starlette"]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "starlette", None)
    # An address that cannot be bound: were the import to succeed, the command fails, not hangs.
    result = CliRunner().invoke(cli, ["serve", "--host", "256.0.0.1", "--port", "0"])
    assert result.exit_code == 1
    assert "pip install 'tablecards[server]'" in result.output
    assert "starlette" in result.output


def test_serve_refuses_a_port_out_of_range() -> None:
    result = CliRunner().invoke(cli, ["serve", "--port", "70000"])
    assert result.exit_code == 2


def test_serve_refuses_a_clock_it_cannot_read() -> None:
    for bad in ("nap=1", "reaction", "reaction=-1", "turn=soon", "decision=inf"):
        result = CliRunner().invoke(cli, ["serve", "--clock", bad, "--port", "0"])
        assert result.exit_code == 2, bad
        assert ("--clock" in result.output and "KIND" in result.output) or "factor" in result.output


def test_serve_reads_its_clocks_into_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    import tablecards.server as server

    seen: dict[str, Any] = {}

    def fake_serve(host: str, port: int, db: str, *, settings: Any, ready: Any) -> None:
        seen["settings"] = settings

    monkeypatch.setattr(server, "serve", fake_serve)
    args = ["serve", "--clock", "reaction=2", "--clock", "turn=1", "--clock", "decision=off"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert dict(seen["settings"].clocks) == {"reaction": 2.0, "decision": None, "turn": 1.0}
    result = CliRunner().invoke(cli, ["serve"])
    # Turn clocks run by default: each match's pace decides how long (issue 40).
    assert dict(seen["settings"].clocks) == {"reaction": 1.0, "decision": 1.0, "turn": 1.0}
    args = ["serve", "--time-scale", "0.1", "--away-after", "30", "--stand-in-after", "0"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    settings = seen["settings"]
    assert (settings.time_scale, settings.away_after, settings.stand_in_after) == (0.1, 30, None)
    assert CliRunner().invoke(cli, ["serve", "--time-scale", "0"]).exit_code == 2
