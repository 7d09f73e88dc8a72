"""The per-address book on its own, with chosen times: how long wrong codes make an address wait,
when it is forgotten, and that coming back with a new connection buys nothing."""

from __future__ import annotations

from pie_table.net.limits import AddressBook, Bucket, Limits


def test_each_wrong_code_past_the_free_ones_doubles_the_wait_up_to_the_longest() -> None:
    book = AddressBook(Limits(free_tries=2, backoff_s=1, max_backoff_s=8))
    waits = []
    for _ in range(7):
        book.wrong_code("a", now=100.0)
        waits.append(book.wait_s("a", now=100.0))
    assert waits == [0, 1, 2, 4, 8, 8, 8]
    assert book.wait_s("b", now=100.0) == 0  # another address is not held up


def test_wrong_codes_are_forgotten_only_after_a_quiet_spell_of_twice_the_longest_wait() -> None:
    book = AddressBook(Limits(free_tries=1, backoff_s=1, max_backoff_s=8))
    book.wrong_code("a", now=0.0)
    book.wrong_code("a", now=0.0)
    book.wrong_code("a", now=16.0)  # not yet quiet long enough: the count goes on
    assert book.wait_s("a", now=16.0) == 4
    book.prune(now=33.0)
    assert len(book) == 0  # quiet since 16 s: nothing left to remember
    book.wrong_code("a", now=33.0)
    assert book.wait_s("a", now=33.0) == 1  # afresh


def test_an_address_with_a_spent_allowance_is_remembered_after_its_last_connection() -> None:
    book = AddressBook(Limits(address_rate=1, address_burst=3, connections_per_address=2))
    assert book.connect("a") and book.connect("a") and not book.connect("a")
    bucket = book.get("a").bucket
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    book.disconnect("a", now=0.0)
    book.disconnect("a", now=0.0)
    assert len(book) == 1 and not book.get("a").bucket.take(0.5)  # no new allowance
    book.prune(now=10.0)
    assert len(book) == 0


def test_a_bucket_refills_at_its_rate_up_to_its_burst() -> None:
    bucket = Bucket(rate=2, burst=2)
    assert [bucket.take(0.0) for _ in range(3)] == [True, True, False]
    assert bucket.take(0.5) and not bucket.take(0.5)
    assert bucket.full(10.0)
