"""Standard lead and answer patterns: how the expert chooses between plays its search rates alike.

The search samples the opponent's hand and solves each sample with both hands open, so plays that
differ only in how they fare against cards the opponent *might* hold often come out level. Between
such plays, the expert follows the pattern every cribbage book teaches, here as one number per
play -- the expected points of the exchange it starts, against one reply from the unseen cards:

* what the reply may score: leaving the count at 5 or 21 invites a ten-card (sixteen of them) for
  fifteen or thirty-one; a lead under 5 cannot be made fifteen; a card the reply can pair or build a
  run on gives those points away;
* what I can answer with: a lead from a pair makes three of a kind if they pair it, a card kept back
  makes fifteen or a run on their likely reply.

>>> pattern_scores((4, 9, 13, 13), (), 0, [4, 9, 13], [4] * 13)[4] > pattern_scores((4, 9, 13, 13), (), 0,
...     [4, 9, 13], [4] * 13)[9]  # lead the 4: no fifteen for them
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.bots.pegging import PIP, play_points

__all__ = ["pattern_scores", "ANSWER_WEIGHT"]

ANSWER_WEIGHT = 0.5
"""How much a possible answer counts against a possible reply (I may not get to answer)."""


def pattern_scores(hand: Sequence[int], series: tuple[int, ...], count: int, candidates: Sequence[int],
                   unseen: Sequence[int]) -> dict[int, float]:
    """For each candidate rank (1-13) from ``hand`` (my ranks, the candidate included), on the current
    ``series`` (ranks since the count was reset) at ``count``: my expected answer points minus their
    expected reply points, the reply drawn from the ``unseen`` cards (13 counts by rank, ace first)."""
    total = sum(unseen)
    scores: dict[int, float] = {}
    for rank in candidates:
        rest = list(hand)
        rest.remove(rank)
        after = (*series, rank)
        after_count = count + PIP[rank]
        value = 0.0
        if after_count < 31 and total:
            for reply in range(1, 14):
                left = unseen[reply - 1]
                if not left or after_count + PIP[reply] > 31:
                    continue
                reply_series = (*after, reply)
                reply_count = after_count + PIP[reply]
                theirs = play_points(reply_series, reply_count)
                mine = max((play_points((*reply_series, answer), reply_count + PIP[answer]) for answer in set(rest)
                            if reply_count + PIP[answer] <= 31), default=0)
                value += left * (ANSWER_WEIGHT * mine - theirs)
            value /= total
        scores[rank] = value
    return scores
