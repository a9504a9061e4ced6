"""The league's overall table (W14): each player's total over their finished games, the games
played and the average, ranked by total. Pure arithmetic over the games' results.

A game's result is the engine's one shape (`engine/results.py`): `scores` by seat, with their
unit. The league knows which account sat at which seat, so a finished game gives one
`GameScore` per drawn player; a seat nobody was drawn to (none, today) counts for nobody.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameScore:
    player: str
    """The account's id."""
    name: str
    score: int | float


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    """1 for the best total; players with equal totals share a rank."""
    player: str
    name: str
    total: int | float
    games: int
    average: float

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "name": self.name,
            "total": self.total,
            "games": self.games,
            "average": round(self.average, 2),
        }


def scores_of(result: dict[str, Any], players: Sequence[tuple[str, str] | None]) -> list[GameScore]:
    """One finished game's scores for the drawn players; `players[seat]` is (id, name) or None
    for a seat of nobody's account."""
    scores = result["scores"]
    return [
        GameScore(player=entry[0], name=entry[1], score=scores[seat])
        for seat, entry in enumerate(players)
        if entry is not None and seat < len(scores)
    ]


def standings(scores: Iterable[GameScore]) -> list[Standing]:
    """Total, games and average per player (W14); best total first, then the better average,
    then by name, so the order never depends on the order the games finished in."""
    totals: dict[str, list[Any]] = {}
    for entry in scores:
        row = totals.setdefault(entry.player, [entry.name, 0, 0])
        row[0] = entry.name
        row[1] += entry.score
        row[2] += 1
    ordered = sorted(
        totals.items(),
        key=lambda item: (-item[1][1], -item[1][1] / item[1][2], item[1][0], item[0]),
    )
    out: list[Standing] = []
    for index, (player, (name, total, games)) in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].total == total else index + 1
        out.append(Standing(rank, player, name, total, games, total / games))
    return out
