"""The analyses behind the notebooks, built on `kit.sim`: each returns polars frames that carry n
(and, through `kit.sim.stats`, 95% intervals), so a notebook only draws them."""
