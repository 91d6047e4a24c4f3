"""Charts (needs the ``plot`` extra: matplotlib). Imported only when a plot is asked for."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from pegboard.errors import PegboardError
from pegboard.stats import Distribution

if TYPE_CHECKING:
    from pegboard.analysis.review import Review

__all__ = ["plot_distribution", "plot_board", "plot_review", "check_plot_path"]

_FORMATS = (".png", ".svg", ".pdf")


def _pyplot() -> Any:
    """matplotlib's pyplot, drawing to files."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PegboardError("plotting needs matplotlib: pip install 'pegboard[plot]'") from None
    return plt


_F = TypeVar("_F", bound=Callable[..., None])


def _plain_text(draw: _F) -> _F:
    """``draw`` with every text printed exactly as given: a ``$`` in a player's name is a dollar sign,
    not the start of mathtext (which fails on ``$x^$``); matplotlib's settings are left as they were."""

    @functools.wraps(draw)
    def plain(*args: Any, **kwargs: Any) -> None:
        with _pyplot().rc_context({"text.parse_math": False}):
            draw(*args, **kwargs)

    return cast(_F, plain)


def check_plot_path(path: Path) -> None:
    """Raise :class:`PegboardError` unless a chart can be written to ``path``: a .png, .svg or .pdf
    name in a folder that exists (checked before the work, so a typo costs nothing).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> try:
    ...     check_plot_path(folder / "missing" / "x.png")
    ... except PegboardError as error:
    ...     print(str(error).replace(str(folder), "TMP"))
    plot file 'TMP/missing/x.png': no folder 'TMP/missing'
    >>> folder.rmdir()
    """
    if path.suffix.lower() not in _FORMATS:
        raise PegboardError(f"plot file {str(path)!r}: expected a {', '.join(_FORMATS[:-1])} or {_FORMATS[-1]} name")
    folder = path.parent
    if not folder.exists():
        raise PegboardError(f"plot file {str(path)!r}: no folder {str(folder)!r}")
    if not folder.is_dir():
        raise PegboardError(f"plot file {str(path)!r}: {str(folder)!r} is not a folder")
    if path.is_dir():
        raise PegboardError(f"plot file {str(path)!r}: is a folder")
    existed = path.exists()
    try:  # a folder that exists may still refuse a new file (/proc, a read-only disk): try it now
        with open(path, "ab"):
            pass
    except OSError as error:
        raise PegboardError(f"plot file {str(path)!r}: cannot write it ({error.strerror or error})") from None
    if not existed:
        path.unlink(missing_ok=True)


def _save(fig: Any, path: Path) -> None:
    try:
        fig.savefig(path)
    except OSError as error:
        raise PegboardError(f"plot file {str(path)!r}: cannot write it ({error.strerror})") from None


@_plain_text
def plot_distribution(dist: Distribution, path: Path, *, title: str) -> None:
    """A bar chart of a score distribution, shares in percent, with the mean and median marked."""
    check_plot_path(path)
    plt = _pyplot()
    scores = range(len(dist.counts))
    shares = [100 * n / dist.deals for n in dist.counts]
    fig, ax = plt.subplots(figsize=(10, 5.2), dpi=150)
    ax.bar(scores, shares, color="#2f6f4f", edgecolor="#1d4632", width=0.8)
    for score in scores:
        if dist.counts[score] == 0:
            ax.text(score, 0.15, "none", rotation=90, ha="center", va="bottom", fontsize=7, color="#b03030")
        elif shares[score] >= 1:
            ax.text(score, shares[score] + 0.2, f"{shares[score]:.1f}", ha="center", va="bottom", fontsize=7)
    mean = float(dist.mean)
    ax.axvline(mean, color="#c0392b", linestyle="--", linewidth=1.2)
    ax.text(mean + 0.3, max(shares) * 0.95, f"mean {mean:.3f}\n({dist.mean.numerator}/{dist.mean.denominator})",
            color="#c0392b", fontsize=9, va="top")
    tail_from = max(10, len(dist.counts) // 3)
    if len(dist.counts) - tail_from >= 4:
        _tail_inset(ax, dist, tail_from)
    ax.set_xticks(list(scores))
    ax.tick_params(axis="x", labelsize=8)
    ax.set_xlabel("Points in the show")
    ax.set_ylabel("Share of deals (%)")
    ax.set_title(f"{title}\n{dist.deals:,} deals counted exactly · standard deviation {dist.stdev:.3f} "
                 f"· median {dist.median}", fontsize=11)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="y", alpha=0.3)
    ax.set_xlim(-0.7, len(dist.counts) - 0.3)
    fig.tight_layout()
    try:
        _save(fig, path)
    finally:
        plt.close(fig)


def _tail_inset(ax: Any, dist: Distribution, first: int) -> None:
    """The rare high scores on a log scale, labelled with their exact number of deals."""
    inset = ax.inset_axes([0.56, 0.34, 0.42, 0.52])
    tail = range(first, len(dist.counts))
    counts = [dist.counts[score] for score in tail]
    inset.bar(tail, [n if n else float("nan") for n in counts], color="#2f6f4f", width=0.8)
    inset.set_yscale("log")
    for score, n in zip(tail, counts):
        label = f"{n:,}" if n else "0"
        inset.text(score, max(n, 1) * 1.3, label, rotation=90, ha="center", va="bottom", fontsize=6,
                   color="#b03030" if n == 0 else "black")
    inset.set_ylim(0.8, max(counts) * 40)
    inset.set_xticks(list(tail))
    inset.tick_params(labelsize=6)
    inset.set_title("the rare high scores: deals, log scale", fontsize=8)
    inset.spines[["top", "right"]].set_visible(False)


@_plain_text
def plot_board(grid: list[list[float]], path: Path, *, role: str, objective: str = "win", low: float = 0.0,
               high: float = 1.0, lines: Sequence[int] = ()) -> None:
    """A heat map of an objective's expected value from every pair of scores (by default the chance of
    winning, with the 50% line), ``low`` to ``high``; ``lines``: scores to mark (the skunk lines)."""
    check_plot_path(path)
    plt = _pyplot()
    chance = objective == "win" or objective.startswith("match")
    fig, ax = plt.subplots(figsize=(7.6, 6.4), dpi=150)
    image = ax.imshow(grid, origin="lower", cmap="RdYlGn", vmin=low, vmax=high, extent=(-0.5, len(grid) - 0.5,
                                                                                       -0.5, len(grid) - 0.5))
    if chance:
        levels = [0.1, 0.25, 0.5, 0.75, 0.9]
        widths = [0.5, 0.5, 1.4, 0.5, 0.5]
    else:
        step = (high - low) / 8
        levels = [low + step * i for i in range(1, 8)] if step > 0 else []  # a flat map has no contour lines
        widths = [1.4 if abs(level) < 1e-9 else 0.5 for level in levels]
    if levels:
        contours = ax.contour(grid, levels=levels, colors="black", linewidths=widths)
        ax.clabel(contours, fmt=(lambda value: f"{100 * value:.0f}%") if chance else (lambda value: f"{value:+.3g}"),
                  fontsize=7)
    ax.set_xlabel("Opponent's score")
    ax.set_ylabel("Your score")
    what = {"win": "Chance of winning", "game-points": "Expected game points (yours less theirs)",
            "spread": "Expected spread (final margin)"}.get(objective.split(":")[0], "Chance of winning the match")
    ax.set_title(f"{what} as the {role} of the next deal\n({objective}; expert against expert, 121 points)",
                 fontsize=10)
    for tick in (0, 30, 60, 90, 120):
        ax.axhline(tick, color="white", linewidth=0.3, alpha=0.5)
        ax.axvline(tick, color="white", linewidth=0.3, alpha=0.5)
    for line in lines:
        ax.axhline(line + 0.5, color="#333333", linewidth=0.8, linestyle="--")
        ax.axvline(line + 0.5, color="#333333", linewidth=0.8, linestyle="--")
    bar = fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.set_label("chance of winning" if objective == "win" else objective)
    fig.tight_layout()
    try:
        _save(fig, path)
    finally:
        plt.close(fig)


_SIDE_COLOURS = ("#1f5fa8", "#c0392b", "#2f8f4f", "#8e44ad")


@_plain_text
def plot_review(result: Review, path: Path) -> None:
    """A reviewed game: the score race move by move and, in games with a board table, the first
    side's chance to win at the start of every deal (the board table), with every decision that cost
    something marked where it was made, sized by its cost; the costliest are labelled."""
    check_plot_path(path)
    plt = _pyplot()
    with_win = any(mark.win is not None for mark in result.marks)
    rows = 2 if with_win else 1
    fig, axes = plt.subplots(rows, 1, figsize=(11, 4.2 * rows), dpi=150, sharex=True, squeeze=False)
    race = axes[0][0]
    sides = result.sides
    moves = list(range(len(result.scores_after) + 1))
    start = result.marks[0].scores if result.marks else (0,) * len(sides)
    for side, name in enumerate(sides):
        scores = [start[side]] + [after[side] for after in result.scores_after]
        race.step(moves, scores, where="post", color=_SIDE_COLOURS[side % 4], linewidth=1.6, label=name)
    mistakes = [decision for decision in result.decisions if decision.loss > 0]
    side_of_player = {name: sides.index(player.side) for name, player in result.players.items()}
    for decision in mistakes:
        side = side_of_player[decision.player]
        race.scatter([decision.index], [decision.scores[side]], s=20 + 60 * min(decision.loss, 5),
                     color=_SIDE_COLOURS[side % 4], edgecolor="black", linewidth=0.5, zorder=3)
    target = max((score for after in result.scores_after for score in after), default=0)
    race.set_ylabel("Score")
    race.set_title(f"{result.game}: the score race, mistakes marked (size: points lost)", fontsize=11)
    race.legend(loc="upper left", fontsize=8)
    race.grid(alpha=0.3)
    race.set_ylim(bottom=0, top=max(target, 1) * 1.05)
    costliest = sorted(sorted(mistakes, key=lambda decision: -decision.loss)[:4], key=lambda d: d.index)
    for number, decision in enumerate(costliest):
        side = side_of_player[decision.player]
        race.annotate(f"{decision.player}: {decision.choice.text()} (-{decision.loss:.1f})",
                      (decision.index, decision.scores[side]), textcoords="offset points",
                      xytext=(4, 10 + 12 * (number % 3)), fontsize=7,
                      arrowprops={"arrowstyle": "-", "color": "grey", "linewidth": 0.5})
    if with_win:
        line = axes[1][0]
        known = [mark for mark in result.marks if mark.win is not None]
        xs = [mark.index for mark in known]
        ys = [100 * mark.win[0] for mark in known if mark.win is not None]
        line.plot(xs, ys, color=_SIDE_COLOURS[0], linewidth=1.6, marker="o", markersize=3)
        line.axhline(50, color="grey", linewidth=0.8, linestyle="--")
        for decision in mistakes:
            if decision.win_loss is None:
                continue
            y = _interpolate(xs, ys, decision.index)
            side = side_of_player[decision.player]
            line.scatter([decision.index], [y], s=20 + 2000 * min(decision.win_loss, 0.1),
                         color=_SIDE_COLOURS[side % 4], edgecolor="black", linewidth=0.5, zorder=3)
        line.set_ylim(0, 100)
        line.set_ylabel(f"{sides[0]}'s chance to win (%)")
        line.set_title("The chance to win at the start of each deal (board table); marks: mistakes, "
                       "size: chance lost", fontsize=10)
        line.grid(alpha=0.3)
    axes[-1][0].set_xlabel("Move")
    for row in axes:
        row[0].spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    try:
        _save(fig, path)
    finally:
        plt.close(fig)


def _interpolate(xs: list[int], ys: list[float], x: int) -> float:
    """The line's height at ``x`` (flat beyond its ends)."""
    if not xs:
        return 50.0
    if x <= xs[0]:
        return ys[0]
    for (x0, y0), (x1, y1) in zip(zip(xs, ys), zip(xs[1:], ys[1:])):
        if x0 <= x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return ys[-1]
