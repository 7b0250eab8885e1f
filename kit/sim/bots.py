"""Bots by name, with named parameters: what a simulation asks for, in a form that travels to other
processes and Dask workers (names and numbers, not objects) and reads back from a command line.

    >>> bot("heuristic", start_threshold=18)      # a heuristic bot with one parameter changed
    BotSpec('heuristic(start_threshold=18)')
    >>> parse_bots("heuristic(start_threshold=18),random")
    [BotSpec('heuristic(start_threshold=18)'), BotSpec('random')]
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any

from .arguments import BadArgument


@dataclass(frozen=True)
class BotSpec:
    """A bot by name ("random", "heuristic", or a game's own) and its parameters, sorted by name."""

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        """The text in the frames' `bot` columns: the name, with parameters if any."""
        if not self.params:
            return self.name
        return f"{self.name}({', '.join(f'{k}={v!r}' for k, v in self.params)})"

    def __repr__(self) -> str:
        return f"BotSpec({self.label!r})"


def bot(name: str, **params: Any) -> BotSpec:
    """A bot for `simulate(bots=[...])`: ``bot("heuristic", keep_value=1.0)``."""
    return BotSpec(name, tuple(sorted(params.items())))


def as_spec(value: str | BotSpec) -> BotSpec:
    if isinstance(value, BotSpec):
        return value
    if isinstance(value, str):
        return parse_bot(value)
    raise BadArgument(f"a bot is a name such as 'heuristic' or kit.sim.bot(name, **params), not {value!r}")


_BOT = re.compile(r"\s*([a-z][a-z0-9_-]*)\s*(?:\((.*)\))?\s*$")


def parse_bot(text: str) -> BotSpec:
    """ "heuristic" or "heuristic(start_threshold=18, invest_threshold=30)" (values: Python literals)."""
    match = _BOT.match(text)
    if not match:
        raise BadArgument(f"cannot read the bot {text!r}: write a name, optionally with (name=value, ...)")
    name, inside = match.groups()
    params = {}
    if inside and inside.strip():
        try:
            call = ast.parse(f"f({inside})", mode="eval").body
            if not isinstance(call, ast.Call) or call.args:
                raise ValueError
            params = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords}
        except (SyntaxError, ValueError):
            raise BadArgument(f"cannot read the parameters of {text!r}: write them as name=value, ...") from None
    return bot(name, **params)


def parse_bots(text: str) -> list[BotSpec]:
    """A comma-separated list of bots; commas inside parentheses belong to parameters."""
    parts, depth, current = [], 0, ""
    for char in text:
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += (char == "(") - (char == ")")
        current += char
    parts.append(current)
    return [parse_bot(part) for part in parts if part.strip()]
