"""One hand of Palace Poker: antes and deals, turns, battles, and how the hand ends.

The hand owns its `Ledger` (the game's stacks, one main pot, P9) and every card on the table. It
records who has seen which palace (P13) and which cards were shown face up this hand, so views
and the secrecy tests know what each seat may know. Every method that changes the hand returns
the events it caused; `moves.py` says what is legal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

from pokerhall.cards import Card, Deck, rank_hand
from pokerhall.engine.events import JSON, Event
from pokerhall.games.palace import moves
from pokerhall.games.palace.battle import Camp, battle_rank, judge, showdown_winners
from pokerhall.games.palace.deal import deal_banners, deal_palaces
from pokerhall.games.palace.events import (
    Antes,
    Award,
    AwardWhy,
    Battle,
    BattleAction,
    BattleConfirmed,
    BattleExamined,
    BattleHand,
    BattleTied,
    BattleWon,
    Bought,
    Discarded,
    Examined,
    Folded,
    PalaceEvent,
    PotAwarded,
    RoundStarted,
    SameSuit,
    Showdown,
    ShownHand,
    SoldiersLetGo,
    Stayed,
    StockReshuffled,
    WinHow,
)
from pokerhall.games.palace.moves import PalaceMove
from pokerhall.games.palace.options import PalaceOptions
from pokerhall.table.exchange import Exchange, FixedLimit, NoLimit, Structure
from pokerhall.table.ledger import Ledger
from pokerhall.table.pots import OddChips, award, split
from pokerhall.table.seats import clockwise

Phase = Literal["turn", "battle", "soldiers", "done"]


class Hand:
    def __init__(
        self,
        *,
        number: int,
        dealer: int,
        ledger: Ledger,
        options: PalaceOptions,
        rng: random.Random,
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.ledger = ledger
        self.options = options
        self.rng = rng
        n = ledger.num_seats
        self.order = [s for s in clockwise(dealer + 1, n) if ledger.playing[s]]
        """P6: dealing and turn order, from the dealer's left."""
        self.camps: dict[int, Camp] = {}
        self.stock = Deck()
        self.discards: list[Card] = []
        """The face-down discard pile (P7, P10, P13)."""
        self.seen: dict[int, set[int]] = {seat: set() for seat in self.order}
        """P13: whose palace each seat was shown in a called battle (never a conceding
        caller's)."""
        self.public: set[Card] = set()
        """Every card shown face up this hand (banner deal, soldiers, showdown)."""
        self.quiet: set[int] = set()
        """P15: seats that stayed or discarded since the last buy or battle."""
        self.phase: Phase = "turn"
        self.turn = self.order[0]
        self.exchange: Exchange | None = None
        self.letting_go: tuple[int, str] | None = None
        """Who chooses soldiers to discard now, and why ("bought" or "won")."""
        self.shown: dict[int, tuple[Card, ...]] = {}
        """Palaces shown at the showdown (P15)."""
        self.awards: list[Award] = []

    # --- reading ---------------------------------------------------------------------------------

    def live_from(self, seat: int) -> list[int]:
        """Seats still in the hand, clockwise from `seat`'s left (`seat` last, if still in)."""
        n = self.ledger.num_seats
        return [s for s in clockwise(seat + 1, n) if self.ledger.live(s)]

    def pending(self, prompt_id: int, resigned: set[int]) -> dict[int, JSON]:
        if self.phase == "turn":
            seat = self.turn
            return {seat: moves.turn_prompt(self, seat, prompt_id, seat in resigned)}
        if self.phase == "battle":
            assert self.exchange is not None
            assert self.exchange.actor is not None
            seat = self.exchange.actor
            return {seat: moves.battle_prompt(self, seat, prompt_id)}
        if self.phase == "soldiers":
            assert self.letting_go is not None
            seat, reason = self.letting_go
            return {seat: moves.soldiers_prompt(self, seat, prompt_id, reason)}
        return {}

    def parse(self, seat: int, move: Mapping[str, Any]) -> PalaceMove:
        if self.phase == "turn":
            return moves.parse_turn(self, seat, move)
        if self.phase == "battle":
            return moves.parse_answer(self, move)
        return moves.parse_soldiers(self, seat, move)

    # --- starting --------------------------------------------------------------------------------

    def start(self) -> list[Event[PalaceEvent]]:
        opts, led = self.options, self.ledger
        events: list[Event[PalaceEvent]] = [
            Event.public(
                RoundStarted(
                    type="round_started",
                    round=self.number,
                    dealer=self.dealer,
                    playing=list(self.order),
                    stacks=list(led.stacks),
                    small_bet=opts.small_bet,
                    big_bet=opts.big_bet,
                    ante=opts.ante,
                )
            )
        ]
        paid = {str(seat): led.pay(seat, opts.ante) for seat in self.order}  # P2
        events.append(Event.public(Antes(type="antes", paid=paid, pot=led.pot_total())))
        banners = deal_banners(self.order, self.rng)  # P4
        self.public |= banners.seen
        events += banners.events
        palaces, self.stock, dealt = deal_palaces(self.order, banners.banners, self.rng)  # P5
        events += dealt
        self.camps = {s: Camp(banners.banners[s], palaces[s]) for s in self.order}
        return events

    # --- moves -----------------------------------------------------------------------------------

    def apply(self, seat: int, move: PalaceMove) -> list[Event[PalaceEvent]]:
        if move.kind == "buy":
            return self._buy(seat)
        if move.kind == "discard":
            return self._discard(seat, move.cards)
        if move.kind == "battle":
            return self._battle(seat, move.target, move.bet)
        if move.kind == "answer":
            assert move.answer is not None
            assert self.exchange is not None
            return self._answer(seat, self.exchange, move)
        if move.kind in ("keep", "let_go"):
            return self._let_go(seat, move.cards)
        if move.kind == "stay":
            self.quiet.add(seat)
            return [Event.public(Stayed(type="stayed", seat=seat)), *self._end_turn()]
        events: list[Event[PalaceEvent]] = [Event.public(Folded(type="folded", seat=seat))]
        self._leave(seat, with_face_up=True)
        return events + self._end_turn()

    def _buy(self, seat: int) -> list[Event[PalaceEvent]]:
        """P7: pay, take the top card of the stock face up as a soldier, then let any go."""
        events: list[Event[PalaceEvent]] = []
        paid = self.ledger.pay(seat, self.options.buy_cost)
        if self.stock.empty:
            events.append(
                Event.public(StockReshuffled(type="stock_reshuffled", cards=len(self.discards)))
            )
            self.stock.add_shuffled(self.discards, self.rng)
            self.discards = []
        card = self.stock.draw()
        self.public.add(card)
        self.camps[seat].soldiers.append(card)
        self.quiet.clear()
        events.append(
            Event.public(
                Bought(
                    type="bought", seat=seat, card=str(card), paid=paid, pot=self.ledger.pot_total()
                )
            )
        )
        self.phase, self.letting_go = "soldiers", (seat, "bought")
        return events

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> list[Event[PalaceEvent]]:
        """P8: pay and discard soldiers face down; it counts as a quiet turn (P15)."""
        paid = self.ledger.pay(seat, self.options.discard_cost)
        self._drop(seat, cards)
        self.quiet.add(seat)
        event = Event.public(
            Discarded(
                type="discarded",
                seat=seat,
                cards=[str(c) for c in cards],
                paid=paid,
                pot=self.ledger.pot_total(),
            )
        )
        return [event, *self._end_turn()]

    def _battle(self, attacker: int, defender: int, bet: int) -> list[Event[PalaceEvent]]:
        """P9: bet against one opponent; P10: the defender answers first. Its call costs its
        own (soldiers + 1) x small bet, whatever the attacker bet; a raise adds its size on top
        of that call, and a call of a raise puts in what the raise added (`Exchange`)."""
        opts = self.options
        small = opts.small_bet
        structure: Structure = FixedLimit(opts.raise_limit) if opts.limit else NoLimit()

        def size(raiser: int) -> int:
            if opts.limit and raiser == defender and not self.camps[defender].soldiers:
                return 2 * small  # P10: two small bets for a defender without soldiers
            return opts.big_bet

        self.exchange = Exchange(
            self.ledger,
            attacker=attacker,
            defender=defender,
            opening=bet,
            first_call=(len(self.camps[defender].soldiers) + 1) * small,
            structure=structure,
            size=size,
        )
        self.quiet.clear()
        self.phase = "battle"
        paid = self.exchange.totals[attacker]
        return [
            Event.public(
                Battle(
                    type="battle",
                    attacker=attacker,
                    defender=defender,
                    bet=paid,
                    all_in=self.ledger.stacks[attacker] == 0,
                    pot=self.ledger.pot_total(),
                )
            )
        ]

    def _answer(self, seat: int, ex: Exchange, move: PalaceMove) -> list[Event[PalaceEvent]]:
        assert move.answer is not None
        outcome = ex.apply(move.answer)
        events: list[Event[PalaceEvent]] = [
            Event.public(
                BattleAction(
                    type="battle_action",
                    seat=seat,
                    action=outcome.kind,
                    added=outcome.added,
                    all_in=outcome.all_in,
                    pot=self.ledger.pot_total(),
                )
            )
        ]
        if not ex.done:
            return events
        self.exchange = None
        if ex.folded is not None:  # P10: the side that folds is out; the other takes its cards
            return events + self._win(ex.other(ex.folded), ex.folded, "fold")
        return events + self._called(ex, caller=seat)

    def _called(self, ex: Exchange, caller: int) -> list[Event[PalaceEvent]]:
        """P10, P13: the other fighter hands its palace to the one who called last, who looks
        and names the winner (the game judges for it: the software is the croupier). The caller
        shows its own palace to the other fighter only when it claims the win or the tie; a
        caller who loses concedes, and nobody ever sees its palace."""
        other = ex.other(caller)
        camps = self.camps
        verdict = judge(ex.attacker, camps[ex.attacker], ex.defender, camps[ex.defender])
        hands = [
            _battle_hand(seat, camps[seat], camps[rival])
            for seat, rival in ((other, caller), (caller, other))
        ]
        told: Examined = {
            "caller": caller,
            "other": other,
            "hands": hands,
            "winner": verdict.winner,
            "how": verdict.how,
        }
        self.seen[caller].add(other)
        events: list[Event[PalaceEvent]] = [
            Event.private([caller], BattleExamined(type="battle_examined", **told))
        ]
        claims = verdict.winner != other
        if claims:  # the caller's palace, for confirmation
            self.seen[other].add(caller)
            events.append(Event.private([other], BattleConfirmed(type="battle_confirmed", **told)))
        if verdict.winner is not None:
            winner = verdict.winner
            loser = other if winner == caller else caller
            how: WinHow = "claimed" if claims else "conceded"
            return events + self._win(winner, loser, how, caller=caller)
        last_two = self.ledger.live_count() == 2
        events.append(
            Event.public(
                BattleTied(type="battle_tied", seats=[ex.attacker, ex.defender], split=last_two)
            )
        )
        if last_two:  # P10: the last two split the pot
            return events + self._award([ex.attacker, ex.defender], "tie")
        self._leave(ex.attacker, with_face_up=True)
        self._leave(ex.defender, with_face_up=True)
        return events + self._end_turn()

    def _win(
        self, winner: int, loser: int, how: WinHow, caller: int | None = None
    ) -> list[Event[PalaceEvent]]:
        """P10: the loser is out; the winner takes its soldiers and banner as soldiers, then
        chooses which to let go (down to five at most). Everyone learns who won and how the
        battle ended (a fold, the caller's claim, or its concession), never by what hand."""
        taken = self.camps[loser].face_up()
        self.camps[winner].soldiers += taken
        self._leave(loser, with_face_up=False)
        self.phase, self.letting_go = "soldiers", (winner, "won")
        return [
            Event.public(
                BattleWon(
                    type="battle_won",
                    winner=winner,
                    loser=loser,
                    how=how,
                    caller=caller,
                    taken=[str(c) for c in taken],
                )
            )
        ]

    def _let_go(self, seat: int, cards: tuple[Card, ...]) -> list[Event[PalaceEvent]]:
        self._drop(seat, cards)
        self.letting_go = None
        left = len(self.camps[seat].soldiers)
        event = Event.public(
            SoldiersLetGo(
                type="soldiers_let_go", seat=seat, cards=[str(c) for c in cards], left=left
            )
        )
        return [event, *self._end_turn()]

    # --- leaving and ending ----------------------------------------------------------------------

    def _drop(self, seat: int, cards: tuple[Card, ...]) -> None:
        soldiers = self.camps[seat].soldiers
        for card in cards:
            soldiers.remove(card)
        self.discards += cards

    def _leave(self, seat: int, *, with_face_up: bool) -> None:
        """Out of the hand: the palace goes face down to the discard pile (P10, P12), and so do
        the banner and soldiers unless a battle's winner took them."""
        camp = self.camps[seat]
        self.discards += camp.palace
        if with_face_up:
            self.discards += camp.face_up()
        camp.soldiers = []
        self.ledger.fold(seat)

    def _end_turn(self) -> list[Event[PalaceEvent]]:
        """After a turn: the last player standing wins (P14); players left whose banners all
        share a suit split the pot (P14); an orbit of only quiet turns ends in a showdown
        (P15); else the turn passes left."""
        self.phase = "turn"
        live = [seat for seat in self.order if self.ledger.live(seat)]
        if len(live) == 1:
            return self._award(live, "last")
        if len({self.camps[s].banner.suit for s in live}) == 1:
            return [
                Event.public(SameSuit(type="same_suit", seats=live)),
                *self._award(live, "same_suit"),
            ]
        if self.quiet >= set(live):
            return self._showdown(live)
        self.turn = self.live_from(self.turn)[0]
        return []

    def _showdown(self, live: list[int]) -> list[Event[PalaceEvent]]:
        for seat in live:
            self.shown[seat] = self.camps[seat].palace
            self.public.update(self.camps[seat].palace)
        hands: list[ShownHand] = [
            {
                "seat": seat,
                "palace": [str(c) for c in self.camps[seat].palace],
                "category": _category(self.camps[seat]),
            }
            for seat in live
        ]
        winners = showdown_winners({seat: self.camps[seat] for seat in live})
        return [
            Event.public(Showdown(type="showdown", hands=hands)),
            *self._award(winners, "showdown"),
        ]

    def _award(self, winners: list[int], why: AwardWhy) -> list[Event[PalaceEvent]]:
        """The one main pot (P9) goes to the winner, or is shared (odd chips from the dealer's
        left)."""
        led = self.ledger
        amount = led.pot_total()
        shares, _left = split(
            amount, winners, unit=1, odd_chips=OddChips.LEFT_OF_BUTTON, order=self.order
        )
        award(shares, led.stacks)
        self.phase = "done"
        data: Award = {
            "amount": amount,
            "shares": {str(s): c for s, c in shares.items()},
            "why": why,
        }
        self.awards.append(data)
        return [Event.public(PotAwarded(type="pot_awarded", **data))]


def _battle_hand(seat: int, camp: Camp, rival: Camp) -> BattleHand:
    """P10: a fighter's palace and what its hand counts as against `rival` (the cards of the
    rival's banner suit left out), and its own-suit count for the tie-break."""
    return {
        "seat": seat,
        "palace": [str(c) for c in camp.palace],
        "banner": str(camp.banner),
        "soldiers": [str(c) for c in camp.soldiers],
        "left_out": [str(c) for c in camp.cards() if c.suit == rival.banner.suit],
        "counts": battle_rank(camp, rival).category,
        "own_suit": camp.own_suit(),
    }


def _category(camp: Camp) -> str:
    return rank_hand(camp.cards()).category
