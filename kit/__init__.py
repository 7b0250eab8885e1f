"""tablekit's engines: pure Python, no Jupyter. One package per game on the shared `kit.core`."""
