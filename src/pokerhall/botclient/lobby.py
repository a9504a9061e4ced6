"""The HTTP calls a bot client makes: read a table, and take a seat at it by name; and opening
a table (`pokerhall arena --server` opens one per game).

Plain `urllib` (the standard library), run in a thread by the async client: a bot makes these
calls once, so they need no HTTP client of their own. Errors come back as `LobbyRefused` with
the server's `code` and `detail` (docs/protocol.md, "Lobby").
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from pokerhall.engine.events import JSON

TIMEOUT = 15.0


class LobbyRefused(Exception):
    """The server answered an HTTP error (`status`, its `code` and `detail`), or none at all
    (`status` 0)."""

    def __init__(self, status: int, detail: str, code: str | None = None) -> None:
        super().__init__(f"{detail} (HTTP {status}, {code})" if status else detail)
        self.status = status
        self.detail = detail
        self.code = code


@dataclass(frozen=True)
class Seat:
    seat: int
    token: str


def base_url(url: str) -> str:
    """The server's address without a trailing slash; `http://` is added when no scheme is
    given (`localhost:8000`)."""
    url = url.strip().rstrip("/")
    if "://" not in url:
        url = "http://" + url
    scheme = urllib.parse.urlsplit(url).scheme
    if scheme not in ("http", "https"):
        raise ValueError(f"the server's address must be http:// or https://, not {scheme}://")
    return url


def parse_link(url: str) -> tuple[str, str | None, str | None]:
    """The server, table id and join code of a table's link as the lobby shows it
    (`http://host:8000/table.html?id=ID&code=CODE`); a plain server address gives no table."""
    parts = urllib.parse.urlsplit(url.strip() if "://" in url else "http://" + url.strip())
    query = urllib.parse.parse_qs(parts.query)
    if not parts.path.endswith(".html") or "id" not in query:
        return base_url(url), None, None
    folder = parts.path.rsplit("/", 1)[0]
    base = base_url(urllib.parse.urlunsplit((parts.scheme, parts.netloc, folder, "", "")))
    code = query.get("code")
    return base, query["id"][0], code[0] if code else None


def socket_url(url: str, table_id: str) -> str:
    """The table's WebSocket (`/ws/tables/{id}`): ws:// for http://, wss:// for https://."""
    base = base_url(url)
    scheme, rest = base.split("://", 1)
    ws = "wss" if scheme == "https" else "ws"
    return f"{ws}://{rest}/ws/tables/{urllib.parse.quote(table_id, safe='')}"


def _call(
    method: str,
    url: str,
    body: JSON | None = None,
    *,
    token: str | None = None,
    timeout: float = TIMEOUT,
) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Accept", "application/json")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as exc:
        try:
            error = json.loads(exc.read())
        except ValueError:
            error = {}
        if not isinstance(error, dict):
            error = {}
        raise LobbyRefused(
            exc.code, str(error.get("detail") or exc.reason), error.get("code")
        ) from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise LobbyRefused(0, f"cannot reach {url}: {reason}") from None


def table(url: str, table_id: str, *, code: str | None = None, token: str | None = None) -> JSON:
    """`GET /api/tables/{id}`: the table (`TableInfo`). A private table's is told only with its
    join `code` or a seat `token` of it (docs/protocol.md, "Private tables"); else it is unknown."""
    quoted = urllib.parse.quote(table_id, safe="")
    query = "" if code is None else "?" + urllib.parse.urlencode({"code": code})
    info: JSON = _call("GET", f"{base_url(url)}/api/tables/{quoted}{query}", token=token)
    return info


def open_table(url: str, body: JSON) -> JSON:
    """`POST /api/tables` with `body` (`game`, `options`, `seats`, `bots`, `turn_clock`, ...,
    docs/protocol.md, "Lobby"): the new table (`TableInfo`, with its `id`)."""
    info: JSON = _call("POST", f"{base_url(url)}/api/tables", body)
    return info


def join(url: str, table_id: str, name: str, code: str | None = None) -> Seat:
    """`POST /api/tables/{id}/seats`: a seat by name (a private table's with its join code);
    its secret token plays the seat from then on."""
    quoted = urllib.parse.quote(table_id, safe="")
    body: JSON = {"name": name}
    if code is not None:
        body["code"] = code
    answer = _call("POST", f"{base_url(url)}/api/tables/{quoted}/seats", body)
    return Seat(seat=int(answer["seat"]), token=str(answer["token"]))


def leave(url: str, table_id: str, token: str, *, timeout: float = TIMEOUT) -> None:
    """`POST /api/tables/{id}/leave` with the seat's token: the seat is given up (during the
    game a bot takes it over, or it resigns, as the game has it)."""
    quoted = urllib.parse.quote(table_id, safe="")
    _call("POST", f"{base_url(url)}/api/tables/{quoted}/leave", token=token, timeout=timeout)
