"""The review in a real browser beyond JupyterLab against the bots: in Voila (a game under way,
stepped with the arrow keys, the board showing each moment), and in hot-seat mode, read from the
page's side (the model's traits as the page holds them): each moment only as the seat whose hand
is showing saw it then, nothing of the other seat's hidden hand, until the game is over."""

from __future__ import annotations

import json
import re

from .lab import browser, new_notebook, run_all_in_lab, run_in_lab, settle
from .test_page_writes_in_browser import FIND_MODEL

UNDER_WAY = 12  # actions played before the review opens


def where_is(page, text: str) -> None:
    page.wait_for_function("(t) => document.querySelector('.tk-review-where')?.innerText === t", arg=text)


def hand_on_the_board(page) -> list[str]:
    return sorted(page.eval_on_selector_all(".lc-board .lc-in-hand", "(cards) => cards.map((c) => c.dataset.card)"))


def test_in_voila_the_review_of_a_game_under_way_steps_with_the_keys_and_shows_each_moment(server, artifacts):
    # the expected hands are printed by the notebook itself: the viewer's own hand at each moment
    source = (
        "import json\n"
        "from kit.sim.review import Review\n"
        "from widgets.lostcities import LostCitiesBoard\n"
        "board = LostCitiesBoard(seed=21, bot='random')\n"
        f"while len(board.game.history) < {UNDER_WAY}:\n"
        "    board.act(board.game.legal_actions()[0])\n"
        "review = Review(board.game, 0)\n"
        "print('HANDS', json.dumps([sorted(review.view(k)['hand']) for k in range(len(review))]))\n"
        "board"
    )
    path = new_notebook(server.root, "review-in-voila.ipynb", source)
    with browser(width=1366, height=900) as page:
        page.goto(server.voila(path))
        page.wait_for_selector(".tk-review-open", timeout=120_000)
        printed = page.locator("pre", has_text="HANDS").first.inner_text()
        hands = json.loads(printed.split("HANDS", 1)[1])
        last = len(hands) - 1
        assert last >= UNDER_WAY and hand_on_the_board(page) == hands[last]
        page.locator(".tk-review-open").click()
        where_is(page, f"Step {last} of {last}")
        page.locator(".tk-review-where").click()  # the focus in the review: the arrow keys step
        for moment in range(last - 1, last - 6, -1):
            page.keyboard.press("ArrowLeft")
            where_is(page, f"Step {moment} of {last}")
            page.wait_for_function(
                "(h) => JSON.stringify([...document.querySelectorAll('.lc-board .lc-in-hand')]"
                ".map((c) => c.dataset.card).sort()) === JSON.stringify(h)",
                arg=hands[moment],
            )
        page.keyboard.press("Home")
        where_is(page, f"Step 0 of {last}")
        assert hand_on_the_board(page) == hands[0]
        page.keyboard.press("ArrowRight")
        where_is(page, f"Step 1 of {last}")
        assert hand_on_the_board(page) == hands[1]
        settle(page)
        page.screenshot(path=artifacts / "review-voila-lost-cities.png")
        assert page.locator(".lc-board .lc-in-hand").count() == len(hands[1])


#: what the Lost Cities board adds to a seat's view: words for the page, the same for every deal
BOARD_WORDS = {"investment_words", "passing"}

#: every trait the page holds while a review is open, read from its own copy of the model
PAGE_COPY = """() => {
    const m = window.tkModel;
    return {view: m.get('view'), log: m.get('log_lines'), recent: m.get('recent'), review: m.get('review')};
}"""


def test_in_hotseat_the_page_gets_each_moment_only_as_the_seat_showing_saw_it(server, artifacts):
    source = (
        "from widgets.lostcities import LostCitiesBoard\n"
        "board = LostCitiesBoard(seed=8, mode='hotseat')\n"
        f"while len(board.game.history) < {UNDER_WAY}:\n"
        "    board.handover = False\n"
        "    board.act(board.game.legal_actions()[0])\n"
        "board.handover = True\n"
        "board"
    )
    path = new_notebook(server.root, "review-hotseat.ipynb", source)
    with browser(width=1366, height=1000) as page:
        run_all_in_lab(page, server, path)
        page.wait_for_selector(".tk-handover")
        # Python's side: the seat to move, what it saw at each moment, and the other seat's hand then
        truth = json.loads(
            run_in_lab(
                page,
                "import json\n"
                "from kit.sim.review import Review\n"
                "seat = board.game.current_player\n"
                "review = Review(board.game, seat)\n"
                "replay = type(board.game)(board.game.settings)\n"
                "def hidden():  # the other hand's numbered cards this seat could not know of then\n"
                "    known = {c.key for c, _ in replay.known_in_hands(seat)}\n"
                "    return sorted({c.key for c in replay.hands[1 - seat] if c.value and c.key not in known})\n"
                "hiddens = [hidden()]\n"
                "for action in board.game.history:\n"
                "    replay.apply(action)\n"
                "    hiddens.append(hidden())\n"
                "lines = [l for m in review.moves for l in m.lines]\n"
                "ends = [0] + [sum(len(m.lines) for m in review.moves[:k + 1]) for k in range(len(review.moves))]\n"
                "print(json.dumps({'seat': seat, 'views': [review.view(k) for k in range(len(review))],"
                " 'hidden': hiddens, 'logs': [lines[:e][-14:] for e in ends],"
                " 'moves': [' '.join(m.lines) or '(nothing anyone could see)' for m in review.moves]}))",
            )
        )
        seat = truth["seat"]
        assert any(truth["hidden"]), "the check below would look for nothing: no card of the other hand is hidden"
        page.get_by_text(f"I am player {seat}: show my hand").click()
        page.wait_for_selector(".lc-board .lc-in-hand")
        assert page.evaluate(FIND_MODEL)
        page.locator(".tk-review-open").click()
        last = len(truth["views"]) - 1
        where_is(page, f"Step {last} of {last}")
        page.locator(".tk-review-where").click()
        for moment in range(last, -1, -1):
            if moment < last:
                page.keyboard.press("ArrowLeft")
                where_is(page, f"Step {moment} of {last}")
            page.wait_for_function("(k) => window.tkModel.get('review').at === k", arg=moment)
            held = page.evaluate(PAGE_COPY)
            seen, view = truth["views"][moment], held["view"]
            own = {key: value for key, value in seen.items() if key != "legal_actions"}  # none while reviewing
            assert {key: view[key] for key in own} == own, moment  # the seat's own view of that moment
            assert view["viewer"] == seat and not view["open"] and "hands" not in view
            assert held["log"] == truth["logs"][moment]
            assert held["review"]["reader"] == seat and not held["review"]["everything"]
            # the move list: the whole game so far, each move as this seat read it
            assert [move["text"] for move in held["review"]["moves"]] == truth["moves"]
            shown = {card["key"] if isinstance(card, dict) else card for card in view["hand"]}
            assert shown == set(truth["views"][moment]["hand"])
            assert set(view) - set(seen) <= BOARD_WORDS  # the board adds only public words
            # no card of the other hand that this seat could not know of, anywhere the page holds
            # (but among the cards it has not seen, which lists them with the draw pile's)
            shown_then = {k: v for k, v in view.items() if k != "unseen"}
            page_text = json.dumps([shown_then, held["log"], held["recent"]])
            leaked = [card for card in truth["hidden"][moment] if re.search(rf"\b{card}\b", page_text)]
            assert leaked == [], (moment, leaked)
            on_screen = hand_on_the_board(page)
            assert on_screen == sorted(seen["hand"]) and not set(on_screen) - set(seen["hand"])
            if moment == last - 3:
                settle(page)
                page.screenshot(path=artifacts / "review-hotseat-lost-cities.png")
        # once the game is over the review still shows only this seat's view, unless the teacher opens it
        run_in_lab(
            page,
            "board.close_review()\n"
            "while not board.game.is_over:\n"
            "    board.handover = False\n"
            "    board.act(board.game.legal_actions()[0])\n"
            "    if board.summary:\n"
            "        board.continue_play()\n"
            "board.handover = False",
        )
        page.locator(".tk-review-open").click()
        page.wait_for_function("() => window.tkModel.get('review').on && window.tkModel.get('review').over")
        held = page.evaluate(PAGE_COPY)
        assert not held["review"]["everything"] and "hands" not in held["view"]
        run_in_lab(page, "board.close_review()\nboard.review_opens_finished_games = True\nboard.open_review()")
        page.wait_for_function("() => window.tkModel.get('review').everything === true")
        assert "hands" in page.evaluate(PAGE_COPY)["view"]
        settle(page)
        page.screenshot(path=artifacts / "review-hotseat-lost-cities-over-opened.png")
