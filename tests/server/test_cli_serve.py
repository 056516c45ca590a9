"""``tablecards serve``: its options, and a clear message when the extra is missing."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from tablecards.cli import cli


def test_serve_is_a_command_with_host_port_and_db() -> None:
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    for option in (
        *("--host", "--port", "--db", "--close-after", "--bot-think", "--allowed-hosts"),
        *("--creates-per-minute", "--live-matches", "--connections", "--abandon-after"),
        "--bot-workers",
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
