"""What one seat knows of a Palace hand, read from its own view alone (P13).

A bot is a client like any other: it gets its seat's view and prompt, never the game. From the
view it knows its palace, every banner and soldier on the table, the palaces it was shown in
called battles (`you.known`: the other fighter's when it called last, the caller's when the caller
claimed; never a conceding caller's, P13) and those shown at a showdown. Soldiers are face up
until they are discarded, so a bot that remembers the views it was given this hand also knows
cards that have gone to the discard pile since (`Memory`); none of them can be in a palace still
in play, because palaces are dealt once, from the cards left after the banners (P5).

Everything else is `pool`: the cards whose place the seat does not know (the other palaces, the
stock, the rest of the discard pile). The bots sample unseen palaces and bought cards from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerhall.cards import FULL_DECK, Card
from pokerhall.engine.bots import seat_of
from pokerhall.games.palace.battle import MAX_SOLDIERS, Camp
from pokerhall.games.palace.view_types import PalaceView, PlayerView

PALACE_CARDS = 3
"""P5: three face-down cards each."""


@dataclass(slots=True)
class Memory:
    """Face-up cards a bot has seen in its views this hand (`hand` is the hand's number)."""

    hand: int = -1
    seen: set[Card] = field(default_factory=set)

    def update(self, view: PalaceView) -> set[Card]:
        """Adds the view's face-up cards, forgetting an earlier hand's; returns the set."""
        number = view["hand"]["number"]
        if number != self.hand:
            self.hand, self.seen = number, set()
        for player in view["players"]:
            if player["banner"] is not None:
                self.seen.add(Card(player["banner"]))
            self.seen.update(Card(text) for text in player["soldiers"])
            if player["shown"] is not None:
                self.seen.update(Card(text) for text in player["shown"])
        return self.seen


@dataclass(slots=True)
class Opponent:
    seat: int
    banner: Card
    soldiers: list[Card]
    palace: tuple[Card, ...] | None
    """Known when seen in a called battle or at a showdown, else None (to be sampled)."""
    stack: int


@dataclass(slots=True)
class Table:
    """The seat's picture of the hand: its camp, the live opponents and the unknown cards."""

    seat: int
    me: Camp
    stack: int
    opponents: dict[int, Opponent]
    """Live opponents (still in the hand), by seat."""
    pool: list[Card]
    """Cards whose place the seat does not know, in `FULL_DECK` order (so sampling from it with
    a seeded generator gives the same draws in every process)."""
    pot: int
    small_bet: int
    big_bet: int
    limit: bool
    forced_battle: bool
    buy_cost: int
    discard_cost: int
    rivals: dict[int, int] = field(default_factory=dict)
    """Every other player still in the game (in the hand or not), by seat: its stack."""
    hands_left: int | None = None
    """Hands of the session after this one (P16 `hands_per_session`, whose result ranks the
    players by chips); None when the session plays until one player has every chip."""

    @property
    def live(self) -> int:
        """Players still in the hand, this seat included."""
        return len(self.opponents) + 1

    def targets(self) -> list[int]:
        """P9: live opponents whose banner suit differs from ours."""
        return [s for s, o in self.opponents.items() if o.banner.suit != self.me.banner.suit]

    def unknown(self) -> list[int]:
        """Live opponents whose palace the seat has not seen."""
        return [s for s, o in self.opponents.items() if o.palace is None]


def banner(player: PlayerView) -> Card:
    """The banner of a player in the hand (the view shows it for every such player)."""
    text = player["banner"]
    if text is None:
        raise ValueError(f"{player['name']} is not in the hand: no banner")
    return Card(text)


def read(view: PalaceView, memory: Memory) -> Table:
    """The seat's `Table`, from its view and the face-up cards it remembers this hand."""
    seat = seat_of(view)
    players = view["players"]
    you = view["you"]
    known_palaces = {int(s): tuple(Card(c) for c in cards) for s, cards in you["known"].items()}
    seen = set(memory.update(view))
    mine = players[seat]
    me = Camp(
        banner(mine),
        tuple(Card(c) for c in you["palace"]),
        [Card(c) for c in mine["soldiers"]],
    )
    seen.update(me.palace)
    opponents: dict[int, Opponent] = {}
    for other, player in enumerate(players):
        if other == seat or not player["in_hand"]:
            continue
        palace = known_palaces.get(other)
        if palace is None and player["shown"] is not None:
            palace = tuple(Card(c) for c in player["shown"])
        opponents[other] = Opponent(
            other,
            banner(player),
            [Card(c) for c in player["soldiers"]],
            palace,
            player["stack"],
        )
    for palace in known_palaces.values():
        seen.update(palace)
    rules = view["rules"]
    return Table(
        seat=seat,
        me=me,
        stack=mine["stack"],
        opponents=opponents,
        pool=[card for card in FULL_DECK if card not in seen],
        pot=view["hand"]["pot"],
        small_bet=rules["small_bet"],
        big_bet=rules["big_bet"],
        limit=rules["betting"] == "limit",
        forced_battle=rules["forced_battle"],
        buy_cost=rules["buy_price"],
        discard_cost=rules["discard_price"],
        rivals={
            other: player["stack"]
            for other, player in enumerate(players)
            if other != seat and player["in_game"]
        },
        hands_left=(
            max(0, rules["hands_per_session"] - view["hands_played"] - 1)
            if rules["hands_per_session"] > 0
            else None
        ),
    )


def with_soldier(camp: Camp, card: Card, keep: Sequence[Card] | None = None) -> Camp:
    """`camp` after taking `card` as a soldier; beyond five, the lowest-ranked soldier goes (the
    soldiers prompt's own default, P7), so the hand is one the seat could really hold."""
    soldiers = [*(camp.soldiers if keep is None else keep), card]
    if len(soldiers) > MAX_SOLDIERS:
        soldiers.remove(min(soldiers, key=lambda c: c.rank))
    return Camp(camp.banner, camp.palace, soldiers)
