"""QuizPoker at the terminal: what a person types at a prompt, turned into a move, and the menu.

Parsing only checks that the words make a move; whether the move is legal is left to the game,
whose `IllegalMove` reason the player then reads. So the rules live in one place.
"""

from __future__ import annotations

from typing import Any

from pokerhall.engine.errors import InputProblem
from pokerhall.engine.events import JSON
from pokerhall.games.quizpoker.bots.legal import legal_of
from pokerhall.games.quizpoker.history import chips

HELP_TEXT = """\
Commands when it is your turn to bet:
  f, fold          give up this hand
  c                check, or call when there is a bet (also: check, call, k, x)
  b 50, bet 50     bet 50 chips (r 200, raise 200: raise to a total of 200 this round)
  b min, r max     the smallest or largest bet or raise
  a, all-in        put all your chips in
When guessing: type a number such as 1774, -3.5 or 83.2, or f to fold."""


# --- the menu ---------------------------------------------------------------------------------


def bet_options(prompt: JSON) -> str:
    """The legal options with amounts: `[f]old  [c]all 40  [r]aise to 80–1000  [a]ll-in 1000`."""
    legal = legal_of(prompt)
    parts = ["[f]old"]
    if legal.get("check"):
        parts.append("[c]heck")
    if legal.get("call"):
        parts.append(f"[c]all {chips(legal['call'])}")
    if legal.get("bet"):
        parts.append(f"[b]et {_span(legal['bet'])}")
    if legal.get("raise"):
        parts.append(f"[r]aise to {_span(legal['raise'])}")
    if _all_in_allowed(prompt):
        parts.append(f"[a]ll-in {chips(legal['all_in'])}")
    return "  ".join(parts)


def _span(limits: dict[str, int]) -> str:
    low, high = limits["min_to"], limits["max_to"]
    return chips(low) if low == high else f"{chips(low)}–{chips(high)}"


def _all_in_allowed(prompt: JSON) -> bool:
    """The prompt names the all-in total only when going all-in is allowed."""
    return legal_of(prompt)["all_in"] is not None


# --- parsing -----------------------------------------------------------------------------------


def parse_bet_command(text: str, prompt: JSON) -> JSON:
    """A betting move from short commands: `f`, `c`, `k`, `b 50`, `r 200`, `r max`, `a`, `300`."""
    words = text.lower().replace("all in", "all-in").split()
    if not words:
        raise InputProblem(f"choose one of: {bet_options(prompt)}")
    verb, rest = words[0], words[1:]
    legal = legal_of(prompt)
    if verb in ("f", "fold"):
        return _bare("fold", rest)
    if verb == "c":
        return _bare("check" if legal.get("check") else "call", rest)
    if verb in ("k", "x", "check"):
        return _bare("check", rest)
    if verb == "call":
        return _bare("call", rest)
    if verb in ("a", "all-in", "allin", "shove"):
        return _bare("all_in", rest)
    if verb in ("b", "bet", "r", "raise", "raise-to"):
        if rest[:1] == ["to"]:
            rest = rest[1:]
        if len(rest) != 1:
            raise InputProblem(f"say how much, e.g. '{verb} 80' (a total for this round)")
        return _aggressive(verb, rest[0], legal)
    if _looks_like_amount(verb) and not rest:
        return _aggressive("b", verb, legal)
    raise InputProblem(f"{text.strip()!r} is not a move (type ? for help)")


def _bare(kind: str, rest: list[str]) -> JSON:
    if rest:
        raise InputProblem(f"{kind.replace('_', '-')} takes no amount")
    return {"type": kind}


def _aggressive(verb: str, amount: str, legal: dict[str, Any]) -> JSON:
    """A bet when nothing is bet yet, else a raise, whichever word was typed: people mix them up
    and only one of the two can be meant."""
    if legal.get("bet"):
        kind = "bet"
    elif legal.get("raise"):
        kind = "raise"
    else:
        kind = "bet" if verb.startswith("b") else "raise"
    limits = legal.get(kind)
    if amount in ("min", "max"):
        if not limits:
            return {"type": kind, "to": 0}  # the game explains why no bet or raise is possible
        return {"type": kind, "to": limits[f"{amount}_to"]}
    return {"type": kind, "to": _chips(amount)}


def _looks_like_amount(word: str) -> bool:
    return word.replace(",", "").replace("_", "").isdigit()


def _chips(word: str) -> int:
    if not _looks_like_amount(word):
        raise InputProblem(f"{word!r} is not a whole number of chips")
    return int(word.replace(",", "").replace("_", ""))


def parse_guess_command(text: str) -> JSON:
    """A guess (the number as typed, checked by the game) or a fold."""
    word = text.strip()
    if not word:
        raise InputProblem("type your guess, e.g. 1774, or f to fold")
    if word.lower() in ("f", "fold"):
        return {"type": "fold"}
    return {"type": "guess", "value": word}


def parse_show_command(text: str) -> JSON:
    """Whether a folded player shows the guess at the end of the hand (DU6)."""
    word = text.strip().lower()
    if word in ("y", "yes", "show", "s"):
        return {"type": "show"}
    if word in ("n", "no", "muck", "m"):
        return {"type": "muck"}
    raise InputProblem("answer y to show your guess or n to keep it hidden")
