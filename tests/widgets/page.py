"""The page's side of a board, as ipywidgets wires it: every message the kernel sends to the page
is kept (a recording comm), and clicks and trait writes arrive the way the front end sends them,
as comm messages through `Widget._handle_msg` (custom messages and "update" trait writes)."""

from __future__ import annotations

import json
from typing import Any

from comm import DummyComm


class PageComm(DummyComm):
    """A comm that keeps every message sent to the page, JSON-encoded as on the wire."""

    def __init__(self, *args, **kwargs):
        self.sent: list[dict[str, Any]] = []
        super().__init__(*args, **kwargs)

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        self.sent.append({"type": msg_type, "data": json.loads(json.dumps(data, default=str))})


class Page:
    """A board as its page sees and drives it."""

    def __init__(self, board):
        assert isinstance(board.comm, PageComm), "tests/widgets/conftest.py installs the recording comm"
        self.board = board

    @property
    def received(self) -> list[dict[str, Any]]:
        return self.board.comm.sent

    def send(self, content: Any) -> None:
        """A custom message, as `model.send(content)` in board.js."""
        self.board._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})

    def write(self, state: Any) -> None:
        """A trait write, as `model.set(name, value); model.save_changes()` in the page's JavaScript."""
        self.board._handle_msg(
            {"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []}
        )

    def raw(self, data: Any, buffers: list | None = None) -> None:
        """Any comm message at all."""
        self.board._handle_msg({"content": {"data": data}, "buffers": buffers or []})

    def model(self) -> dict[str, Any]:
        """The page's copy of the traits: the opening state, then every update and echo in order."""
        state: dict[str, Any] = {}
        for message in self.received:
            data = message["data"] or {}
            if message["type"] == "comm_open":
                state.update(data.get("state", {}))
            elif data.get("method") in ("update", "echo_update"):
                state.update(data["state"])
        return state

    def views(self) -> list[dict[str, Any]]:
        """Every view the page has received, oldest first."""
        views = []
        for message in self.received:
            data = message["data"] or {}
            state = data.get("state") if isinstance(data, dict) else None
            if isinstance(state, dict) and "view" in state:
                views.append(state["view"])
        return views
