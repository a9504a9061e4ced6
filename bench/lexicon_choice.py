"""Which Czech word list a benchmark plays Slovní poker with: the system dictionary when it is
installed (`make lexicon`), else the small list shipped with the package, saying so."""

from __future__ import annotations

from collections.abc import Callable

from pokerhall.games.wordpoker.lexicons import lexicon


def pick_lexicon(name: str, out: Callable[[str], None]) -> str:
    """`name` ("system" or "mini"), or "mini" when the system dictionary cannot be loaded."""
    if name == "system":
        try:
            lexicon("system")
        except (ImportError, OSError, ValueError) as exc:
            out(f"the system dictionary is not available ({exc}); using the small list instead")
            return "mini"
    return name
