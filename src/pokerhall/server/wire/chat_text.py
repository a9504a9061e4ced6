"""A chat message's text rules, checked as the message is read, the same for every game (the
table's chat itself is `tables/chat.py`).

A message holds at most `MAX_CHAT_CHARS` characters once NFC-normalised and trimmed (a longer
one is refused, never cut), no control or invisible characters (which garble logs and screens
or turn text around; the one rule for every text, `content/text.py`), and is not empty. Clients
show the text as text, never as markup. A reaction is one of `REACTIONS`, an id that each
client words in its reader's language.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

from pokerhall.content.text import code_point, refused_character

MAX_CHAT_CHARS = 200
CHAT_RATE = 1.0
"""Chat messages a second per connection, on average (`connection.RateLimiter`) ..."""
CHAT_BURST = 3
"""... in bursts of at most this many."""
REACTIONS = ("thumbs_up", "laugh", "wow", "gg", "nice_hand")
"""Quick reactions, by id: 👍 😂 😮 "gg" "nice hand" (worded by the client)."""

Reaction = Literal["thumbs_up", "laugh", "wow", "gg", "nice_hand"]


class ChatRefused(Exception):
    """A chat message that is not taken; `code` (with `params`) is sent as the error's code."""

    def __init__(self, code: str, reason: str, **params: int | str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.params = params


def clean_text(text: str) -> str:
    """The message as stored and shown: NFC, trimmed. Raises ChatRefused."""
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise ChatRefused("chat_empty", "a chat message needs some text")
    if len(text) > MAX_CHAT_CHARS:
        raise ChatRefused(
            "chat_too_long",
            f"a chat message may be at most {MAX_CHAT_CHARS} characters",
            max=MAX_CHAT_CHARS,
        )
    refused = refused_character(text)
    if refused is not None:
        raise ChatRefused(
            "chat_character",
            f"chat messages may not contain control or invisible characters "
            f"(found U+{code_point(refused)})",
            char=code_point(refused),
        )
    return text
