"""Live checks and predict-first questions react to the board as the page plays it (messages from the
browser), without re-running their cell; a prediction counts only if made before the board shows it."""

from __future__ import annotations

import pytest

from kit.lostcities import lessons
from widgets.lessons import live, predict
from widgets.lostcities import LostCitiesBoard

from .page import Page


def _page_acts(board, action: str) -> None:
    board._on_message(board, {"kind": "act", "action": action}, [])  # as a click in the browser sends it


def test_a_live_check_turns_to_done_as_the_page_plays_and_back_on_a_new_game():
    board = LostCitiesBoard(mode="open", seed=1)
    check = live(board, lessons.draw_pile_down_to, 43)
    assert not check.done and repr(check).startswith("✗ Not yet") and "data-done='false'" in check.value
    hand = board.game.hands[0]
    _page_acts(board, f"discard {hand[0]}")
    assert not check.done  # the draw is still to come
    _page_acts(board, "draw deck")
    assert check.done and repr(check).startswith("✓ Done") and "data-done='true'" in check.value
    assert "(LC-2)" in check.value  # the rule it tests is shown
    board._on_message(board, {"kind": "new", "seed": 5}, [])
    assert not check.done  # it watches the board's new game, not the old one


def test_a_live_check_sees_an_undo():
    board = LostCitiesBoard(mode="open", seed=1)
    check = live(board, lessons.draw_pile_down_to, 43)
    _page_acts(board, f"discard {board.game.hands[0][0]}")
    _page_acts(board, "draw deck")
    assert check.done
    board._on_message(board, {"kind": "undo"}, [])
    board._on_message(board, {"kind": "undo"}, [])
    assert not check.done


def test_a_prediction_is_locked_when_given_and_checked_against_the_answer():
    question = predict("How many?", [1, 2, 3], answer=2, why="because", rules=("LC-5",))
    assert not question.done and repr(question).startswith("✗ Not yet: predict first")
    question._picker.value = "3"
    question._lock.click()
    assert not question.done and "it is 2" in repr(question)
    assert repr(question).startswith("✗ Not this time: ")  # locked: wrong, not "not yet"
    question.answer("2")  # the first answer counts
    assert not question.done and question.given == "3" and question._picker.disabled
    right = predict("How many?", [1, 2, 3], answer=2, why="because")
    assert right.answer(2).done and "right" in repr(right)


def test_a_prediction_after_the_board_shows_the_answer_does_not_count():
    board = LostCitiesBoard(mode="open", seed=1)
    page = Page(board)
    question = predict(
        "Who draws?",
        ["player 0", "player 1"],
        answer="player 0",
        why="w",
        board=board,
        shown=lambda b: len(b.game.history) > 0,
    )
    card = board.game.hands[0][0]
    page.send({"kind": "act", "action": f"discard {card}"})
    # the question closes (its buttons take no click) and says how to open it again
    assert "already showed" in repr(question) and "New game" in repr(question) and question._picker.disabled
    page.send({"kind": "undo"})  # the board hides the answer again; the learner has seen it
    assert board.message == "Undone." and board.steps == 0
    assert "already showed" in repr(question) and question._picker.disabled and question._lock.disabled
    question._picker.value = "player 0"
    question._lock.click()  # as the page's click arrives, whether the button shows as disabled or not
    assert not question.done and "already showed the answer" in repr(question)


def test_a_prediction_closed_by_the_answer_opens_again_only_in_a_new_game():
    board = LostCitiesBoard(mode="open", seed=1)
    page = Page(board)
    question = predict("Who?", ["player 0", "player 1"], answer="player 0", why="w", board=board,
                       shown=lambda b: len(b.game.history) > 0)
    page.send({"kind": "act", "action": f"discard {board.game.hands[0][0]}"})
    page.send({"kind": "undo"})
    assert question._picker.disabled
    page.send({"kind": "new", "seed": "1"})  # the same deal, but a new game: nothing shown in it yet
    assert repr(question).startswith("✗ Not yet: predict first") and not question._picker.disabled
    assert question.answer("player 0").done and "right" in repr(question)


def test_an_answer_must_be_among_the_choices():
    with pytest.raises(ValueError, match="not among the choices"):
        predict("?", ["a", "b"], answer="c", why="")


def test_a_predict_questions_word_choices_read_in_the_learners_language_and_check_by_value():
    from kit.i18n import language
    from kit.probability.expedition import BANDS

    with language("pl"):
        question = predict("Ile?", BANDS, answer=BANDS[1], why="bo tak")
    assert [label for label, _ in question._picker._options_full] == ["poniżej 0", "od 0 do +10", "powyżej +10"]
    assert question.choices == ["below 0", "0 to +10", "above +10"]
    question._picker.value = "0 to +10"  # the value, as the check reads it
    with language("pl"):
        question.answer(question._picker.value)
        assert question.done and "od 0 do +10" in repr(question)
