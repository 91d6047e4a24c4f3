"""A seat's reading of the journal (issue 41): one censored copy made once for every seat, each seat's
own private events over it, and nothing of another seat's hidden cards in anything it reaches."""

from __future__ import annotations

from pegboard.cards import parse_cards
from pegboard.engine.events import Event
from pegboard.engine.journal import Journal


def _journal() -> Journal:
    journal = Journal()
    journal.append(Event("deal", 0, 0, parse_cards("5H 6C"), phase="deal", private_to=0))
    journal.append(Event("deal", 0, 1, parse_cards("KS QD"), phase="deal", private_to=1))
    journal.append(Event("starter", 0, None, parse_cards("JH"), phase="play"))
    return journal


def test_each_seat_sees_its_own_cards_and_only_the_count_of_the_others() -> None:
    journal = _journal()
    mine, theirs, spectator = (list(journal.snapshot(seat)) for seat in (0, 1, None))
    assert mine[0].cards == parse_cards("5H 6C") and mine[1].cards == () and mine[1].hidden == 2
    assert theirs[0].cards == () and theirs[1].cards == parse_cards("KS QD")
    assert [event.cards for event in spectator] == [(), (), parse_cards("JH")]


def test_every_seat_reads_one_shared_censored_copy_made_once() -> None:
    journal = _journal()
    journal.snapshot(0), journal.snapshot(1), journal.snapshot(None)
    logs = journal.seats
    assert logs[0].shared is logs[1].shared is logs[None].shared is journal.shared
    assert all(not event.cards for event in journal.shared[:2])  # the private events, censored
    assert set(logs[0].own) == {0} and set(logs[1].own) == {1} and not logs[None].own


def test_a_copied_journal_goes_on_apart_from_its_original() -> None:
    journal = _journal()
    before = list(journal.snapshot(1))
    twin = journal.copy()
    twin.append(Event("play", 0, 0, parse_cards("5H"), phase="play"))
    assert len(twin.snapshot(1)) == 4 and len(journal.snapshot(1)) == 3
    assert list(journal.snapshot(1)) == before and twin.seats[1].shared is twin.shared
    assert journal.seats[1].shared is journal.shared and journal.shared is not twin.shared


def test_entries_put_before_the_first_are_read_from_their_new_places() -> None:
    journal = _journal()
    journal.snapshot(1)  # a reading made before the entries move
    journal.prepend([Event("cut", -1, 0, parse_cards("AS"), phase="deal")])
    seen = list(journal.snapshot(1))
    assert [event.type for event in seen] == ["cut", "deal", "deal", "starter"]
    assert seen[1].cards == () and seen[2].cards == parse_cards("KS QD")
