"""The Overbooking board in a real browser on an edited copy of guests.csv (monk and worker swap
their beds): the labels the page draws follow the component files, not a table of its own."""

from __future__ import annotations

import json

from tests.widgets.test_board_data import swap_beds

from .lab import browser, new_notebook, run_all_in_lab, run_in_lab

USUAL_BEDS = {"monk": 1, "merchant": 2, "maid": 3, "noble": 4, "soldier": 5, "worker": 6}


def test_the_board_labels_follow_edited_beds(server, artifacts, tmp_path):
    folder = swap_beds(tmp_path)
    beds = {**USUAL_BEDS, "monk": 6, "worker": 1}
    notebook = new_notebook(
        server.root,
        "edited-beds.ipynb",
        "from widgets.overbooking import OverbookingBoard\n"
        # the bot (blue, seat 1) has a monk face down in hotel 1's queue: 6 beds here, so a large card
        "scenario = {'hotels': [{'rule': 'none', 'queue': [['blue', 'fish-monk']]}]}\n"
        f"board = OverbookingBoard(players=2, seed=3, scenario=scenario, components={str(folder)!r})\n"
        "board",
    )
    with browser(height=1300) as page:
        run_all_in_lab(page, server, notebook)
        page.wait_for_selector(".ob-board .ob-hand-row .ob-card")
        hand = page.locator(".ob-hand-row .ob-card")
        cards = [hand.nth(i) for i in range(hand.count())]
        shown = {card.get_attribute("data-card"): card.locator(".ob-beds").inner_text() for card in cards}
        assert shown and all(text == str(beds[key.split("-")[1]]) for key, text in shown.items()), shown
        words = json.loads(run_in_lab(page, "import json; from kit.overbooking.components import rule_words\n"
                                            "print(json.dumps([rule_words(h.rule) for h in board.game.hotels]))"))
        assert page.locator(".ob-hotel-rule").all_inner_texts() == words
        # the bot's face-down monk shows only its back: blue, fish, large, and a large card's beds
        back = page.locator(".ob-queue[data-hotel='1'] .ob-card.ob-back")
        assert back.count() == 1 and back.locator(".ob-size").inner_text() == "L"
        assert back.get_attribute("title") == "blue's face-down card: fish, large (4-6 beds)"
        assert "monk" not in back.inner_text() and "6" not in back.inner_text()
        page.locator(".ob-board").screenshot(path=artifacts / "overbooking-edited-beds.png")
