"""The league's HTTP bodies, validated with pydantic (see docs/protocol.md, "Leagues")."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from pokerhall.server.wire.messages import LONGEST_CLOCK, TableName


class PlayerInfo(BaseModel):
    id: str
    name: str


class CreateLeague(BaseModel):
    """A league of one game with fixed options, checked as a table's are."""

    model_config = ConfigDict(extra="forbid")
    name: TableName
    game: Annotated[str, StringConstraints(max_length=40)] = Field(
        description="A game or alias from /api/games."
    )
    options: dict[str, Any] = Field(default_factory=dict)
    table_size: int | None = Field(
        default=None,
        ge=2,
        le=10,
        strict=True,
        description="Most players at a table, within the ruleset's range; its largest if null.",
    )
    turn_clock: float | None = Field(
        default=None,
        ge=1.0,
        le=LONGEST_CLOCK,
        allow_inf_nan=False,
        strict=True,
        description="Seconds per turn at the league's tables (up to a week); null for none.",
    )


class DrawnTable(BaseModel):
    table_id: str
    position: int
    players: list[str]
    excused: list[int] = Field(
        default=[], description="The seats (numbers from 0) whose players are excused."
    )
    status: Literal["open", "running", "finished"]


class SessionInfo(BaseModel):
    number: int
    status: Literal["signup", "drawn"]
    players: list[str] = Field(description="Who signed up, by name, in drawing order (name key).")
    seed_sha256: str = Field(description="The drawing seed's hash, published at sign-up.")
    seed: str | None = Field(
        default=None, description="The drawing seed, as decimal digits, once drawn."
    )
    tables: list[DrawnTable]


class StandingInfo(BaseModel):
    rank: int
    player: str
    name: str
    total: int | float
    games: int
    average: float


class LeagueInfo(BaseModel):
    id: str
    name: str
    game: str
    ruleset: str | None
    options: dict[str, Any]
    table_size: int
    min_players: int
    turn_clock: float | None
    unit: str = Field(description="The unit of the scores (the game's result unit).")
    sessions: list[SessionInfo]
    standings: list[StandingInfo] = Field(
        description="The overall table: total of each finished game's final score, games "
        "played and the average, best total first."
    )


class CreatedLeague(BaseModel):
    league: LeagueInfo
    organiser_token: str = Field(
        description="Secret: send it as 'Authorization: Bearer <token>' to open sessions, draw "
        "and start tables."
    )


class LeagueSummary(BaseModel):
    id: str
    name: str
    game: str
