"""The ratings' HTTP route: a game's leaderboard per ruleset (`ratings.py`). Documented by the
OpenAPI page like the lobby's routes."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from pokerhall.engine import InvalidOptions, UnknownGame, registry
from pokerhall.server.people.ratings import Ratings
from pokerhall.server.tables.http import COMMON, answers
from pokerhall.server.wire.messages import Leaderboard
from pokerhall.server.wire.refusal import LobbyError

router = APIRouter(prefix="/api", responses=COMMON)


async def get_ratings(request: Request) -> Ratings:  # async: FastAPI runs a plain def in a thread
    ratings: Ratings = request.app.state.ratings
    return ratings


RatingsDep = Annotated[Ratings, Depends(get_ratings)]
GameName = Annotated[str, Path(max_length=40, description="A game's name or alias.")]
RulesetName = Annotated[
    str | None, Query(max_length=40, description="The ruleset; the game's default if left out.")
]


@router.get(
    "/ratings/{game}",
    summary="A game's leaderboard: the best-rated players of one of its rulesets",
    responses=answers(
        **{
            "404": "No such game (code unknown_game).",
            "422": "The game has no such ruleset (code ruleset_unknown).",
        }
    ),
)
async def leaderboard(
    game: GameName, ratings: RatingsDep, ruleset: RulesetName = None
) -> Leaderboard:
    """Players are rated from the tables of the game and ruleset whose seats were all people
    signed in (docs/ratings.md); best first by mu - 3 sigma, with the figure shown,
    1000 + 40 (mu - 3 sigma). An alias (`duell`) names its game's ruleset."""
    try:
        info = registry.info(game)
    except UnknownGame:
        raise LobbyError(404, f"no game {game!r}", "unknown_game", {"game": game}) from None
    chosen = ruleset or info.aliases.get(game) or info.rulesets[0].name
    try:
        info.ruleset(chosen)
    except InvalidOptions as exc:
        raise LobbyError(422, str(exc), exc.code, exc.params) from None
    return await ratings.leaderboard(info.name, chosen)
