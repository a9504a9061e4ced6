"""Runs a Python module (the server, for bench/server_load.py) and records every pause of the
garbage collector: `python bench/gc_probe.py OUT.json -m pokerhall serve ...`.

A collection stops the whole event loop, so its pause adds to the latency of every move waiting
at that moment; the load benchmark reports the pauses inside its measured window next to the
latency. Each pause is written at exit as [wall-clock start, generation, seconds].
"""

from __future__ import annotations

import atexit
import gc
import json
import runpy
import sys
import time
from pathlib import Path


def main() -> None:
    out = Path(sys.argv[1])
    if sys.argv[2] != "-m":
        raise SystemExit("usage: gc_probe.py OUT.json -m MODULE [ARGS...]")
    module = sys.argv[3]
    pauses: list[tuple[float, int, float]] = []
    started = [0.0, 0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0], started[1] = time.time(), time.perf_counter()
        else:
            pauses.append((started[0], info["generation"], time.perf_counter() - started[1]))

    def write() -> None:
        out.write_text(json.dumps(pauses))

    gc.callbacks.append(callback)
    atexit.register(write)
    sys.argv = [module, *sys.argv[4:]]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
