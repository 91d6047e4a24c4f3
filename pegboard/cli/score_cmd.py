"""``pegboard score``: count a hand or crib, itemised and aloud."""

from __future__ import annotations

import json

import click

from pegboard.cards import parse_cards
from pegboard.cli.options import GameType
from pegboard.errors import HandSizeError
from pegboard.rules import Rules
from pegboard.scoring.show import score_show
from pegboard.scoring.spoken import spoken_count

__all__ = ["score"]


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--starter", "-s", help="The starter (cut) card. Without it, the last card given is the starter.")
@click.option("--crib", is_flag=True, help="Count as the crib: only a five-card flush scores.")
@click.option("--game", "-g", type=GameType(crib=True), default="cribbage", show_default=True,
              help="cribbage (4-card hands) or five-card (3-card hands, 4-card crib); any alias.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def score(cards: tuple[str, ...], starter: str | None, crib: bool, game: str, as_json: bool) -> None:
    """Count a hand with its starter, itemised and aloud.

    \b
    Example:
      pegboard score 5H 5C 5D JS --starter 5S

    Cards are rank then suit, case-insensitive: 5h, 10s or ts, Jd, A♣.
    """
    rules = Rules.preset(game)
    parsed = parse_cards([*cards, *([starter] if starter else [])])
    size = 4 if crib else rules.kept_size
    if len(parsed) != size + 1:
        given = len(cards)
        what = "crib" if crib else f"{rules.name} hand"
        expected = f"{size} cards and --starter"
        if not starter:
            expected += f" (or {size + 1} cards, the last one the starter)"
        raise HandSizeError(f"{given} cards given for a {what}: expected {expected}")
    *hand, starter_card = parsed
    result = score_show(hand, starter_card, crib=crib, crib_four_flush=rules.crib_four_flush)
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    from pegboard.cli.render import console, score_table

    out = console()
    shown = " ".join(card.symbol for card in hand)
    title = f"{'Crib' if crib else 'Hand'} {shown}  starter {starter_card.symbol}"
    out.print(score_table(result, title=title))
    out.print(f"[bold]{spoken_count(result).capitalize()}.[/bold]")
