"""The OpenAPI document is true: a bounded, derandomized schemathesis run against the app in
process finds no route answering an undocumented status or a body its schema does not allow.
Seat tokens are supplied for the routes that need one, so authorised routes are exercised too."""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

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


@pytest.fixture(scope="module")
def client(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[TestClient, str, str, dict[str, str]]]:
    """The app with its lifespan running over a fresh database, one open table with a seated
    player (its id and token), so token routes get a real token, and a league with an open
    session (its id and organiser token), so league routes reach past the 404."""
    db_file = tmp_path_factory.mktemp("fuzz") / "hall.sqlite3"
    app = create_app(f"sqlite:///{db_file}", limits=ROOMY)  # thousands of requests from one address
    with TestClient(app, raise_server_exceptions=False) as http:
        table = http.post("/api/tables", json={"seats": 3}).json()
        token = http.post(f"/api/tables/{table['id']}/seats", json={"name": "Ann"}).json()["token"]
        league = http.post("/api/leagues", json={"name": "Fuzz", "game": "wordpoker"}).json()
        organiser = league["organiser_token"]
        http.post(
            f"/api/leagues/{league['league']['id']}/sessions",
            headers={"Authorization": f"Bearer {organiser}"},
        )
        yield http, table["id"], token, {"id": league["league"]["id"], "token": organiser}


@schema.parametrize()
@settings(
    max_examples=100,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_is_documented(
    case: Any, client: tuple[TestClient, str, str, dict[str, str]]
) -> None:
    http, table_id, token, league = client
    if case.path.startswith("/api/leagues/{league_id}"):
        case.path_parameters["league_id"] = league["id"]
        if case.path.endswith(("/sessions", "/draw", "/start")):
            token = league["token"]
    if (
        case.path_parameters
        and "table_id" in case.path_parameters
        and case.path.endswith(("/start", "/leave", "/seats", "/record"))
    ):
        case.path_parameters["table_id"] = table_id
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
