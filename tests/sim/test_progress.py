"""The progress bar's games/s: windowed while a run goes on, the run's real average at its end."""
from __future__ import annotations

from rich.progress import Progress

from zoosim.sim.progress import WINDOW, GamesPerSecondColumn, RateMeter


def test_a_burst_right_after_the_start_is_not_a_rate_of_millions() -> None:
    meter = RateMeter(start=100.0, initial=0)
    assert meter.running_rate(100.1, 20_000) is None          # too early to mean anything
    assert meter.running_rate(102.0, 20_000) == 10_000.0      # 20,000 games in 2 s since the start


def test_the_running_rate_covers_the_last_window_once_the_run_is_older() -> None:
    meter = RateMeter(start=0.0, initial=0)
    for t in range(1, 31):                       # 1,000 games/s for 20 s, then 3,000 games/s
        meter.sample(float(t), 1_000 * min(t, 20) + 3_000 * max(t - 20, 0))
    done = 20_000 + 3_000 * 10
    assert meter.running_rate(30.0, done) == 3_000.0          # the last 10 s only
    assert WINDOW == 10.0


def test_the_final_rate_is_games_of_this_run_over_wall_time() -> None:
    meter = RateMeter(start=5.0, initial=40_000)               # a resumed run: 40,000 games were done before
    assert meter.final_rate(8.0, 100_000) == 7_500.0          # 60,000 games in 8 s
    assert meter.final_rate(0.0, 100_000) is None


def test_the_column_shows_the_real_average_when_the_task_is_finished() -> None:
    now = [0.0]
    progress = Progress(get_time=lambda: now[0], auto_refresh=False, disable=True)
    column = GamesPerSecondColumn(clock=lambda: now[0])
    task_id = progress.add_task("games", total=20_000, completed=0, initial=0)
    now[0] = 4.0
    progress.update(task_id, advance=20_000)                  # one burst at the very end of a 4 s run
    task = progress.tasks[0]
    assert task.finished
    assert column.render(task).plain == "5,000 games/s"
