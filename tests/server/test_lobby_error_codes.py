"""Every lobby refusal names its reason by a code that the web client words in every language
(issue 12): each `LobbyError(...)` in the server passes a code, option errors have theirs, and
`apiError.<code>` is in the four locales with a value for every placeholder."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pokerhall.engine.catalog import OptionKind
from pokerhall.engine.messages import LANGUAGES
from pokerhall.tournaments.errors import CODES as TOURNAMENT_CODES

SRC = Path(__file__).resolve().parents[2] / "src" / "pokerhall"
ENTRY = re.compile(r'^\s*"apiError\.(\w+)": (.*),$', re.MULTILINE)
OPTION_CODES = {f"option_{kind}" for kind in OptionKind.__args__}  # type: ignore[attr-defined]
OTHER_CODES = {"option_unknown", "ruleset_unknown", "players_range", "bot_unknown"}
OTHER_CODES |= {"options_not_object", "unknown_game", "invalid_options"}
OTHER_CODES |= {"rate_limited", "server_busy"}  # `RetryLater` (server/wire/retry.py, hashing.py)
OTHER_CODES |= {"name_empty", "name_too_long", "name_mixed_scripts", "name_reserved"}
OTHER_CODES |= {"pack_character"}  # names.NameRefused's and a pack problem's own codes
OTHER_CODES |= {"stacks_count", "stacks_unit", "button_seat", "dealer_seat", "hands_with_carry"}
OTHER_CODES |= {"asked_count"}  # QuizPoker QP8
OTHER_CODES |= set(TOURNAMENT_CODES)  # every `TournamentError` (tournaments/errors.py)


def locale(lang: str) -> dict[str, set[str]]:
    text = (SRC / "web" / "js" / "locales" / f"{lang}.js").read_text(encoding="utf-8")
    return {code: set(re.findall(r"\{(\w+)\}", entry)) for code, entry in ENTRY.findall(text)}


def test_every_lobby_error_has_a_code_worded_in_every_language() -> None:
    codes: dict[str, set[str] | None] = {}  # None: params built elsewhere, not checked here
    for path in sorted((SRC / "server").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "LobbyError"):
                continue
            where = f"{path.name}:{node.lineno}"
            assert len(node.args) >= 3, where
            code = node.args[2]
            if not isinstance(code, ast.Constant):
                continue  # a code passed on from an option error (below)
            params = node.args[3] if len(node.args) > 3 else None
            keys: set[str] | None = set()
            if isinstance(params, ast.Dict):
                keys = {k.value for k in params.keys if isinstance(k, ast.Constant)}
            elif params is not None:
                keys = None
            codes[code.value] = keys
    assert len(codes) > 20
    for lang in LANGUAGES:
        words = locale(lang)
        for code, keys in codes.items():
            assert code in words, (lang, code)
            assert keys is None or words[code] <= keys, (lang, code)
        for code in OPTION_CODES | OTHER_CODES:
            assert code in words, (lang, code)
