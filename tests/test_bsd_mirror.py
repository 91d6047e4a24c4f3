"""The BSD benchmark's mirror: a deal read off the program's screen, replayed in a pegboard game so
our bot gets its view (no program needed here; tests/test_bsd_external.py drives the real one)."""

from __future__ import annotations

import pytest

from benchmarks.external.bsd_mirror import (
    BSD,
    RULES,
    US,
    DealRecord,
    MirrorError,
    classic_agreement,
    deal_sources,
    mirror,
)
from pegboard import parse_cards
from pegboard.bots.classic import classic_discard, classic_play
from pegboard.cards import Card

OURS = parse_cards("AS 6C 7H 9S TD JS")


def _record(plays: str, **changes: object) -> DealRecord:
    record = DealRecord(bsd_deals=True, start_scores=(64, 50), ours=OURS, our_throw=parse_cards("AS 7H"),
                        starter=Card.parse("8C"), plays=list(parse_cards(plays)))
    for name, value in changes.items():
        setattr(record, name, value)
    return record


def test_our_view_of_a_mirrored_deal_holds_no_card_of_the_program() -> None:
    game = mirror(_record("JS 5D"))
    view = game.view(US)
    assert view.count == 15 and [str(card) for _, card in view.series] == ["JS", "5D"]
    assert view.scores == (64, 52)  # the program's fifteen two
    assert sorted(map(str, view.hand)) == ["6C", "9S", "TD"]
    assert view.hand_sizes == (3, 3)
    played_or_ours = set(OURS) | {Card.parse("5D"), Card.parse("8C")}
    assert all(card in played_or_ours for event in view.events for card in event.cards)


def test_the_mirror_says_the_forced_goes_and_resets_the_count() -> None:
    # 10 + 5 + 9 + 6 = 30: we cannot play, nor can the program; it pegs the go and we lead again
    game = mirror(_record("JS 5D 9S 6D"))
    view = game.view(US)
    assert game.to_act() == (US,) and view.count == 0 and view.series == ()
    assert view.scores == (64, 53)
    assert [action.verb for action in view.legal_actions] == ["play", "play"]


def test_a_discard_decision_is_asked_before_the_throw_is_known() -> None:
    game = mirror(_record("", our_throw=(), starter=None))
    view = game.view(US)
    assert view.phase == "discard" and len(view.hand) == 6 and view.starter is None


def test_a_card_the_rules_cannot_have_played_is_a_reading_error() -> None:
    with pytest.raises(MirrorError):
        mirror(_record("JS 9S"))  # we cannot play twice in a row while the program holds cards


def test_a_revealed_deal_gives_points_by_source_and_the_classic_agreement() -> None:
    """A deal the program played exactly as classic would (here: classic plays its seat)."""
    bsd_six = parse_cards("5D 6D 2H 3C QC KH")
    bsd_throw = classic_discard(bsd_six, RULES, role=0)
    record = _record("", bsd_kept=tuple(card for card in bsd_six if card not in bsd_throw),
                     crib=(*parse_cards("AS 7H"), *bsd_throw))
    game = mirror(record, stop_at_our_turn=False)
    while game.phase == "play":
        (seat,) = game.to_act()
        legal = game.legal_actions(seat)
        if legal[0].verb == "go":
            game.apply(legal[0])
            continue
        view = game.view(seat)
        card = classic_play(view.hand, [played for _, played in view.series], view.count) if seat == BSD \
            else min(action.cards[0] for action in legal)  # we: always the lowest card
        record.plays.append(card)
        game.apply(next(action for action in legal if action.cards == (card,)))
    agreement = classic_agreement(record)
    assert agreement.same_discards == agreement.discards == 1
    assert agreement.same_plays == agreement.plays == 4
    sources = deal_sources(mirror(record, stop_at_our_turn=False))
    assert sources[US]["crib"] == 0 and sources[BSD]["hand"] > 0  # the program deals: the crib is its
