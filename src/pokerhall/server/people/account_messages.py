"""The bodies of the account routes (`account_routes.py`) and of a profile (`profiles.py`), as
pydantic models: validated on the way in, documented on the OpenAPI page on the way out."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from pokerhall.server.wire.messages import Secret


class SessionInfo(BaseModel):
    """Who this browser is signed in as (`signed_in` false: a guest, and `name` None)."""

    signed_in: bool
    id: str | None = None
    name: str | None = None


class NewSecret(BaseModel):
    model_config = ConfigDict(extra="forbid")
    old: Secret = Field(description="The account's secret now.")
    new: Secret = Field(description="At least 8 characters; stored only as a scrypt hash.")


class DeleteAccount(BaseModel):
    model_config = ConfigDict(extra="forbid")
    secret: Secret = Field(description="The account's secret, to show it is its owner asking.")


class GameStats(BaseModel):
    game: str
    played: int = Field(description="Finished tables of this game.")
    won: int = Field(description="Of them, those where the player was first (alone or tied).")
    places: dict[str, int] = Field(description="How often each place (1 is first) was taken.")
    mean_place: float | None


class PlayedTable(BaseModel):
    table: str
    name: str
    game: str
    ruleset: str | None
    private: bool
    date: str = Field(description="The day the table was opened (ISO 8601, UTC).")
    seat: int
    seat_name: str = Field(description="The name the player sat under there.")
    seats: int
    place: int | None
    score: float | None
    unit: str | None
    history: str = Field(description="The page of the table's hand history.")


class Profile(BaseModel):
    name: str
    bot_account: bool
    since: str = Field(description="The day the account was made (ISO 8601, UTC).")
    played: int = Field(description="Finished tables, all of them (listed or not).")
    games: list[GameStats]
    tables: list[PlayedTable] = Field(
        description="The finished tables the viewer may see the history of, the newest first: "
        "public ones, and private ones only to an account that sat there."
    )
    not_listed: int = Field(
        description="Finished tables counted but not listed: private ones the viewer did not "
        "sit at, and those past the newest 100."
    )
