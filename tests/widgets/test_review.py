"""The review, save and load on the boards, from the page's side: every message the page receives
across a review is the same for two games that differ only in what the viewer could not see."""

from __future__ import annotations

import json

import pytest

from tests.sim.test_review import alternative_worlds
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard

from .page import Page

BOARDS = {
    "lost-cities": (LostCitiesBoard, {}),
    "samoa": (SamoaBoard, {"players": 3}),
    "overbooking": (OverbookingBoard, {"players": 2}),
}


def quick(board):
    """Few rollouts on the readable engine: the tests check what the page gets, not the advice."""
    board.review_rollouts = {"kernel": 4, "readable": 4}
    board.review_engine = "readable"
    return board


def board_with(name: str, game, **options):
    """A board of `name` playing `game` (one the test built), against bots, as seat 0."""
    kind, settings = BOARDS[name]
    board = quick(kind(seed=1, **settings, **options))
    board.game = game
    board._seed_chosen = False
    board._start_game()
    return board


def wire(messages):
    return json.dumps(messages, sort_keys=True)


def a_review_session(page: Page) -> None:
    """What a learner's page does: open the review, step through every moment, evaluate, ask a
    what-if, try to play, close it."""
    board = page.board
    page.send({"kind": "review", "on": True})
    length = board.review["length"]
    for moment in range(length - 1, -1, -1):
        page.send({"kind": "review-step", "to": moment})
    page.send({"kind": "review-evaluate"})
    board.wait_review()
    decision = board.review["points"][-1]["step"]
    page.send({"kind": "review-step", "to": decision + 1})
    choices = board.review["choices"]
    page.send({"kind": "review-what-if", "action": choices[-1]})
    page.send({"kind": "act", "action": choices[0]})  # refused: the board shows the past
    page.send({"kind": "save"})  # refused: the game is under way
    page.send({"kind": "review", "on": False})


@pytest.mark.parametrize(("name", "moment"), [("lost-cities", 10), ("samoa", 3), ("overbooking", 10)])
def test_a_review_sends_the_page_nothing_that_depends_on_what_the_viewer_could_not_see(name, moment):
    first, second = alternative_worlds(name, seed=7, moment=moment, later=8)
    assert len(first.history) >= 4
    assert first.open_view() != second.open_view() or name == "samoa"
    pages = [Page(board_with(name, world)) for world in (first, second)]
    starts = [len(page.received) for page in pages]
    for page in pages:
        a_review_session(page)
    sessions = [page.received[start:] for page, start in zip(pages, starts)]
    reviews = [m["data"]["state"]["review"] for m in sessions[0] if "review" in m["data"].get("state", {})]
    assert any(r.get("points") for r in reviews) and any(r.get("what_if") for r in reviews)
    assert wire(sessions[0]) == wire(sessions[1])
    board = pages[0].board
    assert board.review["on"] is False and board.review["can_save"] is False and board.review["save_refusal"]
    assert board.view == board.board_view(board.game.view(0))  # the game is back on the board


def test_the_same_session_in_the_open_mode_would_tell_the_two_worlds_apart():
    """The check above can fail: shown everything, the two worlds' reviews differ."""
    first, second = alternative_worlds("lost-cities", seed=7, moment=10, later=8)
    boards = [board_with("lost-cities", world) for world in (first, second)]
    for board in boards:
        board.review_opens_finished_games = True
        board.mode = "open"
        board.open_review()
    assert boards[0].review["everything"]
    assert wire(boards[0].view) != wire(boards[1].view)


def finished(name: str, **options):
    kind, settings = BOARDS[name]
    board = quick(kind(seed=3, bot="random", **settings, **options))
    while not board.game.is_over:
        board.act(board.game.legal_actions()[0])
        if board.summary:
            board.continue_play()
    return board


def test_a_finished_game_is_reviewed_as_the_viewer_saw_it_unless_the_teacher_opens_it():
    board = finished("lost-cities")
    page = Page(board)
    page.send({"kind": "review", "on": True})
    page.send({"kind": "review-step", "to": 5})
    assert not board.review["everything"]
    from kit.sim.review import Review

    assert board.view == board.board_view({**Review(board.game, 0).view(5), "legal_actions": []})
    assert "deck_order" not in json.dumps(board.view) and not board.view["open"]
    page.send({"kind": "review", "on": False})
    board.review_opens_finished_games = True
    page.send({"kind": "review", "on": True})
    page.send({"kind": "review-step", "to": 5})
    assert board.review["everything"] and board.view["open"]


def test_hotseat_reviews_the_seat_whose_hand_shows_and_never_the_handover_screen():
    board = quick(LostCitiesBoard(mode="hotseat", seed=2))
    page = Page(board)
    page.send({"kind": "review", "on": True})
    assert "take the device first" in board.message and not board.review["on"]
    page.send({"kind": "take-over"})
    board.act(board.game.legal_actions()[0])
    board.act("draw deck")
    page.send({"kind": "take-over"})  # now player 1
    page.send({"kind": "review", "on": True})
    assert board.review["on"] and board.review["reader"] == 1
    assert board.view["viewer"] == 1


def test_while_reviewing_nothing_can_be_played_and_closing_brings_the_game_back():
    board = quick(SamoaBoard(seed=4, players=3))
    page = Page(board)
    before = (board.game.fingerprint(), json.dumps(board.view))
    page.send({"kind": "review", "on": True})
    for kind in ({"kind": "act", "action": str(board.game.legal_actions()[0])}, {"kind": "undo"}, {"kind": "new"}):
        page.send(kind)
        assert "close the review" in board.message
    assert board.game.fingerprint() == before[0]
    page.send({"kind": "review", "on": False})
    assert json.dumps(board.view) == before[1]


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "review", "on": "yes"},
        {"kind": "review-step", "to": True},
        {"kind": "review-step", "to": "3"},
        {"kind": "review-evaluate", "rollouts": 10**9},
        {"kind": "review-evaluate", "rollouts": 1},
        {"kind": "review-what-if", "action": "x" * 500},
        {"kind": "load", "text": "x" * 2_000_001},
        {"kind": "load", "text": 5},
        {"kind": "save", "name": "a"},
    ],
)
def test_page_values_that_set_work_are_bounded(content):
    board = quick(LostCitiesBoard(seed=4))
    page = Page(board)
    page.send({"kind": "review", "on": True})
    page.send(content)
    assert board.message.startswith("Not accepted from the page") and board._review_thread is None


def test_play_from_here_is_a_practice_game_from_the_shown_moment_redealt(name="lost-cities"):
    board = finished(name)
    real = board.game
    page = Page(board)
    page.send({"kind": "review", "on": True})
    moment = next(m for m in range(8, 40) if board.review["moves"][m]["mine"])
    page.send({"kind": "review-step", "to": moment})
    shown = board.view
    page.send({"kind": "review-play"})
    game = board.game
    assert board.practice and board.mode == "bot" and board.review["on"] is False
    assert "practice" in board.log_lines[-1] or any("practice" in line for line in board.log_lines)
    assert game.view(0)["hand"] == shown["hand"]
    position = type(real).replay(real.settings, real.history[:moment])
    assert game.open_view() != position.open_view()  # the bot's hand and the pile are redealt
    assert board.seed is None  # the practice game's seed stays hidden until its end
    assert board.act(game.legal_actions()[0])  # and it plays on
    page.send({"kind": "save"})  # a practice game's file holds its hidden cards too
    assert board.message.startswith("Not saved: a save file holds every hidden card")


def play_to_the_end(board, page: Page) -> None:
    """Play the board's game to its end, through every end-of-round screen and every stage 2 to its
    last step (the page's "all steps"), as a learner pressing Continue would."""
    while not board.game.is_over:
        if board.summary:
            if board.summary.get("stage2"):
                page.send({"kind": "all-steps"})
            assert board.continue_play(), board.message
        else:
            assert board.act(board.game.legal_actions()[0]), board.message
    if board.summary.get("stage2"):
        page.send({"kind": "all-steps"})



def practice_from(name: str, step: int):
    """A finished game of `name`, reviewed from the page to `step` and played on from there."""
    board = finished(name)
    page = Page(board)
    page.send({"kind": "review", "on": True})
    page.send({"kind": "review-step", "to": step})
    page.send({"kind": "review-play"})
    return board, page


@pytest.mark.parametrize("name", list(BOARDS))
def test_a_practice_game_from_a_reviewed_moment_is_saved_once_over_and_loads_as_practice(name):
    board, page = practice_from(name, 6)
    play_to_the_end(board, page)
    assert board.review["can_save"], board.review["save_refusal"]
    page.send({"kind": "save"})
    custom = [m["data"] for m in page.received if m["type"] == "comm_msg" and m["data"].get("method") == "custom"]
    text = [d["content"] for d in custom if d["content"].get("kind") == "save-file"][-1]["text"]
    other = quick(BOARDS[name][0](seed=9, **BOARDS[name][1]))
    other_page = Page(other)
    other_page.send({"kind": "load", "text": text})
    assert other.message.startswith("Loaded a game of"), other.message
    assert other.game.fingerprint() == board.game.fingerprint() and other.practice
    assert other.game.told_to(0) == board.game.told_to(0)


@pytest.mark.parametrize("name", list(BOARDS))
def test_save_once_over_load_back_and_review_the_loaded_game(name):
    board = finished(name)
    page = Page(board)
    page.send({"kind": "save"})
    custom = [m["data"] for m in page.received if m["type"] == "comm_msg" and m["data"].get("method") == "custom"]
    files = [data["content"] for data in custom]
    files = [f for f in files if f.get("kind") == "save-file"]
    assert files and files[-1]["name"].endswith(".tablekit.json")
    text = files[-1]["text"]
    other = quick(BOARDS[name][0](seed=9, **BOARDS[name][1]))
    other_page = Page(other)
    other_page.send({"kind": "load", "text": text})
    assert other.game.fingerprint() == board.game.fingerprint() and other.practice
    steps = len(board.game.history)
    loaded = f"Loaded a game of {steps} steps; it is practice (a save file holds every card)."
    assert other_page.model()["message"] == loaded
    other_page.write({"lang": "sv"})  # said again in the page's new language, not lost to a redraw
    laddade = f"Laddade ett parti med {steps} drag; det är övning (en sparfil innehåller alla kort)."
    assert other_page.model()["message"] == laddade
    other_page.write({"lang": "en"})
    other_page.send({"kind": "review", "on": True})
    assert other.review["length"] == len(board.game.history) + 1


def test_a_save_under_way_is_refused_and_a_malformed_file_changes_nothing():
    board = quick(OverbookingBoard(seed=5, players=2))
    page = Page(board)
    board.act(board.game.legal_actions()[0])
    page.send({"kind": "save"})
    assert board.message.startswith("Not saved: a save file holds every hidden card")
    before = (board.game.fingerprint(), json.dumps(board.view), board.steps)
    good = board.game.dumps()
    for text in ("{not json", good.replace('"version": 2', '"version": 99'), good[: len(good) // 2], "[]"):
        page.send({"kind": "load", "text": text})
        assert board.message.startswith("Not loaded: ")
        assert (board.game.fingerprint(), json.dumps(board.view), board.steps) == before
    samoa = SamoaBoard(seed=1, players=3).game.dumps()
    page.send({"kind": "load", "text": samoa})
    assert "not of overbooking" in board.message and board.game.fingerprint() == before[0]


@pytest.mark.parametrize("settings", [{"players": 4}, {"edition": "six"}])
def test_the_partner_game_and_the_sixth_expedition_are_reviewed_and_branched_under_way(settings):
    board = quick(LostCitiesBoard(seed=6, bot="random", **settings))
    page = Page(board)
    while len(board.game.history) < 24:
        board.act(board.game.legal_actions()[0])
    page.send({"kind": "review", "on": True})
    assert board.review["length"] == len(board.game.history) + 1 and not board.review["everything"]
    page.send({"kind": "review-evaluate"})
    board.wait_review()
    assert len(board.review["points"]) == sum(move["mine"] for move in board.review["moves"])
    page.send({"kind": "review-step", "to": 9})
    page.send({"kind": "review-play"})
    assert board.practice and board.game.view(0)["hand"] == board.view["hand"]
    while not board.game.is_over and board.game.current_player == 0:
        assert board.act(board.game.legal_actions()[0]), board.message


@pytest.mark.parametrize("name", list(BOARDS))
def test_a_practice_game_plays_to_its_end_through_every_end_of_round_screen(name):
    board, page = practice_from(name, 4)
    assert board.practice
    play_to_the_end(board, page)
    page.send({"kind": "review", "on": True})  # and the practice game is reviewed in its turn
    assert board.review["length"] == len(board.game.history) + 1


def test_no_review_opens_while_stage_2_is_still_being_stepped_through():
    from .test_boards_stay_true import stage_2_on_the_screen

    board = quick(stage_2_on_the_screen(1))
    page = Page(board)
    shown = (board.steps_shown, json.dumps(board.summary), json.dumps(board.stage2))
    page.send({"kind": "review", "on": True})
    assert board.message.startswith("first step through the end of the round") and not board.review["on"]
    assert (board.steps_shown, json.dumps(board.summary), json.dumps(board.stage2)) == shown
    page.send({"kind": "all-steps"})
    page.send({"kind": "review", "on": True})
    assert board.review["on"]
