"""Helpers of the server tests: a real uvicorn in a thread, and websocket players."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import uvicorn
import websockets
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tablecards.server import Settings, create_app

#: Every clock off: no moment closes by itself.
NO_CLOCKS = {"reaction": None, "decision": None, "turn": None}

#: Settings for tests: instant bots, no clocks, generous rate limits.
FAST = Settings(bot_think=(0.0, 0.0), clocks=NO_CLOCKS, rate=10_000, burst=10_000)
#: ... no creation quotas (tests make many matches from one address), and the host name of
#: Starlette's TestClient allowed.
FAST = attrs.evolve(
    FAST,
    allowed_hosts=frozenset({"127.0.0.1", "localhost", "testserver"}),
    creates_per_client=100_000,
    creates_per_server=100_000,
    live_matches=100_000,
)


class LiveServer:
    """A real uvicorn serving the app on 127.0.0.1 with an OS-chosen port, in a thread."""

    def __init__(
        self,
        db: str | Path,
        settings: Settings = FAST,
        port: int = 0,
        *,
        sndbuf: int | None = None,
        uvicorn_options: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        self.app = create_app(db, settings=settings, **options)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart on its port
        if sndbuf is not None:  # inherited by every accepted socket: small kernel buffers
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, sndbuf)
        sock.bind(("127.0.0.1", port))
        sock.listen(128)
        self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            self.app,
            log_level="warning",
            ws="websockets-sansio",
            ws_max_size=65_536,
            **(uvicorn_options or {}),
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [sock]}, daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)

    def loop_call(self, coro: Any) -> Any:
        """Run ``coro`` on the server's event loop (to read its store) and return its result."""
        loop = self.server.servers[0].get_loop()
        return asyncio.run_coroutine_threadsafe(coro, loop).result(10)

    def ws_url(self, match: str) -> str:
        return f"ws://127.0.0.1:{self.port}/matches/{match}/ws"


def post(base: str, path: str, data: Any) -> Any:
    """POST JSON and return the decoded answer."""
    request = urllib.request.Request(
        base + path,
        data=json.dumps(data).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def status_of(url: str, data: Any = None) -> tuple[int, Any]:
    """GET ``url`` (or POST ``data`` as JSON): the status and the decoded JSON, errors too."""
    body = None if data is None else json.dumps(data).encode()
    req = urllib.request.Request(
        url,
        data=body,
        headers={"content-type": "application/json"},
        method="POST" if body else "GET",
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as failure:
        return failure.code, json.loads(failure.read())


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        return json.loads(answer.read())


class Player:
    """One websocket client: remembers every message it received, raw and decoded."""

    def __init__(self, url: str, **options: Any) -> None:
        self.ws: ClientConnection = connect(
            url, proxy=None, open_timeout=10, legacy=True, **options
        )
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        self.history: list[dict[str, Any]] = []  # every history entry received, in order
        self.welcome: dict[str, Any] | None = None

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def hello(self, token: str | None = None, since: int | None = None) -> None:
        message: dict[str, Any] = {"type": "hello"}
        if token is None:
            message["spectate"] = True
        else:
            message["token"] = token
        if since is not None:
            message["since"] = since
        self.send(message)

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "welcome":
            self.welcome = message
        if message["type"] == "state":
            self.state = message
            self.history.extend(message["history"])
        return message

    def until(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        """Read until a message of type ``kind`` arrives (and return it)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    def until_any(self, *kinds: str, timeout: float = 10) -> dict[str, Any]:
        """Read until a message of one of ``kinds`` arrives (and return it)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] in kinds:
                return message

    def until_moves(self, moves: int, timeout: float = 10) -> dict[str, Any]:
        """Read until a state of at least ``moves`` moves."""
        while self.state is None or self.state["moves"] < moves:
            self.until("state", timeout)
        return self.state

    @property
    def choices(self) -> list[dict[str, Any]]:
        """The actions the last state's scene offers this seat (see :func:`choices`)."""
        return [] if self.state is None else choices(self.state["scene"])

    def act(self, act: dict[str, Any], after: int | None = None, **extra: Any) -> None:
        if after is None:
            assert self.state is not None
            after = self.state["moves"]
        self.send({"type": "act", "act": act, "after": after, **extra})

    def silent(self, seconds: float) -> bool:
        """Whether nothing at all arrives within ``seconds`` (a close counts as nothing)."""
        try:
            self.ws.recv(timeout=seconds)
        except TimeoutError:
            return True
        except ConnectionClosed:
            return True
        return False

    def close(self) -> None:
        self.ws.close()


def choices(scene: dict[str, Any]) -> list[dict[str, Any]]:
    """Every action JSON a scene offers, both steps of a two-step choice flattened."""
    found: list[dict[str, Any]] = []

    def walk(group: dict[str, Any]) -> None:
        for choice in group["choices"]:
            if "then" in choice:
                walk(choice["then"])
            else:
                found.append(choice["act"])

    for group in scene["actions"]:
        walk(group)
    return found


def zones(scene: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every zone box of a scene (the seats' and the middle's), by the engine's zone name."""
    boxes = [zone for panel in scene["seats"] for zone in panel["zones"]]
    boxes += [zone for group in scene["middle"] for zone in group["zones"]]
    return {zone["id"]: zone for zone in boxes}


def faces(scene: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card face a scene shows."""
    return [face for zone in zones(scene).values() for face in zone["cards"] or ()]


def actors(players: Mapping[int, Player] | Sequence[Player]) -> list[int]:
    """The seats whose last state offers them actions (``players`` by seat)."""
    pairs = players.items() if isinstance(players, Mapping) else enumerate(players)
    return [seat for seat, player in pairs if player.choices]


@contextmanager
def live(
    db: str | Path, settings: Settings = FAST, port: int = 0, **options: Any
) -> Iterator[LiveServer]:
    server = LiveServer(db, settings, port, **options)  # sndbuf=: see LiveServer
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def server_process(db: str | Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``tablecards serve`` in a subprocess on port 0; yields it and its address."""
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "tablecards", "serve", "--port", "0", "--db", str(db)),
            *("--clock", "reaction=off", "--clock", "decision=off", "--bot-think", "0"),
            *("--creates-per-minute", "100000", "--live-matches", "100000"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield process, url.rstrip("/")
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def mute_socket(port: int, match: str, *, rcvbuf: int = 4096, forwarded: str = "") -> socket.socket:
    """A websocket that says hello as a spectator and then never reads: a raw socket with a
    small receive buffer, so what the server sends piles up on the server's side."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    extra = f"X-Forwarded-For: {forwarded}\r\n" if forwarded else ""
    sock.sendall(
        (
            f"GET /matches/{match}/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            f"Sec-WebSocket-Version: 13\r\n{extra}\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)  # byte by byte: not one byte of the frames after it
    assert b" 101 " in answer.split(b"\r\n")[0], answer
    sock.sendall(masked_frame(json.dumps({"type": "hello", "spectate": True}).encode()))
    return sock


def masked_frame(payload: bytes) -> bytes:
    """One client text frame (masked, as clients must), for payloads under 126 bytes."""
    assert len(payload) < 126
    mask = b"\x01\x02\x03\x04"
    body = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + body


def ws(url: str, match: str) -> str:
    return url.replace("http://", "ws://") + f"/matches/{match}/ws"


async def race(racers: list[tuple[str, str]], moves: int) -> list[dict[str, Any]]:
    """Open one socket per ``(url, token)``, wait for all to be ready, then all call Stop! at
    once; return each socket's outcome: its error, ``{"type": "won"}`` or ``"nothing"``."""
    sockets = []
    for url, token in racers:
        conn = await websockets.connect(url, proxy=None)
        await conn.send(json.dumps({"type": "hello", "token": token}))
        while json.loads(await conn.recv())["type"] != "state":
            pass
        sockets.append(conn)
    message = json.dumps({"type": "act", "act": {"type": "CallStop"}, "after": moves})
    await asyncio.gather(*(conn.send(message) for conn in sockets))

    async def answer(conn: Any) -> dict[str, Any]:
        # Every socket sees the new state; the losers also get an error, the winner none.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 3
        seen = False
        while loop.time() < deadline:
            try:
                reply = json.loads(await asyncio.wait_for(conn.recv(), deadline - loop.time()))
            except asyncio.TimeoutError:
                break
            if reply["type"] == "error":
                return dict(reply)
            seen = seen or (reply["type"] == "state" and reply["moves"] == moves + 1)
        return {"type": "won" if seen else "nothing"}

    replies = list(await asyncio.gather(*(answer(conn) for conn in sockets)))
    await asyncio.gather(*(conn.close() for conn in sockets))
    return replies
