"""Turning a betting prompt into legal moves, so no bot ever has to re-derive the betting rules.

Everything here reads the prompt's `moves` only (the shape of `engine.prompts`): amounts are
totals for this betting round ("to"), a bet or raise below the seat's whole stack must be a
multiple of the chip unit, and an `all_in` move is listed only when going all-in is allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerhall.engine.events import JSON
from pokerhall.games.quizpoker.view_types import QuizPokerView


def move_of(prompt: JSON, kind: str) -> JSON | None:
    """The prompt's entry for a move type, or None when that move is not offered."""
    for move in prompt.get("moves") or []:
        if move.get("type") == kind:
            found: JSON = move
            return found
    return None


def raise_window(prompt: JSON) -> tuple[str, int, int] | None:
    """("bet" or "raise", min_to, max_to) when the seat may bet or raise now, else None."""
    for kind in ("bet", "raise"):
        move = move_of(prompt, kind)
        if move is not None:
            window = move["params"]["to"]
            return kind, int(window["min"]), int(window["max"])
    return None


def can_all_in(prompt: JSON) -> bool:
    """Whether the prompt offers going all-in."""
    return move_of(prompt, "all_in") is not None


def snap(desired: float, low: int, high: int, unit: int) -> int:
    """The legal total closest below `desired`: a multiple of the unit in [low, high], or
    `high` itself (an all-in needs no rounding)."""
    if desired >= high:
        return high
    unit = max(1, unit)
    to = int(desired) // unit * unit
    if to < low:
        to = -(-low // unit) * unit  # low rounded up to the unit
    return high if to >= high else to


def sized_bet(prompt: JSON, desired: float) -> JSON | None:
    """A bet or raise to about `desired` chips this round, or None if the seat may not raise."""
    window = raise_window(prompt)
    if window is None:
        return None
    kind, low, high = window
    return {"type": kind, "to": snap(desired, low, high, int(prompt.get("unit") or 1))}


def passive(prompt: JSON) -> JSON:
    """Check if free, else call."""
    return {"type": "check"} if move_of(prompt, "check") else {"type": "call"}


def to_call(prompt: JSON) -> int:
    call = move_of(prompt, "call")
    return 0 if call is None else int(call["amount"])


def live_opponents(view: QuizPokerView) -> int:
    """Seats other than the viewer still contesting the pot (all-in ones included)."""
    me = view["seat"]
    return sum(1 for p in view["players"] if p["seat"] != me and p["in_hand"] and not p["folded"])


def legal_of(prompt: JSON) -> dict[str, Any]:
    """A betting prompt's moves by kind: `fold`, `check` (bools), `call` (chips or None),
    `bet`/`raise` (`{"min_to", "max_to"}` or None), `all_in` (the total or None), for the
    terminal's menu and the tests."""
    moves = {move["type"]: move for move in prompt["moves"]}
    out: dict[str, Any] = {"fold": "fold" in moves, "check": "check" in moves}
    out["call"] = moves["call"]["amount"] if "call" in moves else None
    for kind in ("bet", "raise"):
        window = moves[kind]["params"]["to"] if kind in moves else None
        out[kind] = None if window is None else {"min_to": window["min"], "max_to": window["max"]}
    out["all_in"] = moves["all_in"]["to"] if "all_in" in moves else None
    return out


def answer_prompt(prompt: JSON, guess: Callable[[], JSON], bet: Callable[[], JSON]) -> JSON:
    """A QuizPoker bot's move for any prompt: its `guess` or `bet`, a muck when asked to show a
    folded guess (shown, it only informs the others), and the prompt's default when the view
    has an unexpected shape, so a bot's mistake never stops the table."""
    try:
        kind = prompt.get("type")
        if kind == "guess":
            return guess()
        if kind == "show_folded":
            return {"type": "muck"}
        if kind == "bet":
            return bet()
    except (KeyError, TypeError, ValueError, ArithmeticError):
        pass
    return dict(prompt.get("default") or {"type": "fold"})
