"""The move made for a seat that does not answer in time (and a bot's safe answer)."""

from __future__ import annotations

from pokerhall.engine.events import JSON


def default_move(prompt: JSON) -> JSON:
    """Check if possible, else fold; an unwritten guess folds; a duell show prompt mucks."""
    kind = prompt.get("type")
    if kind == "show_folded":
        return {"type": "muck"}
    if kind == "bet" and (prompt.get("legal") or {}).get("check"):
        return {"type": "check"}
    return {"type": "fold"}
