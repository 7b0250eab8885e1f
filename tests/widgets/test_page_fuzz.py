"""Fuzzing the boards from the page's side: random custom messages, trait writes and comm envelopes,
as the front end would send them (see page.py), at several positions of each game.

Every malformed input must get the one promised answer — an on-board error starting "Not accepted
from the page: " — and change nothing: the game's save text, the viewer's view and log, and the
page's own copy of every trait it tried to write (set back to Python's value). Well-formed messages
the game refuses (an illegal action, an undo past a reveal, ...) must show an error and change
nothing too. 2,000 examples per game and suite, a few seconds each."""

from __future__ import annotations

import copy
import json
import os
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from widgets.base import GameBoard
from widgets.lostcities import LostCitiesBoard
from widgets.overbooking import OverbookingBoard
from widgets.samoa import SamoaBoard

from .page import Page

REFUSED = "Not accepted from the page: "
EXAMPLES = int(os.environ.get("TABLEKIT_FUZZ_EXAMPLES", 2000))
BOARDS = {"lost-cities": LostCitiesBoard, "samoa": SamoaBoard, "overbooking": OverbookingBoard}


def advance(board: GameBoard, steps: int) -> GameBoard:
    page = Page(board)
    for _ in range(steps):
        if board.game.is_over:
            break
        if board.handover:
            page.send({"kind": "take-over"})
        page.send({"kind": "act", "action": board.view["legal_actions"][-1]})
    return board


@cache
def positions(game: str) -> tuple[GameBoard, ...]:
    """Boards at several places of one game: fresh and mid-game in every mode, on the pass-the-device
    screen and with a hand showing, with peeking allowed, and (Lost Cities) a finished game."""
    make = BOARDS[game]
    boards = [
        make(seed=3),
        advance(make(seed=4), 3),
        make(seed=5, mode="hotseat"),
        advance(make(seed=6, mode="hotseat"), 3),
        advance(make(seed=7, mode="open"), 5),
        advance(make(seed=8, human=1, allow_peeking=True), 2),
        make(),  # an unguessable seed the page must not learn
    ]
    hot = advance(make(seed=9, mode="hotseat"), 4)
    if hot.handover:
        Page(hot).send({"kind": "take-over"})
    boards.append(hot)
    if game == "lost-cities":
        boards.append(advance(make(seed=10, rounds=1), 200))
        assert boards[-1].game.is_over
    return tuple(boards)


_before: dict[int, tuple[dict, dict]] = {}


def unchanged_snapshot(board: GameBoard) -> tuple[dict, dict]:
    """`snapshot` of a board the fuzz has not changed (asserted after every example), made once and
    deep-copied, so that a change made in place would show too."""
    if id(board) not in _before:
        _before[id(board)] = copy.deepcopy(snapshot(board))
    return _before[id(board)]


def snapshot(board: GameBoard) -> tuple[dict, dict]:
    """The game (its save, as `dumps` would write it) and what the viewer sees (view, log, and
    every other synced trait, as sent to the page)."""
    state = board.get_state()
    del state["message"], state["message_kind"]
    return board.game.save(), state


# ------------------------------------------------------------------------ strategies
scalars = (
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(["²", "٣", "1" * 5000, "-0", "", "open", "bot", "hotseat", "heuristic", "draw deck"])
    | st.integers(min_value=2**53, max_value=10**30)
)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=4,
)
non_dicts = scalars | st.lists(json_values, max_size=3)
KINDS = ["act", "undo", "new", "take-over", "bot-move", "next-step", "all-steps"]


def _good_seed(seed) -> bool:
    try:
        GameBoard._page_seed(seed)
    except ValueError:
        return False
    return True


@st.composite
def bad_messages(draw, board: GameBoard):
    """A custom message the board's schema refuses."""
    kinds = board.message_kinds
    shape = draw(st.sampled_from(["not-a-dict", "no-kind", "bad-kind", "extra-key", "bad-action", "bad-seed",
                                  "take-over"]))
    if shape == "not-a-dict":
        return draw(non_dicts)
    if shape == "no-kind":
        return draw(st.dictionaries(st.text(max_size=6).filter(lambda k: k != "kind"), json_values, max_size=3))
    if shape == "bad-kind":
        kind = draw(json_values.filter(lambda k: not (isinstance(k, str) and k in kinds)))
        return {"kind": kind, **draw(st.dictionaries(st.sampled_from(["action", "seed"]), json_values, max_size=2))}
    if shape == "extra-key":
        kind = draw(st.sampled_from(sorted(kinds)))
        key = draw(st.text(max_size=8).filter(lambda k: k != "kind" and k not in kinds[kind]))
        return {"kind": kind, key: draw(json_values)}
    if shape == "bad-action":
        action = draw(json_values.filter(lambda a: not isinstance(a, str)) | st.just("") | st.just("x" * 201))
        return {"kind": "act", "action": action}
    if shape == "bad-seed":
        return {"kind": "new", "seed": draw(json_values.filter(lambda s: not _good_seed(s)))}
    assume(not (board.mode == "hotseat" and board.handover))
    return {"kind": "take-over"}


@st.composite
def bad_writes(draw, board: GameBoard):
    """A trait write from the page that must be refused as a whole."""
    shape = draw(st.sampled_from(["forbidden", "unknown", "bad-value", "not-a-dict"]))
    if shape == "not-a-dict":
        return draw(non_dicts)
    state = draw(st.dictionaries(st.sampled_from(["mode", "bot"]), st.sampled_from(["open", "bot", "random"])))
    if shape == "forbidden":
        name = draw(st.sampled_from(sorted(set(board.keys) - {"mode", "bot"})))
    elif shape == "unknown":
        name = draw(st.text(max_size=10).filter(lambda n: n not in board.keys))
    else:
        name = draw(st.sampled_from(["mode", "bot"]))
        allowed = ("bot", "hotseat", "open") if name == "mode" else tuple(board.bots)
        state[name] = draw(json_values.filter(lambda v: not (isinstance(v, str) and v in allowed)))
        return state
    state[name] = draw(json_values)
    return state


bad_envelopes = st.one_of(
    non_dicts,
    st.dictionaries(st.sampled_from(["state", "content", "buffer_paths"]), json_values, max_size=3),
    st.builds(lambda m, s: {"method": m, "state": s}, st.text(max_size=8).filter(
        lambda m: m not in ("update", "request_state", "custom")), json_values),
    st.builds(lambda s: {"method": "update", "state": s}, non_dicts),
    st.builds(lambda s, p: {"method": "update", "state": s, "buffer_paths": p},
              st.dictionaries(st.sampled_from(["mode", "bot", "human"]), json_values, max_size=2),
              st.lists(st.lists(st.text(max_size=4) | st.integers(), min_size=1, max_size=2), min_size=1, max_size=2)),
)


def on_the_wire(board: GameBoard, name: str):
    return json.loads(json.dumps(board.get_state(name)[name], default=str))


def check_refused(board: GameBoard, before: tuple[dict, dict], written=()) -> None:
    assert board.message_kind == "error" and board.message.startswith(REFUSED), board.message
    assert snapshot(board) == before
    page = Page(board)
    for message in page.received:  # whatever reached the page shows the state as it was
        state = message["data"].get("state") if isinstance(message["data"], dict) else None
        if message["data"].get("method") == "update" and isinstance(state, dict):
            for name, value in state.items():
                if name in board.keys and name not in ("message", "message_kind"):
                    assert value == on_the_wire(board, name), name
    for name in written:  # the page's copy of a refused trait is set back to Python's value
        if name in board.keys:
            updates = [m["data"]["state"][name] for m in page.received
                       if m["data"].get("method") == "update" and name in m["data"]["state"]]
            assert updates and updates[-1] == on_the_wire(board, name)


FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                               HealthCheck.filter_too_much])


@pytest.mark.parametrize("game", sorted(BOARDS))
@FUZZ
@given(data=st.data())
def test_every_malformed_page_input_is_refused_and_changes_nothing(game, data):
    board = data.draw(st.sampled_from(positions(game)), label="position")
    kind = data.draw(st.sampled_from(["message", "write", "envelope"]), label="kind")
    before = unchanged_snapshot(board)
    board.comm.sent.clear()
    page = Page(board)
    if kind == "message":
        page.send(data.draw(bad_messages(board), label="message"))
        check_refused(board, before)
    elif kind == "write":
        state = data.draw(bad_writes(board), label="state")
        page.write(state)
        check_refused(board, before, written=state if isinstance(state, dict) else ())
    else:
        page.raw(data.draw(bad_envelopes, label="envelope"))
        check_refused(board, before)


@pytest.mark.parametrize("game", sorted(BOARDS))
@settings(FUZZ, max_examples=EXAMPLES // 5)
@given(data=st.data())
def test_well_formed_messages_the_game_refuses_change_nothing(game, data):
    """Illegal action texts, a bot move outside the open mode, an undo that may not happen: the board
    shows the engine's or its own error, and the game and view stay as they were."""
    board = data.draw(st.sampled_from(positions(game)), label="position")
    legal = set(board.view.get("legal_actions", []))
    texts = st.text(min_size=1, max_size=30) | st.sampled_from(sorted(legal) or ["pass"]).map(lambda a: a + " x")
    message = data.draw(
        st.one_of(
            st.builds(lambda a: {"kind": "act", "action": a}, texts),
            st.just({"kind": "bot-move"}),
            st.just({"kind": "undo"}),
        ),
        label="message",
    )
    probe = board.game.clone()
    if message["kind"] == "act":
        try:
            probe.apply(message["action"])
        except Exception:  # noqa: BLE001 - any refusal will do: the board must show it
            pass
        else:
            assume(board.handover or (board.mode == "bot" and board.game.current_player != board.human))
    else:
        assume(message["kind"] != "bot-move" or board.mode != "open" or board.game.is_over)
        assume(message["kind"] != "undo" or not _undo_allowed(board))
    before = unchanged_snapshot(board)
    board.comm.sent.clear()
    Page(board).send(message)
    assert board.message_kind == "error" and board.message
    assert snapshot(board) == before


def _undo_allowed(board: GameBoard) -> bool:
    try:
        start = board._undo_start()
    except ValueError:
        return False
    return board.mode == "open" or board.game.first_reveal(start) is None
