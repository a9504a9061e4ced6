"""Server messages as JSON text (`messages.server_message`): orjson writes them, and what the
standard encoder wrote before is still what a client reads."""

from __future__ import annotations

import json

from pokerhall.server.wire.messages import PROTOCOL_VERSION, error_message, server_message


def test_a_message_reads_back_as_the_data_with_its_version_and_type() -> None:
    data = {"view": {"seat": 1, "stacks": [100, 0], "name": "Zoë ☺", "ratio": 0.5}}
    text = server_message("update", **data, clock=None)
    assert json.loads(text) == {"v": PROTOCOL_VERSION, "type": "update", **data, "clock": None}
    assert " " not in text.replace("Zoë ☺", "")  # compact, as before


def test_integer_keys_are_written_as_strings_as_the_standard_encoder_writes_them() -> None:
    text = server_message("update", shown={2: "41", 0: "7"})
    assert json.loads(text)["shown"] == {"2": "41", "0": "7"}


def test_an_integer_beyond_64_bits_is_still_sent() -> None:
    """orjson refuses integers beyond 64 bits; the standard encoder writes those messages."""
    big = 2**70 + 1
    text = error_message("illegal_move", "too many chips", params={"to": big})
    assert json.loads(text)["params"] == {"to": big}
