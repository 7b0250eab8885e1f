"""A board's refusal of a malformed message from the page reads in the board's language, whatever
is wrong with the message (its kind, its keys, its values, or the comm message around it)."""

from __future__ import annotations

import re

import pytest

from widgets.lostcities import LostCitiesBoard

from .page import Page

# words of the English refusals (and of Python's own errors) that must not reach a Polish board
ENGLISH = re.compile(r"\b(unknown|message|carries|must be|not an?|only|object|method|whole number|binary|state)\b")


@pytest.mark.parametrize(
    "send",
    [
        lambda page: page.send({"kind": "nonsense"}),
        lambda page: page.send({"kind": "act", "action": "", "extra": 1}),
        lambda page: page.send({"kind": "act", "action": ""}),
        lambda page: page.send({"kind": "new", "seed": "x" * 10}),
        lambda page: page.send({"kind": "pace", "pace": "warp"}),
        lambda page: page.send(["a list"]),
        lambda page: page.write({"seed": 3}),
        lambda page: page.write({"mode": "chaos"}),
        lambda page: page.raw({"method": "flush"}),
        lambda page: page.raw({"method": "update"}),
        lambda page: page.raw("not a dictionary"),
        lambda page: page.send({"kind": "analysis-select", "row": 99}),
        lambda page: page.send({"kind": "review-step", "to": "x"}),
    ],
)
def test_a_refusal_of_the_page_reads_in_polish(send):
    board = LostCitiesBoard(seed=3, lang="pl")
    send(Page(board))
    assert board.message_kind == "error" and board.message.startswith("Nie przyjęto od strony:"), board.message
    assert not ENGLISH.search(board.message), board.message
