"""Slovní poker's terminal module (`GameInfo.terminal`): the table for one seat, short commands
and event styles for `pokerhall play`, `simulate` and `replay`, in the table's language (the
option `language`, set by `--lang`). Matches the CLI's `TerminalGame` protocol structurally and
never imports `pokerhall.cli`. Everything drawn comes from the seat's own view.

Commands: declare `r 5` (raise by 5), `s` (no raise), `p` (pass); respond `c` (match) followed
by the letters to exchange, `c N K ˇ` (ˇ or ^ for a háček card, ´ or ' for a čárka card, `ch`
for a CH card), or `p`; the final word as it is written, `kočka`, or `-` for none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.messages import load_catalog, render
from pokerhall.engine.protocol import Game
from pokerhall.games.wordpoker.events import wordpoker_event
from pokerhall.games.wordpoker.history import MARKS, letter
from pokerhall.games.wordpoker.moves import MESSAGES
from pokerhall.games.wordpoker.views import CardView, Sealed, WordPokerView, wordpoker_view

RAISE = {"r", "raise", "navysuji", "navyšuji", "+"}
STAY = {"s", "stay", "n", "nemenim", "neměním"}
PASS = {"p", "pass", "koncim", "končím"}
CALL = {"c", "call", "d", "dorovnavam", "dorovnávám"}
MARK_WORDS = {
    "ˇ": "hacek",
    "^": "hacek",
    "hacek": "hacek",
    "háček": "hacek",
    "´": "carka",
    "'": "carka",
    "carka": "carka",
    "čárka": "carka",
}
EVENT_STYLES = {
    ROUND_STARTED: "bold",
    "dice_rolled": "cyan",
    "declarations_revealed": "yellow",
    "responses_revealed": "yellow",
    "deal_result": "bold green",
    "bankrupt": "red",
    "absent": "red",
    "forfeited": "red",
    "game_over": "bold green",
}


def words(lang: str) -> Any:
    catalog = load_catalog(MESSAGES, lang)
    return lambda key, **params: render({"key": key, "params": params}, catalog, [], lang)


def render_table(view: WordPokerView, labels: Mapping[int, str]) -> RenderableType:
    say = words(view.get("language", "en"))
    deal = view["deal"]
    title = say(
        "tui.title",
        deal=deal["number"],
        deals=view["deals"],
        round=deal["round"],
        ante=deal["ante"],
    )
    line = Text(f"{say('tui.dice')}: {' '.join(deal['dice']) or '—'}   ", style="bold")
    line.append(f"{say('tui.pot')}: {deal['pot']}")
    table = Table(box=None, pad_edge=False)
    for column in ("#", say("tui.player"), say("tui.points"), say("tui.status")):
        table.add_column(column)
    table.add_column(say("tui.put_in"), justify="right")
    table.add_column(say("tui.exchanged"))
    for p in view["players"]:
        name = p["name"] + (" *" if p["seat"] == view.get("seat") else "")
        if p["seat"] in labels:
            name += f" [{labels[p['seat']]}]"
        swaps = " ".join(map(str, p["exchanged"]))
        status = say(f"tui.status.{p['status']}")
        row = [str(p["seat"]), name, str(p["points"]), status, str(p["put_in"]), swaps]
        table.add_row(*row)
    parts: list[RenderableType] = [Panel(line, title=title, title_align="left"), table]
    you = view.get("you")
    if you is not None:
        hand = " ".join(letter(c["letter"]) for c in you["hand"])
        mine = Text(f"{say('tui.hand')}: {hand}", style="bold")
        if you["discards"]:
            mine.append(f"   ({say('tui.discards')}: {' '.join(map(letter, you['discards']))})")
        if you["sealed"]:
            mine.append(f"   {say('tui.sealed')}: {sealed_text(you['sealed'])}", style="dim")
        parts.append(mine)
    return Group(*parts)


def sealed_text(sealed: Sealed) -> str:
    if sealed["step"] == "declare":
        return f"{sealed['choice']} {sealed['amount'] or ''}".strip()
    if sealed["step"] == "respond":
        return "call" if sealed["call"] else "pass"
    return str(sealed.get("word") or "-")


def parse_command(
    text: str, prompt: JSON, hand: Sequence[CardView], lang: str = "en"
) -> JSON | str:
    """A typed line as a move of the prompt, or why it is none in the table's language (the
    game checks the rules)."""
    say = words(lang)
    parts = text.split()
    if not parts:
        return str(say("tui.error.empty"))
    head = parts[0].lower()
    kind = prompt["type"]
    if kind == "word":
        if text.strip() == "-":
            return {"type": "no_word"}
        word = " ".join(parts[1:]) if head in ("w", "word", "slovo") and len(parts) > 1 else text
        return {"type": "word", "word": word.strip()}
    if head in PASS:
        return {"type": "pass"}
    if kind == "declare":
        if head in STAY:
            return {"type": "stay"}
        amount = parts[1] if head in RAISE and len(parts) > 1 else head.lstrip("+")
        if amount.isdigit():
            return {"type": "raise", "amount": int(amount)}
        return str(say("tui.error.declare"))
    if head not in CALL:
        return str(say("tui.error.respond"))
    chosen: list[str] = []
    for word in parts[1:]:
        want = MARK_WORDS.get(word.lower(), word.upper())
        card = next((c for c in hand if c["letter"] == want and c["id"] not in chosen), None)
        if card is None:
            return str(say("tui.error.no_card", card=word))
        chosen.append(card["id"])
    return {"type": "call", "exchange": chosen}


class WordPokerTerminal:
    flags: Mapping[str, str] = {"--lang": "language"}
    help_text: str
    """What `?` prints: the commands, in the language of the table last drawn."""
    table_shows: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self._hand: list[CardView] = []
        self._lang = "en"
        self.help_text = words("en")("tui.help")

    def flag_value(self, option: str, text: str) -> Any:
        return text

    def render(self, view: JSON, labels: Mapping[int, str]) -> RenderableType:
        seen = wordpoker_view(view)
        you = seen.get("you")
        self._hand = [] if you is None else list(you["hand"])
        self._lang = seen.get("language", "en")
        self.help_text = words(self._lang)("tui.help")
        return render_table(seen, labels)

    def ask(self, prompt: JSON) -> tuple[str, RenderableType | None]:
        say = words(self._lang)
        if prompt["type"] == "declare":
            return "> ", Text(say("tui.declare", most=prompt["most"]))
        if prompt["type"] == "respond":
            return "> ", Text(say("tui.respond", cost=prompt["cost"], most=prompt["max_exchange"]))
        return "> ", Text(say("tui.word"))

    def parse(self, text: str, prompt: JSON) -> JSON | str:
        return parse_command(text, prompt, self._hand, self._lang)

    def event_style(self, event: Event) -> str:
        return EVENT_STYLES.get(event.type, "")

    def notice(self, event: Event, seat: int) -> str | None:
        return None

    def standings(self, game: Game[Any], labels: Mapping[int, str]) -> RenderableType:
        view = wordpoker_view(game.view(None))
        say = words(view.get("language", "en"))
        result = game.result
        table = Table(title=say("tui.standings.final" if result else "tui.standings.so_far"))
        for column in ("#", say("tui.player"), say("tui.points")):
            table.add_column(column)
        points = [p["points"] for p in view["players"]]
        order = sorted(range(game.num_seats), key=lambda s: (-points[s], s))
        for seat in order:
            place = result["places"][seat] if result else 1 + sum(p > points[seat] for p in points)
            name = game.players[seat] + (f" ({labels[seat]})" if seat in labels else "")
            table.add_row(str(place), name, str(points[seat]))
        return table

    def round_facts(self, events: Sequence[Event]) -> tuple[set[int], Mapping[str, float]]:
        for event in events:
            payload = wordpoker_event(event)
            if payload["type"] == "deal_result":
                scored = [w["score"] for w in payload["words"]]
                facts = {"pot": float(payload["pot"])}
                if scored:
                    facts["best_score"] = float(max(scored))
                return set(payload["winners"]), facts
        return set(), {}


TERMINAL = WordPokerTerminal()

__all__ = ["MARKS", "TERMINAL", "WordPokerTerminal", "parse_command"]
