"""People's names, compared as people see them: one spelling, one script, no look-alikes.

Every name a message carries is NFC-normalised and obeys the characters' rule
(`content/text.py`, checked in `messages.py`). A name someone takes, for an account or a seat
at a table (`person_name`), is held to more, so that nobody can pass for somebody else:

- it is NFKC-normalised: "Ａnn" (full width), "𝐀nn" (mathematical bold), "Ⓐnn" and "ᴬnn"
  are all "Ann", and so taken where "Ann" is;
- its letters are of one script, beside the common characters (digits, spaces,
  punctuation) and combining marks: "Jiří", "Ελένη" and "Jürgen" are fine, "Аnn" with a
  Cyrillic А is not; Japanese mixes Han, Hiragana and Katakana, Korean Han and Hangul,
  Chinese Han and Bopomofo, as Unicode's "highly restrictive" level allows (UTS #39);
- "Bot N" in any case or spacing is the bots' (`bot_name` in `tables/opening.py`);
- it must not look like a name already taken there (`look_alike`): names are compared by
  `look_key`, their skeleton under Unicode's confusables data (UTS #39, through the
  `confusable-homoglyphs` package, MIT; its data is Unicode's `confusables.txt`), so "BiIl"
  with a capital I is "Bill".

Names stored before these rules keep working: accounts are still found by `name_key`, and
only new names are checked.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import categories, confusables

MAX_NAME_CHARS = 40
"""The longest name (`messages.Name`; the database's column is as long)."""
_NEUTRAL_SCRIPTS = frozenset({"COMMON", "INHERITED"})
_SCRIPT_FAMILIES = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "HANGUL"}),
    frozenset({"HAN", "BOPOMOFO"}),
)
"""Scripts one language writes together (UTS #39's "highly restrictive" combinations)."""
_UNSEEN = dict.fromkeys([0x200D, *range(0xFE00, 0xFE10)])
"""The zero-width joiner and the variation selectors: a look key leaves them out."""
_BOT_NAME = re.compile(r"b[o0]t[\W_]*\d+([\W_]*\(?[\W_]*\d+[\W_]*\)?)?", re.ASCII)
"""A bot's name (`Bot 3`, `Bot 3 (2)`), once NFKC-normalised, casefolded and trimmed."""


class NameRefused(Exception):
    """A name nobody may take; `code` and `params` word it for clients (`apiError.<code>`)."""

    def __init__(self, code: str, reason: str, **params: str | int) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = params


def name_key(name: str) -> str:
    """What two names must differ in to be told apart at a table: case and Unicode spelling do
    not count ("ANN", "ann" and a decomposed "Ann" are one name), also for names stored before
    names were normalised on the way in. The database keeps it (unique per table, and per
    account), so it stays what it was for the names stored with it."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def person_name(name: str) -> str:
    """The name as a person takes it (NFKC), or NameRefused saying why it cannot be one."""
    name = unicodedata.normalize("NFKC", name).strip()
    if not name:
        raise NameRefused("name_empty", "a name needs some letters")
    if len(name) > MAX_NAME_CHARS:
        raise NameRefused(
            "name_too_long",
            f"a name may be at most {MAX_NAME_CHARS} characters once normalised",
            max=MAX_NAME_CHARS,
        )
    scripts = sorted(_scripts(name))
    if len(scripts) > 1 and not any(set(scripts) <= family for family in _SCRIPT_FAMILIES):
        raise NameRefused(
            "name_mixed_scripts",
            f"a name's letters must be of one script, not {' and '.join(scripts)}",
            name=name,
            scripts=", ".join(script.title() for script in scripts),
        )
    if is_bot_name(name):
        raise NameRefused("name_reserved", f"{name!r} is a bot's name; choose another", name=name)
    return name


def is_bot_name(name: str) -> bool:
    """Whether `name` reads as a bot's ("Bot 3", "bot3", "BOT  3 (2)", "Ｂｏｔ３")."""
    return _BOT_NAME.fullmatch(unicodedata.normalize("NFKC", name).casefold().strip()) is not None


@functools.lru_cache(maxsize=65_536)
def look_key(name: str) -> str:
    """A name's skeleton: equal for names that look alike (UTS #39), whatever their case. Each
    character is mapped to its confusable class before and after casefolding, so "BIll",
    "Bill" and "bi11" all meet; the joiner and variation selectors, which emoji may hold but
    nobody sees, are left out. Cached: a sign-up compares the new name with every account's."""
    seen = unicodedata.normalize("NFKC", name).translate(_UNSEEN)
    decomposed = unicodedata.normalize("NFD", seen)
    mapped = "".join(map(_prototype, decomposed)).casefold()
    return unicodedata.normalize("NFD", "".join(map(_prototype, mapped)))


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that looks like `name` (and is not the same name), or None."""
    key, own = look_key(name), name_key(name)
    return next(
        (other for other in others if name_key(other) != own and look_key(other) == key), None
    )


def _scripts(name: str) -> set[str]:
    return {categories.alias(char) for char in name} - _NEUTRAL_SCRIPTS


def _prototype(char: str) -> str:
    """One character standing for every character that looks like `char`: the least of its
    confusable class."""
    return _classes().get(char, char)


@functools.cache
def _classes() -> dict[str, str]:
    """Every confusable character's class representative. The package lists, for a
    character, the characters that look like it, but not always back again (`I` lists no
    `l`, while `l` lists `I`), so the classes are joined here (union-find) once, at first use."""
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.setdefault(char, char) != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, homoglyphs in confusables.confusables_data.items():
        for homoglyph in homoglyphs:
            if len(homoglyph["c"]) == 1:
                a, b = root(char), root(homoglyph["c"])
                if a != b:
                    parent[max(a, b)] = min(a, b)  # the least stays the root
    return {char: root(char) for char in parent}
