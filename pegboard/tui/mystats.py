"""The player's own statistics as Rich tables (Rich only, no Textual): what ``pegboard stats me`` prints
and the terminal app's statistics box shows. The figures come from
:func:`pegboard.analysis.mystats.player_stats`.

>>> from pegboard.analysis.mystats import PlayerStats
>>> from rich.console import Console
>>> console = Console(width=80, record=True, file=__import__("io").StringIO())
>>> console.print(stats_renderable(PlayerStats((), (), (), ())))
>>> "No finished games" in console.export_text()
True
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pegboard.analysis.mystats import Figure, KindFigures, PlayerStats
from pegboard.duplicate import DuplicateResult

__all__ = ["stats_renderable", "figures_table", "results_table", "games_table", "sets_table", "set_renderable",
           "trend_table"]

SOURCE_WORDS = {"hand": "hand", "crib": "crib", "pegging": "pegging", "heels": "his heels", "bonus": "three for last",
                "all": "in all"}
GOOD, BAD = "#87d787", "#ff8787"


def _table(title: str, *columns: str, left: int = 1, caption: str | None = None) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True, caption=caption, caption_justify="left", caption_style="dim")
    for number, column in enumerate(columns):
        table.add_column(column, justify="left" if number < left else "right", no_wrap=True)
    return table


def results_table(stats: PlayerStats) -> Table:
    """Whole games per kind and opponent: won, lost, drawn, skunks taken and given."""
    table = _table("Games", "game", "vs", "games", "won", "lost", "drawn", "skunked", "double", "skunks",
                   "double", left=2, caption="skunked: times you were skunked (double: double-skunked); skunks: "
                                             "times you skunked the other side")
    for row in stats.results:
        table.add_row(Text(row.game), Text(row.opponent), *(str(value) for value in (
            row.played, row.won, row.lost, row.drawn, row.skunked, row.double_skunked, row.skunks,
            row.double_skunks)))
    return table


def _expert(figure: Figure) -> str:
    if figure.expert is None:
        return ""
    low, high = figure.expert
    return f"{low:.1f}" if low == high else f"{low:.1f}-{high:.1f}"


def _mean(figure: Figure) -> Text:
    mean = figure.mean
    if mean is None:
        return Text("—", style="dim")
    style = ""
    if figure.expert is not None:
        style = GOOD if mean >= figure.expert[0] else BAD
    return Text(f"{mean:.2f}", style=style)


def figures_table(kind: KindFigures) -> Table:
    """Points per deal by source, as dealer and as pone, beside the published averages of expert players
    where they apply (two-player six-card cribbage)."""
    expert = any(figure.expert is not None for figure in kind.figures)
    caption = f"{kind.deals['dealer']} deals as dealer, {kind.deals['pone']} as pone"
    table = _table(f"Points per deal: {kind.game}", "as", "from", "you", *(["experts"] if expert else []), left=2,
                   caption=caption)
    for figure in kind.figures:
        cells = [Text(figure.role if figure.source == "hand" else ""), Text(SOURCE_WORDS[figure.source]),
                 _mean(figure)]
        table.add_row(*cells, *([_expert(figure)] if expert else []),
                      style="bold" if figure.source == "all" else "")
    return table


def games_table(stats: PlayerStats, most: int = 10) -> Table:
    """The latest games: when, what, against whom, the result, the scores, the accuracy and the net
    points per deal, raw and luck-adjusted."""
    table = _table("Latest games (accuracy: 100 = no measurable loss; net points a deal, raw and less the "
                   "luck of the cards)", "when", "game", "vs", "result", "score", "accuracy", "net/deal",
                   "adjusted", left=4)
    for line in stats.games[:most]:
        accuracy = "…" if line.accuracy is None else f"{line.accuracy:.1f}"
        measured = line.luck is not None and line.deals > 0
        raw = f"{line.net / line.deals:+.2f}" if measured else ""
        adjusted = f"{(line.net - (line.luck or 0.0)) / line.deals:+.2f}" if measured else ""
        table.add_row(line.when.replace("T", " ")[:16], line.game, line.opponent, line.result,
                      f"{line.scores[0]}-{line.scores[1]}", accuracy, raw, adjusted)
    return table


def trend_table(stats: PlayerStats) -> Table:
    """Net points per deal month by month: raw, and luck-adjusted (the cards' luck taken out)."""
    table = _table("Net points a deal over time (luck-adjusted: the luck of the cards taken out)", "month",
                   "games", "deals", "raw", "luck-adjusted")
    for point in stats.trend:
        table.add_row(point.period or "undated", str(point.games), str(point.deals), f"{point.raw:+.2f}",
                      Text(f"{point.luck_adjusted:+.2f}", style=GOOD if point.luck_adjusted > 0 else BAD
                           if point.luck_adjusted < 0 else ""))
    return table


def sets_table(stats: PlayerStats, most: int = 10) -> Table:
    """The latest duplicate sets: the points on the same cards and the difference."""
    table = _table("Duplicate sets (the same deals from both seats)", "when", "game", "vs", "deals", "you",
                   "computer", "difference", "a deal", left=3)
    for line in stats.sets[:most]:
        result = line.result
        style = GOOD if result.difference > 0 else BAD if result.difference < 0 else ""
        table.add_row(line.when.replace("T", " ")[:16], line.game, line.opponent, str(len(result.deals)),
                      str(result.person_total), str(result.computer_total),
                      Text(f"{result.difference:+d}", style=style), f"{result.per_deal:+.2f}")
    return table


def stats_renderable(stats: PlayerStats, most: int = 10, results: bool = True) -> RenderableType:
    """Every part that has something to show, in order: games (``results``), points per deal, accuracy,
    sets."""
    if not stats.games:
        return Text("No finished games yet: play one (pegboard play), and it is counted here.")
    parts: list[RenderableType] = []
    if stats.results and results:
        parts.append(results_table(stats))
    parts.extend(figures_table(kind) for kind in stats.figures)
    mean = stats.accuracy
    words = "not worked out yet" if mean is None else f"{mean:.1f} on average"
    pending = f" ({stats.pending} game{'s' if stats.pending != 1 else ''} still to review)" if stats.pending else ""
    parts.append(Text(f"\nAccuracy: {words}{pending}.", style="bold"))
    parts.append(games_table(stats, most))
    if stats.trend:
        parts.append(trend_table(stats))
    if stats.sets:
        parts.append(sets_table(stats, most))
    if stats.unreadable:
        parts.append(Text(f"{stats.unreadable} logged game(s) could not be read and are left out.", style="dim"))
    return Group(*parts)


def set_renderable(result: DuplicateResult) -> RenderableType:
    """A duplicate set deal by deal: with the cards the person held first (A) and those the computer
    held first (B), what each scored; the difference per deal, in all and by source."""
    me, other = result.person, result.computer
    table = _table("The same deals from both seats", "deal", "dealt first", f"{me[:8]} A", f"{other[:8]} A",
                   f"{other[:8]} B", f"{me[:8]} B", "±", left=2,
                   caption=f"A: the cards {me} held in the first half ({other} in the second); B: the cards "
                           f"{other} held in the first half ({me} in the second).")
    for row in result.deals:
        style = GOOD if row.difference > 0 else BAD if row.difference < 0 else ""
        table.add_row(str(row.deal + 1), me if row.person_dealt_first else other, *(str(points) for points in (
            *row.first_cards, row.second_cards[1], row.second_cards[0])), Text(f"{row.difference:+d}", style=style))
    sources = ", ".join(f"{SOURCE_WORDS.get(source, source)} {points:+d}"
                        for source, points in result.by_source.items() if points)
    lines = [Text(result.headline(), style="bold")]
    if sources:
        lines.append(Text(f"By source, {me} less {other} with the same cards: {sources}."))
    return Group(*lines, Text(""), table)
