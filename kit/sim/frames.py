"""Reshaping simulation frames for the usual questions."""

from __future__ import annotations

import polars as pl


def by_seat(games: pl.DataFrame) -> pl.DataFrame:
    """A record="games" frame as one row per seat: game, seed, players, seat, bot, score, won and
    win_share (1 for a sole winner, 1/k for each of k tied winners, 0 otherwise). Settings columns
    come along; the list columns go."""
    settings = [c for c in games.columns if c not in ("bots", "scores", "winners", "steps", "capped")]
    return (
        games.with_columns(seat=pl.int_ranges(0, pl.col("players")))
        .explode("seat", "bots", "scores")
        .with_columns(
            won=pl.col("winners").list.contains(pl.col("seat")),
            win_share=pl.when(pl.col("winners").list.contains(pl.col("seat")))
            .then(1 / pl.col("winners").list.len())
            .otherwise(0.0),
        )
        .rename({"bots": "bot", "scores": "score"})
        .select(*[c for c in settings if c != "seed"], "seed", "seat", "bot", "score", "won", "win_share")
    )
