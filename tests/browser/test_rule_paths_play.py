"""The rule paths played to ✓ in JupyterLab by clicking (issue 13). Samoa 6's predict-first
questions take a click and answer, and its special tile is used from the board. Samoa 8 and
Overbooking 8 ask the learner to win a whole game against the heuristic bots; the test opens the
notebook, runs it, answers its prediction, and clicks every move of a winning game on the board
until the live check turns to ✓ by itself (its cell is never run again).

The moves are planned in this process on a copy of the notebook's own board (the same cell, the same
seed: a chosen seed is a known deal, and the heuristic bots are deterministic): seat 0 plays the
heuristic bot's move, or, when that would not win, the move whose play-out with the heuristic bots
ends best (a one-step look-ahead that knows every card: a test may peek, the page may not). Each
move is then made by clicks, waiting for the board's step count to reach the move's place in the
game. Screenshots go to $TABLEKIT_ARTIFACTS (else a temporary folder).
"""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import NOTEBOOKS
from .lab import browser, run_all_in_lab

DONE = ".tk-check[data-done='true']"


# ----------------------------------------------------------------------------- planning (Python)
def notebook_board(path: str):
    """The notebook's board, made by running its code cells up to the one that makes `board` here."""
    cells = json.loads((NOTEBOOKS / path).read_text(encoding="utf-8"))["cells"]
    namespace: dict = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)  # noqa: S102 - the repository's own notebook
            if "board" in namespace:
                return namespace["board"]
    raise AssertionError(f"{path} makes no board")


def margin(game, bot) -> int:
    """Seat 0's lead over the best other seat when everyone plays `bot` from here on."""
    while not game.is_over:
        game.apply(bot.choose(game))
    scores = game.scores()
    return scores[0] - max(scores[1:])


def winning_moves(path: str, bot_type, look_ahead: bool) -> list[tuple[int, str]]:
    """(the game's step count before the move, the move) for each of seat 0's moves, played on a copy
    of the notebook's board; empty if seat 0 does not win that way."""
    board, bot, moves = notebook_board(path), bot_type(), []
    while not board.game.is_over:
        if board.summary:
            board.continue_play()
            continue
        game = board.game
        if look_ahead:
            options = game.legal_actions()
            values = [margin(_after(game, action), bot) for action in options]
            action = options[values.index(max(values))]
        else:
            action = bot.choose(game)
        moves.append((len(game.history), str(action)))
        assert board.act(str(action)), board.message
    return moves if board.game.winners() == [0] else []


def _after(game, action):
    copy = game.clone()
    copy.apply(action)
    return copy


def plan(path: str, bot_type) -> list[tuple[int, str]]:
    moves = winning_moves(path, bot_type, look_ahead=False) or winning_moves(path, bot_type, look_ahead=True)
    assert moves, f"no winning game found for seat 0 in {path}"
    return moves


# ------------------------------------------------------------------------------ clicking (page)
def wait_for_turn(page, board: str, step: int) -> None:
    """Close end-of-round screens until the board shows step `step` with nothing in the way."""
    while True:
        page.wait_for_function(
            """([board, step]) => {
                const root = document.querySelector(`.${board}-board`);
                const screen = document.querySelector('.tk-continue, .ob-all:not(:disabled)');
                return root && (Number(root.dataset.steps) === step || screen);
            }""",
            arg=[board, step],
            timeout=30_000,
        )
        if page.locator(".ob-all:not(:disabled)").count():
            page.locator(".ob-all").click()  # Overbooking's stage 2 on the table: show every step
            page.wait_for_selector(".tk-continue")  # the steps come from Python, then the screen's button
        if not page.locator(".tk-continue").count():
            return
        page.locator(".tk-continue").click()
        page.wait_for_function("() => !document.querySelector('.tk-continue')")


SAMOA_WORDS = {"pass": "Pass (buy nothing)", "done": "Done with tourists", "keep": "Keep my card"}


def click_samoa(page, action: str) -> None:
    words = action.split()
    room = ".sa-room[data-player='0'][data-room='{}']".format
    if words[0] in ("choose", "swap"):
        page.locator(f".sa-hand-row .sa-price[data-card='{words[1]}']").click()
    elif words[0] == "place":  # place G.T in R: the tourist, then the room
        group, tile = words[1].split(".")
        page.locator(f".sa-arrivals .sa-tourist[data-group='{group}'][data-tile='{tile}']").click()
        page.locator(f"{room(words[3])}.sa-target").click()
    elif words[0] == "buy" and words[1] == "suite":
        page.locator(".sa-tile[data-kind='suite']").first.click()
        page.locator(room(words[2])).click()
    elif words[0] == "buy":
        page.locator(f".sa-tile[data-kind='{words[1]}']").first.click()
    elif words[0] == "remove":
        page.locator(room(words[1])).click()
    else:  # pass, done, keep, and the special tiles' choices ("take-back 14/8 12/9", "send-home 2 5")
        page.locator(".sa-actions button").filter(has_text=SAMOA_WORDS.get(action, action)).first.click()


def click_overbooking(page, action: str) -> None:
    words = action.split()
    if words[0] in ("queue", "back"):  # queue CARD at H: the card, then the place
        page.locator(f".ob-hand-row [data-card='{words[1]}']").first.click()
        area = ".ob-queue" if words[0] == "queue" else ".ob-door"
        page.locator(f"{area}[data-hotel='{words[3]}'].ob-drop").click()
    elif words[0] == "target":
        page.locator(f".ob-target[data-position='{words[1]}']").click()
    else:
        page.get_by_text("Keep my fifth card (hold)").click()


def answer_prediction(page) -> None:
    """The notebook's predict-first question takes a click and says right or wrong."""
    question = page.locator(".widget-vbox", has_text="Predict first").first
    question.locator(".widget-toggle-button").first.click()
    question.locator("button", has_text="Lock in my answer").click()
    question.locator(".tk-check", has_text="you predicted").wait_for()


def play_to_done(page, server, path: str, board: str, moves, click, artifacts: Path, name: str) -> None:
    run_all_in_lab(page, server, path)
    held_back = page.locator(".tk-after").count() > 0  # the board waits for the prediction (after(...))
    if held_back:
        answer_prediction(page)
    page.wait_for_selector(f".{board}-board[data-steps]", timeout=60_000)
    kernel = page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id")
    assert page.locator(".tk-check", has_text="the game is still on").count() == 1
    assert page.locator(DONE, has_text="you won").count() == 0  # no check passes on a fresh board
    if not held_back:
        answer_prediction(page)
    for step, action in moves:
        wait_for_turn(page, board, step)
        click(page, action)
        page.wait_for_function(
            f"() => Number(document.querySelector('.{board}-board').dataset.steps) > {step}", timeout=30_000
        )
    done = page.locator(DONE, has_text="you won")
    if page.locator(".ob-all:not(:disabled)").count():  # the last stage 2 is on the table, step 1 shown
        assert done.count() == 0  # the check gives nothing away before the last step
        page.locator(".ob-all").click()
    done.wait_for(timeout=30_000)
    # nothing was run again: the same kernel, and the check turned by watching the board
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id") == kernel
    page.locator(f".{board}-board").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"{name}-board-won.png")
    done.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"{name}-check-done.png")


def test_samoa_8_is_won_by_clicking_and_its_check_turns_to_done(server, artifacts):
    from kit.samoa.heuristic import HeuristicBot

    path = "samoa/08-full-game-against-bots.ipynb"
    moves = plan(path, HeuristicBot)
    with browser(1400, 1000) as page:
        play_to_done(page, server, path, "sa", moves, click_samoa, artifacts, "samoa-08")


def test_overbooking_8_is_won_by_clicking_and_its_check_turns_to_done(server, artifacts):
    from kit.overbooking.heuristic import HeuristicBot

    path = "overbooking/08-full-game-against-bots.ipynb"
    moves = plan(path, HeuristicBot)
    with browser(1400, 1000) as page:
        play_to_done(page, server, path, "ob", moves, click_overbooking, artifacts, "overbooking-08")


def test_samoa_6_predictions_take_a_click_and_the_take_back_tile_is_used_from_the_board(server, artifacts):
    """Every question takes a click; the one about the board closes (its buttons disabled, saying
    why) once the board shows the answer, stays closed after Undo (the learner has seen it), and
    opens again in a new game."""
    take_back = ".sa-actions button:has-text('take-back 18/11 20/12')"
    with browser(1400, 1000) as page:
        run_all_in_lab(page, server, "samoa/06-buildings-and-special-tiles.ipynb")
        page.wait_for_selector(".sa-board[data-steps]", timeout=60_000)
        assert page.locator(DONE).count() == 0  # no check passes on a fresh board
        questions = page.locator(".widget-vbox", has_text="Predict first")
        assert questions.count() == 3

        def answer(index: int, choice: str, verdict: str) -> None:
            question = questions.nth(index)
            question.locator(".widget-toggle-button", has_text=choice).click()
            question.locator("button", has_text="Lock in my answer").click()
            question.locator(".tk-check", has_text=verdict).wait_for()
            assert question.locator("button", has_text="Locked in").is_disabled()  # the first answer counts

        answer(0, "1", "it is 0")
        answer(1, "5", "right")
        page.locator(take_back).click()  # played before predicting: the board shows the answer
        page.locator(DONE, has_text="you used your special tile").wait_for()
        late = questions.nth(2)
        late.locator(".tk-check", has_text="press New game").wait_for()
        assert late.locator(".widget-toggle-button", has_text="11").is_disabled()
        late.screenshot(path=artifacts / "samoa-06-prediction-after-the-board.png")
        page.locator(".sa-board .tk-undo").click()
        page.locator(".sa-board", has_text="Undone.").wait_for()  # the take-back is undone ...
        assert late.locator(".widget-toggle-button", has_text="11").is_disabled()  # ... but not unseen
        page.locator(".sa-board .tk-new").click()
        late.locator(".tk-check", has_text="choose an answer").wait_for()
        answer(2, "11", "right")
        page.locator(take_back).click()
        page.locator(DONE, has_text="you used your special tile").wait_for()
        assert page.locator(".sa-hand-row .sa-price").count() == 11  # what the prediction said (SA-9.4c)
        page.locator(".sa-hand-row").scroll_into_view_if_needed()
        page.screenshot(path=artifacts / "samoa-06-take-back-used.png")
