"""The boards in a real browser on edited copies of their component files (Overbooking's guests.csv
with monk and worker swapping beds, Samoa's hotel shape): what the page draws follows the files
and the engine, not tables of its own."""

from __future__ import annotations

import json

from tests.widgets.test_board_data import edited_copy, swap_beds

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


def test_the_samoa_board_marks_the_rooms_the_engine_doubles(server, artifacts, tmp_path):
    """A hotel of 3 rows x 2 columns (an edited rules.csv): a celebrity in room 1 doubles rooms 2
    and 3, the engine's neighbours (SA-8.3), not the 2 x 3 board's rooms 2 and 4."""

    def tall(rows):
        values = {row["name"]: row for row in rows}
        values["hotel_rows"]["value"], values["hotel_columns"]["value"] = "3", "2"

    folder = edited_copy(tmp_path, "samoa", "rules.csv", tall)
    notebook = new_notebook(
        server.root,
        "tall-hotel.ipynb",
        "from widgets.samoa import SamoaBoard\n"
        "scenario = {'hotels': {0: {'rooms': {1: ['J celebrity']}, 'suites': [6]}}}\n"
        f"board = SamoaBoard(players=4, seed=5, scenario=scenario, components={str(folder)!r})\n"
        "board",
    )
    with browser(height=1300) as page:
        run_all_in_lab(page, server, notebook)
        page.wait_for_selector(".sa-board .sa-room[data-player='0']")
        doubled = page.locator(".sa-room[data-player='0']:has(.sa-double)")
        rooms = [doubled.nth(i).get_attribute("data-room") for i in range(doubled.count())]
        assert rooms == ["2", "3", "6"]
        why = "a tourist placed here pays double: "
        assert doubled.nth(0).get_attribute("title") == why + "next to a celebrity (SA-8.3)"
        assert doubled.nth(2).get_attribute("title") == why + "suite (SA-9.2)"
        page.locator(".sa-hotel.sa-mine").screenshot(path=artifacts / "samoa-tall-hotel.png")
