"""Counting aloud: turn scored items into the words players say.

>>> from pegboard.scoring.show import score_show
>>> from pegboard.cards import parse_cards
>>> *hand, starter = parse_cards("5H TC 9S 9D 2C")
>>> spoken_count(score_show(hand, starter))
'fifteen two and a pair is four'
>>> *hand, starter = parse_cards("5C 5D 5H JS 5S")
>>> spoken_count(score_show(hand, starter))  # doctest: +NORMALIZE_WHITESPACE
'fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve,
 fifteen fourteen, fifteen sixteen, a double pair royal is twenty-eight, and nobs is twenty-nine'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pegboard.scoring.items import ScoreItem

__all__ = ["number_words", "spoken_count", "spoken_play"]

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_SET_NAMES = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}
_RUN_SETS = {2: "a double run", 3: "a triple run", 4: "a double double run"}


def number_words(number: int) -> str:
    """English words for 0..999.

    >>> number_words(29), number_words(121)
    ('twenty-nine', 'one hundred twenty-one')
    """
    if number < 0 or number > 999:
        raise ValueError(f"number {number} out of range: expected 0 to 999")
    if number < 20:
        return _UNITS[number]
    if number < 100:
        tens, units = divmod(number, 10)
        return _TENS[tens] + (f"-{_UNITS[units]}" if units else "")
    hundreds, rest = divmod(number, 100)
    return f"{_UNITS[hundreds]} hundred" + (f" {number_words(rest)}" if rest else "")


def spoken_count(items: Iterable[ScoreItem]) -> str:
    """A show (a :class:`~pegboard.scoring.items.Score` or its items) counted aloud: fifteens first,
    then pairs, runs, flush, nobs, heels.

    A run whose ranks are doubled absorbs the pairs inside it ("a double run of three is eight"),
    as players say it. A hand with nothing is "nineteen", the traditional name for a zero hand.
    """
    items = tuple(items)
    phrases: list[tuple[str, int]] = []  # (words before "is N", points) in speaking order
    fifteens = [item for item in items if item.kind == "fifteen"]
    pairs = [item for item in items if item.kind == "pair"]
    runs = [item for item in items if item.kind == "run"]
    others = [item for item in items if item.kind not in ("fifteen", "pair", "run")]

    for item in fifteens:
        phrases.append(("fifteen", item.points))

    pairs_by_rank: dict[int, list[ScoreItem]] = {}
    for item in pairs:
        pairs_by_rank.setdefault(item.cards[0].rank, []).append(item)
    runs_by_ranks: dict[tuple[int, ...], list[ScoreItem]] = {}
    for item in runs:
        runs_by_ranks.setdefault(tuple(sorted({c.rank for c in item.cards})), []).append(item)

    run_phrases: list[tuple[str, int]] = []
    for ranks, group in runs_by_ranks.items():
        length = len(ranks)
        points = sum(item.points for item in group)
        absorbed = [rank for rank in ranks if rank in pairs_by_rank]
        for rank in absorbed:
            points += sum(item.points for item in pairs_by_rank.pop(rank))
        name = _RUN_SETS.get(len(group), "a run") if absorbed else "a run"
        if len(group) > 1 and not absorbed:
            name = f"{number_words(len(group))} runs"
        run_phrases.append((f"{name} of {number_words(length)}", points))

    for group in pairs_by_rank.values():
        cards = {card for item in group for card in item.cards}
        phrases.append((_SET_NAMES.get(len(cards), "pairs"), sum(item.points for item in group)))
    phrases.extend(run_phrases)
    for item in others:
        if item.kind == "flush":
            phrases.append((f"a flush of {number_words(len(item.cards))}", item.points))
        elif item.kind == "nobs":
            phrases.append(("nobs", item.points))
        elif item.kind == "heels":
            phrases.append(("his heels", item.points))
        else:
            phrases.append((item.kind.replace("-", " "), item.points))

    if not phrases:
        return "nineteen (nothing)"
    words: list[str] = []
    running = 0
    for name, points in phrases:
        running += points
        words.append(f"fifteen {number_words(running)}" if name == "fifteen"
                     else f"{name} is {number_words(running)}")
    if len(words) > 1 and phrases[-1][0] != "fifteen":
        if len(words) == 2:
            return f"{words[0]} and {words[1]}"
        words[-1] = "and " + words[-1]
    return ", ".join(words)


def spoken_play(count: int, items: Sequence[ScoreItem]) -> str:
    """What a player says when laying a card: the new count, and what it pegs with the reason.

    >>> from pegboard.cards import parse_cards
    >>> from pegboard.scoring.play import score_play
    >>> spoken_play(15, score_play(parse_cards("7H 8D")).items)
    'fifteen for two'
    >>> spoken_play(22, score_play(parse_cards("7H 6D 9C")).items)
    'twenty-two'
    >>> spoken_play(24, score_play(parse_cards("7H 9D 8C")).items)
    'twenty-four for three (a run of three)'
    >>> spoken_play(23, ())
    'twenty-three'
    """
    said = number_words(count)
    if not items:
        return said
    points = sum(item.points for item in items)
    reasons = [_play_reason(item) for item in items if item.kind not in ("fifteen", "thirty-one")]
    reason = f" ({' and '.join(reasons)})" if reasons else ""
    return f"{said} for {number_words(points)}{reason}"


def _play_reason(item: ScoreItem) -> str:
    if item.kind == "pair":
        return _SET_NAMES.get(len(item.cards), "a pair")
    if item.kind == "run":
        return f"a run of {number_words(len(item.cards))}"
    return item.kind.replace("-", " ")
