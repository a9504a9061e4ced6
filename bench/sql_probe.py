"""Runs a Python module (the server, for bench/table_setup.py) and records every SQL statement
it sends: `python bench/sql_probe.py OUT.jsonl -m pokerhall serve ...`.

Each statement is a line of OUT.jsonl, `[wall-clock time, its first 120 characters]`, written
as it is executed (SQLAlchemy's `before_cursor_execute` on every engine), and so is each
transaction's end (`COMMIT`, `ROLLBACK`: the engine's `commit` and `rollback` events; a read-only
session ends with a rollback).
"""

from __future__ import annotations

import json
import runpy
import sys
import time
from pathlib import Path
from typing import Any


def main() -> None:
    out = Path(sys.argv[1])
    if sys.argv[2] != "-m":
        raise SystemExit("usage: sql_probe.py OUT.jsonl -m MODULE [ARGS...]")
    module = sys.argv[3]
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    log = out.open("a", buffering=1)

    def executed(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        log.write(json.dumps([time.time(), " ".join(statement.split())[:120]]) + "\n")

    def ended(word: str) -> Any:
        return lambda _conn: log.write(json.dumps([time.time(), word]) + "\n")

    event.listen(Engine, "before_cursor_execute", executed)
    event.listen(Engine, "commit", ended("COMMIT"))
    event.listen(Engine, "rollback", ended("ROLLBACK"))
    sys.argv = [module, *sys.argv[4:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
