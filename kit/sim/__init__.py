"""Simulation as data: many seeded games played by bots, as polars frames, with honest statistics.

A layer above the games and the bots: no game imports it. It needs the `sim` extra
(polars, scipy, tqdm, dask[distributed]).
"""
