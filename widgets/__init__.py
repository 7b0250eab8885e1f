"""tablekit's Jupyter layer: live boards (anywidget) driven by the engines in `kit`.

`widgets` imports `kit`; `kit` never imports `widgets`. The boards arrive with the board issues.
"""
