"""Seeds: a game dealt from a seed the page chose is practice (the page can compute the deal), and
no repr of a game, a board or its bots shows a seed drawn unguessably by a board until the game
is over; a seed the caller chose (a known deal) is shown, since the caller knows it."""

from __future__ import annotations

from kit.lostcities import LostCities
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard

from .page import Page


def every_repr(board) -> str:
    bots = [repr(bot) for bot in board._bot_players.values()]
    return " ".join([repr(board), repr(board.game), *bots])


def test_a_seed_the_page_chose_marks_the_game_practice():
    board = LostCitiesBoard()
    page = Page(board)
    assert not page.model()["practice"]
    page.send({"kind": "new", "seed": "11"})
    assert board.game.settings.seed == 11 and page.model()["practice"] and "practice" in board.message
    assert any("the page chose the seed 11" in line for line in page.model()["log_lines"])
    page.send({"kind": "new", "seed": None})  # an unguessable deal: a fair game again
    assert not page.model()["practice"] and not any("chose the seed" in line for line in board.log_lines)


def test_a_seed_chosen_in_python_is_a_known_deal_shown_in_reprs():
    board = LostCitiesBoard(seed=7)
    assert "seed=7" in repr(board) and "seed=7" in repr(board.game) and not board.practice
    assert "seed=7 " in repr(LostCities(seed=7))


def test_no_repr_shows_a_secret_seed_until_the_game_is_over():
    board = OverbookingBoard(players=2, bot="random")  # the bots have played too: their reprs name seeds
    secret = str(board.game.settings.seed)
    page = Page(board)
    assert "seed=hidden" in repr(board.game) and "seed=None" in repr(board)
    while not board.game.is_over:
        assert secret not in every_repr(board)
        page.send({"kind": "act", "action": board.view["legal_actions"][0]})
        if board.summary:
            page.send({"kind": "continue"})
    # over: the seed is told, as the page is told it
    assert board._bot_players and f"seed={secret}" in repr(board.game) and f"seed={secret}" in repr(board)
