"""A long duplicate match between players on disk: fixed chunks of deals committed as they finish,
resumed by running the same command again.

Layout of a run directory::

    manifest.json     the match's settings (A, B, seed, rules, deals per chunk, engine, version);
                      written once, checked on every rerun
    chunks/deals-FIRST-STOP.json   one per finished chunk, deals FIRST .. STOP-1: each deal's A - B,
                      where its two tables first differed (``splits``), the hand records, the
                      chunk's seconds (and, on OpenSpiel's engine, each side's decisions and their time)
    run.lock          held while a run plays (:mod:`euchre_stats.output.lock`): a second run on the
                      same directory is refused, naming the first

Chunk ``k`` holds deals ``k * chunk .. (k + 1) * chunk - 1`` (the last one cut at ``deals``), and
deal ``i`` is the deal of :func:`~euchre_stats.players.table.play_match` (seeded by
``deal_seed(seed, i)``, from ``numpy.random.SeedSequence``), played by players made afresh for each
chunk.  So a chunk's content depends only on the seed and its deals, a chunk file exists whole or not
at all (:func:`~euchre_stats.output.atomic.atomic_write`), and a run killed at any moment and rerun
ends with exactly the result of an uninterrupted run, whatever the chunk size, for every player whose
choices follow from its view's seed (all of the project's; OpenSpiel's ISMCTS is not reproducible from
a seed, so its chunks replayed would differ within the interval, but committed chunks are never played
again).  The deal count is not a setting: a run can be extended (``deals`` raised) or summarised part
way (``deals`` lowered to the chunks committed).  The files are written here; the figures are
:class:`~euchre_stats.players.table.PlayResult`'s.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ..core.errors import DecisionInputError, JSONInputError, PlayerSpecError, TableRunError
from ..core.safejson import parse_json
from ..core.stats import mean
from ..output.atomic import atomic_write
from ..output.lock import run_lock
from ..output.manifest import load_run_manifest, settings_difference
from ..rules import Rules, side_count
from ..sampling.backends import check_backend, connect, map_chunks, runs_elsewhere
from .openspiel_table import is_openspiel_spec, openspiel_match, openspiel_seats
from .table import MAX_HANDS, SPLIT_CATEGORIES, PlayResult, _players, play_match

MANIFEST = "manifest.json"
FORMAT = "euchre-stats match run"
#: deals a chunk holds unless told (a chunk of the realistic player against itself takes seconds)
CHUNK_DEALS = 100
#: most deals a chunk may hold
MAX_CHUNK_DEALS = 100_000


def chunk_ranges(deals: int, chunk: int) -> list[tuple[int, int]]:
    """The chunks of a run of ``deals`` deals, ``chunk`` to a chunk: ``(first, stop)`` each."""
    return [(k, min(k + chunk, deals)) for k in range(0, deals, chunk)]


def chunk_path(run_dir, first: int, stop: int) -> Path:
    return Path(run_dir) / "chunks" / f"deals-{first:08d}-{stop:08d}.json"


def _settings(a: str, b: str, seed: int, rules: Rules, chunk: int) -> dict:
    from .._version import __version__

    engine = "openspiel" if is_openspiel_spec(a) or is_openspiel_spec(b) else "euchre-stats"
    return {"a": a, "b": b, "seed": int(seed), "rules": rules.to_dict(), "chunk_deals": int(chunk),
            "engine": engine, "version": __version__}


def read_manifest(run_dir) -> dict:
    """The manifest of a match run directory (``TableRunError`` if there is none, or another kind)."""
    p, m = load_run_manifest(run_dir, MANIFEST, "match", "match run")
    if not isinstance(m, dict) or m.get("format") != FORMAT or not isinstance(m.get("settings"), dict):
        raise TableRunError(f"{str(p)!r} is not a match run's manifest (a strategy table's run directory?)")
    return m


def open_match_run(run_dir, settings: dict) -> Path:
    """Create the run directory, or check that the one there holds a match with exactly ``settings``."""
    d = Path(run_dir)
    (d / "chunks").mkdir(parents=True, exist_ok=True)
    if (d / MANIFEST).exists():
        what = settings_difference(read_manifest(d)["settings"], settings)
        if what:
            raise TableRunError(f"run directory {str(run_dir)!r} holds a match with different settings: {what}; "
                                "use a new --run-dir or the same settings")
    else:
        if any(p.suffix == ".json" for p in (d / "chunks").iterdir()):
            raise TableRunError(f"run directory {str(run_dir)!r} holds chunks but no manifest")
        atomic_write(d / MANIFEST, (json.dumps({"format": FORMAT, "settings": settings}, indent=2) + "\n").encode())
    for stray in (d / "chunks").glob(".*.tmp"):  # left by a run killed mid-write
        stray.unlink()
    return d


def _load_chunk(path: Path, first: int, stop: int) -> dict:
    try:
        c = parse_json(path.read_bytes(), f"{str(path)!r} is not a match chunk")
    except (OSError, JSONInputError) as exc:
        raise TableRunError(f"cannot read the chunk {str(path)!r}: {exc}") from None
    if not isinstance(c, dict) or c.get("first") != first or len(c.get("diffs", ())) != stop - first:
        raise TableRunError(f"{str(path)!r} is not the chunk of deals {first}..{stop - 1}")
    return c


def _play_chunk(a: str, b: str, seed: int, rules: Rules, first: int, stop: int, engine: str,
                tick: Callable[[int], None] | None) -> tuple[PlayResult, dict]:
    t0, c0 = time.perf_counter(), time.process_time()
    timings: dict = {}
    if engine == "openspiel":
        r = openspiel_match(a, b, hands=stop - first, seed=seed, rules=rules, progress=tick, timings=timings,
                            first=first)
    else:
        r = play_match(a, b, hands=stop - first, seed=seed, rules=rules, progress=tick, first=first)
    took = {"seconds": round(time.perf_counter() - t0, 3), "cpu_seconds": round(time.process_time() - c0, 3),
            "decisions": {k: {"seconds": round(v[0], 3), "decisions": v[1], "cpu_seconds": round(v[2], 3)}
                          for k, v in sorted(timings.items())}}
    return r, took


def _chunk_record(span: tuple[int, int], a: str, b: str, seed: int, rules: Rules, engine: str,
                  tick: Callable[[int], None] | None = None) -> dict:
    """The committed form of the chunk of deals ``span`` = (first, stop): what a worker returns."""
    first, stop = span
    r, took = _play_chunk(a, b, seed, rules, first, stop, engine, tick)
    return {"first": first, "stop": stop, "a": r.a, "b": r.b, "engine": r.engine, "diffs": r.diffs,
            **took, "records": r.records, **({} if r.splits is None else {"splits": r.splits})}


def match_run(a: str, b: str, *, deals: int, seed: int, rules: Rules, run_dir, chunk_deals: int | None = None,
              progress: Callable[[int, int], None] | None = None, workers: int | None = None,
              scheduler: str | None = None) -> PlayResult:
    """Play (or resume) ``deals`` duplicate deals between player specs ``a`` and ``b`` in ``run_dir``,
    committing each chunk of ``chunk_deals`` deals as it finishes (see the module); returns the
    match of all ``deals`` deals, as :func:`~euchre_stats.players.table.play_match` (or, with an
    OpenSpiel bot, :func:`~euchre_stats.players.openspiel_table.openspiel_match`) would.

    ``chunk_deals`` defaults to the run's own (its manifest's) or :data:`CHUNK_DEALS`.  ``progress``
    is called with (deals done, ``deals``).  The run holds the directory's lock throughout: a second
    run on the same directory is refused (``TableRunError``), naming this one's pid and host.

    ``workers`` (N > 1 local processes) or ``scheduler`` (the ``tcp://HOST:PORT`` of a dask cluster) play
    the chunks elsewhere (:mod:`euchre_stats.sampling.backends`); each chunk is committed here as it
    comes back, so the result is the same, byte for byte, as a run in this process (progress then
    moves a chunk at a time).  The scheduler is reached before anything is written.
    """
    for who in (a, b):
        if not isinstance(who, str):
            raise PlayerSpecError(f"a match in a run directory names its players by spec (a string such as "
                                  f"'realistic'), so that a rerun can seat them again; got {who!r}")
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or not 1 <= deals <= MAX_HANDS:
        raise DecisionInputError(f"deals must be a whole number 1..{MAX_HANDS}, got {deals!r}")
    if chunk_deals is not None and (isinstance(chunk_deals, bool) or not isinstance(chunk_deals, (int, np.integer))
                                    or not 1 <= chunk_deals <= MAX_CHUNK_DEALS):
        raise DecisionInputError(f"chunk_deals must be a whole number 1..{MAX_CHUNK_DEALS:,}, got {chunk_deals!r}")
    # seat the players once before anything is written: a bad spec, rules OpenSpiel cannot play, an
    # ISMCTS with a lone defender are refused here (each chunk seats them afresh)
    if is_openspiel_spec(a) or is_openspiel_spec(b):
        openspiel_seats(a, b, rules)
    else:
        if side_count(rules) != 2:
            raise DecisionInputError(f"a duplicate match needs two sides; the {rules.players}-player game has "
                                     f"{side_count(rules)}")
        _players([a, b])
    check_backend(workers, scheduler)
    client = connect(scheduler) if scheduler else None  # before anything is written
    try:
        with run_lock(run_dir):
            return _match_run(a, b, deals, seed, rules, run_dir, chunk_deals, progress, workers, scheduler,
                              client)
    finally:
        if client is not None:
            client.close()


def _match_run(a, b, deals, seed, rules, run_dir, chunk_deals, progress, workers, scheduler, client):
    """The body of :func:`match_run`, under the run's lock."""
    if chunk_deals is None:
        try:
            chunk_deals = int(read_manifest(run_dir)["settings"]["chunk_deals"])
        except (TableRunError, KeyError, TypeError, ValueError):
            chunk_deals = CHUNK_DEALS
    settings = _settings(a, b, seed, rules, int(chunk_deals))
    engine = settings["engine"]
    d = open_match_run(run_dir, settings)
    ranges = chunk_ranges(int(deals), int(chunk_deals))
    done = [sum(stop - first for first, stop in ranges if chunk_path(d, first, stop).exists())]
    if progress is not None:
        progress(done[0], int(deals))

    def tick(k: int) -> None:
        done[0] += k
        progress(done[0], int(deals))

    todo = [(first, stop) for first, stop in ranges if not chunk_path(d, first, stop).exists()]
    local = not runs_elsewhere(workers, scheduler)
    args = (a, b, int(seed), rules, engine) + ((tick if progress else None,) if local else ())
    tag = hashlib.sha1(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:12]
    for (first, stop), chunk in map_chunks(_chunk_record, todo, args=args, workers=workers,
                                           scheduler=scheduler, client=client, key=f"euchre-match-{tag}",
                                           name=lambda span: f"{span[0]}-{span[1]}"):
        atomic_write(chunk_path(d, first, stop), (json.dumps(chunk) + "\n").encode(),
                     sweep=False)  # swept by open_match_run
        if progress is not None and not local:
            done[0] += stop - first
            progress(done[0], int(deals))
    return load_match_run(d, deals=int(deals))


def _good_splits(splits, n: int) -> bool:
    return (isinstance(splits, list) and len(splits) == n
            and all(isinstance(s, dict) and s.get("at") in SPLIT_CATEGORIES for s in splits))


def load_match_run(run_dir, deals: int | None = None) -> PlayResult:
    """The match of the first ``deals`` deals of a run directory (default: every deal of its committed
    chunks from the first on, stopping at the first chunk not yet played); ``TableRunError`` if a chunk
    in that range is missing."""
    m = read_manifest(run_dir)["settings"]
    chunk = int(m["chunk_deals"])
    if deals is None:
        deals = 0
        while chunk_path(run_dir, deals, deals + chunk).exists():
            deals += chunk
        if deals == 0:
            raise TableRunError(f"run directory {str(run_dir)!r} holds no finished chunk yet")
    diffs, records, seconds, timings, splits = [], [], 0.0, {}, []
    missing = []
    a = b = None
    engine = m["engine"]
    for first, stop in chunk_ranges(int(deals), chunk):
        p = chunk_path(run_dir, first, stop)
        if not p.exists():
            missing.append(f"{first}..{stop - 1}")
            continue
        c = _load_chunk(p, first, stop)
        a, b = c["a"], c["b"]
        diffs += [float(x) for x in c["diffs"]]
        records += c["records"]
        if splits is not None and _good_splits(c.get("splits"), stop - first):
            splits += c["splits"]
        else:  # a chunk without them (OpenSpiel's engine, or written before they were kept)
            splits = None
        seconds += float(c.get("seconds", 0.0))
        for side, t in c.get("decisions", {}).items():
            slot = timings.setdefault(side, {"seconds": 0.0, "decisions": 0, "cpu_seconds": 0.0})
            for k in slot:
                slot[k] += t[k]
    if missing:
        raise TableRunError(f"{len(missing)} chunk(s) of {str(run_dir)!r} are not finished (deals {missing[0]} "
                            "first): run the same command again")
    rules = Rules.from_json(m["rules"])
    if engine == "openspiel":
        from .openspiel import openspiel_rules

        rules = openspiel_rules(rules)
    from ..rules import side_of_seat

    sides = [side_of_seat(rules, s) for s in range(rules.players)]
    a_seats = [[s for s in range(rules.players) if sides[s] == t] for t in (0, 1)]
    est = mean(np.array(diffs, dtype=np.float64))
    run = {"run_dir": str(run_dir), "chunk_deals": chunk, "chunks": len(chunk_ranges(int(deals), chunk)),
           "seconds": round(seconds, 3), "decisions": timings}
    return PlayResult(a, b, int(deals), int(m["seed"]), rules, diffs, est, a_seats, records, engine=engine, run=run,
                      splits=splits)


__all__ = ["match_run", "load_match_run", "read_manifest", "chunk_ranges", "CHUNK_DEALS", "MAX_CHUNK_DEALS"]
