"""What a seat may do, as prompts, and reading its moves: the turn (P6-P9, P11, P12, P14), the
answers in a battle (P10) and the soldiers to let go (P7, P10).

Everything here reads the hand and changes nothing, so a refused move leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pokerhall.cards import Card
from pokerhall.engine.errors import IllegalMove
from pokerhall.engine.events import JSON
from pokerhall.engine.messages import seats
from pokerhall.engine.prompts import (
    choice_param,
    int_param,
    move_spec,
    prompt,
    subset_param,
)
from pokerhall.engine.refusals import Refusals, shown
from pokerhall.engine.values import value_class
from pokerhall.games.palace.battle import MAX_SOLDIERS, lowest
from pokerhall.table.amounts import parse_amount
from pokerhall.table.exchange import ExchangeAction

if TYPE_CHECKING:
    from pokerhall.games.palace.hand import Hand

MoveKind = Literal["buy", "discard", "battle", "stay", "fold", "answer", "keep", "let_go"]
TURN_MOVES = ("buy", "discard", "battle", "stay", "fold")
refuse = Refusals(Path(__file__).parent / "messages")
"""Palace's own reasons for refusing a move, in its catalogs (`reject.*`)."""


@value_class
class PalaceMove:
    kind: MoveKind
    cards: tuple[Card, ...] = ()
    target: int = -1
    bet: int = 0
    answer: ExchangeAction | None = None


@value_class
class TurnLegal:
    """The actions open to the seat whose turn it is; None / empty when not allowed."""

    seat: int
    buy: int | None
    """P7: the price, when the seat can pay it and a card can be drawn."""
    discard: int | None
    """P8: the price, when the seat has soldiers, can pay, and may discard (P14)."""
    targets: tuple[int, ...]
    """P9: opponents still in whose banner suit differs from the seat's."""
    bet: tuple[int, int]
    """P9: smallest and largest opening bet (all-in for less when short)."""
    stay: bool
    """P11, not while two players must battle (P14 with `forced_battle`)."""


def turn_legal(hand: Hand, seat: int) -> TurnLegal:
    opts, camp, stack = hand.options, hand.camps[seat], hand.ledger.stacks[seat]
    forced = opts.forced_battle and hand.ledger.live_count() == 2
    can_draw = not hand.stock.empty or bool(hand.discards)
    buy = opts.buy_cost if stack >= opts.buy_cost and can_draw else None
    discard = None
    if camp.soldiers and stack >= opts.discard_cost and not forced:
        discard = opts.discard_cost
    suit = camp.banner.suit
    targets = tuple(
        s for s in hand.live_from(seat) if s != seat and hand.camps[s].banner.suit != suit
    )
    least = min((len(camp.soldiers) + 1) * opts.small_bet, stack)  # P9
    most = least if opts.limit else stack  # [ours] a limit battle opens at exactly the minimum
    return TurnLegal(seat, buy, discard, targets, (least, most), not forced)


def turn_prompt(hand: Hand, seat: int, prompt_id: int, resigned: bool) -> JSON:
    legal = turn_legal(hand, seat)
    camp = hand.camps[seat]
    moves: list[JSON] = []
    if legal.buy is not None:
        moves.append(move_spec("buy", cost=legal.buy))
    if legal.discard is not None:
        soldiers = [str(c) for c in camp.soldiers]
        cards = subset_param(soldiers, 1, len(soldiers))
        moves.append(move_spec("discard", {"cards": cards}, cost=legal.discard))
    if legal.targets:
        low, high = legal.bet
        params = {"target": choice_param(list(legal.targets)), "bet": int_param(low, high)}
        moves.append(move_spec("battle", params))
    if legal.stay:
        moves.append(move_spec("stay"))
    moves.append(move_spec("fold"))
    default = {"type": "stay" if legal.stay and not resigned else "fold"}
    return prompt(
        "turn",
        prompt_id,
        moves,
        default,
        hand=hand.number,
        pot=hand.ledger.pot_total(),
        forced=not legal.stay,
    )


def parse_turn(hand: Hand, seat: int, move: Mapping[str, Any]) -> PalaceMove:
    kind = move.get("type")
    if kind not in TURN_MOVES:
        raise refuse("reject.turn_move", moves=", ".join(TURN_MOVES), move=shown(kind))
    fields = {"discard": {"cards"}, "battle": {"target", "bet"}}.get(kind, set())
    _only(move, fields)
    legal = turn_legal(hand, seat)
    if kind == "buy":
        if legal.buy is None:
            raise _no_buy(hand, seat)
        return PalaceMove("buy")
    if kind == "discard":
        if legal.discard is None:
            raise _no_discard(hand, seat)
        cards = _soldiers(hand, seat, move.get("cards"), least=1)
        return PalaceMove("discard", cards=cards)
    if kind == "battle":
        return _parse_battle(hand, legal, move)
    if kind == "stay":
        if not legal.stay:
            raise refuse("reject.no_stay")
        return PalaceMove("stay")
    return PalaceMove("fold")


def _parse_battle(hand: Hand, legal: TurnLegal, move: Mapping[str, Any]) -> PalaceMove:
    target = move.get("target")
    if type(target) is not int or target not in legal.targets:
        if type(target) is int and target in hand.live_from(legal.seat) and target != legal.seat:
            raise refuse("reject.same_suit")
        if not legal.targets:
            raise refuse("reject.no_target", target=shown(target))
        raise refuse("reject.bad_target", target=shown(target), seats=seats(legal.targets))
    bet = parse_amount(move.get("bet"), field="bet")
    low, high = legal.bet
    if not low <= bet <= high:
        if low == high:
            raise refuse("reject.bet_exact", low=low, bet=bet)
        raise refuse("reject.bet_range", low=low, high=high, bet=bet)
    return PalaceMove("battle", target=target, bet=bet)


def _no_buy(hand: Hand, seat: int) -> IllegalMove:
    if hand.stock.empty and not hand.discards:
        return refuse("reject.no_stock")
    return refuse("reject.buy_cost", cost=hand.options.buy_cost, stack=hand.ledger.stacks[seat])


def _no_discard(hand: Hand, seat: int) -> IllegalMove:
    if not hand.camps[seat].soldiers:
        return refuse("reject.no_soldiers")
    if hand.options.forced_battle and hand.ledger.live_count() == 2:
        return refuse("reject.no_discard")
    cost, stack = hand.options.discard_cost, hand.ledger.stacks[seat]
    return refuse("reject.discard_cost", cost=cost, stack=stack)


# --- soldiers to let go after a buy or a won battle ------------------------------------------


def excess(hand: Hand, seat: int) -> int:
    return max(0, len(hand.camps[seat].soldiers) - MAX_SOLDIERS)


def soldiers_prompt(hand: Hand, seat: int, prompt_id: int, reason: str) -> JSON:
    """P7/P10: the seat may let any soldiers go, and must when it holds more than five. The
    default keeps them all, or lets the lowest go down to five."""
    soldiers = [str(c) for c in hand.camps[seat].soldiers]
    over = excess(hand, seat)
    moves: list[JSON] = [] if over else [move_spec("keep")]
    moves.append(
        move_spec("discard", {"cards": subset_param(soldiers, max(over, 1), len(soldiers))})
    )
    if over:
        default: JSON = {
            "type": "discard",
            "cards": [str(c) for c in lowest(hand.camps[seat].soldiers, over)],
        }
    else:
        default = {"type": "keep"}
    return prompt(
        "soldiers", prompt_id, moves, default, reason=reason, excess=over, most=MAX_SOLDIERS
    )


def parse_soldiers(hand: Hand, seat: int, move: Mapping[str, Any]) -> PalaceMove:
    kind = move.get("type")
    if kind not in ("keep", "discard"):
        raise refuse("reject.keep_or_discard", move=shown(kind))
    over = excess(hand, seat)
    if kind == "keep":
        _only(move, set())
        if over:
            raise refuse("reject.too_many_soldiers", most=MAX_SOLDIERS, count=over)
        return PalaceMove("keep")
    _only(move, {"cards"})
    return PalaceMove("let_go", cards=_soldiers(hand, seat, move.get("cards"), least=max(over, 1)))


# --- answers in a battle ---------------------------------------------------------------------


def battle_prompt(hand: Hand, seat: int, prompt_id: int) -> JSON:
    """P10: fold, call or raise; the default folds (it never costs chips)."""
    ex = hand.exchange
    assert ex is not None
    legal = ex.legal()
    moves = [move_spec("fold"), move_spec("call", amount=legal.call)]
    if legal.raise_by is not None:
        low, high = legal.raise_by
        moves.append(move_spec("raise", {"by": int_param(low, high)}, call=legal.call))
    return prompt(
        "battle",
        prompt_id,
        moves,
        {"type": "fold"},
        attacker=ex.attacker,
        defender=ex.defender,
        role="defender" if seat == ex.defender else "attacker",
        bets={str(s): total for s, total in ex.totals.items()},
        raises=ex.raises,
        raise_cap=hand.options.raise_limit if hand.options.limit else None,
        pot=hand.ledger.pot_total(),
    )


def parse_answer(hand: Hand, move: Mapping[str, Any]) -> PalaceMove:
    assert hand.exchange is not None
    return PalaceMove("answer", answer=hand.exchange.parse(move))


# --- helpers ---------------------------------------------------------------------------------


def _only(move: Mapping[str, Any], fields: set[str]) -> None:
    extra = move.keys() - fields - {"type"}
    if extra:
        fields_text = ", ".join(sorted(extra))
        raise refuse("refuse.move.extra_fields", fields=fields_text, move=str(move["type"]))
    missing = fields - move.keys()
    if missing:
        raise refuse("reject.missing", move=str(move["type"]), fields=", ".join(sorted(missing)))


def _soldiers(hand: Hand, seat: int, raw: object, *, least: int) -> tuple[Card, ...]:
    """A list of distinct soldiers the seat holds, at least `least` of them."""
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise refuse("reject.cards_list")
    held: Sequence[Card] = hand.camps[seat].soldiers
    cards: list[Card] = []
    for text in raw:
        try:
            cards.append(Card(text))
        except ValueError:
            raise refuse("reject.not_a_card", card=shown(text)) from None
    if len(set(cards)) != len(cards):
        raise refuse("reject.soldier_twice")
    strangers = [str(c) for c in cards if c not in held]
    if strangers:
        raise refuse("reject.not_soldier", cards=", ".join(strangers))
    if len(cards) < least:
        raise refuse("reject.discard_at_least", count=least)
    return tuple(cards)
