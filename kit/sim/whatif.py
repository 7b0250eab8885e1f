"""What if a component were different, or a bot bolder? Run the same games under each value.

    from kit.sim import vary
    vary(GAME, FIELD, values, component=(FILE, ROW, COLUMN), games=...)  # a component's value
    vary(GAME, PARAMETER, values, bot="heuristic", games=...)           # a parameter of its bot

(GAME: one of `kit.games.names()`; each game's registration in kit/sim/games/ runs one of each as
an example, and docs/simulation.md shows one for each game.)

Every value plays the same seeds (the same deals), so differences between values are not luck of
the deal: a paired comparison, the fairest small experiment.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import polars as pl

from .bots import BotSpec, as_spec
from .components import edited_copy
from .simulate import simulate


def vary(
    game: str,
    name: str,
    values: Iterable[Any],
    *,
    component: tuple[str, int, str] | None = None,
    bot: str | None = None,
    **simulate_options: Any,
) -> pl.DataFrame:
    """One frame of `simulate(game, ...)` runs, one per value, with the value in column `name` (a
    name the frame does not use already, e.g. "hotel_1A_beds").

    - component=(file, row, column): that cell of datasets/<game>/file (data rows counted from 0)
      takes each value in turn, e.g. ("price_cards.csv", 1, "price") or ("hotels.csv", 3, "beds").
    - bot="heuristic": every seat played by that bot gets parameter `name` = each value.
    Other keyword arguments go to `simulate` (games, seed, players, bots, record, executor...).
    """
    if (component is None) == (bot is None):
        raise ValueError("vary one thing: give either component=(file, row, column) or bot=<bot name>")
    frames = []
    for value in values:
        options = dict(simulate_options)
        if component is not None:
            file, row, column = component
            options["components"] = edited_copy(game, {(file, row, column): value}, options.get("components"))
        else:
            specs = [as_spec(b) for b in options.get("bots", ("heuristic", "random"))]
            if not any(spec.name == bot for spec in specs):
                raise ValueError(f"no {bot!r} bot among {[s.label for s in specs]}")
            options["bots"] = [_with(spec, name, value) if spec.name == bot else spec for spec in specs]
        frame = simulate(game, **options)
        if name in frame.columns:
            raise ValueError(f"the frame already has a column {name!r}: call the varied value something else")
        frames.append(frame.with_columns(pl.lit(value).alias(name)).select(name, *frame.columns))
    return pl.concat(frames, how="vertical")


def _with(spec: BotSpec, name: str, value: Any) -> BotSpec:
    params = dict(spec.params)
    params[name] = value
    return BotSpec(spec.name, tuple(sorted(params.items())))
