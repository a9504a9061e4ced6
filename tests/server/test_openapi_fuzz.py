"""The OpenAPI document is true: a bounded, derandomized schemathesis run against the app in
process finds no route answering an undocumented status or a body its schema does not allow.
Seat tokens are supplied for the routes that need one, so authorised routes are exercised too.
The routes of one table reach real tables: the history of one still open with fewer players
than the game needs (issue 20: it answered 500), and a private table's seats with join codes
that hold letters outside ASCII ("ÉCOLE1": `compare_digest` raised), which the hooks below mix
into the generated codes."""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from pokerhall.server.app import create_app

from .roomy import ROOMY

with warnings.catch_warnings():  # Starlette's test client would rather have httpx2
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.checks import positive_data_acceptance
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::UserWarning")

SCHEMA_DB = Path(tempfile.mkdtemp(prefix="pokerhall-openapi-")) / "schema.sqlite3"
APP = create_app(f"sqlite:///{SCHEMA_DB}")  # for its schema; a database of its own per run
REJECTED = [400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 428, 429]
"""Answers that refuse a request; 413 too: a body within a field's character limit can still be
over the server's 64 KiB body limit (four-byte characters), and 413 is the documented answer."""
CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {"checks": {"negative_data_rejection": {"expected-statuses": REJECTED}}}
)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=CONFIG)
NOT_ASCII = st.text(st.sampled_from("ÉÁČŘŽÖÜßΩλЖ"), min_size=1, max_size=3)
"""Letters no join code has (`creator.CODE_ALPHABET` is ASCII), to mix into generated codes."""


def with_letters_outside_ascii(code: object) -> st.SearchStrategy[str]:
    """`code` (a generated one, or any when it is none) with such letters put in it."""
    text = code if isinstance(code, str) else "ECOLE1"
    where = st.integers(0, len(text))
    return st.tuples(where, NOT_ASCII).map(lambda cut: text[: cut[0]] + cut[1] + text[cut[0] :])


@schema.hook.apply_to(path="/api/tables/{table_id}/seats", method="POST")  # type: ignore[misc]
def flatmap_body(_context: Any, body: Any) -> st.SearchStrategy[Any]:
    if not isinstance(body, dict):
        return st.just(body)
    mixed = with_letters_outside_ascii(body.get("code")).map(lambda code: {**body, "code": code})
    return st.one_of(st.just(body), mixed)


@schema.hook.apply_to(path="/api/codes/{code}", method="GET")  # type: ignore[misc]
def flatmap_path_parameters(_context: Any, parameters: dict[str, Any]) -> st.SearchStrategy[Any]:
    mixed = with_letters_outside_ascii(parameters.get("code"))
    return st.one_of(st.just(parameters), mixed.map(lambda code: {**parameters, "code": code}))


@dataclass(frozen=True)
class Hall:
    """The tables and the league the generated requests are sent to."""

    http: TestClient
    table: str
    """Open, with a seated player (whose token the token routes get)."""
    token: str
    lone: str
    """Open with one player of the game's least two: never joined by a generated request, so
    its history is asked while it is open."""
    private: str
    """Open and private: generated codes (some with letters outside ASCII) are tried on it."""
    league: dict[str, str]
    """A league with an open session (its id and organiser token), past the 404."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hall]:
    """The app with its lifespan running over a fresh database and the tables of `Hall`."""
    db_file = tmp_path_factory.mktemp("fuzz") / "hall.sqlite3"
    app = create_app(f"sqlite:///{db_file}", limits=ROOMY)  # thousands of requests from one address
    with TestClient(app, raise_server_exceptions=False) as http:
        table = http.post("/api/tables", json={"seats": 3}).json()
        token = http.post(f"/api/tables/{table['id']}/seats", json={"name": "Ann"}).json()["token"]
        lone = http.post("/api/tables", json={"seats": 4}).json()
        http.post(f"/api/tables/{lone['id']}/seats", json={"name": "Bea"})
        private = http.post("/api/tables", json={"seats": 3, "private": True}).json()
        league = http.post("/api/leagues", json={"name": "Fuzz", "game": "wordpoker"}).json()
        organiser = league["organiser_token"]
        http.post(
            f"/api/leagues/{league['league']['id']}/sessions",
            headers={"Authorization": f"Bearer {organiser}"},
        )
        yield Hall(
            http,
            table["id"],
            token,
            lone["id"],
            private["id"],
            {"id": league["league"]["id"], "token": organiser},
        )


@schema.parametrize()
@settings(
    max_examples=100,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_is_documented(case: Any, client: Hall) -> None:
    http, token, league = client.http, client.token, client.league
    if case.path.startswith("/api/leagues/{league_id}"):
        case.path_parameters["league_id"] = league["id"]
        if case.path.endswith(("/sessions", "/draw", "/start")):
            token = league["token"]
    if case.path_parameters and "table_id" in case.path_parameters:
        if case.path.endswith(("/start", "/leave", "/seats", "/record")):
            case.path_parameters["table_id"] = client.table
        if case.path.endswith("/history"):
            case.path_parameters["table_id"] = client.lone
        if case.path.endswith("/seats") and isinstance(case.body, dict) and case.body.get("code"):
            case.path_parameters["table_id"] = client.private
    headers = (
        {"Authorization": f"Bearer {token}"}
        if case.path.endswith(("/start", "/leave", "/sessions", "/draw"))
        else {}
    )
    kwargs = case.as_transport_kwargs(base_url="http://testserver", headers=headers)
    response = http.request(**kwargs)
    # A schema-valid table may still be impossible (bots < seats, the game's own options):
    # OpenAPI cannot say so, and the documented 422 answers it; every other check runs.
    case.validate_response(response, excluded_checks=[positive_data_acceptance])
