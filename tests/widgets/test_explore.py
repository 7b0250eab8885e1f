"""widgets.probability's Explorer: controls re-run a simulation and redraw; a stored copy is a still picture."""

from __future__ import annotations

import html

import altair as alt
import ipywidgets
import polars as pl
import pytest

from kit.sim import simulate
from widgets import probability as charts
from widgets.probability import RUN_TO_EXPLORE, explore
from widgets.still import MARK, WIDGET_VIEW


def test_a_control_change_reruns_the_simulation_and_moves_the_bar():
    calls = []

    def draw(games, bots, progress):
        frame = simulate("overbooking", games=games, bots=bots, progress=progress)
        calls.append((games, bots, frame.height))
        data = pl.DataFrame({"x": [1, 2], "y": [frame.height, games]})
        return alt.Chart(data).mark_point().encode(x="x:Q", y="y:Q")

    games = ipywidgets.IntSlider(2, min=1, max=5)
    bots = ipywidgets.Dropdown(options=[("both", ("heuristic", "random")), ("random", ("random",))])
    view = explore(draw, label="test chart", games=games, bots=bots)
    assert calls == [(2, ("heuristic", "random"), 2)]
    assert (view.bar.value, view.bar.max) == (2, 2)
    first = view.picture.value
    assert first.startswith('<div class="tk-chart"><svg') and "var(--jp-ui-font-color1" in first  # inline: themed
    games.value = 3
    assert calls[-1] == (3, ("heuristic", "random"), 3) and (view.bar.value, view.bar.max) == (3, 3)
    assert view.picture.value != first and not any(control.disabled for control in (games, bots))
    bots.value = ("random",)
    assert calls[-1][1] == ("random",)


def test_the_stored_output_is_a_still_picture_marked_for_dev_notebooks():
    view = explore(lambda n, progress: alt.Chart(pl.DataFrame({"x": [n]})).mark_bar().encode(x="x:Q"),
                   label="bars", n=ipywidgets.IntSlider(1))  # fmt: skip
    data, metadata = view._repr_mimebundle_()
    assert WIDGET_VIEW in data and metadata[MARK] == {"still": True}
    assert data["text/plain"] == RUN_TO_EXPLORE == repr(view)
    still = data["text/html"]  # an image (what an untrusted output shows), put inline where outputs are trusted
    assert '<img data-tk-chart="1" src="data:image/svg+xml;base64,' in still and 'alt="bars"' in still
    assert "<svg" not in still and "<script>" in still


def test_a_lesson_explorer_shows_what_it_printed_and_drew_in_order_and_keeps_the_first_as_its_still():
    runs = []

    def run(seed, steps, trials):
        total = sum(1 for _ in steps(range(trials)))
        runs.append((seed, total))
        print(f"seed {seed}: {total} trials <b>")
        charts.show(alt.Chart(pl.DataFrame({"x": [total]})).mark_bar().encode(x="x:Q"))
        print("after the chart")

    trials = ipywidgets.IntSlider(5, min=1, max=50)
    view = charts.rerun(run, label="trials chart", trials=trials)
    first = view.picture.value
    assert runs == [(0, 5)] and (view.bar.value, view.bar.max) == (5, 5)
    assert first.index("seed 0: 5 trials &lt;b&gt;") < first.index("<svg") < first.index("after the chart")
    [again] = [child for child in view.children[0].children if isinstance(child, ipywidgets.Button)]
    again.click()
    trials.value = 7
    assert runs == [(0, 5), (1, 5), (1, 7)] and "seed 1: 7 trials" in view.picture.value
    data, metadata = view._repr_mimebundle_()
    still = data["text/html"]  # the first run, whatever the controls say now
    assert "seed 0: 5 trials" in still and "seed 1" not in still and RUN_TO_EXPLORE in html.unescape(still)
    assert still.index("seed 0: 5 trials") < still.index('alt="trials chart"') < still.index("after the chart")
    assert metadata[MARK] == {"still": True} and WIDGET_VIEW in data


def test_an_explorer_shows_markdown_as_html_not_as_the_objects_name():
    from IPython.display import Markdown

    view = charts.rerun(lambda seed, steps: charts.show(Markdown("| card | share |\n|---|--:|\n| **3** | 0.8 |")))
    picture = view.picture.value
    assert "<table>" in picture and "<strong>3</strong>" in picture and "Markdown object" not in picture
    assert "<table>" in view._repr_mimebundle_()[0]["text/html"]


def test_a_failing_run_says_so_in_the_status_line_and_frees_the_controls():
    trials = ipywidgets.IntSlider(2)
    view = charts.rerun(lambda seed, steps, trials: 1 / (trials - 1) and None, trials=trials)
    with pytest.raises(ZeroDivisionError):
        trials.value = 1
    assert "could not draw" in view.status.value and not trials.disabled


def test_simulate_reports_progress_to_a_function():
    seen = []
    simulate("lost-cities", games=3, rounds=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_the_bar_moves_in_fiftieths_not_once_a_trial():
    moves = []
    view = charts.rerun(
        lambda seed, steps, trials: sum(1 for _ in steps(range(trials))), trials=ipywidgets.IntSlider(5_000, max=10_000)
    )
    view.bar.observe(lambda change: moves.append(change["new"]), names=["value"])
    view.again()
    assert 2 <= len(moves) <= 52 and moves[-1] == view.bar.max == 5_000


def page_writes(widget, state: dict) -> None:
    """A trait write as the page sends it: an "update" comm message (see tests/widgets/page.py)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def sent_state(widget) -> dict:
    """What the page holds of a widget: its opening state, then every update sent to it."""
    state: dict = {}
    for message in widget.comm.sent:
        data = message["data"] or {}
        if message["type"] == "comm_open" or data.get("method") in ("update", "echo_update"):
            state.update(data.get("state", {}))
    return state


def test_a_page_raising_a_sliders_max_and_value_runs_nothing_and_sees_the_refusal():
    runs = []
    trials = charts.trials_slider(2_000)
    view = charts.rerun(lambda seed, steps, trials: runs.append(trials), trials=trials)
    assert runs == [2_000]
    page_writes(trials, {"max": 10**9, "value": 10**9})  # both in one message, as a crafted page can
    assert runs == [2_000]  # nothing ran
    assert "Not run" in view.status.value and "50,000" in view.status.value and "1,000,000,000" in view.status.value
    assert (trials.min, trials.max, trials.value) == (100, 50_000, 2_000)  # put back, in Python
    page = sent_state(trials)
    assert (page["max"], page["value"]) == (50_000, 2_000) and "Not run" in sent_state(view.status)["value"]
    page_writes(trials, {"min": -5, "value": -5})  # below the bottom too
    assert runs == [2_000] and trials.value == 2_000
    page_writes(trials, {"value": 3_000})  # a value within the bounds runs as before
    assert runs == [2_000, 3_000] and "Not run" not in view.status.value


def test_every_control_of_the_stored_lessons_keeps_the_bounds_python_gave_it():
    """The lessons and analyses build their controls through `rerun`/`explore`: each control's
    limits are read when the explorer is made, whatever the page writes later."""
    games = ipywidgets.IntSlider(60, min=20, max=400, step=20, description="games")
    players = ipywidgets.Dropdown(options=[2, 3, 4], value=3, description="players")
    runs = []

    def draw(games, players, progress):
        runs.append((games, players))
        return alt.Chart(pl.DataFrame({"x": [1]})).mark_bar()

    view = explore(draw, games=games, players=players)
    page_writes(games, {"max": 100_000})
    page_writes(games, {"value": 100_000})  # two messages: the raised max is not trusted either
    assert runs == [(60, 3)] and games.max == 400 and "Not run" in view.status.value
    page_writes(players, {"index": 2})
    assert runs[-1] == (60, 4)


@pytest.mark.parametrize(
    ("lang", "trials", "rollouts"), [("pl", "próby", "rozgrywki próbne"), ("sv", "försök", "simuleringar")]
)
def test_the_slider_and_the_bar_name_what_they_count_in_the_learners_language(lang, trials, rollouts):
    from kit.i18n import language

    def run(seed, steps, trials):
        for _ in steps(range(trials)):
            pass

    with language(lang):
        slider = charts.trials_slider(200)
        lesson = charts.rerun(run, label="x", trials=slider)
        advisor = charts.rerun(run, label="y", unit="rollouts", trials=charts.trials_slider(200))
    assert (slider.description, lesson.bar.description, advisor.bar.description) == (trials, trials, rollouts)
