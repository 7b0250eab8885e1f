"""A board's output carries a still picture of its position and "Run All to play", for notebooks
that are not run yet, static renderers, and save-and-reopen (widgets/still.py)."""

from __future__ import annotations

import base64
import copy
import re

import pytest

from widgets.lostcities import LostCitiesBoard
from widgets.lostcities import picture as lc_picture
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard
from widgets.still import MARK, RUN_ALL, WIDGET_VIEW, drop_dead_widget_views, pre_save_hook

BOARDS = [LostCitiesBoard, SamoaBoard, OverbookingBoard]


def still_svg(html: str) -> str:
    (data,) = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    return base64.b64decode(data).decode("utf-8")


@pytest.mark.parametrize("board_type", BOARDS, ids=lambda t: t.__name__)
def test_a_board_output_holds_the_live_view_and_a_still_picture_of_the_viewers_position(board_type):
    board = board_type(mode="bot", seed=4)
    data, metadata = board._repr_mimebundle_()
    assert WIDGET_VIEW in data  # live where a kernel runs
    assert data["text/plain"] == RUN_ALL and RUN_ALL in data["text/html"]
    assert metadata[MARK] == {"still": True}
    # the picture is drawn from the view the page gets: the viewer's own, never the open view
    assert board.view == board.board_view(board.game.view(0))
    assert still_svg(data["text/html"]) == board.still_picture(board.view)


def test_the_still_picture_of_a_hotseat_board_waiting_for_the_next_player_shows_no_hand():
    board = LostCitiesBoard(mode="hotseat", seed=4)
    assert board.handover
    svg = still_svg(board._repr_mimebundle_()[0]["text/html"])
    assert "Your hand" not in svg and "Hand of player" not in svg
    assert "Your hand" in still_svg(LostCitiesBoard(mode="bot", seed=4)._repr_mimebundle_()[0]["text/html"])


def test_the_still_picture_follows_the_position_when_shown_again():
    board = LostCitiesBoard(mode="bot", seed=4)
    before = still_svg(board._repr_mimebundle_()[0]["text/html"])
    board.act(board.game.legal_actions()[0])
    after = still_svg(board._repr_mimebundle_()[0]["text/html"])
    assert before != after and after == board.still_picture(board.view)


def test_a_picture_shows_as_html_too_since_an_untrusted_notebook_never_shows_svg():
    board = LostCitiesBoard(mode="bot", seed=4)
    shown = lc_picture(board.game, viewer=0)
    assert still_svg(shown._repr_html_()) == shown._repr_svg_()
    assert RUN_ALL not in shown._repr_html_()  # a picture is not a board: nothing to run


def notebook_with(outputs):
    return {"cells": [{"cell_type": "code", "outputs": outputs}, {"cell_type": "markdown"}]}


def test_stored_copies_drop_only_the_marked_widget_views():
    board_output = {
        "output_type": "execute_result",
        "data": {WIDGET_VIEW: {"model_id": "abc"}, "text/plain": RUN_ALL, "text/html": "<div></div>"},
        "metadata": {MARK: {"still": True}},
    }
    other_widget = {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "def"}}, "metadata": {}}
    notebook = notebook_with([board_output, other_widget])
    assert drop_dead_widget_views(notebook) == 1
    first, second = notebook["cells"][0]["outputs"]
    assert set(first["data"]) == {"text/plain", "text/html"}  # the still picture stays
    assert second == other_widget  # someone else's widget is left as it was
    assert drop_dead_widget_views(notebook) == 0


def test_the_pre_save_hook_changes_notebooks_only():
    output = {"data": {WIDGET_VIEW: {}, "text/plain": RUN_ALL}, "metadata": {MARK: {"still": True}}}
    model = {"type": "notebook", "content": notebook_with([copy.deepcopy(output)])}
    pre_save_hook(model=model, path="x.ipynb", contents_manager=None)
    assert WIDGET_VIEW not in model["content"]["cells"][0]["outputs"][0]["data"]
    text_file = {"type": "file", "content": "not a notebook"}
    pre_save_hook(model=text_file, path="x.txt", contents_manager=None)
    assert text_file == {"type": "file", "content": "not a notebook"}

