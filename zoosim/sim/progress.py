"""A rich progress bar over games (games/s, ETA) on stderr; silent when disabled."""
from __future__ import annotations

import threading
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class GamesPerSecondColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
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
            self._task = self._progress.add_task("games", total=self.total, completed=self.done)
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
