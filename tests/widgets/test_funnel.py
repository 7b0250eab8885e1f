"""The funnel widget (widgets/funnel.py) as its page sees it: a run grows chunk by chunk as the page
asks for more, the page chooses only among what Python offered, and its trait writes are refused."""

from __future__ import annotations

import math

import pytest

from widgets.funnel import CHUNK, RUN_TO_EXPLORE, Funnel, Source
from widgets.still import MARK, WIDGET_VIEW

from .page import Page


def coin(count: int, seed: int) -> list[int]:
    """A stand-in engine: deterministic in (count, seed), so that a run can be checked exactly."""
    return [(seed * 7 + i * 3) % 2 for i in range(count)]


def dice(count: int, seed: int) -> list[int]:
    return [1 + (seed + i * 5) % 6 for i in range(count)]


@pytest.fixture
def funnel() -> Funnel:
    return Funnel([Source("coin", coin, 0.5, 0.25), Source("die", dice, 3.5, 35 / 12)], trials=(100, 200, 400))


def test_the_first_run_is_drawn_at_once_with_its_band_and_caption(funnel):
    view = funnel.view
    assert view["shown"] == view["total"] == 200 and not view["running"]
    assert view["points"][-1][0] == 200
    n, low, high = view["band"][-1]
    assert (n, high - low) == (200, pytest.approx(4 * math.sqrt(0.25 / 200), abs=1e-4))
    assert "n = 200 trials" in view["caption"] and "σ = 0.500" in view["caption"]


def test_a_run_grows_one_chunk_per_more_message_until_its_trials_are_done(funnel):
    page = Page(funnel)
    page.send({"kind": "run", "source": "die", "trials": 400})
    assert funnel.view["shown"] == 0 and funnel.view["running"] and funnel.view["source"] == "die"
    shown = []
    for _ in range(400 // CHUNK + 3):  # more messages than chunks: the extra ones add nothing
        page.send({"kind": "more"})
        shown.append(funnel.view["shown"])
    assert shown[: 400 // CHUNK] == list(range(CHUNK, 401, CHUNK)) and shown[-1] == 400
    assert not funnel.view["running"] and funnel.message == ""
    # the same run whatever the pace: the running mean equals the mean of the chunks' values
    values = [v for chunk in range(400 // CHUNK) for v in dice(CHUNK, chunk)]
    assert funnel.view["points"][-1][1] == pytest.approx(sum(values) / 400, abs=1e-5)
    assert page.views()[-1]["shown"] == 400  # the page received it


def test_again_takes_a_new_seed_and_keeps_the_choices(funnel):
    page = Page(funnel)
    first = funnel.view["points"]
    page.send({"kind": "again"})
    while funnel.view["running"]:
        page.send({"kind": "more"})
    assert funnel.seed == 1 and funnel.view["source"] == "coin" and funnel.view["total"] == 200
    assert funnel.view["points"] != first


@pytest.mark.parametrize(
    "message",
    [
        {"kind": "run", "source": "dice", "trials": 200},
        {"kind": "run", "source": "coin", "trials": 10**9},
        {"kind": "run", "source": "coin", "trials": True},
        {"kind": "run", "source": "coin", "trials": "200"},
        {"kind": "run", "source": "coin", "trials": 200, "seed": 5},
        {"kind": "more", "trials": 10**6},
        {"kind": "again", "seed": 3},
        {"kind": "reveal"},
        "run",
        ["run"],
    ],
)
def test_a_message_outside_what_python_offered_is_refused_and_changes_nothing(funnel, message):
    page = Page(funnel)
    before = dict(funnel.view)
    page.send(message)
    assert funnel.message.startswith("Not accepted from the page:")
    assert funnel.view == before and funnel.seed == 0


def test_the_page_writes_no_trait(funnel):
    page = Page(funnel)
    before = dict(funnel.view)
    page.write({"view": {**before, "total": 10**9, "running": True}})
    assert funnel.view == before and "may not write" in funnel.message
    assert page.model()["view"] == before  # the page's copy is set back
    page.send({"kind": "more"})  # the forged "running" starts nothing
    assert funnel.view == before


def test_the_stored_output_is_a_still_picture_of_the_first_run(funnel):
    data, metadata = funnel._repr_mimebundle_()
    assert data["text/plain"] == RUN_TO_EXPLORE and metadata[MARK] == {"still": True}
    assert '<img data-tk-chart="1" src="data:image/svg+xml;base64,' in data["text/html"]
    assert RUN_TO_EXPLORE in data["text/html"] and WIDGET_VIEW in data
