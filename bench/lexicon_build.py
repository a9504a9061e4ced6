"""Slovní poker's Czech lexicon: expansion time, forms, cache size, load and lookup speed, against
the `hunspell` command's own lookups in the same run. See bench/README.md.

The expansion runs into a fresh temporary cache (so it is measured, never read from an old cache)
unless `--cache-dir` names one. The peer is `hunspell -l` fed the same words through a pipe
(pyhunspell is not packaged here); its start-up (reading the dictionary) is timed on its own
with an empty input and subtracted, so its row is lookups alone.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from pokerhall.content.affixes import expand_dictionary
from pokerhall.content.czech import LETTERS, letters_key
from pokerhall.content.lexicon import (
    SYSTEM_DIR,
    SYSTEM_NAME,
    Lexicon,
    dictionary_digest,
    is_common_stem,
    is_game_form,
)


def rss_mb() -> float:
    """Peak resident memory of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def timed_cpu(action: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds: on a busy machine the CPU time is the steadier figure."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def queries(lexicon: Lexicon, count: int, seed: int) -> list[str]:
    """Half words of the lexicon, half the same words with one letter changed (mostly not words)."""
    rng = random.Random(seed)
    chosen = set(rng.sample(range(len(lexicon)), min(count // 2 or 1, len(lexicon))))
    words = [word for index, word in enumerate(lexicon) if index in chosen]
    letters = sorted(LETTERS)
    changed = []
    for word in words:
        at = rng.randrange(len(word))
        changed.append(word[:at] + rng.choice(letters) + word[at + 1 :])
    mixed = words + changed
    rng.shuffle(mixed)
    return mixed


def hunspell_unknown(command: str, dictionary: str, words: Sequence[str]) -> tuple[set[str], float]:
    """The words `hunspell -l` does not know, and the seconds the run took."""
    started = time.perf_counter()
    result = subprocess.run(
        [command, "-i", "utf-8", "-d", dictionary, "-l"],
        input="".join(f"{word}\n" for word in words),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
    )
    return set(result.stdout.split()), time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dic", type=Path, default=SYSTEM_DIR / f"{SYSTEM_NAME}.dic")
    parser.add_argument("--aff", type=Path, default=SYSTEM_DIR / f"{SYSTEM_NAME}.aff")
    parser.add_argument("--cache-dir", type=Path, help="use (and keep) this cache folder")
    parser.add_argument("--lookups", type=int, default=100_000, help="words looked up per side")
    parser.add_argument("--loads", type=int, default=20, help="cache loads timed (median)")
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args(argv)
    if not (args.dic.is_file() and args.aff.is_file()):
        print(f"no dictionary at {args.dic}: sudo apt-get install -y hunspell-cs hunspell")
        return 1

    cache = args.cache_dir or Path(tempfile.mkdtemp(prefix="pokerhall-lexicon-bench-"))
    try:
        before = rss_mb()
        digest_s = timed(lambda: dictionary_digest(args.dic, args.aff))
        forms: set[str] = set()

        def expand() -> None:
            forms.update(
                expand_dictionary(
                    args.dic, args.aff, keep_stem=is_common_stem, keep_form=is_game_form
                )
            )

        expand_s, expand_cpu = timed_cpu(expand)
        expand_rss = rss_mb()
        count = len(forms)
        forms.clear()
        first_s, first_cpu = timed_cpu(lambda: Lexicon.load(args.dic, args.aff, cache))
        size = sum(path.stat().st_size for path in cache.rglob("*.marisa"))
        loads = [timed(lambda: Lexicon.load(args.dic, args.aff, cache)) for _ in range(args.loads)]
        lexicon = Lexicon.load(args.dic, args.aff, cache)
        print(f"dictionary {args.dic.name} + {args.aff.name}, digest {lexicon.digest[:16]}")
        print(f"forms (2-10 lower-case Czech letters)  {count:>12,}")
        print(
            f"expansion (our affix expander)          {expand_s:>11.2f} s (cpu {expand_cpu:.2f} s)"
        )
        print(f"first use (expansion + tries + save)    {first_s:>11.2f} s (cpu {first_cpu:.2f} s)")
        print(f"peak memory while expanding             {expand_rss:>9.0f} MB (from {before:.0f})")
        print(f"cache size (two marisa tries)           {size / 1e6:>9.1f} MB")
        median = statistics.median(loads)
        print(
            f"load from cache (median of {len(loads)})          {median * 1000:>9.2f} ms"
            f" (the digest alone, cold: {digest_s * 1000:.1f} ms)"
        )

        words = queries(lexicon, args.lookups, args.seed)
        ours_s = timed(lambda: [lexicon.contains(word) for word in words])
        keys = [letters_key(word) for word in words]
        anagram_s = timed(lambda: [lexicon.by_letters(key) for key in keys])
        ours_rate = len(words) / ours_s
        print(f"contains(), {len(words):,} words                {ours_rate:>12,.0f} words/s")
        print(
            f"by_letters(), {len(keys):,} keys               {len(keys) / anagram_s:>12,.0f} keys/s"
        )

        command = shutil.which("hunspell")
        if command is None:
            print("hunspell: not installed, no peer row (sudo apt-get install -y hunspell)")
            return 0
        dictionary = str(args.dic.with_suffix(""))
        _, startup_s = hunspell_unknown(command, dictionary, [])
        unknown, run_s = hunspell_unknown(command, dictionary, words)
        lookup_s = max(run_s - startup_s, 1e-9)
        peer_rate = len(words) / lookup_s
        ours_unknown = {word for word in words if not lexicon.contains(word)}
        agree = sum((word in unknown) == (word in ours_unknown) for word in words)
        print(
            f"hunspell -l pipe, same words            {peer_rate:>12,.0f} words/s"
            f" (run {run_s:.2f} s less start-up {startup_s:.2f} s)"
        )
        print(f"hunspell agrees with ours on {agree:,} of {len(words):,} words")
        print(f"ours / hunspell (lookups per second): {ours_rate / peer_rate:.1f}x")
        return 0
    finally:
        if args.cache_dir is None:
            shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
