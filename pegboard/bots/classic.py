"""The classic bot: a faithful model of the BSD cribbage program (``/usr/games/cribbage``).

The computer player of the 1980 Berkeley cribbage (Debian's bsdgames), rebuilt from its rules:

* **Discards** (:func:`classic_discard`): for each way to throw, the kept hand's points summed over
  every starter the player cannot see (its own dealt cards are all it counts as seen), plus (own
  crib) or minus (the other side's) the throw's crib value times the number of those starters.
  The hands are scored with the *crib's* flush rule (a four-card flush counts only when the starter
  matches: the program passes its crib flag there), and the crib value of a throw is the BSD table
  (:data:`CRIB_SUMS`) rounded to whole points. Ties go to the first option in the program's order
  (the hand sorted by rank then suit, spades first; throws in index order).
* **Pegging** (:func:`classic_play`): the first card (same order) that scores most now; when no card
  scores, fixed rules (:func:`quiet_play`): below a count of 4 make it 4 (or lead a 3); then
  "retaliation to 31" (make the count 21 - v while keeping a card worth v), then "retaliation after
  15" (make the count t, in the order 8 7 9 6 11 12 13 14 10 5, while keeping a card worth 15 - t);
  else the highest card that avoids a count of 5, 10 or 21; else the highest that avoids 5 or 21;
  else the highest card that fits.
* **Counting**: every hand in full.

The program plays two-player six-card cribbage only; in the other presets the same rules are used
as they generalise (a one-card throw is valued at the table's average over every partner card, see
:func:`single_card_crib`); Snailspace and solitaire fall back to greedy play. The model has no
randomness of its own (the program has none outside its shuffles), so ``seed`` changes nothing:
every tie is broken in the program's order, which is what lets its decisions be compared with the
real program's one for one (``benchmarks/external/bsd_cribbage.py``).

>>> from pegboard.engine import new_game
>>> game = new_game("cribbage", seed=3)
>>> ClassicBot(game.rules, 0, seed=1).choose(game.view(0)) in game.legal_actions(0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Final

from pegboard.bots.discard import own_crib
from pegboard.bots.expectations import expected_crib, unseen_counts
from pegboard.bots.greedy import GreedyBot
from pegboard.bots.programplay import RETALIATION_TARGETS, quiet_index, scoring_rank
from pegboard.cards import Card, full_deck
from pegboard.engine.actions import Action
from pegboard.engine.views import SeatView, cribbage_view
from pegboard.rules import Rules

__all__ = ["ClassicBot", "CRIB_SUMS", "CRIBS_PER_PAIR", "crib_value", "single_card_crib", "bsd_order",
           "classic_discard", "classic_play", "quiet_play", "RETALIATION_TARGETS"]

CRIBS_PER_PAIR: Final = 58800
"""How many cribs each of :data:`CRIB_SUMS` adds up: (50 choose 2) partner pairs x 48 starters."""

CRIB_SUMS: Final[dict[bool, tuple[tuple[int, ...], ...]]] = {
    False: (  # two cards of different suits; row: the lower rank (A..K), entries: the higher rank, from the row's
        (325272, 260772, 267828, 321264, 336714, 250074, 239598, 242148, 237204, 232380, 246348, 226380, 219996),
        (342528, 401760, 284652, 338442, 256464, 251466, 248640, 242964, 238992, 252960, 232992, 226608),
        (362280, 322932, 377574, 250962, 255732, 251916, 241674, 243420, 257388, 237420, 231036),
        (360768, 411042, 291732, 245382, 252696, 246828, 243216, 257184, 237216, 230832),
        (528768, 416622, 376782, 338118, 336930, 412806, 426774, 406806, 400422),
        (369864, 325332, 287796, 327612, 225432, 239400, 219432, 213048),
        (359160, 397428, 255636, 218748, 236268, 216300, 209916),
        (331320, 289620, 252732, 231768, 215352, 208968),
        (325152, 284580, 263616, 208716, 205884),
        (321240, 296592, 241692, 200376),
        (348600, 294360, 253044),
        (308664, 233076),
        (295896,),
    ),
    True: (  # two cards of one suit (never a pair); row: the lower rank, entries: the higher ranks above it
        (271827, 278883, 332319, 347769, 261129, 250653, 253203, 248259, 243435, 256275, 237435, 231051),
        (412815, 295707, 349497, 267519, 262521, 259695, 254019, 250047, 262887, 244047, 237663),
        (333987, 388629, 262017, 266787, 262971, 252729, 254475, 267315, 248475, 242091),
        (422097, 302787, 256437, 263751, 257883, 254271, 267111, 248271, 241887),
        (427677, 387837, 349173, 347985, 423861, 436701, 417861, 411477),
        (336387, 298851, 338667, 236487, 249327, 230487, 224103),
        (408483, 266691, 229803, 246195, 227355, 220971),
        (300675, 263787, 241695, 226407, 220023),
        (295635, 273543, 219771, 216939),
        (306519, 252747, 211431),
        (304287, 262971),
        (244131,),
        (),
    ),
}
"""The BSD program's crib table (``crbescr``/``crbnescr`` in its ``score.c``, 4.3BSD to NetBSD 1.x, the
values in Debian's bsdgames 2.17 binary): for two thrown cards, the total points of the 58,800 cribs
they can make (every pair of the other 50 cards, every starter of the 48 left). Divided by
:data:`CRIBS_PER_PAIR` it is the expected crib, e.g. 5-5 about 8.99 and K-K about 5.03. The sums are
exact, except that the suited ones count a four-card crib flush as 4 (later NetBSD versions took the
8,580 points this adds back out); the program plays with these."""

def bsd_order(card: Card) -> tuple[int, int]:
    """The program's card order: by rank, then spades, hearts, diamonds, clubs (its suit codes 0-3).

    >>> from pegboard.cards import parse_cards
    >>> [str(card) for card in sorted(parse_cards("5C 5S 4D 5H"), key=bsd_order)]
    ['4D', '5S', '5H', '5C']
    """
    return card.rank, 3 - card.suit


def crib_value(first: Card, second: Card) -> int:
    """The crib value the program gives a thrown pair: its table's mean crib, rounded to whole points.

    >>> from pegboard.cards import Card
    >>> crib_value(Card(5, "H"), Card(5, "C")), crib_value(Card(13, "S"), Card(1, "D"))
    (9, 4)
    """
    low, high = sorted((first.rank, second.rank))
    total = CRIB_SUMS[first.suit == second.suit][low - 1][high - low - (first.suit == second.suit)]
    return (total + CRIBS_PER_PAIR // 2) // CRIBS_PER_PAIR


@cache
def single_card_crib(rank: int) -> float:
    """The expected crib one thrown card of ``rank`` brings (three- and four-player games): the
    table's mean crib averaged over the 51 other cards it could be thrown with.

    >>> round(single_card_crib(5), 2) > round(single_card_crib(13), 2)
    True
    """
    card = Card(rank, 0)
    total = 0
    for other in full_deck():
        if other is not card:
            low, high = sorted((rank, other.rank))
            suited = other.suit == card.suit
            total += CRIB_SUMS[suited][low - 1][high - low - suited]
    return total / (51 * CRIBS_PER_PAIR)


def _throw_value(thrown: Sequence[Card]) -> float:
    if len(thrown) == 2:
        return crib_value(thrown[0], thrown[1])
    return sum(single_card_crib(card.rank) for card in thrown)


def classic_discard(hand: Sequence[Card], rules: Rules, role: int) -> tuple[Card, ...]:
    """The cards the program throws from ``hand`` for the seat ``role`` places after the dealer.

    >>> from pegboard.cards import parse_cards
    >>> [str(card) for card in classic_discard(parse_cards("5H 5C 6D 7S JH KD"), Rules.preset("cribbage"), 0)]
    ['6D', '7S']
    """
    ordered = sorted(hand, key=bsd_order)
    unseen = unseen_counts([card.code for card in full_deck() if card not in ordered])
    sign = 1 if own_crib(rules, role) else -1
    best: tuple[Card, ...] = ()
    best_total = float("-inf")
    for thrown in combinations(ordered, rules.discard_count):  # index order, as the program loops
        kept = [card.code for card in ordered if card not in thrown]
        points = round(expected_crib(kept, unseen) * unseen.total)  # the crib's flush rule: see above
        total = points + sign * unseen.total * _throw_value(thrown)
        if total > best_total:  # strictly: the first of equal options stays
            best, best_total = thrown, total
    return best


def quiet_play(hand: Sequence[Card], count: int) -> Card:
    """The program's choice when no card scores (its ``cchose``, :func:`pegboard.bots.programplay.quiet_index`),
    ``hand`` in :func:`bsd_order`.

    >>> from pegboard.cards import parse_cards
    >>> str(quiet_play(parse_cards("2C 4H 9S KD"), 0))  # below 4: make the count 4
    '4H'
    >>> str(quiet_play(parse_cards("6S 9H KD"), 0))  # lead the 9, keeping the 6 to pair a 6 that makes 15
    '9H'
    """
    return hand[quiet_index([card.pips for card in hand], count)]


def classic_play(hand: Sequence[Card], series: Sequence[Card], count: int) -> Card:
    """The card the program plays: the first in :func:`bsd_order` scoring most now, else
    :func:`quiet_play`. ``series``: the cards played since the count was last reset.

    >>> from pegboard.cards import parse_cards
    >>> str(classic_play(parse_cards("5D 7C KS"), parse_cards("QH"), 10))  # fifteen two
    '5D'
    """
    ordered = sorted(hand, key=bsd_order)
    rank = scoring_rank([card.rank for card in ordered], tuple(card.rank for card in series), count)
    if rank:
        return next(card for card in ordered if card.rank == rank)
    return quiet_play(ordered, count)


class ClassicBot(GreedyBot):
    """The BSD cribbage program's strategy (see the module's docstring), in every cribbage preset."""

    name = "classic"

    def choose(self, view: SeatView) -> Action:
        actions: tuple[Action, ...] = view.legal_actions
        if len(actions) == 1 or not self.rules.crib or actions[0].verb not in ("discard", "play"):
            return super().choose(view)
        view = cribbage_view(view)
        if actions[0].verb == "discard":
            role = (self.seat - view.dealer) % self.rules.players
            thrown = set(classic_discard(view.hand, self.rules, role))
            return next(action for action in actions if set(action.cards) == thrown)
        card = classic_play(view.hand, [card for _, card in view.series], view.count)
        return next(action for action in actions if action.cards == (card,))
