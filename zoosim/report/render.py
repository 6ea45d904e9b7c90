"""Render a report (header, summary, sections of charts and tables) as self-contained HTML and as Markdown.

Both formats carry the same content: the HTML embeds every chart as a base64 PNG so the file opens from
disk anywhere; the Markdown links the PNGs in charts/ so it reads on GitHub.
"""
from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Table:
    title: str
    header: list[str]
    rows: list[list[str]]


@dataclass(frozen=True)
class ChartRef:
    name: str          # file stem under charts/
    title: str
    caption: str       # names n and the policies
    png: bytes


@dataclass
class Section:
    title: str
    text: list[str] = field(default_factory=list)
    charts: list[ChartRef] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)


@dataclass
class Document:
    title: str
    header: list[tuple[str, str]]      # (field, value)
    commands: list[str]                # commands that reproduce the report and its runs
    summary: list[str]
    sections: list[Section]
    intro: str = ""                    # what the study asks, in the author's words


_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{margin-bottom:.2em} h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.6em 0 1.4em;font-size:.85em}
th,td{border:1px solid #ddd;padding:.25em .55em;text-align:right} th{background:#f4f4f4}
td.t,th.t{text-align:left} dl.h{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}
dl.h dt{font-weight:600} dl.h dd{margin:0} figure{margin:1em 0} figure img{max-width:100%}
figcaption{font-size:.85em;color:#555} pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}
.summary li{margin:.25em 0} caption{text-align:left;font-weight:600;padding:.3em 0}
tbody td.t:first-child{white-space:nowrap}
"""

_TEXT_HEADERS = {"lineup", "variant", "policy", "opponent", "component", "metric", "game", "policies", "rules", "run"}


def to_html(doc: Document) -> str:
    """One self-contained HTML page: inline CSS, PNG charts embedded as data URIs, no external files."""
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{e(doc.title)}</title><style>{_CSS}</style></head><body>", f"<h1>{e(doc.title)}</h1>"]
    if doc.intro:
        out.append(f"<p>{e(doc.intro)}</p>")
    out.append('<h2>Summary</h2><ul class="summary">' + "".join(f"<li>{e(s)}</li>" for s in doc.summary) + "</ul>")
    out.append('<h2>What was run</h2><dl class="h">')
    out += [f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in doc.header]
    out.append("</dl>")
    out.append("<p>Reproduce with:</p><pre>" + e("\n".join(doc.commands)) + "</pre>")
    for section in doc.sections:
        out.append(f"<h2>{e(section.title)}</h2>")
        out += [f"<p>{e(t)}</p>" for t in section.text]
        for chart in section.charts:
            data = base64.b64encode(chart.png).decode("ascii")
            out.append(f'<figure id="{e(chart.name)}"><img alt="{e(chart.title)}" src="data:image/png;base64,{data}">'
                       f"<figcaption><b>{e(chart.title)}.</b> {e(chart.caption)}</figcaption></figure>")
        for table in section.tables:
            out.append(_html_table(table))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_table(table: Table) -> str:
    e = html.escape
    cls = ['t' if h in _TEXT_HEADERS else "" for h in table.header]
    head = "".join(f'<th class="{c}">{e(h)}</th>' for c, h in zip(cls, table.header))
    body = "".join("<tr>" + "".join(f'<td class="{c}">{e(v)}</td>' for c, v in zip(cls, row)) + "</tr>"
                   for row in table.rows)
    return f"<table><caption>{e(table.title)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def to_markdown(doc: Document) -> str:
    """The same report as Markdown; charts link to charts/NAME.png beside it."""
    out = [f"# {doc.title}", ""]
    if doc.intro:
        out += [_md(doc.intro), ""]
    out += ["## Summary", ""]
    out += [f"- {_md(s)}" for s in doc.summary]
    out += ["", "## What was run", ""]
    out += [f"- **{k}**: {_md(v)}" for k, v in doc.header]
    out += ["", "Reproduce with:", "", "```", *doc.commands, "```"]
    for section in doc.sections:
        out += ["", f"## {section.title}", ""]
        for t in section.text:
            out += [_md(t), ""]
        for chart in section.charts:
            out += [f"![{chart.title}](charts/{chart.name}.png)", "", f"*{_md(chart.title)}.* {_md(chart.caption)}", ""]
        for table in section.tables:
            out += [f"**{_md(table.title)}**", "", _md_table(table), ""]
    return "\n".join(out).rstrip() + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*") if text else text


def _md_table(table: Table) -> str:
    align = [":--" if h in _TEXT_HEADERS else "--:" for h in table.header]
    lines = ["| " + " | ".join(_md(h) for h in table.header) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(_md(v) if v else " " for v in row) + " |" for row in table.rows]
    return "\n".join(lines)
