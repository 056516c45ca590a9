"""The SQLite file in public (issue 28): backups while serving, one server per file, and a
damaged, read-only or full store reported in one line or as JSON, never a traceback, never
an empty database made silently; ``tablecards serve`` stops cleanly and reports a taken port."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from wire import FAST, LiveServer, Player, get, live, post, status_of

BOTS = [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]


def tablecards(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablecards", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def one_clear_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit 1, one line on stderr that holds ``words``, no traceback."""
    assert result.returncode == 1, result
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def watch(server: LiveServer, match: str) -> Player:
    player = Player(server.ws_url(match))
    player.hello()
    player.until("state")
    return player


# -- backups --------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_backup_during_play_opens_with_every_acknowledged_action(tmp_path: Path) -> None:
    settings = attrs.evolve(FAST, bot_think=(0.01, 0.02))
    copy = tmp_path / "copy.db"
    with live(tmp_path / "t.db", settings) as server:
        ids = [
            post(server.url, "/matches", {"game": "hit", "players": 3, "seats": BOTS})["id"]
            for _ in range(3)
        ]
        watchers = {match: watch(server, match) for match in ids}
        for player in watchers.values():
            player.until_moves(10)
        acknowledged = {match: player.state["moves"] for match, player in watchers.items()}  # type: ignore[index]
        result = tablecards("backup", str(tmp_path / "t.db"), str(copy))
        assert result.returncode == 0, result.stderr
        assert "copied 3 matches" in result.stderr
        for match, player in watchers.items():  # still playing after the copy
            player.until_moves(acknowledged[match] + 2)
    assert not Path(str(copy) + "-wal").exists()  # one self-contained file
    with live(copy, attrs.evolve(settings, bot_think=(60, 60))) as server:
        for match, moves in acknowledged.items():
            state = watch(server, match).state
            assert state is not None and state["moves"] >= moves


def test_the_log_is_checkpointed_into_the_file_once_the_server_idles(tmp_path: Path) -> None:
    settings = attrs.evolve(FAST, bot_think=(0.0, 0.0))
    db = tmp_path / "t.db"
    with live(db, settings) as server:
        match = post(server.url, "/matches", {"game": "hit", "players": 3, "seats": BOTS})
        watcher = watch(server, match["id"])
        while watcher.state is not None and watcher.state["result"] is None:
            watcher.until("state")
        moves = watcher.state["moves"]  # type: ignore[index]
        time.sleep(3)  # two idle seconds: the log is copied into the file and emptied
        assert Path(str(db) + "-wal").stat().st_size == 0
        alone = tmp_path / "alone.db"
        alone.write_bytes(db.read_bytes())  # the .db without its -wal, as a careless copy
        conn = sqlite3.connect(alone)
        assert conn.execute("SELECT count(*) FROM actions").fetchone() == (moves,)
        conn.close()


@pytest.mark.slow
def test_backup_refuses_to_overwrite_or_to_copy_nothing(tmp_path: Path) -> None:
    (tmp_path / "out.db").write_bytes(b"")
    one_clear_line(
        tablecards("backup", str(tmp_path / "none.db"), str(tmp_path / "o.db")), "does not exist"
    )
    sqlite3.connect(tmp_path / "other.db").execute("CREATE TABLE x (y)").connection.close()
    one_clear_line(
        tablecards("backup", str(tmp_path / "other.db"), str(tmp_path / "out.db")), "exists"
    )
    one_clear_line(
        tablecards("backup", str(tmp_path / "other.db"), str(tmp_path / "o2.db")), "no tablecards"
    )
    assert not (tmp_path / "o2.db").exists()


# -- one server per file; files it cannot use ----------------------------------------------


@pytest.mark.slow
def test_a_second_server_on_the_same_file_is_refused(tmp_path: Path) -> None:
    with live(tmp_path / "t.db"):
        result = tablecards("serve", "--port", "0", "--db", str(tmp_path / "t.db"))
    one_clear_line(result, "already used by another tablecards server", "--db")


def test_the_store_is_chosen_by_the_scheme_of_db(tmp_path: Path) -> None:
    import asyncio

    from tablecards.server import SQLiteStore, StoreError
    from tablecards.server.store import open_store

    async def opened(db: str | Path) -> str:
        store = await open_store(db)
        await store.aclose()
        assert isinstance(store, SQLiteStore)
        return store.path

    assert asyncio.run(opened(tmp_path / "a.db")) == str(tmp_path / "a.db")
    assert asyncio.run(opened(str(tmp_path / "b.db"))) == str(tmp_path / "b.db")
    assert asyncio.run(opened(f"sqlite://{tmp_path}/c.db")) == f"{tmp_path}/c.db"
    assert asyncio.run(opened(f"sqlite:{tmp_path}/d.db")) == f"{tmp_path}/d.db"
    for db, words in [
        ("mysql://ann:secret@db.example/t", "a mysql:// database"),
        ("sqlite://db.example/t.db", "names no host"),
        ("sqlite:", "names no file"),
    ]:
        with pytest.raises(StoreError, match=words) as refused:
            asyncio.run(opened(db))
        assert "secret" not in str(refused.value)
    assert sorted(path.name for path in tmp_path.iterdir() if path.suffix == ".db") == [
        "a.db",
        "b.db",
        "c.db",
        "d.db",
    ]


def test_an_unknown_scheme_is_refused_in_one_line(tmp_path: Path) -> None:
    result = tablecards("serve", "--port", "0", "--db", "mysql://ann@db.example/t")
    one_clear_line(result, "mysql://", "SQLite", "PostgreSQL")


def test_a_damaged_file_is_refused_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    db.write_bytes(b"this is no database at all" * 400)
    one_clear_line(tablecards("serve", "--port", "0", "--db", str(db)), "damaged")
    assert db.read_bytes() == b"this is no database at all" * 400


def test_a_file_whose_matches_are_in_a_missing_wal_is_refused(tmp_path: Path) -> None:
    # What a copy of the .db alone looks like after a kill: a header, no tables.
    db = tmp_path / "t.db"
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()
    assert db.stat().st_size > 0
    one_clear_line(tablecards("serve", "--port", "0", "--db", str(db)), "-wal", "tablecards backup")
    assert sqlite3.connect(db).execute("SELECT count(*) FROM sqlite_master").fetchone() == (0,)


@contextlib.contextmanager
def tmpfs(folder: Path, size: str) -> Iterator[Path]:
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:  # pragma: no cover - the suite runs as root in CI
        pytest.fail(f"cannot mount a tmpfs: {mounted.stderr!r}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_read_only_store_is_refused_in_one_line(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "ro", "4m") as folder:
        with live(folder / "t.db"):
            pass
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        result = tablecards("serve", "--port", "0", "--db", str(folder / "t.db"))
    one_clear_line(result, "read-only")


def test_a_full_disk_gives_json_errors_loses_nothing_and_play_resumes(tmp_path: Path) -> None:
    settings = attrs.evolve(FAST, bot_think=(0.02, 0.05))
    with tmpfs(tmp_path / "small", "2m") as folder:
        db = folder / "t.db"
        with live(db, settings) as server:
            match = post(server.url, "/matches", {"game": "hit", "players": 3, "seats": BOTS})
            watcher = watch(server, match["id"])
            watcher.until_moves(5)
            filler = folder / "filler"
            with open(filler, "wb") as out, contextlib.suppress(OSError):
                while True:
                    out.write(b"\0" * 65536)
                    out.flush()
                    os.fsync(out.fileno())
            # The bots' next action fails: the watcher is told, /healthz says why.
            message = watcher.until("error", timeout=20)
            assert message["code"] == "storage" and "retrying" in message["reason"]
            health = status_of(server.url + "/healthz")
            assert health[0] == 503 and "full" in health[1]["reason"]
            code, body = status_of(server.url + "/matches", {"game": "hit", "players": 2})
            assert code == 503 and "storage unavailable" in body["error"]
            stuck = watcher.state["moves"]  # type: ignore[index]
            filler.unlink()
            watcher.until_moves(stuck + 3, timeout=20)  # the bots resumed by themselves
            assert status_of(server.url + "/healthz")[0] == 200
            seen = watcher.state["moves"]  # type: ignore[index]
        with live(db, attrs.evolve(settings, bot_think=(60, 60))) as server:
            state = watch(server, match["id"]).state
            assert state is not None and state["moves"] >= seen


@pytest.mark.slow
@pytest.mark.server
def test_a_full_disk_answers_chat_seats_and_healthz_cleanly(tmp_path: Path) -> None:
    """Issue 42 (M8): on a full disk a chat line is answered with a storage error and its
    writer stays connected, taking a seat answers 503 in JSON, and /healthz says what fails
    without the store's path."""
    seats = [{"name": "Ann"}, {"open": True}, {"bot": "random"}]
    with tmpfs(tmp_path / "small", "4m") as folder:
        db = folder / "t.db"
        with live(db, attrs.evolve(FAST, bot_think=(60, 60))) as server:
            match = post(server.url, "/matches", {"game": "hit", "players": 3, "seats": seats})
            ann = Player(server.ws_url(match["id"]))
            ann.hello(match["invites"][0]["token"])
            ann.until("state")
            filler = folder / "filler"
            with open(filler, "wb", buffering=0) as out, contextlib.suppress(OSError):
                while True:  # unbuffered: closing it has nothing left to write
                    out.write(b"\0" * 4096)
            # Enough lines that one reaches the file (SQLite fills its last pages first).
            for n in range(60):
                ann.send({"type": "chat", "text": f"line {n} " + "x" * 190})
                answer = ann.until_any("chat", "error")
                if answer["type"] == "error" and answer["code"] != "chat_rate":
                    break
                time.sleep(2.1 if answer["type"] == "error" else 0)
            assert answer["code"] == "storage" and "retrying" in answer["reason"]
            ann.send({"type": "ping"})
            assert ann.until("pong")  # still connected
            code, body = status_of(server.url + f"/matches/{match['id']}/seats/1", {"name": "Bob"})
            assert code == 503 and "storage unavailable" in body["error"]
            code, body = status_of(server.url + "/healthz")
            assert code == 503 and "full" in body["reason"]
            assert str(folder) not in str(body) and "t.db" not in str(body)
            filler.unlink()
            ann.close()


# -- the command ----------------------------------------------------------------------------


def test_serve_on_a_taken_port_says_so_in_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = tablecards("serve", "--port", str(port), "--db", str(tmp_path / "t.db"))
    one_clear_line(result, f"port {port}", "taken", "--port")


def test_ctrl_c_stops_serve_cleanly(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tablecards",
            "serve",
            "--port",
            "0",
            "--db",
            str(tmp_path / "t.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert get(url.rstrip("/"), "/healthz")["status"] == "ok"
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 0
        assert process.stderr is not None
        assert "Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    # Stopped cleanly: the lock is free and the file opens again at once.
    with live(tmp_path / "t.db"):
        pass
