"""A build's independent jobs (a language's sheets, its rulebook, its score page…) run on several cores.

The workers are forked from the build's process, so each starts with the pack already read and
the fonts registered, and runs the very code a serial build runs: the same bytes come out. What
a job says (pieces drawn, warnings, notes) travels to the parent on a queue: one progress bar,
and every line printed by the parent alone. Ctrl-C reaches the parent only; it ends every
worker and lets the exception unwind the staging folders, so no half-written set is left.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Report:
    """Where a job's news goes: pieces drawn, warnings, notes."""

    progress: Callable[[int], None]
    warn: Callable[[str], None]
    note: Callable[[str], None]


def cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow fewer than the machine has)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


# what the forked workers run, set by the parent just before it forks them
_work: Callable[[Any, Report], Any] | None = None
_news: Any = None  # the queue to the parent, in a worker


def run(names: Sequence[K], work: Callable[[K, Report], T], jobs: int, report: Report) -> dict[K, T]:
    """`work(name, report)` for each name, `jobs` at a time, started in the order of the names;
    the results by name. The first job that fails stops the others and its exception is raised here."""
    workers = min(jobs, len(names))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return {name: work(name, report) for name in names}
    global _work
    context = multiprocessing.get_context("fork")
    news = context.Queue()
    _work = work
    pool = context.Pool(workers, initializer=_start_worker, initargs=(news,))
    try:
        pending = {name: pool.apply_async(_job, (name,)) for name in names}
        said: dict[K, list[tuple[str, str]]] = {name: [] for name in names}
        while True:
            finished = all(result.ready() for result in pending.values())
            _relay(news, report, said, wait=not finished)
            if finished:
                break
            for result in pending.values():  # the first failure ends the build now, not after the others
                if result.ready() and not result.successful():
                    result.get()
        results = {name: result.get() for name, result in pending.items()}
        pool.close()
    except BaseException:
        pool.terminate()  # Ctrl-C or a failed job: no worker goes on writing into a folder about to be removed
        raise
    finally:
        pool.join()
        _work = None
    for name in names:  # in the order of the names, as a serial build says them
        for kind, line in said[name]:
            (report.warn if kind == "warn" else report.note)(line)
    return results


def _relay(news: Any, report: Report, said: dict[Any, list[tuple[str, str]]], wait: bool) -> None:
    """Everything the workers said so far passed on; waits a little for the first message if `wait`."""
    try:
        message = news.get(timeout=0.05) if wait else news.get_nowait()
        while True:
            name, kind, value = message
            if kind == "progress":
                report.progress(value)
            else:
                said[name].append((kind, value))
            message = news.get_nowait()
    except queue.Empty:
        return


def _start_worker(news: Any) -> None:
    global _news
    _news = news
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it ends the workers


def _job(name: Any) -> Any:
    assert _work is not None

    def send(kind: str) -> Callable[[Any], None]:
        return lambda value: _news.put((name, kind, value))

    return _work(name, Report(send("progress"), send("warn"), send("note")))
