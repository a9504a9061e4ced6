"""Palace Poker's terminal module (`GameInfo.terminal`): a one-seat table view, short commands
and event styles for `pokerhall play`, and what `simulate` counts per hand. It matches the CLI's
`TerminalGame` protocol structurally and never imports `pokerhall.cli`.

Everything drawn comes from `view(seat)`, the data a browser client gets, so the terminal cannot
show a card the seat may not know (P13). Seats are numbered from 1 on screen, as in the browser.
Parsing only checks that the words make a move; whether it is legal is the game's to say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pokerhall.cards import Card
from pokerhall.engine.errors import InputProblem
from pokerhall.engine.events import JSON, ROUND_STARTED, Event
from pokerhall.engine.protocol import Game
from pokerhall.games.palace.events import palace_event
from pokerhall.games.palace.view_types import HandView, PalaceView, PlayerView, palace_view

HELP_TEXT = """\
On your turn (seats are numbered as in the table, from 1):
  b, buy              buy the top card of the stock as a soldier
  d 3c 4h             pay and discard these soldiers
  a 2, a 2 30         battle seat 2 (also by name: a Bob 30), betting 30 (default: the least bet)
  s, stay             do nothing this turn
  f, fold             leave the hand
In a battle: f fold, c call, r or r 40 raise (by 40 beyond the call; default: the least raise).
After a buy or a won battle: k keeps every soldier, d 3c 4h lets these go.
Cards are written rank then suit: 2-9, T, J, Q, K, A and s, h, d, c (Ah, Td, 7c)."""

EVENT_STYLES = {
    ROUND_STARTED: "bold",
    "battle": "bold yellow",
    "battle_examined": "cyan",
    "battle_confirmed": "cyan",
    "battle_won": "yellow",
    "battle_tied": "yellow",
    "showdown": "cyan",
    "same_suit": "cyan",
    "pot_awarded": "green",
    "eliminated": "red",
    "left": "red",
    "game_over": "bold green",
}

SUIT_STYLES = {"h": "red", "d": "red", "s": "", "c": ""}


# --- the table -------------------------------------------------------------------------------


def card_text(cards: Sequence[str], text: Text | None = None) -> Text:
    """Cards as written ("Ah Td"), hearts and diamonds in red."""
    out = text if text is not None else Text()
    for index, card in enumerate(cards):
        if index:
            out.append(" ")
        out.append(card, style=SUIT_STYLES.get(card[-1:], ""))
    return out


def palace_cell(view: PalaceView, seat: int, player: PlayerView) -> Text:
    """Your own palace, a palace shown at the showdown, one seen in a battle (P13), else backs."""
    you = view.get("you")
    shown = player["shown"]
    if shown:
        return card_text(shown, Text("shown ", style="dim"))
    if seat == view["seat"] and you is not None and you["palace"]:
        return card_text(you["palace"])
    known: Mapping[str, list[str]] = {} if you is None else you["known"]
    if str(seat) in known and player["in_hand"]:
        return card_text(known[str(seat)], Text("seen ", style="dim"))
    return Text("▮" * player["palace_cards"], style="dim")


def status(view: PalaceView, seat: int, player: PlayerView) -> str:
    hand = view["hand"]
    words = []
    if hand["dealer"] == seat:
        words.append("D")
    if not player["in_game"]:
        words.append("out")
    elif not player["in_hand"]:
        words.append("out of the hand" if seat in hand["order"] else "sits out")
    elif seat in hand["quiet"]:
        words.append("quiet")
    if player["resigned"]:
        words.append("resigned")
    battle = hand["battle"]
    if battle and seat in (battle["attacker"], battle["defender"]):
        role = "attacks" if seat == battle["attacker"] else "defends"
        words.append(f"{role} ({battle['bets'].get(str(seat), 0):,} in)")
    return " · ".join(words)


def acting(hand: HandView) -> int | None:
    battle = hand["battle"]
    if battle:
        return battle["to_act"]
    if hand["choosing_soldiers"] is not None:
        return hand["choosing_soldiers"]
    return hand["turn"]


def players_table(view: PalaceView, labels: Mapping[int, str]) -> Table:
    hand = view["hand"]
    table = Table(box=None, pad_edge=False, show_edge=False)
    for name, justify in (
        ("", "left"),
        ("#", "right"),
        ("Player", "left"),
        ("Stack", "right"),
        ("In", "right"),
        ("Banner", "left"),
        ("Soldiers", "left"),
        ("Palace", "left"),
        ("", "left"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    to_act = acting(hand)
    for seat, player in enumerate(view["players"]):
        name = player["name"] + (" (you)" if seat == view["seat"] else "")
        if seat in labels:
            name += f" [{labels[seat]}]"
        table.add_row(
            "▶" if to_act == seat and not view["over"] else "",
            str(seat + 1),
            Text(name),
            f"{player['stack']:,}",
            f"{player['put_in']:,}" if player["put_in"] else "",
            card_text([player["banner"]]) if player["banner"] else Text(""),
            card_text(player["soldiers"]),
            palace_cell(view, seat, player),
            status(view, seat, player),
        )
    return table


def render_table(view: PalaceView, labels: Mapping[int, str] | None = None) -> RenderableType:
    hand = view["hand"]
    rules = view["rules"]
    betting = "limit" if rules["betting"] == "limit" else "no-limit"
    title = (
        f"Hand {hand['number']} · bets {rules['small_bet']:,}/{rules['big_bet']:,} · "
        f"ante {rules['ante']:,} · {betting}"
    )
    line = Text(f"Pot {hand['pot']:,}", style="bold")
    line.append(f"   stock {hand['stock']} · discard pile {hand['discard_pile']}", style="")
    names = [player["name"] for player in view["players"]]
    battle = hand["battle"]
    parts: list[RenderableType] = [players_table(view, labels or {}), line]
    if battle:
        parts.append(
            Text(
                f"Battle: {names[battle['attacker']]} attacks {names[battle['defender']]}"
                f" (raises {battle['raises']})",
                style="yellow",
            )
        )
    you = view.get("you")
    known = {} if you is None else you["known"]
    for other, cards in sorted(known.items(), key=lambda kv: int(kv[0])):
        seen = Text(f"You saw {names[int(other)]}'s palace: ", style="dim")
        parts.append(card_text(cards, seen))
    return Panel(Group(*parts), title=title, title_align="left")


# --- the menu ----------------------------------------------------------------------------------


def moves_of(prompt: JSON) -> dict[str, JSON]:
    return {str(spec["type"]): spec for spec in prompt.get("moves", [])}


def _span(param: JSON) -> str:
    low, high = int(param["min"]), int(param["max"])
    return f"{low:,}" if low == high else f"{low:,}–{high:,}"


def menu(prompt: JSON) -> str:
    """The legal moves with their costs: `[b]uy 10  [a]ttack seat 2|3 bet 20  [s]tay  [f]old`."""
    moves = moves_of(prompt)
    parts = []
    kind = prompt["type"]
    if kind == "turn":
        if "buy" in moves:
            parts.append(f"[b]uy {moves['buy'].get('cost', 0):,}")
        if "discard" in moves:
            cards = " ".join(moves["discard"]["params"]["cards"]["choices"])
            parts.append(f"[d]iscard from {cards} ({moves['discard'].get('cost', 0):,})")
        if "battle" in moves:
            params = moves["battle"]["params"]
            targets = "|".join(str(int(s) + 1) for s in params["target"]["choices"])
            parts.append(f"[a]ttack seat {targets} bet {_span(params['bet'])}")
        if "stay" in moves:
            parts.append("[s]tay")
        parts.append("[f]old")
        if prompt.get("forced"):
            parts.append("(two players left: no staying)")
    elif kind == "battle":
        parts.append("[f]old")
        parts.append(f"[c]all {moves['call'].get('amount', 0):,}")
        if "raise" in moves:
            parts.append(f"[r]aise by {_span(moves['raise']['params']['by'])}")
        parts.append(f"(pot {prompt.get('pot', 0):,})")
    elif kind == "soldiers":
        if "keep" in moves:
            parts.append("[k]eep all")
        cards = " ".join(moves["discard"]["params"]["cards"]["choices"])
        least = moves["discard"]["params"]["cards"]["min"]
        parts.append(f"[d]iscard at least {least} of {cards}")
    return "  ".join(parts)


# --- parsing -----------------------------------------------------------------------------------


def _cards(words: list[str]) -> list[str]:
    """Card words as the game spells them, forgiving case ("ah" → "Ah", "10h" → "Th")."""
    out = []
    for word in words:
        for part in word.split(","):
            if not part:
                continue
            text = part[:-1].upper().replace("10", "T") + part[-1:].lower()
            try:
                out.append(str(Card(text)))
            except ValueError:
                raise InputProblem(f"{part!r} is not a card (e.g. Ah, Td, 7c)") from None
    if not out:
        raise InputProblem("name the soldiers, e.g. 'd 3c 4h'")
    return out


def _whole(word: str, what: str) -> int:
    cleaned = word.replace(",", "").replace("_", "")
    if not cleaned.isdigit():
        raise InputProblem(f"{word!r} is not a whole number of chips ({what})")
    return int(cleaned)


def _target(word: str, names: Sequence[str]) -> int:
    if word.isdigit():
        return int(word) - 1
    matches = [seat for seat, name in enumerate(names) if name.lower() == word.lower()]
    if len(matches) != 1:
        raise InputProblem(f"{word!r} is neither a seat number nor a player's name")
    return matches[0]


def _bare(kind: str, rest: list[str]) -> JSON:
    if rest:
        raise InputProblem(f"{kind} takes nothing after it")
    return {"type": kind}


def parse_command(text: str, prompt: JSON, names: Sequence[str] = ()) -> JSON:
    words = text.split()
    if not words:
        raise InputProblem(f"choose one of: {menu(prompt)}")
    verb, rest = words[0].lower(), words[1:]
    kind = prompt["type"]
    moves = moves_of(prompt)
    if kind == "turn":
        if verb in ("b", "buy"):
            return _bare("buy", rest)
        if verb in ("s", "stay"):
            return _bare("stay", rest)
        if verb in ("f", "fold"):
            return _bare("fold", rest)
        if verb in ("d", "discard"):
            return {"type": "discard", "cards": _cards(rest)}
        if verb in ("a", "attack", "battle"):
            if not rest or len(rest) > 2:
                raise InputProblem("say whom to battle, e.g. 'a 2' or 'a 2 30'")
            target = _target(rest[0], names)
            if len(rest) == 2:
                bet = _whole(rest[1], "the battle bet")
            elif "battle" in moves:
                bet = int(moves["battle"]["params"]["bet"]["min"])
            else:
                bet = 0  # the game says why no battle is possible
            return {"type": "battle", "target": target, "bet": bet}
    elif kind == "battle":
        if verb in ("f", "fold"):
            return _bare("fold", rest)
        if verb in ("c", "call"):
            return _bare("call", rest)
        if verb in ("r", "raise"):
            if len(rest) > 1:
                raise InputProblem("say by how much, e.g. 'r 20'")
            if rest:
                return {"type": "raise", "by": _whole(rest[0], "the raise")}
            if "raise" not in moves:
                raise InputProblem("no raise is possible now: fold or call")
            return {"type": "raise", "by": int(moves["raise"]["params"]["by"]["min"])}
    elif kind == "soldiers":
        if verb in ("k", "keep"):
            return _bare("keep", rest)
        if verb in ("d", "discard"):
            return {"type": "discard", "cards": _cards(rest)}
    raise InputProblem(f"{text.strip()!r} is not a move here (type ? for help)")


# --- the session -------------------------------------------------------------------------------


def standings_table(game: Game[Any], labels: Mapping[int, str]) -> Table:
    result = game.result
    view = palace_view(game.view(None))
    order: list[int] = list(result["standings"] if result else view["standings"])
    stacks = [p["stack"] for p in view["players"]]
    places: list[int] = list(result["places"]) if result else []
    table = Table(title="Final standings" if result else "Standings so far", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Chips", justify="right")
    table.add_column("")
    out: dict[int, int] = {}
    for event in game.events:
        payload = palace_event(event)
        if payload["type"] == "eliminated" or payload["type"] == "left":
            out[payload["seat"]] = payload["hand"]
    for rank, seat in enumerate(order, start=1):
        name = game.players[seat] + (f" ({labels[seat]})" if seat in labels else "")
        note = f"left after hand {out[seat]}" if seat in out else ""
        place = places[seat] if places else rank
        table.add_row(str(place), name, f"{stacks[seat]:,}", note)
    return table


def hand_facts(events: Sequence[Event]) -> tuple[set[int], dict[str, float]]:
    """The seats that won a share of the pot, the pot, battles fought and whether the hand
    ended in a showdown (P15)."""
    winners: set[int] = set()
    pot = 0
    battles = 0
    showdown = False
    for event in events:
        payload = palace_event(event)
        if payload["type"] == "battle":
            battles += 1
        elif payload["type"] == "showdown":
            showdown = True
        elif payload["type"] == "pot_awarded":
            pot += payload["amount"]
            winners |= {int(seat) for seat in payload["shares"]}
    return winners, {
        "average_pot": float(pot),
        "battles": float(battles),
        "showdown_rate": 1.0 if showdown else 0.0,
    }


class PalaceTerminal:
    flags: Mapping[str, str] = {}
    help_text = HELP_TEXT
    table_shows: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self._names: list[str] = []
        """The players' names of the table last drawn, so `a Bob` finds Bob's seat."""

    def flag_value(self, option: str, text: str) -> Any:
        raise ValueError(f"Palace Poker has no flag for {option}")

    def render(self, view: JSON, labels: Mapping[int, str]) -> RenderableType:
        seen = palace_view(view)
        self._names = [player["name"] for player in seen["players"]]
        return render_table(seen, labels)

    def ask(self, prompt: JSON) -> tuple[str, RenderableType | None]:
        question = {
            "turn": "Your turn: ",
            "battle": "Battle — fold, call or raise: ",
            "soldiers": "Soldiers to let go (k keeps them all): ",
        }.get(str(prompt["type"]), "Your move: ")
        return question, Text(menu(prompt))

    def parse(self, text: str, prompt: JSON) -> JSON | str:
        try:
            return parse_command(text, prompt, self._names)
        except InputProblem as exc:
            return exc.reason

    def event_style(self, event: Event) -> str:
        return EVENT_STYLES.get(event.type, "")

    def notice(self, event: Event, seat: int) -> str | None:
        payload = palace_event(event)
        if payload["type"] == "eliminated" and payload["seat"] == seat:
            return "You are out of chips; the bots play on (Ctrl-C to stop)."
        if payload["type"] == "battle" and payload["defender"] == seat:
            return "You are attacked: fold, call or raise when asked."
        return None

    def standings(self, game: Game[Any], labels: Mapping[int, str]) -> RenderableType:
        return standings_table(game, labels)

    def round_facts(self, events: Sequence[Event]) -> tuple[set[int], Mapping[str, float]]:
        return hand_facts(events)


TERMINAL = PalaceTerminal()

__all__ = ["HELP_TEXT", "TERMINAL", "PalaceTerminal", "menu", "parse_command", "render_table"]
