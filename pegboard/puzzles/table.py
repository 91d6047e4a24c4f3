"""A puzzle's table as the player saw it, in plain lines (at most 60 columns, a dozen lines), and its
question: what the terminal prints and a web page may show as text.

>>> from pegboard.puzzles.puzzle import Puzzle
>>> p = Puzzle("x", "discard", "cribbage", "scores 10 20 dealer them hand 5H 5C 6D 7S JH KD", "discard JH KD",
...            (("discard JH KD", 1.0),), "t", 1500, 1, "")
>>> print("\\n".join(table_lines(p)))
cribbage · You 10, Opponent 20 · Opponent deals
Your hand: 5♥ 5♣ 6♦ 7♠ J♥ K♦
>>> question(p)
'Throw 2 cards to the crib (e.g. "JH KD").'
"""

from __future__ import annotations

import random
from typing import Any, cast

from pegboard.cards import Card
from pegboard.engine import GameState
from pegboard.engine.gameview import GridView
from pegboard.engine.snailspace import SnailspaceView
from pegboard.engine.solitaire import SolitaireView
from pegboard.engine.views import CribbageView
from pegboard.puzzles.positions import load_position
from pegboard.puzzles.puzzle import Puzzle

__all__ = ["table_lines", "question"]


def _cards(cards: Any) -> str:
    return " ".join(Card.parse(str(card)).symbol for card in cards) or "-"


def _view(puzzle: Puzzle) -> tuple[Any, Any]:
    game, seat = load_position(puzzle.position, random.Random(0))
    return game, game.view(seat)


def table_lines(puzzle: Puzzle) -> list[str]:
    """The table as the deciding player saw it: scores, dealer, hand, starter, the play or the grid."""
    game, view = _view(puzzle)
    me = view.seat
    names = ["You" if seat == me else name for seat, name in enumerate(game.players)]
    sides = list(game.side_names)
    if len(sides) == len(names):
        sides = names
    scores = ", ".join(f"{side} {score}" for side, score in zip(sides, view.scores))
    head = f"{game.rules.name} · {scores}"
    if not game.rules.crib:
        return [head, *_grid_lines(game, view)]
    dealer = getattr(view, "dealer", None)
    if dealer is not None:
        head += f" · {'you deal' if dealer == me else names[dealer] + ' deals'}"
    lines = [head]
    if view.phase in ("count", "muggins", "show") or getattr(view, "counting", None):
        counting = view.counting
        whose = "Your" if counting and counting[0] == me else f"{names[counting[0]]}'s" if counting else "The"
        unit = counting[1] if counting else "hand"
        shown = _counted_cards(view, counting)
        lines.append(f"{whose} {unit}: {_cards(shown)} · starter {Card.parse(str(view.starter)).symbol}")
        claim = getattr(view, "claim", None)
        if claim:
            lines.append(f"{names[claim[0]]} counted {claim[1]}.")
        return lines
    lines.append(f"Your hand: {_cards(view.hand)}")
    if view.starter is not None:
        lines.append(f"Starter: {Card.parse(str(view.starter)).symbol} · you threw {_cards(view.discarded)}")
    if view.phase == "play":
        played = [f"{names[seat]} {Card.parse(str(card)).symbol}" for seat, card in view.played]
        now = len(view.series)
        if len(played) > now:
            lines.append("Played before: " + ", ".join(played[:len(played) - now]))
        if now:
            lines.append("This series: " + ", ".join(played[len(played) - now:]))
        lines.append(f"Count: {view.count}" + (f" · go said by {', '.join(names[s] for s in view.said_go)}"
                                               if view.said_go else ""))
    return lines


def _counted_cards(view: CribbageView, counting: Any) -> list[Any]:
    """The cards being counted: the crib, or the hand shown by the seat counting (or one's own kept)."""
    if counting and counting[1] == "crib":
        return list(view.crib)
    for item in reversed(getattr(view, "shown", None) or []):
        if counting and list(item[:2]) == [counting[0], counting[1]]:
            return list(item[-1])
    return list(getattr(view, "kept", None) or view.hand)


def _grid_lines(game: GameState, view: GridView) -> list[str]:
    grid = list(view.grid)
    size = 5 if len(grid) == 25 else 4
    lines = ["    " + "  ".join(f"{'abcde'[col]:>2}" for col in range(size))]
    nxt = getattr(view, "next_cell", None)
    for row in range(size):
        cells = []
        for col in range(size):
            card = grid[row * size + col]
            mark = "[]" if nxt is not None and list(nxt) == [row, col] else " ."
            cells.append(f"{Card.parse(str(card)).symbol:>2}" if card is not None else mark)
        lines.append(f"{row + 1:>2}  " + "  ".join(cells))
    if not game.rules.cells_in_order:
        square = cast(SolitaireView, view)
        if square.current:
            left = square.discard_spaces - len(square.discards)
            lines.append(f"Card to place: {Card.parse(str(square.current)).symbol} · discard spaces left {left}")
    elif snail_hand := cast(SnailspaceView, view).hand:
        lines.append(f"Your hand: {_cards(snail_hand)}")
    return lines


def question(puzzle: Puzzle) -> str:
    """What the player is asked, with an example answer."""
    kind = puzzle.kind
    if kind == "discard":
        example = " ".join(puzzle.options[-1][0].split()[1:])
        many = len(example.split())
        return f'Throw {many} card{"s" if many > 1 else ""} to the crib (e.g. "{example}").'
    if kind == "play":
        return 'Which card do you play? (e.g. "' + puzzle.options[-1][0].split()[-1] + '")'
    if kind == "count":
        if puzzle.answer.startswith("count"):
            return 'How many points do you claim? (e.g. "count 8")'
        return 'Claim what they missed: "muggins N", or "pass" if nothing was missed.'
    if kind == "cell":
        return 'Which card goes on the next cell ([])? (e.g. "' + puzzle.options[-1][0].split()[-1] + '")'
    return 'Where does the card go? (e.g. "b2", or "discard")'
