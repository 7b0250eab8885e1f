"""The rulebook's three booking examples (OB-5), exactly: the free beds after every step, and which
cards book."""

from __future__ import annotations

from kit.overbooking import Overbooking


def checked(hotel: dict) -> Overbooking:
    """A 4-player game whose first hotel is laid out as given, checked at once (stage 2)."""
    return Overbooking(players=4, seed=1, scenario={"hotels": [hotel], "check": True})


def steps(game: Overbooking) -> list[tuple[str, str, int, int]]:
    """(kind, card, beds before, beds after) for hotel 1's abilities and bookings, in order."""
    out = []
    for event in game.open_events():
        if event["kind"] in ("ability", "book", "no-room") and event["hotel"] == 1:
            out.append((event["kind"], event["card"], event["beds_before"], event["beds_after"]))
    return out


def test_example_1_a_card_that_does_not_fit_is_skipped():
    game = checked(
        {
            "beds": 13,
            "rule": "none",
            "queue": [
                ["orange", "bird-soldier"],
                ["blue", "bird-soldier"],
                ["blue", "bird-noble"],
                ["orange", "bird-merchant"],
            ],
        }
    )
    assert steps(game) == [
        ("book", "bird-soldier", 13, 8),  # the orange 5, nearer the hotel, first
        ("book", "bird-soldier", 8, 3),  # then blue's 5
        ("no-room", "bird-noble", 3, 3),  # the 4 does not fit
        ("book", "bird-merchant", 3, 1),  # orange's 2 fits in 3
    ]
    booked = [[c.key for c in cards] for cards in game.booked]
    assert booked[3] == ["bird-soldier", "bird-merchant"] and booked[1] == ["bird-soldier"]


def test_example_2_monks_first_and_a_merchant_at_the_back_door():
    game = checked(
        {
            "beds": 8,
            "rule": "first:monk",
            "queue": [
                ["red", "fish-noble"],
                ["blue", "fish-maid"],
                ["green", "fish-merchant"],
                ["orange", "fish-monk"],
            ],
            "back": [["red", "rose-merchant"]],
        }
    )
    assert steps(game) == [
        ("ability", "rose-merchant", 8, 11),
        ("book", "fish-monk", 11, 10),
        ("book", "fish-noble", 10, 6),
        ("book", "fish-maid", 6, 3),
        ("book", "fish-merchant", 3, 1),
    ]


def test_example_3_a_noble_and_a_monk_at_the_back_door():
    game = checked(
        {
            "beds": 15,
            "rule": "two_crests",
            "queue": [
                ["blue", "fish-noble"],
                ["green", "rose-worker"],
                ["orange", "fish-maid"],
                ["green", "rose-soldier"],
            ],
            "back": [["orange", "tower-noble"], ["blue", "bird-monk"]],
        }
    )
    assert steps(game) == [
        ("ability", "tower-noble", 15, 15),  # picks orange's maid
        ("ability", "bird-monk", 15, 15),  # moves to the end of the queue
        ("book", "fish-maid", 15, 12),
        ("book", "rose-worker", 12, 6),
        ("book", "rose-soldier", 6, 1),
        ("no-room", "fish-noble", 1, 1),
        ("book", "bird-monk", 1, 0),
    ]
    booked = [[c.key for c in cards] for cards in game.booked]
    assert booked == [[], ["bird-monk"], ["rose-worker", "rose-soldier"], ["fish-maid"]]
    boxed = [(c.colour, c.key) for c in game.box]
    assert ("blue", "fish-noble") in boxed and ("orange", "tower-noble") in boxed
