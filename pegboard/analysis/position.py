"""A cribbage position in a short text form, and the game it stands for (docs/review.md).

The form is words ``KEY VALUE...``, in any order, separated by spaces (commas and semicolons too):

* ``game NAME``: a cribbage game (``cribbage``, ``five-card``, ``cribbage-3``, ``cribbage-4``,
  ``cribbage-4-solo`` or an alias; default ``cribbage``); ``target N`` plays to another target;
* ``scores A B ...``: every side's score, yours first, then clockwise from your left (default 0);
* ``dealer WHO``: ``you`` (or ``me``), ``them`` (or ``opponent``, two players), or how many seats
  to your left the dealer sits (``1``: your left; in partnership games ``2`` is your partner);
* ``hand CARDS``: the cards you hold now (all of them before your discard);
* ``thrown CARDS``: the cards you threw to the crib (leave it out while you still have to discard);
* ``starter CARD``: the starter, once turned;
* ``play TOKENS``: the cards played so far, in order, and ``go`` where a player said go; who played
  each follows from the turn order (the pone leads).

You are the analysed seat (seat 0, named ``You``); the others are ``Left``, then ``Partner`` or
``Across``, then ``Right``. Every card you cannot see is dealt at random, consistently with what
was played (a player who said go holds nothing that fits).

>>> import random
>>> position = parse_position("scores 100 95 dealer them hand 5H 5C 6D 7S JH KD")
>>> game, seat = build_position(position, random.Random(1))
>>> game.players[seat], game.view(seat).phase, game.score_list
('You', 'discard', (100, 95))
>>> game, seat = build_position(parse_position(
...     "dealer you hand 5H 6D JH thrown KD QS starter 2C play 4C 7S 9C"), random.Random(1))
>>> [str(card) for card in game.view(seat).hand], game.view(seat).count
(['5H', '6D', 'JH'], 20)
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from pegboard.cards import Card, full_deck
from pegboard.engine import Action, Deal, GameState, new_game
from pegboard.engine.chance import deal_hidden
from pegboard.engine.views import cribbage_view
from pegboard.errors import CardError, IllegalActionError, PositionError, RulesError
from pegboard.rules import Rules

__all__ = ["Position", "parse_position", "build_position", "seat_names", "KEYS"]

MAX_COUNT = 31
"""The count a series stops at: a go at count c proves nothing of 31 - c pips or fewer was held."""
KEYS = ("game", "target", "scores", "dealer", "hand", "thrown", "starter", "play")
_TRIES = 500


@dataclass(frozen=True)
class Position:
    """A parsed position (see the module): the rules, every side's score (yours first), the dealer as
    seats to your left, your cards now, your throw, the starter and the play's tokens (cards or None
    for a go)."""

    rules: Rules
    scores: tuple[int, ...] | None
    dealer: int
    hand: tuple[Card, ...]
    thrown: tuple[Card, ...]
    starter: Card | None
    play: tuple[Card | None, ...]


def seat_names(players: int, partners: bool) -> tuple[str, ...]:
    """The players' names, you first, then clockwise from your left.

    >>> seat_names(4, True), seat_names(2, False)
    (('You', 'Left', 'Partner', 'Right'), ('You', 'Opponent'))
    """
    if players == 2:
        return ("You", "Opponent")
    if players == 3:
        return ("You", "Left", "Right")
    return ("You", "Left", "Partner" if partners else "Across", "Right")


def parse_position(text: str) -> Position:
    """Parse the short text form. Raises :class:`~pegboard.errors.PositionError` naming the word
    and what was expected.

    >>> parse_position("dealer you hand 5H 5C")
    Traceback (most recent call last):
    ...
    pegboard.errors.PositionError: hand 5H 5C: 2 cards; you hold 6 before your discard in cribbage
    """
    words = [word for word in re.split(r"[\s,;]+", text.strip()) if word]
    if not words:
        raise PositionError(f"an empty position: expected words such as 'dealer you hand 5H 5C 6D 7S JH KD' "
                            f"({', '.join(KEYS)})")
    fields: dict[str, list[str]] = {}
    key = None
    for word in words:
        if word.lower() in KEYS:
            key = word.lower()
            if key in fields:
                raise PositionError(f"{key}: given twice")
            fields[key] = []
        elif key is None:
            raise PositionError(f"{word!r}: expected one of {', '.join(KEYS)} first")
        else:
            fields[key].append(word)
    rules = _rules(fields)
    dealer = _dealer(fields, rules)
    hand = _cards(fields, "hand")
    thrown = _cards(fields, "thrown")
    starter_cards = _cards(fields, "starter")
    if len(starter_cards) > 1 or ("starter" in fields and not starter_cards):
        raise PositionError(f"starter {' '.join(fields['starter'])}: expected one card")
    play = _play(fields)
    _check_distinct(hand, thrown, starter_cards, play)
    scores = _scores(fields, rules)
    if thrown and len(thrown) != rules.discard_count:
        raise PositionError(f"thrown {_text(thrown)}: {len(thrown)} cards; each player throws "
                            f"{rules.discard_count} in {rules.name}")
    if not thrown:
        if len(hand) != rules.deal_size:
            raise PositionError(f"hand {' '.join(fields.get('hand', [])) or '(none)'}: {len(hand)} cards; you hold "
                                f"{rules.deal_size} before your discard in {rules.name}")
        if play or starter_cards:
            raise PositionError("thrown: missing; a position with a starter or a play must say what you threw")
    elif len(hand) > rules.kept_size:
        raise PositionError(f"hand {_text(hand)}: {len(hand)} cards; you keep {rules.kept_size} in {rules.name}")
    if thrown and not starter_cards:
        raise PositionError("starter: missing; once everyone has thrown to the crib the starter is turned")
    return Position(rules, scores, dealer, hand, thrown, starter_cards[0] if starter_cards else None, play)


def _digits(word: str) -> bool:
    """Whether ``word`` is ASCII digits only (``²`` passes ``str.isdigit`` but is no number ``int`` reads)."""
    return word.isascii() and word.isdigit()


def _text(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def _rules(fields: dict[str, list[str]]) -> Rules:
    name = " ".join(fields.get("game", ["cribbage"]))
    options: dict[str, Any] = {}
    if "target" in fields:
        target = fields["target"]
        if len(target) != 1 or not _digits(target[0]) or len(target[0]) > 3:
            raise PositionError(f"target {' '.join(target)}: expected a number of points")
        options["target"] = int(target[0])
    try:
        rules = Rules.preset(name, **options)
    except RulesError as error:
        raise PositionError(f"game {name}: {error}") from None
    if not rules.crib:
        raise PositionError(f"game {name}: the text form describes cribbage games; give a {rules.name} position as "
                            "a record (pegboard analyse GAME.json)")
    return rules


def _dealer(fields: dict[str, list[str]], rules: Rules) -> int:
    given = fields.get("dealer")
    if not given:
        raise PositionError("dealer: missing; say 'dealer you' or 'dealer them' (or seats to your left: 1, 2...)")
    word = " ".join(given).lower()
    if word in ("you", "me"):
        return 0
    if word in ("them", "opponent") and rules.players == 2:
        return 1
    if _digits(word) and len(word) <= 3 and int(word) < rules.players:
        return int(word)
    others = "them" if rules.players == 2 else f"0 to {rules.players - 1} seats to your left"
    raise PositionError(f"dealer {word}: expected you or {others}")


def _cards(fields: dict[str, list[str]], key: str) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(word) for word in fields.get(key, []))
    except CardError as error:
        raise PositionError(f"{key}: {error}") from None


def _play(fields: dict[str, list[str]]) -> tuple[Card | None, ...]:
    tokens: list[Card | None] = []
    for word in fields.get("play", []):
        if word.lower() == "go":
            tokens.append(None)
            continue
        try:
            tokens.append(Card.parse(word))
        except CardError as error:
            raise PositionError(f"play: {error}; expected cards and 'go'") from None
    return tuple(tokens)


def _check_distinct(*groups: tuple[Card | None, ...]) -> None:
    seen: set[Card] = set()
    for group in groups:
        for card in group:
            if card is None:
                continue
            if card in seen:
                raise PositionError(f"card {card} is given twice")
            seen.add(card)


def _scores(fields: dict[str, list[str]], rules: Rules) -> tuple[int, ...] | None:
    if "scores" not in fields:
        return None
    words = fields["scores"]
    target = rules.target or 121
    if len(words) != rules.sides or not all(_digits(word) and len(word) <= 3 for word in words):
        raise PositionError(f"scores {' '.join(words)}: expected {rules.sides} numbers, yours first")
    scores = tuple(int(word) for word in words)
    if any(score >= target for score in scores):
        raise PositionError(f"scores {' '.join(words)}: every score is below the target, {target}")
    return scores


# ---------------------------------------------------------------------------- building the game
def build_position(position: Position, rng: random.Random) -> tuple[GameState, int]:
    """The game the position stands for, and your seat (0): your cards as given, every card you cannot
    see dealt from ``rng`` consistently with the play. Raises :class:`PositionError` if the play
    cannot have happened (a go by you while holding a card that fits, too many cards played...)."""
    owners: list[int | None] = [None] * len(position.play)
    for _ in range(len(position.play) + 1):
        game, unknown = _attempt(position, owners, rng)
        if game is not None:
            return game, 0
        assert unknown is not None
        index, seat = unknown
        owners[index] = seat
    raise PositionError("play: the turn order cannot be followed")  # pragma: no cover - one owner a round


def _attempt(position: Position, owners: list[int | None], rng: random.Random
             ) -> tuple[GameState | None, tuple[int, int] | None]:
    """Deal and replay the position with the play's cards owned as ``owners`` says. Returns the game,
    or the first card of the play whose owner was not known yet and who it is (the seat to play)."""
    rules = position.rules
    mine = [card for card, owner in zip(position.play, owners) if card is not None and owner == 0]
    dealt_mine = (*position.hand, *position.thrown, *mine)
    if position.thrown and len(dealt_mine) > rules.deal_size:
        raise PositionError(f"hand and play: you would have played {_text(tuple(mine))} and still hold "
                            f"{_text(position.hand)}: more than the {rules.kept_size} cards you keep")
    last_problem = ""
    floors: dict[int, int] = {}  # what the opponents' go's proved: every card they held had more pips
    for _ in range(_TRIES):
        try:
            game = _deal(position, owners, dealt_mine, floors, rng)
        except _Overfull as problem:
            raise PositionError(str(problem)) from None
        outcome = _replay_play(game, position, owners)
        if isinstance(outcome, _Go):
            if floors.get(outcome.seat, 0) >= outcome.floor:  # the cards they are known to hold contradict it
                raise PositionError(f"play: {outcome.problem}")
            floors[outcome.seat] = outcome.floor
            last_problem = outcome.problem
            continue
        if isinstance(outcome, tuple):
            return None, outcome
        if outcome == "":
            _check_turn(game)
            return game, None
        last_problem = outcome
        if outcome.startswith("you:"):
            raise PositionError(f"play: {outcome[4:].strip()}")
    raise PositionError(f"play: no deal of the unseen cards fits it ({last_problem})")


class _Overfull(Exception):
    pass


@dataclass(frozen=True)
class _Go:
    """An opponent's go this deal contradicts: every card ``seat`` held then had more than ``floor`` pips."""

    seat: int
    floor: int
    problem: str


def _deal(position: Position, owners: list[int | None], dealt_mine: tuple[Card, ...], floors: dict[int, int],
          rng: random.Random) -> GameState:
    """A deal of the cards you cannot see (the engine's sampler, :func:`deal_hidden`): the cards still
    held by an opponent that said go first, above its ``floors``, then the rest shuffled."""
    rules = position.rules
    seats = rules.players
    known: dict[int, list[Card]] = {seat: [] for seat in range(1, seats)}
    for card, owner in zip(position.play, owners):
        if card is not None and owner is not None and owner != 0:
            known[owner].append(card)
    used = set(dealt_mine) | {card for cards in known.values() for card in cards}
    if position.starter is not None:
        used.add(position.starter)
    pool = [card for card in full_deck() if card not in used and card not in position.play]
    constrained = [seat for seat in range(1, seats) if floors.get(seat, 0) > 0
                   and 0 <= rules.kept_size - len(known[seat]) <= len(pool)]
    dealt = deal_hidden(rng, [card.code for card in pool], [rules.kept_size - len(known[seat]) for seat in constrained],
                        [floors[seat] for seat in constrained])
    if dealt is None:
        said = ", ".join(f"{seat_names(seats, rules.partners)[seat]} holds nothing of {floors[seat]} pips or fewer"
                         for seat in constrained)
        raise _Overfull(f"play: no deal of the unseen cards fits the go's ({said})")
    deck = full_deck()
    held = {seat: tuple(deck[code] for code in codes) for seat, codes in zip(constrained, dealt)}
    taken = {card for cards in held.values() for card in cards}
    pool = [card for card in pool if card not in taken]
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = [tuple(dealt_mine) if position.thrown else position.hand]
    short = rules.deal_size - len(hands[0])
    if short > 0:
        if all(owner is not None for card, owner in zip(position.play, owners) if card is not None):
            raise _Overfull(f"hand {_text(position.hand)}, thrown {_text(position.thrown)} and the cards you played "
                            f"make {len(hands[0])}: you were dealt {rules.deal_size}")
        hands[0] = (*hands[0], *pool[:short])  # stand-ins until the play says which cards were yours
        pool = pool[short:]
    discards: dict[int, tuple[Card, ...]] = {}
    for seat in range(1, seats):
        cards = known[seat]
        if len(cards) > rules.kept_size:
            raise _Overfull(f"play: {seat_names(seats, rules.partners)[seat]} would have played "
                            f"{len(cards)} cards, more than the {rules.kept_size} kept")
        extra = rules.deal_size - len(cards) - len(held.get(seat, ()))
        fill, pool = pool[:extra], pool[extra:]
        fill = [*fill, *held.get(seat, ())]  # the throw first, then the cards held (those a go proved high)
        hands.append((*cards, *fill))
        discards[seat] = tuple(fill[:rules.discard_count])
    crib, pool = tuple(pool[:rules.crib_from_pack]), pool[rules.crib_from_pack:]
    starter = position.starter if position.starter is not None else pool[0]
    dealer = position.dealer
    game = new_game(rules, seat_names(seats, rules.partners), seed=rng.getrandbits(32), first_dealer=dealer,
                    dealt=[Deal(hands=tuple(hands), crib=crib, starter=starter)],
                    start_scores=position.scores)
    if position.thrown:
        game.apply(Action(0, "discard", position.thrown))
        for seat in range(1, seats):
            game.apply(Action(seat, "discard", discards[seat]))
    return game


def _replay_play(game: GameState, position: Position, owners: list[int | None]) -> tuple[int, int] | _Go | str:
    """Apply the play's tokens. Returns "" when all were applied, (index, seat) for a card whose owner
    is not known yet, an opponent's go this deal contradicts, or why this deal does not fit
    (``"you: ..."`` when no deal could)."""
    names = game.players
    for index, token in enumerate(position.play):
        acting = game.to_act()
        if game.finished or not acting or getattr(game, "phase", "") != "play":
            return f"you: {'go' if token is None else token} (move {index + 1}): the play is already over"
        seat = acting[0]
        if token is not None and owners[index] is None:
            return index, seat
        if token is not None and owners[index] != seat:
            return "the turn order changed"
        action = Action(seat, "go") if token is None else Action(seat, "play", (token,))
        try:
            game.apply(action)
        except IllegalActionError as error:
            if seat == 0:
                return f"you: {'go' if token is None else token} (move {index + 1}): {error.reason}"
            if token is None:
                return _Go(seat, MAX_COUNT - cribbage_view(game.view(seat)).count, f"{names[seat]} go: {error.reason}")
            return f"{names[seat]} {'go' if token is None else token}: {error.reason}"
    return ""


def _check_turn(game: GameState) -> None:
    acting = game.to_act()
    if game.finished:
        raise PositionError(f"the game is over: {game.winner} has reached the target")
    if 0 not in acting:
        phase = getattr(game, "phase", "")
        if phase != "play" or not acting:
            raise PositionError(f"nothing for you to decide: the deal is at its {phase or 'end'}")
        raise PositionError(f"it is {game.players[acting[0]]}'s turn, not yours: add their move to the play")
