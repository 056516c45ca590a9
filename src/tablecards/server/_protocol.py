"""The websocket protocol: reading a client's message safely, and the shapes of the answers.

Every client message is a JSON object with a ``type``:

- ``{"type": "hello", "token": "..."}`` or ``{"type": "hello", "spectate": true}`` (first
  message only), with an optional ``"since": n`` (the moves already seen, to resume);
- ``{"type": "act", "act": {action JSON}, "after": n}``: ``n`` is the ``moves`` of the screen the
  click was made on; an optional ``"id"`` is echoed in the answer;
- ``{"type": "ping"}``;
- ``{"type": "chat", "text": "..."}``: a line for the table chat (the author is the
  connection's seat, never a field of the message);
- ``{"type": "rematch"}``: a player of a finished match asks for its rematch and a key to it;
- ``{"type": "hand_over", "seat": n}``: a player hands seat ``n`` (0-based, as in ``presence``)
  to a bot: a seat the presence offers (its person away, out of time), or the player's own.

Anything else is refused with an ``error`` message; nothing a client sends is trusted beyond
these fields (a ``seat`` in a message is ignored: the connection's seat is fixed at hello).
"""

from __future__ import annotations

import json
import math
from typing import Any

import attrs

__all__ = [
    "MAX_MOVES",
    "Act",
    "Chat",
    "HandOver",
    "Hello",
    "Message",
    "Ping",
    "ProtocolError",
    "Rematch",
    "error",
    "read_message",
]

#: Larger ``after`` or ``since`` values are refused: no match is that long.
MAX_MOVES = 1_000_000
_MAX_ID = 64
#: Larger seat numbers are refused before any table looks at them.
_MAX_SEATS = 1_000


class ProtocolError(Exception):
    """A client message that cannot be read; ``code`` is the error's machine name."""

    def __init__(self, code: str, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.rule = rule


@attrs.frozen
class Hello:
    """Bind the connection to the seat of ``token``, or to spectating."""

    token: str | None
    spectate: bool
    since: int | None


@attrs.frozen
class Act:
    """Play ``act`` (an action's JSON) as the connection's seat, on the screen of ``after``."""

    act: dict[str, Any]
    after: int
    id: str | int | None


@attrs.frozen
class Ping:
    """Keep-alive; answered with ``pong``."""


@attrs.frozen
class Chat:
    """A line for the table chat, written as the connection's seat (or as a spectator)."""

    text: str


@attrs.frozen
class Rematch:
    """Ask for the rematch of a finished match (created by the first to ask) and a key to it."""


@attrs.frozen
class HandOver:
    """Let a bot play ``seat`` until its person is back (asked by the connection's seat)."""

    seat: int


Message = Hello | Act | Ping | Chat | Rematch | HandOver
#: Longer chat texts are refused before anything else looks at them.
_MAX_CHAT_FIELD = 2_000


def _refuse_constant(name: str) -> Any:
    raise ProtocolError("bad_json", f"{name} is not a number JSON allows")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``'s object hook: a key given twice is refused, never its last value kept
    (which one the client meant is unknowable), in the message and in its action alike."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ProtocolError("bad_json", f"the key {key[:40]!r} is given twice")
        out[key] = value
    return out


def read_message(text: str | bytes, max_bytes: int) -> Message:
    """Parse one client message.

    Raises:
        ProtocolError: too large, not JSON, not an object, an unknown type or bad fields.
    """
    # Bytes as sent (UTF-8), not characters: a character may take up to four.
    size = len(text) if isinstance(text, bytes) else _utf8_size(text, max_bytes)
    if size > max_bytes:
        raise ProtocolError("too_large", f"messages are limited to {max_bytes} bytes")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique)
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as failure:
        raise ProtocolError("bad_json", f"not valid JSON: {type(failure).__name__}") from None
    try:
        # "\ud800" escapes decode to lone surrogates, which no answer could carry back; only
        # an escape can make one, so a message without any needs no check.
        if ("\\u" in text) if isinstance(text, str) else (b"\\u" in text):
            json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ProtocolError(
            "bad_json", "the message holds a lone surrogate (\\ud800-\\udfff): not text"
        ) from None
    except (ValueError, RecursionError) as failure:
        raise ProtocolError("bad_json", f"not valid JSON: {type(failure).__name__}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object with a 'type'")
    kind = data.get("type")
    if kind == "hello":
        return _hello(data)
    if kind == "act":
        return _act(data)
    if kind == "ping":
        _only(data, {"type"})
        return Ping()
    if kind == "chat":
        _only(data, {"type", "text"})
        line = data.get("text")
        if not isinstance(line, str):
            raise ProtocolError("bad_field", "'text' must be the message, as text")
        if len(line) > _MAX_CHAT_FIELD:
            raise ProtocolError("chat_too_long", "this chat message is far too long")
        return Chat(line)
    if kind == "rematch":
        _only(data, {"type"})
        return Rematch()
    if kind == "hand_over":
        _only(data, {"type", "seat"})
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < _MAX_SEATS:
            raise ProtocolError("bad_field", "'seat' must be the seat's number (0 for the first)")
        return HandOver(seat)
    raise ProtocolError(
        "unknown_type",
        f"unknown message type {_short(kind)}; expected hello, act, ping, chat, rematch or "
        "hand_over",
    )


def _utf8_size(text: str, limit: int) -> int:
    if len(text) * 4 <= limit:  # cannot be too large: skip encoding
        return len(text)
    if len(text) > limit:
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


def _hello(data: dict[str, Any]) -> Hello:
    _only(data, {"type", "token", "spectate", "since"})
    token = data.get("token")
    spectate = data.get("spectate", False)
    if spectate is not False and spectate is not True:
        raise ProtocolError("bad_field", "'spectate' must be true or false")
    if token is not None and (not isinstance(token, str) or len(token) > 200):
        raise ProtocolError("bad_field", "'token' must be the text of an invite link")
    if (token is None) == (not spectate):
        raise ProtocolError("bad_field", "hello needs either a 'token' or 'spectate': true")
    return Hello(token, spectate, _moves(data, "since", required=False))


def _act(data: dict[str, Any]) -> Act:
    _only(data, {"type", "act", "after", "id"})
    act = data.get("act")
    if not isinstance(act, dict):
        raise ProtocolError("bad_field", "'act' must be an action object such as {\"type\": ...}")
    ident = data.get("id")
    if ident is not None and not (
        (isinstance(ident, str) and len(ident) <= _MAX_ID)
        or (isinstance(ident, int) and not isinstance(ident, bool) and abs(ident) < 2**53)
    ):
        raise ProtocolError("bad_field", "'id' must be a short text or a number")
    after = _moves(data, "after", required=True)
    if after is None:  # pragma: no cover - required=True never returns None
        raise ProtocolError("bad_field", "'after' is required")
    return Act(act, after, ident)


def _moves(data: dict[str, Any], key: str, *, required: bool) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not 0 <= value <= MAX_MOVES
        or (isinstance(value, float) and not math.isfinite(value))
    ):
        raise ProtocolError(
            "bad_field", f"'{key}' must be a whole number of moves from 0 to {MAX_MOVES}"
        )
    return value


def _only(data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        listed = ", ".join(_short(key) for key in extra[:5])
        raise ProtocolError(
            "bad_field",
            f"unexpected field(s) {listed} in a {data.get('type')} message; "
            f"allowed: {', '.join(sorted(allowed))}",
        )


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def error(
    code: str, reason: str, rule: str | None = None, ident: str | int | None = None
) -> dict[str, Any]:
    """An ``error`` message: sent to the one client it concerns, never broadcast."""
    out: dict[str, Any] = {"type": "error", "code": code, "reason": reason, "rule": rule}
    if ident is not None:
        out["id"] = ident
    return out
