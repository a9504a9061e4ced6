"""Readable hand history: one English line per QuizPoker event.

The same lines serve the terminal game, `pokerhall replay` and (later) the table log in the
browser, so they are built from the event alone plus the player names: whoever may see an event
may read its line, and a line never says more than its event.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from pokerhall.engine.events import ROUND_STARTED, Event

_AFTER = {"guesses": "the guesses", "answer": "the answer"}
"""How `betting_round.after` reads in a sentence ("hint 1" reads as it is)."""


def describe_event(event: Event, players: Sequence[str]) -> str | None:
    """One hand-history line for `event`, or None for an event not worth a line."""
    describer = _DESCRIBERS.get(event.type)
    if describer is None:
        return f"{event.type}: {dict(event.data)}"
    return describer(event, _Names(players))


# --- small helpers ---------------------------------------------------------------------------


class _Names:
    """Seat numbers to player names, tolerant of seats a malformed event might carry."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = players

    def __call__(self, seat: object) -> str:
        if isinstance(seat, str) and seat.isdigit():
            seat = int(seat)
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return self.players[seat]
        return f"seat {seat}"

    def join(self, seats: Sequence[object]) -> str:
        return _and([self(seat) for seat in seats])


def chips(amount: object) -> str:
    """An amount of chips with thousands separators: 1,200."""
    return f"{amount:,}" if isinstance(amount, int) else str(amount)


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _all_in(data: Mapping[str, Any]) -> str:
    return " (all-in)" if data.get("all_in") else ""


def _pot_name(index: object) -> str:
    return "the main pot" if index == 0 else f"side pot {index}"


def _with_unit(value: object, unit: object) -> str:
    return f"{value} {unit}" if unit else str(value)


def _is_zero(number: object) -> bool:
    try:
        return Decimal(str(number)) == 0
    except InvalidOperation:
        return False


# --- one function per event type -------------------------------------------------------------


def _round_started(event: Event, name: _Names) -> str:
    d = event.data
    blinds = d.get("blinds") or {}
    if d.get("game_master") is not None:
        role = f"{name(d['game_master'])} is game master"
    else:
        role = f"{name(d.get('button'))} has the button"
    line = f"Hand {d.get('round')} — {role}; blinds {chips(blinds.get('small'))}"
    line += f"/{chips(blinds.get('big'))}"
    if "small_blind" in d and d["small_blind"] is None:
        line += " (no small blind this hand: its seat is out)"
    if d.get("carry"):
        line += f"; {chips(d['carry'])} carried over in the pot"
    return line


def _blind_posted(event: Event, name: _Names) -> str:
    d = event.data
    who, blind = name(d.get("seat")), d.get("blind")
    return f"{who} posts the {blind} blind of {chips(d.get('amount'))}{_all_in(d)}"


def _question(event: Event, name: _Names) -> str:
    d = event.data
    about = [str(d[key]) for key in ("topic",) if d.get(key)]
    if d.get("as_of"):
        about.append(f"as of {d['as_of']}")  # DU10: facts change
    context = f" ({', '.join(about)})" if about else ""
    unit = f" — answer in {d['unit']}" if d.get("unit") else ""
    return f"Question{context}: {d.get('text')}{unit}"


def _game_master_card(event: Event, name: _Names) -> str:
    d = event.data
    reader = name(min(event.to)) if event.to and len(event.to) == 1 else "The game master"
    return (
        f"{reader} reads the card — hint 1: {d.get('hint1')} | hint 2: {d.get('hint2')} | "
        f"answer: {d.get('answer')}"
    )


def _guess_recorded(event: Event, name: _Names) -> str:
    return f"{name(event.data.get('seat'))} guesses {event.data.get('value')}"


def _guesses_complete(event: Event, name: _Names) -> str:
    return "All guesses are in"


def _action(event: Event, name: _Names) -> str:
    d = event.data
    who, kind = name(d.get("seat")), d.get("action")
    if kind == "fold":
        return f"{who} folds"
    if kind == "check":
        return f"{who} checks"
    if kind == "call":
        return f"{who} calls {chips(d.get('added'))}{_all_in(d)}"
    if kind == "bet":
        return f"{who} bets {chips(d.get('to'))}{_all_in(d)}"
    if kind == "raise":
        return f"{who} raises to {chips(d.get('to'))}{_all_in(d)}"
    if kind == "all_in":
        return f"{who} goes all-in for {chips(d.get('to'))}"
    return f"{who}: {kind}"


def _betting_round(event: Event, name: _Names) -> str:
    after = str(event.data.get("after"))
    return f"Betting round {event.data.get('round')}, after {_AFTER.get(after, after)}"


def _uncalled_returned(event: Event, name: _Names) -> str:
    d = event.data
    return f"Uncalled {chips(d.get('amount'))} returned to {name(d.get('seat'))}"


def _round_ended(event: Event, name: _Names) -> str:
    pots = list(event.data.get("pots") or [])
    line = f"End of betting round {event.data.get('round')}"
    if len(pots) == 1:
        return f"{line} — pot {chips(pots[0].get('amount'))}"
    parts = [
        f"{_pot_name(i).removeprefix('the ')} {chips(pot.get('amount'))} "
        f"({name.join(pot.get('eligible') or [])})"
        for i, pot in enumerate(pots)
    ]
    return f"{line} — {', '.join(parts)}" if parts else line


def _hint(event: Event, name: _Names) -> str:
    return f"Hint {event.data.get('number')}: {event.data.get('text')}"


def _answer(event: Event, name: _Names) -> str:
    d = event.data
    source = f" (source: {d['source']})" if d.get("source") else ""
    return f"Answer: {_with_unit(d.get('value'), d.get('unit'))}{source}"


def _showdown(event: Event, name: _Names) -> str:
    order = list(event.data.get("order") or [])
    if not order:
        return "Showdown"
    rest = f", then {name.join(order[1:])}" if len(order) > 1 else ""
    return f"Showdown — {name(order[0])} shows first{rest}"


def _guess_shown(event: Event, name: _Names) -> str:
    d = event.data
    distance = d.get("distance")
    how_close = "spot on" if _is_zero(distance) else f"off by {distance}"
    return f"{name(d.get('seat'))} shows {d.get('value')} ({how_close})"


def _guess_stays_hidden(event: Event, name: _Names) -> str:
    return f"{name(event.data.get('seat'))}'s guess stays face down"


def _pot_awarded(event: Event, name: _Names) -> str:
    d = event.data
    pot, amount, carried = _pot_name(d.get("pot")), d.get("amount"), d.get("carried") or 0
    shares = {int(seat): share for seat, share in dict(d.get("shares") or {}).items()}
    if not shares:
        return f"{pot.capitalize()} of {chips(amount)} stays for the next question"
    winners = sorted(shares)
    if len(winners) == 1:
        line = f"{name(winners[0])} wins {chips(shares[winners[0]])} from {pot}"
    elif len(set(shares.values())) == 1:
        line = f"{name.join(winners)} split {pot}: {chips(shares[winners[0]])} each"
    else:
        each = ", ".join(f"{name(s)} {chips(shares[s])}" for s in winners)
        line = f"{name.join(winners)} split {pot}: {each}"
    if carried:
        line += f"; {chips(carried)} stay in the pot for the next question"
    return line


def _eliminated(event: Event, name: _Names) -> str:
    d = event.data
    return f"{name(d.get('seat'))} is out of chips and leaves the game after hand {d.get('hand')}"


def _game_over(event: Event, name: _Names) -> str:
    d = event.data
    winner = (d.get("winners") or [None])[0]
    stacks = d.get("scores") or []
    held = ""
    if isinstance(winner, int) and 0 <= winner < len(stacks):
        held = f" with {chips(stacks[winner])} chips"
    hands = d.get("rounds")
    after = "1 hand" if hands == 1 else f"{hands} hands"
    return f"Game over after {after} — {name(winner)} wins{held}"


_DESCRIBERS: dict[str, Callable[[Event, _Names], str | None]] = {
    ROUND_STARTED: _round_started,
    "blind_posted": _blind_posted,
    "question": _question,
    "game_master_card": _game_master_card,
    "guess_recorded": _guess_recorded,
    "guesses_complete": _guesses_complete,
    "action": _action,
    "betting_round": _betting_round,
    "uncalled_returned": _uncalled_returned,
    "round_ended": _round_ended,
    "hint": _hint,
    "answer": _answer,
    "showdown": _showdown,
    "guess_shown": _guess_shown,
    "guess_stays_hidden": _guess_stays_hidden,
    "pot_awarded": _pot_awarded,
    "eliminated": _eliminated,
    "game_over": _game_over,
}
