"""Event descriptions as data: a game says what happened once, as a message key and parameters,
and each client renders it in its reader's language from the game's catalog.

A `Message` is JSON, `{"key": "...", "params": {...}}`, so it travels to the browser as it is and
the same catalog serves the terminal, `pokerhall replay` and the table page (whose renderer,
`web/js/messages.js`, follows exactly the rules below). Parameter values:

- a plain string is shown as it is; a plain number locale-formatted (en 1,200; de 1.200;
  cs 1 200 with a no-break space; el 1.200);
- `{"seat": n}`: the player's name;
- `{"seats": [n, ...]}`: the names, joined with the language's "and" ("Ann, Bob and Cy");
- `{"amount": n}`: an amount in the game's score unit, locale-formatted like a number;
- `{"number": "3.14"}`: an exact decimal written as text (a guess, an answer), in the language's
  decimal mark and grouped only from five digits, so years still read 1903;
- `{"list": [value, ...]}`: the values (any of these kinds), rendered and joined with ", "
  (a list of pot parts, of shares);
- `{"msg": key, "params": {...}}`: a nested message, rendered from the same catalog.

A catalog entry is a string with `{name}` placeholders, or an object keyed by CLDR plural category
(`one`, `few`, `many`, `other`) chosen by the numeric parameter `count`. Keys starting with `_` are
reserved for the renderer (`_and`, `_seat`); the engine supplies them for en, de, cs and el, and a
catalog may override them.

Rendering never raises: a missing key renders as the key with its parameters, a placeholder
without a parameter stays as written, and a malformed parameter is shown as JSON. So a game that
adds an event before its translations ships a readable (if raw) line, never a crash.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, TypedDict

from pokerhall.engine.errors import PokerhallError
from pokerhall.engine.events import Event

LANGUAGES = ("en", "de", "cs", "el")
"""The languages every game's catalog is written in (and the browser offers)."""
DEFAULT_LANGUAGE = "en"

Catalog = Mapping[str, str | Mapping[str, str]]
"""A language's messages: key -> text, or key -> {plural category: text}."""


class Message(TypedDict):
    """One description: a key in the game's catalog and its parameters (JSON values)."""

    key: str
    params: dict[str, Any]


class UnknownLanguage(PokerhallError, LookupError):
    """A game has no message catalog in the requested language."""


def message(key: str, **params: Any) -> Message:
    """`message("fold", seat=seat(1))`: the builder games use in their `describe`."""
    return {"key": key, "params": params}


def seat(number: Any) -> dict[str, Any]:
    """A parameter shown as the name of the player in seat `number`."""
    return {"seat": number}


def seats(numbers: Sequence[Any]) -> dict[str, Any]:
    """A parameter shown as the names of these seats, joined with the language's "and"."""
    return {"seats": list(numbers)}


def amount(value: Any) -> dict[str, Any]:
    """A parameter shown as an amount in the game's score unit (chips, points), locale-formatted."""
    return {"amount": value}


def number(text: Any) -> dict[str, Any]:
    """A parameter shown as an exact decimal (a guess, an answer) in the language's number style."""
    return {"number": str(text)}


def listing(values: Sequence[Any]) -> dict[str, Any]:
    """A parameter shown as its values, each rendered, joined with ", "."""
    return {"list": list(values)}


def nested(key: str, **params: Any) -> dict[str, Any]:
    """A parameter that is itself a message of the same catalog."""
    return {"msg": key, "params": params}


def event_message(event: Event) -> Message:
    """The generic description `type: data` (key `event`), for games or events without their own."""
    return message("event", type=event.type, data=_json(dict(event.data)))


# --- the engine's own entries -------------------------------------------------------------------

ENGINE_ENTRIES: Mapping[str, Mapping[str, str]] = {
    "en": {"_and": "and", "_seat": "seat {seat}", "event": "{type}: {data}"},
    "de": {"_and": "und", "_seat": "Platz {seat}", "event": "{type}: {data}"},
    "cs": {"_and": "a", "_seat": "místo {seat}", "event": "{type}: {data}"},
    "el": {"_and": "και", "_seat": "θέση {seat}", "event": "{type}: {data}"},
}
"""Entries every catalog has unless it overrides them: the list joiner, the name of a seat that
has no player, and the generic line of `Game.describe` (key `event`)."""


# --- catalogs -----------------------------------------------------------------------------------


def catalog_languages(folder: Path) -> list[str]:
    """The languages a game's `messages/` folder has a catalog for."""
    return sorted(path.stem for path in folder.glob("*.json"))


SHARED_REASONS = Path(__file__).parent / "reasons"
"""The reasons for refusing a move that every game shares (`engine.refusals`): the move
envelope and the table layer's betting, battles and amounts, one entry each for all games."""


def load_catalog(folder: Path | None, lang: str) -> Catalog:
    """The catalog `folder/<lang>.json` with the engine's entries and the shared reasons
    (`SHARED_REASONS`) under it (cached per file).

    `folder` None (a game without catalogs) gives these alone. A language the
    game has no file for raises `UnknownLanguage`; a file that is not a catalog raises
    ValueError naming the file (a packaging bug, not user input)."""
    if not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?", lang):
        raise UnknownLanguage(f"{lang!r} is not a language code such as en or de")
    base: dict[str, str | Mapping[str, str]] = dict(
        ENGINE_ENTRIES.get(lang, ENGINE_ENTRIES[DEFAULT_LANGUAGE])
    )
    shared = SHARED_REASONS / f"{lang}.json"
    if shared.is_file():
        base.update(_read_catalog(shared.resolve()))
    if folder is None:
        if lang not in ENGINE_ENTRIES:
            raise UnknownLanguage(f"no messages in language {lang!r}")
        return base
    path = folder / f"{lang}.json"
    if not path.is_file():
        known = ", ".join(catalog_languages(folder)) or "none"
        raise UnknownLanguage(f"no messages in language {lang!r} (known: {known})")
    return {**base, **_read_catalog(path.resolve())}


@lru_cache(maxsize=64)
def _read_catalog(path: Path) -> Mapping[str, str | Mapping[str, str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a message catalog must be a JSON object")
    for key, entry in data.items():
        plain = isinstance(entry, str)
        forms = isinstance(entry, dict) and all(
            form in PLURAL_FORMS and isinstance(text, str) for form, text in entry.items()
        )
        if not (plain or (forms and "other" in entry)):
            raise ValueError(f"{path}: entry {key!r} is neither a text nor plural forms")
    return data


# --- numbers and plurals ------------------------------------------------------------------------

PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")

_SEPARATORS = {"en": (",", "."), "de": (".", ","), "cs": ("\u00a0", ","), "el": (".", ",")}
"""(group, decimal) marks per language, as CLDR (and so the browser's Intl) writes them."""


def _separators(lang: str) -> tuple[str, str]:
    return _SEPARATORS.get(lang.split("-")[0], _SEPARATORS[DEFAULT_LANGUAGE])


def _digits(value: Any) -> tuple[str, str, str] | None:
    """(sign, whole digits, fraction digits) of a number or a decimal text, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        text = str(value)
    elif isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return None
        text = repr(value)
        if "e" in text or "E" in text:
            text = format(Decimal(text), "f")
    elif isinstance(value, str | Decimal):
        text = str(value)
    else:
        return None
    match = re.fullmatch(r"(-?)(\d*)(?:\.(\d+))?", text)
    if match is None or not (match[2] or match[3]):
        return None
    sign, whole, fraction = match[1], match[2] or "0", match[3] or ""
    if isinstance(value, float) and fraction == "0":
        fraction = ""
    return sign, whole, fraction


def _group(whole: str, mark: str) -> str:
    head = len(whole) % 3 or 3
    parts = [whole[:head]] + [whole[i : i + 3] for i in range(head, len(whole), 3)]
    return mark.join(parts)


def format_number(value: Any, lang: str, *, min_grouping: int = 4) -> str:
    """A number (int, float, or decimal text) written the language's way: en 1,200.5, de 1.200,5,
    cs 1 200,5. Groups start at `min_grouping` digits; what is not a number is shown as it is."""
    digits = _digits(value)
    if digits is None:
        return str(value)
    sign, whole, fraction = digits
    group, decimal = _separators(lang)
    if len(whole) >= min_grouping:
        whole = _group(whole, group)
    return f"{sign}{whole}{decimal + fraction if fraction else ''}"


def plural_category(count: Any, lang: str) -> str:
    """The CLDR plural category of `count` in `lang`: en/de/el one/other, cs one/few/many/other."""
    digits = _digits(count)
    if digits is None:
        return "other"
    _, whole, fraction = digits
    i, v = int(whole), len(fraction)
    if lang.split("-")[0] == "cs":
        if v:
            return "many"
        if i == 1:
            return "one"
        return "few" if 2 <= i <= 4 else "other"
    return "one" if i == 1 and v == 0 else "other"


# --- rendering ----------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_MAX_DEPTH = 8
_NEVER = 10**6
"""A grouping threshold no number reaches: digits only."""


def render(
    message: Any, catalog: Catalog, players: Sequence[str], lang: str, *, grouped: bool = True
) -> str:
    """The text of `message` in `lang`, player names from `players`. Never raises.

    `grouped` False writes numbers without group marks (1100, not 1,100): for texts programs
    read, such as the English `reason` of a refused move."""
    return _Renderer(catalog, players, lang, grouped).message(message, 0)


class _Renderer:
    def __init__(
        self, catalog: Catalog, players: Sequence[str], lang: str, grouped: bool = True
    ) -> None:
        self.catalog = catalog
        self.players = players
        self.lang = lang
        self.grouping = 4 if grouped else _NEVER

    def message(self, msg: Any, depth: int) -> str:
        if not isinstance(msg, Mapping) or not isinstance(msg.get("key"), str):
            return _json(msg)
        key = msg["key"]
        params = msg.get("params")
        params = params if isinstance(params, Mapping) else {}
        entry = self.catalog.get(key)
        if isinstance(entry, Mapping):
            form = plural_category(self._count(params.get("count")), self.lang)
            entry = entry.get(form, entry.get("other"))
        if not isinstance(entry, str):
            return self.missing(key, params, depth)
        return _PLACEHOLDER.sub(
            lambda m: self.param(params[m[1]], depth) if m[1] in params else m[0], entry
        )

    def missing(self, key: str, params: Mapping[str, Any], depth: int) -> str:
        """The fallback for a key the catalog lacks: `key(name=value, ...)`, values rendered."""
        shown = ", ".join(f"{name}={self.param(value, depth)}" for name, value in params.items())
        return f"{key}({shown})"

    def param(self, value: Any, depth: int) -> str:
        if depth > _MAX_DEPTH:
            return _json(value)
        if isinstance(value, str):
            return value
        if isinstance(value, int | float) and not isinstance(value, bool):
            return format_number(value, self.lang, min_grouping=self.grouping)
        if isinstance(value, Mapping) and len(value) in (1, 2):
            if len(value) == 1 and "seat" in value:
                return self.name(value["seat"])
            if len(value) == 1 and "seats" in value and isinstance(value["seats"], list):
                return self.join([self.name(s) for s in value["seats"]])
            if len(value) == 1 and "amount" in value:
                return format_number(value["amount"], self.lang, min_grouping=self.grouping)
            if len(value) == 1 and "list" in value and isinstance(value["list"], list):
                return ", ".join(self.param(item, depth + 1) for item in value["list"])
            if len(value) == 1 and "number" in value:
                grouping = max(5, self.grouping)
                return format_number(value["number"], self.lang, min_grouping=grouping)
            if "msg" in value and depth < _MAX_DEPTH:
                return self.message({"key": value["msg"], "params": value.get("params")}, depth + 1)
        return _json(value)

    def name(self, number: Any) -> str:
        known = isinstance(number, int) and not isinstance(number, bool)
        if known and 0 <= number < len(self.players):
            return str(self.players[number])
        template = self.reserved("_seat")
        return template.replace("{seat}", _json(number))

    def join(self, names: list[str]) -> str:
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.reserved('_and')} {names[-1]}"

    def reserved(self, key: str) -> str:
        """A renderer entry (`_and`, `_seat`): the catalog's, else the engine's for the language."""
        entry = self.catalog.get(key)
        if isinstance(entry, str):
            return entry
        engine = ENGINE_ENTRIES.get(self.lang.split("-")[0], ENGINE_ENTRIES[DEFAULT_LANGUAGE])
        return engine[key]

    def _count(self, value: Any) -> Any:
        if isinstance(value, Mapping) and len(value) == 1:
            return next(iter(value.values()))
        return value


def _json(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    except (TypeError, ValueError):
        return repr(value)
