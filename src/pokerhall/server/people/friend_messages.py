"""The bodies of the friends' routes (`friend_routes.py`): whom one follows and where they sit
now (`whereabouts.py`), who follows one, and the invitations to a seat one has (`invitations.py`),
as pydantic models documented on the OpenAPI page."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pokerhall.server.wire.messages import Name


class FollowName(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name = Field(description="The account to follow or invite, by its name.")


class TableNow(BaseModel):
    """A table not yet over where a followed player holds a seat. A private table the viewer
    never sat at is only said to be one: `private` true and nothing else (no id, no link)."""

    private: bool
    table: str | None = None
    name: str | None = None
    game: str | None = None
    status: Literal["open", "running"] | None = None
    link: str | None = Field(default=None, description="The table's page.")


class Followed(BaseModel):
    name: str
    since: str = Field(description="When one began following (ISO 8601, UTC).")
    profile: str = Field(description="The player's profile page.")
    tables: list[TableNow] = Field(description="Where they sit right now (empty: nowhere).")


class Follower(BaseModel):
    name: str
    since: str = Field(description="When they began following (ISO 8601, UTC).")
    profile: str
    followed_back: bool = Field(description="Whether one follows them too.")


class Inviter(BaseModel):
    """Who invited: the table's creator, by the name of the seat they took, shown as every
    seat's name is (`bot_account`: a bot account's, shown with its bot mark)."""

    name: str
    bot_account: bool


class Invitation(BaseModel):
    """A seat an open table's creator keeps for the signed-in account until it takes it."""

    table: str
    name: str
    game: str
    seat: int
    private: bool
    link: str = Field(description="The table's page (take the seat first: its claim route).")
    inviter: Inviter | None = Field(
        description="The creator who invited, as seated at the table; null while the creator "
        "has no seat there (not sat down yet, or gave it up)."
    )
