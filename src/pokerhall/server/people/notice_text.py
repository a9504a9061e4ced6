"""The words of the e-mail notices (`notices.py`) in en, de, cs and el: a turn notice, the daily
digest, and the pages of the one-click unsubscribe link. The Czech says "ty" to the player, as
the games' own texts quoted in a turn notice do (Slovní poker's "Tvoje karty"), and most of the
Czech interface; German "du" likewise.

A turn notice is plain text a screen reader reads line by line, in sentences, with no layout
drawn in characters. It says what the player must decide from what the game itself says: the
events of the current round the seat may see, in the game's own descriptions
(`Game.describe`, rendered from the game's catalog as the table's log and the terminal render
them: for Slovní poker the cards dealt, the dice shown and the round's choice; for the other
games the hand, the question, the bets), then the prompt's moves with their ranges and the
default move the clock will make. The server names no game for it. A game whose texts name
playing cards ("Qd", `GameInfo.playing_cards`) has them written as the screen reader says
them, "Q♦ (queen of diamonds)" (`pokerhall.cards.spoken`)."""

from __future__ import annotations

import email.utils
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from functools import cache
from pathlib import Path
from typing import Any

from pokerhall.cards.spoken import spoken
from pokerhall.engine import JSON, registry
from pokerhall.engine.messages import LANGUAGES, Message, load_catalog, render

WORDS = Path(__file__).resolve().parent / "notice_words"
"""The mails' own words, `<lang>.json` per language (the games' descriptions come from their
catalogs)."""


@cache
def _strings(lang: str) -> dict[str, str]:
    strings: dict[str, str] = json.loads((WORDS / f"{lang}.json").read_text(encoding="utf-8"))
    return strings


def words(lang: str, key: str, **params: Any) -> str:
    """The mails' text `key` in `lang` (English for a language or key it lacks)."""
    table = _strings(lang if lang in LANGUAGES else "en")
    return table.get(key, _strings("en")[key]).format(**params)


@dataclass(frozen=True)
class TurnFacts:
    """What a turn notice tells, taken from the table when the prompt came (on its task)."""

    table_id: str
    game: str
    seat: int
    prompt_id: int
    players: Sequence[str]
    lines: Sequence[Message]
    """The current round's events this seat may see, as the game describes them."""
    prompt: JSON
    deadline: float | None
    """Wall-clock time (`time.time()`) the clock makes the default move."""


@dataclass(frozen=True)
class Recipient:
    name: str
    email: str
    lang: str
    unsubscribe: str
    """The one-click unsubscribe link (HTTPS, with the account's token)."""


def _utc(wall: float) -> str:
    return datetime.fromtimestamp(wall, UTC).strftime("%Y-%m-%d %H:%M")


def _game_title(game: str) -> str:
    try:
        return registry.info(game).title
    except Exception:
        return game


def _value(value: Any) -> str:
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


def _param(lang: str, name: str, spec: JSON) -> str:
    kind = spec.get("kind")
    choices = ", ".join(_value(c) for c in spec.get("choices", []))
    if kind == "int":
        return words(lang, "param.range", name=name, low=spec.get("min"), high=spec.get("max"))
    if kind == "decimal":
        return words(lang, "param.number", name=name)
    if kind == "choice":
        return words(lang, "param.choice", name=name, choices=choices)
    if kind == "subset":
        low, high = spec.get("min", 0), spec.get("max", len(spec.get("choices", [])))
        return words(lang, "param.subset", name=name, low=low, high=high, choices=choices)
    return words(lang, "param.text", name=name)


def _move(lang: str, move: JSON) -> str:
    """A move of the prompt in words: its type, what it shows (a call's amount), its params."""
    shown = [f"{k} {_value(v)}" for k, v in move.items() if k not in ("type", "params")]
    params = [_param(lang, name, spec) for name, spec in (move.get("params") or {}).items()]
    details = shown + params
    return str(move.get("type")) + (f" ({'; '.join(details)})" if details else "")


def choice_text(lang: str, prompt: JSON) -> str:
    moves = [_move(lang, m) for m in prompt.get("moves", [])]
    if len(moves) > 1:
        moves = [", ".join(moves[:-1]) + f" {words(lang, 'or')} " + moves[-1]]
    return moves[0] if moves else ""


def _default_text(prompt: JSON) -> str:
    default = prompt.get("default") or {}
    rest = [f"{k} {_value(v)}" for k, v in default.items() if k != "type"]
    return str(default.get("type")) + (f" ({', '.join(rest)})" if rest else "")


def _frame(message: EmailMessage, settings_sender: str, to: Recipient, subject: str) -> None:
    message["From"] = settings_sender
    message["To"] = to.email
    message["Subject"] = subject
    message["Date"] = email.utils.formatdate(usegmt=True)
    message["Message-ID"] = email.utils.make_msgid(domain="pokerhall")
    message["Auto-Submitted"] = "auto-generated"
    # RFC 8058: a mail client offers "unsubscribe" and POSTs to the link, no page in between.
    message["List-Unsubscribe"] = f"<{to.unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"


def _footer(to: Recipient) -> list[str]:
    return [
        "",
        "-- ",
        words(to.lang, "footer.why"),
        words(to.lang, "footer.stop", link=to.unsubscribe),
    ]


def turn_mail(
    facts: TurnFacts, table_name: str, to: Recipient, *, sender: str, table_link: str
) -> EmailMessage:
    lang = to.lang if to.lang in LANGUAGES else "en"
    game = _game_title(facts.game)
    try:
        info = registry.info(facts.game)
        catalog = load_catalog(info.messages, lang)
        cards = info.playing_cards
    except Exception:
        catalog, cards = load_catalog(None, "en"), False
    prompt = spoken(facts.prompt, lang) if cards else facts.prompt  # "Q♦ (queen of diamonds)"
    lines = [
        words(lang, "turn.hello", name=to.name),
        "",
        words(lang, "turn.intro", table=table_name, game=game),
        "",
    ]
    said = [spoken(m, lang) if cards else m for m in facts.lines]
    described = [render(m, catalog, facts.players, lang) for m in said]
    if described:
        lines += [words(lang, "turn.round"), *(f"- {text}" for text in described), ""]
    lines.append(words(lang, "turn.choice", moves=choice_text(lang, prompt)))
    if facts.deadline is not None:
        when = _utc(facts.deadline)
        lines.append(words(lang, "turn.deadline", when=when, move=_default_text(prompt)))
    lines += ["", words(lang, "turn.play", link=table_link), *_footer(to)]
    message = EmailMessage()
    _frame(message, sender, to, words(lang, "turn.subject", table=table_name, game=game))
    message.set_content("\n".join(lines) + "\n")
    return message


@dataclass(frozen=True)
class DigestItem:
    table_name: str
    game: str
    deadline: str | None
    link: str


def digest_mail(items: Sequence[DigestItem], to: Recipient, *, sender: str) -> EmailMessage:
    lang = to.lang if to.lang in LANGUAGES else "en"
    lines = [words(lang, "turn.hello", name=to.name), "", words(lang, "digest.intro"), ""]
    for item in items:
        game = _game_title(item.game)
        if item.deadline is None:
            text = words(
                lang, "digest.item.no_deadline", table=item.table_name, game=game, link=item.link
            )
        else:
            when = datetime.fromisoformat(item.deadline).strftime("%Y-%m-%d %H:%M")
            text = words(
                lang, "digest.item", table=item.table_name, game=game, when=when, link=item.link
            )
        lines.append(f"- {text}")
    lines += _footer(to)
    message = EmailMessage()
    _frame(message, sender, to, words(lang, "digest.subject", count=len(items)))
    message.set_content("\n".join(lines) + "\n")
    return message
