"""A rich progress bar over games (games/s, ETA) on stderr; silent when disabled.

The rate shown is one a user can trust: while the run goes on, the games finished over the last
`WINDOW` seconds (or since the start, before that much time has passed), and once it is done, the run's
real average: games made in this run / wall time since it started. rich's own speed divides by the time
between its last few updates, which gives millions of games/s when shards finish in a burst.
"""
from __future__ import annotations

import threading
import time
from collections import deque
from types import TracebackType
from typing import Callable

from rich.console import Console
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

WINDOW = 10.0  # seconds of history behind the rate shown during a run
MIN_ELAPSED = 0.5  # no rate before this much time has passed: a rate over less means nothing


class RateMeter:
    """Games/s of one task from (time, games done) samples: windowed while running, the average at the end."""

    def __init__(self, start: float, initial: int, window: float = WINDOW) -> None:
        self.start, self.initial, self.window = start, initial, window
        self.samples: deque[tuple[float, int]] = deque([(start, initial)])

    def sample(self, now: float, done: int) -> None:
        self.samples.append((now, done))
        while len(self.samples) > 2 and self.samples[1][0] <= now - self.window:
            self.samples.popleft()

    def running_rate(self, now: float, done: int) -> float | None:
        """Games over the last `window` seconds (since the start when the run is younger than that)."""
        self.sample(now, done)
        if now - self.start < MIN_ELAPSED:
            return None
        then, done_then = self.samples[0]
        if now - self.start <= self.window or now - then <= 0:
            return (done - self.initial) / (now - self.start)
        return (done - done_then) / (now - then)

    def final_rate(self, elapsed: float, done: int) -> float | None:
        """The run's real average: games made in this run / wall time since it started."""
        return (done - self.initial) / elapsed if elapsed > 0 else None


class GamesPerSecondColumn(ProgressColumn):
    """games/s of a task; a task's `initial` field (games already done when it started) is not counted."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.meters: dict[int, RateMeter] = {}

    def rate(self, task: Task) -> float | None:
        meter = self.meters.get(task.id)
        if meter is None:
            start = task.start_time if task.start_time is not None else self.clock()
            meter = self.meters[task.id] = RateMeter(start, int(task.fields.get("initial", 0)))
        if task.finished_time is not None:  # rich keeps the seconds from start to finish here
            return meter.final_rate(task.finished_time, int(task.completed))
        return meter.running_rate(self.clock(), int(task.completed))

    def render(self, task: Task) -> Text:
        speed = self.rate(task)
        return Text("-- games/s" if speed is None else f"{speed:,.0f} games/s", style="progress.data.speed")


class GameProgress:
    """Counts games as they finish; `advance` may be called from any thread."""

    def __init__(self, total: int, done: int, enabled: bool = True) -> None:
        self.enabled = enabled
        self._lock = threading.Lock()
        self._progress: Progress | None = None
        self._task = None
        self.total, self.done = total, done

    def __enter__(self) -> GameProgress:
        if self.enabled:
            self._progress = Progress(
                TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), GamesPerSecondColumn(),
                TextColumn("eta"), TimeRemainingColumn(), TimeElapsedColumn(),
                console=Console(stderr=True), transient=False,
            )
            self._progress.start()
            self._task = self._progress.add_task("games", total=self.total, completed=self.done, initial=self.done)
        return self

    def advance(self, games: int) -> None:
        with self._lock:
            self.done += games
            if self._progress is not None:
                self._progress.update(self._task, advance=games)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._progress is not None:
            self._progress.stop()
