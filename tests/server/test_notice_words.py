"""The Czech of the e-mail notices speaks to the player in one register: "ty", as the games'
own texts the turn notice quotes (Slovní poker's "Tvoje karty") and most of the Czech interface
do, never "vy" beside them. The mail's frame, the digest and the unsubscribe pages included."""

from __future__ import annotations

import json
import re

from pokerhall.engine.messages import message
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
TO = Recipient(name="Cleo", email="cleo@example.org", lang="cs", unsubscribe="https://h/u")


def test_no_czech_mail_word_says_vy() -> None:
    words: dict[str, str] = json.loads((WORDS / "cs.json").read_text(encoding="utf-8"))
    said = {key: VY.findall(text) for key, text in words.items()}
    assert {key: found for key, found in said.items() if found} == {}


def test_a_czech_slovni_poker_notice_is_ty_throughout() -> None:
    facts = TurnFacts(
        table_id="t1",
        game="wordpoker",
        seat=0,
        prompt_id=3,
        players=["Cleo", "Bot"],
        lines=[message("cards_dealt", cards="K, O, Č, K, A")],
        prompt={"moves": [{"type": "pass"}, {"type": "stay"}], "default": {"type": "pass"}},
        deadline=1_900_000_000.0,
    )
    mail = turn_mail(facts, "Cleo's slow game", TO, sender="hall@example.org", table_link="x")
    body = mail.get_content()
    assert "Tvoje karty: K, O, Č, K, A" in body  # the game's own words
    assert "Tvoje volba: " in body  # and the frame's, alike
    assert "Jsi na tahu" in mail["Subject"]
    assert VY.findall(body + mail["Subject"]) == []
    item = DigestItem(table_name="Cleo's slow game", game="wordpoker", deadline=None, link="x")
    digest = digest_mail([item], TO, sender="hall@example.org")
    assert VY.findall(digest.get_content() + digest["Subject"]) == []
