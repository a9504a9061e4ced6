"""The words of the e-mail notices. The Czech speaks to the player in one register: "ty", as the
games' own texts the turn notice quotes (Slovní poker's "Tvoje karty") and most of the Czech
interface do, never "vy" beside them (the frame, the digest and the unsubscribe pages
included). Playing cards are written as read aloud, in each language: "Q♦ (queen of
diamonds)", never "Qd"."""

from __future__ import annotations

import json
import re
from email.message import EmailMessage

import pytest

from pokerhall.cards.spoken import card_words
from pokerhall.engine import JSON
from pokerhall.engine.messages import LANGUAGES, Message, message, seat
from pokerhall.server.people.notice_text import (
    WORDS,
    DigestItem,
    Recipient,
    TurnFacts,
    digest_mail,
    turn_mail,
)

VY = re.compile(
    r"\b(vy|vás|vám|vámi|váš|vaš\w*|jste|nejste|máte|můžete|\w+áte|\w+íte|\w+ete|\w+ujte)\b",
    re.IGNORECASE,
)
"""Second person plural: the pronouns, and the verbs' "-te" forms ("máte", "netáhnete",
"zrušíte", "zkuste"), which "ty" never has."""


def recipient(lang: str) -> Recipient:
    return Recipient(name="Cleo", email="cleo@example.org", lang=lang, unsubscribe="https://h/u")


def notice(game: str, lang: str, lines: list[Message], prompt: JSON) -> EmailMessage:
    """The turn notice of this game's prompt to Cleo (seat 0, against a bot), in `lang`."""
    facts = TurnFacts(
        table_id="t1",
        game=game,
        seat=0,
        prompt_id=3,
        players=["Cleo", "Bot"],
        lines=lines,
        prompt=prompt,
        deadline=1_900_000_000.0,
    )
    return turn_mail(facts, "Cleo's game", recipient(lang), sender="hall@x", table_link="x")


def test_no_czech_mail_word_says_vy() -> None:
    words: dict[str, str] = json.loads((WORDS / "cs.json").read_text(encoding="utf-8"))
    said = {key: VY.findall(text) for key, text in words.items()}
    assert {key: found for key, found in said.items() if found} == {}


def test_a_czech_slovni_poker_notice_is_ty_throughout() -> None:
    lines = [message("cards_dealt", cards="K, O, Č, K, A")]
    moves = {"moves": [{"type": "pass"}, {"type": "stay"}], "default": {"type": "pass"}}
    mail = notice("wordpoker", "cs", lines, moves)
    body = mail.get_content()
    assert "Tvoje karty: K, O, Č, K, A" in body  # the game's own words
    assert "Tvoje volba: " in body  # and the frame's, alike
    assert "Jsi na tahu" in mail["Subject"]
    assert VY.findall(body + mail["Subject"]) == []
    item = DigestItem(table_name="Cleo's game", game="wordpoker", deadline=None, link="x")
    digest = digest_mail([item], recipient("cs"), sender="hall@x")
    assert VY.findall(digest.get_content() + digest["Subject"]) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_palace_turn_notice_names_its_cards_in_words(lang: str) -> None:
    """The banner dealt (an event's card) and the soldier to discard (a prompt's choice)."""
    lines = [message("banner_card.kept", name=seat(0), card="Qd")]
    discard = {"cards": {"kind": "subset", "min": 1, "max": 1, "choices": ["Tc"]}}
    moves = {"moves": [{"type": "discard", "params": discard}, {"type": "pass"}]}
    body = notice("palace", lang, lines, {**moves, "default": {"type": "pass"}}).get_content()
    assert card_words("Qd", lang) in body  # "Q♦ (queen of diamonds)": tests/cards/test_spoken.py
    assert card_words("Tc", lang) in body
    assert not re.search(r"\b(Qd|Tc)\b", body), body
