"""What answers a predict-first question (`widgets.lessons.after`) reaches neither the page nor the
stored output until the learner locks in, and appears then without re-running a cell (Voila)."""

from __future__ import annotations

import json

import altair as alt
import ipywidgets
import polars as pl

from widgets import charts
from widgets.lessons import AFTER_PREDICTION, after, predict
from widgets.still import MARK

SECRET = "15.53 Tala"


def question():
    return predict("Money per play…", ["rises", "falls"], answer="rises", why=f"the top is {SECRET}")


def chart():
    charts.enable()
    frame = pl.DataFrame({"price": [3, 7, 12], "money": [10.4, 15.5, 13.6]})
    return alt.Chart(frame).mark_line().encode(x="price:O", y="money:Q").properties(title=f"peak {SECRET}")


def page_state(widget: ipywidgets.Widget) -> str:
    """Everything the page holds of a widget and its children: their synced states."""
    states, todo = [], [widget]
    while todo:
        node = todo.pop()
        states.append(json.dumps(node.get_state(), default=str))
        todo += [child for child in getattr(node, "children", ()) if isinstance(child, ipywidgets.Widget)]
    return "\n".join(states)


def test_nothing_of_the_answer_is_on_the_page_or_stored_until_the_prediction_is_locked_in():
    guess = question()
    shown = after(guess, chart(), f"printed: {SECRET}")
    with after(guess) as block:
        print(f"the highest mean: {SECRET}")
        block.add(chart())
    for waiting in (shown, block):
        data, metadata = waiting._repr_mimebundle_()
        stored = json.dumps(data, ensure_ascii=False)
        assert SECRET not in stored and "peak" not in stored and "data-tk-chart" not in stored
        assert data["text/plain"] == AFTER_PREDICTION and metadata[MARK] == {"still": True}
        assert SECRET not in page_state(waiting) and AFTER_PREDICTION in page_state(waiting)
    guess._picker.value = "falls"
    guess._lock.click()  # as the page's button does: a wrong answer reveals too
    assert SECRET in page_state(shown) and "tk-chart" in page_state(shown)
    texts = [child.value for child in block.children]
    assert "the highest mean" in texts[0] and "tk-chart" in texts[1], "in the order the block made them"


def test_a_cell_run_after_the_prediction_shows_its_answer_at_once():
    guess = question()
    guess.answer("rises")
    assert SECRET in page_state(after(guess, f"the top is {SECRET}"))


def test_a_widget_waits_too_and_a_table_is_shown_as_a_table():
    guess = question()
    slider = ipywidgets.IntSlider(30, description="games")
    table = charts.table(pl.DataFrame({"price": [3], "money": [10.44]}))
    waiting = after(guess, slider, table)
    assert slider not in waiting.children
    guess.answer("rises")
    assert waiting.children[0] is slider and "tk-table" in waiting.children[1].value
