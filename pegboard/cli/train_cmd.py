"""``pegboard train``: puzzles one at a time in the terminal, rated like chess puzzles (docs/train.md)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import click

from pegboard.cli.options import SEED
from pegboard.errors import PuzzleError

__all__ = ["train", "state_path"]

STATE_FILE = "train.json"


def state_path() -> Path:
    """Where the training state is kept: ``train.json`` in the data folder (:mod:`pegboard.datadir`)."""
    from pegboard.datadir import data_dir

    return data_dir() / STATE_FILE


def _load() -> object:
    from pegboard.puzzles.trainer import Trainer

    path = state_path()
    if not path.exists():
        return Trainer()
    try:
        return Trainer.from_json(json.loads(path.read_text(encoding="utf-8")))
    except ValueError as error:
        raise PuzzleError(f"{path}: {error}; remove it to start afresh") from None


def _save(trainer: object) -> None:
    path = state_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(trainer.to_json()) + "\n", encoding="utf-8")  # type: ignore[attr-defined]
    temporary.replace(path)


@click.command("train", short_help="Solve puzzles (and your own mistakes) in the terminal, rated like chess puzzles.")
@click.option("--theme", metavar="THEME", help="Only puzzles of this theme (see docs/train.md).")
@click.option("--kind", type=click.Choice(["discard", "play", "count", "cell", "place"]), help="Only this kind.")
@click.option("--mistakes", is_flag=True, help="Only your own mistakes (the queue filled by --add).")
@click.option("--add", "record", metavar="RECORD", help="Add a reviewed game's costliest mistakes to your queue.")
@click.option("--player", metavar="NAME", help="With --add: whose mistakes.")
@click.option("--count", "rounds", type=click.IntRange(min=1, max=1000), default=1, show_default=True,
              help="How many puzzles in a row.")
@click.option("--bank", type=click.Path(exists=True, dir_okay=False), help="Another bank file (pegboard puzzles mine).")
@click.option("--json", "as_json", is_flag=True, help="Print the next puzzle as JSON (answer it with --answer).")
@click.option("--answer", metavar="CHOICE", help="Answer the puzzle --json gave last; prints the verdict as JSON.")
@click.option("--seed", type=SEED, default=None, help="Seed of the choice among puzzles near your rating.")
def train(theme: str | None, kind: str | None, mistakes: bool, record: str | None, player: str | None, rounds: int,
          bank: str | None, as_json: bool, answer: str | None, seed: int | None) -> None:
    """Train on puzzles: the position as the player saw it, your answer, then the best with its
    explanation, your rating and streak. Progress is kept in the data folder (train.json).

    \b
    Examples:
      pegboard train
      pegboard train --theme "lead from a pair" --count 5
      pegboard train --add game.json --player Ann     # queue your costliest mistakes
      pegboard train --mistakes
      pegboard train --json ; pegboard train --answer "5H 5C"
    """
    from pegboard.puzzles.bank import load_bank
    from pegboard.puzzles.trainer import Trainer

    trainer = _load()
    assert isinstance(trainer, Trainer)
    puzzles = load_bank(bank)
    rng = random.Random(seed)
    if record is not None:
        _add(trainer, record, player)
        return
    if player is not None:
        raise click.UsageError("--player goes with --add RECORD")
    if answer is not None:
        if trainer.pending is None:
            raise PuzzleError(f"--answer {answer}: no puzzle is waiting; ask for one with 'pegboard train --json'")
        waiting = trainer.find(trainer.pending, puzzles)
        verdict = trainer.answer(waiting, answer)
        _save(trainer)
        click.echo(json.dumps(verdict.to_json() | {"rating": round(trainer.rating.rating),
                                                   "queue": len(trainer.queue)}))
        return
    for _ in range(rounds):
        puzzle = trainer.next_puzzle(rng, puzzles, theme=theme, kind=kind, mistakes=mistakes)
        if puzzle is None:
            what = "mistakes queued" if mistakes else "puzzles"
            raise PuzzleError(f"no {what} fit{' --theme ' + repr(theme) if theme else ''}"
                              f"{' --kind ' + kind if kind else ''}"
                              f"{'; add a game with --add RECORD --player NAME' if mistakes else ''}")
        if as_json:
            _save(trainer)
            data = puzzle.to_json()
            for hidden in ("answer", "why", "reasons", "margin", "solve_share", "loss"):
                data.pop(hidden, None)
            data["options"] = sorted(option["choice"] for option in data["options"])  # not best first
            from pegboard.puzzles.table import question, table_lines

            data["table"], data["question"] = table_lines(puzzle), question(puzzle)
            data["player_rating"], data["streak"] = round(trainer.rating.rating), trainer.streak
            click.echo(json.dumps(data))
            return
        if not _ask(trainer, puzzle):
            break
        _save(trainer)
    _save(trainer)


def _ask(trainer: object, puzzle: object) -> bool:
    """One puzzle in the terminal; False when the player quits."""
    from pegboard.puzzles.puzzle import Puzzle
    from pegboard.puzzles.table import question, table_lines
    from pegboard.puzzles.trainer import Trainer

    assert isinstance(trainer, Trainer) and isinstance(puzzle, Puzzle)
    click.echo("")
    click.echo(f"Puzzle {puzzle.id} · {puzzle.kind} · rating {puzzle.rating:.0f}"
               + (" · from your game" if puzzle.choice and puzzle.id in trainer.queue else ""))
    for line in table_lines(puzzle):
        click.echo("  " + line)
    click.echo(question(puzzle))
    while True:
        try:
            given = click.prompt("Your answer (q quits)", default="q", show_default=False)
        except click.exceptions.Abort:  # end of input
            return False
        if given.strip().lower() in ("q", "quit"):
            return False
        try:
            verdict = trainer.answer(puzzle, given)
        except PuzzleError as error:
            click.echo(f"pegboard: error: {error}", err=True)
            continue
        break
    click.echo(("Right! " if verdict.right else "Not quite. ") + verdict.explanation)
    unit = "" if puzzle.measure == "points" else " (chance to win)"
    for choice, value in verdict.options[:5]:
        mark = "*" if choice == verdict.best else (">" if choice == verdict.choice else " ")
        shown = f"{value:+.2f}" if puzzle.measure == "points" else f"{100 * value:.1f}%"
        click.echo(f"  {mark} {choice:24} {shown}{unit}")
    click.echo(f"Rating {verdict.rating_after:.0f} ({verdict.change:+.0f}) · streak {verdict.streak} · "
               f"queue {len(trainer.queue)}")
    return True


def _add(trainer: object, record_path: str, player: str | None) -> None:
    from pegboard.puzzles.mining import mine
    from pegboard.puzzles.trainer import Trainer
    from pegboard.records import load_record

    assert isinstance(trainer, Trainer)
    if player is None:
        raise click.UsageError("--add RECORD needs --player NAME: whose mistakes to queue")
    found = mine(load_record(record_path), player)
    added = trainer.add_mistakes(found)
    _save(trainer)
    click.echo(f"{added} of {player}'s costliest mistakes queued ({len(found)} found); "
               f"'pegboard train --mistakes' plays them.")
