"""A report from a tiny run: valid HTML, every embedded image decodes, every caption carries n."""
from __future__ import annotations

import base64
import io
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import matplotlib.image as mpimg
import polars as pl
import pytest

from zoosim.analysis.synthetic import synthetic_rows, write_run
from zoosim.report.build import build_report
from tests.support.paths import REPO


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.captions: list[str] = []
        self.stack: list[str] = []
        self._in_caption = False
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ("img", "meta", "br"):
            self.stack.append(tag)
        if tag == "img":
            self.images.append(dict(attrs)["src"] or "")
        if tag == "figcaption":
            self._in_caption, self._text = True, []

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"unbalanced </{tag}> after {self.stack[-3:]}"
        self.stack.pop()
        if tag == "figcaption":
            self._in_caption = False
            self.captions.append("".join(self._text))

    def handle_data(self, data: str) -> None:
        if self._in_caption:
            self._text.append(data)


@pytest.fixture()
def two_runs(tmp_path: Path) -> list[Path]:
    mixed = synthetic_rows(400, 3, seed=5).with_columns(
        pl.when(pl.col("seat") == 0).then(pl.lit("greedy")).otherwise(pl.lit("uniform")).alias("policy"))
    a = write_run(tmp_path / "runs" / "mixed", mixed, policies=["greedy", "uniform", "uniform"])
    b = write_run(tmp_path / "runs" / "four", synthetic_rows(300, 4, seed=5))
    return [a, b]


def test_report_is_self_contained_and_captioned(tmp_path: Path, two_runs: list[Path]) -> None:
    out = build_report(two_runs, tmp_path / "reports" / "tiny", by="players")
    page = (out / "index.html").read_text()
    parser = _Collector()
    parser.feed(page)
    parser.close()
    assert parser.stack == []
    assert len(parser.images) >= 6  # seats, policy matrix, scores, winning/margin, components, rounds
    for src in parser.images:
        assert src.startswith("data:image/png;base64,")
        image = mpimg.imread(io.BytesIO(base64.b64decode(src.split(",", 1)[1])), format="png")
        assert image.shape[0] > 100 and image.shape[1] > 100
    assert len(parser.captions) == len(parser.images)
    for caption in parser.captions:
        assert "n = " in caption and "policies: " in caption and "greedy" in caption
    assert "http://" not in page and "https://" not in page  # nothing fetched from elsewhere

    readme = (out / "README.md").read_text()
    for name in ("seat_win_rates", "score_distribution", "winning_score_margin", "score_components",
                 "rounds_distribution", "policy_matrix"):
        assert f"](charts/{name}.png)" in readme
        assert (out / "charts" / f"{name}.png").stat().st_size > 1000
        assert (out / "charts" / f"{name}.svg").read_text().lstrip().startswith("<?xml")
    # Same content in both: every summary sentence of the README appears in the HTML.
    summary = readme.split("## Summary", 1)[1].split("##", 1)[0]
    sentences = [line[2:] for line in summary.splitlines() if line.startswith("- ")]
    assert sentences and any("the first player (seat 1) wins" in s and "fair" in s for s in sentences)
    import html
    for s in sentences:
        assert html.escape(s.replace("\\|", "|").replace("\\*", "*")) in page
    # Header: game, players, policies, games, seeds, rules hash, version, reproducing command.
    for field in ("game", "variants", "players", "policies", "games", "seeds", "rules hash", "zoosim version"):
        assert f"<dt>{field}</dt>" in page
    assert "zoosim report" in page


def test_report_replaces_an_old_report_whole(tmp_path: Path, two_runs: list[Path]) -> None:
    out = tmp_path / "reports" / "tiny"
    out.mkdir(parents=True)
    (out / "stale.txt").write_text("old")
    build_report(two_runs[1:], out, by="seat")
    assert not (out / "stale.txt").exists() and (out / "index.html").exists()
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".")]  # no temporaries left


def test_report_with_comparison(tmp_path: Path) -> None:
    a = write_run(tmp_path / "a", synthetic_rows(300, 4, seed=3), variant="end_trigger=first_end_draw")
    b = write_run(tmp_path / "b", synthetic_rows(300, 4, seed=3, seat_edge=4.0), variant="end_trigger=main_empty")
    out = build_report([a, b], tmp_path / "cmp", by="variant", compare=[(0, 1)], names=["first", "main"])
    readme = (out / "README.md").read_text()
    assert "## Comparison: main vs first" in readme
    assert "main vs first (paired on shared seeds, n = 300 games)" in readme


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "zoosim", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def test_cli_bad_input_gets_one_line_and_exit_2(tmp_path: Path, two_runs: list[Path]) -> None:
    repo = REPO
    other = write_run(tmp_path / "nyz", synthetic_rows(10, 2, seed=1), game="new_york_zoo")
    cases = [
        (("analyze", str(tmp_path)), "is not a run"),
        (("analyze", str(two_runs[1]), "--by", "colour"), "unknown --by 'colour'"),
        (("compare", str(two_runs[1]), str(other)), "different games"),
        (("report", str(tmp_path / "nope"), "--out", str(tmp_path / "r")), "is not a run"),
    ]
    for args, message in cases:
        result = _cli(*args, cwd=repo)
        assert result.returncode == 2, (args, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0], result.stderr
    assert not (tmp_path / "r").exists()


def test_cli_analyze_formats(tmp_path: Path, two_runs: list[Path]) -> None:
    repo = REPO
    result = _cli("analyze", str(two_runs[1]), "--format", "json", cwd=repo)
    assert result.returncode == 0, result.stderr
    import json
    tables = json.loads(result.stdout)
    assert set(tables) == {"win_rates", "seat_balance", "scores", "outcomes", "components", "length"}
    assert sum(r["n"] for r in tables["win_rates"]) == 4 * 300
    result = _cli("analyze", str(two_runs[1]), "--by", "policy", cwd=repo)
    assert result.returncode == 0 and "Win rates" in result.stdout


def test_score_distributions_get_a_panel_per_game() -> None:
    import polars as pl

    from zoosim.plots.charts import distribution, outcome_distributions

    rows = [dict(game=g, lineup="h", variant="default", players=p, bin=b, share=0.1)
            for g in ("zooloretto", "tractor") for p in (2, 3) for b in range(5)]
    hist = pl.DataFrame(rows)
    figure = distribution(hist, "score")
    assert [ax.get_title() for ax in figure.axes] == ["zooloretto", "tractor"]
    assert all(len(ax.lines) == 2 for ax in figure.axes)  # one line per player count in each panel
    assert len(outcome_distributions(hist, hist).axes) == 4  # a row per game: winning score, margin
    assert len(distribution(hist.filter(pl.col("game") == "tractor"), "score").axes) == 1
